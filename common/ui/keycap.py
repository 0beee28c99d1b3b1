"""A key drawn as a small key cap ("Return", "A", "1"): the key that works a control, shown beside it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.data.keymap import Command, KeyMap
from common.engine import text

if TYPE_CHECKING:
    from common.engine.app import App

INK = (40, 28, 16)
CAP = (246, 236, 208)
_caps: dict[tuple[str, int, bool], pygame.Surface] = {}  # key caps and help tags


def keycap(app: App, label: str, px: int = 14) -> pygame.Surface:
    """The key cap of `label` at font size `px` (designed at 720p), cached."""
    size = max(11, app.font_px(px))  # still legible in a small window
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


def help_tag(app: App, keys: KeyMap, ink: tuple[int, int, int]) -> pygame.Surface:
    """The help key's cap with the word "Controls" beside it in `ink` (cached)."""
    name = keys.name(Command.HELP)
    cap = keycap(app, name, 15)
    label = _("Controls")
    key = (f"help:{name}:{label}:{ink}:{app.font_px(16)}", cap.get_width(), app.theme.high_contrast)
    tag = _caps.get(key)
    if tag is None:
        word = text.render(label, app.font_px(16), ink, bold=True)
        gap = app.px(6)
        tag = pygame.Surface((cap.get_width() + gap + word.get_width(), max(cap.get_height(), word.get_height())),
                             pygame.SRCALPHA)
        tag.blit(cap, (0, (tag.get_height() - cap.get_height()) // 2))
        tag.blit(word, (cap.get_width() + gap, (tag.get_height() - word.get_height()) // 2))
        _caps[key] = tag
    return tag
