"""Per-level records of Arenas Movedizas: best time, wins, losses, assisted wins, unlocked levels.

Kept in `<data dir>/arenas_records.json`. `wins` counts every win; `assisted_wins` the ones that
used an assist (pause or slower sand), which never set a best time but do unlock the next level.
A corrupt file is set aside and `Records.message` says so in one line. Nothing is lost across versions:
fields this version does not know are kept and written back, and a file of a newer format version is
used read-only (never rewritten, so a newer app's records are not downgraded; `message` says so).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.jsonio import read_json_or_set_aside, set_aside, write_json_atomic
from common.paths import data_dir

RECORDS_FILE = "arenas_records.json"
RECORDS_VERSION = 1
_COUNTS = ("wins", "losses", "assisted_wins")
_LEVEL_KEY = re.compile(r"[1-9][0-9]{0,2}")  # a level number 1-999 as written by `save`, nothing else


@dataclass
class LevelRecord:
    """What has happened on one level."""

    wins: int = 0
    losses: int = 0
    assisted_wins: int = 0
    best_ms: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # fields of a newer version, written back as read

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {**self.extra, "wins": self.wins, "losses": self.losses, "assisted_wins": self.assisted_wins,
                "best_ms": self.best_ms}

    @classmethod
    def from_dict(cls, data: Any) -> LevelRecord:
        """Inverse of `to_dict`; ValueError if `data` is malformed."""
        if not isinstance(data, dict):
            raise ValueError("a level record must be an object")
        counts = [data.get(k, 0) for k in _COUNTS]
        best = data.get("best_ms")
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counts):
            raise ValueError("wins, losses and assisted_wins must be counts")
        if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 0):
            raise ValueError("best_ms must be a time in ms or null")
        wins, losses, assisted_wins = counts
        extra = {k: v for k, v in data.items() if k not in _COUNTS and k != "best_ms"}
        return cls(wins, losses, assisted_wins, best, extra)


def _levels_from(data: Any) -> dict[int, LevelRecord]:
    """The `levels` object of a records file; ValueError (one line) if malformed."""
    if not isinstance(data, dict):
        raise ValueError("no 'levels' object")
    levels = {}
    for key, value in data.items():
        if not _LEVEL_KEY.fullmatch(key):
            raise ValueError(f"levels: key {key[:20]!r} is not a level number")
        levels[int(key)] = LevelRecord.from_dict(value)
    return levels


def _version_of(data: dict[str, Any]) -> int:
    """The file's format version (files before the field were version 1); ValueError if malformed."""
    version = data.get("version", RECORDS_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError("'version' must be a positive integer")
    return version


def _read(path: Path) -> tuple[Any | None, str | None]:
    """`read_json_or_set_aside` for the records file.

    Seam for the one hardened file reader of issue 10 (common): until it is connected here, the parser
    errors it lets through (nesting too deep, an integer too long) set the file aside here.
    """
    try:
        return read_json_or_set_aside(path, "Arenas records")
    except (RecursionError, ValueError) as exc:
        return None, _set_aside(path, f"not JSON this app can read: {type(exc).__name__}")


def _set_aside(path: Path, problem: str) -> str:
    """Move the unusable records file aside; the one-line message saying so."""
    try:
        where = f"moved to {set_aside(path).name}"
    except OSError:
        where = "could not be moved aside"
    return f"Arenas records file {path} was unreadable ({problem}); {where}, using defaults"


@dataclass
class Records:
    """All levels' records and where they are kept."""

    path: Path
    levels: dict[int, LevelRecord] = field(default_factory=dict)
    message: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # top-level fields of a newer version, kept
    read_only: bool = False  # a newer version's file: used, never rewritten

    @classmethod
    def load(cls, path: str | Path | None = None) -> Records:
        """Read the records file (default: the user's data folder); missing file ⇒ empty records.

        A corrupt file is renamed aside and `message` set; the records then start empty.
        """
        path = Path(path) if path is not None else data_dir() / RECORDS_FILE
        data, message = _read(path)
        if data is None:
            return cls(path, message=message)
        try:
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            version = _version_of(data)
            if version > RECORDS_VERSION:
                return cls._newer(path, data, version)
            levels = _levels_from(data.get("levels"))
        except ValueError as exc:
            return cls(path, message=_set_aside(path, str(exc)))
        return cls(path, levels, extra={k: v for k, v in data.items() if k not in ("version", "levels")})

    @classmethod
    def _newer(cls, path: Path, data: dict[str, Any], version: int) -> Records:
        """Records of a newer app: shown as far as this version understands them, never rewritten."""
        try:
            levels = _levels_from(data.get("levels"))
            shown = "used read-only"
        except ValueError:
            levels, shown = {}, "not understood"
        return cls(path, levels, read_only=True,
                   message=f"Arenas records file {path} is format version {version}, newer than this app's "
                           f"{RECORDS_VERSION}: {shown}; results of this session are not saved")

    def record(self, level_number: int, won: bool, time_ms: int, assisted: bool) -> None:
        """Count a finished run; an unassisted win may set the level's best time."""
        rec = self.levels.setdefault(level_number, LevelRecord())
        if not won:
            rec.losses += 1
            return
        rec.wins += 1
        if assisted:
            rec.assisted_wins += 1
        elif rec.best_ms is None or time_ms < rec.best_ms:
            rec.best_ms = time_ms

    def save(self) -> None:
        """Write the records file atomically (never a newer version's file: see `read_only`)."""
        if self.read_only:
            return
        write_json_atomic(self.path, {
            **self.extra,
            "version": RECORDS_VERSION,
            "levels": {str(n): rec.to_dict() for n, rec in sorted(self.levels.items())},
        })

    def is_unlocked(self, n: int) -> bool:
        """Level 1 is always open; level n once level n-1 has been won (assisted or not)."""
        return n == 1 or (n > 1 and self.get(n - 1).wins > 0)

    def best_ms(self, n: int) -> int | None:
        """Best unassisted winning time on level n, if any."""
        return self.get(n).best_ms

    def get(self, n: int) -> LevelRecord:
        """Level n's record (an empty one if it was never played)."""
        return self.levels.get(n, LevelRecord())
