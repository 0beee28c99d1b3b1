"""The setup screen's own widgets: a player's name field, the human/bot switch of a seat, the level list;
and the choices they edit."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from arenas.bots.proof import LABELS
from arenas.records import Records
from arenas.rules.components import MAX_PLAYERS
from arenas.rules.levels import Level
from arenas.session import format_ms
from common.data.i18n import N_, _, language
from common.engine import text
from common.ui.line_edit import SELECTION_RGB
from common.ui.widgets import ListBox, Widget, draw_scrollbar

if TYPE_CHECKING:
    from common.engine.app import App


# The names a seat takes when it becomes a bot, kept as these English words and shown through `_()`.
BOT_NAMES = (N_("Clockwork Pip"), N_("Brass Bea"), N_("Tick-Tock Tam"), N_("Cogsworth Nell"), N_("Sprocket Sal"),
             N_("Pendulum Pete"), N_("Gearwright Ada"))


def default_name(seat: int) -> str:
    """The name of a seat nobody has named: 'Player 2'."""
    return _("Player {n}").format(n=seat + 1)


@dataclass
class Choices:
    """What the setup screen remembers between runs in one session."""

    count: int = 1
    names: list[str] = field(default_factory=lambda: [""] * MAX_PLAYERS)  # "": the seat's default name; see `name`
    bots: list[bool] = field(default_factory=lambda: [False] * MAX_PLAYERS)
    first: int = 0
    speed_pct: int = 100
    allow_pause: bool = False
    level: int | None = None

    def name(self, seat: int) -> str:
        """The name of a seat in the current language: the one chosen (a bot's name translated), or its default."""
        name = self.names[seat]
        return _(name) if name in BOT_NAMES else name or default_name(seat)


class NameField(Widget):
    """A player's name: click or Enter to edit, type, Enter or Tab to finish. Opened by the keyboard (Enter)
    the name is selected, so the first key replaces it; Ctrl+A selects it too."""

    def __init__(self, index: int, choices: Choices, on_edit: Callable[[NameField, bool], None]) -> None:
        super().__init__(_("Click and type a name"))
        self.index = index
        self.choices = choices
        self.on_edit = on_edit  # (the field, whether the keyboard opened it)
        self.editing = False
        self.selected = False  # while editing: the whole name is selected

    @property
    def value(self) -> str:
        """The name as typed while editing (empty at first for a default name), else the seat's name."""
        return self.choices.names[self.index] if self.editing else self.choices.name(self.index)

    def activate(self, app: App) -> None:
        self._open(app, True)

    def click(self, app: App, pos: tuple[int, int]) -> None:
        self._open(app, False)

    def _open(self, app: App, keyboard: bool) -> None:
        if not self.enabled:
            return
        app.sounds.play("ui_click")
        self.on_edit(self, keyboard)

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable | None:
        if self.editing:  # its caret blinks
            return None
        return tuple(self.rect), self.enabled, self.index, self.value, hovered or focused, language()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        if not self.enabled:
            return
        name = "ui/list_row_selected" if hovered or focused or self.editing else "ui/list_row"
        surface.blit(app.sprites.nine_slice(name, self.rect.size), self.rect)
        text.draw_text(surface, default_name(self.index), app.font_px(17), app.theme.muted,
                       (self.rect.left + app.px(14), self.rect.centery), "midleft")
        left = self.rect.left + app.px(110)
        room = self.rect.right - app.px(12) - left
        if self.editing:
            done = text.draw_text(surface, _("Enter ✓"), app.font_px(14), app.theme.muted,
                                  (self.rect.right - app.px(12), self.rect.centery), "midright")
            room = done.left - app.px(8) - left
        value = self.value or " "
        px = text.fit_px(value, app.font_px(21), room, bold=True)
        if self.editing and self.selected:  # the selection: the name on a highlight
            w, h = text.font(px, True).size(value)
            mark = pygame.Rect(left - 2, self.rect.centery - h // 2, w + 4, h)
            pygame.draw.rect(surface, SELECTION_RGB, mark, border_radius=app.px(3))
        r = text.draw_text(surface, value, px, app.theme.text, (left, self.rect.centery), "midleft", bold=True)
        if self.editing and not self.selected and (pygame.time.get_ticks() // 500) % 2 == 0:
            pygame.draw.line(surface, app.theme.text, (r.right + 2, r.top + 2), (r.right + 2, r.bottom - 2), 2)


class SeatKind(Widget):
    """Human or bot for one seat: a two-way switch beside the name (click, Enter or Left/Right)."""

    def __init__(self, index: int, choices: Choices, on_change: Callable[[int, bool], None]) -> None:
        super().__init__(_("Human, or a bot team-mate that plays this seat by itself"))
        self.index = index
        self.choices = choices
        self.on_change = on_change

    @property
    def bot(self) -> bool:
        return self.choices.bots[self.index]

    def activate(self, app: App) -> None:
        if not self.enabled:
            return
        app.sounds.play("ui_click")
        self.on_change(self.index, not self.bot)

    def adjust(self, app: App, direction: int) -> bool:
        if (direction > 0) != self.bot:
            self.activate(app)
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return tuple(self.rect), self.enabled, self.bot, hovered or focused, language()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        if not self.enabled:
            return
        name = "ui/list_row_selected" if hovered or focused else "ui/list_row"
        surface.blit(app.sprites.nine_slice(name, self.rect.size), self.rect)
        half = self.rect.inflate(-app.px(8), -app.px(8))
        half.w //= 2
        if self.bot:
            half.left += half.w
        pygame.draw.rect(surface, app.sprites.colour("arenas_glow"), half, border_radius=half.h // 2)
        pygame.draw.rect(surface, app.theme.text, half, 1, border_radius=half.h // 2)
        for k, word in enumerate((_("Human"), _("Bot"))):
            chosen = k == int(self.bot)
            centre = (self.rect.left + app.px(4) + half.w * k + half.w // 2, self.rect.centery)
            px = text.fit_px(word, app.font_px(15), half.w - app.px(6), bold=chosen)
            text.draw_text(surface, word, px, app.theme.text if chosen else app.theme.muted, centre, "center",
                           bold=chosen)


DIFFICULTY_STEPS = len(LABELS)


def difficulty_bars(app: App, step: int, ink: tuple[int, int, int]) -> pygame.Surface:
    """Five rising bars, the first `step` of them filled: how hard a level is, readable down the list."""
    w, gap = app.px(4), app.px(2)
    full = app.px(20)
    bars = pygame.Surface((DIFFICULTY_STEPS * (w + gap), full), pygame.SRCALPHA)
    for i in range(DIFFICULTY_STEPS):
        h = full * (i + 2) // (DIFFICULTY_STEPS + 1)
        colour = (*ink, 255) if i < step else (*ink, 55)
        bars.fill(colour, pygame.Rect(i * (w + gap), full - h, w, h))
    return bars


class LevelList(ListBox):
    """Levels with their number, how hard each is (rising bars), name, lock or best time; Up/Down select, Enter
    starts."""

    def __init__(self, levels: list[Level], records: Records, on_start: Callable[[int], None],
                 steps: dict[int, int]) -> None:
        super().__init__([_(lv.name) for lv in levels], on_start, row_h=40)
        self.levels = levels
        self.records = records
        self.steps = steps  # level number -> how hard, 1 to DIFFICULTY_STEPS (0: unknown)

    def click(self, app: App, pos: tuple[int, int]) -> None:
        row = self.scroll + (pos[1] - self.rect.top) // app.px(self.row_h)
        if 0 <= row < len(self.items):
            self.selected = row
            app.sounds.play("ui_hover")

    def reveal(self, app: App) -> None:
        rows = self.visible_rows(app)
        self.scroll = min(max(self.scroll, self.selected - rows + 1), self.selected)

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        shown = self.levels[self.scroll:self.scroll + self.visible_rows(app)]
        records = tuple((lv.number, lv.name, self.records.is_unlocked(lv.number), self.records.get(lv.number).wins,
                         self.records.best_ms(lv.number), self.steps.get(lv.number, 0)) for lv in shown)
        return tuple(self.rect), self.row_h, self.scroll, self.selected, len(self.items), records, language()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        rh = app.px(self.row_h)
        rows = self.visible_rows(app)
        for i in range(self.scroll, min(len(self.items), self.scroll + rows)):
            level = self.levels[i]
            r = pygame.Rect(self.rect.left, self.rect.top + (i - self.scroll) * rh, self.rect.w, rh - app.px(4))
            name = "ui/list_row_selected" if i == self.selected else "ui/list_row"
            surface.blit(app.sprites.nine_slice(name, r.size), r)
            unlocked = self.records.is_unlocked(level.number)
            ink = app.theme.text if unlocked else app.theme.muted
            text.draw_text(surface, f"{level.number:>2}", app.font_px(20), ink, (r.left + app.px(12), r.centery),
                           "midleft", bold=True)
            bars = difficulty_bars(app, self.steps.get(level.number, 0), ink)
            surface.blit(bars, bars.get_rect(midleft=(r.left + app.px(42), r.centery)))
            name = _(level.name)
            label_px = text.fit_px(name, app.font_px(20), r.w - app.px(184))
            text.draw_text(surface, name, label_px, ink, (r.left + app.px(80), r.centery), "midleft")
            if not unlocked:
                icon = app.sprites.scaled("ui/lock", (app.px(22), app.px(22)))
                surface.blit(icon, icon.get_rect(midright=(r.right - app.px(10), r.centery)))
            else:
                rec = self.records.get(level.number)
                if rec.wins:
                    star = app.sprites.scaled("ui/star", (app.px(20), app.px(20)))
                    surface.blit(star, star.get_rect(midright=(r.right - app.px(8), r.centery)))
                best = self.records.best_ms(level.number)
                if best is not None:
                    text.draw_text(surface, format_ms(best), app.font_px(16), app.theme.text,
                                   (r.right - app.px(32), r.centery), "midright")
        if len(self.items) > rows:
            draw_scrollbar(surface, app, pygame.Rect(self.rect.right + app.px(6), self.rect.top, app.px(10), rows * rh),
                           self.scroll, rows, len(self.items))
