"""Actions a player takes (frozen, JSON round-trip) and the error for an illegal one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union


class IllegalAction(Exception):
    """The action cannot be taken now; `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _int(data: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = data.get(key)
    if optional and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"action field {key!r}: expected an integer, got {value!r}")
    return value


def _str(data: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = data.get(key)
    if optional and value is None:
        return None
    if not isinstance(value, str) or not value:
        raise ValueError(f"action field {key!r}: expected an id string, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class RestEarly:
    """At the start of the turn: pay 1 coin per face-up character, turn everything face up."""

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "rest"}


@dataclass(frozen=True, slots=True)
class Search:
    """Use face-up character `card`: place its pattern with its marker bounding box at `anchor`.

    `blanks` are indices (reading order of the pattern's ``B`` squares) of blanks to fill, 2 coins
    each, except `free_blank` (one of `blanks`) when paid by `free_blank_artifact`.
    `turn_artifact` turns the pattern 90 degrees clockwise. `displace_artifact` lets the marker on
    `displace_square` (a marker square or a chosen blank holding another player's marker) replace it.
    """

    card: str
    anchor: int
    blanks: tuple[int, ...] = ()
    turn_artifact: str | None = None
    free_blank_artifact: str | None = None
    free_blank: int | None = None
    displace_artifact: str | None = None
    displace_square: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "search", "card": self.card, "anchor": self.anchor, "blanks": list(self.blanks),
                "turn_artifact": self.turn_artifact, "free_blank_artifact": self.free_blank_artifact,
                "free_blank": self.free_blank, "displace_artifact": self.displace_artifact,
                "displace_square": self.displace_square}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Search":
        """Inverse of `to_json`; ValueError (one line) if `data` is bad."""
        blanks = data.get("blanks", [])
        if not isinstance(blanks, list) or any(isinstance(b, bool) or not isinstance(b, int) for b in blanks):
            raise ValueError(f"action field 'blanks': expected a list of integers, got {blanks!r}")
        return cls(_str(data, "card"), _int(data, "anchor"), tuple(blanks),
                   _str(data, "turn_artifact", True), _str(data, "free_blank_artifact", True),
                   _int(data, "free_blank", True), _str(data, "displace_artifact", True),
                   _int(data, "displace_square", True))


@dataclass(frozen=True, slots=True)
class SkipSearch:
    """Give up the search: only legal when no face-up character fits anywhere on the map."""

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "skip_search"}


@dataclass(frozen=True, slots=True)
class UsePurse:
    """Turn a Purse artifact face down: gain 1 coin."""

    artifact: str

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "purse", "artifact": self.artifact}


@dataclass(frozen=True, slots=True)
class UseSlide:
    """Turn a Slide artifact face down: move the marker on `src` to the adjacent empty `dst`."""

    artifact: str
    src: int
    dst: int

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "slide", "artifact": self.artifact, "src": self.src, "dst": self.dst}


@dataclass(frozen=True, slots=True)
class UseWake:
    """Turn a Wake artifact face down: flip one of your characters."""

    artifact: str
    card: str

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "wake", "artifact": self.artifact, "card": self.card}


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid `amount` coins in a tie for a full land card."""

    amount: int

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "bid", "amount": self.amount}


@dataclass(frozen=True, slots=True)
class PassBid:
    """Do not raise in a tie bidding."""

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "pass_bid"}


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy an artifact from the row (full game, end of turn)."""

    artifact: str

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "buy", "artifact": self.artifact}


@dataclass(frozen=True, slots=True)
class SkipBuy:
    """End the turn without buying."""

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "skip_buy"}


Action = Union[RestEarly, Search, SkipSearch, UsePurse, UseSlide, UseWake, Bid, PassBid, Buy, SkipBuy]


def action_from_json(data: Any) -> Action:
    """Build an action from its `to_json` dict; ValueError (one line) if `data` is bad."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "rest":
        return RestEarly()
    if kind == "search":
        return Search.from_json(data)
    if kind == "skip_search":
        return SkipSearch()
    if kind == "purse":
        return UsePurse(_str(data, "artifact"))
    if kind == "slide":
        return UseSlide(_str(data, "artifact"), _int(data, "src"), _int(data, "dst"))
    if kind == "wake":
        return UseWake(_str(data, "artifact"), _str(data, "card"))
    if kind == "bid":
        return Bid(_int(data, "amount"))
    if kind == "pass_bid":
        return PassBid()
    if kind == "buy":
        return Buy(_str(data, "artifact"))
    if kind == "skip_buy":
        return SkipBuy()
    raise ValueError(f"unknown action type {kind!r}")
