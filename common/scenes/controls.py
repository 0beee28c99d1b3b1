"""Controls: every game command with its key; Enter then a key changes it (Esc cancels), a key another
command has is refused in one line naming that command, Reset to defaults puts every key back. The keys are
saved with the settings. This screen itself answers only to the arrows, Enter, Esc and the mouse, which no
binding can take, so no choice here can lock a player out."""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from common.data.i18n import N_, _, language
from common.data.keymap import GAME_COMMANDS, LABELS, Command, KeyMap, keymap
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.scene import Scene
from common.scenes.backdrop import Backdrop
from common.ui.keycap import keycap
from common.ui.widget_parts import app_look, text_part, widget_look
from common.ui.widgets import Button

if TYPE_CHECKING:
    from common.engine.app import App

REFUSED_INK = (255, 178, 160)  # light on the dark sky, still read as a refusal
BOTH = frozenset(GAME_COMMANDS["arenas"]) & frozenset(GAME_COMMANDS["arzium"])


class ControlsScene(Scene):
    """The key map, row by row; the two buttons below it are the last two rows of the focus."""

    title = N_("Controls")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(60)
        self.commands = sorted(Command, key=lambda c: (c not in BOTH, list(Command).index(c)))
        self.reset = Button(_("Reset to defaults"), self.reset_keys, font=22)
        self.back = Button(_("Back"), app.pop, icon="ui/icon_back", sound="ui_back", font=22)
        self.focus = 0
        self.waiting: Command | None = None
        self.message = ""
        self.refused = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_rects: list[pygame.Rect] = []

    def retranslate(self) -> None:
        self.reset.label, self.back.label = _("Reset to defaults"), _("Back")

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        pw = min(w - app.px(60), app.px(760))
        top = app.px(88)
        row_h = min(app.px(38), (h - top - app.px(150)) // len(self.commands))
        self.panel = pygame.Rect(w // 2 - pw // 2, top - app.px(14), pw, len(self.commands) * row_h + app.px(28))
        self.row_rects = [pygame.Rect(self.panel.left + app.px(20), top + i * row_h, pw - app.px(40), row_h - app.px(3))
                          for i in range(len(self.commands))]
        y = self.panel.bottom + app.px(40)
        self.reset.rect = pygame.Rect(w // 2 - app.px(250), y, app.px(240), app.px(48))
        self.back.rect = pygame.Rect(w // 2 + app.px(10), y, app.px(240), app.px(48))

    # -- input ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            over = self._row_at(event.pos)
            if over is not None and self.waiting is None:
                self.focus = over
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.waiting is None:
            over = self._row_at(event.pos)
            if over is not None:
                self.focus = over
                self._activate()
        return True

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        rects = [*self.row_rects, self.reset.rect, self.back.rect]
        return next((i for i, r in enumerate(rects) if r.collidepoint(pos)), None)

    def _key(self, key: int) -> None:
        if self.waiting is not None:
            command, self.waiting = self.waiting, None
            if key == pygame.K_ESCAPE:
                self._say(_("Unchanged: {action} stays on {key}").format(
                    action=_(LABELS[command]), key=self._keys().name(command)), False)
                self.app.sounds.play("ui_back")
                return
            bindings, line = self._keys().rebind(command, key)
            if bindings is None:
                self._say(line, True)
                self.app.sounds.play("ui_error")
                return
            self.app.apply_settings(replace(self.app.settings, key_bindings=bindings))
            self._say(line, False)
            self.app.sounds.play("ui_click")
            return
        rows = len(self.commands) + 2
        if key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.app.pop()
        elif key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % rows
            self.app.sounds.play("ui_hover", 0.6)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus >= len(self.commands):
            self.focus = len(self.commands) + (1 if key == pygame.K_RIGHT else 0)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._activate()

    def _activate(self) -> None:
        n = len(self.commands)
        if self.focus == n:
            self.reset.activate(self.app)
        elif self.focus == n + 1:
            self.back.activate(self.app)
        else:
            self.waiting = self.commands[self.focus]
            self._say(_("Press the new key for \u201c{action}\u201d (Esc cancels)").format(
                action=_(LABELS[self.waiting])), False)
            self.app.sounds.play("ui_click")

    def reset_keys(self) -> None:
        self.app.apply_settings(replace(self.app.settings, key_bindings={}))
        self._say(_("Every key is back to its default"), False)

    def _keys(self) -> KeyMap:
        return keymap(self.app.settings.key_bindings)

    def _say(self, line: str, refused: bool) -> None:
        self.message, self.refused = line, refused

    # -- drawing ----------------------------------------------------------------------------

    def frame_parts(self) -> list[Part]:
        """The backdrop and title, a still part per row and per button (keyed by what it shows and its
        focus) and the message line: a key press repaints only the rows and line it changes."""
        app = self.app
        w = app.size[0]
        keys = self._keys()
        look = (language(), app_look(app))
        parts = [image_part(self.backdrop.picture(app, app.size, [("ui/panel", self.panel)]), (0, 0)),
                 text_part(_("Controls"), app.font_px(46), app.theme.text_light, (w // 2, app.px(18)), "midtop",
                           True, app.theme.shadow)]
        for i, (command, r) in enumerate(zip(self.commands, self.row_rects)):
            shown = "\u2026" if command == self.waiting else keys.name(command)
            parts.append(Part(r.inflate(app.px(6), app.px(6)), ("row", command, tuple(r), i == self.focus, shown, look),
                              partial(self._draw_row, command=command, r=r, focused=i == self.focus, shown=shown)))
        n = len(self.commands)
        for i, b in ((n, self.reset), (n + 1, self.back)):
            focused = self.focus == i
            parts.append(Part(b.rect.inflate(app.px(8), app.px(8)), ("button", widget_look(b, app, False, focused)),
                              partial(self._draw_button, b=b, focused=focused)))
        line = self.message or _("Enter, then a key, changes a key. Esc, F1, F5 and F11 stay as they are.")
        colour = REFUSED_INK if self.refused else app.theme.text_light
        y = (self.panel.bottom + self.reset.rect.top) // 2
        parts.append(text_part(line, text.fit_px(line, app.font_px(19), self.panel.w, bold=self.refused), colour,
                               (w // 2, y), "center", self.refused, app.theme.shadow))
        return parts

    def _draw_row(self, surface: pygame.Surface, *, command: Command, r: pygame.Rect, focused: bool,
                  shown: str) -> None:
        """One command's row: its label, which games it is for and its key (`shown`), ringed when focused."""
        app = self.app
        row = "ui/list_row_selected" if focused else "ui/list_row"
        surface.blit(app.sprites.nine_slice(row, r.size), r)
        if focused:
            pygame.draw.rect(surface, app.theme.focus, r.inflate(app.px(6), app.px(6)), max(2, app.px(3)),
                             border_radius=app.px(8))
        where = _("Both games") if command in BOTH else "Arzium"
        key_x = r.right - app.px(150)
        label = _(LABELS[command])
        room = key_x - r.left - app.px(150)
        text.draw_text(surface, label, text.fit_px(label, app.font_px(19), room), app.theme.text,
                       (r.left + app.px(14), r.centery), "midleft")
        text.draw_text(surface, where, text.fit_px(where, app.font_px(15), app.px(120)), app.theme.muted,
                       (key_x - app.px(20), r.centery), "midright")
        cap = keycap(app, shown, 16)
        surface.blit(cap, cap.get_rect(midleft=(key_x, r.centery)))

    def _draw_button(self, surface: pygame.Surface, *, b: Button, focused: bool) -> None:
        app = self.app
        b.draw(surface, app, False, focused)
        if focused:
            pygame.draw.rect(surface, app.theme.focus, b.rect.inflate(app.px(8), app.px(8)), max(2, app.px(3)),
                             border_radius=app.px(10))
