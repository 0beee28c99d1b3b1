"""My levels: the player's own Arenas levels, and the ways into the level editor (a new level, one of the list,
or a copy of a box level to start from)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arenas.my_levels import MyLevel, list_my_levels
from arenas.rules.level_editor import new_level
from arenas.rules.levels import Level, LevelError, load_levels
from arenas.scenes.level_facts import level_facts
from common import text
from common.i18n import _
from common.layers import Part
from common.scene import Scene
from common.scenes.backdrop import Backdrop
from common.widget_parts import widget_screen, window_part
from common.widgets import Button, Choice, ListBox, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.app import App

OpenEditor = Callable[[Level, Path | None], None]  # the level to edit, the file of My levels it is kept in


def copy_of(level: Level) -> Level:
    """A box level as a level of one's own to change: its name and description in the language shown, no theme
    line (it spoke of the box level)."""
    return replace(level, name=_(level.name), description=_(level.description), theme="")


class MyLevelsScene(Scene):
    """The player's levels in a list (Enter or a click edits one), New level, and Copy to my levels of a box
    level."""

    rules_game = "arenas"
    title = "Arenas Movedizas — my levels"

    def __init__(self, app: App, open_editor: OpenEditor) -> None:
        super().__init__(app)
        self.open_editor = open_editor
        self.mine: list[MyLevel] = []
        try:
            self.box_levels = load_levels()
        except LevelError as exc:
            self.box_levels = []
            app.toast(str(exc))
        self.list = ListBox([], self.edit)
        self.new_button = Button(_("New level"), self.new, _("Start from an empty board"), font=24)
        self.template = Choice(_("Box level"), [(lv.number, f"{lv.number} · {_(lv.name)}") for lv in self.box_levels],
                               1, lambda _number: None, _("The box level to start from"))
        self.copy_button = Button(_("Copy to my levels"), self.copy, _("Open a copy of this box level in the editor"),
                                  font=22)
        self.edit_button = Button(_("Edit"), lambda: self.edit(self.list.selected), _("Edit the level chosen"),
                                  font=24)
        self.back = Button(_("Back"), app.pop, icon="ui/icon_back", sound="ui_back")
        self.widgets: list[Widget] = [self.list, self.edit_button, self.new_button, self.template, self.copy_button,
                                      self.back]
        self.group = WidgetGroup(app, self.widgets)
        self.backdrop = Backdrop(60)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.detail = pygame.Rect(0, 0, 0, 0)
        self.problems: list[str] = []
        self.reload()

    def reload(self) -> None:
        """Read the folder of My levels again (a level saved by the editor shows at once)."""
        self.mine, self.problems = list_my_levels()
        self.list.items = [m.level.name for m in self.mine]
        self.list.selected = min(self.list.selected, max(0, len(self.mine) - 1))
        self.edit_button.enabled = bool(self.mine)
        self.group.set_focus(self.list if self.mine else self.new_button)
        for problem in self.problems[:1]:
            self.app.toast(problem)

    def edit(self, index: int) -> None:
        if 0 <= index < len(self.mine):
            self.open_editor(self.mine[index].level, self.mine[index].path)

    def new(self) -> None:
        self.open_editor(new_level(1), None)

    def copy(self) -> None:
        """The chosen box level, as a new level of one's own to change."""
        level = next((lv for lv in self.box_levels if lv.number == self.template.value), None)
        if level is not None:
            self.open_editor(copy_of(level), None)

    def resume(self) -> None:
        self.reload()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        top, bottom = app.px(84), h - app.px(96)
        self.left = pygame.Rect(app.px(24), top, app.px(520), bottom - top)
        self.right = pygame.Rect(self.left.right + app.px(18), top, w - self.left.right - app.px(42), bottom - top)
        inner = self.left.inflate(-app.px(36), -app.px(36))
        self.list.rect = pygame.Rect(inner.left, inner.top, inner.w - app.px(20), inner.h * 11 // 20)
        self.edit_button.rect = pygame.Rect(inner.left, inner.bottom - app.px(56), app.px(200), app.px(56))
        self.detail = pygame.Rect(inner.left, self.list.rect.bottom + app.px(14), inner.w,
                                  self.edit_button.rect.top - self.list.rect.bottom - app.px(28))
        x, cw = self.right.left + app.px(18), self.right.w - app.px(36)
        y = self.right.top + app.px(18)
        self.new_button.rect = pygame.Rect(x, y, app.px(260), app.px(56))
        y += app.px(56) + app.px(40)
        self.template.rect = pygame.Rect(x, y, cw, app.px(40))
        self.copy_button.rect = pygame.Rect(x, y + app.px(50), app.px(300), app.px(52))
        self.back.rect = pygame.Rect(app.px(24), h - app.px(78), app.px(200), app.px(56))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.app.pop()
            return True
        if event.type == pygame.MOUSEWHEEL and self.list.rect.collidepoint(self.group.mouse_pos):
            return self.list.wheel(self.app, event.y)
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w = app.size[0]
        empty = not self.mine
        chosen = self.mine[self.list.selected].level if self.mine else None
        facts = level_facts(chosen) if chosen is not None else []
        left, detail = self.left, self.detail

        def title(surface: pygame.Surface) -> None:
            text.draw_text(surface, _("My levels"), app.font_px(44), app.theme.text_light, (w // 2, app.px(16)),
                           "midtop", bold=True, shadow=app.theme.shadow)

        def words(surface: pygame.Surface) -> None:
            if empty:
                r = self.list.rect
                line = _("No levels of your own yet: start a new one, or copy a box level to change it.")
                for i, part in enumerate(text.wrap(line, app.font_px(20), r.w)):
                    text.draw_text(surface, part, app.font_px(20), app.theme.text, (r.left, r.top + i * app.px(26)))
            y = detail.top
            px = app.font_px(18)
            if chosen is not None:
                y = text.draw_text(surface, chosen.name, text.fit_px(chosen.name, app.font_px(22), detail.w, bold=True),
                                   app.theme.text, (detail.left, y), bold=True).bottom + app.px(6)
            for fact in facts:
                for line in text.wrap(fact, px, detail.w):
                    text.draw_text(surface, line, px, app.theme.text, (detail.left, y))
                    y += text.font(px).get_linesize()

        picture = self.backdrop.picture(app, app.size, [("ui/panel", self.left), ("ui/panel", self.right)])
        return widget_screen(picture, self.group, window_part(app, "title", title),
                             window_part(app, ("words", empty, chosen, tuple(left), tuple(detail)), words))
