"""Bots: registry, determinism, legality, and the greedy bot's judgement on hand-made positions."""
import pytest

from arzium.bots import BOT_LEVELS, make_bot
from arzium.rules import (
    Bid,
    Buy,
    CardClaimed,
    RestEarly,
    Search,
    apply,
    current_player,
    default_setup,
    is_over,
    legal_actions,
    new_game,
    outcome,
)
from arzium_testkit import make_cards, make_state, put, set_party, sq


def play(levels, full, seed):
    state = new_game(default_setup(len(levels), full), seed)
    bots = [make_bot(level, seed * 7 + i) for i, level in enumerate(levels)]
    log = []
    while not is_over(state):
        p = current_player(state)
        action = bots[p].decide(state, p)
        assert action in legal_actions(state)
        apply(state, action)
        log.append(action)
    return state, log


def test_registry():
    assert set(BOT_LEVELS) >= {"greedy", "random"}
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_bot("genius", 1)


@pytest.mark.parametrize("full", [False, True])
def test_bots_are_deterministic_from_their_seed(full):
    assert play(["greedy", "greedy", "random"], full, 4)[1] == play(["greedy", "greedy", "random"], full, 4)[1]


def test_greedy_beats_random():
    wins = 0
    for seed in range(6):
        state, _ = play(["greedy", "random"], seed % 2 == 0, seed)
        wins += outcome(state).winners == (0,)
    assert wins >= 5


def test_greedy_does_not_change_the_state_it_looks_at():
    state = new_game(default_setup(4, True), 9)
    for _ in range(40):
        before = state.to_dict()
        action = make_bot("greedy", 1).decide(state, current_player(state))
        assert state.to_dict() == before
        apply(state, action)


def claim_position(face_up_c03: bool):
    cards = make_cards(patterns={"C01": ["XX"], "C03": [".X", "X."]}, points={"C10": 4})
    state = make_state(cards=cards)
    state.slots[3] = "C10"
    state.refresh_slot(3)
    set_party(state, 0, ["C01", "C03"], [True, face_up_c03])
    put(state, 0, [sq(3, 0), sq(3, 1), sq(4, 0), sq(5, 1)])   # (4, 1) and (5, 0) free: a diagonal
    state.players[0].coins = 2
    return state


def test_greedy_claims_a_card_it_can_win():
    state = claim_position(True)
    action = make_bot("greedy", 0).decide(state, 0)
    assert action == Search("C03", sq(4, 0))
    assert any(isinstance(e, CardClaimed) and e.player == 0 for e in apply(state, action))


def test_greedy_rests_early_when_the_right_character_is_face_down():
    state = claim_position(False)
    bot = make_bot("greedy", 0)
    assert bot.decide(state, 0) == RestEarly()
    apply(state, RestEarly())
    assert bot.decide(state, 0) == Search("C03", sq(4, 0))


def test_greedy_does_not_hand_a_card_to_a_rival():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}, points={"C10": 4}))
    state.slots[3] = "C10"
    state.refresh_slot(3)
    set_party(state, 0, ["C01"])
    put(state, 1, [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1)])
    action = make_bot("greedy", 0).decide(state, 0)
    assert action.anchor != sq(5, 0)        # filling (5, 0)-(5, 1) would give the rival the card


def test_greedy_bids_to_block_a_poorer_rival_and_raises_when_worth_it():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}, points={"C10": 4}))
    state.slots[3] = "C10"
    state.refresh_slot(3)
    set_party(state, 0, ["C01"])
    put(state, 0, [sq(3, 0)])
    put(state, 1, [sq(3, 1), sq(4, 0), sq(4, 1)])
    state.players[0].coins, state.players[1].coins = 4, 2
    apply(state, Search("C01", sq(5, 0)))
    assert state.phase == "bid"
    assert make_bot("greedy", 0).decide(state, 0) == Bid(2)      # the rival cannot go to 3
    apply(state, Bid(0))
    assert make_bot("greedy", 0).decide(state, 1) == Bid(1)


def test_greedy_buys_a_good_artifact():
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_party(state, 0, ["C01"])
    state.players[0].coins = 5
    apply(state, Search("C01", 0))
    assert state.phase == "buy"
    assert isinstance(make_bot("greedy", 0).decide(state, 0), Buy)
