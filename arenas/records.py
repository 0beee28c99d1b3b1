"""Per-level records of Arenas Movedizas: best time, wins, losses, assisted runs, streaks, unlocked levels.

Kept in `<data dir>/arenas_records.json`. `wins` counts every win; `assisted_wins` the ones that
used an assist (pause or slower sand), which never set a best time but do unlock the next level;
`assisted_losses` the assisted losses; `win_streak` the wins in a row up to the last run, `best_win_streak`
the most.
Files written before the last four fields read them as 0. Runs of online rooms are counted apart (`online`:
won, lost, and how many of them were assisted).
Each level's record names the version of the level it was played on (`LevelRecord.level`, the level's
`fingerprint`). When a shipped level changes, its record no longer matches: it is moved to `retired`, kept in
the file apart from the new level's record and never mixed with it (a retired win still opens the next level).
A corrupt file is set aside and `Records.message` says so in one line. Nothing is lost across versions:
fields this version does not know are kept and written back, and a file of a newer format version is
used read-only (never rewritten, so a newer app's records are not downgraded; `message` says so).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from arenas.rules.levels import LevelError, load_levels
from common.data.files import Kind
from common.data.i18n import _
from common.data.jsonio import clean_stale_temps, load_json, write_json_versioned
from common.data.paths import data_dir
from common.data.rules_api import json_int
from common.data.safe_text import one_line

RECORDS_FILE = "arenas_records.json"
RECORDS_VERSION = 3
# Version 2 put the levels in the order of their difficulty for people: the level numbers of
# an older file are renumbered like this when it is read (a level not listed kept its number).
RENUMBERED_IN_V2: dict[int, int] = {6: 7, 7: 6}  # The Fast One and Crossing Sands changed places
# Version 3 names the level version of every record; the records of an older file were played on these.
LEVELS_BEFORE_V3: dict[int, str] = {
    1: "c1a7b91903c2", 2: "79d0bf879b75", 3: "eaa3d5f9a8dc", 4: "0ad8a468b47a", 5: "b1634fe28604", 6: "38c3bb4ec2cc",
    7: "ef82dfde0c08", 8: "ed2201d759dc", 9: "0d78d6c90b1c", 10: "a97cbb177b6f", 11: "bc28a4f94dca",
    12: "01a32677e5c4", 13: "de8207105a96", 14: "a5e114ad51aa", 15: "04ab70f7979c", 16: "2819963d53f4",
    17: "c21b28f4eb12", 18: "e90ac6c28711", 19: "e742e511e847", 20: "8d3f05c7c05f", 21: "1fbb20e0c305",
}
_COUNTS = ("wins", "losses", "assisted_wins", "assisted_losses", "win_streak", "best_win_streak", "loss_streak")
_LEVEL_KEY = re.compile(r"[1-9][0-9]{0,2}")  # a level number 1-999 as written by `save`, nothing else
MAX_RUNS = 10_000_000  # the most runs of one level a count can hold
MAX_RUN_MS = 24 * 3_600_000  # the longest best time a record can hold (a day)


@dataclass
class LevelRecord:
    """What has happened on one level."""

    wins: int = 0
    losses: int = 0
    assisted_wins: int = 0
    assisted_losses: int = 0
    win_streak: int = 0  # wins in a row up to the last run (0 after a loss)
    best_win_streak: int = 0
    best_ms: int | None = None
    loss_streak: int = 0  # losses in a row up to the last run (0 after a win)
    extra: dict[str, object] = field(default_factory=dict)  # fields of a newer version, written back as read
    level: str | None = None  # the fingerprint of the level version these runs were played on

    def to_dict(self) -> dict[str, object]:
        """JSON-able form."""
        version = {} if self.level is None else {"level": self.level}
        return {**self.extra, **dict(zip(_COUNTS, self.counts())), "best_ms": self.best_ms, **version}

    def counts(self) -> tuple[int, ...]:
        """The counts, in the order of the file's fields."""
        return (self.wins, self.losses, self.assisted_wins, self.assisted_losses, self.win_streak,
                self.best_win_streak, self.loss_streak)

    def count(self, won: bool, time_ms: int, assisted: bool) -> None:
        """Count a finished run; an unassisted win may set the best time."""
        if not won:
            self.losses += 1
            self.assisted_losses += assisted
            self.win_streak = 0
            self.loss_streak += 1
            return
        self.wins += 1
        self.loss_streak = 0
        self.win_streak += 1
        self.best_win_streak = max(self.best_win_streak, self.win_streak)
        if assisted:
            self.assisted_wins += 1
        elif self.best_ms is None or time_ms < self.best_ms:
            self.best_ms = time_ms

    @classmethod
    def from_dict(cls, data: object) -> LevelRecord:
        """Inverse of `to_dict`; ValueError if `data` is malformed or a number is out of range (counts at most
        `MAX_RUNS`, the best time at most `MAX_RUN_MS`)."""
        if not isinstance(data, dict):
            raise ValueError(_("a level record must be an object"))
        counts = [json_int(data.get(k, 0), k, 0, MAX_RUNS) for k in _COUNTS]
        best = data.get("best_ms")
        if best is not None:
            best = json_int(best, "best_ms", 0, MAX_RUN_MS)
        level = data.get("level")
        if level is not None and not isinstance(level, str):
            raise ValueError(_("level must be a level version or absent"))
        extra = {k: v for k, v in data.items() if k not in _COUNTS and k not in ("best_ms", "level")}
        wins, losses, assisted_wins, assisted_losses, win_streak, best_win_streak, loss_streak = counts
        return cls(wins, losses, assisted_wins, assisted_losses, win_streak, best_win_streak, best, loss_streak,
                   extra, level)


def _levels_from(data: object) -> dict[int, LevelRecord]:
    """The `levels` object of a records file; ValueError (one line) if malformed."""
    if not isinstance(data, dict):
        raise ValueError(_("no 'levels' object"))
    levels = {}
    for key, value in data.items():
        if not _LEVEL_KEY.fullmatch(key):
            raise ValueError(_("levels: key {key} is not a level number").format(key=repr(key[:20])))
        try:
            levels[int(key)] = LevelRecord.from_dict(value)
        except ValueError as exc:
            raise ValueError(f"levels.{key}.{exc}") from None
    return levels


def _version_of(data: dict[str, object]) -> int:
    """The file's format version (files before the field were version 1); ValueError if malformed."""
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(_("'version' must be a positive integer"))
    return version


def _retired_from(data: object) -> list[tuple[int, LevelRecord]]:
    """The `retired` list of a records file (absent: empty); ValueError (one line) if malformed."""
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise ValueError(_("'retired' must be a list of level records"))
    out = []
    for item in data:
        number = item.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 999:
            raise ValueError(_("retired: a record without its level number"))
        out.append((number, LevelRecord.from_dict({k: v for k, v in item.items() if k != "number"})))
    return out


_Parsed = tuple[dict[int, LevelRecord], list[tuple[int, LevelRecord]], dict[str, object]]


def _from_json(data: object) -> _Parsed:
    """The levels, the retired records and the unknown top-level fields of a records file; ValueError (one
    line) if malformed."""
    if not isinstance(data, dict):
        raise ValueError(_("not a JSON object"))
    levels = _levels_from(data.get("levels"))
    version = _version_of(data)
    if version < 2:
        levels = {RENUMBERED_IN_V2.get(n, n): rec for n, rec in levels.items()}
    if version < 3:
        for n, rec in levels.items():
            rec.level = LEVELS_BEFORE_V3.get(n)
    extra = {k: v for k, v in data.items() if k not in ("version", "levels", "retired")}
    return levels, _retired_from(data.get("retired")), extra


def shipped_versions() -> dict[int, str]:
    """Each shipped level's number -> its fingerprint ({} if the level files cannot be read)."""
    try:
        return {lv.number: lv.fingerprint for lv in load_levels()}
    except LevelError:
        return {}


@dataclass
class Records:
    """All levels' records and where they are kept."""

    path: Path
    levels: dict[int, LevelRecord] = field(default_factory=dict)
    message: str | None = None
    extra: dict[str, object] = field(default_factory=dict)  # top-level fields of a newer version, kept
    read_only: bool = False  # a newer version's file: used, never rewritten
    retired: list[tuple[int, LevelRecord]] = field(default_factory=list)  # records of earlier level versions
    versions: dict[int, str] = field(default_factory=dict)  # the levels played now: number -> fingerprint

    @classmethod
    def load(cls, path: str | Path | None = None, versions: dict[int, str] | None = None) -> Records:
        """Read the records file (default: the user's data folder); missing file ⇒ empty records.

        `versions` are the fingerprints of the levels played now (default: the shipped levels'); a record of
        another version of a level is moved to `retired`. A corrupt file is renamed aside and `message` set;
        the records then start empty. A file of a newer format version, or one that cannot be read now, is kept
        as it is and `read_only` set.
        """
        path = Path(path) if path is not None else data_dir() / RECORDS_FILE
        versions = shipped_versions() if versions is None else versions
        clean_stale_temps(path)
        loaded = load_json(path, _("Arenas records"), _from_json, Kind.RECORDS, RECORDS_VERSION)
        message = loaded.message
        if loaded.read_only:
            message = one_line(_("{problem}; results of this session are not saved").format(problem=message))
        if loaded.value is None:
            return cls(path, message=message, read_only=loaded.read_only, versions=versions)
        levels, retired, extra = loaded.value
        for n, rec in sorted(levels.items()):
            if rec.level is None:
                rec.level = versions.get(n)
            elif n in versions and rec.level != versions[n]:
                retired.append((n, levels.pop(n)))
        return cls(path, levels, message, extra, loaded.read_only, retired, versions)

    def record(self, level_number: int, won: bool, time_ms: int, assisted: bool) -> None:
        """Count a finished run (of the level version in `versions`); an unassisted win may set the level's best
        time."""
        rec = self.levels.setdefault(level_number, LevelRecord(level=self.versions.get(level_number)))
        rec.count(won, time_ms, assisted)

    def online(self) -> tuple[int, int, int]:
        """(wins, losses, assisted runs) of the runs played in online rooms (kept apart: they set no best time
        and unlock nothing); a count that is not one reads as 0, assisted runs at most the runs."""
        found = self.extra.get("online")
        counts = [found.get(k) if isinstance(found, dict) else 0 for k in ("wins", "losses", "assisted")]
        wins, losses, assisted = (c if isinstance(c, int) and not isinstance(c, bool) and c >= 0 else 0
                                  for c in counts)
        return wins, losses, min(assisted, wins + losses)

    def record_online(self, won: bool, assisted: bool) -> None:
        """Count a run of an online room (`assisted`: a hint or a pause was asked in it, by any seat)."""
        wins, losses, helped = self.online()
        found = self.extra.get("online")
        self.extra["online"] = {**(found if isinstance(found, dict) else {}), "wins": wins + won,
                                "losses": losses + (not won), "assisted": helped + assisted}

    def save(self) -> None:
        """Write the records file atomically (never a newer version's file: see `read_only`); `DataError` when
        the file there now is newer or cannot be read (it is kept), `OSError` when the write fails."""
        if self.read_only:
            return
        write_json_versioned(self.path, {
            **self.extra,
            "version": RECORDS_VERSION,
            "levels": {str(n): rec.to_dict() for n, rec in sorted(self.levels.items())},
            **({"retired": [{"number": n, **rec.to_dict()} for n, rec in self.retired]} if self.retired else {}),
        }, "version", Kind.RECORDS)

    def is_unlocked(self, n: int) -> bool:
        """Level 1 is always open; level n once level n-1 is open and it or level n has been won (assisted or
        not, any version of it). Levels open one after another: a run of a locked level (played from the
        command line) opens nothing, lost or won, and a level won before stays open wherever a renumbering or a
        change of the level moved it."""
        if n < 1:
            return False
        return all(self._won(k - 1) or self._won(k) for k in range(2, n + 1))

    def _won(self, n: int) -> bool:
        """Whether level n has been won, in this version or an earlier one."""
        return self.get(n).wins > 0 or any(k == n and rec.wins for k, rec in self.retired)

    def best_ms(self, n: int) -> int | None:
        """Best unassisted winning time on level n, if any."""
        return self.get(n).best_ms

    def get(self, n: int) -> LevelRecord:
        """Level n's record (an empty one if it was never played)."""
        return self.levels.get(n, LevelRecord())
