"""Per-level records of Arenas Movedizas: best time, wins, losses, assisted wins, unlocked levels.

Kept in `<data dir>/arenas_records.json`. `wins` counts every win; `assisted_wins` the ones that
used an assist (pause or slower sand), which never set a best time but do unlock the next level.
A corrupt file is set aside and `Records.message` says so in one line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.jsonio import read_json_or_set_aside, set_aside, write_json_atomic
from common.paths import data_dir

RECORDS_FILE = "arenas_records.json"
RECORDS_VERSION = 1


@dataclass
class LevelRecord:
    """What has happened on one level."""

    wins: int = 0
    losses: int = 0
    assisted_wins: int = 0
    best_ms: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"wins": self.wins, "losses": self.losses, "assisted_wins": self.assisted_wins,
                "best_ms": self.best_ms}

    @classmethod
    def from_dict(cls, data: Any) -> LevelRecord:
        """Inverse of `to_dict`; ValueError if `data` is malformed."""
        if not isinstance(data, dict):
            raise ValueError("a level record must be an object")
        counts = [data.get(k, 0) for k in ("wins", "losses", "assisted_wins")]
        best = data.get("best_ms")
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counts):
            raise ValueError("wins, losses and assisted_wins must be counts")
        if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 0):
            raise ValueError("best_ms must be a time in ms or null")
        wins, losses, assisted_wins = counts
        return cls(wins, losses, assisted_wins, best)


@dataclass
class Records:
    """All levels' records and where they are kept."""

    path: Path
    levels: dict[int, LevelRecord] = field(default_factory=dict)
    message: str | None = None

    @classmethod
    def load(cls, path: str | Path | None = None) -> Records:
        """Read the records file (default: the user's data folder); missing file ⇒ empty records.

        A corrupt file is renamed aside and `message` set; the records then start empty.
        """
        path = Path(path) if path is not None else data_dir() / RECORDS_FILE
        data, message = read_json_or_set_aside(path, "Arenas records")
        if data is None:
            return cls(path, message=message)
        try:
            if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
                raise ValueError("no 'levels' object")
            levels = {int(k): LevelRecord.from_dict(v) for k, v in data["levels"].items()}
        except ValueError as exc:
            try:
                where = f"moved to {set_aside(path).name}"
            except OSError:
                where = "could not be moved aside"
            return cls(path, message=f"Arenas records file {path} was unreadable ({exc}); {where}, "
                                     "using defaults")
        return cls(path, levels)

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
        """Write the records file atomically."""
        write_json_atomic(self.path, {
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
