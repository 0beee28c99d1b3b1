"""A key drawn as a small key cap ("Return", "A", "1"): the key that works a control, shown beside it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from common import text

if TYPE_CHECKING:
    from common.app import App

INK = (40, 28, 16)
CAP = (246, 236, 208)
_caps: dict[tuple[str, int, bool], pygame.Surface] = {}


def keycap(app: App, label: str, px: int = 14) -> pygame.Surface:
    """The key cap of `label` at font size `px` (designed at 720p), cached."""
    size = app.font_px(px)
    key = (label, size, app.theme.high_contrast)
    cap = _caps.get(key)
    if cap is None:
        word = text.render(label, size, INK, bold=True)
        pad = max(3, size // 3)
        w, h = max(word.get_width() + 2 * pad, word.get_height() + pad), word.get_height() + pad
        cap = pygame.Surface((w, h + 2), pygame.SRCALPHA)
        pygame.draw.rect(cap, INK, (0, 0, w, h + 2), border_radius=max(3, size // 4))
        pygame.draw.rect(cap, CAP, (1, 1, w - 2, h - 1), border_radius=max(3, size // 4))
        cap.blit(word, word.get_rect(center=(w // 2, h // 2 + 1)))
        if len(_caps) > 128:
            _caps.clear()
        _caps[key] = cap
    return cap
