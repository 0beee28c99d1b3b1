"""What a game's hooks give the shell's list screens: a saved replay's line of the Replays list (`ReplayRow`)
and its page of the Statistics screen (`StatsPage`). Plain data, loaded with those screens, not at start."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ReplayRow:
    """One saved replay as the list shows it: which game, level or seats, result, length (or why it is broken)."""

    path: Path
    game: str  # a key of common.games.GAMES, or "" when the file does not say
    where: str = ""
    result: str = ""
    length: str = ""
    error: str | None = None
    when: float = 0.0  # when it was saved (the file's time), seconds since the epoch
    online: bool = False  # a game of an online room

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))


@dataclass(frozen=True)
class StatsPage:
    """One game's statistics: totals, then a table (one row per level, or per bot level and seats)."""

    game: str
    totals: tuple[tuple[str, str], ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    empty: str  # what to say while there are no rows
    message: str | None = None  # a problem with the records file, in one line
    notes: tuple[str, ...] = field(default_factory=tuple)
