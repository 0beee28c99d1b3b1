"""What a game's hooks give the shell's Statistics screen: its page (`StatsPage`). Plain data, loaded with that
screen, not at start. (A saved replay's line of the Replays list is `common.replays.index.ReplayRow`.)"""
from __future__ import annotations

from dataclasses import dataclass, field


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
