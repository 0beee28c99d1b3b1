"""The painted background shared by menu-like scenes, scaled once per window size."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from common.app import App

_cache: dict[tuple[int, int, int, int], pygame.Surface] = {}


def draw_backdrop(surface: pygame.Surface, app: "App", dim: int = 0) -> None:
    """Blit the pack's background scaled to cover the window, darkened by `dim` (0–255)."""
    size = surface.get_size()
    key = (size[0], size[1], dim, app.sprites.version * 1000 + id(app.sprites) % 1000)
    img = _cache.get(key)
    if img is None:
        _cache.clear()
        src = app.sprites.image("ui/background")
        sw, sh = src.get_size()
        k = max(size[0] / sw, size[1] / sh)
        img = pygame.transform.smoothscale(src, (max(1, round(sw * k)), max(1, round(sh * k))))
        img = img.subsurface(img.get_rect(center=(img.get_width() // 2, img.get_height() // 2))
                             .clip(pygame.Rect((img.get_width() - size[0]) // 2, (img.get_height() - size[1]) // 2,
                                               size[0], size[1]))).convert() if pygame.display.get_surface() else img
        if dim:
            shade = pygame.Surface(img.get_size())
            shade.fill((0, 0, 0))
            shade.set_alpha(dim)
            img = img.copy()
            img.blit(shade, (0, 0))
        _cache[key] = img
    surface.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2)))
