"""Drawing a chart's polylines with a dash pattern that runs on across corners (`common.ui.chart_model`)."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from common.ui.chart_model import Dash

Colour = tuple[int, int, int]
Point = tuple[float, float]


def draw_polyline(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: int,
                  dash: Dash = ()) -> None:
    """`points` joined by lines `width` thick, solid or in `dash` (lengths in px on this surface)."""
    if not dash:
        for a, b in itertools.pairwise(points):
            pygame.draw.line(surface, colour, a, b, width)
        return
    k, left = 0, float(dash[0])  # which dash piece, and how much of it is still to go
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if k % 2 == 0:
                t0, t1 = done / length, (done + step) / length
                pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                                 (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
            done += step
            left -= step
            if left <= 1e-9:
                k = (k + 1) % len(dash)
                left = float(dash[k])


def scaled(dash: Dash, scale: float) -> Dash:
    """`dash` for a window `scale` times the design size (every piece at least 1 px)."""
    return tuple(max(1, round(d * scale)) for d in dash)
