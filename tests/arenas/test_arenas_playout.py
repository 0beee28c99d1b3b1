"""Seeded random games with invariants after every step (thousands under `-m slow`), and the speed of the rules."""
from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from arenas.rules.components import standard_deck
from arenas.rules.engine import advance, apply, is_over, legal_actions
from arenas.rules.levels import load_levels
from arenas.rules.replay import run_replay
from arenas.rules.state import GameState, Setup, new_game

FAST_GAMES = 100  # the default run
GAMES = 2_000  # the -m slow run
MAX_STEPS = 5_000


def check_invariants(state: GameState, last_player: int | None) -> None:
    level = state.level
    tiles = [t.tile for t in state.timers.values() if t.tile is not None]
    assert len(tiles) == len(set(tiles)), "two timers on one tile"
    for t in state.timers.values():
        assert (t.tile is None) != (t.lost_beside is None), f"{t.id} both/neither on path and lost"
        assert 0 <= t.remaining_ms <= t.capacity_ms, f"{t.id} remaining {t.remaining_ms}"
        assert t.position < len(level.path) and t.position not in level.blocks
        if t.tile is None:
            assert t.lost_beside < level.deactivator
    if state.result is None:
        assert all(t.remaining_ms > 0 for t in state.timers.values())
        assert all(len(h) == level.hand_size for h in state.hands)
    else:  # the game ended on a card (no draw) or between cards
        assert all(len(h) == level.hand_size for i, h in enumerate(state.hands) if i != last_player)
    everything = Counter(state.deck + state.discard + [c for h in state.hands for c in h])
    assert everything == Counter(standard_deck(level.removed_cards))
    assert 0 <= state.sand_rem < 100


def play_random_game(level_list: list, game: int) -> tuple[GameState, list]:
    rng = random.Random(game)
    level = level_list[game % len(level_list)]
    players = [f"P{i}" for i in range(rng.randint(1, 7))]
    speed = 100 if game % 4 else rng.randint(50, 100)
    state = new_game(Setup(level, tuple(players), rng.randrange(len(players)), speed), game)
    check_invariants(state, None)
    last = None
    for _ in range(MAX_STEPS):
        advance(state, rng.randint(0, 8_000))
        check_invariants(state, last)
        if is_over(state):
            break
        actions = legal_actions(state)
        assert actions, f"game {game}: nothing legal"
        last = state.active
        apply(state, rng.choice(actions))
        check_invariants(state, last)
        if is_over(state):
            break
    assert is_over(state), f"game {game} did not end"
    times = [e.time_ms for e in state.log]
    assert times == sorted(times) and times[-1] == state.time_ms
    return state, [players, speed]


def run_games(games: range) -> Counter[str]:
    levels = load_levels()
    results: Counter[str] = Counter()
    for game in games:
        try:
            state, _ = play_random_game(levels, game)
        except AssertionError as exc:
            raise AssertionError(f"game {game}: {exc}") from exc
        results[str(state.result)] += 1
        again = run_replay(state.setup, game, list(state.actions))
        assert again.log == state.log, f"game {game} replays differently"
    return results


def test_random_playouts_keep_every_invariant_and_replay_identically() -> None:
    results = run_games(range(FAST_GAMES))
    assert results["lost"] > 0 and sum(results.values()) == FAST_GAMES


@pytest.mark.slow
def test_thousands_of_random_playouts_keep_every_invariant() -> None:
    results = run_games(range(FAST_GAMES, GAMES))
    assert results["lost"] > 0 and sum(results.values()) == GAMES - FAST_GAMES


@pytest.mark.slow
def test_ten_minutes_of_play_in_10_ms_steps_is_fast() -> None:
    level = load_levels()[-1]
    rng = random.Random(1)
    players = [f"P{i}" for i in range(7)]
    start = time.perf_counter()
    state = new_game(Setup(level, tuple(players)), 0)
    games = 1
    for step in range(60_000):
        advance(state, 10)
        if is_over(state):  # a random team rarely lasts 10 minutes: deal again and play on
            state = new_game(Setup(level, tuple(players)), step)
            games += 1
        elif step % 150 == 0:  # a card every 1.5 s
            apply(state, rng.choice(legal_actions(state)))
    elapsed = time.perf_counter() - start
    print(f"10 minutes in 10 ms steps: {elapsed * 1000:.0f} ms ({games} deals)")
    assert elapsed <= 1.5
