"""Actions a player takes (frozen, JSON round-trip) and the error for an illegal one."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypedDict

from common.data.rules_api import (
    IllegalAction,
    action_id,
    action_int,
    action_int_list,
    action_opt_id,
    action_opt_int,
    json_list,
)

__all__ = ["ACTION_TYPES", "Action", "ActionJSON", "Bid", "Buy", "IllegalAction", "PassBid", "ResolveClaims",
           "RestEarly", "Search", "SkipBuy", "SkipSearch", "UsePurse", "UseSlide", "UseWake", "action_from_json"]


class PlainJSON(TypedDict):
    """The JSON form of an action without fields."""

    type: Literal["rest", "skip_search", "claims", "pass_bid", "skip_buy"]


class SearchJSON(TypedDict):
    """The JSON form of `Search`."""

    type: Literal["search"]
    card: str
    anchor: int
    blanks: list[int]
    turn_artifacts: list[str]
    free_blank_artifacts: list[str]
    free_blanks: list[int]
    displace_artifacts: list[str]
    displace_squares: list[int]


class ArtifactJSON(TypedDict):
    """The JSON form of `UsePurse` and `Buy`: the artifact used or bought."""

    type: Literal["purse", "buy"]
    artifact: str


class SlideJSON(TypedDict):
    """The JSON form of `UseSlide`."""

    type: Literal["slide"]
    artifact: str
    src: int
    dst: int


class WakeJSON(TypedDict):
    """The JSON form of `UseWake`."""

    type: Literal["wake"]
    artifact: str
    card: str


class BidJSON(TypedDict):
    """The JSON form of `Bid`."""

    type: Literal["bid"]
    amount: int


ActionJSON = PlainJSON | SearchJSON | ArtifactJSON | SlideJSON | WakeJSON | BidJSON


@dataclass(frozen=True, slots=True)
class RestEarly:
    """At the start of the turn: pay 1 coin per face-up character, turn everything face up."""

    def to_json(self) -> PlainJSON:
        """The action as a JSON-able dict."""
        return {"type": "rest"}


@dataclass(frozen=True, slots=True)
class Search:
    """Use face-up character `card`: place its pattern with its marker bounding box at `anchor`.

    `blanks` are indices (reading order of the pattern's ``B`` squares) of blanks to fill, 2 coins
    each, except `free_blanks` (some of `blanks`), each paid by the Free blank artifact at the same
    position of `free_blank_artifacts`. Each of `turn_artifacts` turns the pattern 90 degrees
    clockwise (two: 180). With `displace_artifacts[k]` the marker on `displace_squares[k]` (a marker
    square or a chosen blank holding another player's marker) is replaced by the player's.

    JSON: every artifact field is a list; the single-id form of replays and saves before replay
    format 2 (``turn_artifact``, ``free_blank_artifact``, ``free_blank``, ``displace_artifact``,
    ``displace_square``: one value or null) reads as one-element tuples (or empty ones).
    """

    card: str
    anchor: int
    blanks: tuple[int, ...] = ()
    turn_artifacts: tuple[str, ...] = ()
    free_blank_artifacts: tuple[str, ...] = ()
    free_blanks: tuple[int, ...] = ()
    displace_artifacts: tuple[str, ...] = ()
    displace_squares: tuple[int, ...] = ()

    @property
    def artifacts(self) -> tuple[str, ...]:
        """Every artifact the search turns face down."""
        return self.turn_artifacts + self.free_blank_artifacts + self.displace_artifacts

    def to_json(self) -> SearchJSON:
        """The action as a JSON-able dict."""
        return {"type": "search", "card": self.card, "anchor": self.anchor, "blanks": list(self.blanks),
                "turn_artifacts": list(self.turn_artifacts),
                "free_blank_artifacts": list(self.free_blank_artifacts), "free_blanks": list(self.free_blanks),
                "displace_artifacts": list(self.displace_artifacts),
                "displace_squares": list(self.displace_squares)}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Search:
        """Inverse of `to_json` (the old single-id form too); ValueError (one line) if `data` is bad."""
        return cls(action_id(data, "card"), action_int(data, "anchor"), action_int_list(data, "blanks"),
                   _ids(data, "turn_artifacts", "turn_artifact"),
                   _ids(data, "free_blank_artifacts", "free_blank_artifact"),
                   _ints(data, "free_blanks", "free_blank"),
                   _ids(data, "displace_artifacts", "displace_artifact"),
                   _ints(data, "displace_squares", "displace_square"))


def _ids(data: Mapping[str, object], key: str, old: str) -> tuple[str, ...]:
    """A list-of-ids field, or the single id (or null) of its pre-format-2 name."""
    if key in data:
        items = json_list(data[key], f"action field {key!r}")
        return tuple(action_id({key: v}, key) for v in items)
    single = action_opt_id(data, old)
    return () if single is None else (single,)


def _ints(data: Mapping[str, object], key: str, old: str) -> tuple[int, ...]:
    """A list-of-integers field, or the single integer (or null) of its pre-format-2 name."""
    if key in data:
        return action_int_list(data, key)
    single = action_opt_int(data, old)
    return () if single is None else (single,)


@dataclass(frozen=True, slots=True)
class SkipSearch:
    """Give up the search: only legal when no face-up character fits anywhere on the map."""

    def to_json(self) -> PlainJSON:
        """The action as a JSON-able dict."""
        return {"type": "skip_search"}


@dataclass(frozen=True, slots=True)
class ResolveClaims:
    """After the search: use no more artifacts this turn; the full land cards are claimed now."""

    def to_json(self) -> PlainJSON:
        """The action as a JSON-able dict."""
        return {"type": "claims"}


@dataclass(frozen=True, slots=True)
class UsePurse:
    """Turn a Purse artifact face down: gain 1 coin (before or after the search, or to afford a buy)."""

    artifact: str

    def to_json(self) -> ArtifactJSON:
        """The action as a JSON-able dict."""
        return {"type": "purse", "artifact": self.artifact}


@dataclass(frozen=True, slots=True)
class UseSlide:
    """Turn a Slide artifact face down: move the marker on `src` to the adjacent empty `dst`."""

    artifact: str
    src: int
    dst: int

    def to_json(self) -> SlideJSON:
        """The action as a JSON-able dict."""
        return {"type": "slide", "artifact": self.artifact, "src": self.src, "dst": self.dst}


@dataclass(frozen=True, slots=True)
class UseWake:
    """Turn a Wake artifact face down: flip one of your characters."""

    artifact: str
    card: str

    def to_json(self) -> WakeJSON:
        """The action as a JSON-able dict."""
        return {"type": "wake", "artifact": self.artifact, "card": self.card}


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid `amount` coins in a tie for a full land card."""

    amount: int

    def to_json(self) -> BidJSON:
        """The action as a JSON-able dict."""
        return {"type": "bid", "amount": self.amount}


@dataclass(frozen=True, slots=True)
class PassBid:
    """Do not raise in a tie bidding."""

    def to_json(self) -> PlainJSON:
        """The action as a JSON-able dict."""
        return {"type": "pass_bid"}


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy an artifact from the row (full game, end of turn)."""

    artifact: str

    def to_json(self) -> ArtifactJSON:
        """The action as a JSON-able dict."""
        return {"type": "buy", "artifact": self.artifact}


@dataclass(frozen=True, slots=True)
class SkipBuy:
    """End the turn without buying."""

    def to_json(self) -> PlainJSON:
        """The action as a JSON-able dict."""
        return {"type": "skip_buy"}


Action = (RestEarly | Search | SkipSearch | ResolveClaims | UsePurse | UseSlide | UseWake | Bid | PassBid | Buy
          | SkipBuy)
ACTION_TYPES = (RestEarly, Search, SkipSearch, ResolveClaims, UsePurse, UseSlide, UseWake, Bid, PassBid, Buy,
                SkipBuy)


def action_from_json(data: object) -> Action:
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
        case "claims":
            return ResolveClaims()
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
