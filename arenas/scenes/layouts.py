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
_LOST_ROUNDS = 6          # rounds in which lost timers still covering another choose again
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


def _place(gears: list[Point], deactivator: int, blocks: frozenset[int]) -> tuple[list[Point], Point, float]:
    """Spots for standing timers and the stone, in s units, and the overlap penalty left.

    Each thing picks among candidate places the one that covers the least (other gears, its own
    gear's face, things already placed), then every choice is revisited a few times with all the
    others known, so an early choice cannot crowd out a later one.
    """
    n = len(gears)

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
        nx, ny = _normal(gears, i)
        options = list(_SPOTS) + [(nx * 0.9, ny * 0.9, 1.5), (-nx * 0.9, -ny * 0.9, 1.5)]
        rects = [((g[0] + dx, g[1] + dy), Rect(g[0] + dx, g[1] + dy, GLASS_W, GLASS_H), pref)
                 for dx, dy, pref in options]
        cands[("spot", i)] = [(c, r, pref, gear_cost(r, i)) for c, r, pref in rects]
        weight[("spot", i)] = 0.0 if i in blocks else 1.0
    a, b = gears[deactivator - 1], gears[deactivator]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    stone = []
    for side in (1, -1):
        for dist in (1.2, 1.45, 1.75):
            c = (mid[0] + nx * side * dist, mid[1] + ny * side * dist)
            r = _stone_rect(c)
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
        for k, (_centre, rect, pref, fixed) in enumerate(cands[key]):
            score = (fixed + overlap_cost(key, rect)) * 100 + pref
            if best_score is None or score < best_score:
                best, best_score = k, score
        changed = chosen.get(key) != best
        chosen[key] = best
        return changed

    order = list(cands)
    for key in order:
        pick(key)
    for _ in range(3):
        if not any([pick(key) for key in order]):  # noqa: C419 (a list: every item is picked again)
            break
    penalty = 0.0
    for key, k in chosen.items():
        _c, rect, _p, fixed = cands[key][k]
        penalty += weight[key] * (fixed + overlap_cost(key, rect) / 2)
    spots = [cands[("spot", i)][chosen[("spot", i)]][0] for i in range(n)]
    return spots, cands[("stone", -1)][chosen[("stone", -1)]][0], penalty


_Edges = tuple[float, float, float, float]  # left, top, right, bottom


def _edges(r: Rect, gap: float = 0.0) -> _Edges:
    """(left, top, right, bottom) of `r` grown by `gap` on every side."""
    return r.left - gap, r.top - gap, r.right + gap, r.bottom + gap


def _clear(box: _Edges, others: list[_Edges]) -> bool:
    """True when `box` shares no area with any of `others` (edges may touch)."""
    left, top, right, bottom = box
    for ol, ot, o_r, ob in others:
        if (((right if right < o_r else o_r) - (left if left > ol else ol)) > 1e-9
                and ((bottom if bottom < ob else ob) - (top if top > ot else ot)) > 1e-9):
            return False
    return True


def _cover(box: _Edges, others: list[_Edges]) -> float:
    """The square roots of the areas `box` shares with each of `others`, summed (0 when clear)."""
    left, top, right, bottom = box
    c = 0.0
    for ol, ot, o_r, ob in others:
        w = (right if right < o_r else o_r) - (left if left > ol else ol)
        h = (bottom if bottom < ob else ob) - (top if top > ot else ot)
        if w > 1e-9 and h > 1e-9:
            c += math.sqrt(w * h)
    return c


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


def _place_lost(gears: list[Point], deactivator: int, spots: list[Point], stone: Point,
                blocks: frozenset[int]) -> list[tuple[list[Point | None], float, float]]:
    """Ways to lay a lost timer beside each gear before the Deactivator: centres (s units), their scale and
    how much they cover (0 when nothing is), where the standing timers and the stone already stand.

    The lost timers are laid along the path forwards and backwards (a crowded row gives way towards the
    end it is laid to). Each way comes at the first scale, from `LOST_SCALE` down, where every lost timer
    lies clear, and at the next `_SMALLER` ones (smaller lost timers may leave a smaller board: the fitting
    chooses); if none is clear, at the smallest."""
    keep = GEAR_KEEP + _LOST_GAP
    walls = [(x - keep, y - keep, x + keep, y + keep) for x, y in gears]
    walls.append(_edges(_stone_rect(stone), _LOST_GAP))
    walls += [_edges(_spot_rect(p), _LOST_GAP) for i, p in enumerate(spots) if i not in blocks]
    out: list[tuple[list[Point | None], float, float]] = []
    for backwards in (False, True):
        found: list[tuple[list[Point | None], float, float]] = []
        scale = LOST_SCALE
        while True:
            lost, covered = _lost_at(scale, gears, deactivator, spots, walls, backwards)
            placed = (lost + [None] * (len(gears) - deactivator), scale, covered)
            if covered < 1e-6:
                found.append(placed)
            if len(found) > _SMALLER or scale * _LOST_SHRINK < LOST_MIN_SCALE:
                out += found or [placed]
                break
            scale *= _LOST_SHRINK
    return out


def _lost_at(scale: float, gears: list[Point], deactivator: int, spots: list[Point],
             walls: list[_Edges], backwards: bool) -> tuple[list[Point | None], float]:
    """Lost timer centres at one scale and how much they cover (0 when every one lies clear).

    Each gear's lost timer has its places in order of preference: on the side of its gear away from its
    standing timer, off the line of the path (where the neighbours' lost timers lie), leaning the way the
    row is laid, close to the gear; only those clear of every gear, the stone and every standing timer
    count. Along the path (`backwards`: from the Deactivator), each takes its first place clear of the lost
    timers already placed; then any that still covers another chooses again, for a few rounds.
    """
    ol, ot, o_r, ob = _edges(lost_look(scale).outline)
    offsets = _lost_offsets(scale)
    order = range(deactivator - 1, -1, -1) if backwards else range(deactivator)
    lean = 0.3 if backwards else -0.3
    reach = max(max(abs(dx), abs(dy)) for dx, dy, *_ in offsets) + max(-ol, o_r, -ot, ob)
    options: list[list[tuple[Point, _Edges]]] = []
    everywhere: list[list[tuple[Point, _Edges]]] = []
    for i in range(deactivator):
        gx, gy = gears[i]
        ax, ay = gx - spots[i][0], gy - spots[i][1]
        length = math.hypot(ax, ay) or 1.0
        ax, ay = ax / length, ay / length
        nx, ny = _normal(gears, i)
        ranked = sorted(offsets, key=lambda o: 3.0 * (1.0 - o[2] * ax - o[3] * ay) + 0.8 * abs(o[2] * ny - o[3] * nx)
                        + lean * (o[3] * nx - o[2] * ny) + 2.0 * o[4])
        near = [w for w in walls if w[0] < gx + reach and w[2] > gx - reach and w[1] < gy + reach
                and w[3] > gy - reach]
        places = [((gx + dx, gy + dy), (gx + dx + ol, gy + dy + ot, gx + dx + o_r, gy + dy + ob))
                  for dx, dy, *_ in ranked]
        everywhere.append(places)
        options.append([p for p in places if _clear(p[1], near)])
    half = _LOST_GAP / 2
    grown = [[(b[0] - half, b[1] - half, b[2] + half, b[3] + half) for _c, b in places] for places in options]
    neighbours = [[j for j in range(deactivator) if j != i and abs(gears[j][0] - gears[i][0]) < 2 * reach
                   and abs(gears[j][1] - gears[i][1]) < 2 * reach] for i in range(deactivator)]
    chosen: list[int | None] = [None] * deactivator

    def others(i: int) -> list[_Edges]:
        """The lost timers placed near gear i's, with the gap they keep."""
        return [grown[j][k] for j in neighbours[i] if (k := chosen[j]) is not None]

    def pick(i: int) -> bool:
        """Gear i's lost timer takes its first place clear of the lost timers placed near it, else the one
        covering least of them; True if it moved."""
        if not options[i]:
            return False
        taken = others(i)
        k = next((k for k, g in enumerate(grown[i]) if _clear(g, taken)), None)
        if k is None:
            k = min(range(len(grown[i])), key=lambda k: _cover(grown[i][k], taken))
        moved, chosen[i] = chosen[i] != k, k
        return moved

    for i in order:
        pick(i)
    for _ in range(_LOST_ROUNDS):
        if not any([pick(i) for i in range(deactivator)  # noqa: C419 (a list: every one is picked again)
                    if (k := chosen[i]) is not None and not _clear(grown[i][k], others(i))]):
            break
    lost: list[Point | None] = []
    covered = 0.0
    for i in range(deactivator):
        k = chosen[i]
        if k is None:  # no place clear of the gears, the stone and the standing timers: the one covering least
            centre, box = min(everywhere[i], key=lambda p: _cover(p[1], walls))
            covered += _cover(box, walls + others(i))
        else:
            centre, box = options[i][k]
            covered += _cover(grown[i][k], others(i)) / 2
        lost.append(centre)
    return lost, covered


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
    lost_far: float   # how far the lost timers lie from their gears, summed (in s): nearer reads better


@lru_cache(maxsize=512)
def _shapes(layout: str, n_tiles: int, deactivator: int, blocks: frozenset[int], aspect: float) -> tuple[_Shape, ...]:
    """The board at one aspect, in pitch units (the same for every box: a new window size reuses it), with
    its lost timers at each size worth comparing."""
    line = polyline(curve(layout), aspect)
    pts, step = resample(line, n_tiles)
    gears = [(x / step, y / step) for x, y in pts]
    spots, stone, penalty = _place(gears, deactivator, blocks)
    # Gears that are not neighbours must not overlap.
    for i in range(n_tiles):
        for j in range(i + 2, n_tiles):
            d = math.hypot(gears[i][0] - gears[j][0], gears[i][1] - gears[j][1])
            penalty += max(0.0, 1.08 - d) * 10
    shapes = []
    for lost, lost_scale, covered in _place_lost(gears, deactivator, spots, stone, blocks):
        outline = lost_look(lost_scale).outline
        bounds = _bounds(gears, spots, [outline.moved(*p) for p in lost if p is not None], stone, blocks)
        far = sum(math.hypot(p[0] - g[0], p[1] - g[1]) for p, g in zip(lost, gears, strict=True) if p is not None)
        shapes.append(_Shape(gears, spots, lost, lost_scale, stone, bounds, penalty + 10 * covered, covered < 1e-6,
                             far))
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
        # Where the sizes tie (the largest gears allowed fit either way), lost timers nearer their gears win.
        if best is None or (score, shape.lost_far) < (best[0], best[1].lost_far):
            best = (score, shape, s, penalty)
    assert best is not None
    _, shape, s, penalty = best
    gears, spots, lost, lost_scale, stone = shape.gears, shape.spots, shape.lost, shape.lost_scale, shape.stone
    x0, y0, x1, y1 = shape.bounds
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
