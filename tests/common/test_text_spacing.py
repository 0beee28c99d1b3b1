"""Letters are spaced as the font designs them: no hinting gaps inside words ("arti facts", "Effect s")."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame
import pytest

from common.engine import text

WORDS = ("artifacts", "Effects", "High-contrast", "The Twins of Twill", "Bartholomew Bun")


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()
    text.clear_cache()


@cache
def _big_font(points: int) -> pygame.font.Font:
    return pygame.font.Font(str(Path(pygame.__file__).parent / pygame.font.get_default_font()), points * 8)


def _true_width(prefix: str, points: int) -> float:
    """The width of `prefix` from the font's outlines, measured at 8x so that rounding does not count."""
    return _big_font(points).size(prefix)[0] / 8


@pytest.mark.parametrize("px", [10, 12, 13, 14, 16, 18, 20, 22, 26, 32])
def test_every_letter_sits_where_the_font_puts_it(px: int) -> None:
    points = int(px * text.DEFAULT_POINTS_PER_PX)
    for word in WORDS:
        for end in range(1, len(word) + 1):
            prefix = word[:end]
            drift = abs(text.font(px).size(prefix)[0] - _true_width(prefix, points))
            assert drift <= 1 + 0.25 * end, f"{prefix!r} at {px}px is {drift:.1f}px off its designed width"


def test_rendered_text_is_as_wide_as_measured() -> None:
    for px in (11, 17, 24):
        surface = text.render("Dozy Dora searched", px, (0, 0, 0))
        assert surface.get_width() == text.font(px).size("Dozy Dora searched")[0]
