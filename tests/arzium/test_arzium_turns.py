"""Turn structure: resting, starting coins, turn order, buying, the end of the game and scoring."""
import pytest

from arzium.rules.actions import Buy, ResolveClaims, RestEarly, Search, SkipBuy
from arzium.rules.builders import put_markers
from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.events import ArtifactBought, ArtifactRowRefilled, FinalRound, GameEnded, Rested, TurnStarted
from arzium.rules.score import outcome
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium_testkit import (
    artifact_of,
    give_artifacts,
    make_cards,
    make_state,
    set_characters,
    sq,
)
from common.data.rules_api import IllegalAction


def test_forced_rest_when_all_characters_are_face_down():
    state = make_state(cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01"])
    set_characters(state, 1, ["C02", "C03"], [False, False])
    state.players[1].coins = 3
    events = apply(state, Search("C01", 0))
    assert events[-2:] == [TurnStarted(1), Rested(1, 0, True)]
    assert state.players[1].face_up == [True, True] and state.players[1].coins == 3
    assert state.phase == "search" and RestEarly() not in legal_actions(state)


def test_early_rest_costs_one_coin_per_face_up_character_and_refreshes_artifacts():
    state = make_state(full=True)
    set_characters(state, 0, ["C01", "C02", "C03"], [True, False, True])
    give_artifacts(state, 0, [artifact_of(state, "purse")], [False])
    state.players[0].coins = 1
    with pytest.raises(IllegalAction, match=r"costs 2 coins .* you have 1"):
        apply(state, RestEarly())
    state.players[0].coins = 3
    assert apply(state, RestEarly()) == [Rested(0, 2, False)]
    ps = state.players[0]
    assert ps.coins == 1 and ps.face_up == [True] * 3 and ps.artifacts_up == [True]
    with pytest.raises(IllegalAction, match=r"cannot rest early .* during the search"):
        apply(state, RestEarly())


def test_rest_needs_something_face_down():
    state = make_state()
    state.players[0].coins = 5
    with pytest.raises(IllegalAction, match="nothing to rest"):
        apply(state, RestEarly())
    give_artifacts(state, 0, [artifact_of(state, "purse")], [False])   # only an artifact is down
    assert apply(state, RestEarly()) == [Rested(0, 3, False)]


@pytest.mark.parametrize("first", range(4))
def test_starting_coins_by_turn_order(first):
    state = make_state(n=4, first=first)          # seats south, west, north, east
    order = [(first + k) % 4 for k in range(4)]
    assert state.order == tuple(order) and state.active == first
    assert [state.players[p].coins for p in order] == [0, 1, 1, 2]


def test_turn_order_is_clockwise_by_edge_from_the_first_player():
    seats = (SeatSetup("A", "red", "west"), SeatSetup("B", "blue", "south"), SeatSetup("C", "green", "north"))
    state = new_game(Setup(seats, False, 1), 3)
    assert state.order == (1, 0, 2)               # south, west, north
    assert [state.players[p].coins for p in (1, 0, 2)] == [0, 1, 1]
    for p in state.order:
        assert len(state.players[p].cards) == 3 and state.players[p].supply == 24


def claim_with(state, p):
    """Let `p` (active) complete slot 3 alone with a 2-marker search."""
    set_characters(state, p, state.players[p].cards + ["C01"], state.players[p].face_up + [True])
    if state.rot[p] % 2 == 0:      # "XX" lies flat for south and north
        put_markers(state, p, [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1)])
        return apply(state, Search("C01", sq(5, 0)))
    put_markers(state, p, [sq(3, 0), sq(3, 1), sq(4, 0), sq(5, 0)])
    return apply(state, Search("C01", sq(4, 1)))


def test_ten_characters_end_the_game_after_the_round():
    state = make_state(n=3, cards=make_cards(patterns={"C01": ["XX"]}))   # order 0, 1, 2
    state.active = 1
    set_characters(state, 1, [f"C{i:02d}" for i in range(30, 38)])   # 8 + C01 + the claim = 10
    events = claim_with(state, 1)
    assert FinalRound(1) in events and not is_over(state) and state.active == 2
    set_characters(state, 2, ["C02"])
    events = apply(state, Search("C02", sq(0, 0)))
    assert isinstance(events[-1], GameEnded) and is_over(state)
    assert legal_actions(state) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        apply(state, Search("C02", sq(0, 0)))


def test_the_last_player_of_the_round_ends_it_at_once():
    state = make_state(n=2, cards=make_cards(patterns={"C01": ["XX"]}))
    state.active = 1
    set_characters(state, 1, [f"C{i:02d}" for i in range(30, 38)])
    events = claim_with(state, 1)
    assert [type(e).__name__ for e in events[-2:]] == ["FinalRound", "GameEnded"] and is_over(state)


def test_scores_and_tie_breaks():
    cards = make_cards(points={"C01": 4, "C02": 3, "C03": 1, "C04": 2})
    state = make_state(n=3, full=True, cards=cards)
    purse3 = next(a for a in state.cards.artifact_ids
                  if state.cards.artifact(a).ability == "purse" and state.cards.artifact(a).points == 3)
    set_characters(state, 0, ["scout-red", "C01"])            # 0 + 4
    set_characters(state, 1, ["scout-blue", "C02"])           # 0 + 3, + 3 for the artifact
    give_artifacts(state, 1, [purse3])
    set_characters(state, 2, ["C02", "C03", "C04"])           # 3 + 1 + 2
    out = outcome(state)
    assert [(s.card_points, s.artifact_points, s.total) for s in out.scores] == [(4, 0, 4), (3, 3, 6), (6, 0, 6)]
    # a tie on points goes to the most coins, then the win is shared
    state.players[1].coins, state.players[2].coins = 2, 4
    assert outcome(state).winners == (2,)
    state.players[1].coins = 4
    assert outcome(state).winners == (1, 2)


def full_game_after_search(coins: int):
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01"])
    state.players[0].coins = coins
    events = apply(state, Search("C01", 0))
    return state, events


def test_buy_one_artifact_and_the_row_refills_in_place():
    state, _ = full_game_after_search(5)
    assert state.phase == "buy" and state.active == 0
    row = state.art_row[:]
    cheapest = min(row, key=lambda a: state.cards.artifact(a).cost)
    cost = state.cards.artifact(cheapest).cost
    too_dear = [a for a in row if state.cards.artifact(a).cost > 5]
    for a in too_dear:
        with pytest.raises(IllegalAction, match="costs"):
            apply(state, Buy(a))
    not_in_row = next(a for a in state.cards.artifact_ids if a not in row)
    with pytest.raises(IllegalAction, match="not in the row"):
        apply(state, Buy(not_in_row))
    top = state.art_deck[-1]
    events = apply(state, Buy(cheapest))
    pos = row.index(cheapest)
    assert events[:2] == [ArtifactBought(0, cheapest, cost), ArtifactRowRefilled(pos, top)]
    assert state.art_row[pos] == top and len(state.art_row) == 4
    assert state.players[0].artifacts == [cheapest] and state.players[0].coins == 5 - cost
    assert state.active == 1 and state.phase == "start"   # one buy, then the turn is over
    with pytest.raises(IllegalAction, match="cannot buy during the start"):
        apply(state, Buy(state.art_row[0]))


def test_row_shrinks_when_the_pile_is_empty_and_skip_buy():
    state, _ = full_game_after_search(5)
    state.art_deck.clear()
    a = state.art_row[1]
    state.players[0].coins = 5
    events = apply(state, Buy(a))
    assert ArtifactRowRefilled(1, None) in events and len(state.art_row) == 3
    state, _ = full_game_after_search(5)
    assert apply(state, SkipBuy())[0] == TurnStarted(1)


def test_no_buy_step_without_coins_or_in_the_basic_game():
    state, events = full_game_after_search(0)
    assert events[-1] == TurnStarted(1)
    state = make_state(full=False, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01"])
    state.players[0].coins = 9
    assert apply(state, Search("C01", 0))[-1] == TurnStarted(1) and state.art_row == []


def test_the_turn_runs_search_after_claims_buy_and_ends_deterministically():
    """With a face-up Wake the turn waits after the search (the active player acts); a Purse the coins alone
    miss opens the buy; without them the turn runs on as before."""
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01", "C02"])
    wake, purse = artifact_of(state, "wake"), artifact_of(state, "purse")
    give_artifacts(state, 0, [wake, purse], [True, False])
    cost = min(state.cards.artifact(a).cost for a in state.art_row)
    state.players[0].coins = cost - 1
    apply(state, Search("C01", 0))
    assert state.phase == "after" and state.active == 0 and legal_actions(state)[-1] == ResolveClaims()
    assert apply(state, ResolveClaims())[-1] == TurnStarted(1)     # the Purse is face down: no buy
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01"])
    give_artifacts(state, 0, [purse])
    state.players[0].coins = cost - 1
    apply(state, Search("C01", 0))                                  # the Purse may be used after it ...
    apply(state, ResolveClaims())
    assert state.phase == "buy"                                     # ... or to afford an artifact now
    apply(state, SkipBuy())
    assert state.phase == "start" and state.active == 1
