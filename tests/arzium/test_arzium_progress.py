"""The score over a game (points after every turn) and the words for how the winners were found."""
from arzium.rules.actions import Search
from arzium.rules.builders import put_markers, set_slot
from arzium.rules.engine import apply, legal_actions
from arzium.rules.progress import points_by_turn
from arzium.rules.score import Decider, Outcome, PlayerScore, decided_by, tied_on_points
from arzium.rules.state import clone, to_dict
from arzium_testkit import make_cards, make_state, set_characters, sq


def test_points_follow_each_turn_and_the_start_is_left_alone():
    cards = make_cards(patterns={"C01": ["XX"], "C02": ["XX"]}, points={"C01": 1, "C02": 2, "C10": 4})
    start = make_state(cards=cards)
    set_characters(start, 0, ["C01"])
    set_characters(start, 1, ["C02"])
    set_slot(start, 3, "C10")
    put_markers(start, 0, [sq(3, 0), sq(3, 1), sq(4, 0), sq(4, 1)])
    before = to_dict(start)
    # turn 1: player 0 fills slot 3 and claims C10 (4 points); turn 2: player 1 places one marker
    after = clone(start)
    apply(after, Search("C01", sq(5, 0)))
    second = next(a for a in legal_actions(after) if isinstance(a, Search))
    rows = points_by_turn(start, [Search("C01", sq(5, 0)), second])
    assert rows == ((1, 2), (5, 2), (5, 2))
    assert to_dict(start) == before
    assert points_by_turn(start, []) == ((1, 2),)


def score(player: int, total: int, coins: int) -> PlayerScore:
    return PlayerScore(player, total, 0, total, coins, 3)


def test_most_points_decide_alone():
    out = Outcome((score(0, 12, 0), score(1, 15, 0), score(2, 12, 5)), (1,), True)
    assert decided_by(out) == Decider.POINTS and tied_on_points(out) == (1,)


def test_coins_break_a_tie_on_points():
    out = Outcome((score(0, 15, 2), score(1, 15, 4), score(2, 9, 9)), (1,), True)
    assert decided_by(out) == Decider.COINS and tied_on_points(out) == (0, 1)


def test_coins_leave_two_of_three_tied_players_sharing():
    out = Outcome((score(0, 15, 4), score(1, 15, 4), score(2, 15, 1)), (0, 1), True)
    assert decided_by(out) == Decider.COINS and tied_on_points(out) == (0, 1, 2)


def test_tied_on_points_and_coins_is_a_shared_win():
    out = Outcome((score(0, 15, 4), score(1, 15, 4), score(2, 3, 1)), (0, 1), True)
    assert decided_by(out) == Decider.SHARED
