"""Arzium's art: painted land cards, explore markers, coins, character cards, artifacts, banners, table.

Warm whimsical fantasy in the house style of `ui.py` (light from the top left, walnut outlines,
brass, parchment). Land paintings are scattered with small pygame strokes over seeded noise and
are scaled down on screen, which smooths them; tokens and icons are drawn as supersampled masks
with the `paint` kit so their silhouettes stay crisp at 24-40 px. Sizes are designed for a
1920x1080 window; scenes scale down and cache.

Layout facts the play scene relies on: a land card is 2x3 squares of `SQUARE` px with its scroll
along the bottom edge; the character face has the name banner at y 18..66, the pattern well at
(30, 84, 180, 180), the points rosette centred at (190, 318).
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from sprites.generate import paint as p
from sprites.generate.ui import (
    BRASS,
    BRASS_DARK,
    BRASS_LIGHT,
    OUTLINE,
    PARCH,
    PARCH_DARK,
    PARCH_EDGE,
    disc,
    parchment_sheet,
    sticker,
    stud,
)

Colour = tuple[int, int, int]
Sprite = tuple[pygame.Surface, dict]
Point = tuple[float, float]

SQUARE = 120                      # one map square on a land card
CARD_W, CARD_H = 2 * SQUARE, 3 * SQUARE
SCROLL_H = 34                     # the orientation scroll along a land card's bottom edge
TERRAINS = ("meadow", "dune", "marsh", "forest", "hills")
MARKER_SHAPES = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "star"}
ABILITIES = ("free_blank", "displace", "purse", "turn", "slide", "wake")
EDGES = ("south", "west", "north", "east")

PALETTE: dict[str, str] = {
    "arzium_red": "#c9453a",
    "arzium_blue": "#3d6fc4",
    "arzium_green": "#4d9a45",
    "arzium_yellow": "#e9b92c",
    "arzium_ghost_ok": "#5fd36a",
    "arzium_ghost_skip": "#b4b4b4",
    "arzium_ghost_bad": "#e2463a",
    "arzium_ghost_blank": "#f2c94c",
}

GOLD: Colour = (230, 181, 60)
GOLD_DARK: Colour = (150, 100, 26)
GOLD_LIGHT: Colour = (255, 232, 140)
NIGHT: Colour = (42, 36, 88)
CREAM: Colour = (255, 246, 222)


# --- helpers ----------------------------------------------------------------------------------


def _tint_noise(size: tuple[int, int], cell: float, seed: int, a: Colour, b: Colour) -> pygame.Surface:
    """A smooth opaque colour field between `a` and `b` (value noise with features of `cell` px)."""
    grey = pygame.image.tobytes(p.noise(size, cell, seed), "RGB")[0::3]
    out = p.solid(size, a)
    out.blit(p.with_alpha(p.solid(size, b), grey), (0, 0))
    return out


def _dashes(pen: p.Pen, a: Point, b: Point, dash: float, gap: float, width: float) -> None:
    length = math.dist(a, b)
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pen.line((a[0] + dx * t, a[1] + dy * t), (a[0] + dx * e, a[1] + dy * e), width)
        t += dash + gap


def _dashed_box(pen: p.Pen, rect: tuple[float, float, float, float], dash: float, gap: float, width: float) -> None:
    x, y, w, h = rect
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    for a, b in zip(corners, corners[1:] + corners[:1]):
        _dashes(pen, a, b, dash, gap, width)


def _arrow(pen: p.Pen, points: list[Point], width: float, head: float) -> None:
    """A thick polyline ending in a triangular head pointing along its last segment."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    ang = math.atan2(y1 - y0, x1 - x0)
    back = (x1 - head * 0.6 * math.cos(ang), y1 - head * 0.6 * math.sin(ang))
    pen.lines(points[:-1] + [back], width)
    tip = (x1 + head * 0.4 * math.cos(ang), y1 + head * 0.4 * math.sin(ang))
    pen.polygon([tip, (back[0] + head * 0.6 * math.cos(ang + 1.75), back[1] + head * 0.6 * math.sin(ang + 1.75)),
                 (back[0] + head * 0.6 * math.cos(ang - 1.75), back[1] + head * 0.6 * math.sin(ang - 1.75))])


def _coin_art(size: tuple[int, int], centre: Point, r: float, mark: str = "star") -> pygame.Surface:
    """A gold coin with rim and a stamped star or moon (no outline)."""
    art = disc(size, centre, r, GOLD_LIGHT, GOLD, GOLD_DARK)
    cx, cy = centre
    p.paint(art, GOLD_DARK, p.shape(size, lambda pen: pen.arc(centre, r * 0.76, 0, 360, max(1.0, r * 0.09))), 0.8)
    if mark == "star":
        stamp = p.shape(size, lambda pen: pen.polygon(p.star_points((cx, cy + r * 0.04), r * 0.5, r * 0.22)))
    else:
        stamp = p.subtract(p.shape(size, lambda pen: pen.circle(centre, r * 0.48)),
                           p.shape(size, lambda pen: pen.circle((cx + r * 0.22, cy - r * 0.14), r * 0.42)))
    p.paint(art, GOLD_DARK, p.shift(stamp, (0.8, 1.2)), 0.9)
    p.paint(art, GOLD_LIGHT, stamp)
    shine = p.shape(size, lambda pen: pen.arc((cx - r * 0.05, cy - r * 0.05), r * 0.62, 100, 170, max(1.0, r * 0.12)))
    p.paint(art, (255, 255, 240), shine, 0.8)
    return art


# --- land cards -------------------------------------------------------------------------------


def _terrain_meadow(rng: random.Random, w: int, h: int) -> pygame.Surface:
    s = p.vgradient((w, h), [(0.0, (156, 200, 96)), (1.0, (100, 156, 68))])
    s.blit(p.fade(_tint_noise((w, h), 60, 11, (116, 172, 70), (186, 212, 110)), 0.6), (0, 0))
    p.textured(s, p.fractal((w, h), 12, (40, 12, 4), lo=222))
    for _ in range(190):  # grass tufts
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        col = p.mix((70, 120, 48), (196, 226, 124), rng.random())
        for k in (-1, 0, 1):
            pygame.draw.line(s, col, (x, y), (x + k * rng.uniform(2, 5), y - rng.uniform(6, 11)), 2)
    for _ in range(60):  # flowers
        x, y = rng.uniform(6, w - 6), rng.uniform(6, h - 6)
        petal = rng.choice([(255, 250, 240), (255, 214, 90), (240, 150, 190), (200, 170, 255)])
        for a in range(5):
            ang = a * 2 * math.pi / 5
            pygame.draw.circle(s, petal, (x + 3 * math.cos(ang), y + 3 * math.sin(ang)), 2.4)
        pygame.draw.circle(s, (250, 196, 60), (x, y), 1.8)
    return s


def _terrain_dune(rng: random.Random, w: int, h: int) -> pygame.Surface:
    s = p.vgradient((w, h), [(0.0, (248, 210, 136)), (1.0, (226, 168, 96))])
    s.blit(p.fade(_tint_noise((w, h), 70, 21, (236, 186, 110), (252, 222, 152)), 0.6), (0, 0))
    for i in range(8):  # dune ridges: a bright crest over a shaded lee side
        y0 = -10 + i * h / 7 + rng.uniform(-10, 10)
        amp, phase, freq = rng.uniform(8, 18), rng.uniform(0, 6.3), rng.uniform(0.018, 0.03)
        crest = [(float(x), y0 + amp * math.sin(x * freq + phase)) for x in range(0, w + 8, 6)]
        lee = p.shape((w, h), lambda pen: pen.polygon(crest + [(w, y0 + 34), (0, y0 + 34)]))
        p.paint(s, (200, 136, 72), p.subtract(lee, p.shift(lee, (0, 22))), 0.45)
        p.paint(s, (255, 240, 196), p.shape((w, h), lambda pen: pen.lines(crest, 2.2)), 0.9)
    p.textured(s, p.grain((w, h), 23, lo=232))
    for _ in range(90):  # pebbles
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        pygame.draw.circle(s, p.mix((170, 110, 60), (255, 240, 200), rng.random()), (x, y), rng.choice((1, 1, 2)))
    for _ in range(3):  # little cacti
        x, y = rng.uniform(20, w - 20), rng.uniform(30, h - 60)
        cactus = p.shape((w, h), lambda pen: (pen.rrect((x - 4, y - 16, 8, 22), 4), pen.rrect((x - 11, y - 10, 6, 10), 3),
                                               pen.rrect((x + 5, y - 13, 6, 9), 3), pen.rect((x - 11, y - 3, 8, 3)),
                                               pen.rect((x + 3, y - 6, 8, 3))))
        s.blit(p.shadow(cactus, 1.5, (3, 2), opacity=0.35), (0, 0))
        p.paint(s, (86, 138, 66), cactus)
        p.paint(s, (150, 200, 110), p.subtract(cactus, p.shift(cactus, (1.5, 0))), 0.8)
    return s


def _terrain_marsh(rng: random.Random, w: int, h: int) -> pygame.Surface:
    s = p.vgradient((w, h), [(0.0, (124, 156, 98)), (1.0, (88, 128, 86))])
    s.blit(p.fade(_tint_noise((w, h), 50, 31, (92, 130, 80), (152, 172, 100)), 0.6), (0, 0))
    p.textured(s, p.fractal((w, h), 32, (30, 10, 3), lo=224))
    for _ in range(8):  # pools of still water
        cx, cy = rng.uniform(20, w - 20), rng.uniform(14, h - 50)
        pw, ph = rng.uniform(44, 86), rng.uniform(18, 32)
        pool = (cx - pw / 2, cy - ph / 2, pw, ph)
        bank = p.shape((w, h), lambda pen: pen.ellipse((pool[0] - 4, pool[1] - 3, pw + 8, ph + 6)))
        water = p.shape((w, h), lambda pen: pen.ellipse(pool))
        p.paint(s, (74, 104, 70), bank)
        p.paint(s, p.vgradient((w, h), [(0.0, (60, 108, 124)), (1.0, (112, 170, 176))], pool[1], pool[1] + ph), water)
        p.paint(s, (220, 240, 236), p.shape((w, h), lambda pen: pen.arc((cx, cy), min(pw, ph) * 0.42, 110, 160, 1.6)), 0.8)
        if rng.random() < 0.7:  # a lily pad, maybe in bloom
            lx, ly = cx + rng.uniform(-pw / 4, pw / 4), cy + rng.uniform(-ph / 5, ph / 5)
            pad = p.subtract(p.shape((w, h), lambda pen: pen.circle((lx, ly), 6)),
                             p.shape((w, h), lambda pen: pen.polygon([(lx, ly), (lx + 8, ly - 3), (lx + 8, ly + 3)])))
            p.paint(s, (96, 164, 80), pad)
            if rng.random() < 0.5:
                pygame.draw.circle(s, (250, 190, 220), (lx - 2, ly - 1), 2.5)
    for _ in range(36):  # reeds and cattails
        x, y = rng.uniform(0, w), rng.uniform(10, h)
        for k in range(rng.randint(2, 4)):
            top = (x + k * 3 + rng.uniform(-3, 3), y - rng.uniform(16, 28))
            pygame.draw.line(s, (70, 104, 50), (x + k * 3, y), top, 2)
            if rng.random() < 0.4:
                pygame.draw.ellipse(s, (120, 76, 44), (top[0] - 2, top[1], 5, 9))
    mist = p.fade(_tint_noise((w, h), 90, 33, (210, 226, 220), (170, 200, 190)), 0.16)
    s.blit(mist, (0, 0))
    return s


def _terrain_forest(rng: random.Random, w: int, h: int) -> pygame.Surface:
    s = p.vgradient((w, h), [(0.0, (80, 126, 64)), (1.0, (56, 100, 56))])
    s.blit(p.fade(_tint_noise((w, h), 40, 41, (52, 92, 50), (104, 144, 72)), 0.6), (0, 0))
    p.textured(s, p.fractal((w, h), 42, (30, 8, 3), lo=220))
    for _ in range(50):  # ferns on the floor
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        pygame.draw.line(s, (112, 162, 82), (x, y), (x + rng.uniform(-6, 6), y - 8), 2)
    trees = sorted(((rng.uniform(-6, w + 6), rng.uniform(-6, h + 6), rng.uniform(13, 22)) for _ in range(30)),
                   key=lambda t: t[1])
    for x, y, r in trees:
        tone = p.mix((40, 96, 46), (84, 144, 62), rng.random())
        crown = p.shape((w, h), lambda pen: (pen.circle((x, y), r), pen.circle((x - r * 0.6, y + r * 0.3), r * 0.7),
                                             pen.circle((x + r * 0.6, y + r * 0.25), r * 0.7)))
        s.blit(p.shadow(crown, 3, (4, 6), opacity=0.45), (0, 0))
        p.paint(s, p.radial((w, h), (x - r * 0.4, y - r * 0.5), r * 1.8,
                            [(0.0, p.lighten(tone, 0.3)), (0.5, tone), (1.0, p.darken(tone, 0.35))]), crown)
        if rng.random() < 0.3:  # apples
            for _ in range(3):
                pygame.draw.circle(s, (214, 70, 60), (x + rng.uniform(-r / 2, r / 2), y + rng.uniform(-r / 2, r / 3)), 2)
    for _ in range(10):  # toadstools in the clearings
        x, y = rng.uniform(6, w - 6), rng.uniform(6, h - 6)
        pygame.draw.rect(s, (240, 230, 210), (x - 1.5, y, 3, 5))
        pygame.draw.ellipse(s, (210, 60, 50), (x - 5, y - 4, 10, 6))
        pygame.draw.circle(s, (255, 255, 255), (x - 1, y - 2), 1)
    return s


def _terrain_hills(rng: random.Random, w: int, h: int) -> pygame.Surface:
    s = p.vgradient((w, h), [(0.0, (40, 44, 100)), (0.5, (80, 70, 136)), (1.0, (104, 92, 150))])
    stars = p.Pen((w, h))
    for _ in range(50):
        stars.circle((rng.uniform(0, w), rng.uniform(0, h * 0.45)), rng.choice((0.6, 0.8, 1.1)))
    s.blit(p.glow(stars.mask(), 1.5, (255, 240, 200), 0.6), (0, 0))
    p.paint(s, (255, 250, 230), stars.mask())
    mc = (w * 0.72, h * 0.12)
    moon = p.subtract(p.shape((w, h), lambda pen: pen.circle(mc, 17)),
                      p.shape((w, h), lambda pen: pen.circle((mc[0] + 8, mc[1] - 5), 15)))
    s.blit(p.glow(moon, 8, (255, 230, 170), 0.8), (0, 0))
    p.paint(s, (255, 246, 206), moon)
    for i in range(5):  # rolling moonlit hills, far to near
        base = h * (0.28 + i * 0.17)
        amp, phase, freq = rng.uniform(14, 24), rng.uniform(0, 6.3), rng.uniform(0.015, 0.03)
        col = p.mix((74, 84, 146), (62, 116, 100), i / 4)
        ridge = [(float(x), base + amp * math.sin(x * freq + phase)) for x in range(0, w + 8, 6)]
        hill = p.shape((w, h), lambda pen: pen.polygon(ridge + [(w + 2, h + 2), (-2, h + 2)]))
        fill = p.vgradient((w, h), [(0.0, p.lighten(col, 0.12)), (1.0, p.darken(col, 0.25))], base - amp, base + h * 0.3)
        p.paint(s, fill, hill)
        p.paint(s, (200, 210, 255), p.subtract(hill, p.shift(hill, (0, 2.5))), 0.55)
        for _ in range(4 + i * 2):  # sleepy sheep and bushes on the slopes
            x = rng.uniform(8, w - 8)
            y = base + amp * math.sin(x * freq + phase) + rng.uniform(8, 24)
            if rng.random() < 0.35:
                pygame.draw.ellipse(s, (230, 230, 244), (x - 5, y - 3, 11, 7))
                pygame.draw.circle(s, (60, 60, 80), (x + 6, y - 1), 2)
            else:
                pygame.draw.circle(s, p.darken(col, 0.25), (x, y), 4)
    return s


TERRAIN_PAINTERS: dict[str, Callable[[random.Random, int, int], pygame.Surface]] = {
    "meadow": _terrain_meadow, "dune": _terrain_dune, "marsh": _terrain_marsh,
    "forest": _terrain_forest, "hills": _terrain_hills,
}


def _scroll(size: tuple[int, int], rect: tuple[float, float, float, float]) -> pygame.Surface:
    """A parchment scroll with rolled ends and a chevron pointing off the card: the bottom edge."""
    x, y, w, h = rect
    roll = h * 0.62
    art = parchment_sheet(size, (x + roll * 0.5, y + 3, w - roll, h - 6), 2, 91)
    for ex in (x, x + w - roll):
        cyl = p.shape(size, lambda pen: pen.rrect((ex, y, roll, h), roll * 0.45))
        fill = p.hgradient(size, [(0.0, PARCH_EDGE), (0.5, PARCH_EDGE), (1.0, PARCH_EDGE)])
        fill.blit(p.hgradient((round(roll) + 1, size[1]), [(0.0, PARCH_EDGE), (0.4, (255, 244, 214)), (1.0, PARCH_EDGE)]),
                  (round(ex), 0))
        p.paint(art, fill, cyl)
        p.paint(art, OUTLINE, p.shape(size, lambda pen: pen.ring((ex, y, roll, h), roll * 0.45, 1.2)), 0.8)
    cx, cy = x + w / 2, y + h / 2
    p.paint(art, (140, 92, 48), p.shape(size, lambda pen: (
        pen.polygon([(cx - 9, cy - 5), (cx + 9, cy - 5), (cx, cy + 6)]),
        pen.line((cx - 18, cy), (x + roll * 1.3, cy), 1.8), pen.line((cx + 18, cy), (x + w - roll * 1.3, cy), 1.8))), 0.9)
    return art


def _land_card(terrain: str, seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    size = (CARD_W, CARD_H)
    art = TERRAIN_PAINTERS[terrain](rng, CARD_W, CARD_H)
    grid = p.Pen(size)
    _dashes(grid, (SQUARE, 8), (SQUARE, CARD_H - 8), 9, 7, 1.6)
    for row in (1, 2):
        _dashes(grid, (8, row * SQUARE), (CARD_W - 8, row * SQUARE), 9, 7, 1.6)
    p.paint(art, CREAM, grid.mask(), 0.5)
    art.blit(_scroll(size, (6, CARD_H - SCROLL_H - 3, CARD_W - 12, SCROLL_H)), (0, 0))
    card = p.rrect_mask(size, (0, 0, CARD_W, CARD_H), 10)
    out = p.clip(art, card)
    p.paint(out, (255, 240, 206), p.shape(size, lambda pen: pen.ring((0, 0, CARD_W, CARD_H), 10, 3)), 0.75)
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring((0, 0, CARD_W, CARD_H), 10, 1.3)), 0.9)
    return out


# --- tokens -----------------------------------------------------------------------------------


def _token_shape(pen: p.Pen, shape: str, c: Point, r: float) -> None:
    cx, cy = c
    if shape == "circle":
        pen.circle(c, r)
    elif shape == "square":
        pen.rrect((cx - r * 0.86, cy - r * 0.86, r * 1.72, r * 1.72), r * 0.2)
    elif shape == "triangle":
        pen.polygon([(cx, cy - r * 1.1), (cx + r * 1.08, cy + r * 0.8), (cx - r * 1.08, cy + r * 0.8)])
        for q in ((cx, cy - r * 1.0), (cx + r * 0.98, cy + r * 0.74), (cx - r * 0.98, cy + r * 0.74)):
            pen.circle(q, r * 0.12)
    else:
        pen.polygon(p.star_points((cx, cy + r * 0.08), r * 1.15, r * 0.52))


def _marker(colour: str) -> pygame.Surface:
    """A wooden explore token; each colour has its own silhouette (circle, square, triangle, star)."""
    size = (72, 72)
    base = p.rgb(PALETTE[f"arzium_{colour}"])
    shape, c, r, depth = MARKER_SHAPES[colour], (36.0, 31.0), 23.0, 7
    top = p.shape(size, lambda pen: _token_shape(pen, shape, c, r))
    body = p.blank(size)
    for d in range(depth + 1):
        body.blit(p.shift(top, (0, d)), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    art = p.blank(size)
    p.paint(art, p.vgradient(size, [(0.0, p.darken(base, 0.3)), (1.0, p.darken(base, 0.5))], c[1], c[1] + r + depth), body)
    fill = p.radial(size, (c[0] - r * 0.4, c[1] - r * 0.5), r * 2.0,
                    [(0.0, p.lighten(base, 0.4)), (0.45, base), (1.0, p.darken(base, 0.12))])
    p.textured(fill, p.wood(size, 700 + len(colour), (236, 236, 236), (200, 200, 200), (255, 255, 255), stretch=4))
    p.paint(art, fill, top)
    p.paint(art, p.lighten(base, 0.6), p.subtract(top, p.shift(top, (1.2, 1.8))), 0.8)
    art = p.outlined(art, 2, p.darken(base, 0.7))
    return p.with_shadow(art, 2.5, (1, 3), 0.55)


def _coin_token(size_px: int = 64, mark: str = "moon") -> pygame.Surface:
    size = (size_px, size_px)
    art = _coin_art(size, (size_px / 2, size_px / 2 - 1), size_px * 0.42, mark)
    return sticker(art, 2, (110, 70, 20), 0.45)


def _purse(size_px: int = 112) -> pygame.Surface:
    """A leather purse with a drawstring and a coin stitched on."""
    size = (size_px, size_px)
    k = size_px / 112
    leather, dark, light = (156, 96, 54), (96, 56, 30), (206, 144, 88)
    pouch = p.shape(size, lambda pen: (pen.ellipse((18 * k, 38 * k, 76 * k, 64 * k)),
                                       pen.polygon([(42 * k, 42 * k), (70 * k, 42 * k), (78 * k, 18 * k), (64 * k, 24 * k),
                                                    (56 * k, 14 * k), (48 * k, 24 * k), (34 * k, 18 * k)])))
    art = p.blank(size)
    p.paint(art, p.radial(size, (40 * k, 52 * k), 70 * k, [(0.0, light), (0.5, leather), (1.0, dark)]), pouch)
    p.textured(art, p.fractal(size, 808, (12, 4, 1.5), lo=214))
    folds = p.shape(size, lambda pen: [pen.line((56 * k + i * 5 * k, 26 * k), (56 * k + i * 6 * k, 42 * k), 1.4 * k)
                                       for i in (-2, -1, 0, 1, 2)])
    p.paint(art, dark, folds, 0.7)
    cord = p.shape(size, lambda pen: (pen.line((38 * k, 42 * k), (74 * k, 42 * k), 4 * k),
                                      pen.lines([(74 * k, 42 * k), (80 * k, 52 * k), (78 * k, 62 * k)], 3 * k),
                                      pen.circle((78 * k, 63 * k), 3.5 * k)))
    p.paint(art, (236, 206, 120), cord)
    art.blit(_coin_art(size, (56 * k, 72 * k), 15 * k, "star"), (0, 0))
    return sticker(art, 2, OUTLINE, 0.5)


def _blank_token() -> pygame.Surface:
    """The "2 coins" token for a blank square: a dashed parchment square with two stacked coins."""
    size = (72, 72)
    art = p.blank(size)
    box = (6, 6, 60, 60)
    p.paint(art, CREAM, p.rrect_mask(size, box, 9), 0.8)
    dashes = p.Pen(size)
    _dashed_box(dashes, box, 7, 5, 3)
    p.paint(art, OUTLINE, dashes.mask())
    for c in ((30, 42), (42, 30)):
        coin = _coin_art(size, c, 14, "star")
        art.blit(p.shadow(p.silhouette(coin), 1.5, (1, 2), opacity=0.5), (0, 0))
        art.blit(p.outlined(coin, 1, (110, 70, 20)), (0, 0))
    return art


# --- character cards --------------------------------------------------------------------------


def _brass_frame(art: pygame.Surface, rect: tuple[float, float, float, float], radius: float) -> None:
    size = art.get_size()
    x, y, w, h = rect
    p.paint(art, p.vgradient(size, [(0.0, BRASS_LIGHT), (0.5, BRASS), (1.0, BRASS_DARK)]),
            p.shape(size, lambda pen: pen.ring(rect, radius, 4)))
    p.paint(art, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, radius, 1.2)), 0.8)
    for c in ((x + 10, y + 10), (x + w - 10, y + 10), (x + 10, y + h - 10), (x + w - 10, y + h - 10)):
        stud(art, c, 3.2)


def _character_face() -> pygame.Surface:
    """The face of a character card; the scene writes the name and points and draws the pattern."""
    size = (CARD_W, CARD_H)
    art = parchment_sheet(size, (0, 0, CARD_W, CARD_H), 12, 811)
    _brass_frame(art, (4, 4, CARD_W - 8, CARD_H - 8), 11)
    banner = (14, 18, CARD_W - 28, 48)
    band = p.rrect_mask(size, banner, 8)
    art.blit(p.shadow(band, 2, (0, 3), opacity=0.5), (0, 0))
    p.paint(art, p.vgradient(size, [(0.0, (192, 96, 80)), (1.0, (140, 60, 52))], 18, 66), band)
    p.paint(art, (236, 150, 120), p.subtract(band, p.shift(band, (0, 2))), 0.8)
    p.paint(art, OUTLINE, p.shape(size, lambda pen: pen.ring(banner, 8, 1.4)), 0.9)
    well = (30, 84, 180, 180)
    p.paint(art, PARCH_DARK, p.rrect_mask(size, (25, 79, 190, 190), 12))
    p.paint(art, (250, 242, 218), p.rrect_mask(size, well, 8))
    p.paint(art, PARCH_EDGE, p.shape(size, lambda pen: pen.ring((25, 79, 190, 190), 12, 1.6)))
    arrow = p.Pen(size)  # "forward" (toward the map) is up on the card
    _arrow(arrow, [(120, 300), (120, 276)], 3, 12)
    p.paint(art, PARCH_EDGE, arrow.mask())
    rosette = p.shape(size, lambda pen: pen.polygon(p.star_points((190, 318), 30, 24, 12)))
    art.blit(p.shadow(rosette, 2, (0, 2), opacity=0.5), (0, 0))
    p.paint(art, p.radial(size, (182, 308), 40, [(0.0, GOLD_LIGHT), (0.5, GOLD), (1.0, GOLD_DARK)]), rosette)
    p.paint(art, CREAM, p.shape(size, lambda pen: pen.circle((190, 318), 19)))
    p.paint(art, GOLD_DARK, p.shape(size, lambda pen: pen.arc((190, 318), 19, 0, 360, 2)))
    vine = p.Pen(size)
    vine.lines([(30 + i * 8, 322 + 5 * math.sin(i * 0.9)) for i in range(10)], 1.8)
    for i in range(1, 10, 2):
        vine.ellipse((28 + i * 8, 310 + 5 * math.sin(i * 0.9), 9, 6))
    p.paint(art, (112, 146, 80), vine.mask(), 0.85)
    return art


def _card_back() -> pygame.Surface:
    size = (CARD_W, CARD_H)
    rng = random.Random(813)
    art = p.vgradient(size, [(0.0, (36, 32, 82)), (1.0, (76, 48, 104))])
    p.textured(art, p.fractal(size, 814, (40, 12, 4), lo=214))
    stars = p.Pen(size)
    for _ in range(70):
        stars.circle((rng.uniform(0, CARD_W), rng.uniform(0, CARD_H)), rng.choice((0.6, 0.8, 1.1)))
    art.blit(p.glow(stars.mask(), 1.5, (255, 230, 180), 0.6), (0, 0))
    p.paint(art, (255, 248, 226), stars.mask())
    c = (CARD_W / 2, CARD_H / 2)
    rays = p.Pen(size)
    for i in range(12):
        a = i * math.pi / 6
        rays.line((c[0] + 50 * math.cos(a), c[1] + 50 * math.sin(a)), (c[0] + 78 * math.cos(a), c[1] + 78 * math.sin(a)), 3)
    p.paint(art, GOLD, rays.mask(), 0.85)
    art.blit(disc(size, c, 46, GOLD_LIGHT, GOLD, GOLD_DARK), (0, 0))
    p.paint(art, NIGHT, p.shape(size, lambda pen: pen.circle(c, 36)))
    moon = p.subtract(p.shape(size, lambda pen: pen.circle((c[0] - 4, c[1]), 25)),
                      p.shape(size, lambda pen: pen.circle((c[0] + 8, c[1] - 7), 22)))
    art.blit(p.glow(moon, 4, (255, 230, 170), 0.7), (0, 0))
    p.paint(art, (255, 244, 206), moon)
    diamonds = p.Pen(size)
    for y in (54, CARD_H - 54):
        for i in range(7):
            x = 36 + i * (CARD_W - 72) / 6
            diamonds.polygon([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)])
    p.paint(art, GOLD, diamonds.mask())
    out = p.clip(art, p.rrect_mask(size, (0, 0, CARD_W, CARD_H), 12))
    _brass_frame(out, (4, 4, CARD_W - 8, CARD_H - 8), 11)
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring((0, 0, CARD_W, CARD_H), 12, 1.4)))
    return out


# --- artifacts --------------------------------------------------------------------------------


def _icon(ability: str) -> pygame.Surface:
    """A bold glyph for an ability on a transparent 96 px square, readable at 24 px."""
    size = (96, 96)
    art = p.blank(size)
    ink = (70, 44, 24)
    if ability == "free_blank":
        dashes = p.Pen(size)
        _dashed_box(dashes, (14, 34, 46, 46), 8, 5, 4.5)
        p.paint(art, ink, dashes.mask())
        quill = p.shape(size, lambda pen: pen.polygon([(88, 8), (66, 22), (46, 50), (40, 66), (52, 56), (76, 34)]))
        p.paint(art, CREAM, quill)
        p.paint(art, (200, 180, 150), p.shape(size, lambda pen: pen.line((84, 12), (44, 62), 2)))
        p.paint(art, GOLD, p.shape(size, lambda pen: pen.polygon(p.star_points((36, 58), 12, 5))))
    elif ability == "displace":
        p.paint(art, p.rgb(PALETTE["arzium_red"]), p.shape(size, lambda pen: pen.circle((30, 60), 16)))
        p.paint(art, p.rgb(PALETTE["arzium_blue"]), p.shape(size, lambda pen: pen.rrect((52, 18, 28, 28), 5)))
        arrows = p.Pen(size)
        _arrow(arrows, p.arc_points((48, 50), 34, 200, 110, 14), 5, 16)
        _arrow(arrows, p.arc_points((48, 50), 34, 20, -70, 14), 5, 16)
        p.paint(art, ink, arrows.mask())
    elif ability == "purse":
        bag = _purse(80)
        art.blit(bag, bag.get_rect(center=(42, 54)))
        p.paint(art, (70, 160, 76), p.shape(size, lambda pen: (pen.rrect((68, 8, 10, 32), 3), pen.rrect((57, 19, 32, 10), 3))))
    elif ability == "turn":
        p.paint(art, GOLD, p.shape(size, lambda pen: pen.rrect((36, 38, 24, 24), 3)))
        p.paint(art, ink, p.shape(size, lambda pen: (pen.ring((36, 38, 24, 24), 3, 3), pen.line((48, 38), (48, 26), 3))))
        arrow = p.Pen(size)
        _arrow(arrow, p.arc_points((48, 50), 34, 150, -110, 30), 7, 22)
        p.paint(art, ink, arrow.mask())
    elif ability == "slide":
        p.paint(art, (230, 210, 170), p.rrect_mask(size, (8, 26, 36, 36), 5))
        p.paint(art, CREAM, p.rrect_mask(size, (52, 26, 36, 36), 5))
        p.paint(art, ink, p.shape(size, lambda pen: (pen.ring((8, 26, 36, 36), 5, 3), pen.ring((52, 26, 36, 36), 5, 3))))
        p.paint(art, p.rgb(PALETTE["arzium_green"]),
                p.shape(size, lambda pen: pen.polygon([(26, 32), (38, 54), (14, 54)])))
        arrow = p.Pen(size)
        _arrow(arrow, [(24, 78), (84, 78)], 6, 18)
        p.paint(art, ink, arrow.mask())
    elif ability == "wake":
        c = (48, 58)
        rays = p.Pen(size)
        for i in range(9):
            a = math.pi + i * math.pi / 8
            rays.line((c[0] + 30 * math.cos(a), c[1] + 30 * math.sin(a)), (c[0] + 44 * math.cos(a), c[1] + 44 * math.sin(a)), 5)
        p.paint(art, (236, 150, 40), rays.mask())
        eye = p.arc_points((48, 92), 46, 135, 45, 14) + p.arc_points((48, 24), 46, -45, -135, 14)
        p.paint(art, CREAM, p.shape(size, lambda pen: pen.polygon(eye)))
        p.paint(art, (70, 130, 190), p.shape(size, lambda pen: pen.circle(c, 13)))
        p.paint(art, ink, p.shape(size, lambda pen: (pen.circle(c, 6), pen.lines(eye + eye[:1], 4))))
        p.paint(art, (255, 255, 255), p.shape(size, lambda pen: pen.circle((c[0] - 4, c[1] - 4), 3)))
    return sticker(art, 2, OUTLINE, 0.4)


ARTIFACT_TINTS: dict[str, Colour] = {
    "free_blank": (104, 146, 200), "displace": (200, 100, 86), "purse": (210, 162, 66),
    "turn": (134, 106, 194), "slide": (90, 164, 118), "wake": (228, 136, 66),
}


def _tile(size: tuple[int, int], tint: Colour, seed: int) -> tuple[pygame.Surface, tuple[float, float, float, float]]:
    """A thick rounded tile in `tint` with a brass inlay; returns it and its face rect."""
    rect = (6, 4, size[0] - 12, size[1] - 14)
    face = p.rrect_mask(size, rect, 18)
    art = p.shadow(face, 4, (0, 7), opacity=0.55)
    p.paint(art, p.darken(tint, 0.5), p.shift(face, (0, 5)))
    fill = p.vgradient(size, [(0.0, p.lighten(tint, 0.28)), (1.0, p.darken(tint, 0.18))], rect[1], rect[1] + rect[3])
    p.textured(fill, p.fractal(size, seed, (30, 10, 3), lo=220))
    p.paint(art, fill, face)
    p.paint(art, p.lighten(tint, 0.5), p.subtract(face, p.shift(face, (0, 2))), 0.9)
    x, y, w, h = rect
    p.paint(art, BRASS, p.shape(size, lambda pen: pen.ring((x + 7, y + 7, w - 14, h - 14), 12, 2)), 0.85)
    p.paint(art, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, 18, 1.6)), 0.9)
    return art, rect


def _artifact_tile(ability: str) -> pygame.Surface:
    size = (160, 160)
    art, (x, y, w, h) = _tile(size, ARTIFACT_TINTS[ability], 900 + ABILITIES.index(ability))
    c = (x + w / 2, y + h / 2)
    medal = p.shape(size, lambda pen: pen.circle(c, 54))
    art.blit(p.shadow(medal, 3, (0, 3), opacity=0.5), (0, 0))
    art.blit(disc(size, c, 54, BRASS_LIGHT, BRASS, BRASS_DARK), (0, 0))
    p.paint(art, (252, 242, 216), p.shape(size, lambda pen: pen.circle(c, 46)))
    icon = pygame.transform.smoothscale(_icon(ability), (80, 80))
    art.blit(icon, icon.get_rect(center=(round(c[0]), round(c[1]))))
    return art


def _artifact_back() -> pygame.Surface:
    size = (160, 160)
    art, (x, y, w, h) = _tile(size, (70, 60, 118), 990)
    c = (x + w / 2, y + h / 2)
    moon = p.subtract(p.shape(size, lambda pen: pen.circle(c, 28)),
                      p.shape(size, lambda pen: pen.circle((c[0] + 12, c[1] - 8), 25)))
    art.blit(p.glow(moon, 5, (255, 230, 170), 0.6), (0, 0))
    p.paint(art, (250, 238, 200), moon)
    sparkles = p.Pen(size)
    for dx, dy in ((-34, 30), (30, 30), (34, -32), (-34, -30)):
        sparkles.polygon(p.star_points((c[0] + dx, c[1] + dy), 7, 2.5, 4, 0))
    p.paint(art, GOLD_LIGHT, sparkles.mask())
    return art


# --- seats, table, frames ---------------------------------------------------------------------


def _edge_emblem(size: tuple[int, int], edge: str, c: Point, r: float) -> pygame.Surface:
    """A medallion for an edge: sun (south), crescent and star (north), wind (west), sunrise (east)."""
    art = disc(size, c, r, BRASS_LIGHT, BRASS, BRASS_DARK)
    p.paint(art, CREAM, p.shape(size, lambda pen: pen.circle(c, r * 0.8)))
    cx, cy = c
    if edge == "south":
        rays = p.Pen(size)
        for i in range(8):
            a = i * math.pi / 4
            rays.line((cx + r * 0.42 * math.cos(a), cy + r * 0.42 * math.sin(a)),
                      (cx + r * 0.68 * math.cos(a), cy + r * 0.68 * math.sin(a)), r * 0.12)
        p.paint(art, (228, 136, 40), rays.mask())
        p.paint(art, (244, 176, 56), p.shape(size, lambda pen: pen.circle(c, r * 0.34)))
    elif edge == "north":
        moon = p.subtract(p.shape(size, lambda pen: pen.circle((cx - r * 0.08, cy), r * 0.5)),
                          p.shape(size, lambda pen: pen.circle((cx + r * 0.14, cy - r * 0.12), r * 0.44)))
        p.paint(art, (70, 80, 150), moon)
        p.paint(art, GOLD, p.shape(size, lambda pen: pen.polygon(p.star_points((cx + r * 0.34, cy + r * 0.28), r * 0.22, r * 0.09))))
    elif edge == "west":
        wind = p.Pen(size)
        for i, dy in enumerate((-0.3, 0.0, 0.3)):
            wind.lines([(cx - r * 0.6 + x * r * 0.11, cy + dy * r + math.sin(x * 0.9 + i) * r * 0.08) for x in range(11)], r * 0.1)
        p.paint(art, (60, 124, 150), wind.mask())
    else:
        sun = p.Pen(size)
        sun.circle((cx, cy + r * 0.18), r * 0.36)
        for i in range(5):
            a = math.pi + (i + 1) * math.pi / 6
            sun.line((cx + r * 0.48 * math.cos(a), cy + r * 0.18 + r * 0.48 * math.sin(a)),
                     (cx + r * 0.68 * math.cos(a), cy + r * 0.18 + r * 0.68 * math.sin(a)), r * 0.09)
        horizon = p.subtract(sun.mask(), p.shape(size, lambda pen: pen.rect((cx - r, cy + r * 0.2, 2 * r, r))))
        p.paint(art, (232, 116, 64), horizon)
        p.paint(art, (110, 80, 52), p.shape(size, lambda pen: pen.line((cx - r * 0.62, cy + r * 0.24), (cx + r * 0.62, cy + r * 0.24), r * 0.08)))
    p.paint(art, OUTLINE, p.shape(size, lambda pen: pen.arc(c, r, 0, 360, 1.6)), 0.9)
    return art


def _banner(edge: str) -> pygame.Surface:
    """A ribbon banner for a seat, with room for a name to the right of the edge medallion."""
    size = (360, 84)
    body = (24, 12, 312, 56)
    art = p.blank(size)
    tails = p.Pen(size)
    for side in (-1, 1):
        x0 = body[0] + 14 if side < 0 else body[0] + body[2] - 14
        x1 = x0 + side * 34
        tails.polygon([(x0, body[1] + 14), (x1, body[1] + 14), (x1 - side * 12, body[1] + 38), (x1, body[1] + 62), (x0, body[1] + 62)])
    tail_mask = tails.mask()
    art.blit(p.shadow(tail_mask, 2, (0, 2), opacity=0.5), (0, 0))
    art.blit(p.outlined(p.clip(p.vgradient(size, [(0.0, (160, 64, 52)), (1.0, (104, 38, 34))]), tail_mask), 1, OUTLINE), (0, 0))
    ribbon = p.rrect_mask(size, body, 10)
    art.blit(p.shadow(ribbon, 3, (0, 3), opacity=0.55), (0, 0))
    art.blit(parchment_sheet(size, body, 10, 920 + EDGES.index(edge)), (0, 0))
    p.paint(art, PARCH_EDGE, p.shape(size, lambda pen: pen.ring((body[0] + 5, body[1] + 5, body[2] - 10, body[3] - 10), 7, 1)), 0.7)
    art.blit(_edge_emblem(size, edge, (body[0] + 32, body[1] + body[3] / 2), 24), (0, 0))
    return art


def _compass() -> pygame.Surface:
    """A compass rose; the N point is red so the turning board stays legible."""
    size = (160, 160)
    c = (80.0, 80.0)
    art = disc(size, c, 72, CREAM, PARCH, PARCH_DARK)
    p.paint(art, GOLD_DARK, p.shape(size, lambda pen: (pen.arc(c, 70, 0, 360, 5), pen.arc(c, 57, 0, 360, 1.2))))
    for i in range(8):
        a = math.radians(i * 45 - 90)
        long = i % 2 == 0
        r = 62 if long else 40
        tip = (c[0] + r * math.cos(a), c[1] + r * math.sin(a))
        side = 10
        left = (c[0] + side * math.cos(a - math.pi / 2), c[1] + side * math.sin(a - math.pi / 2))
        right = (c[0] + side * math.cos(a + math.pi / 2), c[1] + side * math.sin(a + math.pi / 2))
        colour = (196, 60, 50) if i == 0 else (84, 64, 44) if long else (164, 132, 92)
        p.paint(art, colour, p.shape(size, lambda pen: pen.polygon([tip, left, c])))
        p.paint(art, p.lighten(colour, 0.35), p.shape(size, lambda pen: pen.polygon([tip, right, c])))
    art.blit(disc(size, c, 7, GOLD_LIGHT, GOLD, GOLD_DARK), (0, 0))
    return sticker(art, 2, OUTLINE, 0.5)


def _table() -> pygame.Surface:
    """The tabletop: warm wooden planks with grain, darker toward the corners (opaque)."""
    w, h = 1600, 900
    rng = random.Random(1001)
    out = p.solid((w, h), (60, 36, 22))
    plank_h = 100
    for i, y in enumerate(range(0, h, plank_h)):
        base = p.mix((124, 80, 48), (146, 98, 60), rng.random())
        plank = p.wood((w, plank_h - 3), 1100 + i, base, p.darken(base, 0.3), p.lighten(base, 0.18), stretch=14)
        out.blit(plank, (0, y + 3))
        pygame.draw.line(out, p.lighten(base, 0.2), (0, y + 3), (w, y + 3), 1)
    vignette = p.radial((w, h), (w / 2, h / 2), math.hypot(w, h) * 0.55,
                        [(0.0, (255, 255, 255)), (0.55, (236, 230, 226)), (1.0, (120, 100, 90))])
    return p.textured(out, vignette)


def _felt() -> pygame.Surface:
    """A green felt play mat with a gold stitch (nine-slice, slice 40)."""
    size = (192, 192)
    rect = (6, 4, 180, 180)
    mat = p.rrect_mask(size, rect, 30)
    art = p.shadow(mat, 5, (0, 5), opacity=0.6)
    fill = _tint_noise(size, 40, 1201, (40, 72, 58), (52, 88, 70))
    p.textured(fill, p.grain(size, 1202, lo=232))
    p.paint(art, fill, mat)
    stitch = p.Pen(size)
    _dashed_box(stitch, (20, 18, 152, 152), 8, 6, 2)
    p.paint(art, (200, 164, 96), stitch.mask(), 0.9)
    p.paint(art, (24, 44, 34), p.shape(size, lambda pen: pen.ring(rect, 30, 1.5)))
    return art


def _board_frame() -> pygame.Surface:
    """A carved walnut frame for the map (nine-slice, slice 40; the centre is see-through)."""
    size = (192, 192)
    outer, inner = (2, 2, 188, 188), (40, 40, 112, 112)
    ring = p.subtract(p.rrect_mask(size, outer, 24), p.rrect_mask(size, inner, 6))
    art = p.shadow(ring, 4, (0, 4), opacity=0.6)
    wood = p.wood(size, 1301, (128, 78, 44), (82, 46, 24), (172, 112, 64), stretch=6)
    p.paint(art, wood, ring)
    p.paint(art, (196, 140, 84), p.subtract(ring, p.shift(ring, (1.5, 2))), 0.9)
    p.paint(art, BRASS, p.shape(size, lambda pen: pen.ring((30, 30, 132, 132), 10, 3)))
    p.paint(art, OUTLINE, p.shape(size, lambda pen: (pen.ring(outer, 24, 1.5), pen.ring((38, 38, 116, 116), 7, 2))), 0.9)
    for c in ((18, 18), (174, 18), (18, 174), (174, 174)):
        stud(art, c, 5)
    return art


def _party_mat() -> pygame.Surface:
    """A soft leather mat a seat's party lies on (nine-slice, slice 24)."""
    size = (240, 120)
    rect = (2, 2, 236, 114)
    mat = p.rrect_mask(size, rect, 18)
    art = p.shadow(mat, 3, (0, 3), opacity=0.5)
    fill = _tint_noise(size, 30, 1401, (90, 56, 38), (112, 72, 48))
    p.textured(fill, p.fractal(size, 1402, (16, 5, 1.5), lo=222))
    p.paint(art, fill, mat)
    stitch = p.Pen(size)
    _dashed_box(stitch, (10, 10, 220, 98), 7, 5, 1.8)
    p.paint(art, (206, 168, 112), stitch.mask(), 0.9)
    p.paint(art, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, 18, 1.4)))
    return art


def _sparkle() -> pygame.Surface:
    """A twinkle that grows then fades: 6 frames of 48 px."""
    frames, s = 6, 48
    strip = p.blank((frames * s, s))
    for f in range(frames):
        t = (f + 1) / frames
        r = s * 0.45 * math.sin(t * math.pi * 0.9 + 0.2)
        c = (f * s + s / 2, s / 2)
        star = p.shape((frames * s, s), lambda pen: pen.polygon(p.star_points(c, r, r * 0.22, 4, 0)))
        layer = p.over(p.glow(star, 3, (255, 220, 120), 0.8), p.coloured(star, (255, 248, 210)))
        strip.blit(p.fade(layer, 1 - t * 0.6), (0, 0))
    return strip


def sprites() -> dict[str, Sprite]:
    """Every Arzium sprite: name -> (surface, manifest meta)."""
    out: dict[str, Sprite] = {}
    for i, terrain in enumerate(TERRAINS):
        out[f"arzium/land_{terrain}"] = (_land_card(terrain, 100 + i), {})
    out["arzium/coin_symbol"] = (_coin_token(56, "star"), {})
    out["arzium/coin"] = (_coin_token(64, "moon"), {})
    out["arzium/purse"] = (_purse(), {})
    for colour in MARKER_SHAPES:
        out[f"arzium/marker_{colour}"] = (_marker(colour), {})
    out["arzium/blank_token"] = (_blank_token(), {})
    out["arzium/character_face"] = (_character_face(), {})
    out["arzium/card_back"] = (_card_back(), {})
    for ability in ABILITIES:
        out[f"arzium/artifact_{ability}"] = (_artifact_tile(ability), {})
        out[f"arzium/icon_{ability}"] = (_icon(ability), {})
    out["arzium/artifact_back"] = (_artifact_back(), {})
    for edge in EDGES:
        out[f"arzium/banner_{edge}"] = (_banner(edge), {})
    out["arzium/compass"] = (_compass(), {})
    out["arzium/table"] = (_table(), {})
    out["arzium/felt"] = (_felt(), {"slice": 40})
    out["arzium/board_frame"] = (_board_frame(), {"slice": 40})
    out["arzium/party_mat"] = (_party_mat(), {"slice": 24})
    out["arzium/sparkle"] = (_sparkle(), {"frames": 6})
    return out
