"""Your Arzium results: per bot level and number of players, games played, won and lost, points, best score.

Kept in `<data dir>/arzium_records.json` (format `RECORDS_VERSION`), with the same care as the Arenas records:
written atomically; a corrupt file set aside (`message` says so in one line); fields this version does
not know kept and written back; a newer version's file used read-only, never rewritten.

A game counts when at least one seat is a person's: won when a person is among the winners, scored with
the best person's points. The bot level is the bots' common level ("mixed" when they differ, "people"
when every seat is a person's, "online" for a game in an online room, counted for this player's seat: whether
that seat was shown a hint, how many of its turns its bot played)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from arzium.rules.score import outcome
from arzium.rules.state import GameState
from common.data.file_lock import exclusive
from common.data.files import DataError, Kind
from common.data.i18n import _
from common.data.jsonio import clean_stale_temps, load_json, write_json_versioned
from common.data.os_words import os_problem
from common.data.paths import data_dir
from common.data.rules_api import json_int
from common.data.safe_text import one_line

RECORDS_FILE = "arzium_records.json"
RECORDS_VERSION = 1
MIXED, PEOPLE, ONLINE = "mixed", "people", "online"
_SAME_LEVEL = {"greedy": "normal"}  # bot levels that are one level to a player
_COUNTS = ("played", "wins", "losses", "assisted", "points")
_KEY = re.compile(r"([a-z]{1,12})-([1-9])")  # "<bot level>-<players>"
MAX_GAMES = 10_000_000  # the most games one kind of table can count
MAX_SCORE = 10_000  # the most points one game can score, far above any real game's
MAX_TURNS = 1_000  # the most turns of one seat one game can count, far above any real game's


@dataclass
class TableRecord:
    """Your games at one kind of table (a bot level and a number of players)."""

    played: int = 0
    wins: int = 0
    losses: int = 0
    assisted: int = 0  # games in which a hint was shown
    points: int = 0  # your scores added up (the average is points / played)
    best_score: int | None = None
    bot_turns: int = 0  # your turns your seat's bot played (online: your time ran out, or you were away)
    extra: dict[str, object] = field(default_factory=dict)  # fields of a newer version, written back as read

    def to_dict(self) -> dict[str, object]:
        """JSON-able form."""
        counts = (self.played, self.wins, self.losses, self.assisted, self.points)
        return {**self.extra, **dict(zip(_COUNTS, counts)), "best_score": self.best_score,
                "bot_turns": self.bot_turns}

    @classmethod
    def from_dict(cls, data: object) -> TableRecord:
        """Inverse of `to_dict`; ValueError if `data` is malformed or a number is out of range (wins, losses and
        assisted games at most the games played, points at most `MAX_SCORE` a game)."""
        if not isinstance(data, dict):
            raise ValueError("a table record must be an object")
        played = json_int(data.get("played", 0), "played", 0, MAX_GAMES)
        wins, losses, assisted = (json_int(data.get(k, 0), k, 0, played) for k in ("wins", "losses", "assisted"))
        points = json_int(data.get("points", 0), "points", 0, played * MAX_SCORE)
        best = data.get("best_score")
        if best is not None:
            best = json_int(best, "best_score", 0, MAX_SCORE)
        bot_turns = json_int(data.get("bot_turns", 0), "bot_turns", 0, played * MAX_TURNS)
        extra = {k: v for k, v in data.items() if k not in (*_COUNTS, "best_score", "bot_turns")}
        return cls(played, wins, losses, assisted, points, best, bot_turns, extra)

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0


def _from_json(data: object) -> tuple[dict[tuple[str, int], TableRecord], dict[str, object]]:
    """The tables and unknown top-level fields of a records file; ValueError (one line) if malformed."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    version = data.get("version", RECORDS_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError("'version' must be a positive integer")
    raw = data.get("tables")
    if not isinstance(raw, dict):
        raise ValueError("no 'tables' object")
    tables = {}
    for key, value in raw.items():
        match = _KEY.fullmatch(key)
        if match is None:
            raise ValueError(f"tables: key {key[:20]!r} is not '<bot level>-<players>'")
        try:
            tables[(match[1], int(match[2]))] = TableRecord.from_dict(value)
        except ValueError as exc:
            raise ValueError(f"tables.{key}.{exc}") from None
    return tables, {k: v for k, v in data.items() if k not in ("version", "tables")}


def table_kind(state: GameState) -> tuple[str, int]:
    """(bot level, number of players) of a game's table."""
    seats = state.setup.seats
    levels = {_SAME_LEVEL.get(s.bot_level, s.bot_level) for s in seats if s.kind == "bot"}
    level = PEOPLE if not levels else levels.pop() if len(levels) == 1 else MIXED
    return level, len(seats)


@dataclass
class Records:
    """Every kind of table's record and where they are kept."""

    path: Path
    tables: dict[tuple[str, int], TableRecord] = field(default_factory=dict)
    message: str | None = None
    extra: dict[str, object] = field(default_factory=dict)
    read_only: bool = False

    @classmethod
    def load(cls, path: str | Path | None = None) -> Records:
        """Read the records file (default: the user's data folder); missing ⇒ empty records (see the module)."""
        path = Path(path) if path is not None else data_dir() / RECORDS_FILE
        clean_stale_temps(path)
        loaded = load_json(path, "Arzium records", _from_json, Kind.RECORDS, RECORDS_VERSION)
        message = loaded.message
        if loaded.read_only:
            message = one_line(f"{message}; results of this session are not saved")
        if loaded.value is None:
            return cls(path, message=message, read_only=loaded.read_only)
        tables, extra = loaded.value
        return cls(path, tables, message, extra, loaded.read_only)

    def record(self, state: GameState, assisted: bool, online_seat: int | None = None, bot_turns: int = 0) -> bool:
        """Count a finished game (see the module); False when no person played in it. An online game counts
        for this player's seat alone, at the table kind "online" (`bot_turns`: that seat's turns its bot
        played)."""
        seats = state.setup.seats
        people = [i for i, s in enumerate(seats) if s.kind == "human"] if online_seat is None else [online_seat]
        if not people:
            return False
        out = outcome(state)
        kind = table_kind(state) if online_seat is None else (ONLINE, len(seats))
        rec = self.tables.setdefault(kind, TableRecord())
        score = max(out.scores[i].total for i in people)
        rec.played += 1
        if any(i in out.winners for i in people):
            rec.wins += 1
        else:
            rec.losses += 1
        rec.assisted += assisted
        rec.bot_turns += min(MAX_TURNS, max(0, bot_turns))
        rec.points += score
        rec.best_score = score if rec.best_score is None else max(rec.best_score, score)
        return True

    def save(self) -> None:
        """Write the file atomically (never a newer version's: see `read_only`); `DataError` when the file
        there now is newer or cannot be read (it is kept), `OSError` when the write fails."""
        if self.read_only:
            return
        write_json_versioned(self.path, {
            **self.extra,
            "version": RECORDS_VERSION,
            "tables": {f"{level}-{n}": rec.to_dict() for (level, n), rec in sorted(self.tables.items())},
        }, "version", Kind.RECORDS)


def record_game(state: GameState, assisted: bool, online_seat: int | None = None, bot_turns: int = 0) -> list[str]:
    """Count a finished game in the user's records (an online one for `online_seat` alone, with the turns its
    bot played) and save them; the problems, one line each. Another window's game ending at the same moment is
    counted too (the file is read and written under its lock)."""
    with exclusive(data_dir() / RECORDS_FILE):
        records = Records.load()
        problems = [records.message] if records.message else []
        if not records.record(state, assisted, online_seat, bot_turns):
            return problems
        try:
            records.save()
        except DataError as exc:
            problems.append(one_line(_("Arzium records not saved: {reason}").format(reason=exc)))
        except OSError as exc:
            problems.append(one_line(_("could not save Arzium records: {reason}").format(
                reason=os_problem(exc))))
    return problems
