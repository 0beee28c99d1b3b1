"""The High Contrast pack: flat black/white/yellow controls and ink, layered over the default pack.

It overrides only the sprites below and a few palette colours; everything else falls back to the
default pack, which is what this pack is also here to prove.
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from sprites.generate import paint as p
from sprites.generate import ui

PALETTE = {
    "ui_text": "#000000",
    "ui_text_light": "#ffffff",
    "ui_focus": "#ffe600",
}

BLACK = (12, 12, 12)
WHITE = (255, 255, 255)
YELLOW = (255, 230, 0)

PLAQUE = ui.PlaqueStyle(rim=WHITE, rim_light=WHITE, rim_dark=(200, 200, 200), body=BLACK, body_dark=BLACK,
                        body_light=(70, 70, 70), outline=BLACK, grain=False)
PLAQUE_HOVER = replace(PLAQUE, rim=YELLOW, rim_light=(255, 246, 150), rim_dark=(220, 190, 0), body=(34, 34, 34))
PLAQUE_PRESSED = replace(PLAQUE, rim=YELLOW, rim_light=YELLOW, rim_dark=(220, 190, 0), body=(60, 60, 60), pressed=True)
PLAQUE_DISABLED = replace(PLAQUE, rim=(150, 150, 150), rim_light=(170, 170, 170), rim_dark=(120, 120, 120),
                          body=(80, 80, 80), body_light=(100, 100, 100))


def panel() -> pygame.Surface:
    """Plain white sheet with a heavy black border (96 px, slice 20)."""
    size = (96, 96)
    rect = (5, 4, 86, 86)
    mask = p.rrect_mask(size, rect, 9)
    out = p.shadow(mask, 3, (0, 2), opacity=0.6)
    p.paint(out, WHITE, mask)
    p.paint(out, BLACK, p.shape(size, lambda pen: pen.ring(rect, 9, 3)))
    return out


def focus_ring() -> pygame.Surface:
    """A thick yellow ring edged in black, readable on light and dark (64 px, slice 22)."""
    size = (64, 64)
    outer = p.shape(size, lambda pen: pen.ring((3, 3, 58, 58), 17, 7))
    core = p.shape(size, lambda pen: pen.ring((5, 5, 54, 54), 15, 3.5))
    return p.over(p.coloured(outer, BLACK), p.coloured(core, YELLOW))


def sprites() -> dict[str, tuple[pygame.Surface, dict]]:
    """The overridden sprites: name -> (surface, manifest meta)."""
    return {
        "ui/button": (ui.button(PLAQUE), {"slice": 16}),
        "ui/button_hover": (ui.button(PLAQUE_HOVER), {"slice": 16}),
        "ui/button_pressed": (ui.button(PLAQUE_PRESSED), {"slice": 16}),
        "ui/button_disabled": (ui.button(PLAQUE_DISABLED), {"slice": 16}),
        "ui/panel": (panel(), {"slice": 20}),
        "ui/focus_ring": (focus_ring(), {"slice": 22}),
        "ui/list_row_selected": (ui.list_row_selected(YELLOW, YELLOW, BLACK, grainy=False), {"slice": 12}),
    }
