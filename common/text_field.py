"""A one-line text box: click or Enter to edit, type (Ctrl+V pastes), Enter, Tab or Esc to finish."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from common import text
from common.widget_parts import Keyed

if TYPE_CHECKING:
    from common.app import App


def pasted() -> str:
    """The clipboard's text ("" when there is none or no clipboard)."""
    with contextlib.suppress(pygame.error, AttributeError):
        got = pygame.scrap.get_text()
        return got if isinstance(got, str) else ""
    return ""


class TextField(Keyed):
    """A value of at most `limit` characters, each passing `allowed`; an empty value becomes `fallback` when
    editing ends. The scene hands it its events while `editing` (`key`)."""

    def __init__(self, value: str, on_change: Callable[[str], Any], tooltip: str | None = None, *, limit: int,
                 fallback: str = "", allowed: Callable[[str], bool] = str.isprintable) -> None:
        super().__init__(tooltip)
        self.value = value
        self.on_change = on_change
        self.limit, self.fallback, self.allowed = limit, fallback, allowed
        self.editing = False

    def activate(self, app: App) -> None:
        self.editing = not self.editing
        app.sounds.play("ui_click")
        if self.editing:
            pygame.key.start_text_input()
        else:
            self.finish()

    def finish(self) -> None:
        self.editing = False
        self.value = self.value.strip() or self.fallback
        self.on_change(self.value)

    def type(self, words: str) -> None:
        """Add what was typed or pasted, keeping only allowed characters, up to the limit."""
        kept = "".join(c for c in words if c.isprintable() and self.allowed(c))
        self.value = (self.value + kept)[:self.limit]

    def key(self, event: pygame.event.Event) -> bool:
        """Typing while editing; True when the event was used."""
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
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
        shown = self.value + ("|" if self.editing and pygame.time.get_ticks() // 500 % 2 == 0 else "")
        px = text.fit_px(shown, app.font_px(20), r.w - app.px(16))
        text.draw_text(surface, shown, px, app.theme.text, (r.left + app.px(8), r.centery), "midleft")
