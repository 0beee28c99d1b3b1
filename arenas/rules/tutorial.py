"""The tutorial's levels: the board its lessons are set on and the short level it ends with, played for real
(`verify-levels` checks that the person model wins that one most of the time)."""
from __future__ import annotations

from arenas.rules.builders import build_level
from arenas.rules.components import Tile
from common.data.i18n import N_

PATH = tuple(Tile.from_name(n) for n in (
    "yellow circle", "yellow square", "gray circle", "orange circle", "gray crescent", "gray triangle",
    "orange square", "yellow circle"))
DEACTIVATOR = 5  # gears 6, 7 and 8 (indices 5..7) are the danger zone
LESSON_LEVEL = build_level(PATH, DEACTIVATOR, (("slow1", 0), ("slow2", 1), ("medium1", 2)), number=0,
                           name=N_("Tutorial"))
FINAL_LEVEL = build_level(tuple(Tile.from_name(n) for n in (
    "yellow circle", "orange square", "gray crescent", "yellow triangle", "orange circle", "gray square")),
    4, (("slow1", 0), ("medium1", 1)), number=0, name=N_("Tutorial: for real"))
