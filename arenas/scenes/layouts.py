"""Where things go on the board: a level's path laid along its layout curve, fitted to the window.

Every layout is a parametric curve (`curves`). Gears sit at equal arc-length steps along it, touching, so
the step `s` is the gear pitch and every other size is a multiple of it. Each gear also gets a
*spot* where a timer stands (upright, beside the gear's top if there is room, else to a side)
and, before the Deactivator, a *lost spot* where a lost timer lies; spots never cover another
gear or each other. The curve is tried at several aspect ratios and the one giving the largest
gears that fit the board rectangle wins. Pure geometry: no pygame.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

from arenas.scenes.curves import curve, polyline, resample

Point = tuple[float, float]

# Sizes in units of the gear pitch s (the distance between neighbouring gear centres).
GEAR_D = 1.13          # drawn gear diameter (teeth of neighbours interleave)
HUB_D = 0.62           # the upright ivory face with the emblem
GEAR_KEEP = 0.50       # radius of a gear nothing else may cover (only tooth tips stick out)
HUB_KEEP = 0.33
GLASS_H = 1.05         # standing hourglass (its name badge sits on its top cap)
GLASS_W = GLASS_H * 0.6
TAG_H = 0.2            # the part of the name tag sticking out above the top cap
LOST_SCALE = 0.82      # a lost timer is drawn a little smaller, tilted...
LOST_MIN_SCALE = 0.48  # ...and smaller still, down to this, where the board is crowded
LOST_TILT = 28.0       # degrees
LOST_TAG_H = 0.3       # a lost timer's name tag, across its top
LOST_TAG_MIN_W = 0.62  # the tag's width: the tilted glass's, but never less than this
LOST_BADGE = 0.5       # its warning badge at its lower right, times its scale
STONE_W, STONE_H = 0.78, 1.08   # the Deactivator rune stone
CAPTION_H = 0.3                # its caption under it
CAPTION_W = 1.1

# Candidate places for a standing timer (centre of the hourglass, in s) with a preference cost.
_SPOTS: tuple[tuple[float, float, float], ...] = (
    (0.0, -0.86, 0.0), (-0.56, -0.74, 1.0), (0.56, -0.74, 1.0), (-0.80, -0.12, 2.0), (0.80, -0.12, 2.0),
    (-0.60, 0.72, 3.5), (0.60, 0.72, 3.5), (0.0, 0.95, 4.0),
)
_LOST_DIRECTIONS = 16   # a lost timer tries places all round its gear...
_LOST_STEPS = (0.0, 0.3, 0.6, 0.95)  # ...just clear of it, or further out where the standing glasses leave room
_LOST_SHRINK = 0.9        # how much smaller it gets each time a board has no room for every one
_LOST_GAP = 0.03          # what a lost timer keeps clear of every gear and every other lost timer
_SMALLER = 1              # smaller sizes of lost timers a board is also laid with, past the first where all lie clear


_ASPECTS = (0.12, 0.18, 0.25, 0.33, 0.42, 0.52, 0.64, 0.78, 0.95, 1.15)
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

    def overlap(self, other: Rect) -> float:
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

    def moved(self, dx: float, dy: float) -> Rect:
        """The same rectangle shifted by (dx, dy)."""
        return Rect(self.cx + dx, self.cy + dy, self.w, self.h)


def union(rects: tuple[Rect, ...]) -> Rect:
    """The smallest rectangle holding all of `rects`."""
    left, top = min(r.left for r in rects), min(r.top for r in rects)
    right, bottom = max(r.right for r in rects), max(r.bottom for r in rects)
    return Rect((left + right) / 2, (top + bottom) / 2, right - left, bottom - top)


@dataclass(frozen=True)
class LostLook:
    """A lost timer's parts, each placed relative to its centre: the bounding box of its tilted glass,
    its name tag across the glass's top and its warning badge at the lower right."""

    glass: Rect
    tag: Rect
    badge: Rect

    @property
    def outline(self) -> Rect:
        """Everything drawn for the lost timer."""
        return union((self.glass, self.tag, self.badge))

    def at(self, centre: Point, s: float) -> LostLook:
        """The parts in pixels for a lost timer centred on `centre` (pixels) on a board of pitch `s`."""
        def px(r: Rect) -> Rect:
            return Rect(centre[0] + r.cx * s, centre[1] + r.cy * s, r.w * s, r.h * s)
        return LostLook(px(self.glass), px(self.tag), px(self.badge))


def lost_look(scale: float) -> LostLook:
    """A lost timer drawn at `scale` of a standing one, in units of s around its centre."""
    tilt = math.radians(LOST_TILT)
    gw, gh = GLASS_W * scale, GLASS_H * scale
    w = gw * math.cos(tilt) + gh * math.sin(tilt)
    h = gw * math.sin(tilt) + gh * math.cos(tilt)
    badge = LOST_BADGE * scale
    return LostLook(glass=Rect(0.0, 0.0, w, h),
                    tag=Rect(0.0, -h / 2, max(w, LOST_TAG_MIN_W), LOST_TAG_H),
                    badge=Rect(w / 2 - badge * 0.3, h / 2 - badge * 0.55, badge, badge))


@dataclass(frozen=True)
class BoardGeometry:
    """The fitted board in pixels: gear centres and phases, timer spots, lost spots, the stone."""

    s: float
    gears: tuple[Point, ...]
    phases: tuple[float, ...]            # rest angle of each gear sprite, degrees (meshing teeth)
    spots: tuple[Point, ...]             # centre of a standing hourglass on each gear
    lost_spots: tuple[Point | None, ...]  # centre of a lost hourglass beside each gear (None past the Deactivator)
    lost_scale: float                    # a lost hourglass's size, relative to a standing one
    stone: Point                         # centre of the Deactivator rune stone
    gate: tuple[Point, Point]            # the glowing bar across the path between the last safe and first danger gear
    penalty: float                       # 0 when nothing overlaps

    def glass_size(self) -> tuple[int, int]:
        """Pixel size of a standing hourglass."""
        return max(8, round(GLASS_W * self.s)), max(12, round(GLASS_H * self.s))

    def glass_rect(self, centre: Point, scale: float = 1.0) -> Rect:
        return Rect(centre[0], centre[1], GLASS_W * self.s * scale, GLASS_H * self.s * scale)

    def lost_parts(self, centre: Point) -> LostLook:
        """Where the glass, name tag and warning badge of a lost timer centred on `centre` are drawn."""
        return lost_look(self.lost_scale).at(centre, self.s)


def _normal(gears: list[Point], i: int) -> Point:
    """The unit normal of the path at gear i."""
    a, b = gears[max(0, i - 1)], gears[min(len(gears) - 1, i + 1)]
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return -dy / length, dx / length


def _spot_rect(centre: Point) -> Rect:
    """A standing timer with the tag above its top cap, in s units."""
    return Rect(centre[0], centre[1] - TAG_H / 2, GLASS_W, GLASS_H + TAG_H)


def _stone_rect(centre: Point) -> Rect:
    """The Deactivator stone with its caption, in s units."""
    return Rect(centre[0], centre[1] + CAPTION_H / 2, max(STONE_W, CAPTION_W), STONE_H + CAPTION_H)


_Edges = tuple[float, float, float, float]  # left, top, right, bottom
_HARD = 25.0  # what a lost timer covering anything costs, against two standing timers touching


@dataclass(frozen=True)
class _Item:
    """One thing to place and its candidate places: centres, the box it keeps from standing timers and the
    stone (`soft`), the box it keeps from lost timers (`hard`, a little larger), a preference (lower is
    better) and a cost against the gears."""

    lost: bool
    weight: float  # how much its overlaps count in the board's penalty (0: a blocked gear stands nothing)
    anchor: Point
    reach: float   # how far from the anchor any of its boxes goes, across or down
    centres: list[Point]
    soft: list[_Edges]
    hard: list[_Edges]
    prefs: list[float]
    fixed: list[float]


def _item(lost: bool, weight: float, anchor: Point, centres: list[Point], soft: list[_Edges],
          hard: list[_Edges], prefs: list[float], fixed: list[float]) -> _Item:
    reach = max(max(abs(e[0] - anchor[0]), abs(e[2] - anchor[0]), abs(e[1] - anchor[1]), abs(e[3] - anchor[1]))
                for e in hard)
    return _Item(lost, weight, anchor, reach, centres, soft, hard, prefs, fixed)


def _edges(r: Rect, gap: float = 0.0) -> _Edges:
    """(left, top, right, bottom) of `r` grown by `gap` on every side."""
    return r.left - gap, r.top - gap, r.right + gap, r.bottom + gap


def _standing_items(gears: list[Point], deactivator: int, blocks: frozenset[int]) -> list[_Item]:
    """A standing timer on every gear and the Deactivator stone, with their candidate places."""

    def gear_cost(rect: Rect, own: int) -> float:
        # Grazing contacts (tooth tips) below `_TOLERANCE` do not count.
        c = 0.0
        for j, g in enumerate(gears):
            if abs(g[0] - rect.cx) > 1.4 or abs(g[1] - rect.cy) > 1.4:
                continue
            depth = rect.circle_overlap(g, HUB_KEEP if j == own else GEAR_KEEP)
            c += max(0.0, depth - _TOLERANCE) * (4 if j == own else 3)
        return c

    items = []
    for i, g in enumerate(gears):
        nx, ny = _normal(gears, i)
        options = [*_SPOTS, (nx * 0.9, ny * 0.9, 1.5), (-nx * 0.9, -ny * 0.9, 1.5)]
        centres = [(g[0] + dx, g[1] + dy) for dx, dy, _p in options]
        glasses = [Rect(c[0], c[1], GLASS_W, GLASS_H) for c in centres]
        items.append(_item(False, 0.0 if i in blocks else 1.0, g, centres, [_edges(r) for r in glasses],
                           [_edges(_spot_rect(c), _LOST_GAP / 2) for c in centres],  # a lost timer clears its tag too
                           [p for _x, _y, p in options], [gear_cost(r, i) for r in glasses]))
    a, b = gears[deactivator - 1], gears[deactivator]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    places = [(side, dist) for side in (1, -1) for dist in (1.2, 1.45, 1.75)]
    centres = [(mid[0] + nx * side * dist, mid[1] + ny * side * dist) for side, dist in places]
    stones = [_stone_rect(c) for c in centres]
    items.append(_item(False, 0.3, mid, centres, [_edges(r) for r in stones],
                       [_edges(r, _LOST_GAP / 2) for r in stones], [d for _s, d in places],
                       [gear_cost(r, -1) for r in stones]))
    return items


@lru_cache(maxsize=32)
def _lost_offsets(scale: float) -> tuple[tuple[float, float, float, float, float], ...]:
    """Places for a lost timer drawn at `scale`: offsets (dx, dy) of its centre from its gear in every
    direction (ux, uy), just clear of the gear's keep square or a step further out."""
    o = lost_look(scale).outline
    keep = GEAR_KEEP + _LOST_GAP
    out = []
    for k in range(_LOST_DIRECTIONS):
        a = 2 * math.pi * k / _LOST_DIRECTIONS
        ux, uy = math.cos(a), math.sin(a)
        reach = []  # how far the outline must go this way to clear the square on each side
        if ux > 1e-9:
            reach.append((keep - o.left) / ux)
        elif ux < -1e-9:
            reach.append((-keep - o.right) / ux)
        if uy > 1e-9:
            reach.append((keep - o.top) / uy)
        elif uy < -1e-9:
            reach.append((-keep - o.bottom) / uy)
        for step in _LOST_STEPS:
            d = min(reach) + step
            out.append((ux * d, uy * d, ux, uy, step))
    return tuple(out)


def _lost_items(gears: list[Point], deactivator: int, scale: float) -> list[_Item]:
    """A lost timer drawn at `scale` beside every gear before the Deactivator, with its candidate places:
    preferably below its gear, off the line of the path (where the neighbours' lost timers lie) and close."""
    ol, ot, o_r, ob = _edges(lost_look(scale).outline)
    half = _LOST_GAP / 2
    keep = GEAR_KEEP + _LOST_GAP
    offsets = _lost_offsets(scale)
    span = max(max(abs(dx), abs(dy)) for dx, dy, *_ in offsets) + max(-ol, o_r, -ot, ob) + keep
    items = []
    for i in range(deactivator):
        gx, gy = gears[i]
        nx, ny = _normal(gears, i)
        squares = [(x - keep, y - keep, x + keep, y + keep) for x, y in gears
                   if abs(x - gx) < span and abs(y - gy) < span]
        centres, boxes, grown, prefs, fixed = [], [], [], [], []
        for dx, dy, ux, uy, step in offsets:
            x, y = gx + dx, gy + dy
            left, top, right, bottom = x + ol, y + ot, x + o_r, y + ob
            cover = 0.0  # of the gears' keep squares, with the gap
            for sl, st, sr, sb in squares:
                w = (right if right < sr else sr) - (left if left > sl else sl)
                if w > 1e-9:
                    h = (bottom if bottom < sb else sb) - (top if top > st else st)
                    if h > 1e-9:
                        cover += math.sqrt(w * h)
            centres.append((x, y))
            boxes.append((left, top, right, bottom))
            grown.append((left - half, top - half, right + half, bottom + half))
            prefs.append(0.6 * (1.0 - uy) + 0.8 * abs(ux * ny - uy * nx) + 2.0 * step)
            fixed.append(cover * _HARD)
        items.append(_item(True, 1.0, (gx, gy), centres, boxes, grown, prefs, fixed))
    return items


def _search(items: list[_Item], start: list[int] | None) -> tuple[list[int], float, float]:
    """A place for every item (indices into its candidates), the overlap penalty left among the standing
    timers and the stone, and how much the lost timers cover (0 when every one lies clear).

    Each thing picks among its candidate places the one that covers the least (other gears, its own
    gear's face, things already placed), then every choice is revisited a few times with all the
    others known, so an early choice cannot crowd out a later one. `start` (a placement of the same
    items) is where the revisiting starts from instead."""
    count = len(items)
    chosen: list[int | None] = [None] * count if start is None else list(start)
    # Only things anchored near each other can overlap: list each item's neighbours once, those where a
    # lost timer is one of the two (they may not touch at all) apart from the others.
    near = [[j for j in range(count) if j != i and items[j].weight > 0.0
             and abs(items[j].anchor[0] - items[i].anchor[0]) < items[i].reach + items[j].reach
             and abs(items[j].anchor[1] - items[i].anchor[1]) < items[i].reach + items[j].reach]
            for i in range(count)]
    hard_near = [[j for j in near[i] if items[i].lost or items[j].lost] for i in range(count)]
    soft_near = [[j for j in near[i] if not (items[i].lost or items[j].lost)] for i in range(count)]

    def hard_cost(i: int, k: int, budget: float) -> float:
        """What candidate k of item i covers where a lost timer is involved (stops once over `budget`)."""
        c = 0.0
        left, top, right, bottom = items[i].hard[k]
        for j in hard_near[i]:
            kj = chosen[j]
            if kj is None:
                continue
            ol, ot, o_r, ob = items[j].hard[kj]
            w = (right if right < o_r else o_r) - (left if left > ol else ol)
            if w > 1e-9:
                h = (bottom if bottom < ob else ob) - (top if top > ot else ot)
                if h > 1e-9:
                    c += math.sqrt(w * h) * _HARD
                    if c > budget:
                        break
        return c

    def soft_cost(i: int, k: int) -> float:
        """What candidate k of a standing timer or the stone covers of the others (grazing is free)."""
        c = 0.0
        left, top, right, bottom = items[i].soft[k]
        for j in soft_near[i]:
            kj = chosen[j]
            if kj is None:
                continue
            ol, ot, o_r, ob = items[j].soft[kj]
            w = (right if right < o_r else o_r) - (left if left > ol else ol)
            if w > 0:
                h = (bottom if bottom < ob else ob) - (top if top > ot else ot)
                if h > 0 and (d := math.sqrt(w * h) - _TOLERANCE) > 0:
                    c += d * 4
        return c

    # Candidates in order of what they cost alone: a search stops where no other could do better.
    alone = [sorted((it.fixed[k] * 100 + it.prefs[k], k) for k in range(len(it.centres))) for it in items]

    def pick(i: int) -> bool:
        """Choose the best place for item i given all the others; True if it changed."""
        best, best_score = 0, math.inf
        for base, k in alone[i]:
            if base >= best_score:
                break
            c = hard_cost(i, k, (best_score - base) / 100)
            score = base + (c + soft_cost(i, k)) * 100 if base + c * 100 < best_score else math.inf
            if score < best_score:
                best, best_score = k, score
        changed = chosen[i] != best
        chosen[i] = best
        return changed

    if start is None:
        for i in range(count):
            pick(i)
    for _ in range(3 if start is None else 4):
        if not any([pick(i) for i in range(count)]):  # noqa: C419 (a list: every item is picked again)
            break
    placed = [k for k in chosen if k is not None]
    penalty = covered = 0.0
    for i, (it, k) in enumerate(zip(items, placed, strict=True)):
        if it.lost:
            covered += it.fixed[k] / _HARD + hard_cost(i, k, math.inf) / _HARD
        else:
            penalty += it.weight * (it.fixed[k] + soft_cost(i, k) / 2)
            covered += hard_cost(i, k, math.inf) / _HARD / 2  # (the lost timer counts the other half)
    return placed, penalty, covered


@dataclass(frozen=True)
class _Placed:
    """Where things stand on a board in s units, how small its lost timers are drawn, and what is covered."""

    spots: list[Point]
    stone: Point
    lost: list[Point | None]
    lost_scale: float
    penalty: float  # among the standing timers and the stone, against the gears
    covered: float  # by the lost timers: 0 when every one lies clear of everything


def _place(gears: list[Point], deactivator: int, blocks: frozenset[int]) -> list[_Placed]:
    """Spots for standing timers, the stone and lost timers, placed together so that the standing timers
    leave the lost ones room: a lost timer covers nothing at all (no gear, the stone, a standing timer or
    another lost timer), so any set of lost timers can lie at once.

    When a board has no such room, its lost timers are all drawn a little smaller and everything is placed
    again from where it was. The first placement where every lost timer lies clear comes back, and the next
    `_SMALLER` ones too (smaller lost timers may leave a smaller board: the fitting chooses); if none is
    clear, the one with the smallest lost timers."""
    standing = _standing_items(gears, deactivator, blocks)
    n = len(gears)
    scale, start = LOST_SCALE, None
    found: list[_Placed] = []
    while True:
        items = standing + _lost_items(gears, deactivator, scale)
        chosen, penalty, covered = _search(items, start)
        lost: list[Point | None] = [items[n + 1 + i].centres[k] for i, k in enumerate(chosen[n + 1:])]
        placed = _Placed(spots=[items[i].centres[k] for i, k in enumerate(chosen[:n])],
                         stone=items[n].centres[chosen[n]], lost=lost + [None] * (n - deactivator),
                         lost_scale=scale, penalty=penalty, covered=covered)
        if covered < 1e-6:  # (edges just touching are clear)
            found.append(placed)
        if len(found) > _SMALLER or scale * _LOST_SHRINK < LOST_MIN_SCALE:
            return found or [placed]
        scale, start = scale * _LOST_SHRINK, chosen


def _bounds(gears: list[Point], spots: list[Point], lost: list[Rect], stone: Point,
            blocks: frozenset[int]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of everything drawn on the board, in s units."""
    boxes = [(g[0] - GEAR_D / 2, g[1] - GEAR_D / 2, g[0] + GEAR_D / 2, g[1] + GEAR_D / 2) for g in gears]
    boxes += [(p[0] - GLASS_W / 2, p[1] - GLASS_H / 2 - TAG_H, p[0] + GLASS_W / 2, p[1] + GLASS_H / 2)
              for i, p in enumerate(spots) if i not in blocks]
    boxes += [(r.left, r.top, r.right, r.bottom) for r in lost]
    boxes.append((stone[0] - CAPTION_W / 2, stone[1] - STONE_H / 2, stone[0] + CAPTION_W / 2,
                  stone[1] + STONE_H / 2 + CAPTION_H))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _phases(gears: list[Point], teeth: int = 12) -> list[float]:
    """Rest angles so that neighbouring gears mesh: a tooth of one faces a gap of the other."""
    pitch = 360.0 / teeth
    phases = [0.0]
    for a, b in itertools.pairwise(gears):
        alpha = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))  # visual counter-clockwise angle
        delta = (alpha - phases[-1]) % pitch
        beta = alpha + 180.0
        phases.append((beta - (pitch / 2 - delta)) % 360.0)
    return phases


@dataclass(frozen=True)
class _Shape:
    """A board laid in units of one gear pitch at one aspect: everything but the size and the position."""

    gears: list[Point]
    spots: list[Point]
    lost: list[Point | None]
    lost_scale: float
    stone: Point
    bounds: tuple[float, float, float, float]
    penalty: float
    lost_clear: bool  # no lost timer covers anything: a gear, the stone, another lost or a standing timer


@lru_cache(maxsize=512)
def _shapes(layout: str, n_tiles: int, deactivator: int, blocks: frozenset[int], aspect: float) -> tuple[_Shape, ...]:
    """The board at one aspect, in pitch units (the same for every box: a new window size reuses it), with
    its lost timers at each size worth comparing."""
    line = polyline(curve(layout), aspect)
    pts, step = resample(line, n_tiles)
    gears = [(x / step, y / step) for x, y in pts]
    crossing = 0.0  # gears that are not neighbours must not overlap
    for i in range(n_tiles):
        for j in range(i + 2, n_tiles):
            d = math.hypot(gears[i][0] - gears[j][0], gears[i][1] - gears[j][1])
            crossing += max(0.0, 1.08 - d) * 10
    shapes = []
    for placed in _place(gears, deactivator, blocks):
        outline = lost_look(placed.lost_scale).outline
        bounds = _bounds(gears, placed.spots, [outline.moved(*p) for p in placed.lost if p is not None],
                         placed.stone, blocks)
        shapes.append(_Shape(gears, placed.spots, placed.lost, placed.lost_scale, placed.stone, bounds,
                             placed.penalty + 10 * placed.covered + crossing, placed.covered < 1e-6))
    return tuple(shapes)


@lru_cache(maxsize=64)
def fit_board(layout: str, n_tiles: int, deactivator: int, blocks: frozenset[int],
              box: tuple[int, int, int, int], max_s: float) -> BoardGeometry:
    """Lay `n_tiles` gears along `layout` inside `box` (x, y, w, h pixels); gear pitch at most `max_s`."""
    bx, by, bw, bh = box
    best = None
    for shape in (shape for aspect in _ASPECTS for shape in _shapes(layout, n_tiles, deactivator, blocks, aspect)):
        x0, y0, x1, y1 = shape.bounds
        penalty, lost_scale = shape.penalty, shape.lost_scale
        s = min(bw / (x1 - x0), bh / (y1 - y0), max_s)
        # Bigger gears win, but every unit of overlap left costs 12 % of the size, and smaller lost timers up to 10 %.
        score = -s * max(0.2, 1.0 - 0.12 * max(0.0, penalty - 0.3)) * (0.9 + 0.1 * lost_scale / LOST_SCALE)
        if not shape.lost_clear:  # an aspect where every lost timer lies clear wins over any where one cannot
            score += 1e6
        if best is None or score < best[0]:
            best = (score, s, shape.gears, shape.spots, shape.lost, lost_scale, shape.stone, shape.bounds, penalty)
    assert best is not None
    _, s, gears, spots, lost, lost_scale, stone, (x0, y0, x1, y1), penalty = best
    ox = bx + bw / 2 - (x0 + x1) / 2 * s
    oy = by + bh / 2 - (y0 + y1) / 2 * s

    def px(p: Point) -> Point:
        return ox + p[0] * s, oy + p[1] * s

    g_px = [px(g) for g in gears]
    a, b = g_px[deactivator - 1], g_px[deactivator]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length  # across the path
    if ny < 0:
        nx, ny = -nx, -ny  # (nx, ny) points down the screen, away from the glasses standing on the gears
    down, up = 0.62 * s, 0.34 * s  # the bar's upper end stops short of a glass on the first danger gear
    gate = ((mid[0] + nx * down, mid[1] + ny * down), (mid[0] - nx * up, mid[1] - ny * up))
    return BoardGeometry(
        s=s, gears=tuple(g_px), phases=tuple(_phases(g_px)), spots=tuple(px(p) for p in spots),
        lost_spots=tuple(None if p is None else px(p) for p in lost), lost_scale=lost_scale, stone=px(stone), gate=gate,
        penalty=penalty,
    )
