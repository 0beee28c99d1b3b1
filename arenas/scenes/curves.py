"""The curves a level's path may be laid along (`Level.layout`), each a function of t in 0..1, and
sampling them at equal arc length. Pure geometry: no pygame."""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable

Point = tuple[float, float]
Curve = Callable[[float], Point]

_SAMPLES = 600


def _arc(t: float) -> Point:
    return t, 1.0 - math.sin(math.pi * t)


def _wave(t: float) -> Point:
    return t, 0.5 - 0.5 * math.sin(2 * math.pi * 1.25 * t)


def _s_curve(t: float) -> Point:
    return t, 0.5 - 0.5 * math.sin(2 * math.pi * t)


def _zigzag(t: float) -> Point:
    corners = ((0.0, 0.0), (1 / 3, 1.0), (2 / 3, 0.0), (1.0, 1.0))
    k = min(2, int(t * 3))
    u = t * 3 - k
    (x0, y0), (x1, y1) = corners[k], corners[k + 1]
    return x0 + (x1 - x0) * u, y0 + (y1 - y0) * u


def _horseshoe(t: float) -> Point:
    a = math.radians(215 - 250 * t)
    return 0.5 + 0.5 * math.cos(a), 0.5 - 0.5 * math.sin(a)


def _loop(t: float) -> Point:
    a = math.radians(-110 - 320 * t)
    return 0.5 + 0.5 * math.cos(a), 0.5 - 0.5 * math.sin(a)


def _spiral(t: float) -> Point:
    turns = 1.12
    a = 2 * math.pi * turns * t + math.pi * 0.8
    r = 1.0 - 0.42 * t
    return r * math.cos(a), r * math.sin(a)


CURVES: dict[str, Curve] = {
    "arc": _arc, "s_curve": _s_curve, "spiral": _spiral, "zigzag": _zigzag,
    "wave": _wave, "horseshoe": _horseshoe, "loop": _loop,
}


def curve(layout: str) -> Curve:
    """The curve named `layout` (an arc for an unknown name)."""
    return CURVES.get(layout, _arc)


def polyline(shape: Curve, aspect: float) -> list[Point]:
    """The curve sampled finely, scaled to width 1 and height `aspect`."""
    raw = [shape(i / _SAMPLES) for i in range(_SAMPLES + 1)]
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / ((x1 - x0) or 1), (y - y0) / ((y1 - y0) or 1) * aspect) for x, y in raw]


def resample(points: list[Point], n: int) -> tuple[list[Point], float]:
    """n points at equal arc length along the polyline, and the step between them."""
    lengths = [0.0]
    for a, b in itertools.pairwise(points):
        lengths.append(lengths[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
    step = lengths[-1] / (n - 1)
    out, j = [], 0
    for i in range(n):
        target = i * step
        while j < len(lengths) - 2 and lengths[j + 1] < target:
            j += 1
        seg = lengths[j + 1] - lengths[j] or 1.0
        u = min(1.0, max(0.0, (target - lengths[j]) / seg))
        a, b = points[j], points[j + 1]
        out.append((a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u))
    return out, step
