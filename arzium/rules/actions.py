"""Actions a player takes (frozen, JSON round-trip) and the error for an illegal one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.rules_api import (
    IllegalAction,
    action_id,
    action_int,
    action_int_list,
    action_opt_id,
    action_opt_int,
)

__all__ = ["ACTION_TYPES", "Action", "Bid", "Buy", "IllegalAction", "PassBid", "RestEarly", "Search", "SkipBuy",
           "SkipSearch", "UsePurse", "UseSlide", "UseWake", "action_from_json"]


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
    def from_json(cls, data: dict[str, Any]) -> Search:
        """Inverse of `to_json`; ValueError (one line) if `data` is bad."""
        return cls(action_id(data, "card"), action_int(data, "anchor"), action_int_list(data, "blanks"),
                   action_opt_id(data, "turn_artifact"), action_opt_id(data, "free_blank_artifact"),
                   action_opt_int(data, "free_blank"), action_opt_id(data, "displace_artifact"),
                   action_opt_int(data, "displace_square"))


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


Action = RestEarly | Search | SkipSearch | UsePurse | UseSlide | UseWake | Bid | PassBid | Buy | SkipBuy
ACTION_TYPES = (RestEarly, Search, SkipSearch, UsePurse, UseSlide, UseWake, Bid, PassBid, Buy, SkipBuy)


def action_from_json(data: Any) -> Action:
    """Build an action from its `to_json` dict; ValueError (one line) if `data` is bad."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a JSON object, got {data!r}")
    match data.get("type"):
        case "rest":
            return RestEarly()
        case "search":
            return Search.from_json(data)
        case "skip_search":
            return SkipSearch()
        case "purse":
            return UsePurse(action_id(data, "artifact"))
        case "slide":
            return UseSlide(action_id(data, "artifact"), action_int(data, "src"), action_int(data, "dst"))
        case "wake":
            return UseWake(action_id(data, "artifact"), action_id(data, "card"))
        case "bid":
            return Bid(action_int(data, "amount"))
        case "pass_bid":
            return PassBid()
        case "buy":
            return Buy(action_id(data, "artifact"))
        case "skip_buy":
            return SkipBuy()
        case kind:
            raise ValueError(f"unknown action type {kind!r}")
