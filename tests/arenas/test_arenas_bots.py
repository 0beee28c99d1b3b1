"""The Arenas team-mate bot: card choice by the sand physics, its real-time seat, the hint, and the
level proof (verify-levels and the committed table)."""
from __future__ import annotations

import json

import pytest

from arenas.bots import BotController, TeammateBot, hint
from arenas.bots.proof import LABELS, PROOF_PATH, Model, difficulty_label, load_difficulty, load_proof
from arenas.bots.teammate import RETHINK_MS
from arenas.bots.verify import (
    MIN_WIN_RATE,
    play_level,
    verify_levels,
    verify_levels_main,
    verify_tutorial,
    wilson_interval,
)
from arenas.rules.actions import PlayCard, PlayWild
from arenas.rules.engine import advance, apply, is_over
from arenas.rules.levels import load_levels
from arenas.rules.state import Setup, new_game
from arenas_support import make_level, make_state

# Path of `make_level`: 0 gray triangle, 1 yellow circle, 2 orange square, 3 gray crescent,
# 4 yellow triangle, 5 orange circle, 6 gray square, 7 yellow crescent, 8 orange triangle,
# 9 gray circle | danger zone: 10 yellow square, 11 orange crescent, 12 gray triangle.
LEVEL = make_level()
DECK = "gray yellow orange wild crescent triangle circle square"


def test_rescues_a_nearly_empty_timer() -> None:
    # circle would flip slow1 (40 s left), triangle rescues medium1 (1.5 s left), square is dead.
    state = make_state(LEVEL, {"slow1": (1, 40_000), "medium1": (4, 1_500)}, ["circle triangle square"], DECK)
    assert TeammateBot(0).decide(state) == PlayCard(0, 1)
    apply(state, PlayCard(0, 1))
    assert state.timers["medium1"].tile == 5 and state.timers["medium1"].remaining_ms == 40_500


def test_does_not_flip_a_timer_just_flipped() -> None:
    # triangle would flip slow1 (59 s of 60 left) to 1 s: the bot throws a dead card instead.
    state = make_state(LEVEL, {"slow1": (4, 59_000), "medium1": (1, 30_000)}, ["triangle square orange"], DECK)
    action = TeammateBot(0).decide(state)
    assert action in (PlayCard(0, 1), PlayCard(0, 2))


def test_waits_when_every_card_would_hurt_but_the_hint_still_names_one() -> None:
    state = make_state(LEVEL, {"slow1": (4, 59_000), "medium1": (1, 30_000)}, ["triangle triangle triangle"], DECK)
    assert TeammateBot(0).decide(state) is None
    assert hint(state) in (PlayCard(0, 0), PlayCard(0, 1), PlayCard(0, 2))


def test_a_full_timer_in_the_danger_zone_is_left_alone() -> None:
    # crescent would flip slow1 on tile 11 (danger zone, 58 s left) to 2 s: the game would hang on it.
    state = make_state(LEVEL, {"slow1": (11, 58_000), "medium1": (4, 30_000)}, ["crescent square orange"], DECK)
    assert TeammateBot(0).decide(state) != PlayCard(0, 0)


def test_recovers_a_lost_timer_when_the_recovery_leaves_enough_sand() -> None:
    state = make_state(LEVEL, {"slow1": ("lost", 3, 20_000), "medium1": (6, 25_000)}, ["wild square orange"], DECK)
    assert TeammateBot(0).decide(state) == PlayWild(0, 0, "recover", "slow1")
    apply(state, PlayWild(0, 0, "recover", "slow1"))
    assert state.timers["slow1"].tile == 3 and state.timers["slow1"].remaining_ms == 40_000


def test_does_not_waste_a_wild_on_a_timer_just_lost() -> None:
    # Recovering now would put slow1 back with 2 s of sand; the wild is kept for later.
    state = make_state(LEVEL, {"slow1": ("lost", 3, 58_000), "medium1": (6, 25_000)}, ["wild square orange"], DECK)
    action = TeammateBot(0).decide(state)
    assert not (isinstance(action, PlayWild) and action.mode == "recover")


def test_pushes_a_timer_into_the_danger_zone() -> None:
    # circle moves slow1 from tile 9 over the Deactivator and refills it; crescent would flip
    # medium1 (20 s of 42) for a smaller gain; orange is dead.
    state = make_state(LEVEL, {"slow1": (9, 20_000), "medium1": (3, 20_000)}, ["crescent circle orange"], DECK)
    assert TeammateBot(0).decide(state) == PlayCard(0, 1)


def test_plays_the_winning_card() -> None:
    state = make_state(LEVEL, {"slow1": (9, 20_000), "medium1": (11, 20_000)}, ["yellow circle orange"], DECK)
    action = TeammateBot(0).decide(state)
    assert action == PlayCard(0, 1)
    apply(state, action)
    assert state.result == "won"


def test_counts_on_a_team_mates_open_hand() -> None:
    # medium1 has 3 s left on tile 4 (yellow triangle); yellow would rescue it but also flip slow1
    # (55 s left) onto tile 2 (orange square) with 5 s. Gray matches nothing.
    timers = {"slow1": (1, 55_000), "medium1": (4, 3_000)}
    # The team-mate holds a triangle for medium1: pass the turn at once with a dead card.
    state = make_state(LEVEL, timers, ["yellow gray gray", "triangle gray gray"], DECK)
    assert TeammateBot(0).decide(state) in (PlayCard(0, 1), PlayCard(0, 2))
    # The team-mate holds orange cards instead, which will refill slow1 on its orange square.
    state = make_state(LEVEL, timers, ["yellow gray gray", "orange orange orange"], DECK)
    assert TeammateBot(0).decide(state) == PlayCard(0, 0)


def test_does_not_leave_a_person_two_seconds_to_rescue_a_timer() -> None:
    # yellow would move slow1 on and flip it from 57 s to 3 s; the team-mate holds oranges for
    # slow1's next gear. A bot team-mate answers in time (its turn takes ~1.25 s), a person may not.
    timers = {"slow1": (1, 57_000), "medium1": (4, 20_000)}
    hands = ["yellow gray gray", "orange orange orange"]
    assert TeammateBot(0).decide(make_state(LEVEL, timers, hands, DECK)) == PlayCard(0, 0)
    action = TeammateBot(0, humans=frozenset({1})).decide(make_state(LEVEL, timers, hands, DECK))
    assert action != PlayCard(0, 0)
    assert hint(make_state(LEVEL, timers, hands, DECK), frozenset({1})) != PlayCard(0, 0)


def test_a_person_with_the_saving_card_is_not_counted_on_like_a_bot() -> None:
    # crescent flips medium1 (gray crescent, 33 s of 42) to 9 s and moves it onto a yellow
    # triangle; the person holds a triangle for it. 9 s is time enough for a turn, yet a person may
    # not see it: the bot plays a dead card (orange or square) instead.
    timers = {"slow1": (1, 40_000), "medium1": (3, 33_000)}
    hands = ["triangle orange orange", "crescent orange square"]
    state = make_state(LEVEL, timers, hands, DECK, active=1)
    assert TeammateBot(1).decide(state) == PlayCard(1, 0)
    assert TeammateBot(1, humans=frozenset({0})).decide(state) in (PlayCard(1, 1), PlayCard(1, 2), None)


def test_only_the_active_seat_plays_and_not_after_the_end() -> None:
    state = make_state(LEVEL, {"slow1": (1, 40_000), "medium1": (4, 1_500)},
                       ["circle triangle square", "circle triangle square"], DECK)
    assert TeammateBot(1).decide(state) is None
    state.result = "lost"
    assert TeammateBot(0).decide(state) is None
    assert hint(state) is None


def test_reaction_delay_must_be_human() -> None:
    with pytest.raises(ValueError, match="reaction_ms"):
        TeammateBot(0, 500)
    with pytest.raises(ValueError, match="reaction_ms"):
        TeammateBot(0, 2_500)


def test_seat_waits_its_reaction_delay_then_plays() -> None:
    state = make_state(LEVEL, {"slow1": (1, 40_000), "medium1": (4, 9_000)}, ["circle triangle square"], DECK,
                       time_ms=5_000)
    seat = BotController(TeammateBot(0, 1_000, seed=3))
    assert seat.poll(state) is None  # the turn starts now
    due = seat.next_play_time(state)
    assert 5_000 + 800 <= due <= 5_000 + 1_200
    advance(state, due - 1 - state.time_ms)
    assert seat.poll(state) is None
    advance(state, 1)
    assert seat.poll(state) == PlayCard(0, 1)


def test_a_waiting_seat_looks_again_a_moment_later() -> None:
    state = make_state(LEVEL, {"slow1": (4, 59_000), "medium1": (1, 30_000)}, ["triangle triangle triangle"], DECK)
    seat = BotController(TeammateBot(0, 600, seed=1))
    due = seat.next_play_time(state)
    advance(state, due)
    assert seat.poll(state) is None
    assert seat.next_play_time(state) == state.time_ms + RETHINK_MS


def test_next_turn_gets_a_new_delay() -> None:
    state = make_state(LEVEL, {"slow1": (1, 40_000), "medium1": (4, 9_000)}, ["circle triangle square"],
                       DECK)
    seat = BotController(TeammateBot(0, 2_000, seed=8))
    advance(state, seat.next_play_time(state))
    apply(state, seat.poll(state))
    assert seat.next_play_time(state) >= state.time_ms + 1_600  # solo: the seat's next turn starts now


def test_same_seed_same_game_different_seed_other_delays() -> None:
    level = load_levels()[2]  # two seats
    assert play_level(level, 7) == play_level(level, 7)
    a, b, c = TeammateBot(0, 1_000, 5), TeammateBot(0, 1_000, 5), TeammateBot(0, 1_000, 6)
    delays = [a.delay_ms() for _ in range(8)]
    assert delays == [b.delay_ms() for _ in range(8)]
    assert delays != [c.delay_ms() for _ in range(8)]
    assert all(800 <= d <= 1_200 for d in delays)


def test_a_bot_game_is_a_legal_replayable_game() -> None:
    level = load_levels()[0]
    state = new_game(Setup(level, ("Bot",)), 11)
    seat = BotController(TeammateBot(0, 900, 11))
    while not is_over(state):
        action = seat.poll(state)
        if action is not None:
            apply(state, action)
        else:
            advance(state, 10)
    assert state.result == "won" and not state.assisted


def test_difficulty_labels() -> None:
    assert [difficulty_label(r) for r in (1.0, 0.8, 0.79, 0.6, 0.4, 0.25, 0.24, 0.2, 0.0)] == [
        "Gentle", "Gentle", "Easy", "Easy", "Tricky", "Hard", "Brutal", "Brutal", "Brutal"]
    assert {label for _, label in LABELS} == {"Gentle", "Easy", "Tricky", "Hard", "Brutal"}


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.404, abs=1e-3) and hi == pytest.approx(0.596, abs=1e-3)
    assert wilson_interval(100, 100)[1] == 1.0 and wilson_interval(0, 100)[0] == 0.0


def test_small_verify_run() -> None:
    table = verify_levels(3, levels=[1, 10], workers=2)
    assert list(table) == [1, 10]
    for _number, row in table.items():
        assert 0.0 <= row["win_rate"] <= 1.0 and row["seeds"] == 3 and 0 <= row["wins"] <= 3
        assert "label" not in row and row["assisted"] is False  # experts prove, people label
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert table[1]["win_rate"] == 1.0 and table[10]["wins"] == 3
    people = verify_levels(2, levels=[1], workers=1, model=Model.PERSON)
    assert people[1]["label"] == difficulty_label(people[1]["win_rate"]) and people[1]["seeds"] == 2


def test_verify_levels_main_writes_json_and_checks_arguments(tmp_path, capsys, monkeypatch) -> None:
    import arenas.bots.verify as verify
    in_pool = verify.play_levels  # its pool of two processes: test_small_verify_run; here the games run in this one
    monkeypatch.setattr(verify, "play_levels", lambda chosen, seeds, workers, model, progress=None:
                        in_pool(chosen, seeds, 1, model, progress))
    out = tmp_path / "proof.json"
    assert verify_levels_main(2, out, [1]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["expert"]["1"]["wins"] == 2 and written["person"]["1"]["seeds"] == 2
    assert written["labels"]["floors"] == [list(floor) for floor in LABELS]
    assert load_difficulty(out)[1]["label"] == written["person"]["1"]["label"]
    printed = capsys.readouterr().out
    assert "expert team-mates" in printed and "person team-mates" in printed and "First Grains" in printed
    assert verify_levels_main(1, out, [1], (Model.PERSON,)) == 0  # one model again: its table is replaced
    again = json.loads(out.read_text(encoding="utf-8"))
    assert set(again) == {"labels", "person_model", "person", "expert"}
    assert again["person"]["1"]["seeds"] == 1 and again["expert"] == written["expert"]
    fresh = tmp_path / "fresh.json"
    assert verify_levels_main(1, fresh, [1], (Model.SOLO,)) == 0
    assert set(json.loads(fresh.read_text(encoding="utf-8"))) == {"labels", "person_model", "solo"}
    capsys.readouterr()
    assert verify_levels_main(0, None, None) == 2
    assert verify_levels_main(2, None, [99]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "seeds" in err[0] and "99" in err[1]


def test_verify_levels_main_fails_a_level_under_the_proof_rate(monkeypatch, capsys) -> None:
    import arenas.bots.verify as verify
    row = {"name": "X", "team_size": 1, "seeds": 10, "wins": 1, "win_rate": 0.1, "ci95": [0.02, 0.4],
           "mean_win_ms": 1000, "label": "Brutal", "assisted": False}
    monkeypatch.setattr(verify, "play_levels", lambda *args, **kwargs: {})
    monkeypatch.setattr(verify, "table_of", lambda chosen, played, model: {1: row})
    assert verify_levels_main(10, None, [1]) == 1
    assert "below 35% with expert team-mates: level 1" in capsys.readouterr().err
    assert verify_levels_main(10, None, [1], (Model.PERSON,)) == 0  # people only label: no proof to fail


def test_proof_table_covers_every_level_with_the_three_teams() -> None:
    proof = load_proof()
    assert PROOF_PATH.exists() and set(proof) == set(Model)
    levels = load_levels()
    for table in proof.values():
        assert sorted(table) == [lv.number for lv in levels]
        for lv in levels:
            row = table[lv.number]
            assert row["seeds"] == 100 and row["name"] == lv.name and row["team_size"] == lv.team_size
    assert all(row["win_rate"] >= MIN_WIN_RATE for row in proof[Model.EXPERT].values())
    assert all(row["label"] == difficulty_label(row["win_rate"]) for row in proof[Model.PERSON].values())
    shown = load_difficulty()
    assert shown[1]["label"] == "Gentle" and shown[1]["win_rate"] >= 0.7  # level 1: people win most games
    assert shown[1]["expert_win_rate"] == proof[Model.EXPERT][1]["win_rate"]


def test_load_difficulty_of_a_bad_file_is_empty(tmp_path) -> None:
    bad = tmp_path / "proof.json"
    bad.write_text("{not json", encoding="utf-8")
    assert load_difficulty(bad) == {}
    assert load_difficulty(tmp_path / "missing.json") == {}
    bad.write_text("[" * 100_000, encoding="utf-8")
    assert load_difficulty(bad) == {}


@pytest.mark.slow
def test_every_level_wins_the_proof_rate_of_100_seeds() -> None:
    table = verify_levels(100)
    assert all(row["win_rate"] >= MIN_WIN_RATE for row in table.values()), table
    committed = load_proof()
    assert {n: row["wins"] for n, row in table.items()} == {n: r["wins"] for n, r in committed[Model.EXPERT].items()}
    for model in (Model.PERSON, Model.SOLO):
        rows = verify_levels(100, model=model)
        assert {n: row["wins"] for n, row in rows.items()} == {n: r["wins"] for n, r in committed[model].items()}


@pytest.mark.slow
def test_the_person_model_wins_the_tutorials_final_level_and_level_1_most_of_the_time() -> None:
    """The calibration: both ends a new player meets first are won by the person model most of the time."""
    tutorial = verify_tutorial(40, workers=1)
    assert tutorial["name"] == "Tutorial: for real" and tutorial["win_rate"] >= 0.75, tutorial
    first = verify_levels(40, [1], workers=1, model=Model.PERSON)[1]
    assert first["win_rate"] >= 0.75, first
