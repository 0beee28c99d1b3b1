"""Arenas Movedizas art: brass gear tiles with shape emblems, hourglass parts, cards, table and tokens.

Light comes from the top left, as in the UI art. Gears are shaded radially (no directional
highlight) because the scenes turn them; their teeth repeat every 30° and their rivets every
60°, so a gear turned by 60° looks exactly as before. The hub and its emblem are separate sprites
drawn upright over the turning gear. The hourglass comes in three layers drawn around the sand
that the play scene pours at run time: `hourglass_glass` (behind), `hourglass_mask` (white where
sand may lie; the narrowest row near the middle is the neck) and `hourglass_frame` (in front).
Card faces leave their lower banner blank: the scenes write the card's word there at real size.
"""
from __future__ import annotations

import math
import random

import pygame

from sprites.generate import paint as p
from sprites.generate.ui import BRASS, BRASS_DARK, BRASS_LIGHT, OUTLINE, SHADOW, WOOD, WOOD_DARK, WOOD_LIGHT, sticker

PALETTE = {
    "gear_gray": "#9aa1a8",
    "gear_yellow": "#e3b43c",
    "gear_orange": "#d9702e",
    "sand_slow1": "#f2cf6b",
    "sand_slow2": "#ef8fb1",
    "sand_medium1": "#52c7b4",
    "sand_medium2": "#a58be8",
    "sand_fast1": "#ff7a3d",
    "sand_fast2": "#6cb8ff",
    "arenas_danger": "#e8412c",
    "arenas_glow": "#ffd76a",
}

Colour = tuple[int, int, int]
Sprite = tuple[pygame.Surface, dict]

# (light, mid, dark) of each gear metal: pewter, brass, copper.
METALS: dict[str, tuple[Colour, Colour, Colour]] = {
    "gray": ((226, 230, 236), (150, 157, 166), (72, 78, 88)),
    "yellow": ((255, 236, 140), (226, 176, 56), (128, 86, 20)),
    "orange": ((255, 178, 118), (214, 108, 46), (112, 46, 18)),
}
SHAPES = ("triangle", "circle", "square", "crescent")
IVORY = (250, 241, 218)
IVORY_DARK = (214, 193, 150)
INK = (44, 29, 18)
STONE = (120, 128, 140)
STONE_DARK = (64, 70, 82)
STONE_LIGHT = (176, 184, 194)
RUNE = (120, 236, 255)
DANGER = (232, 65, 44)
DANGER_DARK = (90, 18, 12)
GLASS = (214, 236, 244)
GOLD_SAND = (242, 207, 107)

GEAR_SIZE = 160
GEAR_TEETH = 12
HOURGLASS_SIZE = (96, 160)
CARD_SIZE = (144, 200)


# --- gears ---------------------------------------------------------------------------------------


def _gear_outline(c: float, outer: float, root: float) -> list[tuple[float, float]]:
    # paint.gear_points centres a tooth at a quarter pitch; turn it back so a tooth points east (0°).
    return p.gear_points((c, c), outer, root, GEAR_TEETH, turn=-90.0 / GEAR_TEETH)


def gear(colour: str, size: int = GEAR_SIZE, rivets: bool = True) -> pygame.Surface:
    """A toothed gear of one metal, radially shaded so it can turn; 12 teeth, a tooth pointing east."""
    light, mid, dark = METALS[colour]
    s = (size, size)
    c = size / 2
    outer, root = size * 0.485, size * 0.40
    body = p.shape(s, lambda pen: pen.polygon(_gear_outline(c, outer, root)))
    inner_body = p.shape(s, lambda pen: pen.polygon(_gear_outline(c, outer - size * 0.022, root - size * 0.022)))
    out = p.blank(s)
    out.blit(p.shadow(body, size * 0.02, (0, size * 0.015), opacity=0.55), (0, 0))
    p.paint(out, p.darken(dark, 0.35), body)
    metal = p.radial(s, (c, c), outer, [(0.0, dark), (0.55, mid), (0.78, light), (0.86, mid), (1.0, dark)])
    p.textured(metal, p.fractal(s, 11 + len(colour), (20, 6, 2), lo=226))
    p.paint(out, metal, inner_body)
    # The recessed web inside the rim, with a groove line and rivets.
    web = p.shape(s, lambda pen: pen.circle((c, c), root - size * 0.05))
    web_fill = p.radial(s, (c, c), root, [(0.0, mid), (0.8, p.mix(mid, dark, 0.55)), (1.0, dark)])
    p.textured(web_fill, p.fractal(s, 23, (14, 4), lo=220))
    p.paint(out, web_fill, web)
    groove = p.shape(s, lambda pen: (pen.circle((c, c), root - size * 0.045),
                                    pen.circle((c, c), root - size * 0.065, erase=True)))
    p.paint(out, p.darken(dark, 0.3), groove, 0.8)
    rim_light = p.shape(s, lambda pen: (pen.circle((c, c), root - size * 0.03),
                                       pen.circle((c, c), root - size * 0.042, erase=True)))
    p.paint(out, light, rim_light, 0.6)
    if rivets:
        for k in range(6):
            a = math.radians(30 + 60 * k)
            rc = (c + math.cos(a) * size * 0.30, c + math.sin(a) * size * 0.30)
            r = size * 0.032
            p.paint(out, p.darken(dark, 0.4), p.shape(s, lambda pen, rc=rc: pen.circle(rc, r * 1.25)), 0.8)
            p.paint(out, p.radial(s, rc, r * 1.2, [(0.0, light), (0.7, mid), (1.0, dark)]),
                    p.shape(s, lambda pen, rc=rc: pen.circle(rc, r)))
    return out


def hub(size: int = 80) -> pygame.Surface:
    """The upright ivory face in a brass bezel at the centre of every gear (the emblem goes on it)."""
    s = (size, size)
    c = size / 2
    out = p.blank(s)
    disc = p.shape(s, lambda pen: pen.circle((c, c), size * 0.47))
    out.blit(p.shadow(disc, size * 0.03, (0, size * 0.02), opacity=0.6), (0, 0))
    # A neutral dark-bronze bezel, so the only colour a gear shows is its own metal.
    p.paint(out, p.radial(s, (c * 0.7, c * 0.6), size * 0.6, [(0.0, (178, 160, 134)), (0.5, (104, 88, 70)), (1.0, (52, 42, 32))]), disc)
    face = p.shape(s, lambda pen: pen.circle((c, c), size * 0.39))
    ivory = p.radial(s, (c * 0.85, c * 0.8), size * 0.45, [(0.0, (255, 250, 236)), (0.65, IVORY), (1.0, IVORY_DARK)])
    p.textured(ivory, p.fractal(s, 31, (12, 4), lo=238))
    p.paint(out, ivory, face)
    p.paint(out, OUTLINE, p.shape(s, lambda pen: (pen.circle((c, c), size * 0.395),
                                                   pen.circle((c, c), size * 0.37, erase=True))), 0.55)
    p.paint(out, OUTLINE, p.shape(s, lambda pen: (pen.circle((c, c), size * 0.475),
                                                   pen.circle((c, c), size * 0.455, erase=True))), 0.7)
    return out


def _emblem_mask(shape: str, s: tuple[int, int], scale: float = 1.0) -> pygame.Surface:
    w, h = s
    c = (w / 2, h / 2)
    r = min(w, h) * 0.36 * scale

    def draw(pen: p.Pen) -> None:
        if shape == "triangle":
            pen.polygon([(c[0], c[1] - r * 1.05), (c[0] + r * 1.02, c[1] + r * 0.72), (c[0] - r * 1.02, c[1] + r * 0.72)])
        elif shape == "circle":
            pen.circle(c, r * 0.86)
        elif shape == "square":
            pen.rrect((c[0] - r * 0.76, c[1] - r * 0.76, r * 1.52, r * 1.52), r * 0.1)
        else:  # crescent: a disc with a bite taken from its right side
            pen.circle(c, r * 0.92)
            pen.circle((c[0] + r * 0.48, c[1] - r * 0.2), r * 0.78, erase=True)
    return p.shape(s, draw)


def emblem(shape: str, size: int = 80, ink: Colour = INK) -> pygame.Surface:
    """A shape engraved in dark ink with a light lower edge, on a transparent square."""
    s = (size, size)
    mask = _emblem_mask(shape, s)
    out = p.blank(s)
    p.paint(out, (255, 250, 236), p.shift(mask, (0, size * 0.025)), 0.9)
    p.paint(out, ink, mask)
    p.paint(out, p.lighten(ink, 0.25), p.subtract(mask, p.shift(mask, (0, size * 0.04))), 0.9)
    return out


# --- board pieces --------------------------------------------------------------------------------


def danger_zone(size: int = 200) -> pygame.Surface:
    """A glowing ring of red and soot hazard segments laid under each danger-zone gear."""
    s = (size, size)
    c = size / 2
    out = p.blank(s)
    ring = p.shape(s, lambda pen: (pen.circle((c, c), size * 0.46), pen.circle((c, c), size * 0.36, erase=True)))
    out.blit(p.glow(ring, size * 0.035, DANGER, 0.9), (0, 0))
    p.paint(out, DANGER_DARK, ring)
    segments = p.shape(s, lambda pen: [pen.polygon([
        (c + math.cos(math.radians(a)) * size * 0.47, c + math.sin(math.radians(a)) * size * 0.47),
        (c + math.cos(math.radians(a + 15)) * size * 0.47, c + math.sin(math.radians(a + 15)) * size * 0.47),
        (c + math.cos(math.radians(a + 25)) * size * 0.35, c + math.sin(math.radians(a + 25)) * size * 0.35),
        (c + math.cos(math.radians(a + 10)) * size * 0.35, c + math.sin(math.radians(a + 10)) * size * 0.35),
    ]) for a in range(0, 360, 30)])
    p.paint(out, p.radial(s, (c, c), size * 0.5, [(0.0, (255, 160, 90)), (0.75, DANGER), (1.0, (160, 30, 20))]),
            p.subtract(ring, p.subtract(p.shape(s, lambda pen: pen.circle((c, c), size)), segments)))
    p.paint(out, (255, 220, 180), p.shape(s, lambda pen: (pen.circle((c, c), size * 0.465),
                                                           pen.circle((c, c), size * 0.455, erase=True))), 0.5)
    return out


def deactivator(size: tuple[int, int] = (120, 168)) -> pygame.Surface:
    """The Deactivator: a carved rune stone with glowing runes and a brass lever with a red knob."""
    w, h = size
    out = p.blank(size)
    stone_rect = (w * 0.14, h * 0.30, w * 0.72, h * 0.62)
    stone = p.shape(size, lambda pen: (pen.rrect(stone_rect, w * 0.12),
                                       pen.ellipse((w * 0.14, h * 0.22, w * 0.72, h * 0.22))))
    base = p.shape(size, lambda pen: pen.ellipse((w * 0.04, h * 0.86, w * 0.92, h * 0.12)))
    out.blit(p.shadow(base, 4, (0, 2), opacity=0.6), (0, 0))
    p.paint(out, p.vgradient(size, [(0.0, (206, 164, 104)), (1.0, (150, 110, 64))], h * 0.86, h), base)
    out.blit(p.shadow(stone, 4, (2, 4), opacity=0.5), (0, 0))
    fill = p.radial(size, (w * 0.35, h * 0.35), h * 0.75, [(0.0, STONE_LIGHT), (0.5, STONE), (1.0, STONE_DARK)])
    p.textured(fill, p.fractal(size, 41, (18, 6, 2), lo=200))
    p.paint(out, fill, stone)
    p.paint(out, STONE_LIGHT, p.subtract(stone, p.shift(stone, (2, 2.5))), 0.8)
    p.paint(out, STONE_DARK, p.subtract(stone, p.shift(stone, (-2, -2.5))), 0.9)
    # Runes: three glowing glyphs carved down the face.
    glyphs = p.shape(size, lambda pen: (
        pen.lines([(w * 0.38, h * 0.42), (w * 0.5, h * 0.36), (w * 0.62, h * 0.42)], 2.6),
        pen.line((w * 0.5, h * 0.36), (w * 0.5, h * 0.52), 2.6),
        pen.lines([(w * 0.36, h * 0.60), (w * 0.5, h * 0.68), (w * 0.64, h * 0.60)], 2.6),
        pen.circle((w * 0.5, h * 0.78), 4.0),
        pen.circle((w * 0.5, h * 0.78), 2.0, erase=True),
    ))
    out.blit(p.glow(glyphs, 4, RUNE, 0.95), (0, 0))
    p.paint(out, (230, 252, 255), glyphs)
    # The lever: a brass arm from a pivot on the stone's crown, tipped with a red knob.
    pivot = (w * 0.5, h * 0.30)
    knob = (w * 0.80, h * 0.07)
    arm = p.shape(size, lambda pen: pen.line(pivot, knob, 6))
    out.blit(p.shadow(arm, 2, (2, 3), opacity=0.5), (0, 0))
    p.paint(out, p.hgradient(size, [(0.0, BRASS_DARK), (0.5, BRASS_LIGHT), (1.0, BRASS)]), arm)
    p.paint(out, OUTLINE, p.subtract(p.dilate(arm, 1), arm), 0.8)
    pivot_m = p.shape(size, lambda pen: pen.circle(pivot, 8))
    p.paint(out, p.radial(size, (pivot[0] - 3, pivot[1] - 3), 12, [(0.0, BRASS_LIGHT), (0.6, BRASS), (1.0, BRASS_DARK)]), pivot_m)
    p.paint(out, OUTLINE, p.subtract(p.dilate(pivot_m, 1), pivot_m), 0.8)
    knob_m = p.shape(size, lambda pen: pen.circle(knob, 9))
    out.blit(p.glow(knob_m, 4, DANGER, 0.6), (0, 0))
    p.paint(out, p.radial(size, (knob[0] - 3, knob[1] - 3), 13, [(0.0, (255, 170, 150)), (0.5, (214, 40, 30)), (1.0, (110, 10, 8))]), knob_m)
    p.paint(out, OUTLINE, p.subtract(p.dilate(knob_m, 1), knob_m), 0.8)
    return out


def block(size: int = 128) -> pygame.Surface:
    """A block token: a cracked boulder wrapped in thorny bramble."""
    s = (size, size)
    rng = random.Random(51)
    c = size / 2
    pts = []
    for i in range(11):
        a = 2 * math.pi * i / 11
        r = size * (0.36 + rng.uniform(-0.04, 0.04))
        pts.append((c + math.cos(a) * r * 1.08, c + 4 + math.sin(a) * r * 0.92))
    rock = p.shape(s, lambda pen: pen.polygon(pts))
    out = p.blank(s)
    out.blit(p.shadow(rock, 5, (2, 5), opacity=0.6), (0, 0))
    fill = p.radial(s, (c * 0.75, c * 0.7), size * 0.55, [(0.0, (196, 178, 150)), (0.55, (140, 120, 96)), (1.0, (78, 64, 50))])
    p.textured(fill, p.fractal(s, 53, (16, 5, 2), lo=190))
    p.paint(out, fill, rock)
    p.paint(out, (236, 222, 196), p.subtract(rock, p.shift(rock, (2, 2.5))), 0.7)
    cracks = p.shape(s, lambda pen: (pen.lines([(c - 10, c - 18), (c - 2, c - 4), (c - 8, c + 8), (c + 2, c + 20)], 2),
                                     pen.lines([(c + 16, c - 10), (c + 8, c + 2)], 1.6)))
    p.paint(out, (50, 38, 28), cracks, 0.8)
    # Bramble: two dark green vines with thorns looping over the stone.
    vine_pts = [[(c + math.cos(t) * size * 0.40, c + 6 + math.sin(t) * size * (0.22 + 0.08 * k) - k * 8)
                 for t in [math.radians(a) for a in range(160 + 40 * k, 400 + 40 * k, 12)]] for k in range(2)]
    vines = p.shape(s, lambda pen: [pen.lines(v, 3.2) for v in vine_pts])
    thorns = p.shape(s, lambda pen: [pen.polygon([(x - 2.4, y), (x + 2.4, y), (x, y - 6)])
                                     for v in vine_pts for (x, y) in v[1::2]])
    p.paint(out, (28, 46, 20), p.dilate(vines, 1))
    p.paint(out, (78, 118, 44), vines)
    p.paint(out, (60, 90, 36), thorns)
    leaves = p.shape(s, lambda pen: [pen.ellipse((x - 4, y - 2.5, 8, 5)) for v in vine_pts for (x, y) in v[2::4]])
    p.paint(out, (112, 160, 60), leaves)
    return sticker(out, 1, OUTLINE, 0.0)


# --- hourglass -----------------------------------------------------------------------------------


def _bulb_half_width(y: float, h: float, w: float) -> float:
    """Half width of the glass at height y of an hourglass sprite h tall and w wide (0 outside)."""
    top, neck, bottom = h * 0.105, h * 0.5, h * 0.895
    widest, narrow = w * 0.33, w * 0.045
    if y < top or y > bottom:
        return 0.0
    u = (y - top) / (neck - top) if y <= neck else (bottom - y) / (bottom - neck)  # 0 at a cap, 1 at the neck
    if u < 0.16:  # rounded shoulder under the cap
        k = u / 0.16
        return narrow + (widest - narrow) * (0.72 + 0.28 * math.sin(k * math.pi / 2))
    v = (u - 0.16) / 0.84
    return narrow + (widest - narrow) * math.cos(v * math.pi / 2) ** 1.35


def _glass_polygon(size: tuple[int, int], inset: float = 0.0) -> list[tuple[float, float]]:
    w, h = size
    ys = [h * 0.105 + i * (h * 0.79) / 120 for i in range(121)]
    left = [(w / 2 - max(0.6, _bulb_half_width(y, h, w) - inset), y) for y in ys]
    right = [(w / 2 + max(0.6, _bulb_half_width(y, h, w) - inset), y) for y in reversed(ys)]
    return left + right


def hourglass_mask(size: tuple[int, int] = HOURGLASS_SIZE) -> pygame.Surface:
    """White where sand may lie: the inside of both bulbs (the narrowest row mid-height is the neck)."""
    return p.shape(size, lambda pen: pen.polygon(_glass_polygon(size, inset=size[0] * 0.03)))


def hourglass_glass(size: tuple[int, int] = HOURGLASS_SIZE) -> pygame.Surface:
    """The back of the glass: a faint cool tint with a darker rim (drawn behind the sand)."""
    glass = p.shape(size, lambda pen: pen.polygon(_glass_polygon(size)))
    out = p.blank(size)
    p.paint(out, p.hgradient(size, [(0.0, (150, 180, 196)), (0.5, GLASS), (1.0, (120, 150, 170))]), glass, 0.38)
    return out


def _caps_and_posts(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    out = p.blank(size)
    posts = p.shape(size, lambda pen: (pen.rrect((w * 0.075, h * 0.07, w * 0.075, h * 0.86), w * 0.03),
                                       pen.rrect((w * 0.85, h * 0.07, w * 0.075, h * 0.86), w * 0.03)))
    p.paint(out, p.hgradient(size, [(0.0, BRASS_DARK), (0.09, BRASS_LIGHT), (0.15, BRASS_DARK), (0.85, BRASS_DARK),
                                    (0.9, BRASS_LIGHT), (0.96, BRASS_DARK)]), posts)
    p.paint(out, OUTLINE, p.subtract(p.dilate(posts, 1), posts), 0.8)
    for y0 in (0.0, 0.9):
        cap_rect = (w * 0.02, h * (y0 + 0.005), w * 0.96, h * 0.095)
        cap = p.rrect_mask(size, cap_rect, w * 0.06)
        wood = p.wood(size, 61 + int(y0 * 10), WOOD, WOOD_DARK, WOOD_LIGHT, stretch=6)
        p.textured(wood, p.vgradient(size, [(0.0, (255, 255, 255)), (1.0, (170, 170, 170))], cap_rect[1], cap_rect[1] + cap_rect[3]))
        p.paint(out, wood, cap)
        band = p.rrect_mask(size, (w * 0.02, h * (y0 + 0.005) + (h * 0.07 if y0 == 0 else 0), w * 0.96, h * 0.025), w * 0.01)
        p.paint(out, p.vgradient(size, [(0.0, BRASS_LIGHT), (1.0, BRASS_DARK)], h * y0, h * (y0 + 0.1)), band)
        p.paint(out, (255, 236, 200), p.subtract(cap, p.shift(cap, (0, 1.5))), 0.5)
        p.paint(out, OUTLINE, p.subtract(p.dilate(cap, 1), cap), 0.9)
    return out


def hourglass_frame(size: tuple[int, int] = HOURGLASS_SIZE) -> pygame.Surface:
    """The front of the hourglass: glass outline and highlights, walnut caps and brass posts."""
    w, h = size
    glass = p.shape(size, lambda pen: pen.polygon(_glass_polygon(size)))
    out = p.blank(size)
    edge = p.subtract(glass, p.shape(size, lambda pen: pen.polygon(_glass_polygon(size, inset=1.6))))
    p.paint(out, (70, 96, 110), edge, 0.75)
    shine = p.shape(size, lambda pen: (
        pen.lines([(w * 0.5 - _bulb_half_width(y, h, w) * 0.62, y) for y in (h * 0.16, h * 0.22, h * 0.28, h * 0.34, h * 0.40)], w * 0.06),
        pen.lines([(w * 0.5 - _bulb_half_width(y, h, w) * 0.62, y) for y in (h * 0.60, h * 0.66, h * 0.72, h * 0.78, h * 0.84)], w * 0.06),
    ))
    p.paint(out, (255, 255, 255), shine, 0.55)
    dots = p.shape(size, lambda pen: (pen.circle((w * 0.5 + _bulb_half_width(h * 0.2, h, w) * 0.55, h * 0.2), w * 0.028),
                                      pen.circle((w * 0.5 + _bulb_half_width(h * 0.68, h, w) * 0.55, h * 0.68), w * 0.024)))
    p.paint(out, (255, 255, 255), dots, 0.7)
    out.blit(_caps_and_posts(size), (0, 0))
    return out


def sand_texture(size: int = 96) -> pygame.Surface:
    """Grey grain (multiplied by a sand colour at run time)."""
    s = (size, size)
    out = p.fractal(s, 71, (10, 3, 1), lo=200)
    out.blit(p.grain(s, 72, lo=215), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return out


def hourglass_picture(size: tuple[int, int], sand: Colour = GOLD_SAND, level: float = 0.55) -> pygame.Surface:
    """A whole hourglass with sand in it (for card pictures and icons)."""
    w, h = size
    out = hourglass_glass(size)
    mask = hourglass_mask(size)
    top = p.blank(size)
    cut = h * (0.5 - 0.38 * level)
    p.paint(top, sand, p.shape(size, lambda pen: pen.rect((0, cut, w, h * 0.5 - cut))))
    bottom = p.blank(size)
    p.paint(bottom, sand, p.shape(size, lambda pen: (pen.rect((0, h * 0.9 - h * 0.38 * (1 - level), w, h)),
                                                     pen.rect((w * 0.49, h * 0.5, w * 0.02, h * 0.4)))))
    sand_layer = p.over(top, bottom)
    p.textured(sand_layer, p.fractal(size, 73, (6, 2), lo=210))
    out.blit(p.clip(sand_layer, mask), (0, 0))
    out.blit(hourglass_frame(size), (0, 0))
    return out


# --- cards ---------------------------------------------------------------------------------------


def _card_base(seed: int, paper: Colour = (246, 233, 203), paper_dark: Colour = (222, 196, 146)) -> tuple[pygame.Surface, pygame.Surface]:
    w, h = CARD_SIZE
    size = CARD_SIZE
    outer = p.rrect_mask(size, (1, 1, w - 2, h - 2), 12)
    out = p.blank(size)
    p.paint(out, p.vgradient(size, [(0.0, (110, 72, 42)), (1.0, (70, 44, 26))]), outer)
    face_rect = (5, 5, w - 10, h - 10)
    face = p.rrect_mask(size, face_rect, 9)
    fill = p.radial(size, (w * 0.45, h * 0.38), h * 0.7, [(0.0, p.lighten(paper, 0.3)), (0.6, paper), (1.0, paper_dark)])
    p.textured(fill, p.fractal(size, seed, (18, 6, 2), lo=222))
    p.paint(out, fill, face)
    p.paint(out, BRASS_DARK, p.shape(size, lambda pen: pen.ring((9, 9, w - 18, h - 18), 7, 1.3)), 0.7)
    return out, face


def _card_banner(out: pygame.Surface) -> None:
    """The blank ribbon at the bottom of a face where the scenes write the word."""
    w, h = CARD_SIZE
    rect = (12, h * 0.72, w - 24, h * 0.19)
    band = p.rrect_mask(CARD_SIZE, rect, 6)
    out.blit(p.shadow(band, 1.5, (0, 1), opacity=0.35), (0, 0))
    p.paint(out, p.vgradient(CARD_SIZE, [(0.0, (255, 248, 228)), (1.0, (236, 220, 184))], rect[1], rect[1] + rect[3]), band)
    p.paint(out, BRASS_DARK, p.shape(CARD_SIZE, lambda pen: pen.ring(rect, 6, 1.2)), 0.8)


def card_colour(colour: str) -> pygame.Surface:
    """A colour card: a big gear of that metal with a blank upright hub (the word goes below)."""
    out, _ = _card_base(81 + len(colour))
    w, h = CARD_SIZE
    g = pygame.transform.smoothscale(gear(colour, 320, rivets=True), (112, 112))
    out.blit(g, g.get_rect(center=(w / 2, h * 0.37)))
    hb = pygame.transform.smoothscale(hub(160), (52, 52))
    out.blit(hb, hb.get_rect(center=(w / 2, h * 0.37)))
    # A swatch ribbon of the metal along the top edge: a second, non-pictorial cue of the kind.
    light, _mid, dark = METALS[colour]
    band = p.shape(CARD_SIZE, lambda pen: pen.rrect((w / 2 - 22, 8, 44, 6), 3))
    p.paint(out, p.hgradient(CARD_SIZE, [(0.0, dark), (0.5, light), (1.0, dark)]), band)
    _card_banner(out)
    return out


def card_shape(shape: str) -> pygame.Surface:
    """A shape card: the shape's emblem large on an ivory medallion (the word goes below)."""
    out, _ = _card_base(91 + len(shape))
    w, h = CARD_SIZE
    medal = pygame.transform.smoothscale(hub(240), (108, 108))
    out.blit(medal, medal.get_rect(center=(w / 2, h * 0.37)))
    em = pygame.transform.smoothscale(emblem(shape, 240), (78, 78))
    out.blit(em, em.get_rect(center=(w / 2, h * 0.37)))
    _card_banner(out)
    return out


def card_wild() -> pygame.Surface:
    """The wild card: an hourglass in a burst of golden rays (the word goes below)."""
    out, face = _card_base(101, paper=(252, 238, 200), paper_dark=(232, 196, 120))
    w, h = CARD_SIZE
    centre = (w / 2, h * 0.37)
    rays = p.shape(CARD_SIZE, lambda pen: [pen.polygon([
        centre,
        (centre[0] + math.cos(math.radians(a - 6)) * 120, centre[1] + math.sin(math.radians(a - 6)) * 120),
        (centre[0] + math.cos(math.radians(a + 6)) * 120, centre[1] + math.sin(math.radians(a + 6)) * 120),
    ]) for a in range(0, 360, 24)])
    p.paint(out, p.radial(CARD_SIZE, centre, 80, [(0.0, (255, 226, 130)), (1.0, (240, 170, 70))],
                          [(0.0, 0.9), (1.0, 0.0)]), p.clip(rays, face))
    glass = hourglass_picture((66, 110), level=0.6)
    glass = p.with_shadow(glass, 2, (1, 2), 0.5)
    out.blit(glass, glass.get_rect(center=centre))
    _card_banner(out)
    return out


def card_back() -> pygame.Surface:
    """The back of every card: deep teal leather, a brass gear ring around a small hourglass."""
    w, h = CARD_SIZE
    size = CARD_SIZE
    outer = p.rrect_mask(size, (1, 1, w - 2, h - 2), 12)
    out = p.blank(size)
    p.paint(out, (58, 36, 22), outer)
    inner = p.rrect_mask(size, (5, 5, w - 10, h - 10), 9)
    fill = p.radial(size, (w / 2, h / 2), h * 0.65, [(0.0, (52, 112, 104)), (1.0, (18, 48, 46))])
    p.textured(fill, p.fractal(size, 111, (12, 4, 1.5), lo=205))
    p.paint(out, fill, inner)
    p.paint(out, BRASS, p.shape(size, lambda pen: pen.ring((11, 11, w - 22, h - 22), 7, 2)), 0.9)
    diamonds = p.shape(size, lambda pen: [pen.polygon([(x, y - 4), (x + 4, y), (x, y + 4), (x - 4, y)])
                                          for x in (20, w - 20) for y in range(24, h - 16, 16)])
    p.paint(out, BRASS, diamonds, 0.5)
    ring = pygame.transform.smoothscale(gear("yellow", 320, rivets=False), (96, 96))
    p.fade(ring, 0.9)
    out.blit(ring, ring.get_rect(center=(w / 2, h / 2)))
    disc = p.shape(size, lambda pen: pen.circle((w / 2, h / 2), 31))
    p.paint(out, fill, disc)
    glass = hourglass_picture((34, 56), level=0.5)
    out.blit(glass, glass.get_rect(center=(w / 2, h / 2)))
    return out


# --- table and interface pieces ------------------------------------------------------------------


def table(size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """The play table: a sandstone temple floor, a walnut workshop table and a teal leather mat."""
    w, h = size
    out = p.solid(size, (190, 146, 92))
    floor = p.radial(size, (w / 2, h / 2), w * 0.7, [(0.0, (214, 170, 110)), (1.0, (150, 104, 60))])
    p.textured(floor, p.fractal(size, 121, (60, 18, 5, 1.5), lo=196))
    out.blit(floor, (0, 0))
    # Carved diamond frieze around the floor's edge.
    frieze = p.shape(size, lambda pen: [pen.polygon([(x, 9), (x + 9, 18), (x, 27), (x - 9, 18)]) for x in range(18, w, 36)]
                     + [pen.polygon([(x, h - 27), (x + 9, h - 18), (x, h - 9), (x - 9, h - 18)]) for x in range(18, w, 36)])
    p.paint(out, (120, 80, 44), frieze, 0.45)
    top_rect = (26, 34, w - 52, h - 68)
    top = p.rrect_mask(size, top_rect, 36)
    out.blit(p.shadow(top, 10, (0, 8), opacity=0.6), (0, 0))
    planks = p.wood(size, 123, (118, 72, 40), (70, 40, 22), (156, 102, 58), stretch=14)
    seams = p.shape(size, lambda pen: [pen.rect((0, y, w, 1.6)) for y in range(34 + 72, h - 34, 72)])
    p.paint(planks, (46, 26, 14), seams, 0.7)
    p.paint(out, planks, top)
    p.paint(out, (210, 150, 90), p.subtract(top, p.shift(top, (0, 3))), 0.6)
    p.paint(out, OUTLINE, p.subtract(p.dilate(top, 2), top), 0.8)
    mat_rect = (58, 62, w - 116, h - 124)
    mat = p.rrect_mask(size, mat_rect, 26)
    leather = p.radial(size, (w / 2, h * 0.45), w * 0.62, [(0.0, (44, 98, 90)), (0.7, (30, 72, 68)), (1.0, (18, 44, 42))])
    p.textured(leather, p.fractal(size, 127, (24, 7, 2), lo=214))
    out.blit(p.shadow(mat, 3, (0, -2), opacity=0.5), (0, 0))
    p.paint(out, leather, mat)
    stitch = p.shape(size, lambda pen: [pen.rect((x, mat_rect[1] + 9, 7, 1.6)) for x in range(int(mat_rect[0]) + 24, int(mat_rect[0] + mat_rect[2]) - 24, 12)]
                     + [pen.rect((x, mat_rect[1] + mat_rect[3] - 11, 7, 1.6)) for x in range(int(mat_rect[0]) + 24, int(mat_rect[0] + mat_rect[2]) - 24, 12)]
                     + [pen.rect((mat_rect[0] + 9, y, 1.6, 7)) for y in range(int(mat_rect[1]) + 24, int(mat_rect[1] + mat_rect[3]) - 24, 12)]
                     + [pen.rect((mat_rect[0] + mat_rect[2] - 11, y, 1.6, 7)) for y in range(int(mat_rect[1]) + 24, int(mat_rect[1] + mat_rect[3]) - 24, 12)])
    p.paint(out, (214, 186, 120), stitch, 0.55)
    vignette = p.radial(size, (w / 2, h / 2), w * 0.62, [(0.0, (0, 0, 0)), (1.0, (0, 0, 0))], [(0.0, 0.0), (0.7, 0.05), (1.0, 0.4)])
    out.blit(vignette, (0, 0))
    return out


def seat_panel(size: int = 96) -> pygame.Surface:
    """A player's card tray: a walnut frame around dark red felt (nine-slice, slice 28)."""
    s = (size, size)
    out = p.blank(s)
    outer = p.rrect_mask(s, (3, 2, size - 6, size - 7), 16)
    out.blit(p.shadow(outer, 2.5, (0, 3), opacity=0.55), (0, 0))
    frame = p.wood(s, 131, WOOD, WOOD_DARK, WOOD_LIGHT, stretch=8)
    p.paint(out, frame, outer)
    p.paint(out, WOOD_LIGHT, p.subtract(outer, p.shift(outer, (0, 1.5))), 0.8)
    inner = p.rrect_mask(s, (10, 9, size - 20, size - 21), 10)
    felt = p.radial(s, (size / 2, size / 2), size * 0.7, [(0.0, (112, 46, 40)), (1.0, (72, 26, 24))])
    p.textured(felt, p.grain(s, 133, lo=220))
    p.paint(out, felt, inner)
    p.paint(out, SHADOW, p.subtract(inner, p.shift(inner, (0, 2.5))), 0.6)
    p.paint(out, OUTLINE, p.subtract(p.dilate(outer, 1), outer), 0.8)
    return out


def hand_glow(size: int = 96) -> pygame.Surface:
    """A warm golden halo drawn around the active player's tray (nine-slice, slice 36)."""
    s = (size, size)
    inner = p.rrect_mask(s, (22, 22, size - 44, size - 44), 12)
    out = p.glow(p.dilate(inner, 3), 8, (255, 200, 80), 1.0)
    out.blit(p.glow(inner, 3, (255, 236, 170), 1.0), (0, 0))
    p.paint(out, (255, 246, 200), p.subtract(p.dilate(inner, 2), inner), 1.0)
    return out


def tag(size: tuple[int, int] = (64, 40)) -> pygame.Surface:
    """A small parchment label with a brass edge (nine-slice, slice 12) for timer and player names."""
    w, h = size
    out = p.blank(size)
    body = p.rrect_mask(size, (2, 2, w - 4, h - 5), 8)
    out.blit(p.shadow(body, 1.5, (0, 2), opacity=0.5), (0, 0))
    fill = p.vgradient(size, [(0.0, (255, 246, 222)), (1.0, (232, 210, 164))])
    p.textured(fill, p.fractal(size, 141, (8, 3), lo=230))
    p.paint(out, fill, body)
    p.paint(out, BRASS_DARK, p.subtract(body, p.shape(size, lambda pen: pen.rrect((4, 4, w - 8, h - 9), 6))), 0.9)
    return out


def lost_badge(size: int = 56) -> pygame.Surface:
    """A red warning triangle with a white exclamation mark, pinned on a lost timer."""
    s = (size, size)
    c = size / 2
    tri = p.shape(s, lambda pen: pen.polygon([(c, size * 0.1), (size * 0.93, size * 0.86), (size * 0.07, size * 0.86)]))
    out = p.blank(s)
    p.paint(out, (255, 250, 240), p.dilate(tri, 3))
    p.paint(out, p.vgradient(s, [(0.0, (255, 110, 80)), (1.0, (178, 24, 16))]), tri)
    p.paint(out, p.lighten(DANGER, 0.5), p.subtract(tri, p.shift(tri, (0, 1.5))), 0.6)
    mark = p.shape(s, lambda pen: (pen.line((c, size * 0.34), (c, size * 0.6), size * 0.1), pen.circle((c, size * 0.72), size * 0.055)))
    p.paint(out, (255, 255, 255), mark)
    return sticker(out, 1, OUTLINE, 0.45)


def sprites() -> dict[str, Sprite]:
    """Every Arenas sprite: name -> (surface, manifest meta)."""
    out: dict[str, Sprite] = {}
    for colour in METALS:
        out[f"arenas/gear_{colour}"] = (gear(colour), {})
        out[f"arenas/card_{colour}"] = (card_colour(colour), {})
    for shape in SHAPES:
        out[f"arenas/emblem_{shape}"] = (emblem(shape), {})
        out[f"arenas/card_{shape}"] = (card_shape(shape), {})
    out.update({
        "arenas/gear_hub": (hub(), {}),
        "arenas/card_wild": (card_wild(), {}),
        "arenas/card_back": (card_back(), {}),
        "arenas/danger_zone": (danger_zone(), {}),
        "arenas/deactivator": (deactivator(), {}),
        "arenas/block": (block(), {}),
        "arenas/hourglass_glass": (hourglass_glass(), {}),
        "arenas/hourglass_mask": (hourglass_mask(), {}),
        "arenas/hourglass_frame": (hourglass_frame(), {}),
        "arenas/sand_texture": (sand_texture(), {}),
        "arenas/table": (table(), {}),
        "arenas/seat_panel": (seat_panel(), {"slice": 28}),
        "arenas/hand_glow": (hand_glow(), {"slice": 36}),
        "arenas/tag": (tag(), {"slice": 12}),
        "arenas/lost_badge": (lost_badge(), {}),
    })
    return out
