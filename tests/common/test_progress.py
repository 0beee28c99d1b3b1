"""The progress line of long commands: drawn on a terminal, silent anywhere else."""
from __future__ import annotations

import io

from common.tools.progress import Progress


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_terminal_gets_a_bar_with_the_count_and_an_estimate_then_a_clean_line() -> None:
    out, clock = Terminal(), Clock()
    bar = Progress(4, out, clock)
    clock.now += 10
    bar.step("level 1")
    assert out.getvalue() == "\r\x1b[K[######..................] 1/4  level 1  ~0:30 left"
    clock.now += 0.05  # redrawn at most every REDRAW_S
    bar.step("level 2")
    assert out.getvalue().count("\r") == 1
    clock.now += 10
    bar.step("level 3")
    clock.now += 10
    bar.step("level 4")  # the last step is always drawn
    assert out.getvalue().endswith("[########################] 4/4  level 4  ~0:00 left")
    bar.close()
    assert out.getvalue().endswith("\r\x1b[K")


def test_a_file_or_a_pipe_gets_nothing() -> None:
    out, clock = io.StringIO(), Clock()
    bar = Progress(3, out, clock)
    for what in ("a", "b", "c"):
        clock.now += 5
        bar.step(what)
    bar.close()
    assert out.getvalue() == "" and bar.done == 3
