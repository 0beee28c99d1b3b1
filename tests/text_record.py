"""Recording the text a scene draws, for the tests that check it (tests/test_i18n.py, tests/test_layout.py).

`record` hooks common.text (every string it renders, wraps or fits) and the drawing of common's widgets,
dialogs and tooltips (the box each one's text must stay in). A frame painted on a `RecordingSurface` also
gives where each text landed on it: the text surfaces `common.text.render` made, as they are blitted there.
Text drawn on a cached picture first (a card's art, a panel's picture) is not seen where it lands.
"""
from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from common import dialog, text, tooltip, widgets

SLACK = 2  # pixels a text's box may pass its widget's edge (the font's line box is taller than its ink)


@dataclass(frozen=True)
class Placed:
    """One text on the frame: its string, where it landed, the box it must stay in and the cover it lies on
    (0: the scene; else one tooltip or dialog drawn over it, each its own)."""

    string: str
    rect: pygame.Rect
    box: pygame.Rect
    cover: int


@dataclass
class Drawn:
    """What one scene drew: every string given to the text renderer, each placed text that left its box (the
    window, or the widget or dialog drawing it), and the texts placed on a `RecordingSurface`."""

    strings: set[str] = field(default_factory=set)
    overflows: list[str] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)
    boxes: list[pygame.Rect] = field(default_factory=list)   # the widget or dialog drawing now, innermost last
    covers: list[int] = field(default_factory=lambda: [0])   # the cover drawing now, innermost last
    made: dict[int, tuple[str, pygame.Surface]] = field(default_factory=dict)  # id of a rendered text surface
    counter: itertools.count[int] = field(default_factory=lambda: itertools.count(1))


class RecordingSurface(pygame.Surface):
    """A frame to paint on that notes, in `drawn.placed`, every rendered text blitted onto it."""

    def __init__(self, size: tuple[int, int], drawn: Drawn) -> None:
        super().__init__(size)
        self.drawn = drawn

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        root = self.get_abs_parent()  # a subsurface of the frame notes in the frame's coordinates
        drawn: Drawn = root.drawn  # type: ignore[attr-defined]
        made = drawn.made.get(id(source))
        if made is not None and made[1] is source:
            rect = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0))
            rect.size = pygame.Rect(area).size if area is not None else source.get_size()
            rect = rect.clip(self.get_clip())  # what painting clipped away is not there
            rect.move_ip(self.get_abs_offset())
            if rect.w and rect.h:
                box = drawn.boxes[-1].move(self.get_abs_offset()) if drawn.boxes else root.get_rect()
                drawn.placed.append(Placed(made[0], rect, box, drawn.covers[-1]))
        return super().blit(source, dest, area, special_flags)


def record(drawn: Drawn, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hook common.text and the drawing of common's widgets, dialogs and tooltips into `drawn`."""
    def strings(name: str) -> None:
        original: Callable[..., Any] = getattr(text, name)

        def hooked(s: str, *args: Any, **kwargs: Any) -> Any:
            drawn.strings.add(s)
            return original(s, *args, **kwargs)
        monkeypatch.setattr(text, name, hooked)

    for name in ("wrap", "wrap_balanced", "fit_px"):
        strings(name)
    original_render = text.render

    def render(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.strings.add(s)
        img = original_render(s, *args, **kwargs)
        drawn.made[id(img)] = (s, img)
        return img
    monkeypatch.setattr(text, "render", render)
    original_draw = text.draw_text

    def draw_text(surface: pygame.Surface, s: str, px: int, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.strings.add(s)
        rect = original_draw(surface, s, px, *args, **kwargs)
        box = drawn.boxes[-1] if drawn.boxes else surface.get_rect()
        if not box.inflate(2 * SLACK, 2 * SLACK).contains(rect) or not surface.get_rect().contains(rect):
            drawn.overflows.append(f"{s!r} at {tuple(rect)} outside {tuple(box)}")
        return rect
    monkeypatch.setattr(text, "draw_text", draw_text)

    def boxed(cls: type, attribute: str, cover: bool = False) -> None:
        original: Callable[..., Any] = cls.draw  # type: ignore[attr-defined]

        def draw(self: Any, *args: Any, **kwargs: Any) -> Any:
            drawn.boxes.append(getattr(self, attribute))
            if cover:
                drawn.covers.append(next(drawn.counter))
            try:
                return original(self, *args, **kwargs)
            finally:
                drawn.boxes.pop()
                if cover:
                    drawn.covers.pop()
        monkeypatch.setattr(cls, "draw", draw)

    for cls in (widgets.Button, widgets.Slider, widgets.Toggle, widgets.Choice, widgets.ListBox):
        boxed(cls, "rect")
    boxed(dialog.Dialog, "box", cover=True)

    original_tip = tooltip.draw_tooltip

    def tip(surface: pygame.Surface, *args: Any, **kwargs: Any) -> None:
        drawn.boxes.append(surface.get_rect())  # a tooltip is drawn over its widget: only the window bounds it
        drawn.covers.append(next(drawn.counter))
        try:
            original_tip(surface, *args, **kwargs)
        finally:
            drawn.boxes.pop()
            drawn.covers.pop()
    for module in list(sys.modules.values()):  # every module that imported it by name
        if getattr(module, "draw_tooltip", None) is original_tip:
            monkeypatch.setattr(module, "draw_tooltip", tip)
