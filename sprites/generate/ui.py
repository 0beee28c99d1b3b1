"""Shared UI art: dusk backdrop, parchment panels, wood-and-brass plaques, widgets and menu icons.

Light comes from the top left; outlines are dark walnut; metal is warm brass; paper is aged
parchment. The drawing functions take their colours as arguments so other packs (see
`high_contrast.py`) can restyle them.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import pygame

from sprites.generate import paint as p

PALETTE = {
    "ui_text": "#3a2616",
    "ui_text_light": "#fbefd5",
    "ui_accent": "#e0a040",
    "ui_focus": "#ffd66e",
    "ui_danger": "#c0482f",
    "ui_ok": "#6f9e3c",
    "ui_shadow": "#1c120c",
    "ui_bg": "#2b1d3a",
}

INK = (58, 38, 22)
OUTLINE = (46, 27, 16)
PARCH = (246, 231, 196)
PARCH_DARK = (222, 193, 140)
PARCH_EDGE = (168, 118, 62)
WOOD = (128, 76, 42)
WOOD_DARK = (78, 44, 24)
WOOD_LIGHT = (170, 110, 62)
BRASS = (212, 160, 70)
BRASS_LIGHT = (255, 230, 150)
BRASS_DARK = (128, 84, 32)
GLOW = (255, 214, 110)
SHADOW = (28, 18, 12)


@dataclass(frozen=True)
class PlaqueStyle:
    """Colours of a button plaque (rim, body, outline) and whether it is drawn pressed in."""

    rim: tuple = BRASS
    rim_light: tuple = BRASS_LIGHT
    rim_dark: tuple = BRASS_DARK
    body: tuple = WOOD
    body_dark: tuple = WOOD_DARK
    body_light: tuple = WOOD_LIGHT
    outline: tuple = OUTLINE
    glow: float = 0.0
    pressed: bool = False
    grain: bool = True


PLAQUE = PlaqueStyle()
PLAQUE_HOVER = replace(PLAQUE, body=(150, 92, 50), body_light=(196, 134, 74), rim=(232, 182, 84),
                       rim_light=(255, 240, 176), glow=0.55)
PLAQUE_PRESSED = replace(PLAQUE, body=(104, 60, 32), body_light=(140, 88, 48), body_dark=(62, 34, 18),
                         rim=(188, 138, 56), pressed=True)
PLAQUE_DISABLED = replace(PLAQUE, body=(122, 110, 98), body_light=(146, 136, 124), body_dark=(92, 84, 76),
                          rim=(156, 148, 132), rim_light=(200, 194, 180), rim_dark=(104, 98, 88),
                          outline=(70, 62, 56))


# --- building blocks -----------------------------------------------------------------------------


def parchment_sheet(size: tuple[int, int], rect: tuple[float, float, float, float], radius: float, seed: int,
                    paper: tuple = PARCH, paper_dark: tuple = PARCH_DARK, edge: tuple = PARCH_EDGE,
                    outline: tuple = OUTLINE) -> pygame.Surface:
    """Aged parchment cut to a rounded rectangle: mottled, with a toasted rim and a fine ink edge."""
    _w, _h = size
    x, y, rw, rh = rect
    mask = p.rrect_mask(size, rect, radius)
    fill = p.radial(size, (x + rw / 2, y + rh / 2), max(rw, rh) * 0.75, [(0.0, paper), (0.7, p.mix(paper, paper_dark, 0.45)), (1.0, paper_dark)])
    p.mottle(fill, p.fractal(size, seed, (22, 8, 3), lo=150), p.mix(paper_dark, edge, 0.35), 0.9)
    p.textured(fill, p.grain(size, seed + 1, lo=242))
    sheet = p.clip(fill, mask)
    rim = p.subtract(mask, p.glow(p.shape(size, lambda pen: pen.rrect((x + 5, y + 5, rw - 10, rh - 10), max(0, radius - 4))), 3, (255, 255, 255), 1.0))
    sheet.blit(p.clip(p.coloured(rim, edge), mask), (0, 0), special_flags=0)
    ring = p.shape(size, lambda pen: pen.ring(rect, radius, 1.4))
    p.paint(sheet, outline, ring, 0.75)
    return sheet


def brass_fill(size: tuple[int, int], top: float, bottom: float, light: tuple = BRASS_LIGHT, mid: tuple = BRASS,
               dark: tuple = BRASS_DARK) -> pygame.Surface:
    """Polished brass: a bright band near the top fading to a deep bottom."""
    return p.vgradient(size, [(0.0, p.mix(mid, light, 0.5)), (0.28, light), (0.55, mid), (1.0, dark)], top, bottom)


def plaque(size: tuple[int, int], rect: tuple[float, float, float, float], radius: float, style: PlaqueStyle,
           seed: int = 5) -> pygame.Surface:
    """A wooden plaque in a brass rim with corner studs and a soft drop shadow."""
    x, y, w, h = rect
    if style.pressed:
        y += 2
    outer = p.rrect_mask(size, (x, y, w, h), radius)
    rim_w = 3.0
    inner_rect = (x + rim_w, y + rim_w, w - 2 * rim_w, h - 2 * rim_w)
    inner = p.rrect_mask(size, inner_rect, radius - rim_w)
    out = p.blank(size)
    out.blit(p.shadow(outer, 1.5 if style.pressed else 2.5, (0, 1 if style.pressed else 3), opacity=0.55), (0, 0))
    p.paint(out, brass_fill(size, y, y + h, style.rim_light, style.rim, style.rim_dark), outer)
    if style.grain:
        body = p.wood(size, seed, style.body, style.body_dark, style.body_light)
    else:
        body = p.solid(size, style.body)
    shade = p.vgradient(size, [(0.0, (255, 255, 255)), (0.5, (236, 236, 236)), (1.0, (196, 196, 196))], y, y + h)
    p.textured(body, shade)
    p.paint(out, body, inner)
    if style.glow:
        warm = p.radial(size, (x + w / 2, y + h * 0.35), w * 0.55, [(0.0, GLOW), (1.0, GLOW)], [(0.0, 0.42 * style.glow), (1.0, 0.0)])
        out.blit(p.clip(warm, inner), (0, 0))
    if style.pressed:
        top_shade = p.subtract(inner, p.shift(inner, (0, 3)))
        p.paint(out, style.body_dark, top_shade, 0.7)
    else:
        top_light = p.subtract(inner, p.shift(inner, (0, 1.5)))
        p.paint(out, style.body_light, top_light, 0.9)
        bottom_dark = p.subtract(inner, p.shift(inner, (0, -1.5)))
        p.paint(out, style.body_dark, bottom_dark, 0.8)
    p.paint(out, style.outline, p.subtract(outer, p.rrect_mask(size, (x + 1.2, y + 1.2, w - 2.4, h - 2.4), radius - 1.2)), 0.9)
    p.paint(out, style.outline, p.subtract(p.rrect_mask(size, (x + rim_w - 0.2, y + rim_w - 0.2, w - 2 * rim_w + 0.4, h - 2 * rim_w + 0.4), radius - rim_w), inner), 0.6)
    for cx, cy in ((x + 7.5, y + 7.5), (x + w - 7.5, y + 7.5), (x + 7.5, y + h - 7.5), (x + w - 7.5, y + h - 7.5)):
        stud(out, (cx, cy), 2.1, style)
    return out


def stud(surface: pygame.Surface, centre: tuple[float, float], r: float, style: PlaqueStyle = PLAQUE) -> None:
    """A small brass rivet with a shine, drawn onto `surface`."""
    size = surface.get_size()
    p.paint(surface, SHADOW, p.shape(size, lambda pen: pen.circle((centre[0] + 0.4, centre[1] + 0.8), r + 0.5)), 0.5)
    p.paint(surface, p.radial(size, (centre[0] - r * 0.4, centre[1] - r * 0.4), r * 1.6, [(0.0, style.rim_light), (0.6, style.rim), (1.0, style.rim_dark)]),
            p.shape(size, lambda pen: pen.circle(centre, r)))


def disc(size: tuple[int, int], centre: tuple[float, float], r: float, light: tuple, mid: tuple, dark: tuple) -> pygame.Surface:
    """A shaded sphere-like disc lit from the top left."""
    fill = p.radial(size, (centre[0] - r * 0.35, centre[1] - r * 0.4), r * 1.5, [(0.0, light), (0.45, mid), (1.0, dark)])
    return p.clip(fill, p.shape(size, lambda pen: pen.circle(centre, r)))


def sticker(art: pygame.Surface, outline: int = 2, colour: tuple = OUTLINE, shadow: float = 0.45) -> pygame.Surface:
    """Icon finish: dark outline all round and a soft drop shadow."""
    return p.with_shadow(p.outlined(art, outline, colour), blur=max(1, outline + 1), offset=(0, outline + 1), opacity=shadow)


# --- backdrop ------------------------------------------------------------------------------------


def _ridge(width: int, base: float, seed: int, crest: float, period: float, ripple: float) -> list[tuple[float, float]]:
    """A dune skyline: sharp crests (|sin| cusps) over a slow swell, y per 4 px."""
    rng = random.Random(seed)
    ph1, ph2, ph3 = (rng.uniform(0, math.tau) for _ in range(3))
    points = []
    for x in range(-8, width + 12, 4):
        u = x / period
        y = base - crest * (1 - abs(math.sin(math.pi * u + ph1))) ** 1.6
        y += ripple * math.sin(x / (period * 2.7) * math.tau + ph2) + ripple * 0.35 * math.sin(x / (period * 0.45) * math.tau + ph3)
        points.append((float(x), y))
    return points


def background(size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """Dusk over a sea of dunes: gradient sky, stars, a crescent moon, drifting lanterns, vignette."""
    w, h = size
    rng = random.Random(1719)
    sky = p.vgradient(size, [(0.0, (28, 20, 58)), (0.3, (66, 38, 92)), (0.55, (150, 74, 104)), (0.72, (226, 128, 96)),
                             (0.84, (250, 184, 116)), (1.0, (252, 210, 140))])
    sun = p.radial(size, (w * 0.5, h * 0.78), w * 0.45, [(0.0, (255, 226, 160)), (1.0, (255, 190, 120))], [(0.0, 0.55), (0.5, 0.18), (1.0, 0.0)])
    sky.blit(sun, (0, 0))

    stars = p.Pen(size, ss=2)
    twinkles = []
    for _ in range(170):
        x, y = rng.uniform(0, w), rng.uniform(0, h * 0.55) ** 1.15 / (h * 0.55) ** 0.15
        r = rng.choice((0.5, 0.6, 0.7, 0.8, 1.0, 1.2))
        stars.circle((x, y), r)
        if r >= 1.0 and rng.random() < 0.35:
            twinkles.append((x, y))
    star_mask = stars.mask()
    fade = p.vgradient(size, [(0.0, (255, 255, 255)), (0.35, (200, 200, 200)), (0.6, (0, 0, 0))])
    star_mask = p.with_alpha(star_mask, bytes(a * f // 255 for a, f in zip(p.alpha_of(star_mask), pygame.image.tobytes(fade, "RGB")[0::3])))
    sky.blit(p.glow(star_mask, 2, (255, 236, 200), 0.7), (0, 0))
    sky.blit(p.coloured(star_mask, (255, 248, 228)), (0, 0))
    sparkle = p.Pen(size, ss=2)
    for x, y in twinkles:
        sparkle.polygon(p.star_points((x, y), 5.5, 0.7, 4, 0))
    sky.blit(p.coloured(sparkle.mask(), (255, 244, 214), 0.8), (0, 0))

    moon_c, moon_r = (w * 0.8, h * 0.17), 34
    moon = p.subtract(p.shape(size, lambda pen: pen.circle(moon_c, moon_r)),
                      p.shape(size, lambda pen: pen.circle((moon_c[0] + 15, moon_c[1] - 9), moon_r - 3)))
    sky.blit(p.glow(moon, 14, (255, 222, 170), 0.75), (0, 0))
    p.paint(sky, p.radial(size, (moon_c[0] - 20, moon_c[1]), moon_r * 1.3, [(0.0, (255, 250, 230)), (1.0, (244, 214, 160))]), moon)

    for i, (cx, cy, cw, ch) in enumerate([(260, 380, 420, 26), (980, 350, 380, 20), (640, 300, 300, 14), (120, 300, 200, 10)]):
        cloud = p.shape(size, lambda pen: pen.ellipse((cx - cw / 2, cy - ch / 2, cw, ch)))
        sky.blit(p.glow(cloud, 12, (255, 170, 150) if i % 2 else (250, 150, 140), 0.22), (0, 0))

    horizon = (236, 150, 118)
    layers = [  # base y, crest height, period, colour, rim light, seed
        (h * 0.70, 26, 300, (176, 100, 120), (255, 200, 150), 11),
        (h * 0.78, 34, 380, (132, 70, 98), (255, 184, 130), 23),
        (h * 0.88, 42, 470, (88, 46, 74), (246, 160, 112), 37),
        (h * 1.00, 48, 560, (48, 26, 46), (214, 130, 96), 41),
    ]
    scene = sky
    sun_falloff = p.hgradient(size, [(0.0, (90, 90, 90)), (0.5, (255, 255, 255)), (1.0, (90, 90, 90))])
    for depth, (base, crest, period, colour, rim, seed) in enumerate(layers):
        ridge = _ridge(w, base, seed, crest, period, 5 + depth * 2)
        top = min(y for _, y in ridge)
        dune = p.shape(size, lambda pen: pen.polygon([*ridge, (w + 12, h + 8), (-8, h + 8)]))
        if depth == 0:
            _town(scene, ridge, colour)
        fill = p.vgradient(size, [(0.0, p.mix(colour, rim, 0.18)), (0.3, colour), (1.0, p.darken(colour, 0.2))], top, h)
        p.mottle(fill, p.fractal(size, seed, (160, 40, 9), lo=170), p.darken(colour, 0.35), 0.35)
        scene.blit(p.clip(fill, dune), (0, 0))
        crest_line = p.subtract(dune, p.shift(dune, (0, 1.6)))
        lit = p.clip(p.solid(size, rim), crest_line)
        lit.blit(sun_falloff, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        lit.fill((*rim, 0), special_flags=pygame.BLEND_RGB_MAX)
        scene.blit(p.glow(p.silhouette(lit), 2, rim, 0.35), (0, 0))
        scene.blit(lit, (0, 0))
        if depth < len(layers) - 1:
            mist = p.vgradient(size, [(0.0, horizon), (1.0, horizon)])
            ramp = p.vgradient(size, [(0.0, (0, 0, 0)), (1.0, (120, 120, 120))], top + crest * 0.6, base + 70)
            scene.blit(p.with_alpha(mist, pygame.image.tobytes(ramp, "RGB")[0::3]), (0, 0))

    lanterns = [(140, 210, 1.0), (330, 120, 0.6), (1130, 260, 0.9), (930, 150, 0.55), (1040, 420, 1.25),
                (70, 390, 1.3), (470, 220, 0.45), (780, 90, 0.4)]
    for lx, ly, s in lanterns:
        lantern(scene, (lx, ly), s)

    vignette = p.radial(size, (w / 2, h * 0.46), math.hypot(w, h) * 0.55, [(0.0, (255, 255, 255)), (0.6, (246, 240, 244)), (1.0, (150, 126, 150))])
    p.textured(scene, vignette)
    p.textured(scene, p.grain(size, 77, lo=244))
    return scene


def _town(scene: pygame.Surface, ridge: list[tuple[float, float]], colour: tuple) -> None:
    """A far-off desert town of domes and spires on the first ridge, a few windows lit."""
    size = scene.get_size()
    tx = size[0] * 0.17
    ty = max(y for x, y in ridge if abs(x - tx) < 50) + 4
    town = p.Pen(size, ss=2)
    for dx, bw, bh, dome in ((-40, 16, 14, True), (-22, 8, 34, False), (-11, 20, 20, True), (12, 12, 12, True), (26, 6, 26, False)):
        bx = tx + dx
        town.rect((bx, ty - bh, bw, bh + 10))
        if dome:
            town.ellipse((bx - 1, ty - bh - bw * 0.55, bw + 2, bw * 1.1))
        else:
            town.polygon([(bx - 1.5, ty - bh), (bx + bw / 2, ty - bh - 11), (bx + bw + 1.5, ty - bh)])
    scene.blit(p.clip(p.solid(size, p.darken(colour, 0.1)), town.mask()), (0, 0))
    windows = p.Pen(size, ss=2)
    for wx, wy in ((tx - 34, ty - 7), (tx - 19, ty - 26), (tx - 19, ty - 16), (tx - 3, ty - 11), (tx + 16, ty - 6), (tx + 27.5, ty - 17)):
        windows.rect((wx, wy, 1.6, 2.4))
    scene.blit(p.glow(windows.mask(), 2, (255, 190, 100), 0.9), (0, 0))
    scene.blit(p.coloured(windows.mask(), (255, 226, 160)), (0, 0))


def lantern(scene: pygame.Surface, centre: tuple[float, float], s: float) -> None:
    """A floating paper sky-lantern with its glow, drawn onto `scene`."""
    size = scene.get_size()
    cx, cy = centre
    bw, bh = 14 * s, 20 * s
    body = p.shape(size, lambda pen: pen.polygon([(cx - bw / 2, cy - bh / 2), (cx + bw / 2, cy - bh / 2),
                                                   (cx + bw * 0.38, cy + bh / 2), (cx - bw * 0.38, cy + bh / 2)]))
    halo = p.shape(size, lambda pen: pen.circle((cx, cy + 2 * s), 14 * s))
    scene.blit(p.glow(halo, 18 * s, (255, 170, 80), 0.35), (0, 0))
    scene.blit(p.glow(body, 5 * s, (255, 200, 110), 0.9), (0, 0))
    fill = p.vgradient(size, [(0.0, (236, 120, 52)), (0.55, (255, 196, 100)), (1.0, (255, 236, 170))], cy - bh / 2, cy + bh / 2)
    scene.blit(p.clip(fill, body), (0, 0))
    rim = p.shape(size, lambda pen: pen.rrect((cx - bw / 2 - 0.6, cy - bh / 2 - 1.2 * s, bw + 1.2, 2.2 * s), 1))
    p.paint(scene, (120, 52, 30), rim)
    flame = p.shape(size, lambda pen: pen.ellipse((cx - 1.8 * s, cy + bh / 2 - 3 * s, 3.6 * s, 3 * s)))
    p.paint(scene, (255, 250, 220), flame)


# --- panels --------------------------------------------------------------------------------------


def panel() -> pygame.Surface:
    """Parchment nine-slice (96 px, slice 20, 5 px shadow margin)."""
    size = (96, 96)
    rect = (5, 4, 86, 86)
    sheet = parchment_sheet(size, rect, 9, 301)
    return p.over(p.shadow(p.silhouette(sheet), 3, (0, 2), opacity=0.5), sheet)


def dialog() -> pygame.Surface:
    """Parchment in a walnut frame with brass corner brackets (128 px, slice 40)."""
    size = (128, 128)
    frame_rect = (6, 5, 116, 116)
    out = p.blank(size)
    frame = p.rrect_mask(size, frame_rect, 12)
    out.blit(p.shadow(frame, 4, (0, 3), opacity=0.6), (0, 0))
    wood_fill = p.wood(size, 402, WOOD, WOOD_DARK, WOOD_LIGHT, stretch=6)
    p.textured(wood_fill, p.vgradient(size, [(0.0, (255, 255, 255)), (1.0, (200, 200, 200))]))
    p.paint(out, wood_fill, frame)
    p.paint(out, WOOD_LIGHT, p.subtract(frame, p.shift(frame, (1, 1.5))), 0.8)
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring(frame_rect, 12, 1.3)), 0.9)
    inner_rect = (17, 16, 94, 94)
    well = p.rrect_mask(size, (15, 14, 98, 98), 6)
    p.paint(out, OUTLINE, well, 0.85)
    sheet = parchment_sheet(size, inner_rect, 5, 403)
    out.blit(sheet, (0, 0))
    inner_shadow = p.subtract(p.rrect_mask(size, inner_rect, 5), p.shift(p.rrect_mask(size, inner_rect, 5), (1, 2.5)))
    p.paint(out, PARCH_EDGE, p.glow(inner_shadow, 1.5, (255, 255, 255), 1.0), 0.6)
    bracket = corner_bracket(size)
    for turn in (0, 90, 180, 270):
        piece = pygame.transform.rotate(bracket, turn)
        out.blit(piece, (0, 0))
    return out


def corner_bracket(size: tuple[int, int]) -> pygame.Surface:
    """The top-left brass corner of the dialog frame (the others are rotations)."""
    pen = p.Pen(size)
    pen.polygon([(3, 3), (34, 3), (34, 8), (26, 13), (13, 13), (13, 26), (8, 34), (3, 34)])
    pen.rrect((3, 3, 15, 15), 4)
    mask = pen.mask()
    art = p.blank(size)
    art.blit(p.shadow(mask, 1.5, (0.5, 1.5), opacity=0.6), (0, 0))
    p.paint(art, brass_fill(size, 3, 34), mask)
    p.paint(art, BRASS_LIGHT, p.subtract(mask, p.shift(mask, (1, 1))), 0.9)
    p.paint(art, OUTLINE, p.subtract(mask, p.shape(size, lambda pen: pen.polygon([(4.2, 4.2), (32.8, 4.2), (32.8, 7.4), (25.6, 11.8), (11.8, 11.8), (11.8, 25.6), (7.4, 32.8), (4.2, 32.8)]))), 0.8)
    stud(art, (10.5, 10.5), 2.6)
    stud(art, (27, 7.8), 1.6)
    stud(art, (7.8, 27), 1.6)
    return art


def tooltip() -> pygame.Surface:
    """Dark ink-brown note with a thin brass line (48 px, slice 14)."""
    size = (48, 48)
    rect = (4, 3, 40, 40)
    mask = p.rrect_mask(size, rect, 8)
    out = p.shadow(mask, 3, (0, 2), opacity=0.5)
    fill = p.vgradient(size, [(0.0, (74, 50, 38)), (1.0, (44, 28, 22))], 3, 43)
    p.textured(fill, p.grain(size, 501, lo=238))
    layer = p.clip(fill, mask)
    p.fade(layer, 0.94)
    out.blit(layer, (0, 0))
    p.paint(out, BRASS, p.shape(size, lambda pen: pen.ring((rect[0] + 2, rect[1] + 2, rect[2] - 4, rect[3] - 4), 6, 1.1)), 0.85)
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, 8, 1.1)), 0.9)
    return out


def list_row() -> pygame.Surface:
    """A list row on parchment: a faint ink rule at the bottom (64x40, slice 12)."""
    size = (64, 40)
    out = p.blank(size)
    rule = p.shape(size, lambda pen: pen.rect((4, 37, 56, 1.2)))
    fade = p.hgradient(size, [(0.0, (0, 0, 0)), (0.18, (255, 255, 255)), (0.82, (255, 255, 255)), (1.0, (0, 0, 0))])
    rule = p.with_alpha(rule, bytes(a * f // 255 for a, f in zip(p.alpha_of(rule), pygame.image.tobytes(fade, "RGB")[0::3])))
    p.paint(out, INK, rule, 0.35)
    return out


def list_row_selected(fill_top: tuple = (255, 226, 150), fill_bottom: tuple = (240, 188, 96), border: tuple = BRASS_DARK,
                      grainy: bool = True) -> pygame.Surface:
    """The chosen row: a honey band with a brass line (64x40, slice 12)."""
    size = (64, 40)
    rect = (2, 2, 60, 36)
    mask = p.rrect_mask(size, rect, 8)
    out = p.glow(mask, 2, GLOW, 0.45)
    fill = p.vgradient(size, [(0.0, fill_top), (1.0, fill_bottom)], 2, 38)
    if grainy:
        p.textured(fill, p.grain(size, 611, lo=240))
    out.blit(p.clip(fill, mask), (0, 0))
    p.paint(out, (255, 246, 210), p.subtract(mask, p.shift(mask, (0, 1.5))), 0.9)
    p.paint(out, border, p.shape(size, lambda pen: pen.ring(rect, 8, 1.3)), 0.9)
    return out


# --- controls ------------------------------------------------------------------------------------


def button(style: PlaqueStyle) -> pygame.Surface:
    """A button plaque, 96x48 (slice 16)."""
    size = (96, 48)
    return plaque(size, (2, 1, 92, 43), 10, style)


def focus_ring(colour: tuple = GLOW, core: tuple = (255, 246, 208)) -> pygame.Surface:
    """A glowing rounded outline to draw around the focused widget, 6 px outside it (64 px, slice 22)."""
    size = (64, 64)
    ring = p.shape(size, lambda pen: pen.ring((5, 5, 54, 54), 15, 3))
    out = p.glow(ring, 4, colour, 0.95)
    out.blit(p.coloured(ring, colour), (0, 0))
    p.paint(out, core, p.shape(size, lambda pen: pen.ring((6, 6, 52, 52), 14, 1.2)), 0.85)
    return out


def slider_track() -> pygame.Surface:
    """The groove of a slider (64x20, slice 9)."""
    size = (64, 20)
    rect = (2, 4, 60, 12)
    mask = p.rrect_mask(size, rect, 6)
    out = p.blank(size)
    p.paint(out, (255, 240, 200), p.shift(mask, (0, 1)), 0.35)
    p.paint(out, brass_fill(size, 4, 16), mask)
    groove = p.rrect_mask(size, (4, 6, 56, 8), 4)
    p.paint(out, p.vgradient(size, [(0.0, (30, 18, 12)), (1.0, (78, 48, 30))], 6, 14), groove)
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, 6, 1.1)), 0.9)
    return out


def slider_fill() -> pygame.Surface:
    """The filled part of a slider: glowing amber in the groove (64x20, slice 9)."""
    size = (64, 20)
    groove = p.rrect_mask(size, (4, 6, 56, 8), 4)
    out = p.glow(groove, 2, GLOW, 0.7)
    p.paint(out, p.vgradient(size, [(0.0, (255, 240, 170)), (0.5, (248, 176, 70)), (1.0, (196, 110, 34))], 6, 14), groove)
    p.paint(out, (255, 252, 230), p.shape(size, lambda pen: pen.rrect((8, 7.2, 48, 1.6), 0.8)), 0.75)
    return out


def slider_knob() -> pygame.Surface:
    """A brass knob with an amber gem (32 px)."""
    size = (32, 32)
    art = disc(size, (16, 15), 11, BRASS_LIGHT, BRASS, BRASS_DARK)
    art.blit(disc(size, (16, 15), 5.5, (255, 236, 170), (236, 128, 40), (140, 54, 20)), (0, 0))
    p.paint(art, (255, 255, 240), p.shape(size, lambda pen: pen.circle((14.3, 13.2), 1.6)), 0.9)
    return sticker(art, 1, OUTLINE, 0.5)


def toggle(on: bool) -> pygame.Surface:
    """A pill switch: walnut groove with a brass knob (off, left) or mossy glow (on, right), 64x32."""
    size = (64, 32)
    rect = (3, 3, 58, 25)
    mask = p.rrect_mask(size, rect, 12.5)
    out = p.shadow(mask, 2, (0, 2), opacity=0.5)
    p.paint(out, brass_fill(size, 3, 28), mask)
    well = p.rrect_mask(size, (5.5, 5.5, 53, 20), 10)
    inside = (p.vgradient(size, [(0.0, (70, 110, 40)), (1.0, (150, 196, 86))], 5, 26) if on
              else p.vgradient(size, [(0.0, (40, 24, 16)), (1.0, (96, 60, 36))], 5, 26))
    p.paint(out, inside, well)
    if on:
        out.blit(p.clip(p.glow(p.shape(size, lambda pen: pen.circle((22, 15.5), 7)), 5, (220, 255, 150), 0.6), well), (0, 0))
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, 12.5, 1.1)), 0.9)
    kx = 45.5 if on else 18.5
    p.paint(out, SHADOW, p.shape(size, lambda pen: pen.circle((kx, 17.5), 10)), 0.45)
    knob = disc(size, (kx, 15.5), 9.5, (255, 236, 170) if on else (236, 226, 210), BRASS if on else (176, 160, 140),
                BRASS_DARK if on else (96, 84, 72))
    out.blit(knob, (0, 0))
    p.paint(out, OUTLINE, p.shape(size, lambda pen: (pen.circle((kx, 15.5), 9.5), pen.circle((kx, 15.5), 8.5, erase=True))), 0.8)
    return out


def scrollbar_track() -> pygame.Surface:
    """A narrow dark groove for scroll bars (16x64, slice 7)."""
    size = (16, 64)
    rect = (4, 2, 8, 60)
    mask = p.rrect_mask(size, rect, 4)
    out = p.blank(size)
    p.paint(out, (255, 244, 214), p.shift(mask, (0, 1)), 0.3)
    p.paint(out, p.hgradient(size, [(0.0, (60, 38, 24)), (1.0, (110, 74, 46))]), mask, 0.55)
    p.paint(out, OUTLINE, p.subtract(mask, p.shift(mask, (0.8, 1.5))), 0.5)
    return out


def scrollbar_thumb() -> pygame.Surface:
    """A brass bar to drag (16x48, slice 7)."""
    size = (16, 48)
    rect = (3, 1, 10, 45)
    mask = p.rrect_mask(size, rect, 5)
    out = p.shadow(mask, 1.5, (0, 1.5), opacity=0.5)
    p.paint(out, p.hgradient(size, [(0.2, BRASS_LIGHT), (0.55, BRASS), (0.9, BRASS_DARK)]), mask)
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring(rect, 5, 1.0)), 0.9)
    return out


# --- icons ---------------------------------------------------------------------------------------


def gear(size: tuple[int, int], centre: tuple[float, float], outer: float, teeth: int, hole: float,
         light: tuple = BRASS_LIGHT, mid: tuple = BRASS, dark: tuple = BRASS_DARK, turn: float = 0.0) -> pygame.Surface:
    """A shaded brass cog with a hub hole."""
    inner = outer * (0.8 if teeth > 8 else 0.76)
    mask = p.shape(size, lambda pen: (pen.polygon(p.gear_points(centre, outer, inner, teeth, turn)), pen.circle(centre, inner * 0.98),
                                      pen.circle(centre, hole, erase=True)))
    fill = p.radial(size, (centre[0] - outer * 0.4, centre[1] - outer * 0.45), outer * 1.7, [(0.0, light), (0.45, mid), (1.0, dark)])
    art = p.clip(fill, mask)
    p.paint(art, p.darken(mid, 0.25), p.shape(size, lambda pen: (pen.circle(centre, inner * 0.62), pen.circle(centre, inner * 0.5, erase=True),
                                                                    pen.circle(centre, hole, erase=True))), 0.6)
    p.paint(art, light, p.subtract(mask, p.shift(mask, (1, 1.2))), 0.7)
    return art


def hourglass(size: tuple[int, int], box: tuple[float, float, float, float], sand_level: float = 0.62) -> pygame.Surface:
    """A brass-and-walnut hourglass with golden sand running into its lower bulb."""
    x, y, w, h = box
    cx = x + w / 2
    cap_h = h * 0.1
    top, bottom = y + cap_h, y + h - cap_h
    mid = (top + bottom) / 2
    half = w * 0.36
    neck = w * 0.045

    def bulb(y0: float, y1: float) -> list[tuple[float, float]]:
        pts_l, pts_r = [], []
        for i in range(25):
            u = i / 24
            yy = y0 + (y1 - y0) * u
            hw = neck + (half - neck) * math.sin(math.pi / 2 * (1 - u)) ** 1.6 * (0.86 + 0.14 * math.sin(math.pi * (1 - u)))
            pts_l.append((cx - hw, yy))
            pts_r.append((cx + hw, yy))
        return pts_l + pts_r[::-1]

    upper = bulb(top + 1, mid)
    lower = [(px, 2 * mid - py) for px, py in bulb(top + 1, mid)]
    glass = p.shape(size, lambda pen: (pen.polygon(upper), pen.polygon(lower), pen.rect((cx - neck, mid - 2, 2 * neck, 4))))
    art = p.blank(size)
    p.paint(art, (226, 236, 255), glass, 0.24)
    sand_fill = p.vgradient(size, [(0.0, (255, 220, 130)), (1.0, (214, 140, 52))], top, bottom)
    pile_top = mid + (bottom - mid) * (1 - sand_level)
    lower_sand = p.shape(size, lambda pen: pen.polygon([(x, bottom + 2), (x + w, bottom + 2), (x + w, bottom - 2),
                                                         (cx + half * 0.55, pile_top + (bottom - pile_top) * 0.35), (cx, pile_top),
                                                         (cx - half * 0.55, pile_top + (bottom - pile_top) * 0.35), (x, bottom - 2)]))
    upper_sand = p.shape(size, lambda pen: pen.polygon([(x, mid - (mid - top) * 0.42), (x + w, mid - (mid - top) * 0.42), (cx, mid + 1)]))
    stream = p.shape(size, lambda pen: pen.rect((cx - max(0.7, neck * 0.45), mid - 2, max(1.4, neck * 0.9), pile_top - mid + 3)))
    for part in (lower_sand, upper_sand):
        p.paint(art, sand_fill, p.clip(part, glass))
    p.paint(art, sand_fill, stream)
    glass_edge = p.subtract(glass, p.shape(size, lambda pen: (pen.polygon([(px + (1.4 if px < cx else -1.4), py) for px, py in upper]),
                                                               pen.polygon([(px + (1.4 if px < cx else -1.4), py) for px, py in lower]))))
    p.paint(art, (250, 246, 255), glass_edge, 0.55)
    shine = p.shape(size, lambda pen: (pen.lines([(cx - half * 0.62, top + (mid - top) * 0.18), (cx - half * 0.5, top + (mid - top) * 0.62)], max(1.2, w * 0.035)),
                                        pen.lines([(cx - half * 0.5, mid + (bottom - mid) * 0.4), (cx - half * 0.62, mid + (bottom - mid) * 0.8)], max(1.2, w * 0.035))))
    p.paint(art, (255, 255, 255), shine, 0.7)
    post_w = max(2.0, w * 0.07)
    posts = p.shape(size, lambda pen: (pen.rrect((x + w * 0.06, y + cap_h * 0.5, post_w, h - cap_h), post_w / 2),
                                       pen.rrect((x + w * 0.94 - post_w, y + cap_h * 0.5, post_w, h - cap_h), post_w / 2)))
    p.paint(art, p.hgradient(size, [(0.0, BRASS_LIGHT), (0.5, BRASS), (1.0, BRASS_DARK)]), posts)
    caps = p.shape(size, lambda pen: (pen.rrect((x, y, w, cap_h), cap_h * 0.35), pen.rrect((x, y + h - cap_h, w, cap_h), cap_h * 0.35)))
    cap_fill = p.wood(size, 909, WOOD, WOOD_DARK, WOOD_LIGHT, stretch=5)
    p.textured(cap_fill, p.vgradient(size, [(0.0, (255, 255, 255)), (1.0, (190, 190, 190))], y, y + cap_h))
    p.paint(art, cap_fill, caps)
    p.paint(art, WOOD_LIGHT, p.subtract(caps, p.shift(caps, (0, max(1.0, cap_h * 0.18)))), 0.9)
    bands = p.shape(size, lambda pen: (pen.rect((x + w * 0.04, y + cap_h * 0.72, w * 0.92, max(1.2, cap_h * 0.22))),
                                       pen.rect((x + w * 0.04, y + h - cap_h, w * 0.92, max(1.2, cap_h * 0.22)))))
    p.paint(art, BRASS, bands)
    return art


def scroll_map(size: tuple[int, int], length: float, width: float) -> pygame.Surface:
    """A horizontal map scroll with rolled ends, a dotted trail and a red cross, centred in `size`."""
    cx, cy = size[0] / 2, size[1] / 2
    x0, x1 = cx - length / 2, cx + length / 2
    roll = width * 0.22
    sheet_rect = (x0 + roll * 0.6, cy - width / 2, length - roll * 1.2, width)
    art = parchment_sheet(size, sheet_rect, 2, 77)
    trail = p.Pen(size)
    pts = [(sheet_rect[0] + sheet_rect[2] * t, cy + width * 0.22 * math.sin(t * 7.5 + 0.6)) for t in [i / 9 for i in range(1, 9)]]
    for px, py in pts[:-1]:
        trail.circle((px, py), max(1.0, width * 0.035))
    p.paint(art, (150, 70, 40), trail.mask(), 0.85)
    xx, xy = pts[-1]
    cross = p.shape(size, lambda pen: (pen.line((xx - width * 0.09, xy - width * 0.09), (xx + width * 0.09, xy + width * 0.09), max(1.5, width * 0.06)),
                                        pen.line((xx - width * 0.09, xy + width * 0.09), (xx + width * 0.09, xy - width * 0.09), max(1.5, width * 0.06))))
    p.paint(art, (192, 52, 38), cross)
    hills = p.Pen(size)
    for hx in (0.28, 0.38):
        bx = sheet_rect[0] + sheet_rect[2] * hx
        hills.lines([(bx - width * 0.1, cy - width * 0.12), (bx, cy - width * 0.28), (bx + width * 0.1, cy - width * 0.12)], max(1.0, width * 0.04))
    p.paint(art, (120, 80, 50), hills.mask(), 0.6)
    for ex in (x0, x1 - roll):
        cyl = p.shape(size, lambda pen: pen.rrect((ex, cy - width / 2 - roll * 0.25, roll, width + roll * 0.5), roll * 0.45))
        fill = p.solid(size, PARCH_DARK)
        fill.blit(p.hgradient((round(roll) + 1, size[1]), [(0.0, PARCH_EDGE), (0.35, (255, 244, 214)), (1.0, PARCH_EDGE)]), (round(ex), 0))
        p.paint(art, fill, cyl)
        p.paint(art, OUTLINE, p.subtract(cyl, p.shape(size, lambda pen: pen.rrect((ex + 1, cy - width / 2 - roll * 0.25 + 1, roll - 2, width + roll * 0.5 - 2), roll * 0.4))), 0.8)
    return art


def logo_emblem() -> pygame.Surface:
    """Title emblem: an hourglass over a map scroll on a starry brass medallion (256 px)."""
    size = (256, 256)
    c = (128, 126)
    out = p.blank(size)
    medal = p.shape(size, lambda pen: pen.circle(c, 112))
    out.blit(p.shadow(medal, 6, (0, 5), opacity=0.55), (0, 0))
    p.paint(out, p.radial(size, (c[0] - 40, c[1] - 50), 190, [(0.0, BRASS_LIGHT), (0.45, BRASS), (1.0, BRASS_DARK)]), medal)
    for i in range(24):
        a = math.tau * i / 24
        bead = p.shape(size, lambda pen: pen.circle((c[0] + 104 * math.cos(a), c[1] + 104 * math.sin(a)), 2.6))
        p.paint(out, BRASS_LIGHT if math.sin(a) < 0 else BRASS_DARK, bead, 0.9)
    night_mask = p.shape(size, lambda pen: pen.circle(c, 94))
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.circle(c, 97)))
    night = p.vgradient(size, [(0.0, (34, 24, 70)), (0.55, (96, 50, 104)), (1.0, (222, 128, 96))], 32, 222)
    rng = random.Random(2048)
    stars = p.Pen(size)
    for _ in range(40):
        stars.circle((rng.uniform(36, 220), rng.uniform(34, 150)), rng.choice((0.6, 0.8, 1.1)))
    night.blit(p.coloured(stars.mask(), (255, 246, 220)), (0, 0))
    dune = p.shape(size, lambda pen: pen.polygon([(30, 190), (80, 172), (140, 182), (200, 166), (230, 176), (230, 230), (30, 230)]))
    night.blit(p.clip(p.solid(size, (112, 58, 80)), dune), (0, 0))
    p.paint(out, night, night_mask)
    p.paint(out, (255, 236, 190), p.subtract(night_mask, p.shift(night_mask, (0, -2))), 0.35)
    scroll = p.rotated(scroll_map(size, 196, 62), 28)
    out.blit(p.shadow(p.silhouette(scroll), 3, (2, 4), opacity=0.55), (0, 0))
    out.blit(p.outlined(scroll, 1, OUTLINE), (0, 0))
    glass = p.outlined(hourglass(size, (92, 44, 72, 160)), 2, OUTLINE)
    out.blit(p.shadow(p.silhouette(glass), 4, (3, 5), opacity=0.6), (0, 0))
    out.blit(glass, (0, 0))
    p.paint(out, OUTLINE, p.shape(size, lambda pen: pen.ring((16, 14, 224, 224), 112, 2)), 0.9)
    return out


def icon_arenas() -> pygame.Surface:
    """Menu icon of Arenas Movedizas: an hourglass standing on a brass gear (128 px)."""
    size = (128, 128)
    art = gear(size, (64, 66), 54, 12, 3, turn=7)
    art = p.outlined(art, 2, OUTLINE)
    glass = p.outlined(hourglass(size, (40, 14, 48, 102)), 2, OUTLINE)
    art.blit(p.shadow(p.silhouette(glass), 3, (3, 4), opacity=0.6), (0, 0))
    art.blit(glass, (0, 0))
    return p.with_shadow(art, 3, (0, 4), 0.5)


def icon_arzium() -> pygame.Surface:
    """Menu icon of Arzium: a folded map under a crescent moon, a creature asleep on it (128 px)."""
    size = (128, 128)
    art = p.blank(size)
    panels = [((12, 40), (46, 32), (46, 108), (12, 116)), ((46, 32), (82, 42), (82, 118), (46, 108)),
              ((82, 42), (116, 34), (116, 110), (82, 118))]
    for i, quad in enumerate(panels):
        mask = p.shape(size, lambda pen: pen.polygon(quad))
        paper = p.solid(size, PARCH if i != 1 else PARCH_DARK)
        p.textured(paper, p.fractal(size, 80 + i, (14, 5, 2), lo=222))
        p.paint(art, paper, mask)
    trail = p.Pen(size)
    for t in range(9):
        u = t / 8
        trail.circle((20 + 82 * u, 96 - 40 * u + 10 * math.sin(u * 6)), 1.6)
    p.paint(art, (150, 70, 40), trail.mask(), 0.85)
    cross = p.shape(size, lambda pen: (pen.line((100, 48), (108, 56), 3), pen.line((100, 56), (108, 48), 3)))
    p.paint(art, (192, 52, 38), cross)
    p.paint(art, PARCH_EDGE, p.shape(size, lambda pen: (pen.line((46, 33), (46, 107), 1.4), pen.line((82, 43), (82, 117), 1.4))), 0.7)
    art = p.outlined(art, 2, OUTLINE)
    # sleeping creature: a round fox-cat curled up on the middle panel
    body_c = (62, 88)
    creature = p.blank(size)
    body = p.shape(size, lambda pen: (pen.ellipse((body_c[0] - 24, body_c[1] - 14, 48, 28)),))
    tail = p.shape(size, lambda pen: pen.lines([(38, 92), (44, 100), (60, 103), (78, 100), (86, 93)], 9))
    head = p.shape(size, lambda pen: (pen.circle((76, 80), 12), pen.polygon([(66, 74), (67, 60), (75, 69)]), pen.polygon([(78, 69), (86, 59), (87, 74)])))
    fur = p.radial(size, (58, 74), 40, [(0.0, (252, 184, 104)), (0.6, (226, 124, 60)), (1.0, (170, 80, 40))])
    for part in (body, head):
        p.paint(creature, fur, part)
    p.paint(creature, p.radial(size, (62, 96), 26, [(0.0, (255, 236, 200)), (1.0, (236, 180, 120))]), tail)
    p.paint(creature, (255, 240, 210), p.shape(size, lambda pen: pen.ellipse((68, 83, 16, 9))))
    eye = p.shape(size, lambda pen: pen.arc((78, 79), 3.2, 200, 340, 1.4))
    p.paint(creature, OUTLINE, eye)
    p.paint(creature, (60, 34, 24), p.shape(size, lambda pen: pen.circle((84, 85), 1.4)))
    p.paint(creature, (240, 140, 130), p.shape(size, lambda pen: pen.circle((73, 85), 2.2)), 0.5)
    creature = p.outlined(creature, 2, OUTLINE)
    art.blit(p.shadow(p.silhouette(creature), 2, (1, 3), opacity=0.5), (0, 0))
    art.blit(creature, (0, 0))
    moon = p.subtract(p.shape(size, lambda pen: pen.circle((96, 22), 15)), p.shape(size, lambda pen: pen.circle((104, 16), 13)))
    moon_art = p.over(p.glow(moon, 5, (255, 226, 150), 0.8), p.clip(p.radial(size, (88, 20), 20, [(0.0, (255, 252, 226)), (1.0, (246, 206, 120))]), moon))
    art.blit(p.outlined(moon_art, 1, OUTLINE), (0, 0))
    zz = p.shape(size, lambda pen: (pen.lines([(56, 46), (64, 46), (56, 55), (64, 55)], 2.2), pen.lines([(68, 30), (74, 30), (68, 37), (74, 37)], 1.8)))
    art.blit(p.outlined(p.coloured(zz, (255, 250, 236)), 1, OUTLINE), (0, 0))
    return p.with_shadow(art, 3, (0, 4), 0.5)


def icon_settings() -> pygame.Surface:
    """A brass cog (64 px)."""
    size = (64, 64)
    return sticker(gear(size, (32, 31), 25, 8, 7.5, turn=10), 2)


def icon_rules() -> pygame.Surface:
    """An open book of rules with a red ribbon (64 px)."""
    size = (64, 64)
    art = p.blank(size)
    cover = p.shape(size, lambda pen: pen.polygon([(4, 16), (31, 20), (33, 20), (60, 16), (60, 52), (33, 56), (31, 56), (4, 52)]))
    p.paint(art, p.vgradient(size, [(0.0, (150, 62, 44)), (1.0, (96, 34, 26))]), cover)
    left = p.shape(size, lambda pen: pen.polygon([(7, 12), (20, 10), (31, 15), (31, 51), (20, 47), (7, 49)]))
    right = p.shape(size, lambda pen: pen.polygon([(33, 15), (44, 10), (57, 12), (57, 49), (44, 47), (33, 51)]))
    for i, page in enumerate((left, right)):
        paper = p.hgradient(size, [(0.0, PARCH), (0.5, (255, 246, 222)), (1.0, PARCH)] if i else [(0.0, PARCH), (0.5, (255, 246, 222)), (1.0, PARCH_DARK)])
        p.paint(art, paper, page)
    lines = p.Pen(size)
    for row in range(5):
        y = 19 + row * 5.5
        lines.line((11, y + 0.5 - row * 0.1), (27, y + 2.5), 1.1)
        lines.line((37, y + 2.5), (53, y + 0.5 - row * 0.1), 1.1)
    p.paint(art, INK, lines.mask(), 0.55)
    p.paint(art, PARCH_EDGE, p.shape(size, lambda pen: pen.line((32, 15), (32, 52), 1.5)), 0.8)
    ribbon = p.shape(size, lambda pen: pen.polygon([(40, 12), (45, 12), (45, 60), (42.5, 56), (40, 60)]))
    p.paint(art, p.vgradient(size, [(0.0, (220, 70, 54)), (1.0, (150, 36, 30))]), ribbon)
    return sticker(art, 2)


def icon_quit() -> pygame.Surface:
    """An arched wooden door ajar with an arrow leading out (64 px)."""
    size = (64, 64)
    art = p.blank(size)
    frame = p.shape(size, lambda pen: (pen.rect((8, 24, 32, 34)), pen.circle((24, 24), 16)))
    p.paint(art, (44, 28, 30), frame)
    door = p.shape(size, lambda pen: pen.polygon([(11, 57), (11, 24), (14, 15), (22, 10.5), (30, 13), (30, 60)]))
    p.paint(art, p.wood(size, 31, WOOD, WOOD_DARK, WOOD_LIGHT, stretch=1.0), door)
    p.paint(art, WOOD_DARK, p.shape(size, lambda pen: (pen.line((17, 14), (17, 57), 1.2), pen.line((23, 11), (23, 58), 1.2))), 0.8)
    p.paint(art, BRASS, p.shape(size, lambda pen: pen.circle((26.5, 37), 2)))
    p.paint(art, (255, 212, 120), p.shape(size, lambda pen: pen.polygon([(30, 13), (34, 16), (38, 24), (38, 57), (30, 60)])), 0.85)
    arrow = p.shape(size, lambda pen: (pen.line((34, 38), (52, 38), 6), pen.polygon([(48, 28), (60, 38), (48, 48)])))
    arrow_art = p.clip(p.vgradient(size, [(0.0, (255, 226, 140)), (1.0, (226, 140, 50))], 28, 48), arrow)
    art = p.outlined(art, 2, OUTLINE)
    art.blit(p.outlined(arrow_art, 2, OUTLINE), (0, 0))
    return p.with_shadow(art, 2, (0, 3), 0.45)


def icon_back() -> pygame.Surface:
    """A brass arrow curling back to the left (64 px)."""
    size = (64, 64)
    mask = p.shape(size, lambda pen: (pen.arc((34, 36), 15, 90, -90, 7), pen.line((34, 21), (22, 21), 7),
                                      pen.polygon([(24, 9), (8, 21), (24, 33)]), pen.line((34, 51), (24, 51), 7)))
    art = p.clip(p.radial(size, (20, 16), 52, [(0.0, BRASS_LIGHT), (0.5, BRASS), (1.0, BRASS_DARK)]), mask)
    p.paint(art, BRASS_LIGHT, p.subtract(mask, p.shift(mask, (0.8, 1.2))), 0.8)
    return sticker(art, 2)


def lock() -> pygame.Surface:
    """A small brass padlock (32 px)."""
    size = (32, 32)
    art = p.blank(size)
    shackle = p.shape(size, lambda pen: (pen.arc((16, 13), 6.5, 0, 180, 3), pen.line((9.5, 13), (9.5, 16), 3), pen.line((22.5, 13), (22.5, 16), 3)))
    p.paint(art, p.hgradient(size, [(0.0, (220, 220, 226)), (0.5, (160, 160, 170)), (1.0, (100, 100, 110))]), shackle)
    body = p.shape(size, lambda pen: pen.rrect((6, 14, 20, 15), 3.5))
    p.paint(art, p.vgradient(size, [(0.0, BRASS_LIGHT), (0.5, BRASS), (1.0, BRASS_DARK)], 14, 29), body)
    p.paint(art, OUTLINE, p.shape(size, lambda pen: (pen.circle((16, 20), 2.2), pen.polygon([(15, 21), (17, 21), (17.6, 25.5), (14.4, 25.5)]))))
    return sticker(art, 1, OUTLINE, 0.5)


def star(fill_light: tuple = (255, 244, 170), fill_dark: tuple = (232, 150, 40)) -> pygame.Surface:
    """A golden star (32 px)."""
    size = (32, 32)
    mask = p.shape(size, lambda pen: pen.polygon(p.star_points((16, 16.5), 13.5, 6.2)))
    art = p.clip(p.radial(size, (12, 10), 22, [(0.0, fill_light), (1.0, fill_dark)]), mask)
    p.paint(art, (255, 255, 235), p.subtract(mask, p.shift(mask, (0.8, 1.2))), 0.8)
    return sticker(art, 1, OUTLINE, 0.5)


def sprites() -> dict[str, tuple[pygame.Surface, dict]]:
    """Every UI sprite: name -> (surface, manifest meta)."""
    return {
        "ui/background": (background(), {}),
        "ui/panel": (panel(), {"slice": 20}),
        "ui/dialog": (dialog(), {"slice": 40}),
        "ui/button": (button(PLAQUE), {"slice": 16}),
        "ui/button_hover": (button(PLAQUE_HOVER), {"slice": 16}),
        "ui/button_pressed": (button(PLAQUE_PRESSED), {"slice": 16}),
        "ui/button_disabled": (button(PLAQUE_DISABLED), {"slice": 16}),
        "ui/focus_ring": (focus_ring(), {"slice": 22}),
        "ui/slider_track": (slider_track(), {"slice": 9}),
        "ui/slider_fill": (slider_fill(), {"slice": 9}),
        "ui/slider_knob": (slider_knob(), {}),
        "ui/toggle_off": (toggle(False), {}),
        "ui/toggle_on": (toggle(True), {}),
        "ui/tooltip": (tooltip(), {"slice": 14}),
        "ui/list_row": (list_row(), {"slice": 12}),
        "ui/list_row_selected": (list_row_selected(), {"slice": 12}),
        "ui/scrollbar_track": (scrollbar_track(), {"slice": 7}),
        "ui/scrollbar_thumb": (scrollbar_thumb(), {"slice": 7}),
        "ui/logo_emblem": (logo_emblem(), {}),
        "ui/icon_arenas": (icon_arenas(), {}),
        "ui/icon_arzium": (icon_arzium(), {}),
        "ui/icon_settings": (icon_settings(), {}),
        "ui/icon_rules": (icon_rules(), {}),
        "ui/icon_quit": (icon_quit(), {}),
        "ui/icon_back": (icon_back(), {}),
        "ui/lock": (lock(), {}),
        "ui/star": (star(), {}),
    }
