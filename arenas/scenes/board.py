"""Drawing the board: the static table layer, turning gears, and hourglasses with flowing sand.

Everything expensive is made once per layout (window size, level, sprite version): the table
with its danger rings, gears at rest, emblems, blocks and the Deactivator is one surface; gear
frames are pre-turned in 2.5° steps over one 60° period (a gear turned by 60° looks as before);
each hourglass size gets its painter (`glass`). A frame then costs a handful of blits per timer.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arenas.rules.components import TIMER_SPECS
from arenas.rules.levels import Level
from arenas.rules.preview import wild_only_gears
from arenas.scenes import layouts as lay
from arenas.scenes.glass import GlassPainter
from common.data.i18n import _, language
from common.engine import text
from common.engine.layers import Part, image_part

if TYPE_CHECKING:
    from common.engine.app import App

GEAR_PERIOD = 60.0        # degrees after which a gear sprite repeats itself
GEAR_FRAMES = 24
DANGER_MS = 5000
RUST_TONE = (255, 140, 64)   # multiplies a greyed gear into rusty brown
RUST_DARK, RUST_LIGHT = (70, 34, 18), (214, 116, 52)   # patina flecks
WILD_MARK = (0.3, 0.42)      # the small wild card on a rusted gear, in units of s


def rusted(image: pygame.Surface) -> pygame.Surface:
    """`image` (a gear) dulled toward rust and flecked with patina; its outline is kept."""
    w, h = image.get_size()
    out = image.copy()
    rust = pygame.transform.grayscale(image)
    rust.fill((*RUST_TONE, 255), special_flags=pygame.BLEND_RGBA_MULT)
    rust.set_alpha(190)
    out.blit(rust, (0, 0))
    flecks = pygame.Surface((w, h), pygame.SRCALPHA)
    rng = random.Random(w)  # the same flecks on every frame of a size
    for _fleck in range(60):
        r = max(1, round(w * rng.uniform(0.02, 0.06)))
        colour = RUST_DARK if rng.random() < 0.6 else RUST_LIGHT
        pygame.draw.circle(flecks, (*colour, rng.randrange(150, 235)), (rng.randrange(w), rng.randrange(h)), r)
    keep = image.copy()  # the flecks only where the gear is, as opaque as it is
    keep.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    flecks.blit(keep, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(flecks, (0, 0))
    return out


def cover(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`image` scaled to cover `size`, what overflows cut out of its middle (so a framed picture keeps all of
    its frame in a window of another shape: the two halves meet in the plain middle)."""
    sw, sh = image.get_size()
    w, h = size
    k = max(w / sw, h / sh)
    big = pygame.transform.smoothscale(image, (max(w, round(sw * k)), max(h, round(sh * k))))
    bw, bh = big.get_size()
    if (bw, bh) == (w, h):
        return big
    out = pygame.Surface(size, 0, big)
    if bw > w:  # the left and right halves
        out.blit(big, (0, 0), pygame.Rect(0, 0, w // 2, h))
        out.blit(big, (w // 2, 0), pygame.Rect(bw - (w - w // 2), 0, w - w // 2, h))
    else:       # the top and bottom halves
        out.blit(big, (0, 0), pygame.Rect(0, 0, w, h // 2))
        out.blit(big, (0, h // 2), pygame.Rect(0, bh - (h - h // 2), w, h - h // 2))
    return out


GearFrame = tuple[pygame.Surface, tuple[int, int]]  # (picture, its top left from the gear's centre)


def cut(image: pygame.Surface) -> GearFrame:
    """`image` cut to its drawn pixels, with where that lies from the centre it was placed by: the same blit
    (a turned picture's see-through corners drew nothing) over a smaller rectangle."""
    box = image.get_bounding_rect()
    w, h = image.get_size()
    return image.subsurface(box).copy(), (box.x - w // 2, box.y - h // 2)


class TurnedGear:
    """A gear's picture at each of `GEAR_FRAMES` turns of one `GEAR_PERIOD`, each cut to what it shows; a turn is
    made the first time it is drawn (a board at rest shows only its gears' own turns)."""

    def __init__(self, base: pygame.Surface) -> None:
        self.base = base
        self._frames: list[GearFrame | None] = [None] * GEAR_FRAMES

    def frame(self, k: int) -> GearFrame:
        """The picture turned by `k` steps of `GEAR_PERIOD / GEAR_FRAMES` degrees."""
        made = self._frames[k]
        if made is None:
            made = self._frames[k] = cut(pygame.transform.rotozoom(self.base, k * GEAR_PERIOD / GEAR_FRAMES, 1.0))
        return made


@dataclass
class BoardPieces:
    """Per-layout images: turned gears by colour (and rusted ones), upright hub+emblem faces by shape, the
    wild-card mark of a rusted gear."""

    gears: dict[str, TurnedGear]
    rusted_gears: dict[str, TurnedGear]
    faces: dict[str, pygame.Surface]
    wild_mark: pygame.Surface


FitArgs = tuple[str, int, int, frozenset[int], tuple[int, int, int, int], float]  # of `layouts.fit_board`


def fit_args(level: Level, box: pygame.Rect, max_s: float) -> FitArgs:
    """The arguments of `layouts.fit_board` for `level` in `box` (pixels) with gear pitch at most `max_s`."""
    return level.layout, len(level.path), level.deactivator, level.blocks, (box.x, box.y, box.w, box.h), max_s


class BoardView:
    """The board of one level fitted into a box of the window, with its cached layers."""

    def __init__(self, app: App, level: Level, box: pygame.Rect, max_s: float,
                 geo: lay.BoardGeometry | None = None) -> None:
        """`geo`: lay the board out as this board of as many gears (while its own fit is being made), not by
        fitting it."""
        self.app = app
        self.level = level
        self.box = box
        self.geo = geo if geo is not None else lay.fit_board(*fit_args(level, box, max_s))
        self.rusted = wild_only_gears(level)  # drawn rusted
        s = self.geo.s
        self.gear_px = max(12, round(lay.GEAR_D * s))
        self._glass: GlassPainter | None = None
        self._lost_glass: GlassPainter | None = None
        self._pieces: BoardPieces | None = None
        self._gear_parts: tuple[tuple[float, int], list[Part]] | None = None  # ((turn, pack), parts)
        self.under: pygame.Surface | None = None
        self.full: pygame.Surface | None = None
        self.window_size: tuple[int, int] | None = None
        self.layers_language = ""  # the language of the Deactivator caption in the layers

    # ---- pieces (made on first use: a scene may fit several boards and keep one) -----------
    @property
    def glass(self) -> GlassPainter:
        if self._glass is None:
            self._glass = GlassPainter(self.app, self.geo.glass_size())
        return self._glass

    @property
    def lost_glass(self) -> GlassPainter:
        if self._lost_glass is None:
            w, h = self.geo.glass_size()
            k = self.geo.lost_scale
            self._lost_glass = GlassPainter(self.app, (max(8, round(w * k)), max(12, round(h * k))))
        return self._lost_glass

    @property
    def pieces(self) -> BoardPieces:
        if self._pieces is None:
            self._pieces = self._make_pieces()
        return self._pieces

    def _make_pieces(self) -> BoardPieces:
        sprites = self.app.sprites
        gears: dict[str, TurnedGear] = {}
        rust: dict[str, TurnedGear] = {}
        for colour in {t.colour for t in self.level.path}:
            base = sprites.scaled(f"arenas/gear_{colour}", (self.gear_px, self.gear_px))
            gears[colour] = TurnedGear(base)
            if any(self.level.path[i].colour == colour for i in self.rusted):
                rust[colour] = TurnedGear(rusted(base))
        hub_px = max(8, round(lay.HUB_D * self.geo.s))
        emblem_px = max(6, round(hub_px * 0.72))
        faces: dict[str, pygame.Surface] = {}
        for shape in {t.shape for t in self.level.path}:
            face = sprites.scaled("arenas/gear_hub", (hub_px, hub_px)).copy()
            em = sprites.scaled(f"arenas/emblem_{shape}", (emblem_px, emblem_px))
            face.blit(em, em.get_rect(center=(hub_px // 2, hub_px // 2)))
            faces[shape] = face
        return BoardPieces(gears, rust, faces, self._wild_mark())

    def _wild_mark(self) -> pygame.Surface:
        """A small wild card with a dark edge, tilted: what a rusted gear waits for."""
        card = self.app.sprites.scaled("arenas/card_wild", (max(6, round(WILD_MARK[0] * self.geo.s)),
                                                            max(8, round(WILD_MARK[1] * self.geo.s))))
        edge = max(1, round(self.geo.s * 0.025))
        mark = pygame.Surface((card.get_width() + 2 * edge, card.get_height() + 2 * edge), pygame.SRCALPHA)
        pygame.draw.rect(mark, RUST_DARK, mark.get_rect(), border_radius=2 * edge)
        mark.blit(card, (edge, edge))
        return pygame.transform.rotozoom(mark, -12, 1.0)

    def gear_frame(self, i: int, turn: float) -> GearFrame:
        """Gear i's image turned by `turn` degrees from rest (neighbours turn the other way)."""
        sign = 1 if i % 2 == 0 else -1
        angle = (self.geo.phases[i] + sign * turn) % GEAR_PERIOD
        k = round(angle / (GEAR_PERIOD / GEAR_FRAMES)) % GEAR_FRAMES
        gears = self.pieces.rusted_gears if i in self.rusted else self.pieces.gears
        return gears[self.level.path[i].colour].frame(k)

    # ---- static layers ---------------------------------------------------------------------
    def layers(self, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Surface]:
        """(table without gears, table with gears at rest) for a window of `size` (cached)."""
        if self.full is None or self.under is None or self.window_size != size or self.layers_language != language():
            self.window_size, self.layers_language = size, language()
            self.under = self._draw_under(size)
            self.full = self.under.copy()
            self.draw_gears(self.full, 0.0)
            if pygame.display.get_surface() is not None:
                self.under = self.under.convert()
                self.full = self.full.convert()
        return self.under, self.full

    def _draw_under(self, size: tuple[int, int]) -> pygame.Surface:
        out = cover(self.app.sprites.image("arenas/table"), size)
        self.draw_markings(out)
        return out

    def draw_markings(self, out: pygame.Surface) -> None:
        """The danger zone (a red band and rings under its gears) and the Deactivator stone with its caption."""
        app = self.app
        s = self.geo.s
        size = out.get_size()
        ring_px = round(s * 1.42)
        ring = app.sprites.scaled("arenas/danger_zone", (ring_px, ring_px))
        danger = app.sprites.colour("arenas_danger")
        pts = [self.geo.gears[i] for i in range(self.level.deactivator, len(self.level.path))]
        if len(pts) > 1:
            band = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.lines(band, (*danger, 70), False, pts, max(2, round(s * 0.9)))
            for p in pts:
                pygame.draw.circle(band, (*danger, 70), p, s * 0.45)
            out.blit(band, (0, 0))
        for p in pts:
            out.blit(ring, ring.get_rect(center=(round(p[0]), round(p[1]))))
        # The Deactivator stone, a dotted tether to the gate, and its caption.
        stone_h = round(lay.STONE_H * s)
        stone = app.sprites.scaled("arenas/deactivator", (round(stone_h * 120 / 168), stone_h))
        gate_mid = ((self.geo.gate[0][0] + self.geo.gate[1][0]) / 2, (self.geo.gate[0][1] + self.geo.gate[1][1]) / 2)
        sx, sy = self.geo.stone
        dist = math.hypot(gate_mid[0] - sx, gate_mid[1] - sy)
        steps = int(dist // max(4, s * 0.14))
        glow = app.sprites.colour("arenas_glow")
        for k in range(1, steps):
            t = k / steps
            pygame.draw.circle(out, glow, (sx + (gate_mid[0] - sx) * t, sy + (gate_mid[1] - sy) * t), max(1, s * 0.03))
        out.blit(stone, stone.get_rect(center=(round(sx), round(sy))))
        px = max(11, round(s * 0.2))
        text.draw_text(out, _("Deactivator"), px, (255, 244, 214), (sx, sy + s * lay.STONE_H / 2), "midtop", bold=True,
                       shadow=(20, 12, 6))

    def preview(self) -> pygame.Surface:
        """The board alone on a transparent surface the size of its box, timers at their start (setup screen)."""
        out = pygame.Surface(self.box.size, pygame.SRCALPHA)
        full = pygame.Surface((self.box.right, self.box.bottom), pygame.SRCALPHA)
        self.draw_markings(full)
        self.draw_gears(full, 0.0)
        w, h = self.glass.size
        for timer_id, tile in self.level.timers:
            x, y = self.geo.spots[tile]
            self.glass.draw(full, (round(x - w / 2), round(y - h / 2)), 1.0, TIMER_SPECS[timer_id].sand, False, 0.0)
        out.blit(full, (-self.box.x, -self.box.y))
        return out

    def draw_gears(self, surface: pygame.Surface, turn: float) -> None:
        """Gears (turned by `turn`), their upright faces, the wild-card mark of rusted gears, blocks and the
        Deactivator gate."""
        for part in self.gear_parts(turn):
            part.paint(surface)

    def gear_parts(self, turn: float) -> list[Part]:
        """What `draw_gears` paints, as parts of a frame: a gear's part changes only when its picture does
        (the last list made is kept: at rest the gears keep one turn)."""
        key = (turn, self.app.sprites.version)
        if self._gear_parts is None or self._gear_parts[0] != key:
            self._gear_parts = (key, self._make_gear_parts(turn))
        return self._gear_parts[1]

    def _make_gear_parts(self, turn: float) -> list[Part]:
        s = self.geo.s
        parts = []
        for i, (x, y) in enumerate(self.geo.gears):
            img, (dx, dy) = self.gear_frame(i, turn)
            parts.append(image_part(img, (round(x) + dx, round(y) + dy)))
        for i, (x, y) in enumerate(self.geo.gears):
            face = self.pieces.faces[self.level.path[i].shape]
            parts.append(image_part(face, face.get_rect(center=(round(x), round(y))).topleft))
        mark = self.pieces.wild_mark
        for i in sorted(self.rusted):
            x, y = self.geo.gears[i]
            parts.append(image_part(mark, mark.get_rect(center=(round(x + s * 0.33), round(y + s * 0.3))).topleft))
        if self.level.blocks:
            bpx = round(s * 0.98)
            block = self.app.sprites.scaled("arenas/block", (bpx, bpx))
            for i in self.level.blocks:
                x, y = self.geo.gears[i]
                parts.append(image_part(block, block.get_rect(center=(round(x), round(y))).topleft))
        a, b = self.geo.gate
        glow = self.app.sprites.colour("arenas_glow")
        danger = self.app.sprites.colour("arenas_danger")
        width = max(3, round(s * 0.1))

        def gate(surface: pygame.Surface) -> None:
            pygame.draw.line(surface, (40, 22, 10), a, b, width + 4)
            pygame.draw.line(surface, glow, a, b, width)
            for p in (a, b):
                pygame.draw.circle(surface, (40, 22, 10), p, width)
                pygame.draw.circle(surface, danger, p, max(2, width - 2))
        reach = pygame.Rect(round(min(a[0], b[0])), round(min(a[1], b[1])), round(abs(a[0] - b[0])) + 1,
                            round(abs(a[1] - b[1])) + 1).inflate(2 * width + 8, 2 * width + 8)
        parts.append(Part(reach, ("gate", tuple(reach), width, glow, danger), gate))
        return parts

    # ---- hit testing -----------------------------------------------------------------------
    def gear_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the gear under `pos`, if any."""
        best, best_d = None, self.geo.s * 0.55
        for i, (x, y) in enumerate(self.geo.gears):
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d < best_d:
                best, best_d = i, d
        return best
