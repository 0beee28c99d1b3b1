"""The end of a game: the winner and what decided it, each player's characters and artifacts with their points
and coins, the final map, and the points after every turn."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, assert_never

import pygame

from arzium.rules.actions import Action
from arzium.rules.progress import points_by_turn
from arzium.rules.score import Decider, Outcome, decided_by, outcome, tied_on_points
from arzium.rules.state import GameState, new_game
from arzium.scenes.board_view import HINT_INK, HINT_RGB
from arzium.scenes.result_view import Drawn, ResultView
from arzium.wording import coins, group, named, points, speaking_names, win_line
from common.data.i18n import _, language, ngettext, pgettext
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.scene import HeldKeys, Scene
from common.scenes.backdrop import Backdrop
from common.scenes.replays import watch_file
from common.ui.widget_parts import app_look, group_parts, tooltip_part
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App


def decision_text(out: Outcome, names: list[str]) -> str:
    """What decided the winners, in words (most points; on a tie, most coins; still tied, a shared win)."""
    level = tied_on_points(out)
    best = out.scores[level[0]].total
    match decided_by(out):
        case Decider.POINTS:
            runner = max((s for s in out.scores if s.player != level[0]), key=lambda s: s.total, default=None)
            if runner is None:
                return _("most victory points")
            return _("most victory points: {points}, {lead} more than {name}").format(
                points=points(best), lead=best - runner.total, name=named(names[runner.player], start=False))
        case Decider.COINS:
            richest = sorted(level, key=lambda p: -out.scores[p].coins)
            counts = ", ".join(_("{name}: {coins}").format(name=names[p], coins=coins(out.scores[p].coins))
                               for p in richest)
            line = group([names[p] for p in level],
                         pgettext("you among them", "{names} tied on {points}; most coins break the tie ({counts})"),
                         _("{names} tied on {points}; most coins break the tie ({counts})"), points=points(best),
                         counts=counts)
            if len(out.winners) > 1:
                winners = [names[p] for p in out.winners]
                line += " · " + group(winners, pgettext("you among them", "{names} still tied: a shared win"),
                                      _("{names} still tied: a shared win"))
            return line
        case Decider.SHARED:
            return group([names[p] for p in level],
                         pgettext("you among them", "{names} tied on {points} and {coins}: a shared win"),
                         _("{names} tied on {points} and {coins}: a shared win"), points=points(best),
                         coins=coins(out.scores[level[0]].coins))
        case _ as never:
            assert_never(never)


class ResultScene(Scene):
    """The end of a game told: who won and why, every party, the map, the score over the game; Play again
    (same seats), Watch replay or Menu."""

    rules_game = "arzium"
    title = "Arzium — result"

    def __init__(self, app: App, state: GameState, new_table: Callable[[GameState], None],
                 replay_path: str | None = None, watching: bool = False, assisted: bool = False,
                 actions: Sequence[Action] = (), you: int | None = None) -> None:
        """`new_table` puts a new game on the table (`arzium.scenes.flow` gives it); `assisted`: hints were shown
        during the game (said on the screen); `actions`: every action of the game (for the score over it); `you`:
        the seat the headline speaks to whatever its name (an online table's own)."""
        super().__init__(app)
        self.you = you
        self.new_table = new_table
        self.state = state
        self.assisted = assisted
        self.replay_path = replay_path
        self.outcome = outcome(state)
        self.order = sorted(range(len(state.players)),
                            key=lambda i: (-self.outcome.scores[i].total, -self.outcome.scores[i].coins, i))
        self.t_ms = 0.0
        self.held = HeldKeys()
        self.mouse = (-1, -1)
        self.view = ResultView(app, state, self.outcome, self.order, points_by_turn(new_game(state.setup, state.seed,
                                                                                            state.cards), actions))
        self.picture = pygame.Surface((1, 1), pygame.SRCALPHA)  # painted by `layout`, for the window's size
        self.drawn = Drawn()
        again = Button(_("Play again"), self.play_again, _("A new game with the same seats; the next seat plays first"),
                       font=24)
        menu = Button(_("Menu"), self.to_menu, _("Back to the main menu"), font=24, sound="ui_back")
        watch = Button(_("Watch replay"), self.watch_replay, _("Watch this game again, step by step"), font=24)
        self.buttons = [menu] if watching else [again, watch, menu] if replay_path else [again, menu]
        self.group = WidgetGroup(app, self.buttons)
        self.group.keyboard_mode = True
        self.backdrop = Backdrop(70)

    def enter(self) -> None:
        self.app.sounds.play("fanfare")

    def play_again(self) -> None:
        """A new game of the same seats, the next seat clockwise playing first (each takes its turn at it)."""
        seed = (self.state.seed * 1103515245 + 12345) % (2 ** 31)
        setup = self.state.setup
        self.new_table(new_game(replace(setup, first_player=(setup.first_player + 1) % len(setup.seats)), seed))

    def watch_replay(self) -> None:
        assert self.replay_path is not None
        problem = watch_file(self.app, Path(self.replay_path))
        if problem is not None:
            self.app.toast(problem)

    def to_menu(self) -> None:
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        self.panel = pygame.Rect(0, 0, w - 2 * app.px(16), h - 2 * app.px(10))
        self.panel.center = (w // 2, h // 2)
        bw, gap = min(app.px(220), (self.panel.w - app.px(60)) // len(self.buttons) - app.px(20)), app.px(20)
        total = len(self.buttons) * bw + (len(self.buttons) - 1) * gap
        x = w // 2 - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.panel.bottom - app.px(70), bw, app.px(48))
            x += bw + gap
        self.picture, self.drawn = self._paint(size)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        if self.held.blocks(event, self.t_ms):
            return True  # a key still held from confirming the last turn must not skip the result
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.t_ms += dt_ms
        self.group.update(dt_ms)

    def headline(self) -> tuple[str, str]:
        """Who won, and how many turns it took with what decided it."""
        seats = self.state.setup.seats
        out = self.outcome
        names = speaking_names(seats, self.you)
        title = _("{winners}!").format(winners=win_line([names[w] for w in out.winners])) \
            if len(out.winners) < len(seats) else _("A shared win!")
        turns = ngettext("after {n} turn", "after {n} turns", self.state.turn).format(n=self.state.turn)
        return title, turns + " · " + decision_text(out, names)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        parts = [image_part(self.backdrop.picture(app, app.size, [("ui/dialog", self.panel)]), (0, 0)),
                 image_part(self.picture, (0, 0))]
        if self.assisted:
            parts.append(Part(self._stamp(), ("stamp", tuple(self._stamp()), language(), app_look(app)),
                              self._draw_assisted))
        parts += group_parts(self.group)
        mouse = self.mouse
        tip = next((words for rect, words in self.drawn.tiles if rect.collidepoint(mouse)), None)
        if tip is not None:
            parts.append(tooltip_part(app, tip, mouse))
        return parts

    def _paint(self, size: tuple[int, int]) -> tuple[pygame.Surface, Drawn]:
        """The still part of the screen: headline, the players, the map and the chart (once per size)."""
        app = self.app
        panel = self.panel
        title, sub = self.headline()
        room = panel.w - app.px(80)
        if self.assisted:  # the title is centred: it keeps clear of the stamp on both sides
            room = panel.w - 2 * (self._stamp().w + app.px(46))
        title_px = text.fit_px(title, app.font_px(36), room, bold=True)
        body_top = panel.top + app.px(30) + text.font(title_px, True).get_linesize()
        sub_px = app.font_px(19)
        lines = text.wrap(sub, sub_px, panel.w - app.px(80))
        body_top += len(lines) * text.font(sub_px).get_linesize() + app.px(8)
        bottom = self.buttons[0].rect.top - app.px(12) - self.footer_px()
        if self.replay_path:
            bottom -= text.font(app.font_px(13)).get_linesize()
        body = pygame.Rect(panel.left + app.px(34), body_top, panel.w - 2 * app.px(34), bottom - body_top)
        picture, drawn = self.view.picture(size, body)
        drawn.texts.append(text.draw_text(picture, title, title_px, app.theme.text,
                                          (panel.centerx, panel.top + app.px(26)), "midtop", bold=True))
        y = panel.top + app.px(30) + text.font(title_px, True).get_linesize()
        for line in lines:
            drawn.texts.append(text.draw_text(picture, line, sub_px, app.theme.muted, (panel.centerx, y), "midtop"))
            y += text.font(sub_px).get_linesize()
        if self.replay_path:
            saved = _("Replay saved: {path}").format(path=self.replay_path)
            drawn.texts.append(text.draw_text(picture, saved, text.fit_px(saved, app.font_px(13), panel.w - app.px(60)),
                                              app.theme.muted, (panel.centerx, self.buttons[0].rect.top - app.px(6)),
                                              "midbottom"))
        return picture, drawn

    def footer_px(self) -> int:
        """Room kept over the buttons for a line of the screen's own (none here)."""
        return 0

    def _stamp(self) -> pygame.Rect:
        """Where the "assisted" stamp goes."""
        app = self.app
        w, h = text.font(app.font_px(16), True).size(_("Assisted: hints used"))
        box = pygame.Rect(0, 0, w + app.px(20), h + app.px(10))
        box.topright = (self.panel.right - app.px(34), self.panel.top + app.px(26))
        return box

    def _draw_assisted(self, surface: pygame.Surface) -> None:
        """A stamp in the top right corner: hints were used in this game."""
        app = self.app
        img = text.render(_("Assisted: hints used"), app.font_px(16), HINT_INK, bold=True)
        box = self._stamp()
        pygame.draw.rect(surface, (238, 230, 255), box, border_radius=app.px(8))
        pygame.draw.rect(surface, HINT_RGB, box, max(2, app.px(2)), border_radius=app.px(8))
        surface.blit(img, img.get_rect(center=box.center))
