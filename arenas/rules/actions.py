"""Actions a player takes (frozen, JSON round-trip) and the error for an illegal one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WILD_MODES = ("activate", "recover")


class IllegalAction(Exception):
    """The action cannot be taken now; `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _field_int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"action field {key!r}: expected an integer, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play the colour or shape card at `hand_index` of `player`'s hand."""

    player: int
    hand_index: int

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "card", "player": self.player, "hand_index": self.hand_index}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PlayCard":
        """Inverse of `to_json`; ValueError (one line) if `data` is bad."""
        return cls(_field_int(data, "player"), _field_int(data, "hand_index"))


@dataclass(frozen=True, slots=True)
class PlayWild:
    """Play the wild card at `hand_index`: activate a timer on the path, or recover a lost one."""

    player: int
    hand_index: int
    mode: str
    timer: str

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-able dict."""
        return {"type": "wild", "player": self.player, "hand_index": self.hand_index,
                "mode": self.mode, "timer": self.timer}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PlayWild":
        """Inverse of `to_json`; ValueError (one line) if `data` is bad."""
        mode, timer = data.get("mode"), data.get("timer")
        if mode not in WILD_MODES:
            raise ValueError(f"action field 'mode': expected 'activate' or 'recover', got {mode!r}")
        if not isinstance(timer, str):
            raise ValueError(f"action field 'timer': expected a timer id, got {timer!r}")
        return cls(_field_int(data, "player"), _field_int(data, "hand_index"), mode, timer)


Action = PlayCard | PlayWild


def action_from_json(data: Any) -> Action:
    """Build an action from its `to_json` dict; ValueError (one line) if `data` is bad."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    if kind == "card":
        return PlayCard.from_json(data)
    if kind == "wild":
        return PlayWild.from_json(data)
    raise ValueError(f"unknown action type {kind!r}")
