"""A one-line text box: click or Enter to edit, type (Ctrl+V pastes, Ctrl+A selects), Enter, Tab or Esc to
finish. Opened by the keyboard the text is selected, so the first key replaces it."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from common.engine import text
from common.ui.line_edit import SELECTION_RGB, LineEdit
from common.ui.widgets import Widget

if TYPE_CHECKING:
    from common.engine.app import App


def pasted() -> str:
    """The clipboard's text ("" when there is none or no clipboard)."""
    with contextlib.suppress(pygame.error, AttributeError):
        got = pygame.scrap.get_text()
        return got if isinstance(got, str) else ""
    return ""


class TextField(Widget):
    """A value of at most `limit` characters, each passing `allowed`; an empty value becomes `fallback` when
    editing ends. The scene hands it its events while `editing` (`key`)."""

    def __init__(self, value: str, on_change: Callable[[str], object], tooltip: str | None = None, *, limit: int,
                 fallback: str = "", allowed: Callable[[str], bool] = str.isprintable) -> None:
        super().__init__(tooltip)
        self.line = LineEdit(value, limit)
        self.on_change = on_change
        self.fallback, self.allowed = fallback, allowed
        self.editing = False

    @property
    def value(self) -> str:
        return self.line.value

    def activate(self, app: App) -> None:
        self.editing = not self.editing
        app.sounds.play("ui_click")
        if self.editing:
            pygame.key.start_text_input()
            self.line.select_all()
        else:
            self.finish()

    def click(self, app: App, pos: tuple[int, int]) -> None:
        self.activate(app)
        # A click puts the caret at the end, but a default value stays selected: the first key replaces it.
        self.line.selected = self.editing and bool(self.fallback) and self.value == self.fallback

    def finish(self) -> None:
        self.editing = False
        self.line.selected = False
        self.line.value = self.line.value.strip() or self.fallback
        self.on_change(self.line.value)

    def type(self, words: str) -> None:
        """Add what was typed or pasted, keeping only allowed characters, up to the limit."""
        self.line.type("".join(c for c in words if self.allowed(c)))

    def key(self, event: pygame.event.Event) -> bool:
        """Typing while editing; True when the event was used."""
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.line.backspace()
            elif event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.line.select_all()
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.type(pasted())
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.finish()
            return True
        return False

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable | None:
        return None if self.editing else (tuple(self.rect), self.value, hovered)  # editing: its caret blinks

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        r = self.rect
        pygame.draw.rect(surface, (255, 248, 226) if self.editing else (246, 234, 206), r, border_radius=app.px(6))
        pygame.draw.rect(surface, app.theme.focus if (self.editing or hovered) else (150, 112, 70), r,
                         max(1, app.px(2)), border_radius=app.px(6))
        caret = self.editing and not self.line.selected and pygame.time.get_ticks() // 500 % 2 == 0
        shown = self.value + ("|" if caret else "")
        px = text.fit_px(shown, app.font_px(20), r.w - app.px(16))
        where = (r.left + app.px(8), r.centery)
        if self.line.selected:  # the selection: the text on a highlight
            mark = pygame.Rect(where[0] - 2, r.top + app.px(6), text.font(px).size(shown)[0] + 4, r.h - app.px(12))
            pygame.draw.rect(surface, SELECTION_RGB, mark, border_radius=app.px(3))
        text.draw_text(surface, shown, px, app.theme.text, where, "midleft")
