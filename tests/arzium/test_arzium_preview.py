"""The previews of arzium.rules.preview agree with the engine: what `legal_actions` lists and what `apply` does."""
from __future__ import annotations

import random

import pytest

from arzium.rules.actions import RestEarly, Search, UseSlide
from arzium.rules.builders import put_markers
from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.events import (
    BiddingStarted,
    BlankPaid,
    CardClaimed,
    ConsolationCoin,
    MarkerDisplaced,
    MarkerPlaced,
    Rested,
    SquareSkipped,
)
from arzium.rules.preview import (
    LandOutcome,
    SearchOutcome,
    rest_cost,
    search_outcome,
    search_preview,
    slide_sources,
    slide_targets,
)
from arzium.rules.state import GameState, clone, default_setup, new_game
from arzium_testkit import artifact_of, give_artifacts, make_cards, make_state, set_characters, sq

SEEDS = (3, 17, 40)


def first_artifact(state: GameState, ability: str) -> str | None:
    ps = state.players[state.active]
    return next((a for a, up in zip(ps.artifacts, ps.artifacts_up)
                 if up and state.cards.artifact(a).ability == ability), None)


def positions(seed: int, every: int = 7) -> list[GameState]:
    """Positions of a seeded random full game where the player to act may search, every `every` actions,
    the player given one artifact of every search kind (so the previews have options)."""
    rng = random.Random(seed)
    state = new_game(default_setup(3, True), seed)
    out: list[GameState] = []
    n = 0
    while not is_over(state) and len(out) < 4:
        if state.phase in ("start", "search") and n % every == 0:
            position = clone(state)
            give_artifacts(position, position.active,
                           [artifact_of(position, ability) for ability in ("turn", "free_blank", "displace")])
            out.append(position)
        apply(state, rng.choice(legal_actions(state)))
        n += 1
    return out


def artifact_choices(state: GameState) -> list[tuple[str | None, str | None, str | None]]:
    t, fb, d = (first_artifact(state, a) for a in ("turn", "free_blank", "displace"))
    return [(None, None, None), (t, None, None), (None, fb, None), (None, None, d), (t, fb, d)]


def uses(search: Search, t: str | None, fb: str | None, d: str | None) -> bool:
    """Whether `search` uses at most the artifacts t, fb, d (and exactly the Turn one)."""
    return search.turn_artifacts == ((t,) if t else ()) and search.free_blank_artifacts in ((), (fb,)) and \
        search.displace_artifacts in ((), (d,))


@pytest.mark.parametrize("seed", SEEDS)
def test_every_preview_agrees_with_legal_actions(seed: int) -> None:
    seen = {"legal": 0, "buyable": 0, "target": 0}
    for state in positions(seed):
        legal = [a for a in legal_actions(state) if isinstance(a, Search)]
        ps = state.players[state.active]
        for t, fb, d in artifact_choices(state):
            if (t, fb, d) != (None, None, None) and t is fb is d is None:
                continue
            for card in [c for c, up in zip(ps.cards, ps.face_up) if up]:
                for anchor in range(36):
                    pv = search_preview(state, card, anchor, *((x,) if x else () for x in (t, fb, d)))
                    here = [a for a in legal if a.card == card and a.anchor == anchor and uses(a, t, fb, d)]
                    where = f"seed {seed}, turn {state.turn}, {card} at {anchor}, artifacts {(t, fb, d)}"
                    assert pv.legal == bool(here), where
                    for b in pv.blanks:
                        assert b.buyable == (pv.search((b.index,)) in legal), where
                    for target in pv.displace_targets:
                        assert pv.search(displace_squares=(target,)) in legal, where
                    seen["legal"] += pv.legal
                    seen["buyable"] += any(b.buyable for b in pv.blanks)
                    seen["target"] += bool(pv.displace_targets)
    assert all(seen.values()), seen  # every kind of option came up


@pytest.mark.parametrize("seed", SEEDS)
def test_a_previewed_search_does_what_apply_does(seed: int) -> None:
    for state in positions(seed):
        ps = state.players[state.active]
        for card in [c for c, up in zip(ps.cards, ps.face_up) if up]:
            for anchor in range(36):
                fb = first_artifact(state, "free_blank")
                pv = search_preview(state, card, anchor, free_blank_artifacts=(fb,) if fb else ())
                if not pv.legal:
                    continue
                options = [()] + [(b.index,) for b in pv.blanks if b.buyable]
                for blanks in options:
                    search = pv.search(blanks)
                    if not blanks and search not in legal_actions(state):
                        continue  # a placement that only a blank makes legal
                    events = apply(clone(state), search)
                    placed = [e.square for e in events if isinstance(e, MarkerPlaced)]
                    blank_squares = [e.square for e in events if isinstance(e, BlankPaid)]
                    where = f"seed {seed}, turn {state.turn}, {search}"
                    if ps.supply >= len(pv.markers) + len(blanks):
                        assert [s for s in placed if s not in blank_squares] == list(pv.markers), where
                        assert sum(e.coins for e in events if isinstance(e, MarkerPlaced)) == pv.gains(search), where
                    assert [e.square for e in events if isinstance(e, SquareSkipped)] == list(pv.skipped), where
                    assert sum(e.cost for e in events if isinstance(e, BlankPaid)) == pv.cost(search), where


def test_a_fully_taken_placement_is_a_legal_empty_search_and_displace_offers_its_squares() -> None:
    """A pattern on nothing but other players' markers places nothing, legally; Displace may take them."""
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01", "C02", "C03"])
    disp = artifact_of(state, "displace")
    give_artifacts(state, 0, [disp])
    put_markers(state, 1, [sq(5, 0), sq(5, 1)])
    without = search_preview(state, "C01", sq(5, 0))
    assert without.legal and without.markers == () and without.skipped == (sq(5, 0), sq(5, 1))
    assert without.search() in legal_actions(state)
    pv = search_preview(state, "C01", sq(5, 0), displace_artifacts=(disp,))
    assert pv.legal and pv.has_options and pv.displace_targets == (sq(5, 0), sq(5, 1))
    both = pv.search(displace_squares=(sq(5, 0), sq(5, 1)))
    assert both.displace_squares == (sq(5, 0),)        # one Displace given: one square taken
    search = pv.search(displace_squares=(sq(5, 1),))
    assert search in legal_actions(state)
    assert any(isinstance(e, MarkerDisplaced) and e.square == sq(5, 1) for e in apply(state, search))


def test_two_turns_and_two_free_blanks_preview_what_apply_does() -> None:
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["BXXB"]}))
    set_characters(state, 0, ["C01", "C02", "C03"])
    turns = (artifact_of(state, "turn", 0), artifact_of(state, "turn", 1))
    fbs = (artifact_of(state, "free_blank", 0), artifact_of(state, "free_blank", 1))
    give_artifacts(state, 0, [*turns, *fbs])
    pv = search_preview(state, "C01", sq(0, 1), turns, fbs)
    assert pv.legal and [b.cell for b in pv.blanks] == [(0, 3), (0, 0)]    # half a turn: the blanks swap ends
    search = pv.search((0, 1))
    assert search.free_blanks == (0, 1) and pv.cost(search) == 0 and search in legal_actions(state)
    events = apply(state, search)
    assert sorted(e.square for e in events if isinstance(e, BlankPaid)) == [sq(0, 0), sq(0, 3)]
    assert state.players[0].coins == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_slide_targets_are_the_slides_legal_actions_list(seed: int) -> None:
    state = new_game(default_setup(2, True), seed)
    slide = artifact_of(state, "slide")
    rng = random.Random(seed)
    checked = 0
    while not is_over(state) and checked < 8:
        if state.phase in ("start", "search"):
            give_artifacts(state, state.active, [slide])
            listed = {(a.src, a.dst) for a in legal_actions(state) if isinstance(a, UseSlide)}
            previewed = {(src, dst) for src in slide_sources(state) for dst in slide_targets(state, src)}
            assert previewed == listed, f"seed {seed}, turn {state.turn}"
            checked += 1
        apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, UseSlide)]))
    assert checked == 8


@pytest.mark.parametrize("seed", SEEDS)
def test_rest_cost_is_what_resting_early_pays(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(default_setup(3, False), seed)
    rested = 0
    while not is_over(state) and rested < 5:
        legal = legal_actions(state)
        if RestEarly() in legal:
            paid = [e.paid for e in apply(clone(state), RestEarly()) if isinstance(e, Rested)]
            assert paid == [rest_cost(state, state.active)], f"seed {seed}, turn {state.turn}"
            rested += 1
        apply(state, rng.choice(legal))
    assert rested, f"seed {seed}: no position to rest early in"


# Slot 0 (rows 0-2, columns 0-1) holds land C25; its coins, in the card's local order, put 1 coin on square
# (0, 1) and 2 on (0, 0). C01 "XX" at (0, 0) fills (0, 0) and (0, 1); C02 "XBX" there also buys (0, 1).
LAND_COINS = {"C25": [[0, 0], [0, 0], [1, 2]]}


def land_state(coins: bool, markers: dict[int, list[int]]) -> GameState:
    """Two players, P0 to search with C01 "XX" or C02 "XBX", `markers` already on the map."""
    state = make_state(cards=make_cards(patterns={"C01": ["XX"], "C02": ["XBX"]}, coins=LAND_COINS if coins else None))
    set_characters(state, 0, ["C01", "C02", "C03"])
    for player, squares in markers.items():
        put_markers(state, player, squares)
    assert state.slots[0] == "C25"
    return state


def test_a_search_filling_no_land_brings_only_its_coins() -> None:
    state = land_state(coins=True, markers={1: [sq(1, 0)]})
    outcome = search_outcome(state, Search("C01", sq(0, 0)))
    assert outcome == SearchOutcome(0, 3, 0, ())
    assert (outcome.coins(0), outcome.coins(1)) == (3, 0)


def test_a_land_filled_with_a_clear_majority_is_claimed_and_the_helper_gets_a_coin() -> None:
    state = land_state(coins=False, markers={0: [sq(1, 0), sq(1, 1), sq(2, 0)], 1: [sq(2, 1)]})
    search = Search("C01", sq(0, 0))
    outcome = search_outcome(state, search)
    assert outcome.lands == (LandOutcome(0, "C25", ((0, 5), (1, 1)), 0, ()),)
    assert outcome.lands[0].helpers == (1,) and (outcome.coins(0), outcome.coins(1)) == (0, 1)
    events = apply(state, search)
    assert [(e.player, e.slot) for e in events if isinstance(e, CardClaimed)] == [(0, 0)]
    assert [(e.player, e.slot) for e in events if isinstance(e, ConsolationCoin)] == [(1, 0)]


def test_a_tie_for_most_goes_to_a_bid_between_the_tied_players() -> None:
    state = land_state(coins=False, markers={1: [sq(1, 0), sq(1, 1), sq(2, 0)], 0: [sq(2, 1)]})
    search = Search("C01", sq(0, 0))
    (land,) = search_outcome(state, search).lands
    assert (land.claimer, land.bidders, land.helpers) == (None, (0, 1), ())
    assert [e.bidders for e in apply(state, search) if isinstance(e, BiddingStarted)] == [(0, 1)]


def test_the_searchers_coins_count_the_squares_coins_less_the_blanks_paid() -> None:
    state = land_state(coins=True, markers={0: [sq(1, 0), sq(1, 1), sq(2, 0)], 1: [sq(2, 1)]})
    state.players[0].coins = 2
    before = [ps.coins for ps in state.players]
    search = search_preview(state, "C02", sq(0, 0)).search((0,))
    outcome = search_outcome(state, search)
    assert (outcome.found, outcome.paid, [land.claimer for land in outcome.lands]) == (3, 2, [0])
    apply(state, search)
    assert [ps.coins - b for ps, b in zip(state.players, before)] == [outcome.coins(0), outcome.coins(1)] == [1, 1]
