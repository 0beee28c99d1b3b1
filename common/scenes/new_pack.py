"""New sprite pack: the player types a name, and the starter pack is copied into their packs folder under it."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.engine import text
from common.packs.maker import NAME_LIMIT, MadePack, make_pack, suggested_name, user_packs_dir
from common.ui.dialog import Dialog

if TYPE_CHECKING:
    from common.engine.app import App


class NewPackScene(Dialog):
    """A name field over the current scene: typing replaces the suggested name, Enter makes the pack (or says in one
    line why not and stays open), Esc cancels. `on_made` gets the new pack."""

    def __init__(self, app: App, on_made: Callable[[MadePack], None]) -> None:
        super().__init__(app, _("New sprite pack"),
                         _("A copy of a small starter pack, to paint over, goes into your packs folder:")
                         + "\n" + str(user_packs_dir()),
                         [(_("Create"), lambda: None), (_("Cancel"), lambda: None)])
        self.buttons[0].on_click = self.create  # stays open when the name is refused
        self.on_made = on_made
        self.name = suggested_name(_("My pack"))
        self.fresh = True  # the suggestion is selected: the first key typed replaces it
        self.problem = ""
        self.field = pygame.Rect(0, 0, 0, 0)
        pygame.key.start_text_input()

    def create(self) -> None:
        made = make_pack(self.name)
        if isinstance(made, str):
            self.problem = made
            self.app.sounds.play("ui_error")
            return
        self.app.stack.pop()
        self.on_made(made)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        app = self.app
        extra = app.px(100)
        self.box.h += extra
        self.box.centery = size[1] // 2
        for b in self.buttons:
            b.rect.bottom = self.box.bottom - app.px(32)
        self.field = pygame.Rect(self.box.left + app.px(40), self.buttons[0].rect.top - extra - app.px(4),
                                 self.box.w - app.px(80), app.px(48))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.name = ("" if self.fresh else self.name) + event.text
            self.name, self.fresh, self.problem = self.name[:NAME_LIMIT + 1], False, ""
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[0].activate(self.app)
                return True
            if event.key == pygame.K_BACKSPACE:
                self.name, self.fresh, self.problem = "" if self.fresh else self.name[:-1], False, ""
                return True
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.fresh = True
                return True
            if event.unicode and event.unicode.isprintable() and not event.mod & pygame.KMOD_CTRL:
                return True  # its text comes as TEXTINPUT; a space must not press the focused button
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        surface.blit(app.sprites.nine_slice("ui/list_row_selected", self.field.size), self.field)
        px = text.fit_px(self.name + "|", app.font_px(24), self.field.w - app.px(24))
        left = self.field.left + app.px(12)
        if self.fresh and self.name:  # selected: the first key typed replaces it
            mark = text.render(self.name, px, app.theme.text).get_rect(midleft=(left, self.field.centery))
            pygame.draw.rect(surface, app.theme.accent, mark.inflate(app.px(8), app.px(4)), border_radius=app.px(4))
        shown = self.name + ("" if self.fresh or (pygame.time.get_ticks() // 500) % 2 else "|")
        text.draw_text(surface, shown, px, app.theme.text, (left, self.field.centery), "midleft")
        lh = text.font(app.font_px(18)).get_linesize()
        for i, line in enumerate(text.wrap(self.problem, app.font_px(18), self.box.w - app.px(60))[:2]):
            text.draw_text(surface, line, app.font_px(18), app.theme.danger,
                           (self.box.centerx, self.field.bottom + app.px(6) + i * lh), "midtop")
