"""Drawing kit for the art modules: supersampled masks, fills, noise, shadows and outlines.

Everything is plain pygame and deterministic: noise comes from seeded `random.Random`, and the
smoothscale backend is pinned to the generic C code so results do not depend on the CPU.

The working model: a *mask* is a white surface whose alpha is the shape's coverage, drawn 4x
supersampled by a `Pen` and scaled down (smooth edges). A *fill* is an opaque surface of
colour/texture. `clip(fill, mask)` cuts the fill to the shape without darkening its edges, and
layers are stacked with `over`.
"""
from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence

import pygame

SS = 4
Colour = tuple[int, int, int]
Point = tuple[float, float]
WHITE = (255, 255, 255, 255)
CLEAR = (255, 255, 255, 0)


def setup() -> None:
    """Make drawing reproducible across machines (generic smoothscale code, no SIMD variants)."""
    pygame.transform.set_smoothscale_backend("GENERIC")


# --- colours -------------------------------------------------------------------------------------


def rgb(hex_colour: str) -> Colour:
    """'#rrggbb' -> (r, g, b)."""
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    """Colour a blended toward b by t (0..1)."""
    return tuple(max(0, min(255, round(x + (y - x) * t))) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def lighten(c: Sequence[int], t: float) -> Colour:
    return mix(c, (255, 255, 255), t)


def darken(c: Sequence[int], t: float) -> Colour:
    return mix(c, (0, 0, 0), t)


# --- surfaces and masks --------------------------------------------------------------------------


def blank(size: tuple[int, int], colour: Sequence[int] = (0, 0, 0, 0)) -> pygame.Surface:
    """A 32-bit surface with per-pixel alpha filled with `colour`."""
    surface = pygame.Surface(size, pygame.SRCALPHA, 32)
    surface.fill(colour)
    return surface


class Pen:
    """Draws white shapes (or erases them) on a supersampled mask; coordinates in final pixels."""

    def __init__(self, size: tuple[int, int], ss: int = SS) -> None:
        self.size = size
        self.ss = ss
        self.surface = blank((size[0] * ss, size[1] * ss), CLEAR)

    def _s(self, v: float) -> int:
        return round(v * self.ss)

    def _pt(self, p: Point) -> tuple[int, int]:
        return round(p[0] * self.ss), round(p[1] * self.ss)

    @staticmethod
    def _ink(erase: bool) -> tuple[int, int, int, int]:
        return CLEAR if erase else WHITE

    def rect(self, rect: Sequence[float], erase: bool = False) -> None:
        x, y, w, h = rect
        self.surface.fill(self._ink(erase), (self._s(x), self._s(y), self._s(x + w) - self._s(x), self._s(y + h) - self._s(y)))

    def rrect(self, rect: Sequence[float], radius: float, erase: bool = False) -> None:
        x, y, w, h = rect
        r = pygame.Rect(self._s(x), self._s(y), self._s(x + w) - self._s(x), self._s(y + h) - self._s(y))
        pygame.draw.rect(self.surface, self._ink(erase), r, border_radius=max(0, self._s(radius)))

    def ring(self, rect: Sequence[float], radius: float, width: float) -> None:
        """A rounded-rectangle outline `width` pixels thick, inside `rect`."""
        x, y, w, h = rect
        self.rrect(rect, radius)
        self.rrect((x + width, y + width, w - 2 * width, h - 2 * width), max(0.0, radius - width), erase=True)

    def circle(self, centre: Point, radius: float, erase: bool = False) -> None:
        pygame.draw.circle(self.surface, self._ink(erase), self._pt(centre), max(1, self._s(radius)))

    def ellipse(self, rect: Sequence[float], erase: bool = False) -> None:
        x, y, w, h = rect
        pygame.draw.ellipse(self.surface, self._ink(erase), (self._s(x), self._s(y), self._s(w), self._s(h)))

    def polygon(self, points: Iterable[Point], erase: bool = False) -> None:
        pygame.draw.polygon(self.surface, self._ink(erase), [self._pt(p) for p in points])

    def line(self, a: Point, b: Point, width: float, erase: bool = False) -> None:
        """A thick line with round caps."""
        self.lines([a, b], width, erase)

    def lines(self, points: Sequence[Point], width: float, erase: bool = False) -> None:
        """A thick polyline with round joins and caps."""
        half = width / 2
        for a, b in itertools.pairwise(points):
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length * half, dx / length * half
            self.polygon([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)], erase)
        for p in points:
            self.circle(p, half, erase)

    def arc(self, centre: Point, radius: float, start: float, end: float, width: float, erase: bool = False) -> None:
        """A thick arc from angle `start` to `end` (degrees, 0 = east, counter-clockwise on screen)."""
        steps = max(8, int(abs(end - start) / 4))
        self.lines(arc_points(centre, radius, start, end, steps), width, erase)

    def mask(self) -> pygame.Surface:
        """The drawing scaled to final size: white with alpha = coverage."""
        return pygame.transform.smoothscale(self.surface, self.size)


def arc_points(centre: Point, radius: float, start: float, end: float, steps: int = 24) -> list[Point]:
    """Points along a circle arc (degrees, screen y pointing down, so positive turns counter-clockwise)."""
    return [(centre[0] + radius * math.cos(math.radians(a)), centre[1] - radius * math.sin(math.radians(a)))
            for a in (start + (end - start) * i / steps for i in range(steps + 1))]


def shape(size: tuple[int, int], draw: Callable[[Pen], None]) -> pygame.Surface:
    """A mask drawn by `draw(pen)`."""
    pen = Pen(size)
    draw(pen)
    return pen.mask()


def rrect_mask(size: tuple[int, int], rect: Sequence[float], radius: float) -> pygame.Surface:
    return shape(size, lambda p: p.rrect(rect, radius))


def star_points(centre: Point, outer: float, inner: float, points: int = 5, turn: float = -90.0) -> list[Point]:
    """Corners of a star polygon (first point straight up by default)."""
    result = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / points)
        result.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return result


def gear_points(centre: Point, outer: float, inner: float, teeth: int, turn: float = 0.0) -> list[Point]:
    """Outline of a gear with trapezoid teeth."""
    result = []
    for i in range(teeth):
        base = math.radians(turn) + 2 * math.pi * i / teeth
        step = 2 * math.pi / teeth
        for frac, r in ((0.0, inner), (0.12, outer), (0.38, outer), (0.5, inner)):
            a = base + step * frac
            result.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
        a = base + step * 0.75
        result.append((centre[0] + inner * math.cos(a), centre[1] + inner * math.sin(a)))
    return result


# --- fills ---------------------------------------------------------------------------------------


def solid(size: tuple[int, int], colour: Sequence[int]) -> pygame.Surface:
    return blank(size, (*colour[:3], 255))


def _ramp(stops: Sequence[tuple[float, Colour]], t: float) -> Colour:
    if t <= stops[0][0]:
        return stops[0][1]
    for (t0, c0), (t1, c1) in itertools.pairwise(stops):
        if t <= t1:
            return mix(c0, c1, (t - t0) / ((t1 - t0) or 1))
    return stops[-1][1]


def vgradient(size: tuple[int, int], stops: Sequence[tuple[float, Colour]], y0: float = 0.0, y1: float | None = None) -> pygame.Surface:
    """Vertical gradient through (t, colour) stops, t running 0..1 from y0 to y1 (default: full height)."""
    _w, h = size
    y1 = h if y1 is None else y1
    column = blank((1, h))
    for y in range(h):
        column.set_at((0, y), (*_ramp(stops, (y + 0.5 - y0) / ((y1 - y0) or 1)), 255))
    return pygame.transform.scale(column, size)


def hgradient(size: tuple[int, int], stops: Sequence[tuple[float, Colour]]) -> pygame.Surface:
    """Horizontal gradient through (t, colour) stops."""
    w, _h = size
    row = blank((w, 1))
    for x in range(w):
        row.set_at((x, 0), (*_ramp(stops, (x + 0.5) / w), 255))
    return pygame.transform.scale(row, size)


def _scalar(stops: Sequence[tuple[float, float]], t: float) -> float:
    if t <= stops[0][0]:
        return stops[0][1]
    for (t0, v0), (t1, v1) in itertools.pairwise(stops):
        if t <= t1:
            return v0 + (v1 - v0) * (t - t0) / ((t1 - t0) or 1)
    return stops[-1][1]


def radial(size: tuple[int, int], centre: Point, radius: float, stops: Sequence[tuple[float, Colour]],
           alphas: Sequence[tuple[float, float]] | None = None) -> pygame.Surface:
    """Radial gradient of colour (and optionally alpha 0..1) by distance/radius; computed coarse, smoothed."""
    w, h = size
    k = max(1, math.ceil(max(w, h) / 160))
    cw, ch = max(2, math.ceil(w / k)), max(2, math.ceil(h / k))
    coarse = blank((cw, ch))
    for y in range(ch):
        for x in range(cw):
            d = math.hypot((x + 0.5) * w / cw - centre[0], (y + 0.5) * h / ch - centre[1]) / radius
            a = 255 if alphas is None else round(255 * _scalar(alphas, d))
            coarse.set_at((x, y), (*_ramp(stops, d), a))
    return coarse if (cw, ch) == size else pygame.transform.smoothscale(coarse, size)


def noise(size: tuple[int, int], cell: float, seed: int, lo: int = 0, hi: int = 255) -> pygame.Surface:
    """Opaque grey value noise (features about `cell` px), values lo..hi."""
    w, h = size
    rng = random.Random(seed)
    gw, gh = max(2, math.ceil(w / cell) + 2), max(2, math.ceil(h / cell) + 2)
    table = bytes(lo + (hi - lo) * i // 255 for i in range(256))
    grey = rng.randbytes(gw * gh).translate(table)
    rgb_bytes = bytearray(gw * gh * 3)
    for i in range(3):
        rgb_bytes[i::3] = grey
    grid = pygame.image.frombytes(bytes(rgb_bytes), (gw, gh), "RGB")
    if cell <= 1:
        return _opaque(grid.subsurface((0, 0, w, h)))
    big = pygame.transform.smoothscale(grid, (round(gw * cell), round(gh * cell)))
    return _opaque(big.subsurface((round(cell / 2), round(cell / 2), w, h)))


def _opaque(surface: pygame.Surface) -> pygame.Surface:
    out = blank(surface.get_size(), (0, 0, 0, 255))
    out.blit(surface, (0, 0))
    return out


def fractal(size: tuple[int, int], seed: int, cells: Sequence[float] = (48, 16, 5, 1.5), lo: int = 200) -> pygame.Surface:
    """Several octaves of value noise multiplied together, in lo..255 (for BLEND_RGB_MULT texturing)."""
    out = solid(size, (255, 255, 255))
    spread = (255 - lo) / len(cells)
    for i, cell in enumerate(cells):
        layer = noise(size, cell, seed * 31 + i, round(255 - spread * (1.3 if i == 0 else 1.0)), 255)
        out.blit(layer, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


def grain(size: tuple[int, int], seed: int, lo: int = 225) -> pygame.Surface:
    """Per-pixel grey noise in lo..255."""
    w, h = size
    table = bytes(lo + (255 - lo) * i // 255 for i in range(256))
    grey = random.Random(seed).randbytes(w * h).translate(table)
    data = bytearray(w * h * 4)
    for i in range(3):
        data[i::4] = grey
    data[3::4] = b"\xff" * (w * h)
    return pygame.image.frombytes(bytes(data), size, "RGBA")


def wood(size: tuple[int, int], seed: int, base: Colour, dark: Colour, light: Colour, stretch: float = 9.0) -> pygame.Surface:
    """Horizontal wood grain: long streaks of dark and light over a base colour."""
    w, h = size
    rng = random.Random(seed)
    out = solid(size, base)
    broad = pygame.transform.smoothscale(noise((max(2, round(w / stretch / 3)), h), 5, rng.randrange(1 << 30)), size)
    out.blit(with_alpha(solid(size, light), alpha_of_grey(broad, lambda v: (v - 110) * 0.9)), (0, 0))
    out.blit(with_alpha(solid(size, dark), alpha_of_grey(broad, lambda v: (120 - v) * 0.9)), (0, 0))
    fine = pygame.transform.smoothscale(noise((max(2, round(w / stretch)), h), 1.4, rng.randrange(1 << 30)), size)
    out.blit(with_alpha(solid(size, dark), alpha_of_grey(fine, lambda v: (105 - v) * 2.2)), (0, 0))
    out.blit(with_alpha(solid(size, light), alpha_of_grey(fine, lambda v: (v - 175) * 1.6)), (0, 0))
    out.blit(grain(size, seed + 7, lo=232), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


def alpha_of_grey(grey: pygame.Surface, curve: Callable[[int], float]) -> bytes:
    """Per-pixel alpha bytes: `curve(value)` of a grey surface's red channel, clamped to 0..255."""
    table = bytes(max(0, min(255, round(curve(i)))) for i in range(256))
    return pygame.image.tobytes(grey, "RGB")[0::3].translate(table)


def mottle(fill: pygame.Surface, texture: pygame.Surface, colour: Sequence[int], strength: float) -> pygame.Surface:
    """Stain `fill` toward `colour` where the grey `texture` is dark (keeps hues warm), in place."""
    fill.blit(with_alpha(solid(fill.get_size(), colour), alpha_of_grey(texture, lambda v: (255 - v) * strength)), (0, 0))
    return fill


def with_alpha(surface: pygame.Surface, alpha: bytes) -> pygame.Surface:
    """A copy of `surface` whose alpha channel is `alpha` (one byte per pixel)."""
    data = bytearray(pygame.image.tobytes(surface, "RGBA"))
    data[3::4] = alpha
    return pygame.image.frombytes(bytes(data), surface.get_size(), "RGBA")


def alpha_of(surface: pygame.Surface) -> bytes:
    """The alpha channel of `surface`, one byte per pixel."""
    return pygame.image.tobytes(surface, "RGBA")[3::4]


def mask_of(alpha: bytes, size: tuple[int, int]) -> pygame.Surface:
    """A mask (white) with the given alpha bytes."""
    return with_alpha(blank(size, CLEAR), alpha)


# --- combining -----------------------------------------------------------------------------------


def clip(fill: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """`fill` cut to the shape of `mask` (colours untouched, alpha = mask coverage x fill alpha)."""
    out = fill.copy() if fill.get_flags() & pygame.SRCALPHA else _with_alpha(fill)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = blank(surface.get_size())
    out.blit(surface, (0, 0))
    return out


def paint(base: pygame.Surface, fill: pygame.Surface | Sequence[int], mask: pygame.Surface, opacity: float = 1.0) -> pygame.Surface:
    """Draw `fill` (a surface or colour) over `base` through `mask`; returns base."""
    if not isinstance(fill, pygame.Surface):
        fill = solid(base.get_size(), fill)
    layer = clip(fill, mask)
    if opacity < 1.0:
        fade(layer, opacity)
    base.blit(layer, (0, 0))
    return base


def fade(surface: pygame.Surface, opacity: float) -> pygame.Surface:
    """Multiply the alpha of `surface` by opacity, in place."""
    surface.fill((255, 255, 255, round(255 * opacity)), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def over(*layers: pygame.Surface) -> pygame.Surface:
    """Stack same-size layers bottom to top into a new surface."""
    out = blank(layers[0].get_size())
    for layer in layers:
        out.blit(layer, (0, 0))
    return out


def silhouette(surface: pygame.Surface) -> pygame.Surface:
    """A mask from the alpha of `surface`."""
    out = surface.copy()
    out.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def dilate(mask: pygame.Surface, radius: int) -> pygame.Surface:
    """Grow a mask by `radius` pixels (round pen)."""
    out = blank(mask.get_size(), CLEAR)
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            if dx * dx + dy * dy <= radius * radius + radius * 0.8:
                out.blit(mask, (dx, dy), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def subtract(mask: pygame.Surface, hole: pygame.Surface) -> pygame.Surface:
    """mask minus hole (alpha-wise)."""
    inverse = mask_of(alpha_of(hole).translate(bytes(255 - i for i in range(256))), hole.get_size())
    out = mask.copy()
    out.blit(inverse, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def coloured(mask: pygame.Surface, colour: Sequence[int], opacity: float = 1.0) -> pygame.Surface:
    """The mask filled with `colour` everywhere (RGB constant, so blurs stay clean)."""
    out = mask.copy()
    out.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGB_MULT)
    out.fill((*colour[:3], 0), special_flags=pygame.BLEND_RGB_MAX)
    if opacity < 1.0:
        fade(out, opacity)
    return out


def shadow(mask: pygame.Surface, blur: float, offset: Point = (0, 0), colour: Sequence[int] = (26, 15, 10),
           opacity: float = 0.5) -> pygame.Surface:
    """A soft shadow of `mask`, blurred and moved by `offset`."""
    layer = coloured(mask, colour, opacity)
    if blur > 0:
        layer = pygame.transform.gaussian_blur(layer, max(1, round(blur)), repeat_edge_pixels=False)
    out = blank(mask.get_size(), (*colour[:3], 0))
    out.blit(layer, (round(offset[0]), round(offset[1])))
    return out


def glow(mask: pygame.Surface, blur: float, colour: Sequence[int], opacity: float = 0.8) -> pygame.Surface:
    """A soft halo around `mask`."""
    return shadow(mask, blur, (0, 0), colour, opacity)


def outlined(art: pygame.Surface, width: int, colour: Sequence[int]) -> pygame.Surface:
    """`art` on top of its own silhouette grown by `width` in `colour` (a sticker outline)."""
    ring = coloured(dilate(silhouette(art), width), colour)
    return over(ring, art)


def with_shadow(art: pygame.Surface, blur: float = 3, offset: Point = (0, 3), opacity: float = 0.45) -> pygame.Surface:
    """`art` over a soft drop shadow of itself."""
    return over(shadow(silhouette(art), blur, offset, opacity=opacity), art)


def shift(surface: pygame.Surface, offset: Point) -> pygame.Surface:
    out = blank(surface.get_size())
    out.blit(surface, (round(offset[0]), round(offset[1])))
    return out


def rotated(surface: pygame.Surface, degrees: float) -> pygame.Surface:
    """`surface` turned about its centre, same size (corners cropped), smooth."""
    turned = pygame.transform.rotozoom(surface, degrees, 1.0)
    out = blank(surface.get_size())
    out.blit(turned, turned.get_rect(center=out.get_rect().center))
    return out


def textured(fill: pygame.Surface, texture: pygame.Surface) -> pygame.Surface:
    """`fill` darkened by a grey texture (BLEND_RGB_MULT), in place."""
    fill.blit(texture, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return fill
