"""The result screen: won or lost, the time, what failed and where, the assisted mark, the sand chart."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from arenas.records import Records
from arenas.rules.actions import Action
from arenas.rules.levels import Level, LevelError, level_path, load_level
from arenas.rules.state import GameState
from arenas.scenes.chart import ChartMap, draw_chart, sand_history, tick_text
from arenas.scenes.ending import failure_text
from arenas.session import GameSetup, RunRecord, format_ms, is_shipped
from arenas.wording import level_title
from common.data.i18n import _
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.scene import HeldKeys, Scene
from common.scenes.backdrop import Backdrop
from common.scenes.menu import MenuScene
from common.scenes.replays import watch_file
from common.ui.widget_parts import group_parts, text_part, tooltip_part
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App


def assist_text(setup: GameSetup, state: GameState) -> str:
    """Why a run is marked assisted (empty when it is not)."""
    if not state.assisted:
        return ""
    if setup.sand_speed_pct < 100:
        return _("Assisted run (sand at {percent} %): no best time").format(percent=setup.sand_speed_pct)
    return _("Assisted run (pause or hint used): no best time") if setup.allow_pause \
        else _("Assisted run (hint used): no best time")


LOSSES_BEFORE_OFFER = 3   # losses in a row on a level before the slower sand is offered
OFFERED_SPEED_PCT = 75    # the sand speed it offers


def offers_slower_sand(setup: GameSetup, state: GameState, record: RunRecord, watched: bool) -> bool:
    """Whether the result offers the slower-sand assist: a run of the player's own lost, at full speed, after
    LOSSES_BEFORE_OFFER losses in a row on the level (counted runs only)."""
    return (state.result == "lost" and not watched and not setup.watch and setup.counts
            and setup.sand_speed_pct >= 100 and record.losses_in_a_row >= LOSSES_BEFORE_OFFER)


@dataclass(frozen=True)
class ResultExits:
    """Where the result screen leads (given by `flow`): a run in its place, or the level select."""

    play: Callable[[GameSetup, list[tuple[int, Action]] | None], None]  # setup, replay actions (None: live)
    level_select: Callable[[int], None]  # the level number to select


class ResultScene(Scene):
    """Shown after a run (or a watched replay); Retry, Next level, Level select, Menu."""

    rules_game = "arenas"
    title = "Arenas Movedizas — result"

    def __init__(self, app: App, setup: GameSetup, state: GameState, record: RunRecord, exits: ResultExits,
                 watched: bool = False) -> None:
        super().__init__(app)
        self.exits = exits
        self.setup = setup
        self.state = state
        self.record = record
        self.watched = watched
        self.history = sand_history(state)
        self.backdrop = Backdrop(70)
        self.chart = pygame.Surface((1, 1), pygame.SRCALPHA)  # drawn by `layout`, for the window's size
        self.chart_map: ChartMap | None = None
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.hover_tick: int | None = None  # the card tick under the mouse
        self.focus_tick: int | None = None  # the card tick chosen with Up/Down
        self.mouse = (-1, -1)
        self.t_ms = 0.0
        self.held = HeldKeys()
        self.shipped = is_shipped(setup.level)  # a box level as the box has it: it has a next one
        self.next_level = self._next_level()
        buttons = [Button(_("Watch again") if watched else _("Retry"), self.retry, _("Play this level again (Enter)"))]
        if self.next_level is not None:
            buttons.append(Button(_("Next level ({number})").format(number=self.next_level.number), self.next,
                                  _(self.next_level.name)))
        if record.replay_path is not None and not watched:
            buttons.append(Button(_("Watch replay"), self.watch_replay, _("Watch this run again, step by step")))
        buttons += [Button(_("Level select"), self.level_select, _("Choose another level or change the players")),
                    Button(_("Menu"), self.menu, _("Back to the main menu"), sound="ui_back")]
        self.slower: Button | None = None
        if offers_slower_sand(setup, state, record, watched):
            self.slower = Button(_("Retry with slower sand ({percent} %)").format(percent=OFFERED_SPEED_PCT),
                                 self.retry_slower, _("The sand falls slower; the run is marked assisted"), font=20)
            buttons.insert(1, self.slower)  # the focus order follows the screen: Retry, then the offer above
        self.buttons = buttons
        self.group = WidgetGroup(app, buttons)
        self.group.keyboard_mode = True

    def _next_level(self) -> Level | None:
        if self.watched or not self.shipped:
            return None
        n = self.setup.level.number + 1
        path = level_path(n)
        if not path.exists() or not Records.load().is_unlocked(n):
            return None
        try:
            return load_level(path)
        except LevelError:
            return None

    # ---- buttons -------------------------------------------------------------------------
    def retry(self) -> None:
        if self.watched:
            self.exits.play(self.setup, list(self.state.actions))
        else:
            self.exits.play(self.setup.again(self.app.options.seed), None)

    def retry_slower(self) -> None:
        """The offer taken: this level again with the sand at OFFERED_SPEED_PCT (an assisted run)."""
        self.exits.play(replace(self.setup.again(self.app.options.seed), sand_speed_pct=OFFERED_SPEED_PCT), None)

    def next(self) -> None:
        assert self.next_level is not None
        self.exits.play(replace(self.setup.again(self.app.options.seed), level=self.next_level), None)

    def level_select(self) -> None:
        self.exits.level_select(self.setup.level.number)

    def watch_replay(self) -> None:
        assert self.record.replay_path is not None
        problem = watch_file(self.app, self.record.replay_path)
        if problem is not None:
            self.app.toast(problem)

    def menu(self) -> None:
        self.app.stack.clear_to(MenuScene(self.app))

    # ---- scene ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        offer = (app.px(70) if self.slower is not None else 0) + self.footer_px()  # the offer's line and button
        self.chart_rect = pygame.Rect(app.px(30), app.px(190), w - app.px(60), h - app.px(190) - app.px(100) - offer)
        self.chart = pygame.Surface(self.chart_rect.size, pygame.SRCALPHA)
        self.chart_map = draw_chart(self.chart, app, self.chart.get_rect(), self.history)
        bw, gap = app.px(230), app.px(16)
        row = [b for b in self.buttons if b is not self.slower]
        total = len(row) * bw + (len(row) - 1) * gap
        x = w // 2 - total // 2
        for b in row:
            b.rect = pygame.Rect(x, h - app.px(80), bw, app.px(58))
            x += bw + gap
        if self.slower is not None:
            self.slower.rect = pygame.Rect(0, 0, app.px(340), app.px(46))
            self.slower.rect.bottomright = (w - app.px(30), h - app.px(96))

    def footer_px(self) -> int:
        """Room kept over the buttons for a line of the screen's own (none here)."""
        return 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.level_select()
            return True
        if self.held.blocks(event, self.t_ms):
            return True  # the key that played the last card must not skip the result
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.history.cards:
            n = len(self.history.cards)
            step = 1 if event.key == pygame.K_DOWN else -1
            self.focus_tick = (step if step < 0 else 0) % n if self.focus_tick is None \
                else (self.focus_tick + step) % n
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_tick = self._tick_at(event.pos)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.group._move_focus(1 if event.key == pygame.K_RIGHT else -1)
            self.group.keyboard_mode = True
            return True
        return self.group.handle(event)

    def _tick_at(self, pos: tuple[int, int]) -> int | None:
        """The card tick nearest the mouse, if it is on the tick or the strip under it."""
        if self.chart_map is None:
            return None
        x, y = pos[0] - self.chart_rect.x, pos[1] - self.chart_rect.y
        cm = self.chart_map
        if not cm.plot.top <= y <= cm.strip.bottom or not cm.ticks:
            return None
        near = min(range(len(cm.ticks)), key=lambda i: abs(cm.ticks[i] - x))
        return near if abs(cm.ticks[near] - x) <= max(4, self.app.px(6)) else None

    def update(self, dt_ms: float) -> None:
        self.t_ms += dt_ms
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w = app.size[0]
        state = self.state
        won = state.result == "won"
        title = _("The machine is stopped — you won!") if won else _("The sand ran out — the machine won")
        if self.watched:
            title = _("Replay: won") if won else _("Replay: lost")
        elif self.setup.watch:
            title = _("The bots stopped the machine!") if won else _("The sand beat the bots")
        colour = (150, 240, 140) if won else (255, 140, 110)
        room = w - app.px(60)
        shadow = app.theme.shadow
        parts = [image_part(self.backdrop.picture(app, app.size), (0, 0)),
                 text_part(title, text.fit_px(title, app.font_px(44), room, bold=True), colour, (w // 2, app.px(18)),
                           "midtop", bold=True, shadow=shadow)]
        level = state.level
        words = [level_title(level, self.shipped), _("time {time}").format(time=format_ms(state.time_ms))]
        if self.record.new_best:
            words.append(_("new best time!"))
        elif self.record.previous_best is not None and won:
            words.append(_("best {time}").format(time=format_ms(self.record.previous_best)))
        line = " · ".join(words)
        light = app.theme.text_light
        parts.append(text_part(line, text.fit_px(line, app.font_px(26), room, bold=True), light, (w // 2, app.px(76)),
                               "midtop", bold=True, shadow=shadow))
        y = app.px(112)
        for extra, ink in ((failure_text(state), (255, 170, 140)), (assist_text(self.setup, state), (150, 220, 255))):
            if extra:
                parts.append(text_part(extra, text.fit_px(extra, app.font_px(22), room, bold=True), ink, (w // 2, y),
                                       "midtop", bold=True, shadow=shadow))
                y += app.px(28)
        if self.record.replay_path is not None:
            where = _("Replay saved: {file}").format(file=self.record.replay_path.name)
            parts.append(text_part(where, app.font_px(16), light, (w // 2, self.chart_rect.top - app.px(6)),
                                   "midbottom", shadow=shadow))
        parts.append(image_part(self.chart, self.chart_rect.topleft))
        heading = _("Sand left in every timer over the run")
        parts.append(text_part(heading, text.fit_px(heading, app.font_px(18), self.chart_rect.w // 2, bold=True),
                               app.theme.text, (self.chart_rect.centerx, self.chart_rect.top + app.px(10)), "midtop",
                               bold=True))
        if self.slower is not None:
            offer = _("{n} losses in a row here. Slower sand may help: your choice, and the run is marked "
                      "assisted.").format(n=self.record.losses_in_a_row)
            room = self.slower.rect.left - app.px(46)
            parts.append(text_part(offer, text.fit_px(offer, app.font_px(20), room, bold=True), (150, 220, 255),
                                   (self.slower.rect.left - app.px(16), self.slower.rect.centery), "midright",
                                   bold=True, shadow=shadow))
        return [*parts, *group_parts(self.group), *self._tick_parts()]

    def _tick_parts(self) -> list[Part]:
        """The tick under the mouse (else the one chosen by key) marked across the plot, with its card."""
        i = self.hover_tick if self.hover_tick is not None else self.focus_tick
        cm = self.chart_map
        if i is None or cm is None:
            return []
        app = self.app
        x = self.chart_rect.x + round(cm.ticks[i])
        top, bottom = self.chart_rect.y + cm.plot.top, self.chart_rect.y + cm.plot.bottom
        width = max(2, app.px(3))
        colour = app.theme.accent
        pos = self.mouse if self.hover_tick is not None else (x, self.chart_rect.y + cm.strip.bottom)
        words = tick_text(self.history, i)
        return [Part(pygame.Rect(x - width, top - width, 2 * width + 1, bottom - top + 2 * width + 1),
                     ("tick", x, top, bottom, width, colour),
                     lambda s: pygame.draw.line(s, colour, (x, top), (x, bottom), width)),  # the initial stays
                tooltip_part(app, words, pos)]
