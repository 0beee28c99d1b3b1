"""A timeline of animation steps: each has a start, a duration, start/end callbacks and a drawer.

Steps are scheduled one after another (`seq`) or alongside (`par`) on a cursor; `update(dt)`
runs the callbacks whose time has come in time order, `finish()` runs every remaining one at
once (skip), so the display model always ends in the same place whatever the speed.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

Drawer = Callable[[pygame.Surface, float], None]


@dataclass(eq=False)
class Step:
    """One animation: `draw(surface, t)` with t in 0..1 while it runs."""

    start: float
    duration: float
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    draw: Drawer | None = None
    started: bool = False

    @property
    def end(self) -> float:
        return self.start + self.duration


class Timeline:
    """Scheduled steps, run by a clock in milliseconds."""

    def __init__(self) -> None:
        self.clock = 0.0
        self.steps: list[Step] = []
        self.cursor = 0.0
        self.horizon = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def _base(self) -> float:
        if not self.steps:
            self.cursor = self.horizon = max(self.horizon, self.clock)
        return max(self.cursor, self.clock)

    def seq(self, duration: float, on_start: Callable[[], None] | None = None,
            on_end: Callable[[], None] | None = None, draw: Drawer | None = None, delay: float = 0.0) -> Step:
        """A step after everything scheduled in sequence so far; the next `seq` follows it."""
        step = Step(self._base() + delay, max(0.0, duration), on_start, on_end, draw)
        self.steps.append(step)
        self.cursor = step.end
        self.horizon = max(self.horizon, step.end)
        return step

    def par(self, duration: float, on_start: Callable[[], None] | None = None,
            on_end: Callable[[], None] | None = None, draw: Drawer | None = None, delay: float = 0.0) -> Step:
        """A step starting `delay` after the cursor, without moving it (runs alongside)."""
        step = Step(self._base() + delay, max(0.0, duration), on_start, on_end, draw)
        self.steps.append(step)
        self.horizon = max(self.horizon, step.end)
        return step

    def wait(self) -> None:
        """Later steps start after every step scheduled so far has ended."""
        self._base()
        self.cursor = max(self.cursor, self.horizon)

    def update(self, dt_ms: float) -> None:
        self.clock += dt_ms
        self._run_until(self.clock)

    def finish(self) -> None:
        """Skip to the end: run every pending callback in time order."""
        if self.steps:
            self._run_until(float("inf"))
        self.clock = max(self.clock, self.horizon)
        self.cursor = self.horizon = self.clock

    def clear(self) -> None:
        """Drop every step without running its callbacks."""
        self.steps.clear()
        self.cursor = self.horizon = self.clock

    def _run_until(self, now: float) -> None:
        while True:
            due: list[tuple[float, int, int, Step]] = []
            for i, s in enumerate(self.steps):
                if not s.started and s.start <= now:
                    due.append((s.start, 1, i, s))
                elif s.started and s.end <= now:
                    due.append((s.end, 0, i, s))
            if not due:
                return
            _, kind, _, step = min(due, key=lambda d: (d[0], d[1], d[2]))
            if kind == 1:
                step.started = True
                if step.on_start:
                    step.on_start()  # may schedule more steps
            else:
                self.steps.remove(step)
                if step.on_end:
                    step.on_end()

    @property
    def drawing(self) -> bool:
        """Some running step draws."""
        return any(s.started and s.draw is not None for s in self.steps)

    def draw(self, surface: pygame.Surface) -> None:
        for s in self.steps:
            if s.started and s.draw is not None:
                t = 1.0 if s.duration <= 0 else min(1.0, max(0.0, (self.clock - s.start) / s.duration))
                s.draw(surface, t)
