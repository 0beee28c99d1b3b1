"""The in-game help overlay: the controls of the game being played, read from the key map (so changed keys
show), and the fixed keys. Any key or click closes it. Over a game whose time must not stop (an Arenas run
without the pause assist) it keeps the game under it running (`Scene.keeps_below_running`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.data.keymap import FIXED, GAME_COMMANDS, LABELS, Game, keymap, spoken
from common.engine import text
from common.engine.scene import Scene
from common.ui.keycap import keycap

if TYPE_CHECKING:
    from common.engine.app import App

GAME_NAMES = {"arenas": "Arenas Movedizas", "arzium": "Arzium"}


class HelpOverlay(Scene):
    """Over a game: its controls; `keep_running`: the game underneath goes on meanwhile (else it waits),
    `note` a line said in warning ink under the title (what goes on underneath)."""

    opaque = False

    def __init__(self, app: App, game: Game, keep_running: bool = False, note: str = "") -> None:
        super().__init__(app)
        self.game = game
        self.keeps_below_running = keep_running
        self.note = note
        self.box = pygame.Rect(0, 0, 0, 0)

    def rows(self) -> list[tuple[str, str]]:
        """(key, what it does) for every line: the game's commands, then the fixed keys."""
        keys = keymap(self.app.settings.key_bindings)
        return [(keys.name(c), _(LABELS[c])) for c in GAME_COMMANDS[self.game]] + \
            [(spoken(k), _(what)) for k, what in FIXED[self.game]]

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        n = len(self.rows())
        w = min(size[0] - app.px(40), app.px(640))
        h = min(size[1] - app.px(20), app.px(156) + n * app.px(30))
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.app.stack.top is self:
            self.app.sounds.play("ui_back")
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, box = self.app, self.box
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 8, 20, 150))
        surface.blit(shade, (0, 0))
        surface.blit(app.sprites.nine_slice("ui/dialog", box.size), box)
        title = _("{game}: controls").format(game=GAME_NAMES[self.game])
        text.draw_text(surface, title, text.fit_px(title, app.font_px(30), box.w - app.px(60), bold=True),
                       app.theme.text, (box.centerx, box.top + app.px(26)), "midtop", bold=True)
        if self.note:
            text.draw_text(surface, self.note, text.fit_px(self.note, app.font_px(17), box.w - app.px(60), bold=True),
                           app.theme.danger, (box.centerx, box.top + app.px(62)), "midtop", bold=True)
        rows = self.rows()
        step = min(app.px(30), (box.h - app.px(156)) // max(1, len(rows)))
        key_w = app.px(150)
        y = box.top + app.px(84)
        for key, what in rows:
            cap = keycap(app, key, 15)
            surface.blit(cap, cap.get_rect(midright=(box.left + key_w, y + step // 2)))
            room = box.right - app.px(40) - (box.left + key_w + app.px(16))
            text.draw_text(surface, what, text.fit_px(what, app.font_px(18), room), app.theme.text,
                           (box.left + key_w + app.px(16), y + step // 2), "midleft")
            y += step
        foot = _("Change the keys in Settings, Controls. Any key closes this.")
        text.draw_text(surface, foot, text.fit_px(foot, app.font_px(16), box.w - app.px(60)), app.theme.muted,
                       (box.centerx, box.bottom - app.px(34)), "midbottom")
