"""Bots: registry, determinism, legality, the greedy bot's judgement on hand-made positions, the levels
(easy < normal < hard), the hard bot's search on constructed positions, and hints."""
import random

import pytest

from arzium.bots import BOT_LEVELS, LEVELS, HardBot, hint, make_bot
from arzium.bots.hard import equity, rewards
from arzium.rules.actions import Bid, Buy, RestEarly, Search, UsePurse
from arzium.rules.builders import put_markers, set_slot
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.events import CardClaimed
from arzium.rules.score import outcome
from arzium.rules.state import Phase, clone, default_setup, new_game
from arzium_testkit import give_artifacts, make_cards, make_state, set_characters, sq

FAST_HARD = 8  # iterations: enough to exercise the search, cheap enough for the default suite


def deal_characters(state, p, cards, face_up=None):
    """`testkit.set_characters`, also taking the cards out of the deck and the map (the search plays on)."""
    set_characters(state, p, cards, face_up)
    state.deck = [c for c in state.deck if c not in cards]
    for s, c in enumerate(state.slots):
        if c in cards:
            set_slot(state, s, state.deck.pop())


def lay_card(state, slot, card):
    """Put `card` in `slot`, swapping it with wherever it was (deck or another slot)."""
    old = state.slots[slot]
    if card in state.deck:
        state.deck[state.deck.index(card)] = old
    elif card in state.slots:
        set_slot(state, state.slots.index(card), old)
    set_slot(state, slot, card)


def play(levels, full, seed, iterations=FAST_HARD):
    state = new_game(default_setup(len(levels), full), seed)
    bots = [make_bot(level, seed * 7 + i, iterations) for i, level in enumerate(levels)]
    log = []
    while not is_over(state):
        p = current_player(state)
        action = bots[p].decide(state, p)
        assert action in legal_actions(state)
        apply(state, action)
        log.append(action)
    return state, log


def test_registry():
    assert set(BOT_LEVELS) >= {"easy", "normal", "hard", "greedy", "random"}
    assert LEVELS == ("easy", "normal", "hard")
    assert type(make_bot("greedy", 1)) is type(make_bot("normal", 1))
    assert isinstance(make_bot("hard", 1, iterations=5), HardBot) and make_bot("hard", 1, 5).iterations == 5
    assert make_bot("hard", 1, max_seconds=0.5).max_seconds == 0.5
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_bot("genius", 1)


@pytest.mark.parametrize("full", [False, True])
def test_bots_are_deterministic_from_their_seed(full):
    assert play(["greedy", "greedy", "random"], full, 4)[1] == play(["greedy", "greedy", "random"], full, 4)[1]


@pytest.mark.parametrize("levels, full, seed", [
    (["easy", "hard"], True, 1),
    (["hard", "normal", "easy"], True, 2),
    (["easy", "normal", "hard", "easy"], False, 3),
])
def test_every_level_plays_legal_moves_to_the_end(levels, full, seed):
    state, log = play(levels, full, seed)     # `play` asserts every action is legal
    assert is_over(state) and len(log) > 20


def test_every_level_is_deterministic_from_its_seed():
    assert play(["easy", "hard"], True, 5)[1] == play(["easy", "hard"], True, 5)[1]


def test_greedy_beats_random():
    wins = 0
    for seed in range(6):
        state, _ = play(["greedy", "random"], seed % 2 == 0, seed)
        wins += outcome(state).winners == (0,)
    assert wins >= 5


def test_easy_is_weaker_than_normal():
    points = 0.0
    for seed in range(24):
        seats = ["normal", "easy"] if seed % 2 == 0 else ["easy", "normal"]
        state, _ = play(seats, seed % 4 < 2, seed)
        winners = outcome(state).winners
        points += sum(1 / len(winners) for w in winners if seats[w] == "normal")
    assert points >= 17      # about 86% over 400 games; 17 of 24 is 71%


@pytest.mark.parametrize("level", ["greedy", "easy", "hard"])
def test_bots_do_not_change_the_state_they_look_at(level):
    state = new_game(default_setup(4, True), 9)
    bot = make_bot(level, 1, FAST_HARD)
    for _ in range(40):
        before = state.to_dict()
        action = bot.decide(state, current_player(state))
        assert state.to_dict() == before
        apply(state, action)


def claim_position(face_up_c03: bool):
    cards = make_cards(patterns={"C01": ["XX"], "C03": [".X", "X."]}, points={"C10": 4})
    state = make_state(cards=cards)
    deal_characters(state, 0, ["C01", "C03"], [True, face_up_c03])
    lay_card(state, 3, "C10")
    put_markers(state, 0, [sq(3, 0), sq(3, 1), sq(4, 0), sq(5, 1)])   # (4, 1) and (5, 0) free: a diagonal
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
    deal_characters(state, 0, ["C01"])
    lay_card(state, 3, "C10")
    put_markers(state, 1, [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1)])
    action = make_bot("greedy", 0).decide(state, 0)
    assert action.anchor != sq(5, 0)        # filling (5, 0)-(5, 1) would give the rival the card


def tie_position():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}, points={"C10": 4}))
    deal_characters(state, 0, ["C01"])
    lay_card(state, 3, "C10")
    put_markers(state, 0, [sq(3, 0)])
    put_markers(state, 1, [sq(3, 1), sq(4, 0), sq(4, 1)])
    state.players[0].coins, state.players[1].coins = 4, 2
    apply(state, Search("C01", sq(5, 0)))
    assert state.phase == "bid"
    return state


def test_greedy_bids_to_block_a_poorer_rival_and_raises_when_worth_it():
    state = tie_position()
    assert make_bot("greedy", 0).decide(state, 0) == Bid(2)      # the rival cannot go to 3
    apply(state, Bid(0))
    assert make_bot("greedy", 0).decide(state, 1) == Bid(1)


def test_greedy_buys_a_good_artifact():
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    deal_characters(state, 0, ["C01"])
    state.players[0].coins = 5
    apply(state, Search("C01", 0))
    assert state.phase == "buy"
    assert isinstance(make_bot("greedy", 0).decide(state, 0), Buy)


# -- the hard bot ------------------------------------------------------------------------------


def contested_position(face_up_c03: bool):
    """A close game (8 points to 7); the 4-point card in slot 3 is 2 markers each, two squares free.
    Player 0's diagonal (C03) fills both and claims it; otherwise player 1's (C04) does next turn."""
    cards = make_cards(patterns={"C01": ["XX"], "C03": [".X", "X."], "C04": [".X", "X."]}, points={"C10": 4})
    state = make_state(cards=cards)
    deal_characters(state, 0, ["C01", "C03"], [True, face_up_c03])
    deal_characters(state, 1, ["scout-blue", "guide-blue", "C02", "C04"])
    lay_card(state, 3, "C10")
    put_markers(state, 0, [sq(3, 0), sq(5, 1)])
    put_markers(state, 1, [sq(3, 1), sq(4, 0)])
    state.players[0].coins = 2
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_completes_a_card_for_the_majority(seed):
    state = contested_position(True)
    action = HardBot(random.Random(seed), 60).decide(state, 0)
    assert action == Search("C03", sq(4, 0))
    assert any(isinstance(e, CardClaimed) and e.player == 0 for e in apply(state, action))


def test_hard_rests_to_reach_the_claiming_character():
    state = contested_position(False)
    bot = HardBot(random.Random(0), 60)
    assert bot.decide(state, 0) == RestEarly()
    apply(state, RestEarly())
    assert bot.decide(state, 0) == Search("C03", sq(4, 0))


@pytest.mark.parametrize("seed", [0, 1])
def test_hard_bids_just_enough_to_win_a_valuable_tie(seed):
    state = tie_position()
    action = HardBot(random.Random(seed), 60).decide(state, 0)
    assert action == Bid(2)                  # the rival has 2 coins: 2 wins the card, more is waste
    events = apply(state, action)
    assert [e.player for e in events if isinstance(e, CardClaimed)] == [0]


def test_hard_does_not_hand_a_card_to_a_rival():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}, points={"C10": 4}))
    deal_characters(state, 0, ["C01"])
    lay_card(state, 3, "C10")
    put_markers(state, 1, [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1)])
    action = HardBot(random.Random(0), 60).decide(state, 0)
    assert action.anchor != sq(5, 0)


def test_hard_answers_a_forced_decision_at_once():
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    deal_characters(state, 0, ["C01"])
    purse = next(a for a in state.cards.artifact_ids if state.cards.artifact(a).ability == "purse")
    give_artifacts(state, 0, [purse])
    bot = HardBot(random.Random(0), 10_000)
    assert bot.decide(state, 0).__class__.__name__ == "UsePurse" and bot.last_iterations == 0


def test_hard_is_reproducible_and_respects_a_time_cap():
    state = new_game(default_setup(3, True), 11)
    for _ in range(9):
        apply(state, make_bot("normal", 3).decide(state, current_player(state)))
    while any(isinstance(a, UsePurse) for a in legal_actions(state)):  # a Purse is no decision to search
        apply(state, make_bot("normal", 3).decide(state, current_player(state)))
    p = current_player(state)
    a1 = HardBot(random.Random(42), 40).decide(state, p)
    assert all(HardBot(random.Random(42), 40).decide(state, p) == a1 for _ in range(2))
    capped = HardBot(random.Random(42), 10_000_000, max_seconds=0.05)
    assert capped.decide(state, p) in legal_actions(state) and 0 < capped.last_iterations < 10_000_000


def test_rewards_are_win_shares_at_the_end_and_follow_the_lead_before():
    state = make_state(cards=make_cards(points={"C10": 4, "C11": 1}))
    deal_characters(state, 0, ["C10"])
    deal_characters(state, 1, ["C11"])
    r = rewards(state)
    assert r[0] > 0.5 > r[1] and equity(state)[0] > equity(state)[1]
    state.phase = Phase.OVER
    won, lost = rewards(state)
    assert won > 0.9 > 0.1 > lost and won + lost == pytest.approx(1.0)


def test_hint_is_a_legal_move_of_the_player_to_act_and_is_repeatable():
    state = new_game(default_setup(2, True), 3)
    for _ in range(6):
        apply(state, make_bot("normal", 1).decide(state, current_player(state)))
    before = clone(state).to_dict()
    move = hint(state, iterations=20)
    assert move in legal_actions(state) and hint(state, iterations=20) == move
    assert state.to_dict() == before
    assert hint(contested_position(True), iterations=40) == Search("C03", sq(4, 0))


def test_hint_refuses_a_finished_game():
    state = new_game(default_setup(2), 1)
    state.phase = Phase.OVER
    with pytest.raises(ValueError, match="game is over"):
        hint(state)


@pytest.mark.slow
def test_hard_beats_normal():
    from arzium.bots.tournament import tournament
    res = tournament(2, ["hard", "normal"], 24, 7, hard_iterations=100)
    assert res["results"]["hard"]["win_rate"] >= 0.6
