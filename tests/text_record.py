"""Recording the text a scene draws, for the tests that check it (tests/test_i18n.py, tests/test_layout.py).

`record` hooks common.text (every string it renders, wraps or fits) and the drawing of common's widgets,
dialogs and tooltips (the box each one's text must stay in). A frame painted on a `RecordingSurface` also
gives where each text landed on it: the text surfaces `common.text.render` made, as they are blitted there,
and the texts inside pictures made while recording (a card's art, a name plate, a party's or a result's
picture). Every surface made with `pygame.Surface(...)`, each scaled sprite and transformed surface, and
their copies and conversions, is a `Picture` that notes the texts blitted onto it, so a picture blitted on
the frame (or on another picture) brings its texts along to where they land, each bounded by the picture
it was painted on; painting over a text (a plain fill, an opaque blit) takes it away. A picture made before
`record` carries no texts, nor does a picture turned or scaled by `pygame.transform`.
"""
from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from common import dialog, sprites, text, tooltip, widgets

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


SURFACE = pygame.Surface  # pygame's own class (`record` puts `Picture` in its place)
RECORDING: list[Drawn] = []  # the recording under way, if any


@dataclass(frozen=True)
class Note:
    """A text inside a picture, in the picture's coordinates: its string, where it is and the box it must
    stay in."""

    string: str
    rect: pygame.Rect
    box: pygame.Rect


class _AnySurface(type):
    """`isinstance(x, pygame.Surface)` stays true of every surface while `Picture` stands in for the class."""

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, SURFACE)


class Picture(SURFACE, metaclass=_AnySurface):
    """A surface that notes the texts blitted onto it (rendered text, or the texts of a picture blitted onto
    it), in its own coordinates; its copies, conversions and subsurfaces keep them."""

    notes: list[Note]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.notes = []

    def texts(self) -> list[Note]:
        """The notes that lie on this surface (a subsurface: its parent's, in its own coordinates)."""
        parent = self.get_abs_parent()
        notes: list[Note] = getattr(parent, "notes", [])
        if parent is self:
            return notes
        x, y = self.get_abs_offset()
        mine = self.get_rect()
        found = [Note(n.string, n.rect.move(-x, -y).clip(mine), n.box.move(-x, -y)) for n in notes]
        return [n for n in found if n.rect.w and n.rect.h]

    def _keeping(self, made: pygame.Surface) -> pygame.Surface:
        made.notes = list(self.texts())  # type: ignore[attr-defined]
        return made

    def copy(self) -> pygame.Surface:
        return self._keeping(super().copy())

    def convert(self, *args: Any) -> pygame.Surface:
        return self._keeping(super().convert(*args))

    def convert_alpha(self, *args: Any) -> pygame.Surface:
        return self._keeping(super().convert_alpha(*args))

    def _covered(self, rect: pygame.Rect) -> list[Note]:
        """This surface's root's notes, without those lying wholly in `rect` (in this surface's coordinates):
        painted over."""
        root = self.get_abs_parent()
        gone = rect.clip(self.get_clip()).move(self.get_abs_offset())
        notes: list[Note] = [n for n in getattr(root, "notes", []) if not gone.contains(n.rect)]
        root.notes = notes  # type: ignore[attr-defined]
        return notes

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        if not special_flags:  # a plain fill replaces what was there; a blending one (a tint) keeps it readable
            self._covered(pygame.Rect(rect) if rect is not None else self.get_rect())
        return super().fill(color, rect, special_flags)

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        if RECORDING:
            x, y = self.get_abs_offset()
            arriving = self.arriving(RECORDING[-1], source, dest, area)
            opaque = not source.get_flags() & pygame.SRCALPHA and source.get_alpha() is None \
                and source.get_colorkey() is None and not special_flags
            cut = pygame.Rect(area) if area is not None else source.get_rect()
            notes = self._covered(cut.move(pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0)).topleft)
                                  .move(-cut.x, -cut.y) if opaque else pygame.Rect(0, 0, 0, 0))
            for string, rect, box in arriving:
                note = Note(string, rect.move(x, y), (box or self.get_rect()).move(x, y))
                if note not in notes:
                    notes.append(note)
        return super().blit(source, dest, area, special_flags)

    def arriving(self, drawn: Drawn, source: pygame.Surface, dest: Any,
                 area: Any) -> list[tuple[str, pygame.Rect, pygame.Rect | None]]:
        """The texts a blit of `source` brings onto this surface, in its coordinates, as far as painting keeps
        them (the blit's area and this surface's clip): each with the box it must stay in, if it was painted
        on a picture (None: a rendered text, bounded by what it is painted on)."""
        at = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0)).topleft
        cut = pygame.Rect(area) if area is not None else source.get_rect()
        shift = (at[0] - cut.x, at[1] - cut.y)
        keep = cut.move(shift).clip(self.get_clip())
        made = drawn.made.get(id(source))
        found: list[tuple[str, pygame.Rect, pygame.Rect | None]]
        if made is not None and made[1] is source:
            found = [(made[0], source.get_rect().move(shift), None)]
        elif callable(getattr(source, "texts", None)):
            found = [(n.string, n.rect.move(shift), n.box.move(shift)) for n in source.texts()]  # type: ignore[attr-defined]
        else:
            return []
        kept = [(string, rect.clip(keep), box) for string, rect, box in found]
        return [(string, rect, box) for string, rect, box in kept if rect.w and rect.h]


class RecordingSurface(Picture):
    """A frame to paint on that notes, in `drawn.placed`, every text that lands on it (rendered text blitted
    there, and the texts of pictures made while recording)."""

    def __init__(self, size: tuple[int, int], drawn: Drawn) -> None:
        super().__init__(size)
        self.drawn = drawn

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        root = self.get_abs_parent()  # a subsurface of the frame notes in the frame's coordinates
        drawn: Drawn = root.drawn  # type: ignore[attr-defined]
        offset = self.get_abs_offset()
        widget = drawn.boxes[-1].move(offset) if drawn.boxes else root.get_rect()
        for string, rect, box in self.arriving(drawn, source, dest, area):
            drawn.placed.append(Placed(string, rect.move(offset), widget if box is None else box.move(offset),
                                       drawn.covers[-1]))
        return SURFACE.blit(self, source, dest, area, special_flags)


def pictured(surface: pygame.Surface) -> pygame.Surface:
    """`surface` as a `Picture`, pixel for pixel (its texts noted from now on)."""
    if callable(getattr(surface, "texts", None)):
        return surface
    out = Picture(surface.get_size(), surface.get_flags() & pygame.SRCALPHA, surface)
    out.fill((0, 0, 0, 0))
    SURFACE.blit(out, surface, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # added to nothing: the same pixels
    return out


TRANSFORMS = ("scale", "scale_by", "smoothscale", "smoothscale_by", "rotate", "rotozoom", "flip")


def _pictured_result(made: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
    def make(*args: Any, **kwargs: Any) -> pygame.Surface:
        return pictured(made(*args, **kwargs))
    return make


def record(drawn: Drawn, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hook common.text and the drawing of common's widgets, dialogs and tooltips into `drawn`; surfaces made
    from now on (`pygame.Surface(...)`, scaled sprites) note the texts painted on them (`Picture`)."""
    monkeypatch.setattr(sys.modules[__name__], "RECORDING", [*RECORDING, drawn])
    monkeypatch.setattr(pygame, "Surface", Picture)
    cached = sprites.SpriteBook._cached

    def picture_cached(self: sprites.SpriteBook, key: tuple[str, str, int, int], make: Any) -> pygame.Surface:
        return cached(self, key, lambda: pictured(make()))
    monkeypatch.setattr(sprites.SpriteBook, "_cached", picture_cached)
    for name in TRANSFORMS:  # a picture made from a turned or scaled one starts with no texts
        monkeypatch.setattr(pygame.transform, name, _pictured_result(getattr(pygame.transform, name)))
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
