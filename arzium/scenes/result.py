"""The end of a game: the winner, each player's points (cards, artifacts) as a bar chart, coins for ties."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arzium.rules import GameState, new_game, outcome
from arzium.scenes.art import CardArt
from arzium.scenes.board_view import HINT_INK, HINT_RGB
from arzium.scenes.wording import shown_name, win_line
from common import text
from common.i18n import _, ngettext
from common.scene import Scene
from common.scenes.backdrop import Backdrop
from common.scenes.replays import watch_file
from common.tween import ease_out_quad
from common.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.app import App

GRACE_MS = 1500


class ResultScene(Scene):
    """Scores by player with a growing stacked bar chart; Play again (same seats) or Menu."""

    rules_game = "arzium"
    title = "Arzium — result"

    def __init__(self, app: App, state: GameState, new_table: Callable[[GameState], None],
                 replay_path: str | None = None, watching: bool = False, assisted: bool = False) -> None:
        """`new_table` puts a new game on the table (`arzium.scenes.flow` gives it); `assisted`: hints were shown
        during the game (said on the screen)."""
        super().__init__(app)
        self.new_table = new_table
        self.state = state
        self.assisted = assisted
        self.replay_path = replay_path
        self.art = CardArt(app, state.cards)
        self.outcome = outcome(state)
        self.order = sorted(range(len(state.players)),
                            key=lambda i: (-self.outcome.scores[i].total, -self.outcome.scores[i].coins, i))
        self.t_ms = 0.0
        again = Button(_("Play again"), self.play_again, _("A new game with the same seats"), font=24)
        menu = Button(_("Menu"), self.to_menu, _("Back to the main menu"), font=24, sound="ui_back")
        watch = Button(_("Watch replay"), self.watch_replay, _("Watch this game again, step by step"), font=24)
        self.buttons = [menu] if watching else [again, watch, menu] if replay_path else [again, menu]
        self.group = WidgetGroup(app, self.buttons)
        self.group.keyboard_mode = True
        self.backdrop = Backdrop(70)

    def enter(self) -> None:
        self.app.sounds.play("fanfare")

    def play_again(self) -> None:
        seed = (self.state.seed * 1103515245 + 12345) % (2 ** 31)
        self.new_table(new_game(self.state.setup, seed))

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
        self.panel = pygame.Rect(0, 0, min(w - app.px(60), app.px(980)), min(h - app.px(40), app.px(600)))
        self.panel.center = (w // 2, h // 2 - app.px(10))
        bw = app.px(220)
        total = len(self.buttons) * bw + (len(self.buttons) - 1) * app.px(20)
        x = w // 2 - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.panel.bottom - app.px(72), bw, app.px(52))
            x += bw + app.px(20)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        if event.type == pygame.KEYDOWN and self.t_ms < GRACE_MS and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return True  # a key still held from confirming the last turn must not skip the result
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.t_ms += dt_ms
        self.group.update(dt_ms)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        panel = self.panel
        self.backdrop.draw(surface, app, [("ui/dialog", panel)])
        seats = self.state.setup.seats
        winners = self.outcome.winners
        title = _("{winners}!").format(winners=win_line([shown_name(seats[w].name) for w in winners])) \
            if len(winners) < len(seats) else _("A shared win!")
        text.draw_text(surface, title, text.fit_px(title, app.font_px(40), panel.w - app.px(80), bold=True),
                       app.theme.text, (panel.centerx, panel.top + app.px(36)), "midtop", bold=True)
        tied = len({self.outcome.scores[w].total for w in winners}) == 1 and any(
            self.outcome.scores[o].total == self.outcome.scores[winners[0]].total and o not in winners
            for o in range(len(seats)))
        sub = ngettext("after {n} turn", "after {n} turns", self.state.turn).format(n=self.state.turn) + " · " + (
            _("most coins broke the tie") if tied else _("most victory points"))
        text.draw_text(surface, sub, app.font_px(19), app.theme.muted, (panel.centerx, panel.top + app.px(84)),
                       "midtop")
        if self.assisted:
            self._draw_assisted(surface)
        top = panel.top + app.px(124)
        row_h = min(app.px(86), (self.buttons[0].rect.top - app.px(20) - top) // max(1, len(seats)))
        best = max(1, max(s.total for s in self.outcome.scores))
        bar_left = panel.left + app.px(300)
        bar_w = panel.right - app.px(200) - bar_left
        grow = ease_out_quad(min(1.0, self.t_ms / max(1.0, app.anim_ms(1200)))) if app.anim_ms(1200) > 0 else 1.0
        for rank, i in enumerate(self.order):
            s = self.outcome.scores[i]
            seat = seats[i]
            y = top + rank * row_h
            colour = self.art.colour(seat.colour)
            if i in winners:
                star = app.sprites.scaled("ui/star", (app.px(34), app.px(34)))
                surface.blit(star, star.get_rect(center=(panel.left + app.px(44), y + row_h // 2)))
            mid = y + row_h // 2
            surface.blit(self.art.marker(seat.colour, app.px(34)), (panel.left + app.px(66), mid - app.px(17)))
            name = shown_name(seat.name)
            text.draw_text(surface, name, text.fit_px(name, app.font_px(24), app.px(180), bold=True),
                           app.theme.text, (panel.left + app.px(108), mid - app.px(10)), "midleft", bold=True)
            n_art = len(self.state.players[i].artifacts)
            party = ngettext("{n} character", "{n} characters", s.characters).format(n=s.characters) + " · " + \
                ngettext("{n} artifact", "{n} artifacts", n_art).format(n=n_art)
            text.draw_text(surface, party, text.fit_px(party, app.font_px(15), bar_left - panel.left - app.px(116)),
                           app.theme.muted, (panel.left + app.px(108), mid + app.px(14)), "midleft")
            bar_h = max(8, row_h // 2 - app.px(4))
            by = y + (row_h - bar_h) // 2
            cw = round(bar_w * s.card_points / best * grow)
            aw = round(bar_w * s.artifact_points / best * grow)
            pygame.draw.rect(surface, (225, 210, 175), (bar_left, by, bar_w, bar_h), border_radius=app.px(6))
            if cw:
                pygame.draw.rect(surface, colour, (bar_left, by, cw, bar_h), border_radius=app.px(6))
            if aw:
                pygame.draw.rect(surface, app.theme.accent, (bar_left + cw, by, aw, bar_h), border_radius=app.px(6))
            pygame.draw.rect(surface, (90, 64, 40), (bar_left, by, bar_w, bar_h), 1, border_radius=app.px(6))
            detail = _("{cards} from characters + {artifacts} from artifacts").format(cards=s.card_points,
                                                                                     artifacts=s.artifact_points)
            text.draw_text(surface, detail, app.font_px(15), app.theme.text,
                           (bar_left + app.px(8), by - app.px(2)), "bottomleft")
            text.draw_text(surface, str(s.total), app.font_px(34), app.theme.text,
                           (panel.right - app.px(150), y + row_h // 2), "midright", bold=True)
            coin = self.art.coin(app.px(26))
            surface.blit(coin, coin.get_rect(center=(panel.right - app.px(110), y + row_h // 2)))
            text.draw_text(surface, str(s.coins), app.font_px(22), app.theme.text,
                           (panel.right - app.px(92), y + row_h // 2), "midleft")
        legend_y = self.buttons[0].rect.top - app.px(26)
        legend = _("Bar: character points (player colour) + artifact points (gold). Coins break ties.")
        text.draw_text(surface, legend, text.fit_px(legend, app.font_px(15), panel.w - app.px(60)), app.theme.muted,
                       (panel.centerx, legend_y), "midtop")
        if self.replay_path:
            saved = _("Replay saved: {path}").format(path=self.replay_path)
            text.draw_text(surface, saved, text.fit_px(saved, app.font_px(14), panel.w - app.px(60)),
                           app.theme.muted, (panel.centerx, legend_y - app.px(6)), "midbottom")
        self.group.draw(surface)

    def _draw_assisted(self, surface: pygame.Surface) -> None:
        """A stamp in the top right corner: hints were used in this game."""
        app = self.app
        img = text.render(_("Assisted: hints used"), app.font_px(16), HINT_INK, bold=True)
        box = img.get_rect().inflate(app.px(20), app.px(10))
        box.topright = (self.panel.right - app.px(34), self.panel.top + app.px(30))
        pygame.draw.rect(surface, (238, 230, 255), box, border_radius=app.px(8))
        pygame.draw.rect(surface, HINT_RGB, box, max(2, app.px(2)), border_radius=app.px(8))
        surface.blit(img, img.get_rect(center=box.center))
