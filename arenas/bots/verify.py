"""Proof that every shipped level can be won, and the difficulty labels people see.

Two teams play each level in real time over many seeds, in fixed steps of `STEP_MS` like the
window does. Expert team-mates (`TeammateBot` behind a `BotController`, reaction delay drawn per seat
and seed around 1 s) are the winnability proof: every level must reach `MIN_WIN_RATE`. The person
model (`PersonBot`: slower, uneven reactions, sand read by eye, misplays) gives each level its
label from `LABELS`. A third table, for information only, seats one person model among expert
team-mates (`Model.SOLO`: how a player alone with bots fares). The tables, the thresholds, the person
model's parameters and its calibration row (the tutorial's final level) are committed as
`arenas/bots/proof.json` (beside the bots: every JSON file of `arenas/levels/` is read as a level) and read
through `arenas.bots.proof`; the level picker shows the stored labels and never computes one.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path
from typing import assert_never

from arenas.bots.diagnosis import Cause, Diagnosis, Ending, format_diagnosis, loss_of
from arenas.bots.person import PERSON, PersonBot
from arenas.bots.proof import LABELS, Model, ProofRow, difficulty_label, load_proof, proof_row
from arenas.bots.teammate import BotController, TeammateBot
from arenas.rules.engine import advance, apply, is_over
from arenas.rules.levels import Level, LevelError, load_levels
from arenas.rules.state import GameState, Result, Setup, new_game
from arenas.rules.tutorial import FINAL_LEVEL
from common.data.files import DataError, Kind, read_json
from common.data.jsonio import write_json_atomic
from common.data.safe_text import print_line
from common.tools.progress import Progress

STEP_MS = 10
REACTION_RANGE_MS = (800, 1_200)
MAX_GAME_MS = 30 * 60_000  # a game still going after this counts as lost
MIN_WIN_RATE = 0.35


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (0.0 if wins == 0 else centre - half), (1.0 if wins == games else centre + half)


def bot_team(level: Level, seed: int, model: Model = Model.EXPERT) -> list[BotController]:
    """The level's intended team: expert bots (a reaction delay each) or person models, drawn from `seed`
    and the level's name (not its number: a level plays the same games wherever it stands in the order)."""
    match model:
        case Model.EXPERT:
            rng = random.Random(f"team {level.name} {seed}")
            return [BotController(TeammateBot(i, rng.randint(*REACTION_RANGE_MS), rng.randrange(1 << 30)))
                    for i in range(level.team_size)]
        case Model.PERSON:
            rng = random.Random(f"people {level.name} {seed}")
            team = frozenset(range(level.team_size))
            return [BotController(PersonBot(i, rng.randrange(1 << 30), team)) for i in range(level.team_size)]
        case Model.SOLO:  # seat 0 is the person of the person team's game with this seed; the mates know it
            person = BotController(PersonBot(0, random.Random(f"people {level.name} {seed}").randrange(1 << 30),
                                       frozenset({0})))
            rng = random.Random(f"team {level.name} {seed}")
            return [person, *(BotController(TeammateBot(i, rng.randint(*REACTION_RANGE_MS), rng.randrange(1 << 30),
                                                  frozenset({0}))) for i in range(1, level.team_size))]
        case _:
            assert_never(model)


def play_level(level: Level, seed: int, model: Model = Model.EXPERT) -> tuple[bool, int]:
    """One real-time game of `level` by a team of `model`: (won, game time in ms)."""
    state = play_game(level, seed, model)
    return state.result == Result.WON, state.time_ms


def play_game(level: Level, seed: int, model: Model = Model.EXPERT) -> GameState:
    """One real-time game of `level` by a team of `model`, to its end or `MAX_GAME_MS`: the final state."""
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
    return state


def _play(task: tuple[Level, int, Model]) -> tuple[int, int, Ending]:
    level, seed, model = task
    return level.number, seed, loss_of(play_game(level, seed, model))


def verify_levels(seeds: int, levels: list[int] | None = None, workers: int = 2,
                  model: Model = Model.EXPERT) -> dict[int, ProofRow]:
    """Play each level (all shipped ones, or the numbers in `levels`) over seeds 0..seeds-1.

    Returns level number -> name, team_size, seeds, wins, win_rate, ci95, mean_win_ms, assisted
    (always False: bots use no assist) and the losses by cause; the person model's rows also carry their `label`.
    """
    chosen = [lv for lv in load_levels() if levels is None or lv.number in levels]
    return table_of(chosen, play_levels(chosen, seeds, workers, model), model)


def verify_tutorial(seeds: int, workers: int = 2, progress: Progress | None = None) -> ProofRow:
    """The person model on the tutorial's final level (played for real) over seeds 0..seeds-1: a row of
    `verify_levels`. With level 1 it is what the person model is calibrated on: both are won most of the time."""
    endings = play_levels([FINAL_LEVEL], seeds, workers, Model.PERSON, progress)
    return table_of([FINAL_LEVEL], endings, Model.PERSON)[FINAL_LEVEL.number]


def play_levels(chosen: list[Level], seeds: int, workers: int, model: Model,
                progress: Progress | None = None) -> dict[int, Diagnosis]:
    """Every level of `chosen` over seeds 0..seeds-1 by a team of `model`: how each game ended, by level.

    `progress` (if any) steps once per game, naming its level."""
    tasks = [(lv, s, model) for lv in chosen for s in range(seeds)]
    endings: dict[int, list[tuple[int, Ending]]] = {lv.number: [] for lv in chosen}

    def take(results: Iterable[tuple[int, int, Ending]]) -> None:
        for number, seed, ending in results:
            endings[number].append((seed, ending))
            if progress is not None:
                progress.step(f"{model} level {number}")

    if workers > 1:
        with get_context("spawn").Pool(workers) as pool:  # fork could copy a lock held by another thread
            take(pool.imap_unordered(_play, tasks, chunksize=max(1, min(8, len(tasks) // (8 * workers)))))
    else:
        take(map(_play, tasks))
    return {n: Diagnosis([e for _, e in sorted(games)]) for n, games in endings.items()}


def table_of(chosen: list[Level], played: dict[int, Diagnosis], model: Model) -> dict[int, ProofRow]:
    """The verify-levels rows of the levels `chosen` from how their games ended (see `verify_levels`)."""
    table: dict[int, ProofRow] = {}
    for lv in chosen:
        endings = played[lv.number].endings
        wins = [e.at_ms for e in endings if e.cause == Cause.WON]
        seeds = len(endings)
        rate = len(wins) / seeds if seeds else 0.0
        lo, hi = wilson_interval(len(wins), seeds)
        row: ProofRow = {
            "name": lv.name, "team_size": lv.team_size, "seeds": seeds, "wins": len(wins),
            "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "mean_win_ms": round(sum(wins) / len(wins)) if wins else None, "assisted": False,
            "losses": {str(c): k for c, k in sorted(played[lv.number].causes().items()) if c != Cause.WON},
        }
        if model == Model.PERSON:
            row["label"] = difficulty_label(rate)
        table[lv.number] = row
    return table


TITLES = {Model.EXPERT: "expert team-mates", Model.PERSON: "person team-mates",
          Model.SOLO: "one person with expert team-mates"}


def format_table(table: dict[int, ProofRow], model: Model = Model.EXPERT) -> str:
    """One model's verify-levels table as text (the person model's with its labels)."""
    labelled = model == Model.PERSON
    lines = [TITLES[model],
             f"{'level':>5}  {'name':<20} {'team':>4}  {'win rate':>8}  {'95% CI':<11}  {'mean win':>8}"
             + ("  label" if labelled else "")]
    for number, row in table.items():
        lo, hi = row["ci95"]
        mean = f"{row['mean_win_ms'] / 1000:.0f} s" if row["mean_win_ms"] is not None else "-"
        lines.append(f"{number:>5}  {row['name']:<20} {row['team_size']:>4}  {row['win_rate']:>8.0%}  "
                     f"{f'{lo:.0%}–{hi:.0%}':<11}  {mean:>8}" + (f"  {row['label']}" if labelled else ""))
    return "\n".join(lines)


def proof_data(tables: dict[Model, dict[int, ProofRow]],
               tutorial: ProofRow | None = None) -> dict[str, object]:
    """The JSON of a proof file: the label thresholds, the person model (with its calibration on the tutorial's
    final level, if played) and each model's table."""
    data: dict[str, object] = {"labels": {"model": str(Model.PERSON), "floors": [[f, lb] for f, lb in LABELS]},
                            "person_model": PERSON.to_json()}
    if tutorial is not None:
        data["tutorial_final_level"] = tutorial
    data.update({str(m): {str(n): row for n, row in table.items()} for m, table in tables.items()})
    return data


def merged_proof(path: Path, tables: dict[Model, dict[int, ProofRow]],
                 tutorial: ProofRow | None) -> dict[str, object]:
    """The proof file at `path` with this run's tables and rows written over it: the tables, rows and tutorial
    row this run did not play are kept from the file as it was (a run of some levels or one model updates
    them alone). The labels' thresholds and the person model are this version's."""
    old = load_proof(path) if path.exists() else {}
    if tutorial is None:
        try:
            data = read_json(path, Kind.DATA) if path.exists() else None
            tutorial = proof_row(data["tutorial_final_level"]) if isinstance(data, dict) else None
        except (DataError, KeyError, ValueError):
            tutorial = None
    merged = {Model(m): dict(rows) for m, rows in old.items()}
    for model, rows in tables.items():
        merged[model] = dict(sorted({**merged.get(model, {}), **rows}.items()))
    return proof_data({m: merged[m] for m in Model if m in merged}, tutorial)


def verify_levels_main(seeds: int, json_path: Path | None = None, levels: list[int] | None = None,
                       models: tuple[Model, ...] = (Model.EXPERT, Model.PERSON), why: bool = False,
                       own: list[Level] | None = None) -> int:
    """`main.py verify-levels`: print each model's table and write them as JSON (a proof file, see
    `merged_proof`); with `own`, the tables of those levels (level files, numbered by their place) instead of
    the shipped ones'.

    With `why`, also how each level's games ended (see `arenas.bots.diagnosis`). A progress bar runs on a
    terminal's stderr. Returns 0 when every level wins at least `MIN_WIN_RATE` of its seeds with expert
    team-mates (or the experts did not play), 1 when one does not, 2 for bad arguments (one line on stderr).
    """
    if seeds < 1:
        print_line(f"verify-levels: --seeds must be at least 1, got {seeds}")
        return 2
    if own and (levels or json_path is not None):
        print_line("verify-levels: level files are proved on their own: without --level and --json")
        return 2
    try:
        everything = load_levels() if not own else [replace(lv, number=i) for i, lv in enumerate(own, 1)]
    except LevelError as exc:
        print_line(f"verify-levels: {exc}")
        return 2
    shipped = [lv.number for lv in everything]
    unknown = sorted(set(levels or ()) - set(shipped))
    if unknown:
        print_line(f"verify-levels: no level {', '.join(map(str, unknown))} (levels are {shipped[0]}..{shipped[-1]})")
        return 2
    chosen = [lv for lv in everything if levels is None or lv.number in levels]
    calibrate = Model.PERSON in models and levels is None and not own
    progress = Progress(seeds * (len(chosen) * len(models) + calibrate))
    tables: dict[Model, dict[int, ProofRow]] = {}
    played: dict[Model, dict[int, Diagnosis]] = {}
    for model in models:
        started = time.perf_counter()
        played[model] = play_levels(chosen, seeds, 2, model, progress)
        tables[model] = table_of(chosen, played[model], model)
        elapsed = time.perf_counter() - started
        progress.close()
        print(format_table(tables[model], model))
        print(f"{seeds} seeds per level, {len(chosen)} levels, {elapsed:.0f} s\n")
    tutorial = None
    if calibrate:
        tutorial = verify_tutorial(seeds, progress=progress)
        progress.close()
        lo, hi = tutorial["ci95"]
        print(f"the tutorial's final level ({tutorial['name']}), person team-mates: won {tutorial['wins']} of "
              f"{seeds} ({tutorial['win_rate']:.0%}, 95% CI {lo:.0%}–{hi:.0%})\n")
    if why:
        print(format_diagnosis({lv.number: {str(m): played[m][lv.number] for m in models} for lv in chosen}) + "\n")
    if json_path is not None:
        try:
            write_json_atomic(json_path, merged_proof(json_path, tables, tutorial))
        except OSError as exc:
            print_line(f"verify-levels: cannot write {json_path}: {exc.strerror or exc}")
            return 2
        print(f"written to {json_path}")
    weak = [n for n, row in tables.get(Model.EXPERT, {}).items() if row["win_rate"] < MIN_WIN_RATE]
    if weak:
        print_line(f"verify-levels: below {MIN_WIN_RATE:.0%} with expert team-mates: level {', '.join(map(str, weak))}")
        return 1
    return 0
