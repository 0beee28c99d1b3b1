"""Where things go on the board: a level's path laid along its layout curve, fitted to the window.

Every layout is a parametric curve. Gears sit at equal arc-length steps along it, touching, so
the step `s` is the gear pitch and every other size is a multiple of it. Each gear also gets a
*spot* where a timer stands (upright, beside the gear's top if there is room, else to a side)
and, before the Deactivator, a *lost spot* where a lost timer lies; spots never cover another
gear or each other. The curve is tried at several aspect ratios and the one giving the largest
gears that fit the board rectangle wins. Pure geometry: no pygame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

Point = tuple[float, float]

# Sizes in units of the gear pitch s (the distance between neighbouring gear centres).
GEAR_D = 1.13          # drawn gear diameter (teeth of neighbours interleave)
HUB_D = 0.62           # the upright ivory face with the emblem
GEAR_KEEP = 0.50       # radius of a gear nothing else may cover (only tooth tips stick out)
HUB_KEEP = 0.33
GLASS_H = 1.05         # standing hourglass (its name badge sits on its top cap)
GLASS_W = GLASS_H * 0.6
TAG_H = 0.2            # the part of the name tag sticking out above the top cap
LOST_SCALE = 0.82      # a lost timer is drawn a little smaller, tilted
LOST_TILT = 28.0       # degrees
STONE_W, STONE_H = 0.78, 1.08   # the Deactivator rune stone
CAPTION_H = 0.3                # its caption under it
CAPTION_W = 1.1

# Candidate places for a standing timer (centre of the hourglass, in s) with a preference cost.
_SPOTS: tuple[tuple[float, float, float], ...] = (
    (0.0, -0.86, 0.0), (-0.56, -0.74, 1.0), (0.56, -0.74, 1.0), (-0.80, -0.12, 2.0), (0.80, -0.12, 2.0),
    (-0.60, 0.72, 3.5), (0.60, 0.72, 3.5), (0.0, 0.95, 4.0),
)
# Candidate places for a lost timer beside its gear (preferring below).
_LOST: tuple[tuple[float, float, float], ...] = (
    (0.50, 0.86, 0.0), (-0.50, 0.86, 0.3), (0.0, 0.98, 0.5), (0.98, 0.30, 1.5), (-0.98, 0.30, 1.5),
    (0.86, -0.55, 3.0), (-0.86, -0.55, 3.0), (0.0, -1.0, 4.0),
)


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


CURVES: dict[str, Callable[[float], Point]] = {
    "arc": _arc, "s_curve": _s_curve, "spiral": _spiral, "zigzag": _zigzag,
    "wave": _wave, "horseshoe": _horseshoe, "loop": _loop,
}
_ASPECTS = (0.12, 0.18, 0.25, 0.33, 0.42, 0.52, 0.64, 0.78, 0.95, 1.15)
_SAMPLES = 600
_TOLERANCE = 0.06


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle by centre and size (in s during fitting, pixels afterwards)."""

    cx: float
    cy: float
    w: float
    h: float

    @property
    def left(self) -> float:
        return self.cx - self.w / 2

    @property
    def right(self) -> float:
        return self.cx + self.w / 2

    @property
    def top(self) -> float:
        return self.cy - self.h / 2

    @property
    def bottom(self) -> float:
        return self.cy + self.h / 2

    def overlap(self, other: "Rect") -> float:
        """Area shared with `other`."""
        w = min(self.right, other.right) - max(self.left, other.left)
        h = min(self.bottom, other.bottom) - max(self.top, other.top)
        return w * h if w > 0 and h > 0 else 0.0

    def circle_overlap(self, c: Point, r: float) -> float:
        """How deep a circle reaches into the rectangle (0 when apart)."""
        nx = min(max(c[0], self.left), self.right)
        ny = min(max(c[1], self.top), self.bottom)
        d = math.hypot(c[0] - nx, c[1] - ny)
        return max(0.0, r - d)


@dataclass(frozen=True)
class BoardGeometry:
    """The fitted board in pixels: gear centres and phases, timer spots, lost spots, the stone."""

    s: float
    gears: tuple[Point, ...]
    phases: tuple[float, ...]            # rest angle of each gear sprite, degrees (meshing teeth)
    spots: tuple[Point, ...]             # centre of a standing hourglass on each gear
    lost_spots: tuple[Point | None, ...]  # centre of a lost hourglass beside each gear (None past the Deactivator)
    stone: Point                         # centre of the Deactivator rune stone
    gate: tuple[Point, Point]            # the glowing bar across the path between the last safe and first danger gear
    penalty: float                       # 0 when nothing overlaps

    def glass_size(self) -> tuple[int, int]:
        """Pixel size of a standing hourglass."""
        return max(8, round(GLASS_W * self.s)), max(12, round(GLASS_H * self.s))

    def glass_rect(self, centre: Point, scale: float = 1.0) -> Rect:
        return Rect(centre[0], centre[1], GLASS_W * self.s * scale, GLASS_H * self.s * scale)


def _polyline(curve: Callable[[float], Point], aspect: float) -> list[Point]:
    raw = [curve(i / _SAMPLES) for i in range(_SAMPLES + 1)]
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / ((x1 - x0) or 1), (y - y0) / ((y1 - y0) or 1) * aspect) for x, y in raw]


def _resample(points: list[Point], n: int) -> tuple[list[Point], float]:
    """n points at equal arc length along the polyline, and the step between them."""
    lengths = [0.0]
    for a, b in zip(points, points[1:]):
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


def _place(gears: list[Point], deactivator: int, blocks: frozenset[int]) -> tuple[list[Point], list[Point | None], Point, float]:
    """Spots for standing and lost timers and the stone, in s units, and the overlap penalty left.

    Each thing picks among candidate places the one that covers the least (other gears, its own
    gear's face, things already placed), then every choice is revisited a few times with all the
    others known, so an early choice cannot crowd out a later one.
    """
    n = len(gears)

    def normal(i: int) -> Point:
        a, b = gears[max(0, i - 1)], gears[min(n - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        return -dy / length, dx / length

    def gear_cost(rect: Rect, own: int) -> float:
        # Grazing contacts (tooth tips) below `_TOLERANCE` do not count.
        c = 0.0
        for j, g in enumerate(gears):
            if abs(g[0] - rect.cx) > 1.4 or abs(g[1] - rect.cy) > 1.4:
                continue
            depth = rect.circle_overlap(g, HUB_KEEP if j == own else GEAR_KEEP)
            c += max(0.0, depth - _TOLERANCE) * (4 if j == own else 3)
        return c

    # Candidates per item: (centre, rect, preference, cost against the gears).
    cands: dict[tuple[str, int], list[tuple[Point, Rect, float, float]]] = {}
    weight: dict[tuple[str, int], float] = {}
    for i, g in enumerate(gears):
        nx, ny = normal(i)
        options = list(_SPOTS) + [(nx * 0.9, ny * 0.9, 1.5), (-nx * 0.9, -ny * 0.9, 1.5)]
        rects = [((g[0] + dx, g[1] + dy), Rect(g[0] + dx, g[1] + dy, GLASS_W, GLASS_H), pref) for dx, dy, pref in options]
        cands[("spot", i)] = [(c, r, pref, gear_cost(r, i)) for c, r, pref in rects]
        weight[("spot", i)] = 0.0 if i in blocks else 1.0
    lost_side = GLASS_H * LOST_SCALE * 0.8
    for i, g in enumerate(gears[:deactivator]):
        nx, ny = normal(i)
        options = list(_LOST) + [(nx * 0.95, ny * 0.95, 1.0), (-nx * 0.95, -ny * 0.95, 1.0)]
        rects = [((g[0] + dx, g[1] + dy), Rect(g[0] + dx, g[1] + dy, lost_side, lost_side), pref) for dx, dy, pref in options]
        cands[("lost", i)] = [(c, r, pref, gear_cost(r, i)) for c, r, pref in rects]
        weight[("lost", i)] = 0.5
    a, b = gears[deactivator - 1], gears[deactivator]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    stone = []
    for side in (1, -1):
        for dist in (1.2, 1.45, 1.75):
            c = (mid[0] + nx * side * dist, mid[1] + ny * side * dist)
            r = Rect(c[0], c[1] + CAPTION_H / 2, max(STONE_W, CAPTION_W), STONE_H + CAPTION_H)
            stone.append((c, r, dist, gear_cost(r, -1)))
    cands[("stone", -1)] = stone
    weight[("stone", -1)] = 0.3

    chosen: dict[tuple[str, int], int] = {}
    # Only things anchored near each other can overlap: list each item's neighbours once.
    anchor = {key: (gears[key[1]] if key[1] >= 0 else mid) for key in cands}
    near = {key: [o for o in cands if o != key and weight[o] > 0.0
                  and abs(anchor[o][0] - anchor[key][0]) < 3.3 and abs(anchor[o][1] - anchor[key][1]) < 3.3]
            for key in cands}

    edges = {key: [(r.left, r.top, r.right, r.bottom) for _c, r, _p, _f in options] for key, options in cands.items()}

    def overlap_cost(key: tuple[str, int], rect: Rect) -> float:
        c = 0.0
        left, top, right, bottom = rect.left, rect.top, rect.right, rect.bottom
        for other in near[key]:
            k = chosen.get(other)
            if k is None:
                continue
            ol, ot, o_r, ob = edges[other][k]
            w = (right if right < o_r else o_r) - (left if left > ol else ol)
            if w <= 0:
                continue
            h = (bottom if bottom < ob else ob) - (top if top > ot else ot)
            if h > 0:
                c += max(0.0, math.sqrt(w * h) - _TOLERANCE) * 4
        return c

    def pick(key: tuple[str, int]) -> bool:
        """Choose the best place for `key` given all the others; True if it changed."""
        best, best_score = 0, None
        kind, i = key
        for k, (centre, rect, pref, fixed) in enumerate(cands[key]):
            score = (fixed + overlap_cost(key, rect)) * 100 + pref
            if kind == "lost" and ("spot", i) in chosen:  # lie on the other side from the standing spot
                sx, sy = cands[("spot", i)][chosen[("spot", i)]][0]
                g = gears[i]
                u, v = (centre[0] - g[0], centre[1] - g[1]), (sx - g[0], sy - g[1])
                score += 2 * (u[0] * v[0] + u[1] * v[1]) / ((math.hypot(*u) * math.hypot(*v)) or 1)
            if best_score is None or score < best_score:
                best, best_score = k, score
        changed = chosen.get(key) != best
        chosen[key] = best
        return changed

    order = list(cands)
    for key in order:
        pick(key)
    for _ in range(3):
        if not any([pick(key) for key in order]):
            break
    penalty = 0.0
    for key, k in chosen.items():
        _c, rect, _p, fixed = cands[key][k]
        penalty += weight[key] * (fixed + overlap_cost(key, rect) / 2)
    spots = [cands[("spot", i)][chosen[("spot", i)]][0] for i in range(n)]
    lost: list[Point | None] = [cands[("lost", i)][chosen[("lost", i)]][0] if i < deactivator else None for i in range(n)]
    return spots, lost, cands[("stone", -1)][chosen[("stone", -1)]][0], penalty


def _bounds(gears: list[Point], spots: list[Point], lost: list[Point | None], stone: Point,
            blocks: frozenset[int]) -> tuple[float, float, float, float]:
    xs0, xs1, ys0, ys1 = [], [], [], []
    for g in gears:
        r = GEAR_D / 2
        xs0.append(g[0] - r), xs1.append(g[0] + r), ys0.append(g[1] - r), ys1.append(g[1] + r)
    for i, s in enumerate(spots):
        if i in blocks:
            continue
        xs0.append(s[0] - GLASS_W / 2), xs1.append(s[0] + GLASS_W / 2)
        ys0.append(s[1] - GLASS_H / 2 - TAG_H), ys1.append(s[1] + GLASS_H / 2)
    for s in lost:
        if s is not None:
            r = GLASS_H * LOST_SCALE * 0.5
            xs0.append(s[0] - r), xs1.append(s[0] + r), ys0.append(s[1] - r), ys1.append(s[1] + r)
    xs0.append(stone[0] - CAPTION_W / 2), xs1.append(stone[0] + CAPTION_W / 2)
    ys0.append(stone[1] - STONE_H / 2), ys1.append(stone[1] + STONE_H / 2 + CAPTION_H)
    return min(xs0), min(ys0), max(xs1), max(ys1)


def _phases(gears: list[Point], teeth: int = 12) -> list[float]:
    """Rest angles so that neighbouring gears mesh: a tooth of one faces a gap of the other."""
    pitch = 360.0 / teeth
    phases = [0.0]
    for a, b in zip(gears, gears[1:]):
        alpha = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))  # visual counter-clockwise angle
        delta = (alpha - phases[-1]) % pitch
        beta = alpha + 180.0
        phases.append((beta - (pitch / 2 - delta)) % 360.0)
    return phases


@lru_cache(maxsize=64)
def fit_board(layout: str, n_tiles: int, deactivator: int, blocks: frozenset[int],
              box: tuple[int, int, int, int], max_s: float) -> BoardGeometry:
    """Lay `n_tiles` gears along `layout` inside `box` (x, y, w, h pixels); gear pitch at most `max_s`."""
    curve = CURVES.get(layout, _arc)
    bx, by, bw, bh = box
    best = None
    for aspect in _ASPECTS:
        line = _polyline(curve, aspect)
        pts, step = _resample(line, n_tiles)
        gears = [(x / step, y / step) for x, y in pts]
        spots, lost, stone, penalty = _place(gears, deactivator, blocks)
        # Gears that are not neighbours must not overlap.
        for i in range(n_tiles):
            for j in range(i + 2, n_tiles):
                d = math.hypot(gears[i][0] - gears[j][0], gears[i][1] - gears[j][1])
                penalty += max(0.0, 1.08 - d) * 10
        x0, y0, x1, y1 = _bounds(gears, spots, lost, stone, blocks)
        s = min(bw / (x1 - x0), bh / (y1 - y0), max_s)
        # Bigger gears win, but every unit of overlap left costs 12 % of the size.
        score = -s * max(0.2, 1.0 - 0.12 * max(0.0, penalty - 0.3))
        if best is None or score < best[0]:
            best = (score, s, gears, spots, lost, stone, (x0, y0, x1, y1), penalty)
    assert best is not None
    _, s, gears, spots, lost, stone, (x0, y0, x1, y1), penalty = best
    ox = bx + bw / 2 - (x0 + x1) / 2 * s
    oy = by + bh / 2 - (y0 + y1) / 2 * s

    def px(p: Point) -> Point:
        return ox + p[0] * s, oy + p[1] * s

    g_px = [px(g) for g in gears]
    a, b = g_px[deactivator - 1], g_px[deactivator]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    half = 0.62 * s
    gate = ((mid[0] - dy / length * half, mid[1] + dx / length * half),
            (mid[0] + dy / length * half, mid[1] - dx / length * half))
    return BoardGeometry(
        s=s, gears=tuple(g_px), phases=tuple(_phases(g_px)), spots=tuple(px(p) for p in spots),
        lost_spots=tuple(None if p is None else px(p) for p in lost), stone=px(stone), gate=gate,
        penalty=penalty,
    )
