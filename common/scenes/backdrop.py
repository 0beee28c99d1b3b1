"""The painted background shared by menu-like scenes, composed once per window size."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from common.engine.app import App


def compose_backdrop(app: App, size: tuple[int, int], dim: int = 0,
                     panels: Sequence[tuple[str, pygame.Rect]] = ()) -> pygame.Surface:
    """The pack's background scaled to cover `size`, darkened by `dim` (0–255), with nine-slice
    `panels` ((sprite name, rect) pairs) drawn on it: one surface to blit each frame (the pack's picture itself
    when it already fits)."""
    src = app.sprites.image("ui/background")
    sw, sh = src.get_size()
    k = max(size[0] / sw, size[1] / sh)
    cover = (max(size[0], round(sw * k)), max(size[1], round(sh * k)))
    scaled = src if cover == (sw, sh) else pygame.transform.smoothscale(src, cover)
    if scaled.get_size() == size and not dim and not panels:
        return scaled  # the pack's own picture as it is: no copy of a window's worth of pixels
    shown = pygame.display.get_surface()  # made in the window's format (no converted copy)
    out = pygame.Surface(size, 0, shown) if shown is not None else pygame.Surface(size)
    out.blit(scaled, ((size[0] - scaled.get_width()) // 2, (size[1] - scaled.get_height()) // 2))
    if dim:
        shade = pygame.Surface(size)
        shade.set_alpha(dim)
        out.blit(shade, (0, 0))
    for name, rect in panels:
        out.blit(app.sprites.nine_slice(name, rect.size), rect)
    return out


class Backdrop:
    """A cached composed backdrop that rebuilds when the size, panels or sprite pack change."""

    def __init__(self, dim: int = 0) -> None:
        self.dim = dim
        self.key: tuple[object, ...] | None = None
        self.surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, app: App,
             panels: Sequence[tuple[str, pygame.Rect]] = ()) -> None:
        surface.blit(self.picture(app, surface.get_size(), panels), (0, 0))

    def picture(self, app: App, size: tuple[int, int],
                panels: Sequence[tuple[str, pygame.Rect]] = ()) -> pygame.Surface:
        """The composed backdrop for a window of `size` (cached)."""
        key = (size, self.dim, tuple((n, tuple(r)) for n, r in panels), id(app.sprites), app.sprites.version)
        if key != self.key or self.surface is None:
            self.surface = compose_backdrop(app, size, self.dim, panels)
            self.key = key
        return self.surface
