"""Fonts at real pixel sizes, cached text rendering, wrapping and anchored drawing.

Every string measured or drawn goes through `common.data.safe_text` first (control characters, NUL and
lone surrogates replaced, absurd lengths cut), so no text can make the font renderer raise.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from common.data.safe_text import MAX_DRAWN, for_display, paragraphs

if TYPE_CHECKING:
    from pygame.typing import ColorLike

Colour = tuple[int, int, int] | tuple[int, int, int, int]
MAX_WIDTH_PX = 16_384  # widest line surface rendered; longer text is cut to about this width


def _displayable(text: str) -> str:
    """`for_display(text)`, without its call for the usual short printable text (this runs every frame)."""
    return text if len(text) <= MAX_DRAWN and text.isprintable() else for_display(text)


DEFAULT_POINTS_PER_PX = 0.6875  # what pygame's Font(None, px) renders the default font at
_DEFAULT_FONT = str(Path(pygame.__file__).parent / pygame.font.get_default_font())
OVERSAMPLE = 3
"""Glyphs are rendered at 3x and scaled down: at 1x the font's hinting rounds each advance to whole pixels,
which opens gaps inside words ("arti facts", "Effect s")."""


MEASURED_KEPT = 4_096  # sizes a font keeps of the texts it measured (all forgotten when full)


class SafeFont(pygame.font.Font):
    """The font at a pixel size, oversampled: `size` and `render` accept any str (made safe first) and never
    raise for text; sizes and surfaces are those of the requested pixel size. Sizes are kept per text (wrapping
    measures the same words every frame); the font's style is set before it measures anything."""

    def __init__(self, file: str, size: int) -> None:
        super().__init__(file, size)
        self._measured: dict[str | bytes, tuple[int, int]] = {}

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        known = self._measured.get(text)
        if known is not None:
            return known
        try:
            w, h = super().size(_displayable(text) if isinstance(text, str) else text)
        except pygame.error:  # text with no visible width
            return 0, self.get_height()
        if len(self._measured) >= MEASURED_KEPT:
            self._measured.clear()
        known = self._measured[text] = -(-w // OVERSAMPLE), -(-h // OVERSAMPLE)
        return known

    def set_bold(self, value: bool, /) -> None:
        super().set_bold(value)
        self._measured.clear()

    def get_height(self) -> int:
        return -(-super().get_height() // OVERSAMPLE)

    def get_linesize(self) -> int:
        return -(-super().get_linesize() // OVERSAMPLE)

    def get_ascent(self) -> int:
        return -(-super().get_ascent() // OVERSAMPLE)

    def get_descent(self) -> int:
        return super().get_descent() // OVERSAMPLE

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike,
               bgcolor: ColorLike | None = None,
               wraplength: int = 0) -> pygame.Surface:
        line = _displayable(text) if isinstance(text, str) else text
        if isinstance(line, str) and len(line) > 200:
            width = self.size(line)[0]
            if width > MAX_WIDTH_PX:
                line = line[: len(line) * MAX_WIDTH_PX // width]
        # Always antialiased: scaling down needs a 24- or 32-bit surface.
        try:
            big = super().render(line, True, color, bgcolor, wraplength * OVERSAMPLE)
        except pygame.error:  # text with no visible width
            big = super().render("", True, color, bgcolor)
        size = (-(-big.get_width() // OVERSAMPLE), -(-big.get_height() // OVERSAMPLE))
        return pygame.transform.smoothscale(big, size)


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> SafeFont:
    """The app's font at `px` pixels (rendered at that size, never scaled as a bitmap)."""
    f = SafeFont(_DEFAULT_FONT, OVERSAMPLE * max(1, int(max(8, int(px)) * DEFAULT_POINTS_PER_PX)))
    f.set_bold(bold)
    return f


@lru_cache(maxsize=2048)
def _render(text: str, px: int, bold: bool, colour: Colour) -> pygame.Surface:
    return font(px, bold).render(text, True, colour)


def clear_cache() -> None:
    """Forget fonts and rendered text (needed after pygame.font is re-initialised)."""
    font.cache_clear()
    _render.cache_clear()
    _wrap_balanced.cache_clear()
    _widest_digit.cache_clear()


def render(text: str, px: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Rendered text surface (cached by text, size, weight and colour); `text` is made safe first."""
    # The font makes short text safe when it renders it, so a cache hit costs no sanitising.
    return _render(text if len(text) <= MAX_DRAWN else for_display(text), int(px), bold, tuple(colour))


def steady_width(text: str, px: int, bold: bool = False) -> int:
    """How wide `text` is drawn with every digit as wide as the font's widest: the room a ticking number
    never outgrows, so what stands beside it does not shift as the digits change."""
    widest = _widest_digit(int(px), bold)
    return render("".join(widest if c.isdecimal() else c for c in text), px, (0, 0, 0), bold).get_width()


@lru_cache(maxsize=64)
def _widest_digit(px: int, bold: bool) -> str:
    face = font(px, bold)
    return max("0123456789", key=lambda d: face.size(d)[0])


def shadow_offset(px: int) -> int:
    """How far right and down `draw_text` puts a shadow under lettering of `px` pixels."""
    return max(1, int(px) // 18)


def draw_text(surface: pygame.Surface, text: str, px: int, colour: Colour, pos: tuple[float, float],
              anchor: str = "topleft", bold: bool = False, shadow: Colour | None = None) -> pygame.Rect:
    """Draw `text` with its `anchor` (a pygame.Rect attribute name) at `pos`; return its rect."""
    img = render(text, px, colour, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        off = shadow_offset(px)
        surface.blit(render(text, px, shadow, bold), rect.move(off, off))
    surface.blit(img, rect)
    return rect


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` (made safe first) into lines that fit `width` pixels (keeps blank lines)."""
    f = font(px, bold)
    lines: list[str] = []
    for para in paragraphs(text).split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrap_balanced(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Like `wrap`, but as narrow as the same number of lines allows, so the last line is not a lone word
    (cached: tooltips ask for it every frame they are shown)."""
    return list(_wrap_balanced(paragraphs(text), int(px), int(width), bold))


@lru_cache(maxsize=256)
def _wrap_balanced(text: str, px: int, width: int, bold: bool) -> tuple[str, ...]:
    lines = wrap(text, px, width, bold)
    if len(lines) < 2:  # one line (or none) is already as balanced as it gets
        return tuple(lines)
    lo, hi = 1, width
    while lo < hi:  # the narrowest width that still needs no more lines
        mid = (lo + hi) // 2
        if len(wrap(text, px, mid, bold)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return tuple(wrap(text, px, hi, bold))


def fit_lines(text: str, px: int, width: int, max_lines: int, bold: bool = False,
              min_px: int = 13) -> tuple[list[str], int]:
    """`text` wrapped at the largest size ≤ px (not below `min_px`) at which it takes at most `max_lines` lines
    of at most `width` pixels: the lines and the size."""
    while True:
        lines = wrap(text, px, width, bold)
        if px <= min_px or (len(lines) <= max_lines and all(font(px, bold).size(line)[0] <= width for line in lines)):
            return lines, px
        px -= 1


def fit_px(text: str, px: int, width: int, bold: bool = False, min_px: int = 10) -> int:
    """Largest size ≤ px at which `text` (made safe first) fits in `width` pixels."""
    text = for_display(text)
    while px > min_px and font(px, bold).size(text)[0] > width:
        px -= 1
    return px
