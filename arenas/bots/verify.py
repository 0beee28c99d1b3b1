"""Proof that every shipped level can be won, and the difficulty labels people see.

Two teams play each level in real time over many seeds, in fixed steps of `STEP_MS` like the
window does. Expert team-mates (`TeammateBot` behind a `BotSeat`, reaction delay drawn per seat
and seed around 1 s) are the winnability proof: every level must reach `MIN_WIN_RATE`. The person
model (`PersonBot`: slower, uneven reactions, sand read by eye, misplays) gives each level its
label from `LABELS`. Both tables, the thresholds and the person model's parameters are committed
as `arenas/bots/proof.json` (beside the bots: every JSON file of `arenas/levels/` is read as a level) and read
through `arenas.bots.proof`; the level picker shows the stored labels and never computes one.
"""
from __future__ import annotations

import math
import random
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any, assert_never

from arenas.bots.person import PERSON, PersonBot
from arenas.bots.proof import LABELS, Model, difficulty_label
from arenas.bots.teammate import BotSeat, TeammateBot
from arenas.rules import (
    Level,
    LevelError,
    Result,
    Setup,
    advance,
    apply,
    is_over,
    load_levels,
    new_game,
)
from arenas.rules.tutorial import FINAL_LEVEL
from common.jsonio import write_json_atomic
from common.safe_text import print_line

STEP_MS = 10
REACTION_RANGE_MS = (800, 1_200)
MAX_GAME_MS = 30 * 60_000  # a game still going after this counts as lost
MIN_WIN_RATE = 0.2


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (0.0 if wins == 0 else centre - half), (1.0 if wins == games else centre + half)


def bot_team(level: Level, seed: int, model: Model = Model.EXPERT) -> list[BotSeat]:
    """The level's intended team: expert bots (a reaction delay each) or person models, drawn from `seed`
    and the level's name (not its number: a level plays the same games wherever it stands in the order)."""
    match model:
        case Model.EXPERT:
            rng = random.Random(f"team {level.name} {seed}")
            return [BotSeat(TeammateBot(i, rng.randint(*REACTION_RANGE_MS), rng.randrange(1 << 30)))
                    for i in range(level.team_size)]
        case Model.PERSON:
            rng = random.Random(f"people {level.name} {seed}")
            team = frozenset(range(level.team_size))
            return [BotSeat(PersonBot(i, rng.randrange(1 << 30), team)) for i in range(level.team_size)]
        case _:
            assert_never(model)


def play_level(level: Level, seed: int, model: Model = Model.EXPERT) -> tuple[bool, int]:
    """One real-time game of `level` by a team of `model`: (won, game time in ms)."""
    state = new_game(Setup(level, tuple(f"Bot {i + 1}" for i in range(level.team_size))), seed)
    seats = bot_team(level, seed, model)
    while not is_over(state) and state.time_ms < MAX_GAME_MS:
        seat = seats[state.active]
        action = seat.poll(state)
        if action is not None:
            apply(state, action)
            continue
        # Skip the idle steps up to the seat's next look: the same game as stepping one by one.
        wake = seat.next_play_time(state)
        steps = max(1, -(-(wake - state.time_ms) // STEP_MS)) if wake is not None else 1
        advance(state, steps * STEP_MS)
    return state.result == Result.WON, state.time_ms


def _play(task: tuple[int, int, Model]) -> tuple[int, int, bool, int]:
    number, seed, model = task
    level = FINAL_LEVEL if number == FINAL_LEVEL.number else next(lv for lv in load_levels() if lv.number == number)
    won, ms = play_level(level, seed, model)
    return number, seed, won, ms


def verify_levels(seeds: int, levels: list[int] | None = None, workers: int = 2,
                  model: Model = Model.EXPERT) -> dict[int, dict[str, Any]]:
    """Play each level (all shipped ones, or the numbers in `levels`) over seeds 0..seeds-1.

    Returns level number -> name, team_size, seeds, wins, win_rate, ci95, mean_win_ms and assisted
    (always False: bots use no assist); the person model's rows also carry their `label`.
    """
    chosen = [lv for lv in load_levels() if levels is None or lv.number in levels]
    return _verify(chosen, seeds, workers, model)


def verify_tutorial(seeds: int, workers: int = 2) -> dict[str, Any]:
    """The person model on the tutorial's final level (played for real) over seeds 0..seeds-1: a row of
    `verify_levels`. With level 1 it is what the person model is calibrated on: both are won most of the time."""
    return _verify([FINAL_LEVEL], seeds, workers, Model.PERSON)[FINAL_LEVEL.number]


def _verify(chosen: list[Level], seeds: int, workers: int, model: Model) -> dict[int, dict[str, Any]]:
    tasks = [(lv.number, s, model) for lv in chosen for s in range(seeds)]
    if workers > 1:
        with get_context("spawn").Pool(workers) as pool:  # fork could copy a lock held by another thread
            results = pool.map(_play, tasks, chunksize=max(1, len(tasks) // (8 * workers)))
    else:
        results = [_play(t) for t in tasks]
    table: dict[int, dict[str, Any]] = {}
    for lv in chosen:
        wins = [ms for number, _, won, ms in results if number == lv.number and won]
        rate = len(wins) / seeds if seeds else 0.0
        lo, hi = wilson_interval(len(wins), seeds)
        table[lv.number] = {
            "name": lv.name, "team_size": lv.team_size, "seeds": seeds, "wins": len(wins),
            "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "mean_win_ms": round(sum(wins) / len(wins)) if wins else None, "assisted": False,
        }
        if model == Model.PERSON:
            table[lv.number]["label"] = difficulty_label(rate)
    return table


def format_table(table: dict[int, dict[str, Any]], model: Model = Model.EXPERT) -> str:
    """One model's verify-levels table as text (the person model's with its labels)."""
    labelled = model == Model.PERSON
    lines = [f"{model} team-mates",
             f"{'level':>5}  {'name':<20} {'team':>4}  {'win rate':>8}  {'95% CI':<11}  {'mean win':>8}"
             + ("  label" if labelled else "")]
    for number, row in table.items():
        lo, hi = row["ci95"]
        mean = f"{row['mean_win_ms'] / 1000:.0f} s" if row["mean_win_ms"] is not None else "-"
        lines.append(f"{number:>5}  {row['name']:<20} {row['team_size']:>4}  {row['win_rate']:>8.0%}  "
                     f"{f'{lo:.0%}–{hi:.0%}':<11}  {mean:>8}" + (f"  {row['label']}" if labelled else ""))
    return "\n".join(lines)


def proof_data(tables: dict[Model, dict[int, dict[str, Any]]]) -> dict[str, Any]:
    """The JSON of a proof file: the label thresholds, the person model and each model's table."""
    data: dict[str, Any] = {"labels": {"model": str(Model.PERSON), "floors": [[f, lb] for f, lb in LABELS]},
                            "person_model": PERSON.to_json()}
    data.update({str(m): {str(n): row for n, row in table.items()} for m, table in tables.items()})
    return data


def verify_levels_main(seeds: int, json_path: Path | None = None, levels: list[int] | None = None,
                       models: tuple[Model, ...] = (Model.EXPERT, Model.PERSON)) -> int:
    """`main.py verify-levels`: print each model's table and write them as JSON (a proof file).

    Returns 0 when every level wins at least `MIN_WIN_RATE` of its seeds with expert team-mates
    (or only the person model ran), 1 when one does not, 2 for bad arguments (one line on stderr).
    """
    if seeds < 1:
        print_line(f"verify-levels: --seeds must be at least 1, got {seeds}")
        return 2
    try:
        shipped = [lv.number for lv in load_levels()]
    except LevelError as exc:
        print_line(f"verify-levels: {exc}")
        return 2
    unknown = sorted(set(levels or ()) - set(shipped))
    if unknown:
        print_line(f"verify-levels: no level {', '.join(map(str, unknown))} (levels are {shipped[0]}..{shipped[-1]})")
        return 2
    tables: dict[Model, dict[int, dict[str, Any]]] = {}
    for model in models:
        started = time.perf_counter()
        tables[model] = verify_levels(seeds, levels, model=model)
        elapsed = time.perf_counter() - started
        print(format_table(tables[model], model))
        print(f"{seeds} seeds per level, {len(tables[model])} levels, {elapsed:.0f} s\n")
    if Model.PERSON in models and levels is None:
        row = verify_tutorial(seeds)
        lo, hi = row["ci95"]
        print(f"the tutorial's final level ({row['name']}), person team-mates: won {row['wins']} of {seeds} "
              f"({row['win_rate']:.0%}, 95% CI {lo:.0%}–{hi:.0%})\n")
    if json_path is not None:
        try:
            write_json_atomic(json_path, proof_data(tables))
        except OSError as exc:
            print_line(f"verify-levels: cannot write {json_path}: {exc.strerror or exc}")
            return 2
        print(f"written to {json_path}")
    weak = [n for n, row in tables.get(Model.EXPERT, {}).items() if row["win_rate"] < MIN_WIN_RATE]
    if weak:
        print_line(f"verify-levels: below {MIN_WIN_RATE:.0%} with expert team-mates: level {', '.join(map(str, weak))}")
        return 1
    return 0
