"""The search: skipped squares, coins at once, blanks (paid from coins of the same placement), empty searches."""
import pytest

from arzium.rules.actions import Search
from arzium.rules.builders import put_markers, set_slot
from arzium.rules.engine import apply, legal_actions
from arzium.rules.events import BlankPaid, CharacterUsed, MarkerPlaced, SquareSkipped
from arzium_testkit import make_cards, make_state, set_characters, sq
from common.data.rules_api import IllegalAction

FLAT = [[0, 0], [0, 0], [0, 0]]


def test_occupied_squares_are_skipped_whoever_owns_them():
    state = make_state(cards=make_cards(patterns={"C01": ["XXXX"]}))
    set_characters(state, 0, ["C01"])
    put_markers(state, 0, [sq(3, 1)])   # own marker from an earlier turn
    put_markers(state, 1, [sq(3, 2)])
    events = apply(state, Search("C01", sq(3, 0)))
    assert events[:5] == [CharacterUsed(0, "C01"), MarkerPlaced(0, sq(3, 0), 0), SquareSkipped(sq(3, 1)),
                          SquareSkipped(sq(3, 2)), MarkerPlaced(0, sq(3, 3), 0)]
    assert state.board[sq(3, 2)] == 1 and state.players[0].supply == 24 - 3
    assert state.players[0].face_up == [False]


def test_coins_are_collected_at_once():
    # slot 3 is upright: local (2, 0) and (2, 1) are (5, 0) and (5, 1)
    cards = make_cards(patterns={"C01": ["XX"]}, coins={"C02": [[0, 0], [0, 0], [1, 2]]})
    state = make_state(cards=cards)
    set_characters(state, 0, ["C01"])
    set_slot(state, 3, "C02")
    events = apply(state, Search("C01", sq(5, 0)))
    assert MarkerPlaced(0, sq(5, 0), 1) in events and MarkerPlaced(0, sq(5, 1), 2) in events
    assert state.players[0].coins == 0 + 3


def test_blank_paid_with_coins_earned_in_the_same_placement():
    cards = make_cards(patterns={"C01": ["XXB"]}, coins={"C02": [[0, 0], [0, 0], [1, 1]]})
    state = make_state(cards=cards)
    set_characters(state, 0, ["C01"])
    set_slot(state, 3, "C02")
    assert state.players[0].coins == 0
    events = apply(state, Search("C01", sq(5, 0), blanks=(0,)))
    assert events[1:5] == [MarkerPlaced(0, sq(5, 0), 1), MarkerPlaced(0, sq(5, 1), 1),
                           BlankPaid(0, sq(5, 2), 2), MarkerPlaced(0, sq(5, 2), 0)]
    assert state.players[0].coins == 0 and state.board[sq(5, 2)] == 0


def test_blank_needs_two_coins():
    state = make_state(cards=make_cards(patterns={"C01": ["XXB"]}))
    set_characters(state, 0, ["C01"])
    state.players[0].coins = 1
    with pytest.raises(IllegalAction, match="not enough coins for blank 0: it costs 2, you would have 1"):
        apply(state, Search("C01", sq(5, 0), blanks=(0,)))
    assert state.players[0].face_up == [True] and state.occ == 0   # nothing changed
    assert Search("C01", sq(5, 0), blanks=(0,)) not in legal_actions(state)
    state.players[0].coins = 2
    assert Search("C01", sq(5, 0), blanks=(0,)) in legal_actions(state)


def test_two_blanks_cost_four_and_the_richer_blank_is_paid_first():
    cards = make_cards(patterns={"C01": ["BXXB"]}, coins={"C02": [[0, 0], [0, 0], [0, 2]]})
    state = make_state(cards=cards)
    set_characters(state, 0, ["C01"])
    set_slot(state, 4, "C02")      # slot 4 upright: local (2, 1) is (5, 3), 2 coins
    state.players[0].coins = 3
    plain = Search("C01", sq(4, 1), blanks=(0, 1))  # row 4: no coins anywhere
    with pytest.raises(IllegalAction, match="not enough coins for blank 1: it costs 2, you would have 1"):
        apply(state, plain)
    state.players[0].coins = 2      # blank 1 on (5, 3) pays 2 coins back before blank 0 is paid
    events = apply(state, Search("C01", sq(5, 1), blanks=(0, 1)))
    paid = [e for e in events if isinstance(e, (BlankPaid, MarkerPlaced))]
    assert paid[2:] == [BlankPaid(0, sq(5, 3), 2), MarkerPlaced(0, sq(5, 3), 2),
                        BlankPaid(0, sq(5, 0), 2), MarkerPlaced(0, sq(5, 0), 0)]
    assert state.players[0].coins == 0


def test_blank_on_an_occupied_square_is_not_allowed():
    state = make_state(cards=make_cards(patterns={"C01": ["XXB"]}))
    set_characters(state, 0, ["C01"])
    state.players[0].coins = 5
    put_markers(state, 1, [sq(0, 2)])
    with pytest.raises(IllegalAction, match=r"blank 0 \(square 2\) already holds a marker"):
        apply(state, Search("C01", 0, blanks=(0,)))
    with pytest.raises(IllegalAction, match="blanks must be different blank numbers 0-0"):
        apply(state, Search("C01", sq(3, 0), blanks=(1,)))


def test_a_search_on_occupied_squares_only_is_legal_and_places_nothing():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01", "C02"])
    put_markers(state, 1, [sq(0, 0), sq(0, 1)])           # C01 could reach free squares elsewhere
    assert Search("C01", 0) in legal_actions(state)
    events = apply(state, Search("C01", 0))
    assert events[:3] == [CharacterUsed(0, "C01"), SquareSkipped(sq(0, 0)), SquareSkipped(sq(0, 1))]
    assert not any(isinstance(e, MarkerPlaced) for e in events)
    assert state.players[0].face_up == [False, True] and state.players[0].supply == 24 and state.active == 1


def test_only_your_own_face_up_characters_search():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01", "C02"], [True, False])
    with pytest.raises(IllegalAction, match="C03 is not one of your characters"):
        apply(state, Search("C03", 0))
    with pytest.raises(IllegalAction, match="character C02 is face down"):
        apply(state, Search("C02", 0))
    with pytest.raises(IllegalAction, match="anchor 36 is not a square"):
        apply(state, Search("C01", 36))
    assert all(a.card == "C01" for a in legal_actions(state) if isinstance(a, Search))
