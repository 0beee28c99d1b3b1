"""One scripted test per rule of Arenas Movedizas, on hand-made states with exact milliseconds."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arenas.rules.actions import PlayCard, PlayWild, action_from_json
from arenas.rules.components import DECK_SIZE, standard_deck
from arenas.rules.engine import advance, apply, is_over, legal_actions, mark_assisted, outcome, outcome_json
from arenas.rules.events import (
    CardDrawn,
    CardHadNoEffect,
    CardPlayed,
    DeckReshuffled,
    GameLost,
    GameWon,
    TimerBlocked,
    TimerFlipped,
    TimerLost,
    TimerMoved,
    TimerRecovered,
    TurnChanged,
    event_from_json,
)
from arenas.rules.levels import LevelError, level_from_dict
from arenas.rules.replay import run_replay
from arenas.rules.state import GameState, Setup, clone, new_game
from arenas_support import card, cards, make_level, make_state, where
from common.data.rules_api import IllegalAction

LEVEL = make_level()  # 0 GT 1 YC 2 OS 3 GM 4 YT 5 OC 6 GS 7 YM 8 OT 9 GC | 10 YS 11 OM 12 GT


# --- setup -------------------------------------------------------------------------------------

def test_setup_places_timers_full_deals_and_flips_most_advanced_first() -> None:
    state = new_game(Setup(LEVEL, ("Ana", "Bo"), first_player=1), 7)
    assert where(state) == {"slow1": (0, 60_000), "slow2": (1, 60_000), "medium1": (2, 42_000)}
    assert [len(h) for h in state.hands] == [3, 3]
    assert len(state.deck) == DECK_SIZE - 6 and state.discard == []
    assert state.time_ms == 0 and state.active == 1 and state.result is None
    assert state.log == [TimerFlipped(0, "medium1", 42_000), TimerFlipped(0, "slow2", 60_000),
                         TimerFlipped(0, "slow1", 60_000), TurnChanged(0, 1)]


def test_standard_deck_has_55_cards() -> None:
    deck = Counter(c.name for c in standard_deck())
    assert sum(deck.values()) == 55
    assert deck["wild"] == 6 and deck["crescent"] == 7 and deck["orange"] == 7


def test_same_seed_same_setup_and_different_seed_different_deck() -> None:
    a, b, c = (new_game(Setup(LEVEL, ("A",)), s) for s in (3, 3, 4))
    assert a.to_dict() == b.to_dict()
    assert a.deck != c.deck


# --- sand and flipping ------------------------------------------------------------------------

def test_flip_is_capacity_minus_remaining_to_the_millisecond() -> None:
    state = make_state(LEVEL, {"slow1": (0, 60_000)}, ["gray yellow orange"], deck="wild wild")
    advance(state, 43_766)
    assert state.timers["slow1"].remaining_ms == 16_234
    events = apply(state, PlayCard(0, 0))
    assert TimerFlipped(43_766, "slow1", 43_766) in events
    assert where(state) == {"slow1": (1, 43_766)}
    advance(state, 1)
    apply(state, PlayCard(0, 0))  # yellow: tile 1 is yellow circle -> flipped again at once
    assert where(state) == {"slow1": (2, 16_235)}


def test_sand_runs_while_lost() -> None:
    state = make_state(LEVEL, {"slow1": (5, 50_000), "medium1": ("lost", 2, 30_000)}, ["wild"])
    advance(state, 10_000)
    assert where(state) == {"slow1": (5, 40_000), "medium1": (("lost", 2), 20_000)}


def test_advance_zero_and_negative() -> None:
    state = make_state(LEVEL, {"slow1": (5, 50_000)}, ["wild"])
    assert advance(state, 0) == [] and state.time_ms == 0
    with pytest.raises(ValueError):
        advance(state, -1)


# --- activation by colour and shape -----------------------------------------------------------

def test_match_is_on_the_tile_at_card_play_and_moves_only_once() -> None:
    level = make_level("YT YC YS GM OT OC GS YM OT GC YS OM GT")
    state = make_state(level, {"slow1": (0, 20_000), "medium1": (3, 30_000)}, ["yellow crescent wild"],
                       deck="gray gray gray")
    events = apply(state, PlayCard(0, 0))  # yellow: slow1 on yellow tile 0 moves to yellow tile 1, once
    assert where(state) == {"slow1": (1, 40_000), "medium1": (3, 30_000)}
    assert [e for e in events if isinstance(e, TimerMoved)] == [TimerMoved(0, "slow1", 0, 1)]
    events = apply(state, PlayCard(0, 0))  # crescent: medium1 on gray crescent matches by shape
    assert where(state)["medium1"] == (4, 12_000)


def test_most_advanced_first_lets_a_line_move() -> None:
    level = make_level("GT GC GS GM YT OC GS YM OT GC YS OM GT")
    state = make_state(level, {"slow1": (0, 20_000), "slow2": (1, 25_000), "medium1": (2, 12_000)},
                       ["gray"], deck="wild")
    events = apply(state, PlayCard(0, 0))
    assert where(state) == {"slow1": (1, 40_000), "slow2": (2, 35_000), "medium1": (3, 30_000)}
    assert [e for e in events if isinstance(e, (TimerFlipped, TimerMoved))] == [
        TimerFlipped(0, "medium1", 30_000), TimerMoved(0, "medium1", 2, 3),
        TimerFlipped(0, "slow2", 35_000), TimerMoved(0, "slow2", 1, 2),
        TimerFlipped(0, "slow1", 40_000), TimerMoved(0, "slow1", 0, 1),
    ]


def test_occupied_next_tile_flips_without_moving() -> None:
    state = make_state(LEVEL, {"slow1": (3, 20_000), "slow2": (4, 50_000)}, ["gray"], deck="wild")
    events = apply(state, PlayCard(0, 0))  # tile 3 gray crescent matches, tile 4 (yellow) is taken
    assert where(state) == {"slow1": (3, 40_000), "slow2": (4, 50_000)}
    assert TimerBlocked(0, "slow1", 3) in events


def test_blocked_next_tile_flips_without_moving() -> None:
    level = make_level(blocks=frozenset({12}))
    state = make_state(level, {"slow1": (11, 20_000)}, ["orange"], deck="wild")
    events = apply(state, PlayCard(0, 0))
    assert where(state) == {"slow1": (11, 40_000)}
    assert events[1:3] == [TimerFlipped(0, "slow1", 40_000), TimerBlocked(0, "slow1", 11)]


def test_the_builder_plays_a_layout_the_level_loader_refuses() -> None:
    level = make_level(timers=(("slow1", 11),))
    with pytest.raises(LevelError, match="starts in the danger zone"):
        level_from_dict(level.to_dict())
    state = make_state(level, {"slow1": (11, 20_000)}, ["orange"], deck="gray")
    events = apply(state, PlayCard(0, 0))  # tile 11 is orange: on to tile 12, every timer in the zone
    assert where(state) == {"slow1": (12, 40_000)} and events[-1] == GameWon(0) and outcome(state) == "won"


def test_end_of_chain_flips_without_moving() -> None:
    state = make_state(LEVEL, {"slow1": (12, 20_000)}, ["triangle"], deck="wild")
    apply(state, PlayCard(0, 0))
    assert where(state) == {"slow1": (12, 40_000)}


def test_danger_zone_timers_move_the_same_way() -> None:
    state = make_state(LEVEL, {"slow1": (10, 20_000), "slow2": (2, 50_000)}, ["square"], deck="wild")
    apply(state, PlayCard(0, 0))  # tile 10 yellow square and tile 2 orange square both match
    assert where(state) == {"slow1": (11, 40_000), "slow2": (3, 10_000)}


def test_card_matching_nothing_is_discarded() -> None:
    state = make_state(LEVEL, {"slow1": (0, 20_000)}, ["orange circle wild"], deck="gray")
    events = apply(state, PlayCard(0, 0))
    assert events[:2] == [CardPlayed(0, 0, card("orange"), 0), CardHadNoEffect(0)]
    assert where(state) == {"slow1": (0, 20_000)}
    assert state.discard == cards("orange")
    assert state.hands[0] == cards("circle wild gray")


# --- wild card --------------------------------------------------------------------------------

def test_wild_activates_any_timer_on_the_path() -> None:
    state = make_state(LEVEL, {"slow1": (0, 20_000), "medium1": (5, 30_000)}, ["wild"], deck="gray")
    events = apply(state, PlayWild(0, 0, "activate", "medium1"))
    assert where(state) == {"slow1": (0, 20_000), "medium1": (6, 12_000)}
    assert TimerMoved(0, "medium1", 5, 6) in events


def test_wild_recovers_a_lost_timer_onto_its_free_tile() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 4, 10_000), "slow2": (6, 30_000)}, ["wild"], deck="gray")
    events = apply(state, PlayWild(0, 0, "recover", "slow1"))
    assert where(state) == {"slow1": (4, 50_000), "slow2": (6, 30_000)}
    assert events[1:3] == [TimerFlipped(0, "slow1", 50_000), TimerRecovered(0, "slow1", 4, True)]


def test_wild_recover_onto_an_occupied_tile_only_flips() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 4, 10_000), "slow2": (4, 30_000)}, ["wild"], deck="gray")
    events = apply(state, PlayWild(0, 0, "recover", "slow1"))
    assert where(state) == {"slow1": (("lost", 4), 50_000), "slow2": (4, 30_000)}
    assert TimerRecovered(0, "slow1", 4, False) in events


# --- drawing, hands and the deck --------------------------------------------------------------

def test_draw_back_to_three_and_next_player() -> None:
    state = make_state(LEVEL, {"slow1": (0, 20_000)}, ["gray yellow orange", "wild wild wild"],
                       deck="circle square")
    events = apply(state, PlayCard(0, 1))
    assert state.hands[0] == cards("gray orange square")  # the top of the deck is its end
    assert state.deck == cards("circle")
    assert events[-2:] == [CardDrawn(0, 0, card("square")), TurnChanged(0, 1)]
    assert state.active == 1


def test_hand_of_two_challenge() -> None:
    level = make_level(hand_size=2)
    state = new_game(Setup(level, ("A", "B", "C")), 1)
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert len(state.deck) == 55 - 6
    apply(state, legal_actions(state)[0])
    assert [len(h) for h in state.hands] == [2, 2, 2]


def test_reshuffle_discards_when_deck_is_empty() -> None:
    state = make_state(LEVEL, {"slow1": (0, 20_000)}, ["orange circle wild"], deck="",
                       discard="crescent square triangle")
    twin = clone(state)
    events = apply(state, PlayCard(0, 0))
    assert DeckReshuffled(0, 4) in events
    assert len(state.deck) == 3 and state.discard == [] and len(state.hands[0]) == 3
    assert Counter(state.deck + state.hands[0]) == Counter(cards("circle wild crescent square triangle orange"))
    apply(twin, PlayCard(0, 0))
    assert twin.deck == state.deck  # the reshuffle is seeded


def test_removed_cards_are_out_of_the_deck() -> None:
    level = make_level(removed=("orange", "crescent"))
    state = new_game(Setup(level, ("A",)), 5)
    everything = state.deck + state.hands[0]
    assert len(everything) == 55 - 14
    assert not any(c.value in ("orange", "crescent") for c in everything)


# --- running out --------------------------------------------------------------------------------

def test_running_out_before_the_deactivator_loses_the_timer_flipped_and_frees_the_tile() -> None:
    state = make_state(LEVEL, {"slow1": (3, 5_000), "slow2": (2, 50_000)}, ["orange"], deck="wild")
    events = advance(state, 7_000)
    assert events == [TimerLost(5_000, "slow1", 3), TimerFlipped(5_000, "slow1", 60_000)]
    assert where(state) == {"slow1": (("lost", 3), 58_000), "slow2": (2, 43_000)}
    apply(state, PlayCard(0, 0))  # slow2 on the orange square may now move onto the freed tile 3
    assert where(state)["slow2"] == (3, 17_000)


def test_lost_timer_running_out_loses_the_game_at_that_millisecond() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 3, 3_000), "slow2": (2, 50_000)}, ["orange"])
    events = advance(state, 5_000)
    assert events == [GameLost(3_000, "slow1", 3, True)]
    assert state.time_ms == 3_000 and is_over(state) and outcome(state) == "lost"
    assert (state.failed_timer, state.failed_where) == ("slow1", 3)
    assert advance(state, 1_000) == [] and state.time_ms == 3_000
    with pytest.raises(IllegalAction, match="over"):
        apply(state, PlayCard(0, 0))


def test_danger_zone_timer_running_out_loses_the_game() -> None:
    state = make_state(LEVEL, {"slow1": (11, 2_500), "slow2": (2, 50_000)}, ["orange"])
    assert advance(state, 2_499) == []
    assert advance(state, 1) == [GameLost(2_500, "slow1", 11, False)]
    assert where(state) == {"slow1": (11, 0), "slow2": (2, 47_500)}


def test_win_when_the_last_timer_crosses() -> None:
    state = make_state(LEVEL, {"slow1": (9, 20_000), "slow2": (11, 30_000), "medium1": (12, 5_000)},
                       ["circle", "wild"], deck="orange")
    advance(state, 1_234)
    events = apply(state, PlayCard(0, 0))  # circle: tile 9 gray circle -> moves to 10
    assert events[-1] == GameWon(1_234)
    assert where(state) == {"slow1": (10, 41_234), "slow2": (11, 28_766), "medium1": (12, 3_766)}
    assert outcome(state) == "won" and state.hands[0] == [] and state.active == 0
    assert legal_actions(state) == []


def test_flipping_a_full_timer_empties_it_and_it_is_lost_after_moving() -> None:
    state = make_state(LEVEL, {"medium1": (3, 42_000), "slow1": (2, 30_000)}, ["gray"], deck="wild")
    events = apply(state, PlayCard(0, 0))  # gray crescent on 3 -> medium1 flipped to 0, moves to 4
    assert events[1:5] == [TimerFlipped(0, "medium1", 0), TimerMoved(0, "medium1", 3, 4),
                           TimerLost(0, "medium1", 4), TimerFlipped(0, "medium1", 42_000)]
    assert where(state) == {"medium1": (("lost", 4), 42_000), "slow1": (2, 30_000)}


def test_flipping_a_full_timer_into_the_danger_zone_loses_the_game() -> None:
    state = make_state(LEVEL, {"medium1": (9, 42_000), "slow1": (2, 30_000)}, ["gray"], deck="wild")
    events = apply(state, PlayCard(0, 0))
    assert events[-1] == GameLost(0, "medium1", 10, False)
    assert state.hands[0] == [] and not any(isinstance(e, TurnChanged) for e in events)


def test_simultaneous_run_outs_resolve_most_advanced_first() -> None:
    state = make_state(LEVEL, {"slow1": (2, 4_000), "slow2": (5, 4_000), "medium1": (7, 9_000)}, ["wild"])
    events = advance(state, 4_000)
    assert events == [TimerLost(4_000, "slow2", 5), TimerFlipped(4_000, "slow2", 60_000),
                      TimerLost(4_000, "slow1", 2), TimerFlipped(4_000, "slow1", 60_000)]


def test_simultaneous_game_losses_report_the_most_advanced_timer_once() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 2, 4_000), "slow2": (10, 4_000), "medium1": (4, 4_000)},
                       ["wild"])
    events = advance(state, 10_000)
    assert events == [GameLost(4_000, "slow2", 10, False)]
    assert where(state)["medium1"] == (4, 0)  # not resolved: the game ended first


def test_path_timer_before_lost_timer_beside_the_same_tile() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 4, 1_000), "slow2": (4, 1_000)}, ["wild"])
    assert advance(state, 1_000) == [TimerLost(1_000, "slow2", 4), TimerFlipped(1_000, "slow2", 60_000),
                                     GameLost(1_000, "slow1", 4, True)]


def test_action_at_a_run_out_millisecond_comes_after_the_run_out() -> None:
    state = make_state(LEVEL, {"slow1": (3, 5_000), "slow2": (8, 50_000)}, ["wild"], deck="gray")
    advance(state, 5_000)
    with pytest.raises(IllegalAction, match="lost"):
        apply(state, PlayWild(0, 0, "activate", "slow1"))
    events = apply(state, PlayWild(0, 0, "recover", "slow1"))  # flipping a just-flipped timer empties it
    assert events[1:5] == [TimerFlipped(5_000, "slow1", 0), TimerRecovered(5_000, "slow1", 3, True),
                           TimerLost(5_000, "slow1", 3), TimerFlipped(5_000, "slow1", 60_000)]
    assert where(state)["slow1"] == (("lost", 3), 60_000)


def test_one_long_advance_jumps_between_run_outs_exactly() -> None:
    state = make_state(LEVEL, {"slow1": (3, 5_000), "medium1": (11, 50_000)}, ["wild"])
    events = advance(state, 10 * 60_000)
    assert events == [TimerLost(5_000, "slow1", 3), TimerFlipped(5_000, "slow1", 60_000),
                      GameLost(50_000, "medium1", 11, False)]
    assert state.time_ms == 50_000 and state.timers["slow1"].remaining_ms == 15_000


# --- assists ------------------------------------------------------------------------------------

def test_half_sand_speed_drains_one_ms_per_two_exactly() -> None:
    state = make_state(LEVEL, {"slow1": (3, 1_000)}, ["wild"], sand_speed_pct=50)
    for _ in range(3):
        advance(state, 1)
    assert state.timers["slow1"].remaining_ms == 999 and state.sand_rem == 50
    events = advance(state, 5_000)  # 1,000 ms of sand have run at 2,000 ms of game time
    assert events[0] == TimerLost(2_000, "slow1", 3)
    assert state.time_ms == 5_003 and state.timers["slow1"].remaining_ms == 60_000 - 1_501
    assert state.sand_rem == 50


def test_uneven_sand_speed_keeps_a_remainder() -> None:
    state = make_state(LEVEL, {"slow1": (11, 3)}, ["wild"], sand_speed_pct=75)
    assert advance(state, 3) == []  # 2.25 ms of sand
    assert state.timers["slow1"].remaining_ms == 1 and state.sand_rem == 25
    assert advance(state, 5) == [GameLost(4, "slow1", 11, False)]  # 3 ms of sand at 4 ms


def test_sand_speed_assist_marks_the_run_and_is_bounded() -> None:
    assert new_game(Setup(LEVEL, ("A",), sand_speed_pct=50), 1).assisted
    state = new_game(Setup(LEVEL, ("A",)), 1)
    assert not state.assisted
    mark_assisted(state)
    assert state.assisted and outcome_json(state)["assisted"] is True
    for bad in (49, 101):
        with pytest.raises(ValueError, match="sand_speed_pct"):
            new_game(Setup(LEVEL, ("A",), sand_speed_pct=bad), 1)


def test_player_count_and_first_player_are_checked() -> None:
    with pytest.raises(ValueError, match="players"):
        new_game(Setup(LEVEL, ()), 1)
    with pytest.raises(ValueError, match="players"):
        new_game(Setup(LEVEL, ("x",) * 8), 1)
    with pytest.raises(ValueError, match="first_player"):
        new_game(Setup(LEVEL, ("A", "B"), first_player=2), 1)


# --- legality -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("action", "reason"), [
    (PlayCard(1, 0), "P1's turn, not P2's"),
    (PlayCard(0, 3), "no card 4"),
    (PlayCard(0, -1), "no card 0"),
    (PlayCard(0, 2), "wild card needs a choice"),
    (PlayWild(0, 0, "activate", "slow1"), "is Gray, not a wild"),
    (PlayWild(0, 2, "activate", "medium1"), "lost"),
    (PlayWild(0, 2, "recover", "slow1"), "not lost"),
    (PlayWild(0, 2, "activate", "fast2"), "no timer 'fast2'"),
    (PlayWild(0, 2, "spin", "slow1"), "unknown wild mode"),
])
def test_illegal_actions_leave_the_state_untouched(action: PlayCard | PlayWild, reason: str) -> None:
    state = make_state(LEVEL, {"slow1": (0, 20_000), "medium1": ("lost", 1, 9_000)},
                       ["gray yellow wild", "orange orange orange"], deck="circle")
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        apply(state, action)
    assert state.to_dict() == before


def test_legal_actions_list_every_wild_choice() -> None:
    state = make_state(LEVEL, {"slow1": (0, 20_000), "slow2": (4, 20_000), "medium1": ("lost", 1, 9_000)},
                       ["gray wild"], deck="circle")
    assert legal_actions(state) == [
        PlayCard(0, 0), PlayWild(0, 1, "activate", "slow2"), PlayWild(0, 1, "activate", "slow1"),
        PlayWild(0, 1, "recover", "medium1"),
    ]


def test_turns_go_round_the_table() -> None:
    state = new_game(Setup(LEVEL, ("A", "B", "C"), first_player=2), 2)
    order = []
    for _ in range(4):
        order.append(state.active)
        apply(state, legal_actions(state)[0])
    assert order == [2, 0, 1, 2]


# --- serialization and replays -----------------------------------------------------------------

def test_actions_and_events_round_trip_through_json() -> None:
    for action in (PlayCard(2, 1), PlayWild(0, 2, "recover", "fast2")):
        assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    for bad in ({"type": "dance"}, {"type": "card", "player": "0", "hand_index": 0}, [],
                {"type": "wild", "player": 0, "hand_index": 0, "mode": "x", "timer": "slow1"}):
        with pytest.raises(ValueError):
            action_from_json(bad)
    state = new_game(Setup(LEVEL, ("A", "B")), 9)
    for _ in range(6):
        apply(state, legal_actions(state)[-1])
        advance(state, 3_001)
    for event in state.log:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event


def test_state_round_trips_exactly_and_plays_on_identically() -> None:
    state = new_game(Setup(LEVEL, ("A", "B"), sand_speed_pct=70), 11)
    for i in range(8):
        advance(state, 1_777 * i)
        if is_over(state):
            break
        apply(state, legal_actions(state)[i % len(legal_actions(state))])
    data = json.loads(json.dumps(state.to_dict()))
    twin = GameState.from_dict(data)
    assert twin.to_dict() == state.to_dict()
    for s in (state, twin):
        advance(s, 10 * 60_000)
    assert twin.to_dict() == state.to_dict()


def test_copy_is_independent() -> None:
    state = new_game(Setup(LEVEL, ("A",)), 1)
    twin = clone(state)
    apply(twin, legal_actions(twin)[0])
    advance(twin, 5_000)
    assert state.to_dict() == new_game(Setup(LEVEL, ("A",)), 1).to_dict()


def test_outcome_json() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 3, 3_000), "slow2": (2, 50_000)}, ["orange"])
    advance(state, 5_000)
    assert outcome_json(state) == {
        "level": 99, "result": "lost", "time_ms": 3_000, "assisted": False,
        "failed_timer": "slow1", "failed_where": 3,
        "timers": {"slow1": {"tile": None, "lost": True, "lost_beside": 3, "remaining_ms": 0},
                   "slow2": {"tile": 2, "lost": False, "lost_beside": None, "remaining_ms": 47_000}},
    }


def test_run_replay_reproduces_a_game_and_plays_it_out() -> None:
    live = new_game(Setup(LEVEL, ("A", "B"), first_player=1), 21)
    for i in range(10):
        advance(live, 900 + 250 * i)
        if is_over(live):
            break
        apply(live, legal_actions(live)[-1])
    replayed = run_replay(Setup(LEVEL, ("A", "B"), 1), 21, list(live.actions))
    advance(live, 10 * 60_000)
    assert is_over(replayed) and replayed.log == live.log and replayed.time_ms == live.time_ms


def test_run_replay_rejects_illegal_and_backward_actions() -> None:
    state = new_game(Setup(LEVEL, ("A", "B")), 21)
    good = legal_actions(state)[0]
    with pytest.raises(IllegalAction, match=r"^action 2 at 500 ms: it is B's turn, not A's$"):
        run_replay(Setup(LEVEL, ("A", "B")), 21, [(100, good), (500, good)])
    with pytest.raises(IllegalAction, match=r"^action 2 at 50 ms: time goes backwards"):
        run_replay(Setup(LEVEL, ("A", "B")), 21, [(100, good), (50, PlayCard(1, 0))])
    with pytest.raises(IllegalAction, match=r"^action 1 at 999999 ms: the game was already lost"):
        run_replay(Setup(LEVEL, ("A", "B")), 21, [(999_999, good)])


def test_run_replay_without_actions_ends_by_running_out() -> None:
    state = run_replay(Setup(LEVEL, ("A",), 0, 50), 1, [])
    # medium1 runs out at 42 s of sand (84 s at half speed), is lost, and runs out again 84 s later.
    assert outcome(state) == "lost" and state.time_ms == 168_000 and state.failed_timer == "medium1"


@given(pct=st.integers(50, 100), pieces=st.lists(st.integers(0, 9_000), max_size=12),
       remaining=st.tuples(st.integers(1, 60_000), st.integers(1, 42_000), st.integers(1, 27_000)))
def test_advancing_in_pieces_equals_advancing_at_once(pct: int, pieces: list[int],
                                                      remaining: tuple[int, int, int]) -> None:
    def fresh() -> GameState:
        return make_state(LEVEL, {"slow1": (1, remaining[0]), "medium1": (4, remaining[1]),
                                  "fast1": ("lost", 2, remaining[2])}, ["wild"], sand_speed_pct=pct)
    at_once, stepwise = fresh(), fresh()
    advance(at_once, sum(pieces))
    for piece in pieces:
        advance(stepwise, piece)
    assert stepwise.to_dict() == at_once.to_dict()
