"""How widgets read: the toggle's on state on parchment in both palettes, and tooltips placed clear of what the
pointer is using."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from common.engine import text
from common.engine.app import App
from common.ui import widgets
from common.ui.tooltip import TOOLTIP_DELAY_MS, tooltip_rect
from common.ui.widgets import ListBox, Toggle, WidgetGroup, on_fill


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


def test_a_tooltip_goes_under_the_row_the_pointer_is_on_within_its_width_else_over_it(app: App) -> None:
    row = pygame.Rect(300, 200, 600, 40)
    tip = "Black ink, bright focus and stronger colours"
    box = tooltip_rect(app, tip, (880, 220), row)
    assert box.top == row.bottom + app.px(6) and row.left <= box.left and box.right <= row.right
    low = pygame.Rect(300, app.size[1] - 50, 600, 40)  # no room under it: over it
    box = tooltip_rect(app, tip, (320, low.centery), low)
    assert box.bottom == low.top - app.px(6) and box.left == low.left
    assert not tooltip_rect(app, tip, (10, 10)).collidepoint((10, 10))  # no area given: beside the mouse


def test_a_list_keeps_its_hovered_row_clear_and_the_group_draws_the_tooltip_there(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    items = ListBox(["one", "two", "three"], lambda i: None, tooltip="Pick one")
    items.rect = pygame.Rect(100, 100, 400, app.px(44) * 3)
    assert items.tooltip_area(app, (150, 100 + app.px(44) + 5)) == pygame.Rect(100, 100 + app.px(44), 400, app.px(44))
    group = WidgetGroup(app, [items])
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 110), rel=(0, 0), buttons=(0, 0, 0)))
    group.update(TOOLTIP_DELAY_MS + 1)
    drawn: list[pygame.Rect | None] = []
    monkeypatch.setattr(widgets, "draw_tooltip",
                        lambda surface, app, tip, pos, avoid=None, clear=(): drawn.append(avoid))
    group.draw(pygame.Surface(app.size))
    assert drawn == [pygame.Rect(100, 100, 400, app.px(44))]


def test_a_choice_whose_words_are_too_long_for_one_readable_line_takes_two(app: App,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, int, pygame.Rect]] = []
    original = text.draw_text

    def spy(surface: pygame.Surface, s: str, px: int, *args: object, **kwargs: object) -> pygame.Rect:
        box = original(surface, s, px, *args, **kwargs)  # type: ignore[arg-type]
        drawn.append((s, px, box))
        return box
    monkeypatch.setattr(text, "draw_text", spy)
    long = "Turn-based: 12 h a move, 2 days bank"
    choice = widgets.Choice("Arzium clock", [(0, long), (1, "No turn clock")], 0, lambda v: None)
    choice.rect = pygame.Rect(10, 10, app.px(500), app.px(48))
    surface = pygame.Surface(app.size)
    choice.draw(surface, app, False, False)
    words = [(s, px, box) for s, px, box in drawn if s not in ("<", ">", "Arzium clock")]
    assert len(words) == 2 and " ".join(s for s, _px, _box in words) == long
    assert all(px >= app.font_px(widgets.MIN_CHOICE_PX) for _s, px, _box in words)
    assert all(choice.rect.contains(box) for _s, _px, box in words) and not words[0][2].colliderect(words[1][2])
    drawn.clear()
    choice.adjust(app, 1)
    choice.draw(surface, app, False, False)
    assert [s for s, _px, _box in drawn if s not in ("<", ">", "Arzium clock")] == ["No turn clock"]
