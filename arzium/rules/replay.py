"""Replays: re-running a game from its setup, seed and actions, and the replay file format.

A replay file is a JSON object::

    {"game": "arzium", "format": 1, "setup": {...Setup.to_dict()...}, "seed": 7,
     "actions": [{"type": "search", "card": "scout-red", "anchor": 14, ...}, ...]}

Card data is not stored: a replay plays with the shipped card set of its version.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arzium.rules.actions import Action, IllegalAction, action_from_json
from arzium.rules.engine import apply
from arzium.rules.events import Event
from arzium.rules.state import GameState, Setup, SetupError, new_game
from common.jsonio import write_json_atomic

REPLAY_GAME = "arzium"
REPLAY_FORMAT = 1


class ReplayError(ValueError):
    """A replay file is unreadable, truncated, of another game or format, or malformed (one line)."""


def run_replay(setup: Setup, seed: int, actions: list[Action] | tuple[Action, ...]) -> tuple[GameState, list[Event]]:
    """Replay a game; the final state and every event. `IllegalAction` "action N: reason" (N from 1)."""
    state = new_game(setup, seed)
    events: list[Event] = []
    for n, action in enumerate(actions, start=1):
        try:
            events.extend(apply(state, action))
        except IllegalAction as exc:
            raise IllegalAction(f"action {n}: {exc.reason}") from None
    return state, events


@dataclass(frozen=True)
class Replay:
    """Everything needed to re-run a game exactly."""

    setup: Setup
    seed: int
    actions: tuple[Action, ...]

    def run(self) -> tuple[GameState, list[Event]]:
        """The replayed state and events (see `run_replay`)."""
        return run_replay(self.setup, self.seed, self.actions)

    def to_dict(self) -> dict[str, Any]:
        """The replay file's JSON object."""
        return {"game": REPLAY_GAME, "format": REPLAY_FORMAT, "setup": self.setup.to_dict(), "seed": self.seed,
                "actions": [a.to_json() for a in self.actions]}

    @classmethod
    def from_dict(cls, data: Any, source: str = "<replay>") -> "Replay":
        """Check a replay file's object; `ReplayError` (one line naming source and field) if bad."""
        if not isinstance(data, dict):
            raise ReplayError(f"{source}: (top level): expected a JSON object")
        if data.get("game") != REPLAY_GAME:
            raise ReplayError(f"{source}: game: not an Arzium replay (game {data.get('game')!r})")
        fmt = data.get("format")
        if isinstance(fmt, bool) or not isinstance(fmt, int) or not 1 <= fmt <= REPLAY_FORMAT:
            raise ReplayError(f"{source}: format: expected 1-{REPLAY_FORMAT}, got {fmt!r}")
        try:
            setup = Setup.from_dict(data.get("setup"))
        except SetupError as exc:
            raise ReplayError(f"{source}: {exc}") from None
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ReplayError(f"{source}: seed: expected an integer, got {seed!r}")
        items = data.get("actions")
        if not isinstance(items, list):
            raise ReplayError(f"{source}: actions: expected a list")
        actions = []
        for i, item in enumerate(items):
            try:
                actions.append(action_from_json(item))
            except ValueError as exc:
                raise ReplayError(f"{source}: actions[{i}]: {exc}") from None
        return cls(setup, seed, tuple(actions))


def replay_from(state: GameState, actions: list[Action] | tuple[Action, ...]) -> Replay:
    """The replay of `state`'s game given every action applied to it so far."""
    return Replay(state.setup, state.seed, tuple(actions))


def save_replay(replay: Replay, path: str | Path) -> None:
    """Write a replay file atomically."""
    write_json_atomic(Path(path), replay.to_dict())


def load_replay(path: str | Path) -> Replay:
    """Read and check a replay file; `ReplayError` (one line) if unreadable, truncated or bad."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path}: (file): cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path}: line {exc.lineno} column {exc.colno}: truncated or not JSON: {exc.msg}") from None
    return Replay.from_dict(data, str(path))
