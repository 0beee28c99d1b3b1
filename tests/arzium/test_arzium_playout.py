"""Seeded random playouts over 2-4 players, basic and full, with invariants checked after every action.

The default run plays 48 games (8 per configuration); `-m slow` plays 2,952 more, and times
the 4-player random game (median <= 30 ms).
"""
import statistics
import time

import pytest

from arzium.bots import make_bot
from arzium.rules.board import slot_squares
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.events import (
    EVENT_TYPES,
    ArtifactBought,
    BlankPaid,
    CardClaimed,
    CoinsGained,
    ConsolationCoin,
    MarkerDisplaced,
    MarkerPlaced,
    Rested,
)
from arzium.rules.score import outcome
from arzium.rules.state import MARKERS_PER_COLOUR, default_setup, new_game

CONFIGS = [(n, full) for n in (2, 3, 4) for full in (False, True)]
MAX_ACTIONS = 3000
FAST_SEEDS = 4  # per configuration, in the default run (seeds 4..499: -m slow)


def coin_changes(events, players):
    delta = [0] * players
    for e in events:
        assert isinstance(e, EVENT_TYPES)
        match e:
            case MarkerPlaced(player=p, coins=c) | MarkerDisplaced(player=p, coins=c) | CoinsGained(player=p, amount=c):
                delta[p] += c
            case ConsolationCoin(player=p):
                delta[p] += 1
            case BlankPaid(player=p, cost=c) | Rested(player=p, paid=c) | CardClaimed(player=p, paid=c) \
                    | ArtifactBought(player=p, cost=c):
                delta[p] -= c
            case _:
                pass
    return delta


def check_invariants(state):
    n = len(state.players)
    for p, ps in enumerate(state.players):
        assert ps.supply + state.board.count(p) == MARKERS_PER_COLOUR
        assert ps.coins >= 0 and ps.supply >= 0
        assert len(ps.cards) == len(ps.face_up) and len(ps.artifacts) == len(ps.artifacts_up)
        colour = state.setup.seats[p].colour
        assert [c for c in ps.cards if state.cards.card(c).flag] == list(state.cards.starting_ids[colour])
    lands = [c for c in state.slots + state.deck if c] + \
        [c for ps in state.players for c in ps.cards if not state.cards.card(c).flag]
    assert sorted(lands) == sorted(state.cards.land_ids)
    arts = state.art_row + state.art_deck + [a for ps in state.players for a in ps.artifacts]
    assert sorted(arts) == (sorted(state.cards.artifact_ids) if state.setup.full_game else [])
    assert len(state.art_row) == min(4, len(state.art_row) + len(state.art_deck))
    assert state.occ == sum(1 << s for s, o in enumerate(state.board) if o >= 0)
    assert all(-1 <= o < n for o in state.board)
    for slot in range(6):
        card = state.slots[slot]
        squares = slot_squares(slot)
        if card is None:
            assert all(state.board[s] < 0 for s in squares) and state.offmap >> squares[0] & 1
        else:
            assert [state.coin_at[s] for s in squares] == list(state.cards.card(card).land_coins)
        full = card is not None and all(state.board[s] >= 0 for s in squares)
        if full:   # filled by a Slide before the search, waiting for the claims after it or for a tie bidding
            assert state.phase in ("start", "search", "after") or slot in state.pending  # claimed after the search
    if state.phase == "bid":
        assert state.bid.slot == state.pending[0] and len(state.bid.bidders) >= 2
    if is_over(state):
        assert legal_actions(state) == [] and current_player(state) is None
    else:
        assert legal_actions(state) and current_player(state) is not None


def play(n, full, seed):
    state = new_game(default_setup(n, full), seed)
    bot = make_bot("random", seed)
    log = []
    check_invariants(state)
    while not is_over(state):
        assert len(log) < MAX_ACTIONS, "the game does not end"
        before = [ps.coins for ps in state.players]
        action = bot.decide(state, current_player(state))
        events = apply(state, action)
        assert [b + d for b, d in zip(before, coin_changes(events, n))] == [ps.coins for ps in state.players]
        check_invariants(state)
        log.append((action.to_json(), [e.to_json() for e in events]))
    out = outcome(state)
    assert max(len(ps.cards) for ps in state.players) >= 10 and out.over and out.winners
    assert state.active == state.order[-1] and state.turn % n == 0     # everyone had as many turns
    return log


def run_games(seeds):
    for n, full in CONFIGS:
        for seed in seeds:
            try:
                log = play(n, full, seed)
            except AssertionError as exc:
                raise AssertionError(f"{n} players, full {full}, seed {seed}: {exc}") from exc
            if seed % 4 == 0:
                assert play(n, full, seed) == log, f"{n} players, full {full}, seed {seed}: not deterministic"


def test_random_playouts_keep_every_invariant():
    run_games(range(FAST_SEEDS))


@pytest.mark.slow
def test_many_more_random_playouts():
    run_games(range(FAST_SEEDS, 500))


@pytest.mark.slow
def test_random_four_player_game_is_fast():
    times = []
    for seed in range(60):
        state = new_game(default_setup(4, True), seed)
        bot = make_bot("random", seed)
        start = time.perf_counter()
        while not is_over(state):
            apply(state, bot.decide(state, current_player(state)))
        times.append(time.perf_counter() - start)
    assert statistics.median(times) <= 0.030
