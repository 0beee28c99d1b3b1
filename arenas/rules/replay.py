"""Replays: re-running a game from its start and timed actions, and the replay file format.

A replay file is a JSON object::

    {"game": "arenas", "format": 1, "level": {...level file object...}, "players": ["Ana"],
     "seed": 7, "first_player": 0, "sand_speed_pct": 100, "assisted": false,
     "actions": [[1830, {"type": "card", "player": 0, "hand_index": 2}], ...]}

The level is stored whole, so a replay still plays after the shipped level files change.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arenas.rules.actions import Action, IllegalAction, action_from_json
from arenas.rules.engine import advance, apply
from arenas.rules.levels import Level, LevelError, level_from_dict
from arenas.rules.state import GameState, new_game
from common.jsonio import write_json_atomic

REPLAY_GAME = "arenas"
REPLAY_FORMAT = 1


class ReplayError(ValueError):
    """A replay file is unreadable, truncated, of another game or format, or malformed (one line)."""


def run_replay(level: Level, players: list[str], seed: int, first_player: int, sand_speed_pct: int,
               timed_actions: list[tuple[int, Action]]) -> GameState:
    """Replay a game: advance to each action's time and apply it, then let sand run to the end.

    Raises `IllegalAction` "action N at T ms: reason" (N counts from 1) when an action is illegal
    at its time, comes after the game ended, or is timed before the one before it.
    """
    state = new_game(level, players, seed, first_player, sand_speed_pct)
    for n, (at, action) in enumerate(timed_actions, start=1):
        if at < state.time_ms:
            raise IllegalAction(f"action {n} at {at} ms: time goes backwards (game already at {state.time_ms} ms)")
        advance(state, at - state.time_ms)
        if state.result is not None:
            raise IllegalAction(f"action {n} at {at} ms: the game was already {state.result} at {state.time_ms} ms")
        try:
            apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {n} at {at} ms: {exc.reason}") from None
    # With no more cards, a timer runs out within twice its capacity (once on the path, once lost).
    advance(state, sum(2 * t.capacity_ms for t in state.timers.values()) * 100 // sand_speed_pct + 1)
    return state


@dataclass(frozen=True)
class Replay:
    """Everything needed to re-run a game exactly."""

    level: Level
    players: tuple[str, ...]
    seed: int
    first_player: int
    sand_speed_pct: int
    assisted: bool
    actions: tuple[tuple[int, Action], ...]

    def run(self) -> GameState:
        """The finished game (see `run_replay`); `IllegalAction` if an action is illegal at its time."""
        state = run_replay(self.level, list(self.players), self.seed, self.first_player,
                           self.sand_speed_pct, list(self.actions))
        state.assisted = state.assisted or self.assisted
        return state

    def to_dict(self) -> dict[str, Any]:
        """The replay file's JSON object."""
        return {
            "game": REPLAY_GAME,
            "format": REPLAY_FORMAT,
            "level": self.level.to_dict(),
            "players": list(self.players),
            "seed": self.seed,
            "first_player": self.first_player,
            "sand_speed_pct": self.sand_speed_pct,
            "assisted": self.assisted,
            "actions": [[at, action.to_json()] for at, action in self.actions],
        }

    @classmethod
    def from_dict(cls, data: Any, source: str = "<replay>") -> "Replay":
        """Check a replay file's object; `ReplayError` (one line naming source and field) if bad."""
        def bad(field: str, problem: str) -> ReplayError:
            return ReplayError(f"{source}: {field}: {problem}")

        if not isinstance(data, dict):
            raise bad("(top level)", "expected a JSON object")
        if data.get("game") != REPLAY_GAME:
            raise bad("game", f"not an Arenas Movedizas replay (game {data.get('game')!r})")
        fmt = data.get("format")
        if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt < 1:
            raise bad("format", f"expected a format number, got {fmt!r}")
        if fmt > REPLAY_FORMAT:
            raise bad("format", f"format {fmt} is newer than this version reads ({REPLAY_FORMAT})")
        for key in ("level", "players", "seed", "first_player", "sand_speed_pct", "assisted", "actions"):
            if key not in data:
                raise bad(key, "missing field")
        try:
            level = level_from_dict(data["level"], f"{source} level")
        except LevelError as exc:
            raise ReplayError(str(exc)) from None
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise bad("players", "expected a list of names")
        for key in ("seed", "first_player", "sand_speed_pct"):
            if isinstance(data[key], bool) or not isinstance(data[key], int):
                raise bad(key, f"expected an integer, got {data[key]!r}")
        if not isinstance(data["assisted"], bool):
            raise bad("assisted", f"expected true or false, got {data['assisted']!r}")
        if not isinstance(data["actions"], list):
            raise bad("actions", "expected a list")
        actions: list[tuple[int, Action]] = []
        for i, item in enumerate(data["actions"]):
            if not (isinstance(item, list) and len(item) == 2) or isinstance(item[0], bool) \
                    or not isinstance(item[0], int):
                raise bad(f"actions[{i}]", "expected [time_ms, action]")
            try:
                actions.append((item[0], action_from_json(item[1])))
            except ValueError as exc:
                raise bad(f"actions[{i}]", str(exc)) from None
        replay = cls(level, tuple(players), data["seed"], data["first_player"], data["sand_speed_pct"],
                     data["assisted"], tuple(actions))
        try:  # players, first player and sand speed are checked by the setup itself
            new_game(level, players, replay.seed, replay.first_player, replay.sand_speed_pct)
        except ValueError as exc:
            raise ReplayError(f"{source}: {exc}") from None
        return replay


def replay_from_state(state: GameState) -> Replay:
    """The replay of a game in progress or finished (its setup and every action applied so far)."""
    return Replay(state.level, tuple(state.players), state.seed, state.first_player,
                  state.sand_speed_pct, state.assisted, tuple(state.actions))


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
