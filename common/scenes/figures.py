"""Figures of the rules screen: the pieces both games build their figures from (a scene's frame cropped to a
region, and a strip of panels joined by arrows), and a figure drawn at a size.

A game gives its figure book (`common.ui.figure_book`) through its `rules_figures` hook; a rules text shows
figure `name` with a line `[figure: name]`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from common.engine import text
from common.engine.layers import Part, paint_all
from common.ui.figure_book import Figure, FigureMaker

if TYPE_CHECKING:
    from common.engine.app import App

DRAW_WINDOW = (1920, 1080)  # figures are drawn as in a window at most this big (the games lay out for it)
LABEL_PX = 19  # the words under a panel, designed at 1280x720
LINK_PX = 17   # the word under a link's arrow


@dataclass(frozen=True)
class Panel:
    """One picture of a strip and the words under it."""

    image: pygame.Surface
    label: str = ""


@dataclass(frozen=True)
class Link:
    """The arrow from one panel to the next, with a picture (the card played) over it and a word under it;
    `arrow` False: only a gap."""

    picture: pygame.Surface | None = None
    word: str = ""
    arrow: bool = True


def draw_figure(app: App, maker: FigureMaker, width: int, height: int) -> Figure:
    """`maker`'s figure for width x height; in a window bigger than DRAW_WINDOW it is drawn as in one that size
    and scaled up (a 4K window would make the games paint whole 4K frames for every picture)."""
    w, h = app.size
    k = min(1.0, DRAW_WINDOW[0] / w, DRAW_WINDOW[1] / h)
    if k >= 1.0:
        return maker(app, width, height)
    real = app.screen
    app.screen = pygame.Surface((round(w * k), round(h * k)))
    try:
        small = maker(app, max(1, round(width * k)), max(1, round(height * k)))
    finally:
        app.screen = real
    iw, ih = small.image.get_size()
    size = (min(width, round(iw / k)), min(height, round(ih / k)))
    return Figure(pygame.transform.smoothscale(small.image, size), small.caption)


def frame_crop(parts: Sequence[Part], size: tuple[int, int], region: pygame.Rect) -> pygame.Surface:
    """Paint a scene's frame `parts` on a window-sized surface and keep `region` of it."""
    frame = pygame.Surface(size)
    region = region.clip(frame.get_rect())
    frame.set_clip(region)  # only what shows in the region is painted
    paint_all(frame, parts)
    return frame.subsurface(region).copy()


def scaled_to(image: pygame.Surface, width: int, height: int) -> pygame.Surface:
    """`image` scaled (keeping its shape) to fit in width x height."""
    w, h = image.get_size()
    k = min(width / max(1, w), height / max(1, h))
    return pygame.transform.smoothscale(image, (max(1, round(w * k)), max(1, round(h * k))))


def _arrow(surface: pygame.Surface, colour: tuple[int, int, int], left: int, right: int, y: int, thick: int) -> None:
    head = thick * 3
    pygame.draw.line(surface, colour, (left, y), (right - head, y), thick)
    pygame.draw.polygon(surface, colour, [(right, y), (right - head, y - head), (right - head, y + head)])


def strip(app: App, panels: Sequence[Panel], links: Sequence[Link], width: int, max_h: int) -> pygame.Surface:
    """The panels side by side, as high as fits in width x max_h, each joined to the next by its link (an
    arrow under the link's picture and word); each panel's label is wrapped under it."""
    assert len(links) == len(panels) - 1
    th = app.theme
    label_px, link_px = app.font_px(LABEL_PX), app.font_px(LINK_PX)
    line_h = text.font(label_px).get_linesize()
    link_w = [app.px(120) if link.picture is not None or link.word else app.px(54) if link.arrow else app.px(8)
              for link in links]
    aspect = sum(p.image.get_width() / max(1, p.image.get_height()) for p in panels)
    gap = app.px(6)
    room_w = width - sum(link_w) - 2 * gap * len(links)
    rows = max((len(text.wrap(p.label, label_px, max(40, room_w // len(panels)))) for p in panels if p.label),
               default=0)
    h = max(20, min(max_h - rows * line_h - gap, round(room_w / aspect)))
    images = [pygame.transform.smoothscale(p.image, (max(1, round(p.image.get_width() * h / p.image.get_height())), h))
              for p in panels]
    labels = [text.wrap(p.label, label_px, max(40, img.get_width() + app.px(20))) if p.label else []
              for p, img in zip(panels, images, strict=True)]
    rows = max((len(lines) for lines in labels), default=0)
    total_w = sum(img.get_width() for img in images) + sum(link_w) + 2 * gap * len(links)
    out = pygame.Surface((min(width, total_w), h + (rows * line_h + gap if rows else 0)), pygame.SRCALPHA)
    x = (out.get_width() - total_w) // 2
    edge = max(1, app.px(2))
    for i, (img, lines) in enumerate(zip(images, labels, strict=True)):
        rect = out.blit(img, (x, 0))
        pygame.draw.rect(out, th.muted, rect, edge)
        for k, line in enumerate(lines):
            text.draw_text(out, line, label_px, th.text, (rect.centerx, h + gap + k * line_h), "midtop")
        x = rect.right + gap
        if i < len(links):
            link, w = links[i], link_w[i]
            mid = h // 2
            if link.picture is not None:
                pic = scaled_to(link.picture, w - app.px(16), max(1, mid - app.px(14)))
                out.blit(pic, pic.get_rect(midbottom=(x + w // 2, mid - app.px(10))))
            if link.word:
                size = text.fit_px(link.word, link_px, w, bold=True)
                text.draw_text(out, link.word, size, th.text, (x + w // 2, mid + app.px(8)), "midtop", bold=True)
            if link.arrow:
                _arrow(out, th.accent, x + app.px(6), x + w - app.px(6), mid, max(2, app.px(4)))
            x += w + gap
    return out
