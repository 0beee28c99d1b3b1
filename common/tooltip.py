"""Tooltips: where one goes for the mouse at a point, and drawing it on parchment."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from common import text

if TYPE_CHECKING:
    from common.app import App

TOOLTIP_DELAY_MS = 450


def tooltip_rect(app: App, message: str, pos: tuple[int, int], avoid: pygame.Rect | None = None,
                 clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where `draw_tooltip` puts the tooltip of `message` for the mouse at `pos`: under, over, right of or left of
    `avoid` (the part of a widget the pointer is using, within its width where it fits), the first place that
    keeps off the widgets `clear` (else the first inside the window); without `avoid`, beside the mouse."""
    px = app.font_px(18)
    lh = text.font(px).get_linesize()
    lines = text.wrap_balanced(message, px, app.px(360))
    w = max(text.font(px).size(line)[0] for line in lines) + app.px(24)
    h = lh * len(lines) + app.px(16)
    sw, sh = app.size
    window = pygame.Rect(4, 4, sw - 8, sh - 8)
    if avoid is not None:
        gap = app.px(6)
        left = min(max(pos[0] - w // 2, avoid.left), avoid.right - w) if w <= avoid.w else avoid.left
        middle = avoid.centery - h // 2
        places = [(left, avoid.bottom + gap), (left, avoid.top - gap - h), (avoid.right + gap, middle),
                  (avoid.left - gap - w, middle)]
        fits = []
        for i, (x, y) in enumerate(places):
            box = pygame.Rect(x, y, w, h)
            box.clamp_ip(window)  # under or over: slid sideways into the window; beside: up or down
            if (box.top == y if i < 2 else box.left == x) and not box.colliderect(avoid):
                fits.append(box)
        clean = next((box for box in fits if box.collidelist(list(clear)) < 0), None)
        if clean is not None or fits:
            return clean if clean is not None else fits[0]
    box = pygame.Rect(pos[0] + app.px(16), pos[1] + app.px(20), w, h)
    box.right = min(box.right, sw - 4)
    box.bottom = min(box.bottom, sh - 4)
    if box.collidepoint(pos):
        box.bottom = pos[1] - app.px(8)
    return box


def draw_tooltip(surface: pygame.Surface, app: App, message: str, pos: tuple[int, int],
                 avoid: pygame.Rect | None = None, clear: Sequence[pygame.Rect] = ()) -> None:
    """A parchment tooltip for the mouse at `pos` (see `tooltip_rect`), kept inside the window."""
    px = app.font_px(18)
    lh = text.font(px).get_linesize()
    lines = text.wrap_balanced(message, px, app.px(360))
    box = tooltip_rect(app, message, pos, avoid, clear)
    surface.blit(app.sprites.nine_slice("ui/tooltip", box.size), box)
    for i, line in enumerate(lines):
        text.draw_text(surface, line, px, app.theme.text_light, (box.left + app.px(12), box.top + app.px(8) + i * lh))
