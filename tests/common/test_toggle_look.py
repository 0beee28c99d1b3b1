"""The toggle's on state reads clearly on parchment in both palettes: white words on a dark green pill."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from common import text
from common.app import App
from common.widgets import Toggle, on_fill


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_on_word_is_white_on_a_dark_pill_and_off_is_ink(app: App, high_contrast: bool,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    app.apply_settings(replace(app.settings, high_contrast=high_contrast))
    fill = on_fill(app.theme.ok)
    assert contrast(fill, (255, 255, 255)) >= 6
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    original = text.draw_text

    def spy(surface: pygame.Surface, s: str, px: int, colour: tuple[int, int, int], *args: object,
            **kwargs: object) -> pygame.Rect:
        drawn.append((s, tuple(colour)))
        return original(surface, s, px, colour, *args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(text, "draw_text", spy)
    toggle = Toggle("Mute", True, lambda v: None)
    toggle.rect = pygame.Rect(10, 10, 600, 40)
    surface = pygame.Surface(app.size)
    toggle.draw(surface, app, False, False)
    cx, cy = toggle.control_rect(app).right - app.px(8), toggle.control_rect(app).centery
    assert drawn[-1] == ("On", (255, 255, 255))
    assert tuple(surface.get_at((cx, cy - app.px(10)))[:3]) == fill  # the pill, above the word
    toggle.value = False
    toggle.draw(surface, app, False, False)
    assert drawn[-1] == ("Off", app.theme.text)
