"""The six artifacts: Purse, Slide, Wake (with the free rest), Turn, Free blank, Displace; when they may be
used (before or after the search until the claims, Purse also in the buy) and several of one kind."""
import pytest

from arzium.rules.actions import Bid, Buy, ResolveClaims, Search, SkipBuy, UsePurse, UseSlide, UseWake
from arzium.rules.artifacts import artifact_window
from arzium.rules.builders import put_markers, set_slot
from arzium.rules.engine import apply, legal_actions
from arzium.rules.events import (
    ArtifactUsed,
    BlankPaid,
    CardClaimed,
    CharacterFlipped,
    ClaimsBegun,
    CoinsGained,
    MarkerDisplaced,
    MarkerPlaced,
    MarkerSlid,
    Rested,
    TurnStarted,
)
from arzium_testkit import (
    artifact_of,
    give_artifacts,
    make_cards,
    make_state,
    set_characters,
    sq,
)
from common.data.rules_api import IllegalAction


def state_with(ability: str, patterns=None, coins=None, **kw):
    state = make_state(full=True, cards=make_cards(patterns=patterns or {"C01": ["XX"]}, coins=coins), **kw)
    set_characters(state, 0, ["C01", "C02", "C03"])
    art = artifact_of(state, ability)
    give_artifacts(state, 0, [art])
    return state, art


def test_purse_gains_a_coin_once_until_the_next_rest():
    state, purse = state_with("purse")
    assert UsePurse(purse) in legal_actions(state)
    assert apply(state, UsePurse(purse)) == [ArtifactUsed(0, purse, "purse"), CoinsGained(0, 1, "purse")]
    assert state.players[0].coins == 1 and state.players[0].artifacts_up == [False]
    with pytest.raises(IllegalAction, match="face down"):
        apply(state, UsePurse(purse))
    assert UsePurse(purse) not in legal_actions(state)


def test_artifacts_must_be_owned_and_of_the_right_ability():
    state, purse = state_with("purse")
    other = artifact_of(state, "purse", 1)
    with pytest.raises(IllegalAction, match="do not own"):
        apply(state, UsePurse(other))
    with pytest.raises(IllegalAction, match="is a purse artifact, not slide"):
        apply(state, UseSlide(purse, 0, 1))


def test_slide_moves_any_marker_to_an_adjacent_empty_square_without_coins():
    state, slide = state_with("slide", coins={"C09": [[0, 0], [0, 0], [3, 0]]})
    set_slot(state, 3, "C09")                  # (5, 0) holds 3 coins
    put_markers(state, 1, [sq(4, 0), sq(4, 1)])
    for bad, reason in (((sq(3, 3), sq(3, 4)), "no marker"), ((sq(4, 0), sq(4, 1)), "already holds"),
                        ((sq(4, 0), sq(5, 1)), "not orthogonally adjacent")):
        with pytest.raises(IllegalAction, match=reason):
            apply(state, UseSlide(slide, *bad))
    events = apply(state, UseSlide(slide, sq(4, 0), sq(5, 0)))
    assert events == [ArtifactUsed(0, slide, "slide"), MarkerSlid(0, 1, sq(4, 0), sq(5, 0))]
    assert state.board[sq(5, 0)] == 1 and state.board[sq(4, 0)] == -1
    assert state.players[1].coins == 1 and state.players[0].coins == 0 and state.phase == "start"


def test_slide_can_complete_a_card_claimed_at_the_end_of_the_search():
    state, slide = state_with("slide")
    put_markers(state, 0, [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1), sq(5, 0)])
    put_markers(state, 1, [sq(5, 2)])
    apply(state, UseSlide(slide, sq(5, 2), sq(5, 1)))
    events = apply(state, Search("C01", 0))
    assert CardClaimed(0, state.players[0].cards[-1], 3, ((0, 5), (1, 1)), 0) in events


def test_wake_turns_the_last_character_down_for_the_free_rest():
    state, wake = state_with("wake")
    set_characters(state, 0, ["C01", "C02", "C03"], [False, True, False])
    events = apply(state, UseWake(wake, "C02"))
    assert events == [ArtifactUsed(0, wake, "wake"), CharacterFlipped(0, "C02", False), Rested(0, 0, True)]
    ps = state.players[0]
    assert ps.face_up == [True] * 3 and ps.artifacts_up == [True] and state.phase == "search"
    with pytest.raises(IllegalAction, match="only be turned face down at the start"):
        apply(state, UseWake(wake, "C02"))


def test_wake_turns_a_character_face_up():
    state, wake = state_with("wake")
    set_characters(state, 0, ["C01", "C02"], [True, False])
    with pytest.raises(IllegalAction, match="C09 is not one of your characters"):
        apply(state, UseWake(wake, "C09"))
    assert apply(state, UseWake(wake, "C02"))[1] == CharacterFlipped(0, "C02", True)
    assert state.players[0].face_up == [True, True] and state.phase == "start"


def test_turn_rotates_the_pattern_a_quarter_clockwise():
    state, turn = state_with("turn", patterns={"C01": ["XXX", "X.."]})
    events = apply(state, Search("C01", sq(0, 0), turn_artifacts=(turn,)))
    assert ArtifactUsed(0, turn, "turn") in events
    placed = sorted(e.square for e in events if isinstance(e, MarkerPlaced))
    assert placed == sorted([sq(0, 1), sq(1, 1), sq(2, 1), sq(0, 0)])    # the west-seat shape
    assert state.players[0].artifacts_up == [False]


def test_free_blank_places_one_blank_without_paying():
    state, fb = state_with("free_blank", patterns={"C01": ["BXXB"]})
    state.players[0].coins = 2
    with pytest.raises(IllegalAction, match="one free blank per Free blank artifact"):
        apply(state, Search("C01", sq(0, 1), blanks=(0,), free_blank_artifacts=(fb,)))
    with pytest.raises(IllegalAction, match="free blanks must be different blanks among the chosen ones"):
        apply(state, Search("C01", sq(0, 1), blanks=(0,), free_blank_artifacts=(fb,), free_blanks=(1,)))
    events = apply(state, Search("C01", sq(0, 1), blanks=(0, 1), free_blank_artifacts=(fb,), free_blanks=(1,)))
    assert BlankPaid(0, sq(0, 0), 2) in events and BlankPaid(0, sq(0, 3), 0) in events
    assert state.players[0].coins == 0 and all(state.board[s] == 0 for s in range(4))


def test_displace_replaces_another_players_marker_and_collects_its_coins():
    state, disp = state_with("displace", coins={"C09": [[0, 0], [0, 0], [0, 2]]})
    set_slot(state, 3, "C09")                      # (5, 1) holds 2 coins
    put_markers(state, 1, [sq(5, 1)])
    put_markers(state, 0, [sq(4, 0)])
    with pytest.raises(IllegalAction, match="does not hold another player's marker"):
        apply(state, Search("C01", sq(4, 0), displace_artifacts=(disp,), displace_squares=(sq(4, 0),)))
    with pytest.raises(IllegalAction, match="not a marker square or chosen blank"):
        apply(state, Search("C01", sq(5, 2), displace_artifacts=(disp,), displace_squares=(sq(5, 1),)))
    events = apply(state, Search("C01", sq(5, 0), displace_artifacts=(disp,), displace_squares=(sq(5, 1),)))
    assert MarkerDisplaced(0, sq(5, 1), 1, 2) in events
    assert state.board[sq(5, 1)] == 0 and state.players[1].supply == 24 and state.players[0].supply == 24 - 3
    assert state.players[0].coins == 2


def test_displace_onto_a_chosen_blank():
    state, disp = state_with("displace", patterns={"C01": ["XXB"]})
    state.players[0].coins = 2
    put_markers(state, 1, [sq(0, 2)])
    events = apply(state, Search("C01", 0, blanks=(0,), displace_artifacts=(disp,), displace_squares=(sq(0, 2),)))
    assert events[2:6] == [MarkerPlaced(0, sq(0, 0), 0), MarkerPlaced(0, sq(0, 1), 0),
                           BlankPaid(0, sq(0, 2), 2), MarkerDisplaced(0, sq(0, 2), 1, 0)]
    assert state.board[sq(0, 2)] == 0 and state.players[0].coins == 0


def test_no_artifact_during_a_tie_bidding():
    state, purse = state_with("purse")
    state.players[1].coins = 0
    put_markers(state, 0, [sq(3, 0)])
    put_markers(state, 1, [sq(3, 1), sq(4, 0), sq(4, 1)])
    state.players[0].coins = 1
    apply(state, Search("C01", sq(5, 0)))
    assert state.phase == "after"                # the Purse may still be used: the claims wait
    apply(state, ResolveClaims())                # tie 3-3: bidding
    assert state.phase == "bid" and not artifact_window(state)
    with pytest.raises(IllegalAction, match="cannot use a Purse during a tie bidding"):
        apply(state, UsePurse(purse))
    apply(state, Bid(1))


def test_purse_after_the_search_before_the_claims():
    state, purse = state_with("purse")
    state.players[1].coins = 0
    put_markers(state, 0, [sq(3, 0)])
    put_markers(state, 1, [sq(3, 1), sq(4, 0), sq(4, 1)])
    events = apply(state, Search("C01", sq(5, 0)))         # the card is full, but not yet claimed
    assert state.phase == "after" and artifact_window(state)
    assert not any(isinstance(e, CardClaimed) for e in events)
    assert set(legal_actions(state)) == {UsePurse(purse), ResolveClaims()}
    with pytest.raises(IllegalAction, match="cannot search during the artifacts after the search"):
        apply(state, Search("C02", 0))
    events = apply(state, UsePurse(purse))                 # the last artifact: the claims follow at once
    assert events[:2] == [ArtifactUsed(0, purse, "purse"), CoinsGained(0, 1, "purse")]
    assert state.phase == "bid" and state.players[0].coins == 1   # the coin counts in the bidding


def test_no_after_phase_without_an_artifact_to_use():
    state, _ = state_with("turn")
    apply(state, Search("C01", 0))
    assert state.phase == "start" and state.active == 1
    with pytest.raises(IllegalAction, match="only after the search"):
        apply(state, ResolveClaims())


def test_slide_after_the_search_fills_a_card_before_the_claims():
    state, slide = state_with("slide")
    put_markers(state, 0, [sq(3, 0), sq(3, 1), sq(4, 0)])
    put_markers(state, 1, [sq(4, 2)])
    apply(state, Search("C01", sq(5, 0)))                  # (5, 0) and (5, 1): slot 3 lacks (4, 1)
    assert state.phase == "after"
    assert UseSlide(slide, sq(4, 2), sq(4, 1)) in legal_actions(state)
    events = apply(state, UseSlide(slide, sq(4, 2), sq(4, 1)))
    assert MarkerSlid(0, 1, sq(4, 2), sq(4, 1)) in events
    assert CardClaimed(0, state.players[0].cards[-1], 3, ((0, 5), (1, 1)), 0) in events


def test_resolve_claims_keeps_the_unused_artifacts():
    state, _ = state_with("slide")
    put_markers(state, 1, [sq(3, 3)])
    apply(state, Search("C01", 0))
    assert state.phase == "after"
    assert apply(state, ResolveClaims()) == [ClaimsBegun(0), TurnStarted(1)]
    assert state.players[0].artifacts_up == [True]


def test_wake_after_the_search_turns_a_character_face_up_only():
    state, wake = state_with("wake")
    apply(state, Search("C01", 0))
    assert state.phase == "after"
    assert {a for a in legal_actions(state) if isinstance(a, UseWake)} == {UseWake(wake, "C01")}
    with pytest.raises(IllegalAction, match="only be turned face down at the start"):
        apply(state, UseWake(wake, "C02"))
    events = apply(state, UseWake(wake, "C01"))
    assert CharacterFlipped(0, "C01", True) in events and events[-1] == TurnStarted(1)
    assert state.players[0].face_up == [True, True, True]


def test_purse_during_the_buy_to_afford_an_artifact():
    state, purse = state_with("purse")
    cost = min(state.cards.artifact(a).cost for a in state.art_row)
    state.players[0].coins = cost - 1
    apply(state, Search("C01", 0))
    apply(state, ResolveClaims())
    assert state.phase == "buy" and artifact_window(state)   # only the Purse makes an artifact affordable
    cheap = [a for a in state.art_row if state.cards.artifact(a).cost == cost]
    assert set(legal_actions(state)) == {UsePurse(purse), SkipBuy()}
    apply(state, UsePurse(purse))
    assert state.phase == "buy" and Buy(cheap[0]) in legal_actions(state)
    apply(state, Buy(cheap[0]))
    assert state.players[0].coins == 0 and state.active == 1


def test_purse_in_the_buy_only_to_afford_an_artifact():
    state, purse = state_with("purse")
    state.players[0].coins = 9
    apply(state, Search("C01", 0))
    apply(state, ResolveClaims())
    assert state.phase == "buy" and UsePurse(purse) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="only be used to afford"):
        apply(state, UsePurse(purse))


def test_two_turns_rotate_the_pattern_half_a_turn():
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XXX", "X.."]}))
    set_characters(state, 0, ["C01", "C02", "C03"])
    turns = (artifact_of(state, "turn", 0), artifact_of(state, "turn", 1))
    give_artifacts(state, 0, list(turns))
    with pytest.raises(IllegalAction, match="only once per search"):
        apply(state, Search("C01", 0, turn_artifacts=(turns[0], turns[0])))
    assert Search("C01", 0, turn_artifacts=turns) in legal_actions(state)
    events = apply(state, Search("C01", 0, turn_artifacts=turns))
    placed = sorted(e.square for e in events if isinstance(e, MarkerPlaced))
    assert placed == sorted([sq(0, 2), sq(1, 0), sq(1, 1), sq(1, 2)])    # the north-seat shape
    assert state.players[0].artifacts_up == [False, False]


def test_two_free_blanks_fill_two_blanks():
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["BXXB"]}))
    set_characters(state, 0, ["C01", "C02", "C03"])
    fbs = (artifact_of(state, "free_blank", 0), artifact_of(state, "free_blank", 1))
    give_artifacts(state, 0, list(fbs))
    search = Search("C01", sq(0, 1), blanks=(0, 1), free_blank_artifacts=fbs, free_blanks=(0, 1))
    assert search in legal_actions(state)                  # no coins needed
    events = apply(state, search)
    assert BlankPaid(0, sq(0, 0), 0) in events and BlankPaid(0, sq(0, 3), 0) in events
    assert state.players[0].coins == 0 and all(state.board[s] == 0 for s in range(4))


def test_two_displaces_take_two_squares():
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01", "C02", "C03"])
    ds = (artifact_of(state, "displace", 0), artifact_of(state, "displace", 1))
    give_artifacts(state, 0, list(ds))
    put_markers(state, 1, [sq(0, 0), sq(0, 1)])
    search = Search("C01", 0, displace_artifacts=ds, displace_squares=(sq(0, 0), sq(0, 1)))
    assert search in legal_actions(state)
    events = apply(state, search)
    assert [e.square for e in events if isinstance(e, MarkerDisplaced)] == [sq(0, 0), sq(0, 1)]
