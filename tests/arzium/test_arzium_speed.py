"""The fast paths of the rules give exactly what the plain, checked code gives.

`reference_searches` is the straightforward enumeration the cached `searches` replaced (every
placement, blank subset, free blank and displacement, each cost checked); seeded playouts compare
both on every position, for every player, with rich and poor parties and many artifacts.
"""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from arzium.rules.actions import Search
from arzium.rules.artifacts import face_up_artifacts
from arzium.rules.builders import set_slot
from arzium.rules.cards import Ability
from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.search import BLANK_COST, _search_cost_problem, searches
from arzium.rules.state import GameState, clone, default_setup, new_game
from helpers import evidence


def reference_searches(state: GameState, p: int) -> list[Search]:
    """Every legal search of `p`, enumerated and cost-checked one by one (no caches)."""
    ps = state.players[p]
    off, board = state.offmap, state.board
    blocked = state.occ | off
    turn_arts = face_up_artifacts(state, p, Ability.TURN)
    fb_arts = face_up_artifacts(state, p, Ability.FREE_BLANK)
    disp_arts = face_up_artifacts(state, p, Ability.DISPLACE)
    out: list[Search] = []
    for cid, up in zip(ps.cards, ps.face_up):
        if not up:
            continue
        for k in range(len(turn_arts) + 1):
            t = turn_arts[:k]
            shape = state.cards.shapes[cid][(state.rot[p] + k) % 4]
            for fit in shape.fits.values():
                if fit.mask & off:
                    continue
                blanks = fit.blanks
                targets = [sq for sq in fit.markers if disp_arts and board[sq] >= 0 and board[sq] != p]
                targets += [sq for sq in blanks if disp_arts and sq >= 0 and board[sq] >= 0 and board[sq] != p]
                rich = ps.coins >= BLANK_COST * len(blanks) and ps.supply >= len(fit.markers) + len(blanks)
                for kd in range(min(len(disp_arts), len(targets)) + 1):
                    for dsqs in combinations(targets, kd):
                        avail = [i for i, sq in enumerate(blanks) if sq >= 0 and (not blocked >> sq & 1 or sq in dsqs)]
                        on_blanks = {blanks.index(d) for d in dsqs if d in blanks}
                        for n in range(len(avail) + 1):
                            for subset in combinations(avail, n):
                                if not on_blanks <= set(subset):
                                    continue
                                for f in range(min(len(fb_arts), n) + 1):
                                    for frees in combinations(subset, f):
                                        if not subset or rich or \
                                                _search_cost_problem(state, p, fit, subset, frees, dsqs) is None:
                                            out.append(Search(cid, fit.anchor, subset, t, fb_arts[:f], frees,
                                                              disp_arts[:kd], dsqs))
    return out


def _enrich(state: GameState, rng: random.Random) -> None:
    """Hand out artifacts from the pile and random coins, so that every variant kind shows up."""
    for ps in state.players:
        ps.coins = rng.choice((0, 1, 2, 3, 5, 9))
        while state.art_deck and len(ps.artifacts) < 4 and rng.random() < 0.5:
            ps.artifacts.append(state.art_deck.pop())
            ps.artifacts_up.append(rng.random() < 0.8)


@pytest.mark.parametrize("seed", evidence(range(12), {0, 1, 2}))  # 2, 3 and 4 players; all 12 with -m slow
def test_searches_match_the_reference_on_random_playouts(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    state = new_game(default_setup(players, True), seed)
    positions = 0
    while not is_over(state) and positions < 60:
        if rng.random() < 0.3:
            probe = clone(state)
            _enrich(probe, rng)
            for p in range(players):
                assert searches(probe, p) == reference_searches(probe, p)
            positions += 1
        apply(state, rng.choice(legal_actions(state)))
    assert positions > 10


def test_a_clone_sharing_the_generator_is_an_independent_copy_of_everything_else() -> None:
    state = new_game(default_setup(3, True), 4)
    for _ in range(12):
        apply(state, random.Random(1).choice(legal_actions(state)))
    shared, copied = clone(state, share_rng=True), clone(state)
    assert shared.rng is state.rng and copied.rng is not state.rng
    assert shared.to_dict() == copied.to_dict() == state.to_dict()
    action = legal_actions(shared)[0]
    assert apply(shared, action) == apply(copied, action)
    assert shared.to_dict() == copied.to_dict() != state.to_dict()


def test_search_values_follow_the_card_set_of_the_position() -> None:
    """The cached facts of a search (its fit) belong to one card set: the same search object on
    cards where the character has another pattern is valued on that pattern."""
    from arzium.bots import greedy
    from arzium_testkit import make_cards, make_state, set_characters

    def value(pattern: list[str]) -> float:
        state = make_state(cards=make_cards(patterns={"C01": pattern}, coins={"C10": [[1, 0], [1, 0], [1, 0]]}))
        set_characters(state, 0, ["C01"])
        set_slot(state, 3, "C10")
        action = next(a for a in legal_actions(state) if a == Search("C01", 18))  # the shared object
        return greedy.search_value(state, greedy.make_view(state, 0), action)

    row, column = value(["XX"]), value(["X", "X", "X"])
    assert row != column
    greedy._STATIC.clear()
    assert value(["X", "X", "X"]) == column and value(["XX"]) == row


def _playout_positions(seed: int, count: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(default_setup(2 + seed % 3, True), seed)
    out = []
    while not is_over(state) and len(out) < count:
        if rng.random() < 0.4:
            probe = clone(state)
            _enrich(probe, rng)
            out.append(probe)
        apply(state, rng.choice(legal_actions(state)))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_an_unchecked_search_does_what_the_checked_one_does(seed: int) -> None:
    """Bots apply listed searches with `checked=False`: the same events and the same position as checked."""
    for probe in _playout_positions(seed, 8):
        for action in [a for a in legal_actions(probe) if isinstance(a, Search)][:40]:
            checked, unchecked = clone(probe), clone(probe)
            assert apply(checked, action) == apply(unchecked, action, checked=False)
            assert checked.to_dict() == unchecked.to_dict()


def test_the_caches_give_the_same_lists_and_values_when_they_overflow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cache of the listing and of the evaluation, emptied again and again, changes no action and no value."""
    from arzium.bots import greedy
    from arzium.rules import search as search_module
    from arzium.rules.engine import current_player

    positions = _playout_positions(5, 12)

    def values() -> list[tuple[list[Search], list[float]]]:
        out = []
        for probe in positions:
            p = current_player(probe)
            assert p is not None
            found = searches(probe, p)
            out.append((found, greedy.search_values(probe, greedy.make_view(probe, p), found)))
        return out

    plain = values()
    for module, name in ((search_module, "_CACHE_LIMIT"), (greedy, "_STATIC_LIMIT"), (greedy, "_GAINS_LIMIT")):
        monkeypatch.setattr(module, name, 3)
    assert values() == plain
    for probe, (found, _) in zip(positions, plain):
        p = current_player(probe)
        assert p is not None and found == reference_searches(probe, p)
