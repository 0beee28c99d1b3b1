"""The person model of verify-levels: deterministic from its seed, slow and uneven, reading sand by eye."""
from __future__ import annotations

import statistics

import pytest

from arenas.bots.person import PERSON, PersonBot, PersonModel
from arenas.bots.proof import Model
from arenas.bots.teammate import BotController, TeammateBot
from arenas.bots.verify import bot_team, play_level
from arenas.rules.actions import PlayCard
from arenas.rules.engine import legal_actions
from arenas.rules.levels import load_levels
from arenas.rules.state import GameState
from arenas_support import make_level, make_state

LEVEL = make_level()
DECK = "gray yellow orange wild crescent triangle circle square"


def _state() -> GameState:
    return make_state(LEVEL, {"slow1": (1, 40_000), "medium1": (4, 1_500)}, ["circle triangle square"], DECK)


def test_the_same_seed_gives_the_same_delays_readings_and_games() -> None:
    a, b = PersonBot(0, 7, frozenset({0})), PersonBot(0, 7, frozenset({0}))
    timer = _state().timers["slow1"]
    assert [(a.delay_ms(), a.read_sand(timer)) for _ in range(20)] == \
        [(b.delay_ms(), b.read_sand(timer)) for _ in range(20)]
    level = next(lv for lv in load_levels() if lv.number == 1)
    assert play_level(level, 3, Model.PERSON) == play_level(level, 3, Model.PERSON)
    assert PersonBot(0, 8, frozenset({0})).delay_ms() != PersonBot(0, 7, frozenset({0})).delay_ms()


def test_reactions_are_slow_and_uneven() -> None:
    bot = PersonBot(0, 1, frozenset({0}))
    delays = [bot.delay_ms() for _ in range(400)]
    low, high = PERSON.reaction_ms
    assert low <= min(delays) < low + 200 and high - 200 < max(delays) <= high
    assert statistics.pstdev(delays) > 400


def test_sand_is_read_by_eye_with_an_error_of_seconds() -> None:
    bot = PersonBot(0, 2, frozenset({0}))
    timer = _state().timers["slow1"]  # 40 s of 60
    readings = [bot.read_sand(timer) for _ in range(2_000)]
    errors = [r - 40_000 for r in readings]
    assert all(r % PERSON.sand_step_ms == 0 for r in readings)  # whole seconds, never the exact ms
    assert abs(statistics.mean(errors)) < 300
    assert statistics.pstdev(errors) == pytest.approx(PERSON.sand_error_ms, rel=0.1)
    assert sum(e == 0 for e in errors) < len(errors) // 5
    nearly_empty = _state().timers["medium1"]  # 1.5 s left: a reading is never empty nor over full
    assert all(PERSON.sand_step_ms // 2 <= bot.read_sand(nearly_empty) <= nearly_empty.capacity_ms
               for _ in range(500))


def test_the_planner_sees_readings_never_the_exact_sand(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[GameState] = []
    monkeypatch.setattr(TeammateBot, "decide", lambda self, state: seen.append(state))
    state = make_state(LEVEL, {"slow1": (1, 40_321), "medium1": (4, 1_500)}, ["circle triangle square"], DECK)
    bot = PersonBot(0, 5, frozenset({0}))
    for _ in range(50):
        assert bot.decide(state) is None
    assert len(seen) == 50 and all(s is not state for s in seen)
    exact = {t.id: t.remaining_ms for t in state.timers.values()}
    readings = [s.timers["slow1"].remaining_ms for s in seen]
    assert exact["slow1"] == 40_321 and all(r % PERSON.sand_step_ms == 0 for r in readings)  # never the exact ms
    assert len(set(readings)) > 3  # a fresh look every time
    assert {t.id: t.remaining_ms for t in state.timers.values()} == exact  # the real game is untouched


def test_a_perfect_eye_plays_the_experts_card_and_misplays_are_any_legal_card() -> None:
    sharp = PersonModel(sand_error_ms=0, sand_step_ms=1, misplay_pct=0)
    state = _state()
    assert PersonBot(0, 1, frozenset({0}), sharp).decide(state) == TeammateBot(0).decide(state) == PlayCard(0, 1)
    careless = PersonModel(sand_error_ms=0, sand_step_ms=1, misplay_pct=100)
    plays = {PersonBot(0, s, frozenset({0}), careless).decide(state) for s in range(40)}
    assert plays == set(legal_actions(state))


def test_a_person_seat_looks_again_after_its_rethink_time() -> None:
    state = make_state(LEVEL, {"slow1": (4, 59_000), "medium1": (1, 30_000)}, ["triangle triangle triangle"], DECK)
    seat = BotController(PersonBot(0, 3, frozenset({0}), PersonModel(misplay_pct=0)))
    first = seat.next_play_time(state)
    assert first is not None and PERSON.reaction_ms[0] <= first - state.time_ms <= PERSON.reaction_ms[1]
    state.time_ms = first
    assert seat.poll(state) is None  # everything would hurt: the person waits
    assert seat.next_play_time(state) == first + PERSON.rethink_ms


def test_the_person_team_has_one_person_per_seat() -> None:
    level = next(lv for lv in load_levels() if lv.team_size == 3)
    team = bot_team(level, 4, Model.PERSON)
    assert [s.seat for s in team] == [0, 1, 2] and all(isinstance(s.bot, PersonBot) for s in team)
    assert all(isinstance(s.bot, TeammateBot) for s in bot_team(level, 4, Model.EXPERT))


def test_the_solo_team_is_one_person_with_expert_mates_at_their_normal_pace() -> None:
    level = next(lv for lv in load_levels() if lv.team_size == 3)
    team = bot_team(level, 4, Model.SOLO)
    assert [s.seat for s in team] == [0, 1, 2] and isinstance(team[0].bot, PersonBot)
    mates = [s.bot for s in team[1:]]
    assert all(isinstance(m, TeammateBot) and 800 <= m.reaction_ms <= 1_200 and m.humans == frozenset({0})
               for m in mates)
    alone = next(lv for lv in load_levels() if lv.team_size == 1)  # one seat: the person team's very game
    assert play_level(alone, 5, Model.SOLO) == play_level(alone, 5, Model.PERSON)


def test_a_misplay_is_any_card_of_the_hand_not_any_target_of_a_wild() -> None:
    state = make_state(LEVEL, {"slow1": (1, 40_000), "medium1": (4, 1_500), "slow2": (2, 30_000)},
                       ["wild triangle square"], DECK)
    careless = PersonModel(sand_error_ms=0, sand_step_ms=1, misplay_pct=100)
    cards = [PersonBot(0, s, frozenset({0}), careless).decide(state) for s in range(300)]
    wilds = sum(a is not None and a.hand_index == 0 for a in cards)
    assert 60 < wilds < 140  # about a third, though the wild has more legal actions than the two other cards


def test_an_emptying_glass_is_read_closely_a_full_one_loosely() -> None:
    bot = PersonBot(0, 9, frozenset({0}), PersonModel(sand_step_ms=1))
    low = make_state(LEVEL, {"slow1": (1, 4_000), "medium1": (4, 30_000)}, ["circle"], DECK).timers["slow1"]
    high = make_state(LEVEL, {"slow1": (1, 50_000), "medium1": (4, 30_000)}, ["circle"], DECK).timers["slow1"]
    spread_low = statistics.pstdev(bot.read_sand(low) for _ in range(2_000))
    spread_high = statistics.pstdev(bot.read_sand(high) for _ in range(2_000))
    assert spread_low == pytest.approx(PERSON.sand_error_floor_ms, rel=0.15)
    assert spread_high == pytest.approx(PERSON.sand_error_ms, rel=0.1)
