"""The level editor's own widgets: the brushes, the deck's cards to take out, a one-line text field and the
board as a stop of the keyboard's focus. Each is given the one action it triggers."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, assert_never

import pygame

from arenas.rules.components import TILE_COLOURS, TIMER_SPECS
from arenas.scenes.editor_brush import Brush, Colour, Mark, Shape, Timer
from arenas.wording import timer_code
from common.data.i18n import _, language
from common.engine import text
from common.ui.line_edit import SELECTION_RGB
from common.ui.widgets import Widget

if TYPE_CHECKING:
    from common.engine.app import App

CROSS = (190, 40, 30)


def brush_icon(app: App, brush: Brush, px: int) -> pygame.Surface:
    """A brush's picture, `px` high: the gear of its colour, its emblem, its timer's sand and code, the block,
    the Deactivator stone."""
    match brush:
        case Colour(colour):
            return app.sprites.scaled(f"arenas/gear_{colour}", (px, px))
        case Shape(shape):
            return card_icon(app, shape, px)
        case Timer(timer):
            out = pygame.Surface((px * 2, px), pygame.SRCALPHA)
            r = px // 3
            pygame.draw.circle(out, (44, 29, 18), (r + 2, px // 2), r + 2)
            pygame.draw.circle(out, app.sprites.colour(TIMER_SPECS[timer].sand), (r + 2, px // 2), r)
            word = text.render(timer_code(timer), max(12, px * 11 // 20), app.theme.text, bold=True)
            out.blit(word, word.get_rect(midleft=(2 * r + 8, px // 2)))
            return out
        case Mark.BLOCK:
            return app.sprites.scaled("arenas/block", (px, px))
        case Mark.DEACTIVATOR:
            return app.sprites.scaled("arenas/deactivator", (round(px * 120 / 168), px))
        case _:
            assert_never(brush)


def card_icon(app: App, card: str, px: int) -> pygame.Surface:
    """A colour's gear or a shape's emblem on a gear hub, `px` high."""
    if card in TILE_COLOURS:
        return app.sprites.scaled(f"arenas/gear_{card}", (px, px))
    face = app.sprites.scaled("arenas/gear_hub", (px, px)).copy()
    emblem = app.sprites.scaled(f"arenas/emblem_{card}", (px * 3 // 4, px * 3 // 4))
    face.blit(emblem, emblem.get_rect(center=(px // 2, px // 2)))
    return face


class BrushSwatch(Widget):
    """One brush of the palette: a click picks it; as a stop of the keyboard's focus only the brush in use
    takes focus, and Left/Right pick the brush beside it (`on_step`)."""

    def __init__(self, brush: Brush, name: str, on_pick: Callable[[Brush], None],
                 on_step: Callable[[int], None]) -> None:
        super().__init__(name)
        self.brush = brush
        self.on_pick = on_pick
        self.on_step = on_step
        self.chosen = False

    def activate(self, app: App) -> None:
        app.sounds.play("ui_click")
        self.on_pick(self.brush)

    def adjust(self, app: App, direction: int) -> bool:
        self.on_step(direction)
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return tuple(self.rect), self.brush, self.chosen, hovered or focused

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        name = "ui/list_row_selected" if self.chosen or hovered or focused else "ui/list_row"
        surface.blit(app.sprites.nine_slice(name, self.rect.size), self.rect)
        icon = brush_icon(app, self.brush, self.rect.h - app.px(14))
        surface.blit(icon, icon.get_rect(center=self.rect.center))
        if self.chosen:
            pygame.draw.rect(surface, app.theme.focus, self.rect, max(2, app.px(3)), border_radius=app.px(6))


class CardToggle(Widget):
    """A colour or a shape of the deck: in, or taken out (crossed) by a click or Enter."""

    def __init__(self, card: str, on_toggle: Callable[[str], None]) -> None:
        super().__init__()
        self.card = card
        self.on_toggle = on_toggle
        self.removed = False

    def activate(self, app: App) -> None:
        app.sounds.play("ui_click")
        self.on_toggle(self.card)

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return tuple(self.rect), self.card, self.removed, hovered or focused, self.tooltip

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        name = "ui/list_row_selected" if hovered or focused else "ui/list_row"
        surface.blit(app.sprites.nine_slice(name, self.rect.size), self.rect)
        icon = card_icon(app, self.card, self.rect.h - app.px(14))
        if self.removed:
            icon = icon.copy()
            icon.set_alpha(90)
        at = icon.get_rect(center=self.rect.center)
        surface.blit(icon, at)
        if self.removed:
            width = max(3, app.px(4))
            pygame.draw.line(surface, CROSS, at.topleft, at.bottomright, width)
            pygame.draw.line(surface, CROSS, at.topright, at.bottomleft, width)


class TextField(Widget):
    """A labelled line of text: click or Enter to type in it (opened by the keyboard its text is selected,
    so the first key replaces it), Enter, Tab or Esc to finish (`on_edit` opens it)."""

    def __init__(self, label: str, tooltip: str, value: Callable[[], str],
                 on_edit: Callable[[TextField, bool], None]) -> None:
        super().__init__(tooltip)
        self.label = label
        self.value = value
        self.on_edit = on_edit  # (the field, whether the keyboard opened it)
        self.editing = False
        self.selected = False

    def activate(self, app: App) -> None:
        app.sounds.play("ui_click")
        self.on_edit(self, True)

    def click(self, app: App, pos: tuple[int, int]) -> None:
        app.sounds.play("ui_click")
        self.on_edit(self, False)

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable | None:
        if self.editing:  # its caret blinks
            return None
        return tuple(self.rect), self.label, self.value(), hovered or focused, language()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        name = "ui/list_row_selected" if hovered or focused or self.editing else "ui/list_row"
        surface.blit(app.sprites.nine_slice(name, self.rect.size), self.rect)
        label_w = app.px(120)
        px = text.fit_px(self.label, app.font_px(17), label_w - app.px(8))
        text.draw_text(surface, self.label, px, app.theme.muted, (self.rect.left + app.px(14), self.rect.centery),
                       "midleft")
        left = self.rect.left + app.px(14) + label_w
        room = self.rect.right - app.px(12) - left
        if self.editing:
            done = text.draw_text(surface, _("Enter ✓"), app.font_px(14), app.theme.muted,
                                  (self.rect.right - app.px(12), self.rect.centery), "midright")
            room = done.left - app.px(8) - left
        value = self.value()
        shown = value or " "
        vpx = app.font_px(19)
        if text.font(vpx, True).size(shown)[0] > room:  # its end while it is typed, else its start
            while len(shown) > 1 and text.font(vpx, True).size(shown + "…")[0] > room:
                shown = shown[1:] if self.editing else shown[:-1]
            shown = "…" + shown if self.editing else shown + "…"
        if self.editing and self.selected and value:
            w, h = text.font(vpx, True).size(shown)
            pygame.draw.rect(surface, SELECTION_RGB, pygame.Rect(left - 2, self.rect.centery - h // 2, w + 4, h),
                             border_radius=app.px(3))
        r = text.draw_text(surface, shown, vpx, app.theme.text, (left, self.rect.centery), "midleft", bold=True)
        if self.editing and not self.selected and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = r.right + 2 if value else left
            pygame.draw.line(surface, app.theme.text, (x, r.top + 2), (x, r.bottom - 2), 2)


class BoardStop(Widget):
    """The board as a stop of the keyboard's focus: Left/Right move the gear cursor (`on_move`), Enter or Space
    uses the brush on its gear (`on_use`). The mouse works on the board itself; this draws nothing."""

    def __init__(self, on_move: Callable[[int], None], on_use: Callable[[], None]) -> None:
        super().__init__()
        self.on_move = on_move
        self.on_use = on_use

    def activate(self, app: App) -> None:
        self.on_use()

    def click(self, app: App, pos: tuple[int, int]) -> None:
        """The board's own mouse handling has used the click."""

    def adjust(self, app: App, direction: int) -> bool:
        self.on_move(direction)
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return ()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        """Nothing: the board and its cursor are drawn by the scene's board parts."""
