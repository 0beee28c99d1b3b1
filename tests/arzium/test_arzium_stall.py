"""No bot level stalls a game. The position below ended a Hard-against-first-Hard tournament game that never
ended (2 players, full game): the first Hard ("hard-v1") has all its markers on the map, every land holding free
squares is its majority, and Hard, one character short of ten, searched with nothing placed turn after turn
rather than complete them. From turn `STALL_TURN` on (no real game lasts half as long) every level places
markers when it can (`greedy.progress_only`); before it the position is a stall for Hard."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from arzium.bots import make_bot
from arzium.bots.greedy import STALL_TURN
from arzium.rules import GameState, MarkerPlaced, Phase, apply, clone, current_player, is_over

POSITION = Path(__file__).parent / "data" / "stall_hard_vs_v1.json"


def stalled(turn: int) -> GameState:
    """The stalled position (turn 151, Hard to search, hard-v1 out of markers), its turn number set to `turn`."""
    state = GameState.from_dict(json.loads(POSITION.read_text(encoding="utf-8")))
    assert state.players[1].supply == 0 and state.players[0].supply > 0 and current_player(state) == 0
    state.turn = turn
    return state


def markers_placed_this_turn(state: GameState, level: str, seed: int) -> int:
    """Markers the player to act places before its turn ends, its bot of `level` choosing every action."""
    state = clone(state)
    turn, placed = state.turn, 0
    while state.turn == turn and not is_over(state) and state.phase != Phase.BID:
        p = current_player(state)
        assert p is not None
        events = apply(state, make_bot(level, seed, iterations=30).decide(state, p))
        placed += sum(isinstance(e, MarkerPlaced) for e in events)
    return placed


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "hard-v1"])
def test_from_the_stall_turn_every_level_places_markers(level: str) -> None:
    state = stalled(STALL_TURN)
    assert all(markers_placed_this_turn(state, level, seed) > 0 for seed in range(2))


def test_before_the_stall_turn_hard_would_rather_place_nothing_there() -> None:
    """What made the game endless (so the test above can fail): Hard's choice in the same position earlier."""
    assert markers_placed_this_turn(stalled(151), "hard", 1) == 0


def test_the_stalled_game_ends() -> None:
    state = stalled(STALL_TURN - 10)
    bots = [make_bot("hard", 5, iterations=30), make_bot("hard-v1", 6, iterations=30)]
    while not is_over(state) and state.turn < STALL_TURN + 200:
        p = current_player(state)
        assert p is not None
        apply(state, bots[p].decide(state, p))
    assert is_over(state)
