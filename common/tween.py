"""Easing functions and small tweens driven by per-frame dt (milliseconds)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def ease_out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """A value going from `start` to `end` over `duration_ms` after `delay_ms`, eased."""

    start: float
    end: float
    duration_ms: float
    easing: Easing = ease_in_out_cubic
    delay_ms: float = 0.0
    elapsed_ms: float = 0.0
    on_done: Callable[[], None] | None = None
    _fired: bool = field(default=False, repr=False)

    def update(self, dt_ms: float) -> None:
        self.elapsed_ms += dt_ms
        if self.done and not self._fired:
            self._fired = True
            if self.on_done:
                self.on_done()

    @property
    def progress(self) -> float:
        """Eased-free progress 0..1 (0 while still delayed)."""
        if self.duration_ms <= 0:
            return 1.0 if self.elapsed_ms >= self.delay_ms else 0.0
        return min(1.0, max(0.0, (self.elapsed_ms - self.delay_ms) / self.duration_ms))

    @property
    def value(self) -> float:
        return lerp(self.start, self.end, self.easing(self.progress))

    @property
    def done(self) -> bool:
        return self.elapsed_ms >= self.delay_ms + self.duration_ms


class Tweens:
    """A bag of running tweens updated together; finished ones drop out."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, dt_ms: float) -> None:
        for tw in list(self.items):
            tw.update(dt_ms)
        self.items = [tw for tw in self.items if not tw.done]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def clear(self) -> None:
        self.items.clear()
