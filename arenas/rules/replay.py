"""Replays: re-running a game from its start and its timed actions.

The replay file itself is the app's common format (`common.replays.replay`); `arenas.session`
converts between it and a run's setup.
"""
from __future__ import annotations

from arenas.rules.actions import Action, IllegalAction
from arenas.rules.engine import advance, apply
from arenas.rules.state import GameState, Setup, new_game

REPLAY_VERSION = 1  # the replay format Arenas writes (unchanged since the first); a newer one is refused


def run_replay(setup: Setup, seed: int, timed_actions: list[tuple[int, Action]]) -> GameState:
    """Replay a game: advance to each action's time and apply it, then let sand run to the end.

    Raises `IllegalAction` "action N at T ms: reason" (N counts from 1) when an action is illegal
    at its time, comes after the game ended, or is timed before the one before it.
    """
    state = new_game(setup, seed)
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
    advance(state, sum(2 * t.capacity_ms for t in state.timers.values()) * 100 // setup.sand_speed_pct + 1)
    return state
