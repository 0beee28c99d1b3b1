"""Fixed-step clock: turns variable frame times into whole rule steps, with a catch-up cap."""
from __future__ import annotations


class FixedStepClock:
    """Accumulates real elapsed time and hands out fixed steps of `step_ms`.

    After a stall (a long frame), at most `max_steps` steps are handed out and the rest of the
    backlog is dropped, so the game slows down instead of freezing in a catch-up spiral.
    """

    def __init__(self, step_ms: int = 10, max_steps: int = 25) -> None:
        if step_ms <= 0 or max_steps <= 0:
            raise ValueError("step_ms and max_steps must be positive")
        self.step_ms = step_ms
        self.max_steps = max_steps
        self._acc = 0.0

    def tick(self, elapsed_ms: float) -> int:
        """Add `elapsed_ms` of real time; return how many fixed steps to run now."""
        self._acc += max(0.0, elapsed_ms)
        steps = int(self._acc // self.step_ms)
        if steps > self.max_steps:
            steps = self.max_steps
            self._acc = 0.0
        else:
            self._acc -= steps * self.step_ms
        return steps

    def reset(self) -> None:
        """Forget any accumulated time (e.g. after a pause)."""
        self._acc = 0.0
