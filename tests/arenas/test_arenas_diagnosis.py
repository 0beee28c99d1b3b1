"""Why a game was lost: the timer that ran dry, where, after what (`verify-levels --why`)."""
from __future__ import annotations

from arenas.bots.diagnosis import Cause, Diagnosis, format_diagnosis, loss_of
from arenas.bots.verify import Model, play_game
from arenas.rules.actions import PlayCard
from arenas.rules.engine import advance, apply
from arenas.rules.levels import load_levels
from arenas_support import make_level, make_state

# Default test path: GT YC OS GM YT OC GS YM OT GC | YS OM GT (the danger zone from tile 10).
LEVEL = make_level()
RUSTY = make_level(removed=("orange", "crescent"))  # tile 11, orange crescent, turns only for a wild


def test_a_timer_dry_on_a_rusted_danger_gear_with_a_wild_in_hand() -> None:
    state = make_state(RUSTY, {"slow1": (11, 3_000), "slow2": (10, 50_000), "medium1": (4, 30_000)},
                       ["wild triangle square"])
    advance(state, 3_000)
    ending = loss_of(state)
    assert ending.cause == Cause.ZONE_RUSTED and ending.timer == "slow1" and ending.at_ms == 3_000
    assert ending.wild_in_hand and not ending.card_in_hand


def test_a_timer_dry_on_a_plain_danger_gear_with_its_card_in_hand() -> None:
    state = make_state(LEVEL, {"slow1": (12, 2_000), "slow2": (10, 50_000), "medium1": (4, 30_000)},
                       ["triangle square circle"])
    advance(state, 2_000)
    ending = loss_of(state)
    assert ending.cause == Cause.ZONE and ending.card_in_hand and not ending.wild_in_hand


def test_a_lost_glass_that_runs_dry_and_a_flip_too_soon() -> None:
    # medium1 (42 s) on tile 4, yellow triangle, flipped at once by a triangle card: 40 s of 42 run, 2 s left.
    state = make_state(LEVEL, {"slow1": (11, 59_000), "slow2": (10, 59_000), "medium1": (4, 40_000)},
                       ["triangle square circle", "square square square"], deck="gray gray gray")
    apply(state, PlayCard(0, 0))
    assert state.timers["medium1"].remaining_ms == 2_000
    advance(state, 2_000)  # lost beside tile 5, flipped full: 42 s more
    advance(state, 42_000)
    ending = loss_of(state)
    assert ending.cause == Cause.LOST_TIMER and ending.timer == "medium1" and ending.timers_lost == 1
    assert ending.last_flip_left_ms == 2_000 and ending.flipped_too_soon  # the rules' flip on losing it is not counted


def test_a_diagnosis_sums_games_and_prints_a_block_per_level() -> None:
    level = load_levels()[0]
    games = Diagnosis([loss_of(play_game(level, seed, Model.PERSON)) for seed in range(4)])
    causes = games.causes()
    assert sum(causes.values()) == 4
    text = format_diagnosis({1: {"person": games}})
    assert text.startswith("level 1\n  person  won ") and f"won {causes[Cause.WON]}/4" in text
