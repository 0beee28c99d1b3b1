"""The level editor's board: the level drawn by the play board itself (`BoardView`: table, danger zone,
Deactivator, gears, blocks, rusted gears), its timers standing on their starting gears as the play scene stands
them (glass, rod, name tag), and the editor's marks over it: a red ring on each gear with a problem, the gear
under the pointer and the keyboard's gear."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from arenas.rules.components import TIMER_SPECS
from arenas.rules.levels import Level
from arenas.scenes.board import BoardView, fit_args
from arenas.scenes.fitting import Fits
from arenas.scenes.view import name_tag, tether_part
from common.engine import text
from common.engine.layers import Part, image_part

if TYPE_CHECKING:
    from common.engine.app import App

PROBLEM = (226, 58, 40)
CURSOR = (255, 255, 255)
HOVER = (255, 226, 140)
KEEP = 8  # boards kept (undo and redo come back to them at once)


def board_level(level: Level) -> Level:
    """The part of `level` its board picture shows (the path, the Deactivator, blocks, rusted gears): timers,
    names and sizes left out, so editing them keeps the board."""
    return replace(level, number=1, name="", timers=(), hand_size=3, team_size=1, description="", theme="")


class EditorBoard:
    """The boards of the levels being edited (one per look, a few kept) and what they draw."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.views: dict[tuple[Level, tuple[int, int, int, int], float, int, int, int | None], BoardView] = {}

    def board(self, level: Level, box: pygame.Rect, max_s: float, fits: Fits, before: BoardView | None,
              hold: bool) -> BoardView | None:
        """`level`'s board in `box` once it is fitted. Until then, and while `hold` keeps the gears where they are
        (a drag in progress), it is laid out as the board `before` if that has as many gears: an edit shows at
        once, and the gears settle where they belong a moment later. None: nothing to show yet."""
        shown = board_level(level)
        if fits.ready(fit_args(shown, box, max_s)):
            view = self._view(shown, box, max_s, None)
            if not hold or before is None or view.geo.gears == before.geo.gears:
                return view
        if before is None or len(before.level.path) != len(shown.path) or before.box != box:
            return None
        return self._view(shown, box, max_s, before)

    def _view(self, level: Level, box: pygame.Rect, max_s: float, like: BoardView | None) -> BoardView:
        """The board of `level` (laid out as `like`, if given), made once and kept for a while."""
        key = (level, (box.x, box.y, box.w, box.h), max_s, id(self.app.sprites), self.app.sprites.version,
               None if like is None else id(like.geo))
        view = self.views.get(key)
        if view is None:
            if len(self.views) >= KEEP:
                self.views.pop(next(iter(self.views)))
            view = self.views[key] = BoardView(self.app, level, box, max_s, None if like is None else like.geo)
        return view

    def parts(self, board: BoardView, level: Level, size: tuple[int, int], troubled: Sequence[int],
              cursor: int | None, hover: int | None) -> list[Part]:
        """The board with `level`'s timers at their start, red rings on the `troubled` gears, the keyboard's
        `cursor` gear and the `hover` gear under the pointer."""
        under, _full = board.layers(size)
        parts = [image_part(under, (0, 0)), *board.gear_parts(0.0)]
        n = len(board.geo.gears)
        for gear in sorted(set(troubled)):
            if 0 <= gear < n:
                parts.append(self._ring(board, gear, PROBLEM, 0.62, True))
        for marked, colour, r in ((hover, HOVER, 0.56), (cursor, CURSOR, 0.68)):
            if marked is not None and 0 <= marked < n:
                parts.append(self._ring(board, marked, colour, r, False))
        s = board.geo.s
        glass = board.glass
        w, h = glass.size
        for timer_id, tile in sorted(level.timers, key=lambda t: board.geo.spots[t[1]][1] if t[1] < n else 0):
            if not 0 <= tile < n:
                continue
            cx, cy = board.geo.spots[tile]
            parts.append(tether_part(s, board.geo.gears[tile], (cx, cy), glass.size))
            parts += glass.parts((round(cx - w / 2), round(cy - h / 2)), 1.0, TIMER_SPECS[timer_id].sand, False, 0.0,
                                 None)
            tag = name_tag(self.app, timer_id, False, None, glass.size, None)
            parts.append(image_part(tag, tag.get_rect(center=(round(cx), round(cy - h / 2))).topleft))
        return parts

    def _ring(self, board: BoardView, gear: int, colour: tuple[int, int, int], size: float, mark: bool) -> Part:
        """A ring round `gear` (`size` times the gear pitch); with `mark`, a "!" badge at its top right."""
        s = board.geo.s
        x, y = board.geo.gears[gear]
        r = round(s * size)
        width = max(3, round(s * 0.07))
        badge = max(8, round(s * 0.17))
        reach = pygame.Rect(0, 0, 2 * (r + width + badge) + 8, 2 * (r + width + badge) + 8)
        reach.center = (round(x), round(y))

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.circle(surface, (30, 16, 8), (x, y), r + 2, width + 4)
            pygame.draw.circle(surface, colour, (x, y), r, width)
            if mark:
                bx, by = round(x + r * 0.72), round(y - r * 0.72)
                pygame.draw.circle(surface, (30, 16, 8), (bx, by), badge + 2)
                pygame.draw.circle(surface, colour, (bx, by), badge)
                text.draw_text(surface, "!", round(badge * 1.6), (255, 255, 255), (bx, by + 1), "center", bold=True)
        return Part(reach, ("ring", gear, (x, y), colour, r, width, mark), paint)

