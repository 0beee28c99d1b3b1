"""A progress bar for long commands: one line redrawn on a terminal, nothing at all anywhere else."""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

WIDTH = 24  # cells of the bar
REDRAW_S = 0.2  # the line is redrawn at most this often (and always at the last step)


def _clock_text(seconds: float) -> str:
    whole = max(0, round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class Progress:
    """`step(what)` after each of `total` pieces of work; `close()` at the end clears the line.

    On a terminal the line shows a bar, the count, what is being done and an estimate of the time left
    (from the pace so far); when the stream is not a terminal (a file, a pipe) nothing is written.
    """

    def __init__(self, total: int, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.total = max(1, total)
        self.stream = sys.stderr if stream is None else stream
        self.shown = self.stream.isatty()
        self.clock = clock
        self.started = clock()
        self.done = 0
        self._drawn_at: float | None = None

    def line(self, what: str) -> str:
        """The line as it reads now, with `what` the piece of work just done."""
        filled = WIDTH * self.done // self.total
        elapsed = self.clock() - self.started
        left = elapsed * (self.total - self.done) / self.done if self.done else None
        estimate = f"~{_clock_text(left)} left" if left is not None else "estimating…"
        return f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total}  {what}  {estimate}"

    def step(self, what: str, count: int = 1) -> None:
        """`count` more pieces are done, the last of them `what`."""
        self.done = min(self.total, self.done + count)
        if not self.shown:
            return
        now = self.clock()
        if self._drawn_at is not None and now - self._drawn_at < REDRAW_S and self.done < self.total:
            return
        self._drawn_at = now
        self.stream.write("\r\x1b[K" + self.line(what))
        self.stream.flush()

    def close(self) -> None:
        """Clear the line (on a terminal), so what the command prints next starts clean."""
        if self.shown and self._drawn_at is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
