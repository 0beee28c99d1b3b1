"""Board geometry: slots, orientation, reading order, seat rotation, anchors, the fit rule, previews."""
import pytest

from arzium.rules.actions import Search
from arzium.rules.board import EDGES, READING_ORDER, SLOT_ORIENTATION, slot_of_square, slot_squares, square_rc
from arzium.rules.builders import Party, build_position, put_markers, set_slot
from arzium.rules.engine import apply
from arzium.rules.search import placement
from arzium_testkit import make_cards, make_setup, make_state, set_characters, sq
from common.data.rules_api import IllegalAction


def test_squares_and_slots_partition_the_board():
    assert square_rc(0) == (0, 0) and square_rc(35) == (5, 5) and square_rc(sq(2, 4)) == (2, 4)
    seen = [s for slot in range(6) for s in slot_squares(slot)]
    assert sorted(seen) == list(range(36))
    assert all(slot_of_square(s) == slot for slot in range(6) for s in slot_squares(slot))
    # each card is 2 wide and 3 tall; slot 1 is the middle of the north half
    assert sorted(slot_squares(1)) == [sq(0, 2), sq(0, 3), sq(1, 2), sq(1, 3), sq(2, 2), sq(2, 3)]


def test_slot_orientation_puts_the_scroll_on_the_outer_edge():
    assert SLOT_ORIENTATION == ("north",) * 3 + ("south",) * 3
    # south row upright: local 0 = top-left, local 5 = bottom-right on the south edge
    assert slot_squares(3)[0] == sq(3, 0) and slot_squares(3)[5] == sq(5, 1)
    # north row turned 180 degrees: local 0 at the map's middle, local 5 on the north edge
    assert slot_squares(0)[0] == sq(2, 1) and slot_squares(0)[5] == sq(0, 0)
    for slot in range(6):
        scroll_rows = {square_rc(s)[0] for s in slot_squares(slot)[4:]}
        assert scroll_rows == ({0} if slot < 3 else {5})


def test_land_coins_follow_the_slot_orientation():
    cards = make_cards(coins={"C01": [[1, 0], [0, 0], [0, 2]]})
    state = make_state(cards=cards)
    set_slot(state, 0, "C01")
    set_slot(state, 4, "C01")
    assert state.coin_at[sq(2, 1)] == 1 and state.coin_at[sq(0, 0)] == 2   # turned
    assert state.coin_at[sq(3, 2)] == 1 and state.coin_at[sq(5, 3)] == 2   # upright
    assert sum(state.coin_at) == 6


def test_reading_order_from_each_edge():
    assert READING_ORDER == {"south": (0, 1, 2, 3, 4, 5), "north": (5, 4, 3, 2, 1, 0),
                             "west": (2, 5, 1, 4, 0, 3), "east": (3, 0, 4, 1, 5, 2)}


# "XXX" forward (far) row, one marker on the near row at the owner's left
L_PATTERN = ["XXX", "X.."]
EXPECTED = {  # marker cells relative to the anchor, pattern reading order
    "south": [(0, 0), (0, 1), (0, 2), (1, 0)],
    "west": [(0, 1), (1, 1), (2, 1), (0, 0)],    # forward = east, owner's left = north
    "north": [(1, 2), (1, 1), (1, 0), (0, 2)],   # forward = south, owner's left = east
    "east": [(2, 0), (1, 0), (0, 0), (2, 1)],    # forward = west, owner's left = south
}


@pytest.mark.parametrize("edge", EDGES)
def test_seat_rotation_for_each_edge(edge):
    other = next(e for e in EDGES if e != edge)
    state = make_state(cards=make_cards(patterns={"C01": L_PATTERN}), edges=(edge, other))
    set_characters(state, 0, ["C01"])
    anchor = sq(2, 2)
    pl = placement(state, "C01", anchor)
    assert pl.legal, pl.reason
    assert list(pl.marker_cells) == [(2 + r, 2 + c) for r, c in EXPECTED[edge]]
    apply(state, Search("C01", anchor))
    assert sorted(s for s in range(36) if state.board[s] == 0) == sorted(sq(2 + r, 2 + c) for r, c in EXPECTED[edge])


def test_turn_preview_adds_a_clockwise_quarter():
    state = make_state(cards=make_cards(patterns={"C01": L_PATTERN}), edges=("south", "north"))
    set_characters(state, 0, ["C01"])
    assert placement(state, "C01", 0, turn=1).marker_cells == tuple(tuple(x) for x in EXPECTED["west"])
    assert placement(state, "C01", 0, turn=2).marker_cells == tuple(tuple(x) for x in EXPECTED["north"])


def test_fit_rule_markers_inside_blanks_may_hang_out():
    state = make_state(cards=make_cards(patterns={"C01": ["BXB", ".X."]}))
    set_characters(state, 0, ["C01"])
    # marker box is 1 wide, 2 tall; at (0, 0) the left blank hangs off the west edge
    pl = placement(state, "C01", sq(0, 0))
    assert pl.legal and pl.markers == (sq(0, 0), sq(1, 0))
    assert pl.blank_cells == ((0, -1), (0, 1)) and pl.blanks == (-1, sq(0, 1))
    assert pl.blank_open == (False, True)
    assert placement(state, "C01", sq(5, 0)).legal is False   # lower marker would be on row 6
    with pytest.raises(IllegalAction, match="does not fit at anchor 30"):
        apply(state, Search("C01", sq(5, 0)))
    with pytest.raises(IllegalAction, match="blank 0 is off the map"):
        apply(state, Search("C01", sq(0, 0), blanks=(0,)))


def test_empty_slot_squares_are_off_the_map():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"], "C02": ["XXB"]}))
    set_characters(state, 0, ["C01", "C02"])
    set_slot(state, 1, None)
    pl = placement(state, "C01", sq(0, 1))   # (0,1) in slot 0, (0,2) in the empty slot 1
    assert not pl.legal and "off the map" in pl.reason and pl.markers == (sq(0, 1),)
    with pytest.raises(IllegalAction, match="empty slot"):
        apply(state, Search("C01", sq(0, 1)))
    pl = placement(state, "C02", sq(0, 0))   # the blank at (0,2) is on the empty slot
    assert pl.legal and pl.blanks == (-1,) and pl.blank_cells == ((0, 2),)
    with pytest.raises(IllegalAction, match="blank 0 is off the map"):
        apply(state, Search("C02", sq(0, 0), blanks=(0,)))


def test_placement_preview_reports_skipped_squares_and_coins():
    cards = make_cards(patterns={"C01": ["XXX"]}, coins={"C02": [[0, 0], [0, 0], [0, 2]]})
    state = build_position(make_setup(2), cards=cards, slots={3: "C02"},  # local 5 of slot 3 is (5, 1)
                           markers={1: [sq(5, 2)]}, parties={0: Party(("C01",))})
    pl = placement(state, "C01", sq(5, 0))
    assert pl.markers == (sq(5, 0), sq(5, 1)) and pl.skipped == (sq(5, 2),) and pl.coins == 2 and pl.legal
    state.players[0].face_up[0] = False
    assert placement(state, "C01", sq(5, 0)).reason == "character C01 is face down"


def test_a_built_position_has_its_markers_lands_and_parties_and_refuses_a_taken_square():
    cards = make_cards(coins={"C02": [[0, 0], [0, 0], [0, 2]]})
    state = build_position(make_setup(3), cards=cards, slots={3: "C02", 1: None},
                           markers={0: [sq(3, 0)], 2: [sq(5, 2), sq(5, 3)]},
                           parties={1: Party(("C01", "C03"), (True, False), coins=5)}, active=1)
    assert state.occ == (1 << sq(3, 0)) | (1 << sq(5, 2)) | (1 << sq(5, 3))
    assert all(state.offmap >> s & 1 for s in slot_squares(1)) and state.coin_at[sq(5, 1)] == 2
    assert [p.supply for p in state.players] == [23, 24, 22]
    assert state.players[1].cards == ["C01", "C03"] and state.players[1].face_up == [True, False]
    assert state.players[1].coins == 5 and state.active == 1
    with pytest.raises(ValueError, match="already holds a marker"):
        put_markers(state, 1, [sq(3, 0)])
