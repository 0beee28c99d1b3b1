"""A small widget set drawn from the sprite pack: button, slider, toggle, choice, list (tooltips: `common.ui.tooltip`,
dialogs: `common.ui.dialog`).

Widgets live in a `WidgetGroup`, which gives keyboard focus (arrows/Tab, Enter/Space, Left/Right
to adjust) and mouse hover/click, and shows tooltips after a short hover.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from common.data.i18n import _, format_percent
from common.engine import text
from common.engine.theme import Colour
from common.ui.tooltip import TOOLTIP_DELAY_MS, draw_tooltip

if TYPE_CHECKING:
    from common.engine.app import App

T = TypeVar("T")

PLAIN = frozenset({str, int, float, bool, type(None)})
MIN_CHOICE_PX = 16  # a choice whose words would be smaller on one line takes two


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


def fields_look(widget: Widget, hovered: bool, focused: bool) -> Hashable:
    """The look of a widget drawn from its own fields alone: those fields, hover, focus and the mouse button."""
    return frozen(vars(widget)), hovered, focused, hovered and pygame.mouse.get_pressed()[0]


class Widget:
    """Base widget: a rect, an optional tooltip, focus and hover handled by the group."""

    focusable = True

    def __init__(self, tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tooltip = tooltip
        self.enabled = True

    def activate(self, app: App) -> None:
        """Enter/Space or click."""

    def adjust(self, app: App, direction: int) -> bool:
        """Left/Right; return True if the widget used it."""
        return False

    def click(self, app: App, pos: tuple[int, int]) -> None:
        self.activate(app)

    def drag(self, app: App, pos: tuple[int, int]) -> None:
        """Mouse moved with the button held after a click on this widget."""

    def wheel(self, app: App, dy: int) -> bool:
        return False

    def tooltip_area(self, app: App, pos: tuple[int, int]) -> pygame.Rect:
        """The part the pointer at `pos` is using, which the tooltip must not cover."""
        return self.rect

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable | None:
        """What `draw(surface, app, hovered, focused)` shows depends on besides the sprite pack, its palette and the
        window's scale: its picture is kept while this stays equal. None (the default): it may change every
        frame. A subclass that draws more than its parent says so here too."""
        return None

    def reach(self, app: App) -> pygame.Rect:
        """Everything `draw` touches lies in here (by default its rect)."""
        return self.rect

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        raise NotImplementedError


def _plaque(app: App, rect: pygame.Rect, hovered: bool, pressed: bool, enabled: bool) -> pygame.Surface:
    name = ("ui/button_disabled" if not enabled else "ui/button_pressed" if pressed
            else "ui/button_hover" if hovered else "ui/button")
    return app.sprites.nine_slice(name, rect.size)


class Button(Widget):
    """A labelled plaque; `on_click` runs on click or Enter."""

    def __init__(self, label: str, on_click: Callable[[], object], tooltip: str | None = None,
                 icon: str | None = None, font: int = 26, sound: str = "ui_click") -> None:
        super().__init__(tooltip)
        self.label = label
        self.on_click = on_click
        self.icon = icon
        self.font = font
        self.sound = sound

    def activate(self, app: App) -> None:
        if not self.enabled:
            app.sounds.play("ui_error")
            return
        app.sounds.play(self.sound)
        self.on_click()

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return fields_look(self, hovered, focused)

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        pressed = hovered and pygame.mouse.get_pressed()[0]
        surface.blit(_plaque(app, self.rect, hovered or focused, pressed, self.enabled), self.rect)
        colour = app.theme.text_light if self.enabled else (150, 140, 125)
        cx = self.rect.centerx
        size = self.rect.h - app.px(14)
        room = self.rect.w - app.px(24) - (size + app.px(10) if self.icon else 0)
        px = text.fit_px(self.label, app.font_px(self.font), room, bold=True)
        if self.icon:
            icon = app.sprites.scaled(self.icon, (size, size))
            label_w = text.font(px, True).size(self.label)[0]
            left = cx - (size + app.px(10) + label_w) // 2
            surface.blit(icon, (left, self.rect.centery - size // 2))
            text.draw_text(surface, self.label, px, colour, (left + size + app.px(10), self.rect.centery + 1),
                           "midleft", bold=True, shadow=app.theme.shadow)
        else:
            text.draw_text(surface, self.label, px, colour, (cx, self.rect.centery + 1 + (1 if pressed else 0)),
                           "center", bold=True, shadow=app.theme.shadow)


class _LabelledRow(Widget):
    """A settings row: a label on the left, a control on the right, on a parchment strip."""

    def __init__(self, label: str, tooltip: str | None = None) -> None:
        super().__init__(tooltip)
        self.label = label

    def control_rect(self, app: App) -> pygame.Rect:
        w = min(app.px(300), self.rect.w // 2)
        return pygame.Rect(self.rect.right - w - app.px(16), self.rect.top + app.px(6), w,
                           self.rect.h - app.px(12))

    def draw_row(self, surface: pygame.Surface, app: App, hovered: bool, control_left: int | None = None) -> None:
        """The strip and the label, shrunk to end before the control (from `control_left`, else the
        control rect's left)."""
        name = "ui/list_row_selected" if hovered else "ui/list_row"
        surface.blit(app.sprites.nine_slice(name, self.rect.size), self.rect)
        left = self.rect.left + app.px(18)
        right = self.control_rect(app).left if control_left is None else control_left
        px = text.fit_px(self.label, app.font_px(22), right - app.px(12) - left)
        text.draw_text(surface, self.label, px, app.theme.text, (left, self.rect.centery), "midleft")


class Slider(_LabelledRow):
    """A value between `lo` and `hi` in `step`s; Left/Right, click or drag to change."""

    def __init__(self, label: str, value: float, lo: float, hi: float, step: float,
                 on_change: Callable[[float], object], fmt: Callable[[float], str] = format_percent,
                 tooltip: str | None = None) -> None:
        super().__init__(label, tooltip)
        self.value, self.lo, self.hi, self.step = value, lo, hi, step
        self.on_change = on_change
        self.fmt = fmt

    def set(self, app: App, value: float) -> None:
        value = min(self.hi, max(self.lo, round((value - self.lo) / self.step) * self.step + self.lo))
        if abs(value - self.value) > 1e-9:
            self.value = value
            self.on_change(value)
            app.sounds.play("ui_hover")

    def adjust(self, app: App, direction: int) -> bool:
        self.set(app, self.value + direction * self.step)
        return True

    def activate(self, app: App) -> None:
        self.adjust(app, 1 if self.value < self.hi else -1)

    def _track(self, app: App) -> pygame.Rect:
        c = self.control_rect(app)
        return pygame.Rect(c.left, c.centery - app.px(5), c.w - app.px(70), app.px(10))

    def click(self, app: App, pos: tuple[int, int]) -> None:
        self.drag(app, pos)

    def drag(self, app: App, pos: tuple[int, int]) -> None:
        track = self._track(app)
        t = (pos[0] - track.left) / max(1, track.w)
        self.set(app, self.lo + min(1.0, max(0.0, t)) * (self.hi - self.lo))

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return fields_look(self, hovered, focused)

    def reach(self, app: App) -> pygame.Rect:
        """The row and the knob, which sticks out above and below."""
        k = app.px(26)
        return self.rect.union(pygame.Rect(self.rect.left, self.rect.centery - k, self.rect.w, 2 * k))

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        self.draw_row(surface, app, hovered or focused)
        track = self._track(app)
        surface.blit(app.sprites.nine_slice("ui/slider_track", track.size), track)
        t = (self.value - self.lo) / (self.hi - self.lo)
        fill = track.copy()
        fill.w = max(track.h, round(track.w * t))
        surface.blit(app.sprites.nine_slice("ui/slider_fill", fill.size), fill)
        k = app.px(26)
        knob = app.sprites.scaled("ui/slider_knob", (k, k))
        surface.blit(knob, knob.get_rect(center=(track.left + round(track.w * t), track.centery)))
        text.draw_text(surface, self.fmt(self.value), app.font_px(20), app.theme.text,
                       (self.control_rect(app).right, self.rect.centery), "midright", bold=True)


class Toggle(_LabelledRow):
    """An on/off switch."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], object],
                 tooltip: str | None = None) -> None:
        super().__init__(label, tooltip)
        self.value = value
        self.on_change = on_change

    def activate(self, app: App) -> None:
        self.value = not self.value
        app.sounds.play("ui_click")
        self.on_change(self.value)

    def adjust(self, app: App, direction: int) -> bool:
        if (direction > 0) != self.value:
            self.activate(app)
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return fields_look(self, hovered, focused)

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        c = self.control_rect(app)
        h = app.px(30)
        img = app.sprites.scaled("ui/toggle_on" if self.value else "ui/toggle_off", (h * 2, h))
        rect = img.get_rect(midright=(c.right - app.px(64), c.centery))
        self.draw_row(surface, app, hovered or focused, rect.left)
        surface.blit(img, rect)
        word = _("On") if self.value else _("Off")
        px = text.fit_px(word, app.font_px(20), c.right - rect.right - app.px(16), bold=True)
        if not self.value:
            text.draw_text(surface, word, px, app.theme.text, (c.right, c.centery), "midright", bold=True)
            return
        # On: light words on a dark green pill and a dark ring round the switch, clear on parchment in
        # either palette (a green word on parchment is not).
        pygame.draw.rect(surface, app.theme.text, rect.inflate(app.px(4), app.px(4)), max(2, app.px(2)),
                         border_radius=rect.h // 2 + app.px(2))
        w = text.font(px, True).size(word)[0] + app.px(12)
        pill = pygame.Rect(c.right - w, c.centery - h // 2 + app.px(2), w, h - app.px(4))
        pygame.draw.rect(surface, on_fill(app.theme.ok), pill, border_radius=pill.h // 2)
        text.draw_text(surface, word, px, (255, 255, 255), pill.center, "center", bold=True)


def on_fill(ok: Colour) -> Colour:
    """The palette's "ok" green darkened enough for white words on it (contrast about 6:1 or more)."""
    return (ok[0] * 2 // 5, ok[1] * 2 // 5, ok[2] * 2 // 5)


class Choice(_LabelledRow, Generic[T]):
    """Pick one of several options with Left/Right or by clicking the arrows."""

    def __init__(self, label: str, options: Sequence[tuple[T, str]], value: T,
                 on_change: Callable[[T], object], tooltip: str | None = None) -> None:
        super().__init__(label, tooltip)
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def adjust(self, app: App, direction: int) -> bool:
        if not self.options:
            return False
        self.index = (self.index + direction) % len(self.options)
        app.sounds.play("ui_hover")
        self.on_change(self.value)
        return True

    def activate(self, app: App) -> None:
        self.adjust(app, 1)

    def click(self, app: App, pos: tuple[int, int]) -> None:
        c = self.control_rect(app)
        self.adjust(app, -1 if pos[0] < c.left + app.px(40) else 1)

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return fields_look(self, hovered, focused)

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        self.draw_row(surface, app, hovered or focused)
        c = self.control_rect(app)
        col = app.theme.text
        px = app.font_px(22)
        text.draw_text(surface, "<", px, col, (c.left + app.px(10), c.centery), "midleft", bold=True)
        text.draw_text(surface, ">", px, col, (c.right - app.px(10), c.centery), "midright", bold=True)
        label = self.options[self.index][1] if self.options else "—"
        room = c.w - app.px(70)
        lpx = text.fit_px(label, app.font_px(21), room, bold=True)
        if lpx >= app.font_px(MIN_CHOICE_PX):
            text.draw_text(surface, label, lpx, col, c.center, "center", bold=True)
            return
        lines, lpx = text.fit_lines(label, app.font_px(21), room, 2, bold=True)  # too small on one line: two
        step = text.font(lpx, True).get_linesize()
        top = c.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            text.draw_text(surface, line, lpx, col, (c.centerx, top + i * step), "midtop", bold=True)


class ListBox(Widget):
    """A scrollable list of rows; Up/Down move the selection, Enter/click activates."""

    def __init__(self, items: Sequence[str], on_activate: Callable[[int], object],
                 row_h: int = 44, tooltip: str | None = None) -> None:
        super().__init__(tooltip)
        self.items = list(items)
        self.on_activate = on_activate
        self.row_h = row_h
        self.selected = 0
        self.scroll = 0

    def visible_rows(self, app: App) -> int:
        return max(1, self.rect.h // app.px(self.row_h))

    def move(self, app: App, delta: int) -> bool:
        """Move the selection; return False at the ends so focus can leave the list."""
        new = self.selected + delta
        if not 0 <= new < len(self.items):
            return False
        self.selected = new
        rows = self.visible_rows(app)
        self.scroll = min(max(self.scroll, self.selected - rows + 1), self.selected)
        return True

    def activate(self, app: App) -> None:
        if self.items:
            app.sounds.play("ui_click")
            self.on_activate(self.selected)

    def click(self, app: App, pos: tuple[int, int]) -> None:
        row = self.scroll + (pos[1] - self.rect.top) // app.px(self.row_h)
        if 0 <= row < len(self.items):
            self.selected = row
            self.activate(app)

    def tooltip_area(self, app: App, pos: tuple[int, int]) -> pygame.Rect:
        rh = app.px(self.row_h)
        row = (pos[1] - self.rect.top) // rh
        return pygame.Rect(self.rect.left, self.rect.top + row * rh, self.rect.w, rh)

    def wheel(self, app: App, dy: int) -> bool:
        rows = self.visible_rows(app)
        self.scroll = min(max(0, self.scroll - dy), max(0, len(self.items) - rows))
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return fields_look(self, hovered, focused)

    def reach(self, app: App) -> pygame.Rect:
        """Its rows and its scrollbar."""
        r = self.rect
        return r.union(pygame.Rect(r.right, r.top, app.px(16), self.visible_rows(app) * app.px(self.row_h)))

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        rh = app.px(self.row_h)
        rows = self.visible_rows(app)
        for i in range(self.scroll, min(len(self.items), self.scroll + rows)):
            r = pygame.Rect(self.rect.left, self.rect.top + (i - self.scroll) * rh, self.rect.w, rh - app.px(4))
            name = "ui/list_row_selected" if i == self.selected else "ui/list_row"
            surface.blit(app.sprites.nine_slice(name, r.size), r)
            text.draw_text(surface, self.items[i], app.font_px(21), app.theme.text,
                           (r.left + app.px(16), r.centery), "midleft")
        if len(self.items) > rows:
            draw_scrollbar(surface, app, pygame.Rect(self.rect.right + app.px(6), self.rect.top, app.px(10),
                                                     rows * rh), self.scroll, rows, len(self.items))


def draw_scrollbar(surface: pygame.Surface, app: App, track: pygame.Rect, first: float, shown: float,
                   total: float) -> None:
    """A scrollbar showing `shown` of `total` units starting at `first`."""
    surface.blit(app.sprites.nine_slice("ui/scrollbar_track", track.size), track)
    if total <= 0:
        return
    h = max(app.px(24), round(track.h * min(1.0, shown / total)))
    span = max(1.0, total - shown)
    y = track.top + round((track.h - h) * min(1.0, first / span))
    thumb = pygame.Rect(track.left, y, track.w, h)
    surface.blit(app.sprites.nine_slice("ui/scrollbar_thumb", thumb.size), thumb)


class WidgetGroup:
    """Focus, keyboard navigation, mouse and tooltips for a list of widgets."""

    def __init__(self, app: App, widgets: Sequence[Widget] = ()) -> None:
        self.app = app
        self.widgets: list[Widget] = list(widgets)
        self._focus: Widget | None = None  # the widget itself: which widgets can take focus changes (seats)
        self.hover: Widget | None = None
        self.hover_ms = 0.0
        self.dragging: Widget | None = None
        self.mouse_pos = (-1, -1)
        self.keyboard_mode = False
        self.covers = app.stack.covers  # the scene stack's count when this group last had a frame on top
        self.keep_clear: list[pygame.Rect] = []  # what the tooltips keep off besides the widgets (headings...)

    @property
    def focused(self) -> Widget | None:
        focusable = [w for w in self.widgets if w.focusable]
        if not focusable:
            return None
        return self._focus if self._focus in focusable else focusable[0]

    def set_focus(self, widget: Widget) -> None:
        if widget in self.widgets and widget.focusable:
            self._focus = widget

    @property
    def focus_index(self) -> int:
        """The focused widget's place among the focusable ones (to keep it in a rebuilt group)."""
        focused = self.focused
        return [w for w in self.widgets if w.focusable].index(focused) if focused is not None else 0

    @focus_index.setter
    def focus_index(self, index: int) -> None:
        focusable = [w for w in self.widgets if w.focusable]
        if focusable:
            self._focus = focusable[index % len(focusable)]

    def _move_focus(self, delta: int) -> None:
        focusable = [w for w in self.widgets if w.focusable]
        current = self.focused
        if current is not None:
            self._focus = focusable[(focusable.index(current) + delta) % len(focusable)]
            self.app.sounds.play("ui_hover", 0.6)

    def handle(self, event: pygame.event.Event) -> bool:
        app = self.app
        if event.type == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            self.keyboard_mode = False
            over = next((w for w in self.widgets if w.enabled and w.rect.collidepoint(event.pos)), None)
            if over is not self.hover:
                self.hover, self.hover_ms = over, 0.0
                if over is not None and over.focusable:
                    self.set_focus(over)
            if self.dragging is not None and event.buttons[0]:
                self.dragging.drag(app, event.pos)
            return over is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for w in self.widgets:
                if w.rect.collidepoint(event.pos):
                    if w.focusable:
                        self.set_focus(w)
                    self.dragging = w
                    w.click(app, event.pos)
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
            return False
        if event.type == pygame.MOUSEWHEEL:
            target = next((w for w in self.widgets if w.rect.collidepoint(self.mouse_pos)), None)
            return bool(target and target.wheel(app, event.y))
        if event.type == pygame.KEYDOWN:
            focused = self.focused
            self.keyboard_mode = True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                delta = 1 if event.key == pygame.K_DOWN else -1
                if isinstance(focused, ListBox) and focused.move(app, delta):
                    return True
                self._move_focus(delta)
                return True
            if event.key == pygame.K_TAB:
                self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if focused is None:
                return False
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                focused.activate(app)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                return focused.adjust(app, 1 if event.key == pygame.K_RIGHT else -1)
        return False

    def update(self, dt_ms: float) -> None:
        """Advance the tooltip delay; when the widgets changed under a still mouse (a button replaced or
        moved), the hover follows what is under the mouse now, so no stale tooltip stays up."""
        over = next((w for w in self.widgets if w.enabled and w.rect.collidepoint(self.mouse_pos)), None)
        if self.covers != self.app.stack.covers:  # back from under a dialog: the pointer is elsewhere by now
            self.mouse_pos, over, self.covers = (-1, -1), None, self.app.stack.covers
        if over is not self.hover:
            self.hover, self.hover_ms = over, 0.0
        else:
            self.hover_ms += dt_ms

    @property
    def tooltip_shown(self) -> bool:
        """Whether the hovered widget's tooltip is up: after the delay, and never once a scene (a dialog) has
        opened over the group's own."""
        return (self.hover is not None and bool(self.hover.tooltip) and self.hover_ms >= TOOLTIP_DELAY_MS
                and self.covers == self.app.stack.covers)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        focused = self.focused
        for w in self.widgets:
            w.draw(surface, app, w is self.hover, w is focused and (self.keyboard_mode or w is self.hover))
        if focused is not None and self.keyboard_mode:
            ring = focused.rect.inflate(app.px(12), app.px(12))
            surface.blit(app.sprites.nine_slice("ui/focus_ring", ring.size), ring)
        if self.hover is not None and self.hover.tooltip and self.tooltip_shown:
            others = [w.rect for w in self.widgets if w is not self.hover] + self.keep_clear
            draw_tooltip(surface, app, self.hover.tooltip, self.mouse_pos, self.hover.tooltip_area(app, self.mouse_pos),
                         others)
