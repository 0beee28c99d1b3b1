"""A widget screen as parts of a frame (`common.engine.layers`): its still picture (backdrop, then what the scene
paints that depends only on a key it gives and on the window) and a part per widget, focus ring and tooltip.

Each widget says what its drawing depends on (`Widget.look`: buttons, sliders, toggles, choices and lists
their own fields, hover, focus and the mouse button) and where it draws (`Widget.reach`); its picture stays
cached while that does not change. A widget whose look is None is drawn each frame.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from common.data.i18n import language
from common.engine import text
from common.engine.layers import Paint, Part, image_part
from common.ui.tooltip import draw_tooltip, tooltip_rect
from common.ui.widgets import Widget

if TYPE_CHECKING:
    from common.engine.app import App
    from common.ui.widgets import WidgetGroup

def app_look(app: App) -> Hashable:
    """What every drawing depends on: the sprite pack, its palette and the window's scale."""
    return id(app.sprites), app.sprites.version, app.theme, app.scale


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
    """The key of `widget`'s picture: its type, what it says its drawing depends on (`Widget.look`) and
    `app_look(app)` (`look`, when the caller has it already); None when it may change every frame."""
    shows = widget.look(app, hovered, focused)
    return None if shows is None else (type(widget), shows, app_look(app) if look is None else look)


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
        parts.append(Part(w.reach(app), None if look is None else (w, look), paint))
    if focused is not None and group.keyboard_mode:
        ring = focused.rect.inflate(app.px(12), app.px(12))
        image = app.sprites.nine_slice("ui/focus_ring", ring.size)
        parts.append(Part(ring, (image, tuple(ring)), lambda s: s.blit(image, ring)))
    if group.hover is not None and group.hover.tooltip and group.tooltip_shown:
        pos = group.mouse_pos
        others = (*(w.rect for w in group.widgets if w is not group.hover), *group.keep_clear)
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
