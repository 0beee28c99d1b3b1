"""Replays: re-running a game from its setup, seed and actions.

The file is the app's common replay container (`common.replay`, game "arzium"): its setup is
`Setup.to_dict()` and its actions are the actions' JSON forms. Card data is not stored: a replay
plays with the shipped card set of its version.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arzium.rules.actions import Action, IllegalAction, action_from_json
from arzium.rules.engine import apply
from arzium.rules.events import Event
from arzium.rules.state import GameState, Setup, SetupError, new_game
from common.replay import Replay as ReplayFile
from common.replay import ReplayError


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

    def to_file(self, meta: dict[str, Any] | None = None) -> ReplayFile:
        """The replay as the app's common replay container."""
        return ReplayFile("arzium", self.setup.to_dict(), self.seed, [a.to_json() for a in self.actions],
                          dict(meta or {}))

    @classmethod
    def from_file(cls, replay: ReplayFile, source: str = "<replay>") -> Replay:
        """Check a replay container's content; `ReplayError` (one line naming source and field) if bad."""
        if replay.game != "arzium":
            raise ReplayError(f"{source}: this is a replay of {replay.game}, not of arzium")
        try:
            setup = Setup.from_dict(replay.setup)
        except SetupError as exc:
            raise ReplayError(f"{source}: {exc}") from None
        actions = []
        for i, item in enumerate(replay.actions):
            try:
                actions.append(action_from_json(item))
            except ValueError as exc:
                raise ReplayError(f"{source}: actions[{i}]: {exc}") from None
        return cls(setup, replay.seed, tuple(actions))


def replay_from(state: GameState, actions: list[Action] | tuple[Action, ...]) -> Replay:
    """The replay of `state`'s game given every action applied to it so far."""
    return Replay(state.setup, state.seed, tuple(actions))
