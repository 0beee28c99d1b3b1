"""A widget screen as parts of a frame (`common.layers`): its still picture (backdrop, then what the scene
paints that depends only on a key it gives and on the window) and a part per widget, focus ring and tooltip.

Buttons, sliders, toggles, choices and lists are drawn from their own fields alone, so those fields (with
hover, focus and the mouse button) are their key and they stay cached while nothing changes; a widget of
another kind is cached when it says what it shows (`Keyed`), else drawn each frame.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from common import text
from common.i18n import language
from common.layers import Paint, Part, image_part
from common.tooltip import TOOLTIP_DELAY_MS, draw_tooltip, tooltip_rect
from common.widgets import Button, Choice, ListBox, Slider, Toggle, Widget

if TYPE_CHECKING:
    from common.app import App
    from common.widgets import WidgetGroup

OWN_FIELDS_ONLY = (Button, Slider, Toggle, Choice, ListBox)  # exact types: a subclass may draw more


class Keyed(Widget):
    """A widget that says what its `draw` depends on besides `app_look` (`look`), and where it draws (`reach`)."""

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable | None:
        """What `draw(surface, app, hovered, focused)` shows depends on; None (the default): it may change
        every frame."""
        return None

    def reach(self, app: App) -> pygame.Rect:
        """Everything `draw` touches lies in here."""
        return self.rect


def app_look(app: App) -> Hashable:
    """What every drawing depends on: the sprite pack, its palette and the window's scale."""
    return id(app.sprites), app.sprites.version, app.theme, app.scale


PLAIN = frozenset({str, int, float, bool, type(None)})


def frozen(value: object) -> Hashable:
    """`value` as something hashable that compares equal when it draws the same (lists, rects, dicts).
    Plain fields are taken as they are first: this runs for every widget every frame."""
    if type(value) in PLAIN:
        return value
    if isinstance(value, dict):
        return tuple([(k, v if type(v) in PLAIN else frozen(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        shallow = tuple(value)  # a choice's options: pairs of plain values, hashable as they are
        try:
            hash(shallow)
        except TypeError:
            return tuple([frozen(v) for v in value])
        return shallow
    if isinstance(value, pygame.Rect):
        return tuple(value)
    assert isinstance(value, Hashable)
    return value


def window_part(app: App, key: Hashable, paint: Paint, rect: pygame.Rect | None = None) -> Part:
    """What `paint` draws when it depends only on `key` and the window (its size, the language, the pack, the
    palette and the scale): cached until one of them changes; it paints only inside `rect` (default: the window)."""
    area = rect if rect is not None else pygame.Rect((0, 0), app.size)
    return Part(area, (key, app.size, language(), app_look(app)), paint)


def text_part(words: str, px: int, colour: tuple[int, int, int], pos: tuple[float, float], anchor: str = "topleft",
              bold: bool = False, shadow: tuple[int, int, int] | None = None) -> Part:
    """`text.draw_text` of these arguments as a still part over just the lettering (and its shadow)."""
    rect = text.render(words, px, colour, bold).get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        off = text.shadow_offset(px)
        rect = rect.union(rect.move(off, off))
    return Part(rect, ("text", words, px, colour, tuple(rect), bold, shadow),
                lambda s: text.draw_text(s, words, px, colour, pos, anchor, bold, shadow))


def widget_screen(backdrop: pygame.Surface, group: WidgetGroup, *parts: Part, over: Sequence[Part] = ()) -> list[Part]:
    """A widget screen's frame, bottom to top: its backdrop picture, `parts`, the widgets, then `over`."""
    return [image_part(backdrop, (0, 0)), *parts, *group_parts(group), *over]


def widget_look(widget: Widget, app: App, hovered: bool, focused: bool, look: Hashable = None) -> Hashable | None:
    """What `widget.draw` shows depends on, or None when it may change every frame (`look`: `app_look(app)`,
    when the caller has it already)."""
    look = app_look(app) if look is None else look
    if isinstance(widget, Keyed):
        shows = widget.look(app, hovered, focused)
        return None if shows is None else (type(widget), shows, look)
    if type(widget) not in OWN_FIELDS_ONLY:
        return None
    pressed = hovered and pygame.mouse.get_pressed()[0]
    return type(widget), frozen(vars(widget)), hovered, focused, pressed, look


def bounds(widget: Widget, app: App) -> pygame.Rect:
    """Everything `widget.draw` touches lies in here (a slider's knob and a list's scrollbar stick out, and
    another widget may ring itself just outside its rect)."""
    r = widget.rect
    if isinstance(widget, Keyed):
        return widget.reach(app)
    if isinstance(widget, Slider):
        k = app.px(26)
        return r.union(pygame.Rect(r.left, r.centery - k, r.w, 2 * k))
    if isinstance(widget, ListBox):
        return list_reach(widget, app)
    if type(widget) not in OWN_FIELDS_ONLY:
        return r.inflate(2 * app.px(4), 2 * app.px(4))
    return r


def list_reach(widget: ListBox, app: App) -> pygame.Rect:
    """A list's rows and its scrollbar."""
    r = widget.rect
    return r.union(pygame.Rect(r.right, r.top, app.px(16), widget.visible_rows(app) * app.px(widget.row_h)))


def group_parts(group: WidgetGroup) -> list[Part]:
    """What `group.draw` paints, in its order, as parts of a frame."""
    app = group.app
    focused = group.focused
    parts = []
    seen = app_look(app)
    for w in group.widgets:
        hovered, focus = w is group.hover, w is focused and (group.keyboard_mode or w is group.hover)
        look = widget_look(w, app, hovered, focus, seen)

        def paint(surface: pygame.Surface, w: Widget = w, hovered: bool = hovered, focus: bool = focus) -> None:
            w.draw(surface, app, hovered, focus)
        parts.append(Part(bounds(w, app), None if look is None else (w, look), paint))
    if focused is not None and group.keyboard_mode:
        ring = focused.rect.inflate(app.px(12), app.px(12))
        image = app.sprites.nine_slice("ui/focus_ring", ring.size)
        parts.append(Part(ring, (image, tuple(ring)), lambda s: s.blit(image, ring)))
    if group.hover is not None and group.hover.tooltip and group.hover_ms >= TOOLTIP_DELAY_MS:
        pos = group.mouse_pos
        others = tuple(w.rect for w in group.widgets if w is not group.hover)
        parts.append(tooltip_part(app, group.hover.tooltip, pos, group.hover.tooltip_area(app, pos), others))
    return parts


def tooltip_part(app: App, words: str, pos: tuple[int, int], avoid: pygame.Rect | None = None,
                 clear: tuple[pygame.Rect, ...] = ()) -> Part:
    """`draw_tooltip` of `words` for the mouse at `pos` (kept off `avoid`, and where it can off `clear`) as a
    still part, keyed by all of it."""
    return Part(tooltip_rect(app, words, pos, avoid, clear),
                ("tooltip", words, pos, None if avoid is None else tuple(avoid), tuple(map(tuple, clear)),
                 app_look(app)),
                lambda s: draw_tooltip(s, app, words, pos, avoid, clear))
