"""Tooltips: where one goes for the mouse at a point, and drawing it on parchment."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from common.engine import text

if TYPE_CHECKING:
    from common.engine.app import App

TOOLTIP_DELAY_MS = 450


def tooltip_rect(app: App, message: str, pos: tuple[int, int], avoid: pygame.Rect | None = None,
                 clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where `draw_tooltip` puts the tooltip of `message` for the mouse at `pos`: under, over, right of or left of
    `avoid` (the part of a widget the pointer is using, within its width where it fits); where all four meet one
    of the rects `clear` (other widgets, headings), the nearest free spot along those sides or past what blocks
    them; where none is free, the first of the four inside the window. Without `avoid`, beside the mouse."""
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
        blocks = list(clear)
        clean = next((box for box in fits if box.collidelist(blocks) < 0), None)
        if clean is None and fits and blocks:
            clean = _free_spot(pygame.Rect(0, 0, w, h), avoid, blocks, window, gap)
        if clean is not None or fits:
            return clean if clean is not None else fits[0]
    box = pygame.Rect(pos[0] + app.px(16), pos[1] + app.px(20), w, h)
    box.right = min(box.right, sw - 4)
    box.bottom = min(box.bottom, sh - 4)
    if box.collidepoint(pos):
        box.bottom = pos[1] - app.px(8)
    return box


def _free_spot(size: pygame.Rect, avoid: pygame.Rect, blocks: list[pygame.Rect], window: pygame.Rect,
               gap: int) -> pygame.Rect | None:
    """The spot for a box of `size` nearest to `avoid` that is inside `window` and meets neither `avoid` nor
    `blocks`: along each side of `avoid` (slid sideways under and over, up and down beside it), and past the
    blocks each side meets first."""
    w, h = size.size
    step = max(4, gap * 2)
    rows = [avoid.bottom + gap, avoid.top - gap - h]
    cols = [avoid.right + gap, avoid.left - gap - w]
    for _ in range(3):  # past what blocks a side, then past what blocks that, ...
        under = [b for b in blocks if b.colliderect(pygame.Rect(window.left, rows[-2], window.w, h))]
        over = [b for b in blocks if b.colliderect(pygame.Rect(window.left, rows[-1], window.w, h))]
        right = [b for b in blocks if b.colliderect(pygame.Rect(cols[-2], window.top, w, window.h))]
        left = [b for b in blocks if b.colliderect(pygame.Rect(cols[-1], window.top, w, window.h))]
        rows += [max(b.bottom for b in under) + gap if under else rows[-2],
                 min(b.top for b in over) - gap - h if over else rows[-1]]
        cols += [max(b.right for b in right) + gap if right else cols[-2],
                 min(b.left for b in left) - gap - w if left else cols[-1]]
    spots = [pygame.Rect(x, y, w, h) for y in set(rows) for x in range(window.left, window.right - w + 1, step)]
    spots += [pygame.Rect(x, y, w, h) for x in set(cols) for y in range(window.top, window.bottom - h + 1, step)]
    free = [box for box in spots if window.contains(box) and not box.colliderect(avoid) and box.collidelist(blocks) < 0]
    centre = pygame.Vector2(avoid.center)
    return min(free, key=lambda box: (centre.distance_squared_to(box.center), box.y, box.x), default=None)


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
