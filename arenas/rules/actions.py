"""Actions a player takes (frozen, JSON round-trip) and the error for an illegal one."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TypedDict

from common.data.rules_api import IllegalAction, action_id, action_int, json_enum

__all__ = ["Action", "ActionJSON", "IllegalAction", "PlayCard", "PlayWild", "WildMode", "action_from_json"]


class WildMode(StrEnum):
    """What a wild card does: activate a timer on the path, or recover a lost one."""

    ACTIVATE = "activate"
    RECOVER = "recover"


class CardJSON(TypedDict):
    """The JSON form of `PlayCard`."""

    type: Literal["card"]
    player: int
    hand_index: int


class WildJSON(TypedDict):
    """The JSON form of `PlayWild`."""

    type: Literal["wild"]
    player: int
    hand_index: int
    mode: str
    timer: str


ActionJSON = CardJSON | WildJSON


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play the colour or shape card at `hand_index` of `player`'s hand."""

    player: int
    hand_index: int

    def to_json(self) -> CardJSON:
        """The action as a JSON-able dict."""
        return {"type": "card", "player": self.player, "hand_index": self.hand_index}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> PlayCard:
        """Inverse of `to_json`; ValueError (one line) if `data` is bad."""
        return cls(action_int(data, "player"), action_int(data, "hand_index"))


@dataclass(frozen=True, slots=True)
class PlayWild:
    """Play the wild card at `hand_index`: activate a timer on the path, or recover a lost one."""

    player: int
    hand_index: int
    mode: WildMode
    timer: str

    def to_json(self) -> WildJSON:
        """The action as a JSON-able dict."""
        return {"type": "wild", "player": self.player, "hand_index": self.hand_index,
                "mode": str(self.mode), "timer": self.timer}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> PlayWild:
        """Inverse of `to_json`; ValueError (one line) if `data` is bad."""
        mode = json_enum(data.get("mode"), "action field 'mode'", WildMode)
        return cls(action_int(data, "player"), action_int(data, "hand_index"), mode, action_id(data, "timer"))


Action = PlayCard | PlayWild


def action_from_json(data: object) -> Action:
    """Build an action from its `to_json` dict; ValueError (one line) if `data` is bad."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a JSON object, got {data!r}")
    match data.get("type"):
        case "card":
            return PlayCard.from_json(data)
        case "wild":
            return PlayWild.from_json(data)
        case kind:
            raise ValueError(f"unknown action type {kind!r}")
