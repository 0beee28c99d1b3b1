"""Seeded bot-vs-bot tournaments: win rates with 95% Wilson intervals, per bot and per seat.

Seats are rotated fairly: with B bots listed, game g is played on deal g // B with seat i taken by
``bots[(g + i) % B]``, so over every B games each bot sits in every seat (= turn position, the
first player being seat 0) once, on the same deal. With `rotate_first` the first player is seat
(g // B) mod the players instead, so turn position and edge are apart: results are also given by
turn position. Shared wins count as fractions. Decision times
are CPU seconds (`time.process_time`) of each `decide` call in the worker playing the game, with
the wall-clock figures beside them (a hard bot's time cap is wall-clock).
"""
from __future__ import annotations

import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import TypedDict

from arzium.bots import BOT_LEVELS, DEFAULT_ITERATIONS, HARD_LEVELS, MAX_ITERATIONS, THINK_SECONDS, Bot, make_bot
from arzium.bots.tournament_log import GameRecord, Settings, append_game, lineup_of, open_log
from arzium.rules.engine import apply, current_player, is_over
from arzium.rules.score import outcome
from arzium.rules.state import MAX_PLAYERS, MIN_PLAYERS, default_setup, new_game
from common.data.jsonio import write_bytes_atomic
from common.data.safe_text import print_line
from common.workers.memory import settle_worker

Z95 = 1.959964
# A bot for a seat: (seed, the hard bots' iterations, their time cap) -> the bot; picklable, as games run in workers.
BotMaker = Callable[[int, int | None, float | None], Bot]


class Rate(TypedDict):
    """Wins (shared wins as fractions) of so many games, the win rate and its 95% interval."""

    wins: float
    games: int
    win_rate: float
    ci95: list[float]


class Spread(TypedDict):
    p50: float
    p95: float
    max: float


class DecisionMs(Spread):
    decisions: int


class BotResult(Rate):
    """One bot level's results over the seats it played."""

    mean_score: float
    seat_win_rates: list[float | None]
    decision_ms: DecisionMs
    wall_ms: Spread


class SeatResult(Rate):
    seat: int
    edge: str
    fair: float


class PositionResult(Rate):
    position: int
    fair: float


class Summary(TypedDict):
    """Per bot, per seat and per turn position results of played games."""

    results: dict[str, BotResult]
    seats: list[SeatResult]
    positions: list[PositionResult]
    shared_wins: int
    mean_turns: float


class TournamentResult(Summary):
    """A tournament's results with its settings (see `tournament`)."""

    game: str
    players: int
    bots: list[str]
    games: int
    seed: int
    full_game: bool
    hard_iterations: int
    time_cap: float | None
    rotate_first: bool
    resumed: int
    budgets: dict[str, str]
    balanced: bool
    elapsed_s: float


class _BotTally(TypedDict):
    wins: float
    n: int
    scores: list[int]
    times: list[float]
    wall: list[float]
    seat_wins: list[float]
    seat_n: list[int]


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (`wins` may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return max(0.0, (centre - spread) / denom), min(1.0, (centre + spread) / denom)


@dataclass(frozen=True)
class GameSpec:
    """One game of a tournament: its index, deal seed, the bot level of each seat and how to make its bot."""

    index: int
    deal_seed: int
    lineup: tuple[str, ...]
    makers: tuple[BotMaker, ...]
    bot_seed: int
    full_game: bool
    hard_iterations: int | None
    time_cap: float | None = None
    first_player: int = 0


def lineups(players: int, bots: list[str], games: int) -> list[tuple[int, tuple[str, ...]]]:
    """(deal number, bot per seat) of every game, rotating the bots through the seats."""
    return [(g // len(bots), lineup_of(g, players, bots)) for g in range(games)]


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game; its scores, winners and every seat's decision CPU times (seconds)."""
    n = len(spec.lineup)
    state = new_game(replace(default_setup(n, spec.full_game), first_player=spec.first_player), spec.deal_seed)
    bots = [make(spec.bot_seed * 16 + i, spec.hard_iterations, spec.time_cap) for i, make in enumerate(spec.makers)]
    settle_worker()  # in a pool's worker: what earlier games filled the caches with costs no collector pause
    times: list[list[float]] = [[] for _ in range(n)]
    wall: list[list[float]] = [[] for _ in range(n)]
    clock, wall_clock = time.process_time, time.perf_counter
    while not is_over(state):
        p = current_player(state)
        assert p is not None
        t, w = clock(), wall_clock()
        action = bots[p].decide(state, p)
        times[p].append(clock() - t)
        wall[p].append(wall_clock() - w)
        apply(state, action)
    out = outcome(state)
    return {"index": spec.index, "lineup": list(spec.lineup), "winners": list(out.winners),
            "scores": [s.total for s in out.scores], "coins": [s.coins for s in out.scores],
            "turns": state.turn, "order": list(state.order), "times": times, "wall": wall}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _spread(ms: list[float]) -> Spread:
    return {"p50": round(_percentile(ms, 0.5), 2), "p95": round(_percentile(ms, 0.95), 2),
            "max": round(max(ms, default=0.0), 2)}


def _rate(wins: float, n: int) -> Rate:
    lo, hi = wilson(wins, n)
    return {"wins": round(wins, 3), "games": n, "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def summarize(players: int, bots: list[str], games: list[GameRecord]) -> Summary:
    """Per bot and per seat results of played games (see `tournament`)."""
    names = list(dict.fromkeys(bots))
    per_bot: dict[str, _BotTally] = {
        b: {"wins": 0.0, "n": 0, "scores": [], "times": [], "wall": [], "seat_wins": [0.0] * players,
            "seat_n": [0] * players}
        for b in names}
    seat_wins = [0.0] * players
    position_wins = [0.0] * players  # by turn position: 0 plays first
    shared = 0
    for g in games:
        share = 1.0 / len(g["winners"])
        shared += len(g["winners"]) > 1
        order = g.get("order", list(range(players)))
        for seat, level in enumerate(g["lineup"]):
            won = share if seat in g["winners"] else 0.0
            position_wins[order.index(seat)] += won
            r = per_bot[level]
            r["wins"] += won
            r["n"] += 1
            r["scores"].append(g["scores"][seat])
            r["times"].extend(g["times"][seat])
            r["wall"].extend(g.get("wall", g["times"])[seat])
            r["seat_wins"][seat] += won
            r["seat_n"][seat] += 1
            seat_wins[seat] += won
    results: dict[str, BotResult] = {}
    for b, r in per_bot.items():
        times_ms = [t * 1000 for t in r["times"]]
        results[b] = {**_rate(r["wins"], r["n"]),
                      "mean_score": round(statistics.fmean(r["scores"]), 2) if r["scores"] else 0.0,
                      "seat_win_rates": [round(w / k, 4) if k else None for w, k in zip(r["seat_wins"], r["seat_n"])],
                      "decision_ms": {"p50": round(_percentile(times_ms, 0.5), 2),
                                      "p95": round(_percentile(times_ms, 0.95), 2),
                                      "max": round(max(times_ms, default=0.0), 2), "decisions": len(times_ms)},
                      "wall_ms": _spread([t * 1000 for t in r["wall"]])}
    seats: list[SeatResult] = [{"seat": i, "edge": default_setup(players).seats[i].edge,
                                "fair": round(1 / players, 4), **_rate(seat_wins[i], len(games))}
                               for i in range(players)]
    positions: list[PositionResult] = [{"position": k, "fair": round(1 / players, 4),
                                        **_rate(position_wins[k], len(games))} for k in range(players)]
    return {"results": results, "seats": seats, "positions": positions, "shared_wins": shared,
            "mean_turns": round(statistics.fmean(g["turns"] for g in games), 1) if games else 0.0}


def _play(specs: list[GameSpec], workers: int) -> Iterable[GameRecord]:
    """The games played, each as soon as it ends (in that order)."""
    if workers <= 1 or len(specs) <= 1:
        yield from map(play_game, specs)
        return
    with get_context("spawn").Pool(workers) as pool:  # fork could copy a lock held by another thread
        yield from pool.imap_unordered(play_game, specs)


def progress_line(game: GameRecord, done: int, total: int) -> str:
    """One line about a finished game: which it was, who won, how long it took."""
    won = ", ".join(f"{game['lineup'][w]} (seat {w + 1})" for w in game["winners"])
    return f"game {done}/{total} (#{game['index'] + 1}): {won} won in {game['turns']} turns"


def budget(level: str, iterations: int | None, time_cap: float | None) -> str:
    """How much a hard `level` thinks per move with these tournament settings (see `make_bot`)."""
    if iterations is None and time_cap is None:
        time_cap = THINK_SECONDS
    if time_cap is None:
        return f"{iterations} iterations"
    return f"up to {time_cap:g} s (at most {iterations or MAX_ITERATIONS} iterations)"


Progress = Callable[[GameRecord, int, int], None]  # a finished game, how many are done, of how many


def tournament(players: int, bots: list[str], games: int, seed: int, full_game: bool = True, workers: int = 2,
               hard_iterations: int | None = None, time_cap: float | None = None,
               rotate_first: bool = False, log: Path | None = None,
               progress: Progress | None = None, others: Mapping[str, BotMaker] | None = None) -> TournamentResult:
    """Play `games` seeded games with the bots rotated through the seats; results as a JSON-able dict.

    Keys: the arguments, ``balanced`` (every bot level sat in every seat equally often), ``results`` per
    bot level (wins, games = seats it played, win_rate, ci95, mean_score, seat_win_rates,
    decision_ms p50/p95/max), ``seats`` (win rate and ci95 of each seat), ``shared_wins``,
    ``mean_turns``, ``elapsed_s`` (wall clock) and ``budgets`` (how much each hard level thought per move).
    `hard_iterations` and `time_cap` (wall seconds per move) apply to every hard level. With a `log` (see
    `tournament_log`) each game is written there as it ends and the games it holds already are not played
    again (``resumed`` counts them); `progress` is told of each game as it ends. `others` names bots that are
    not levels of the game (development yardsticks), by the name `bots` gives them.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: {players} (2-4)")
    if not bots:
        raise ValueError("bots: empty list")
    makers: dict[str, BotMaker] = {level: partial(make_bot, level) for level in BOT_LEVELS} | dict(others or {})
    unknown = [b for b in bots if b not in makers]
    if unknown:
        raise ValueError(f"bots: unknown bot level {unknown[0]!r} (known: {', '.join(makers)})")
    if games <= 0:
        raise ValueError(f"games: {games} (must be positive)")
    if hard_iterations is not None and hard_iterations <= 0:
        raise ValueError(f"iterations: {hard_iterations} (must be positive)")
    if time_cap is not None and not 0 < time_cap <= 60:
        raise ValueError(f"time cap: {time_cap:g} s (must be above 0 and at most 60)")
    specs = [GameSpec(g, seed * 1_000_003 + deal, lineup, tuple(makers[b] for b in lineup), seed * 1_000_003 + g,
                      full_game, hard_iterations, time_cap, deal % players if rotate_first else 0)
             for g, (deal, lineup) in enumerate(lineups(players, bots, games))]
    settings: Settings = {"players": players, "bots": list(bots), "seed": seed, "full_game": full_game,
                "hard_iterations": hard_iterations, "time_cap": time_cap, "rotate_first": rotate_first}
    kept = {i: g for i, g in (open_log(log, settings) if log is not None else {}).items() if i < games}
    todo = [s for s in specs if s.index not in kept]
    start = time.perf_counter()
    played: list[GameRecord] = list(kept.values())
    for game in _play(todo, workers):
        if log is not None:
            append_game(log, {**game, "settings": settings})
        played.append(game)
        if progress is not None:
            progress(game, len(played), games)
    played.sort(key=lambda g: g["index"])
    elapsed = time.perf_counter() - start
    return {"game": "arzium", "players": players, "bots": list(bots), "games": games, "seed": seed,
            "full_game": full_game, "hard_iterations": hard_iterations or DEFAULT_ITERATIONS, "time_cap": time_cap,
            "rotate_first": rotate_first, "resumed": len(kept),
            "budgets": {b: budget(b, hard_iterations, time_cap) for b in dict.fromkeys(bots) if b in HARD_LEVELS},
            "balanced": len(set(bots)) == 1 or games % len(bots) == 0, **summarize(players, list(bots), played),
            "elapsed_s": round(elapsed, 1)}


def format_table(res: TournamentResult) -> str:
    """The tournament result as a readable text table."""
    mode = "full game" if res["full_game"] else "basic game"
    lines = [f"Arzium tournament: {res['players']} players, {mode}, {res['games']} games, seed {res['seed']}",
             *(f"{b}: {text} per move" for b, text in res["budgets"].items()),
             f"bots rotated through the seats: {', '.join(res['bots'])}"
             + ("" if res["balanced"] else "  (games not a multiple of the bots: seats not exactly balanced)"),
             "",
             f"{'bot':<8} {'seats':>6} {'wins':>8} {'win rate':>9} {'95% CI':>15} {'mean pts':>9} "
             f"{'ms p50':>8} {'ms p95':>8} {'wall max':>9}"]
    for b, r in res["results"].items():
        lo, hi = r["ci95"]
        d = r["decision_ms"]
        lines.append(f"{b:<8} {r['games']:>6} {r['wins']:>8.1f} {r['win_rate']:>8.1%} "
                     f"{f'{lo:.1%} - {hi:.1%}':>15} {r['mean_score']:>9.2f} {d['p50']:>8.1f} {d['p95']:>8.1f} "
                     f"{r['wall_ms']['max']:>9.1f}")
    lines += ["", f"{'seat':<6} {'edge':<6} {'win rate':>9} {'95% CI':>15} {'fair':>6}"]
    for s in res["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"{s['seat'] + 1:<6} {s['edge']:<6} {s['win_rate']:>8.1%} {f'{lo:.1%} - {hi:.1%}':>15} "
                     f"{s['fair']:>6.1%}")
    if res.get("rotate_first"):
        lines += ["", f"{'turn':<13} {'win rate':>9} {'95% CI':>15} {'fair':>6}   "
                      "(first player rotated over the seats)"]
        for k in res["positions"]:
            lo, hi = k["ci95"]
            lines.append(f"{_ordinal(k['position'] + 1):<13} {k['win_rate']:>8.1%} {f'{lo:.1%} - {hi:.1%}':>15} "
                         f"{k['fair']:>6.1%}")
    lines.append("")
    lines.append(f"shared wins: {res['shared_wins']}   mean turns: {res['mean_turns']}   "
                 f"wall time: {res['elapsed_s']:.0f} s"
                 + (f" ({res['resumed']} of the games read from the log)" if res.get("resumed") else ""))
    return "\n".join(lines)


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th") + " to play"


def tournament_main(players: int, bots: list[str], games: int, seed: int, json_path: str | Path | None = None,
                    full_game: bool = True, workers: int = 2, hard_iterations: int | None = None,
                    time_cap: float | None = None, rotate_first: bool = False, log: Path | None = None,
                    progress: bool = False) -> int:
    """Run a tournament, print its table, write JSON to `json_path` if given (`progress`: a line on stderr as
    each game ends); the exit code."""
    def tell(game: GameRecord, done: int, total: int) -> None:
        print(progress_line(game, done, total), file=sys.stderr, flush=True)
    try:
        res = tournament(players, bots, games, seed, full_game, workers, hard_iterations, time_cap, rotate_first,
                         log, tell if progress else None)
    except ValueError as exc:
        print_line(f"tournament: {exc}")
        return 2
    print(format_table(res))
    if json_path is not None:
        try:
            write_bytes_atomic(Path(json_path), (json.dumps(res, indent=2) + "\n").encode("utf-8"))  # whole or none
        except OSError as exc:
            print_line(f"{json_path}: cannot write: {exc.strerror or exc}")
            return 1
    return 0
