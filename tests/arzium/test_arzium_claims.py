"""Claims at the end of the search: majority, bidding in ties, consolation, replacement, order."""
import pytest

from arzium.rules.actions import Bid, PassBid, Search
from arzium.rules.board import slot_squares
from arzium.rules.builders import put_markers, set_slot
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.events import (
    BiddingStarted,
    BidPassed,
    BidPlaced,
    CardClaimed,
    CardFull,
    CardReplaced,
    ConsolationCoin,
    TurnStarted,
)
from arzium.rules.search import placement
from arzium_testkit import make_cards, make_state, set_characters, sq
from common.data.rules_api import IllegalAction

S3 = [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1), sq(5, 0), sq(5, 1)]   # slot 3, south-west


def two_player_claim_state(**kw):
    cards = make_cards(patterns={"C01": ["XX"]}, **kw)
    state = make_state(cards=cards)
    set_characters(state, 0, ["C01", "scout-red"])
    set_slot(state, 3, "C10")
    return state


def test_majority_claims_returns_markers_pays_one_consolation_and_replaces():
    state = two_player_claim_state(coins={"C20": [[1, 0], [0, 0], [0, 2]]})
    put_markers(state, 0, [sq(3, 0), sq(3, 1)])
    put_markers(state, 1, [sq(4, 0), sq(4, 1)])          # two markers, still one coin
    state.deck[-1] = "C20"
    events = apply(state, Search("C01", sq(5, 0)))
    tail = events[3:]
    assert tail == [CardFull(3, "C10"), CardClaimed(0, "C10", 3, ((0, 4), (1, 2)), 0), ConsolationCoin(1, 3),
                    CardReplaced(3, "C20"), TurnStarted(1)]
    assert state.players[0].cards == ["C01", "scout-red", "C10"]
    assert state.players[0].face_up == [False, True, True]      # claimed card joins face up
    assert state.players[1].coins == 1 + 1 and state.players[0].coins == 0
    assert state.players[0].supply == 24 and state.players[1].supply == 24
    assert all(state.board[s] == -1 for s in S3) and state.occ == 0
    # replacement keeps the slot's orientation: upright in slot 3
    assert state.coin_at[slot_squares(3)[0]] == 1 and state.coin_at[sq(3, 0)] == 1
    assert state.coin_at[sq(5, 1)] == 2


def test_replacement_in_the_north_row_is_turned_like_the_card_it_replaces():
    cards = make_cards(patterns={"C01": ["XX"]}, coins={"C20": [[1, 0], [0, 0], [0, 2]]})
    state = make_state(cards=cards)
    set_characters(state, 0, ["C01"])
    put_markers(state, 0, [sq(1, 0), sq(1, 1), sq(2, 0), sq(2, 1)])
    state.deck[-1] = "C20"
    apply(state, Search("C01", sq(0, 0)))
    assert state.players[0].cards[-1] != "C20"
    assert state.coin_at[sq(2, 1)] == 1 and state.coin_at[sq(0, 0)] == 2   # local 0 / local 5 turned


def test_empty_deck_leaves_the_slot_off_the_map():
    state = two_player_claim_state()
    put_markers(state, 0, S3[:4])
    state.deck.clear()
    events = apply(state, Search("C01", sq(5, 0)))
    assert CardReplaced(3, None) in events and state.slots[3] is None
    set_characters(state, 1, ["C01"])
    assert not placement(state, "C01", sq(4, 0)).legal
    with pytest.raises(IllegalAction, match="empty slot"):
        apply(state, Search("C01", sq(4, 0)))
    assert all(a.anchor not in (sq(4, 0), sq(3, 0)) for a in legal_actions(state) if isinstance(a, Search))


def test_several_full_cards_resolve_in_reading_order_of_the_active_player():
    for active, edge_order in ((0, [3, 4]), (1, [4, 3])):   # south reads west to east, north the other way
        state = make_state(cards=make_cards(patterns={"C01": ["XX"]}))
        set_characters(state, active, ["C01"])
        state.active = active
        s4 = slot_squares(4)
        put_markers(state, 0, [s for s in S3 if s != sq(5, 1)])
        put_markers(state, 1, [s for s in s4 if s != sq(5, 2)])
        events = apply(state, Search("C01", sq(5, 1)))
        full = [e.slot for e in events if isinstance(e, CardFull)]
        claimed = [(e.player, e.slot) for e in events if isinstance(e, CardClaimed)]
        assert full == edge_order
        assert claimed == [(0 if s == 3 else 1, s) for s in edge_order]


def tie_state(coins0: int, coins1: int):
    state = two_player_claim_state()
    put_markers(state, 0, [sq(3, 0)])
    put_markers(state, 1, [sq(3, 1), sq(4, 0), sq(4, 1)])
    state.players[0].coins, state.players[1].coins = coins0, coins1
    events = apply(state, Search("C01", sq(5, 0)))     # 3 - 3
    assert BiddingStarted(3, (0, 1)) in events and state.phase == "bid"
    return state


def test_tie_bidding_opener_may_bid_zero_but_must_open():
    state = tie_state(2, 3)
    assert current_player(state) == 0
    assert legal_actions(state) == [Bid(0), Bid(1), Bid(2)]
    with pytest.raises(IllegalAction, match="first bidder must open"):
        apply(state, PassBid())
    with pytest.raises(IllegalAction, match="cannot bid 3: you have only 2 coins"):
        apply(state, Bid(3))
    assert apply(state, Bid(0)) == [BidPlaced(0, 0)]
    assert current_player(state) == 1


def test_raise_must_be_one_more_and_only_the_winner_pays():
    state = tie_state(2, 3)
    apply(state, Bid(1))
    with pytest.raises(IllegalAction, match="at least 2"):
        apply(state, Bid(1))
    with pytest.raises(IllegalAction, match="only 3 coins"):
        apply(state, Bid(4))
    events = apply(state, Bid(2))
    assert events[:3] == [BidPlaced(1, 2), CardClaimed(1, "C10", 3, ((0, 3), (1, 3)), 2), ConsolationCoin(0, 3)]
    assert state.players[1].coins == 1 and state.players[0].coins == 2 + 1
    assert state.players[1].cards[-1] == "C10" and state.phase == "start" and state.active == 1


def test_pass_leaves_the_card_to_the_highest_bid():
    state = tie_state(2, 3)
    apply(state, Bid(1))
    assert PassBid() in legal_actions(state)
    events = apply(state, PassBid())
    assert events[:2] == [BidPassed(1), CardClaimed(0, "C10", 3, ((0, 3), (1, 3)), 1)]
    assert state.players[0].coins == 1 and state.players[1].coins == 3 + 1


def test_forced_choices_are_automatic():
    # opener with no coins bids 0; a bidder who cannot raise passes
    state = two_player_claim_state()
    put_markers(state, 0, [sq(3, 0)])
    put_markers(state, 1, [sq(3, 1), sq(4, 0), sq(4, 1)])
    state.players[1].coins = 0
    events = apply(state, Search("C01", sq(5, 0)))
    assert [e for e in events if isinstance(e, (BidPlaced, BidPassed))] == [BidPlaced(0, 0), BidPassed(1, True)]
    assert state.players[0].cards[-1] == "C10"
    state = tie_state(2, 2)
    events = apply(state, Bid(2))
    assert events[:2] == [BidPlaced(0, 2), BidPassed(1, True)]


def test_bidding_order_starts_with_the_first_tied_player_after_the_active_one():
    cards = make_cards(patterns={"C01": ["XX"]})
    state = make_state(n=3, cards=cards)               # order 0, 1, 2; player 1 sits west: "XX" stands upright
    state.active = 1
    set_characters(state, 1, ["C01"])
    put_markers(state, 0, [sq(3, 0), sq(3, 1)])
    put_markers(state, 2, [sq(4, 0), sq(5, 0)])
    events = apply(state, Search("C01", sq(4, 1)))      # three-way tie 2-2-2: the active player opens
    assert BiddingStarted(3, (1, 2, 0)) in events and current_player(state) == 1
    # players 0 and 2 tie 3-3 on slot 4 (as if filled by a Slide this turn): player 2 comes first
    state = make_state(n=3, cards=cards)
    state.active = 1
    set_characters(state, 1, ["C01"])
    s4 = slot_squares(4)
    put_markers(state, 0, list(s4[:3]))
    put_markers(state, 2, list(s4[3:]))
    events = apply(state, Search("C01", sq(0, 0)))
    assert BiddingStarted(4, (2, 0)) in events and current_player(state) == 2
