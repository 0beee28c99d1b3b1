"""Board fits laid out on a background thread, and the play board of a run (fitted and cached).

Fitting a level's board (`layouts.fit_board`) is pure Python and takes tens of milliseconds to a
few hundred on a slow machine; its results are cached. The setup screen asks `FitQueue.ready(args)`
each frame: the first call queues the fit, and it is True once the fit is in the cache, after which
building the `BoardView` on the frame loop is quick. The newest request is fitted first, so
browsing levels fast never waits for the levels already left behind.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from arenas.rules.levels import Level
from arenas.scenes import layouts as lay
from arenas.scenes.board import BoardView, FitArgs, fit_args
from arenas.scenes.hands import TableLayout, table_layouts

if TYPE_CHECKING:
    from common.engine.app import App

MAX_GEAR_PX = 96  # the play board's gear pitch at 1280x720; scaled with the window
MAX_WAITING = 8  # requests older than this many are dropped (their levels are long left behind)


class FitQueue:
    """One daemon thread that fits queued boards, newest request first."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._done: set[FitArgs] = set()
        self._waiting: list[FitArgs] = []
        self._busy = False

    def ready(self, args: FitArgs) -> bool:
        """True once `fit_board(*args)` is cached; otherwise queue it (if it is not already) and say False."""
        with self._lock:
            if args in self._done:
                return True
            if args in self._waiting:
                self._waiting.remove(args)
            self._waiting.append(args)
            del self._waiting[:-MAX_WAITING]
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._work, name="board-fits", daemon=True).start()
        return False

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._busy = False
                    return
                args = self._waiting.pop()
            lay.fit_board(*args)
            with self._lock:
                self._done.add(args)


_BOARDS: dict[tuple[Level, tuple[int, int, int, int], float, int, int], BoardView] = {}


def _board_for(app: App, level: Level, box: pygame.Rect, max_s: float) -> BoardView:
    """Board views are cached so Retry and resizing back and forth are instant."""
    key = (level, (box.x, box.y, box.w, box.h), round(max_s, 2), id(app.sprites), app.sprites.version)
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) > 6:
            _BOARDS.clear()
        board = _BOARDS[key] = BoardView(app, level, box, max_s)
    return board


def play_board_fits(app: App, level: Level, players: int, size: tuple[int, int]) -> list[FitArgs]:
    """The board fits `play_board` needs (`layouts.fit_board` arguments), one per way to seat the players."""
    return [fit_args(level, table.board, app.px(MAX_GEAR_PX))
            for table in table_layouts(app, size, players, level.hand_size)]


def play_board(app: App, level: Level, players: int, size: tuple[int, int]) -> tuple[BoardView, TableLayout]:
    """The board (with its table layers drawn) and seats a run of `level` uses in a window of `size`.

    Fitting a board takes tens of milliseconds the first time; the setup screen calls this ahead so
    that starting the run does not stall (the results are cached)."""
    options = [(_board_for(app, level, table.board, app.px(MAX_GEAR_PX)), table)
               for table in table_layouts(app, size, players, level.hand_size)]
    board, table = max(options, key=lambda o: o[0].geo.s)
    board.layers(size)
    return board, table


class FitNow:
    """Fits a board at once, on the frame loop (a tool's or a test's first frame shows it fitted)."""

    def ready(self, args: FitArgs) -> bool:
        lay.fit_board(*args)
        return True


Fits = FitQueue | FitNow  # what says whether a board is fitted: in the background, or at once
