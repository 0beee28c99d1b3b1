"""UI colours taken from the sprite pack's palette, with a high-contrast variant."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """Colours every scene uses for text and highlights."""

    text: Colour          # ink on parchment panels
    text_light: Colour    # text on the dark background
    muted: Colour         # secondary text on panels
    accent: Colour
    focus: Colour
    danger: Colour
    ok: Colour
    shadow: Colour
    bg: Colour
    high_contrast: bool


def make_theme(colour: Callable[[str], Colour], high_contrast: bool) -> Theme:
    """Build the theme from a palette lookup `colour(key) -> rgb`."""
    if high_contrast:
        return Theme(text=(0, 0, 0), text_light=(255, 255, 255), muted=(20, 20, 20),
                     accent=(255, 220, 0), focus=(255, 230, 0), danger=(255, 60, 60),
                     ok=(60, 230, 90), shadow=(0, 0, 0), bg=(0, 0, 0), high_contrast=True)
    text = colour("ui_text")
    return Theme(text=text, text_light=colour("ui_text_light"),
                 muted=(min(255, text[0] + 70), min(255, text[1] + 70), min(255, text[2] + 70)),
                 accent=colour("ui_accent"), focus=colour("ui_focus"), danger=colour("ui_danger"),
                 ok=colour("ui_ok"), shadow=colour("ui_shadow"), bg=colour("ui_bg"), high_contrast=False)
