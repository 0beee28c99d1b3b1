"""Board fits laid out on a background thread, so a screen keeps drawing while boards are fitted.

Fitting a level's board (`layouts.fit_board`) is pure Python and takes tens of milliseconds to a
few hundred on a slow machine; its results are cached. The setup screen asks `FitQueue.ready(args)`
each frame: the first call queues the fit, and it is True once the fit is in the cache, after which
building the `BoardView` on the frame loop is quick. The newest request is fitted first, so
browsing levels fast never waits for the levels already left behind.
"""
from __future__ import annotations

import threading

from arenas.scenes import layouts as lay

FitArgs = tuple  # the arguments of `layouts.fit_board`, as `board.fit_args` makes them

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
