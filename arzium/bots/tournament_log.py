"""A tournament's log: one line of JSON per game as it ends, so a long run that stops (a closed terminal, a
machine going down) keeps what it played and goes on from there when run again with the same log.

The first line names the settings the games were played with; a log of other settings is refused rather than
mixed in. Each game is the `play_game` record of its index and carries the settings too (format 2; a format 1
log's lines do not), so a line pasted from another log is refused. Every field of every line is checked before
a game is played, through the reader of every other file (`common.data.files`). A last line cut off by a stop is
dropped."""
from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import NotRequired, TypedDict, cast

from common.data.files import DataError, Kind, Problem, parse_json, read_bytes
from common.data.jsonio import cannot_write
from common.data.rules_api import FieldError, json_int, json_list
from common.data.safe_text import one_line

FORMAT = "arzium-tournament-log"
VERSION = 2
READ_VERSIONS = (1, 2)  # format 1: the same, but its game lines do not carry the settings
MAX_INDEX = 1_000_000  # the most games a run can have (the command line's --games)
MAX_TURNS = 10_000
MAX_POINTS = 10_000
MAX_SECONDS = 3_600.0  # the longest decision a line may record


class Settings(TypedDict):
    """What a tournament's games were played with (a log holds the games of one such)."""

    players: int
    bots: list[str]
    seed: int
    full_game: bool
    hard_iterations: int | None
    time_cap: float | None
    rotate_first: bool


class GameRecord(TypedDict):
    """One played game: its index, the bot of each seat, the winning seats, each seat's points and coins, its
    turns, the seats in turn order and each seat's decision times (CPU and wall seconds)."""

    index: int
    lineup: list[str]
    winners: list[int]
    scores: list[int]
    coins: list[int]
    turns: int
    order: NotRequired[list[int]]  # a record from before the first player rotated: the seats in their order
    times: list[list[float]]
    wall: NotRequired[list[list[float]]]  # a record from before wall times: its CPU times stand for them


class LoggedGame(GameRecord):
    """A game as a log line: a format 2 line carries its run's settings."""

    settings: NotRequired[Settings]


class LogError(ValueError):
    """A log that cannot be used: one line naming the file and what is wrong."""


def open_log(path: Path, settings: Settings) -> dict[int, LoggedGame]:
    """The games `path` holds for `settings` (by index), the file made ready for more lines (created with its
    header when missing or empty; a cut-off last line removed); LogError if it is not a log of these settings."""
    try:
        raw = read_bytes(path, Kind.LOG)
    except DataError as exc:
        if exc.problem is not Problem.MISSING:
            raise LogError(str(exc)) from None
        raw = b""
    why = cannot_write(path)  # found now, not after the first game is played
    if why is not None:
        raise LogError(f"{path}: {why}")
    header = {"format": FORMAT, "version": VERSION, "settings": settings}
    if not raw.strip():
        _write(path, json.dumps(header) + "\n", "w")
        return {}
    lines = raw.split(b"\n")
    try:
        first = _line_json(path, lines[0], 1)
    except LogError:
        first = None
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise LogError(f"{path}: not a tournament log (its first line is not one); use another file")
    if first.get("version") not in READ_VERSIONS or first.get("settings") != settings:
        raise LogError(f"{path}: holds games of other settings ({_differences(first.get('settings'), settings)}); "
                       "use another file")
    games: dict[int, LoggedGame] = {}
    good = len(lines[0]) + 1
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            good += len(line) + 1
            continue
        try:
            game = _line_json(path, line, n)
        except LogError:
            if n == len(lines) or all(not rest.strip() for rest in lines[n:]):  # the last line, cut off by a stop
                break
            raise
        index = check_game(path, n, game, settings, carries_settings=first["version"] >= 2)
        if index in games:
            raise LogError(f"{path}: line {n}: game #{index + 1} is in the log twice; use another file")
        games[index] = cast(LoggedGame, game)  # every field checked
        good += len(line) + 1
    if good < len(raw):
        try:
            os.truncate(path, good)
        except OSError as exc:
            raise LogError(f"{path}: cannot write: {exc.strerror or exc}") from None
    elif not raw.endswith(b"\n"):  # a whole last record whose line end the stop cut off
        _write(path, "\n", "a")
    return games


def _line_json(path: Path, line: bytes, n: int) -> object:
    """The JSON of line `n`; LogError (one line) if it is not JSON (too deep, a number too long, not UTF-8...)."""
    try:
        return parse_json(line.decode("utf-8"), path)
    except UnicodeDecodeError as exc:
        raise LogError(f"{path}: line {n} is not UTF-8 text (byte {exc.start}); use another file") from None
    except DataError as exc:
        raise LogError(one_line(f"{path}: line {n} is not a game record ({exc.detail}); use another file")) from None


def lineup_of(index: int, players: int, bots: list[str]) -> tuple[str, ...]:
    """The bot of each seat in game `index`: the bots rotate through the seats (see `tournament`)."""
    return tuple(bots[(index + i) % len(bots)] for i in range(players))


def check_game(path: Path, n: int, game: object, settings: Settings, carries_settings: bool = True) -> int:
    """Game line `n`'s index, once every field the results use is of its type and range and the line belongs
    to a run of `settings` (its own settings, its lineup); LogError (one line) otherwise."""
    def refuse(problem: str) -> LogError:
        return LogError(one_line(f"{path}: line {n}: {problem}; use another file"))

    if not isinstance(game, dict):
        raise refuse("not a game record")
    if carries_settings and game.get("settings") != settings:
        raise refuse(f"a game of other settings ({_differences(game.get('settings'), settings)})")
    players, bots = settings["players"], settings["bots"]
    try:
        index = json_int(game.get("index"), "index", 0, MAX_INDEX - 1)
        if json_list(game.get("lineup"), "lineup") != list(lineup_of(index, players, bots)):
            raise FieldError("lineup", f"not the bots of game #{index + 1} of these settings")
        winners = [json_int(w, "winners", 0, players - 1) for w in json_list(game.get("winners"), "winners")]
        if not winners or len(set(winners)) != len(winners):
            raise FieldError("winners", "expected one seat or more, each once")
        for key, lo in (("scores", -MAX_POINTS), ("coins", 0)):
            values = json_list(game.get(key), key)
            if len(values) != players:
                raise FieldError(key, f"expected {players} values, got {len(values)}")
            for i, v in enumerate(values):
                json_int(v, f"{key}[{i}]", lo, MAX_POINTS)
        json_int(game.get("turns"), "turns", 0, MAX_TURNS)
        order = json_list(game.get("order", list(range(players))), "order")
        if sorted(o if isinstance(o, int) and not isinstance(o, bool) else -1 for o in order) != list(range(players)):
            raise FieldError("order", f"expected the seats 0..{players - 1}, each once")
        for key in ("times", "wall") if "wall" in game else ("times",):
            seats = json_list(game.get(key), key)
            if len(seats) != players:
                raise FieldError(key, f"expected {players} lists, got {len(seats)}")
            for i, seat in enumerate(seats):
                if not all(_seconds(t) for t in json_list(seat, f"{key}[{i}]")):
                    raise FieldError(f"{key}[{i}]", f"expected seconds 0..{MAX_SECONDS:g}")
    except FieldError as exc:
        raise refuse(str(exc)) from None
    return index


def _seconds(value: object) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value <= MAX_SECONDS)


def append_game(path: Path, game: LoggedGame) -> None:
    """Add one finished game to the log, flushed to disk before the next game is counted."""
    _write(path, json.dumps(game) + "\n", "a")


def _write(path: Path, text: str, mode: str) -> None:
    try:
        with open(path, mode, encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        raise LogError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _differences(kept: object, wanted: Settings) -> str:
    """Which settings differ, as "name: logged -> now"."""
    if not isinstance(kept, dict):
        return "no settings recorded"
    names = [k for k in wanted if kept.get(k) != wanted.get(k)] + [k for k in kept if k not in wanted]
    return ", ".join(f"{k}: {kept.get(k)!r} -> {wanted.get(k)!r}" for k in names) or "another format version"
