"""A tournament's log: one line of JSON per game as it ends, so a long run that stops (a closed terminal, a
machine going down) keeps what it played and goes on from there when run again with the same log.

The first line names the settings the games were played with; a log of other settings is refused rather than
mixed in. A last line cut off by a stop is dropped. Each game is the `play_game` record of its index."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from common.files import DataError, Kind, Problem, read_bytes

FORMAT = "arzium-tournament-log"
VERSION = 1


class LogError(ValueError):
    """A log that cannot be used: one line naming the file and what is wrong."""


def open_log(path: Path, settings: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games `path` holds for `settings` (by index), the file made ready for more lines (created with its
    header when missing or empty; a cut-off last line removed); LogError if it is not a log of these settings."""
    try:
        raw = read_bytes(path, Kind.LOG)
    except DataError as exc:
        if exc.problem is not Problem.MISSING:
            raise LogError(str(exc)) from None
        raw = b""
    header = {"format": FORMAT, "version": VERSION, "settings": settings}
    if not raw.strip():
        _write(path, json.dumps(header) + "\n", "w")
        return {}
    lines = raw.split(b"\n")
    try:
        first = json.loads(lines[0])
    except ValueError:
        first = None
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise LogError(f"{path}: not a tournament log (its first line is not one); use another file")
    if first.get("version") != VERSION or first.get("settings") != settings:
        raise LogError(f"{path}: holds games of other settings ({_differences(first.get('settings'), settings)}); "
                       "use another file")
    games: dict[int, dict[str, Any]] = {}
    good = len(lines[0]) + 1
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            good += len(line) + 1
            continue
        try:
            game = json.loads(line)
        except ValueError:
            if n == len(lines) or all(not rest.strip() for rest in lines[n:]):  # the last line, cut off by a stop
                break
            raise LogError(f"{path}: line {n} is not a game record; use another file") from None
        if not isinstance(game, dict) or not isinstance(game.get("index"), int):
            raise LogError(f"{path}: line {n} is not a game record; use another file")
        games[game["index"]] = game
        good += len(line) + 1
    if good < len(raw):
        try:
            os.truncate(path, good)
        except OSError as exc:
            raise LogError(f"{path}: cannot write: {exc.strerror or exc}") from None
    elif not raw.endswith(b"\n"):  # a whole last record whose line end the stop cut off
        _write(path, "\n", "a")
    return games


def append_game(path: Path, game: dict[str, Any]) -> None:
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


def _differences(kept: object, wanted: dict[str, Any]) -> str:
    """Which settings differ, as "name: logged -> now"."""
    if not isinstance(kept, dict):
        return "no settings recorded"
    names = [k for k in wanted if kept.get(k) != wanted[k]] + [k for k in kept if k not in wanted]
    return ", ".join(f"{k}: {kept.get(k)!r} -> {wanted.get(k)!r}" for k in names) or "another format version"
