"""No bot level stalls a game. The position below ended a Hard-against-first-Hard tournament game that never
ended (2 players, full game): the first Hard ("hard-v1") has all its markers on the map, every land holding free
squares is its majority, and Hard, one character short of ten, searched with nothing placed turn after turn
rather than complete them. Every level now places markers when it can once a rival is out of markers, and
from turn `STALL_TURN` on whatever the supplies (`greedy.progress_only`)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from arzium.bots import Bot, make_bot
from arzium.bots.greedy import STALL_TURN, progress_only, scored_turn_actions
from arzium.rules.actions import Search
from arzium.rules.engine import apply, current_player, is_over
from arzium.rules.events import MarkerPlaced
from arzium.rules.state import GameState, Phase, clone
from first_hard import NAME as FIRST_HARD
from first_hard import first_hard

POSITION = Path(__file__).parent / "data" / "stall_hard_vs_v1.json"
LEVELS = ["easy", "normal", "hard", FIRST_HARD]


def bot(level: str, seed: int) -> Bot:
    """A bot of `level` (or the first Hard) searching 30 iterations a move if it searches."""
    return first_hard(seed, 30) if level == FIRST_HARD else make_bot(level, seed, iterations=30)


def stalled(turn: int = 151, rival_supply: int = 0) -> GameState:
    """The stalled position (turn 151, Hard to search, hard-v1 out of markers), at `turn`, the rival holding
    `rival_supply` markers."""
    state = GameState.from_dict(json.loads(POSITION.read_text(encoding="utf-8")))
    assert state.players[1].supply == 0 and state.players[0].supply > 0 and current_player(state) == 0
    state.turn = turn
    state.players[1].supply = rival_supply
    return state


def markers_placed_this_turn(state: GameState, level: str, seed: int) -> int:
    """Markers the player to act places before its turn ends, its bot of `level` choosing every action."""
    state = clone(state)
    turn, placed = state.turn, 0
    while state.turn == turn and not is_over(state) and state.phase != Phase.BID:
        p = current_player(state)
        assert p is not None
        events = apply(state, bot(level, seed).decide(state, p))
        placed += sum(isinstance(e, MarkerPlaced) for e in events)
    return placed


def places_nothing(state: GameState, a: object) -> bool:
    after = clone(state)
    return isinstance(a, Search) and not any(isinstance(e, MarkerPlaced) for e in apply(after, a))


def test_the_evaluation_alone_would_place_nothing_there() -> None:
    """What made the game endless (so the tests below can fail): the best-valued searches place nothing."""
    state = stalled()
    scored = scored_turn_actions(state, 0)
    assert places_nothing(state, scored[0][1])
    kept = progress_only(state, scored)
    assert kept and not any(places_nothing(state, a) for _, a in kept)
    assert progress_only(stalled(rival_supply=1), scored) is scored  # both can place, before turn 200: as scored


@pytest.mark.parametrize("level", LEVELS)
def test_with_the_rival_out_of_markers_every_level_places_markers(level: str) -> None:
    assert all(markers_placed_this_turn(stalled(), level, seed) > 0 for seed in range(2))


@pytest.mark.parametrize("level", LEVELS)
def test_from_the_stall_turn_every_level_places_markers_whatever_the_supplies(level: str) -> None:
    assert all(markers_placed_this_turn(stalled(STALL_TURN, rival_supply=1), level, seed) > 0 for seed in range(2))


def test_the_stalled_game_ends() -> None:
    state = stalled()
    bots = [bot("hard", 5), bot(FIRST_HARD, 6)]
    while not is_over(state) and state.turn < STALL_TURN + 100:
        p = current_player(state)
        assert p is not None
        apply(state, bots[p].decide(state, p))
    assert is_over(state)
