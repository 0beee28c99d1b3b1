"""Hourglasses of one size: the glass, sand levels from the true remaining time, the falling stream, the
frame, a move's ghost level and the danger glow; each size gets its sand-free layers, its row table and one
pre-textured sand picture per sand colour."""
from __future__ import annotations

import bisect
from functools import partial
from typing import TYPE_CHECKING

import pygame

from common.engine.layers import Part, drawn_cells, subtract

if TYPE_CHECKING:
    from common.engine.app import App


class GlassPainter:
    """Draws hourglasses of one size: glass, sand levels from the true remaining time, stream, frame.

    The sand in each bulb is drawn by area: a bulb holding a fraction f of the sand shows the
    rows (from its bottom up) that hold f of the bulb's inside area, so what you see is in
    proportion to the time left however the glass is shaped.
    """

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        self.app = app
        self.size = size
        sprites = app.sprites
        self.glass = sprites.scaled("arenas/hourglass_glass", size)
        self.frame = sprites.scaled("arenas/hourglass_frame", size)
        mask_img = sprites.scaled("arenas/hourglass_mask", size)
        self.mask = mask_img
        bits = pygame.mask.from_surface(mask_img, 110)
        w, h = size
        self.widths = []
        self.lefts = []
        for y in range(h):
            row = [x for x in range(w) if bits.get_at((x, y))]
            self.widths.append(len(row))
            self.lefts.append(row[0] if row else w // 2)
        lo, hi = int(h * 0.3), int(h * 0.7)
        middle = [(self.widths[y], y) for y in range(lo, hi) if self.widths[y] > 0]
        self.neck = min(middle)[1] if middle else h // 2
        rows = [y for y in range(h) if self.widths[y] > 0]
        self.top_first = rows[0] if rows else 0
        self.bottom_last = rows[-1] if rows else h - 1
        # Cumulative area from the neck upward (top bulb) and from the bottom upward (bottom bulb).
        self.top_rows = list(range(self.neck - 1, self.top_first - 1, -1))
        self.bottom_rows = list(range(self.bottom_last, self.neck, -1))
        self.top_cum = self._cumulative(self.top_rows)
        self.bottom_cum = self._cumulative(self.bottom_rows)
        self.sand: dict[str, pygame.Surface] = {}
        self.glow_img: pygame.Surface | None = None
        self.turned_sizes: dict[float, tuple[int, int]] = {}
        self.turned_glows: dict[float, tuple[pygame.Surface, pygame.Surface]] = {}  # angle -> (glow, turned)
        self.glow_cells: dict[float, tuple[pygame.Surface, tuple[pygame.Rect, ...]]] = {}  # -> (turned, areas)
        self.stream_w = max(1, round(w * 0.035))

    def _cumulative(self, rows: list[int]) -> list[int]:
        out, total = [], 0
        for y in rows:
            total += self.widths[y]
            out.append(total)
        return out

    def sand_image(self, key: str) -> pygame.Surface:
        """The whole inside of the glass filled with textured sand of palette colour `key` (cached)."""
        img = self.sand.get(key)
        if img is None:
            colour = self.app.sprites.colour(key)
            img = pygame.Surface(self.size, pygame.SRCALPHA)
            img.fill((*colour, 255))
            texture = self.app.sprites.scaled("arenas/sand_texture", (max(self.size), max(self.size)))
            img.blit(texture, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            img.blit(self.mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self.sand[key] = img
        return img

    def levels(self, fraction: float) -> tuple[int, int]:
        """(first row of sand in the top bulb, first row of sand in the bottom bulb) for a top fraction."""
        fraction = min(1.0, max(0.0, fraction))
        top_need = fraction * (self.top_cum[-1] if self.top_cum else 0)
        k = bisect.bisect_left(self.top_cum, top_need - 0.5) if top_need > 0.5 else -1
        top_level = self.top_rows[k] if 0 <= k < len(self.top_rows) else self.neck
        bottom_need = (1.0 - fraction) * (self.bottom_cum[-1] if self.bottom_cum else 0)
        k = bisect.bisect_left(self.bottom_cum, bottom_need - 0.5) if bottom_need > 0.5 else -1
        bottom_level = self.bottom_rows[k] if 0 <= k < len(self.bottom_rows) else self.bottom_last + 1
        return top_level, bottom_level

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int], fraction: float, sand_key: str,
             flowing: bool, t_ms: float) -> None:
        """Draw the hourglass at `topleft` with `fraction` of its sand in the top bulb."""
        levels = self.levels(fraction)
        flows = self.flows(levels, flowing)
        self.draw_sand(surface, topleft, levels, sand_key)
        if flows:
            self.draw_stream(surface, topleft, levels, sand_key, t_ms)
        self.draw_front(surface, topleft, levels, sand_key, flows)

    def flows(self, levels: tuple[int, int], flowing: bool) -> bool:
        """Whether a stream falls from the neck: the glass is `flowing` and its top bulb holds sand."""
        return flowing and levels[0] < self.neck

    def draw_sand(self, surface: pygame.Surface, topleft: tuple[int, int], levels: tuple[int, int],
                  sand_key: str) -> None:
        """The glass and its sand at `levels` (`levels()`), with the bright top row of the top bulb's sand."""
        x0, y0 = topleft
        surface.blit(self.glass, topleft)
        sand = self.sand_image(sand_key)
        top_level, bottom_level = levels
        w = self.size[0]
        if top_level < self.neck:
            surface.blit(sand, (x0, y0 + top_level), (0, top_level, w, self.neck - top_level + 1))
        if bottom_level <= self.bottom_last:
            surface.blit(sand, (x0, y0 + bottom_level), (0, bottom_level, w, self.bottom_last - bottom_level + 1))
        if top_level < self.neck:
            light = tuple(min(255, c + 60) for c in self.app.sprites.colour(sand_key))
            y = top_level
            left = x0 + self.lefts[y]
            pygame.draw.line(surface, light, (left, y0 + y), (left + self.widths[y] - 1, y0 + y))

    def draw_stream(self, surface: pygame.Surface, topleft: tuple[int, int], levels: tuple[int, int],
                    sand_key: str, t_ms: float) -> None:
        """The falling stream from the neck to the bottom sand, its grains moving down with `t_ms`."""
        x0, y0 = topleft
        colour = self.app.sprites.colour(sand_key)
        light = tuple(min(255, c + 60) for c in colour)
        cx = x0 + self.size[0] // 2
        end = min(levels[1], self.bottom_last)
        half = self.stream_w // 2
        pygame.draw.line(surface, colour, (cx - half, y0 + self.neck - 1), (cx - half, y0 + end), self.stream_w)
        span = max(1, end - self.neck)
        for k in range(3):
            gy = self.neck + (t_ms * 0.09 + k * span / 3) % span
            surface.fill(light, (cx - half - 1, y0 + int(gy), self.stream_w + 1, 2))

    def stream_rect(self, topleft: tuple[int, int], levels: tuple[int, int]) -> pygame.Rect:
        """Everything `draw_stream` may paint."""
        x0, y0 = topleft
        cx = x0 + self.size[0] // 2
        top = y0 + self.neck - 2 - self.stream_w
        bottom = y0 + min(levels[1], self.bottom_last) + self.stream_w + 3
        return pygame.Rect(cx - 2 * self.stream_w - 2, top, 4 * self.stream_w + 4, bottom - top)

    def draw_front(self, surface: pygame.Surface, topleft: tuple[int, int], levels: tuple[int, int],
                   sand_key: str, flows: bool) -> None:
        """What lies over the stream: the heap it makes on the bottom sand (when it `flows`), and the frame."""
        x0, y0 = topleft
        bottom_level = levels[1]
        if flows and bottom_level <= self.bottom_last:
            cx = x0 + self.size[0] // 2
            mound = max(2, self.widths[bottom_level] // 5)
            pygame.draw.ellipse(surface, self.app.sprites.colour(sand_key), (cx - mound, y0 + bottom_level - 2,
                                                                             mound * 2, 4))
        surface.blit(self.frame, topleft)

    def draw_ghost(self, surface: pygame.Surface, topleft: tuple[int, int], now: float, after: float,
                   sand_key: str) -> None:
        """A move's preview in the glass at `topleft` holding `now` of its sand on top: the level `after` would
        leave, as a bright dashed line (at the neck if it would be empty); the sand the flip would add shows
        pale above the sand, the sand it would take away darkened below the line."""
        x0, y0 = topleft
        level_now, _bottom = self.levels(now)
        level, _bottom = self.levels(after)
        w = self.size[0]
        if level != level_now:
            first, last = min(level, level_now), min(max(level, level_now), self.neck)
            if last > first:
                ghost = self.sand_image(sand_key).subsurface((0, first, w, last - first)).copy()
                if level < level_now:  # more sand after the flip: the added sand, pale
                    ghost.fill((90, 90, 90, 0), special_flags=pygame.BLEND_RGB_ADD)
                    ghost.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
                else:                  # less: the sand the flip takes away, darkened
                    ghost.fill((70, 60, 60, 215), special_flags=pygame.BLEND_RGBA_MULT)
                surface.blit(ghost, (x0, y0 + first))
        y = min(level, self.neck - 1)
        left, width = self.lefts[y], self.widths[y]
        if width <= 0:
            return
        dash = max(2, w // 9)
        thick = max(2, self.size[1] // 40)
        for x in range(left - 1, left + width + 1, 2 * dash):
            end = min(x + dash, left + width + 1)
            pygame.draw.line(surface, (20, 10, 6), (x0 + x, y0 + y), (x0 + end, y0 + y), thick + 2)
            pygame.draw.line(surface, (255, 255, 255), (x0 + x, y0 + y), (x0 + end, y0 + y), thick)

    def parts(self, topleft: tuple[int, int], fraction: float, sand_key: str, flowing: bool, t_ms: float,
              ghost: float | None) -> list[Part]:
        """What `draw` (then `draw_ghost` for a `ghost` level, if any) paints, as parts of a frame: the glass with
        its sand and the frame over it keyed by the rows the sand fills, the falling stream between them drawn
        each frame."""
        levels = self.levels(fraction)
        flows = self.flows(levels, flowing)
        look = (self, self.app.sprites.version, sand_key, topleft, levels)
        rect = pygame.Rect(topleft, self.size)
        parts = [Part(rect, ("sand", *look),
                      partial(self.draw_sand, topleft=topleft, levels=levels, sand_key=sand_key))]
        if flows:
            parts.append(Part(self.stream_rect(topleft, levels), None,
                              partial(self.draw_stream, topleft=topleft, levels=levels, sand_key=sand_key, t_ms=t_ms)))
        after = None if ghost is None else self.levels(ghost)[0]

        def front(surface: pygame.Surface) -> None:
            self.draw_front(surface, topleft, levels, sand_key, flows)
            if ghost is not None:
                self.draw_ghost(surface, topleft, fraction, ghost, sand_key)
        reach = rect.inflate(self.size[1] // 10 + 8, self.size[1] // 10 + 8) if ghost is not None else rect
        parts.append(Part(reach, ("front", *look, flows, after), front))
        return parts

    def draw_turned(self, surface: pygame.Surface, centre: tuple[int, int], fraction: float, sand_key: str,
                    flowing: bool, t_ms: float, ghost: float | None, angle: float) -> None:
        """The hourglass (and its `ghost` level, if any) turned by `angle` degrees, centred on `centre`."""
        img = self.compose(fraction, sand_key, flowing, t_ms)
        if ghost is not None:
            self.draw_ghost(img, (0, 0), fraction, ghost, sand_key)
        img = pygame.transform.rotozoom(img, -angle, 1.0)
        surface.blit(img, img.get_rect(center=centre))

    def turned_size(self, angle: float) -> tuple[int, int]:
        """The size of what `draw_turned` draws at `angle` (cached)."""
        size = self.turned_sizes.get(angle)
        if size is None:
            if len(self.turned_sizes) > 64:
                self.turned_sizes.clear()
            size = pygame.transform.rotozoom(pygame.Surface(self.size, pygame.SRCALPHA), -angle, 1.0).get_size()
            self.turned_sizes[angle] = size
        return size

    def compose(self, fraction: float, sand_key: str, flowing: bool, t_ms: float) -> pygame.Surface:
        """The hourglass on its own surface (for flipping, tilting and fading)."""
        img = pygame.Surface(self.size, pygame.SRCALPHA)
        self.draw(img, (0, 0), fraction, sand_key, flowing, t_ms)
        return img

    def _glow_hole(self) -> pygame.Rect:
        """Where `danger_glow` is wholly see-through, in its own coordinates: the glass shows there."""
        w, h = self.size
        pad = max(6, w // 3)
        return pygame.Rect(pad + w // 7, pad + h // 10, w - 2 * (w // 7), h - h // 5)

    def danger_glow(self) -> pygame.Surface:
        """A red halo around (not behind) an hourglass that is running out, so the glass stays clear (cached)."""
        if self.glow_img is None:
            w, h = self.size
            pad = max(6, w // 3)
            base = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            grow = pad // 2
            pygame.draw.rect(base, (*self.app.sprites.colour("arenas_danger"), 255),
                             (pad - grow, pad - grow, w + 2 * grow, h + 2 * grow), border_radius=max(4, w // 3))
            glow = pygame.transform.gaussian_blur(base, max(2, pad // 3))
            hole = pygame.Surface(glow.get_size(), pygame.SRCALPHA)
            hole.fill((255, 255, 255, 255))
            pygame.draw.rect(hole, (255, 255, 255, 0), self._glow_hole())
            glow.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            self.glow_img = glow
        return self.glow_img

    def turned_glow(self, angle: float, keep: bool = True) -> pygame.Surface:
        """`danger_glow` turned by `angle` degrees (cached if `keep`: a lost glass lies at one angle, a flip turns
        through many once). Its alpha is set where it is drawn."""
        glow = self.danger_glow()
        if not angle:
            return glow
        cached = self.turned_glows.get(angle)
        if cached is not None and cached[0] is glow:
            return cached[1]
        turned = pygame.transform.rotate(glow, angle)
        if keep:
            if len(self.turned_glows) > 8:
                self.turned_glows.clear()
            self.turned_glows[angle] = (glow, turned)
        return turned

    def glow_areas(self, angle: float) -> tuple[pygame.Rect, ...]:
        """Where `turned_glow(angle)` draws anything, in its own coordinates: not in its see-through middle,
        where the glass shows (cached)."""
        glow = self.turned_glow(angle)
        cached = self.glow_cells.get(angle)
        if cached is None or cached[0] is not glow:
            if len(self.glow_cells) > 8:
                self.glow_cells.clear()
            cells = drawn_cells(glow) if angle else tuple(subtract(glow.get_rect(), self._glow_hole()))
            cached = (glow, cells)
            self.glow_cells[angle] = cached
        return cached[1]
