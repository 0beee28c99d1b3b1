"""The records of the player's own levels (My levels), kept apart from the box levels' records. No pygame.

Kept in `<data dir>/arenas_my_records.json`: one `LevelRecord` (wins, losses, assisted runs, streaks, best
time; `arenas.records`) per level version, keyed by the level's fingerprint: a renamed level keeps its
record, an edited one starts a new record (the old one stays in the file, as a retired box level's does).
Hardened as every records file: a corrupt file is set aside with one line (`message`), fields this version does
not know are kept and written back, a newer version's file is used read-only and never rewritten.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from arenas.records import LevelRecord
from arenas.rules.levels import is_fingerprint
from common.data.files import Kind
from common.data.i18n import _
from common.data.jsonio import clean_stale_temps, load_json, write_json_versioned
from common.data.paths import data_dir
from common.data.safe_text import one_line

MY_RECORDS_FILE = "arenas_my_records.json"
MY_RECORDS_VERSION = 1


def _from_json(data: object) -> tuple[dict[str, LevelRecord], dict[str, object]]:
    """The records by fingerprint and the unknown top-level fields; ValueError (one line) if malformed."""
    if not isinstance(data, dict):
        raise ValueError(_("not a JSON object"))
    levels = data.get("levels")
    if not isinstance(levels, dict):
        raise ValueError(_("no 'levels' object"))
    out = {}
    for key, value in levels.items():
        if not is_fingerprint(key):
            raise ValueError(_("levels: key {key} is not a level version").format(key=repr(key[:20])))
        try:
            out[key] = LevelRecord.from_dict(value)
        except ValueError as exc:
            raise ValueError(f"levels.{key}.{exc}") from None
    return out, {k: v for k, v in data.items() if k not in ("version", "levels")}


@dataclass
class MyRecords:
    """The records of the player's levels, by level fingerprint, and where they are kept."""

    path: Path
    levels: dict[str, LevelRecord] = field(default_factory=dict)
    message: str | None = None
    extra: dict[str, object] = field(default_factory=dict)  # top-level fields of a newer version, kept
    read_only: bool = False  # a newer version's file: used, never rewritten

    @classmethod
    def load(cls, path: Path | None = None) -> MyRecords:
        """Read the file (default: in the user's data folder); missing ⇒ empty. See the module's docstring."""
        path = Path(path) if path is not None else data_dir() / MY_RECORDS_FILE
        clean_stale_temps(path)
        loaded = load_json(path, _("My levels records"), _from_json, Kind.RECORDS, MY_RECORDS_VERSION)
        message = loaded.message
        if loaded.read_only:
            message = one_line(_("{problem}; results of this session are not saved").format(problem=message))
        if loaded.value is None:
            return cls(path, message=message, read_only=loaded.read_only)
        levels, extra = loaded.value
        return cls(path, levels, message, extra, loaded.read_only)

    def get(self, fingerprint: str) -> LevelRecord:
        """The record of a level version (an empty one if it was never played)."""
        return self.levels.get(fingerprint, LevelRecord(level=fingerprint))

    def record(self, fingerprint: str, won: bool, time_ms: int, assisted: bool) -> None:
        """Count a finished run of the level version `fingerprint`; an unassisted win may set its best time."""
        self.levels.setdefault(fingerprint, LevelRecord(level=fingerprint)).count(won, time_ms, assisted)

    def save(self) -> None:
        """Write the file atomically (never a newer version's: see `read_only`); `DataError` when the file there
        now is newer or cannot be read (it is kept), `OSError` when the write fails."""
        if self.read_only:
            return
        write_json_versioned(self.path, {
            **self.extra, "version": MY_RECORDS_VERSION,
            "levels": {key: rec.to_dict() for key, rec in sorted(self.levels.items())},
        }, "version", Kind.RECORDS)
