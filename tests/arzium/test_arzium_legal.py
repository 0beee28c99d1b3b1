"""`legal_actions` is exactly the set of actions `apply` accepts (brute force on mid-game states)."""
import random
from itertools import combinations

import pytest

from arzium.rules.actions import (
    Bid,
    Buy,
    PassBid,
    ResolveClaims,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
)
from arzium.rules.cards import ABILITIES
from arzium.rules.engine import apply, legal_actions
from arzium.rules.events import MarkerPlaced, SquareSkipped
from arzium.rules.search import placement
from arzium.rules.state import clone
from arzium_testkit import play_random
from common.data.rules_api import IllegalAction


def accepted(state, action):
    try:
        apply(clone(state), action)
    except IllegalAction:
        return False
    return True


def armed_state(seed: int, coins: int):
    """A full game after some random turns; the active player owns one face-up artifact of each kind."""
    state, _, _ = play_random(3, True, seed, max_actions=30 + seed)
    while state.phase not in ("start", "search"):
        apply(state, legal_actions(state)[0])
    ps = state.players[state.active]
    arts = state.cards.artifact_ids
    firsts = {ab: next(a for a in arts if state.cards.artifact(a).ability == ab) for ab in ABILITIES}
    ps.artifacts = [firsts[ab] for ab in ABILITIES]  # exactly one of each kind, whatever it had bought
    ps.artifacts_up = [True] * len(ps.artifacts)
    ps.coins = coins
    return state, firsts


def brute_force(state, arts):
    ps = state.players[state.active]
    occupied = [sq for sq in range(36) if state.board[sq] >= 0]
    found = set()
    for card in ps.cards:
        nb = state.cards.card(card).blanks
        subsets = [c for k in range(nb + 1) for c in combinations(range(nb), k)]
        for anchor in range(36):
            for turn in (None, arts["turn"]):
                for blanks in subsets:
                    for free in [None] + list(blanks):
                        for dsq in [None] + occupied:
                            action = Search(card, anchor, blanks, (turn,) if turn else (),
                                            (arts["free_blank"],) if free is not None else (),
                                            (free,) if free is not None else (),
                                            (arts["displace"],) if dsq is not None else (),
                                            (dsq,) if dsq is not None else ())
                            if accepted(state, action):
                                found.add(action)
    for src in range(36):
        for dst in range(36):
            if accepted(state, UseSlide(arts["slide"], src, dst)):
                found.add(UseSlide(arts["slide"], src, dst))
    for card in ps.cards:
        if accepted(state, UseWake(arts["wake"], card)):
            found.add(UseWake(arts["wake"], card))
    for action in (UsePurse(arts["purse"]), RestEarly(), SkipSearch(), ResolveClaims()):
        if accepted(state, action):
            found.add(action)
    return found


@pytest.mark.parametrize("seed,coins", [(1, 0), (2, 3), (5, 9)])
def test_legal_actions_match_what_apply_accepts(seed, coins):
    state, arts = armed_state(seed, coins)
    listed = legal_actions(state)
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_force(state, arts)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_after_the_search_the_list_is_exact(seed):
    """After the search: Purse, Slide and Wake (face up only) and ResolveClaims, nothing else."""
    state, arts = armed_state(seed, 3)
    search = next(a for a in legal_actions(state) if isinstance(a, Search) and not a.artifacts)
    apply(state, search)
    assert state.phase == "after"
    listed = legal_actions(state)
    ps = state.players[state.active]
    others = [RestEarly(), SkipSearch(), SkipBuy(), PassBid(), Bid(0), search] + \
        [Search(c, a) for c in ps.cards for a in range(36)] + [Buy(a) for a in state.art_row]
    candidates = [UsePurse(arts["purse"]), ResolveClaims(), *others] + \
        [UseWake(arts["wake"], c) for c in ps.cards] + \
        [UseSlide(arts["slide"], s, d) for s in range(36) for d in range(36)]
    assert {a for a in candidates if accepted(state, a)} == set(listed)
    assert ResolveClaims() in listed and not any(accepted(state, a) for a in others)


def test_bid_and_buy_lists_are_exact():
    state, _, _ = play_random(4, True, 3, max_actions=0)
    rng = random.Random(3)
    seen = set()
    while state.phase != "over":
        listed = legal_actions(state)
        if state.phase in ("bid", "buy"):
            seen.add(state.phase)
            candidates = [Bid(x) for x in range(12)] + [PassBid(), SkipBuy()] + \
                [Buy(a) for a in state.cards.artifact_ids] + [UsePurse(a) for a in state.cards.artifact_ids]
            assert {a for a in candidates if accepted(state, a)} == set(listed)
        apply(state, rng.choice(listed))
    assert seen == {"bid", "buy"}


@pytest.mark.parametrize("seed", [3, 8, 13])
def test_placement_preview_agrees_with_apply(seed):
    state, _, _ = play_random(4, False, seed, max_actions=25 + seed)
    while state.phase not in ("start", "search"):
        apply(state, legal_actions(state)[0])
    ps = state.players[state.active]
    for card in ps.cards:
        for anchor in range(36):
            preview = placement(state, card, anchor)
            assert preview.legal == accepted(state, Search(card, anchor)), (card, anchor, preview.reason)
            if preview.legal:
                events = apply(clone(state), Search(card, anchor))
                placed = [e for e in events if isinstance(e, MarkerPlaced)]
                assert tuple(e.square for e in placed) == preview.markers
                assert sum(e.coins for e in placed) == preview.coins
                assert tuple(e.square for e in events if isinstance(e, SquareSkipped)) == preview.skipped


def test_an_illegal_action_leaves_the_state_unchanged():
    state, arts = armed_state(2, 3)
    legal = set(legal_actions(state))
    before = state.to_dict()
    tried = 0
    ps = state.players[state.active]
    for card in ps.cards + ["C43"]:
        for anchor in range(0, 36, 5):
            for blanks in ((), (0,), (0, 1)):
                for dsq in (None, 0, 14, 35):
                    action = Search(card, anchor, blanks, arts["turn"], None, None,
                                    arts["displace"] if dsq is not None else None, dsq)
                    if action not in legal:
                        with pytest.raises(IllegalAction):
                            apply(state, action)
                        tried += 1
    for action in (UseSlide(arts["slide"], 0, 35), UseWake(arts["wake"], "C43"), UsePurse(arts["wake"]),
                   Bid(1), Buy(state.art_row[0])):
        with pytest.raises(IllegalAction):
            apply(state, action)
    assert tried > 100 and state.to_dict() == before


def test_several_turns_and_free_blanks_are_listed_exactly():
    """Two Turns and two Free blanks: the searches listed are every accepted use of the first ones."""
    state, _ = armed_state(2, 1)
    ps = state.players[state.active]
    turns = [a for a in state.cards.artifact_ids if state.cards.artifact(a).ability == "turn"][1:3]
    fbs = [a for a in state.cards.artifact_ids if state.cards.artifact(a).ability == "free_blank"][1:3]
    ps.artifacts, ps.artifacts_up = turns + fbs, [True] * 4
    found = set()
    for card in ps.cards:
        nb = state.cards.card(card).blanks
        subsets = [c for k in range(nb + 1) for c in combinations(range(nb), k)]
        for anchor in range(36):
            for k in range(3):
                for blanks in subsets:
                    for f in range(len(blanks) + 1):
                        for frees in combinations(blanks, f):
                            action = Search(card, anchor, blanks, tuple(turns[:k]), tuple(fbs[:f]), frees)
                            if accepted(state, action):
                                found.add(action)
    listed = {a for a in legal_actions(state) if isinstance(a, Search)}
    assert listed == found
    assert any(len(a.turn_artifacts) == 2 for a in listed) and any(len(a.free_blanks) == 2 for a in listed)
