"""The main menu: the two games, Play online (and Back to your game while an online game goes on), Replays,
Statistics, Settings, Rules, Learn to play, Quit."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from common.data.files import DataError
from common.data.i18n import _, ngettext
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.scene import Scene
from common.games import GAMES
from common.scenes.backdrop import Backdrop
from common.ui.dialog import Dialog
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App
    from common.online.seat_tokens import KeptSeat


class MenuScene(Scene):
    """Title, emblem and a column of big buttons; mouse and keyboard both work."""

    title = "Main menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(0)
        self.t_ms = 0.0
        self.asked: set[str] = set()  # games whose tutorial offer was answered this session
        self.game_on: KeptSeat | None = None  # the online game this player has a seat in (looked for after the
        self.looked = False                   # first frame: the online modules load later)
        self.turns = 0  # the tables where it is this player's turn, as last heard (a background check)
        self.ended = 0  # ... and the finished ones whose end this player has not seen yet (My tables shows it)
        self._build()

    def _build(self) -> None:
        """The buttons in the current language (again when it changes; the focus stays)."""
        app = self.app
        self.buttons = [
            Button(GAMES["arenas"].title, lambda: self.choose_game("arenas"), _(GAMES["arenas"].tagline),
                   icon=GAMES["arenas"].icon, font=28),
            Button(GAMES["arzium"].title, lambda: self.choose_game("arzium"), _(GAMES["arzium"].tagline),
                   icon=GAMES["arzium"].icon, font=28),
            Button(_("Play online"), self.open_online, _("Host a game for friends on other computers, or join one"),
                   font=22),
            *self._online_button(),
            Button(_("Replays"), self.open_replays, _("Watch your saved games again"), font=22),
            Button(_("Statistics"), self.open_statistics, _("Games played, won and lost, best times and scores"),
                   font=22),
            Button(_("Settings"), self.open_settings, _("Language, sprite pack, sound, animation speed, scale, "
                                                       "contrast"), icon="ui/icon_settings"),
            Button(_("Rules"), self.open_rules, _("How to play each game"), icon="ui/icon_rules"),
            Button(_("Learn to play"), self.open_tutorials, _("A guided game that teaches each game step by step")),
            Button(_("Quit"), app.quit, _("Close the game"), icon="ui/icon_quit", sound="ui_back"),
        ]
        old = getattr(self, "group", None)
        self.group = WidgetGroup(app, self.buttons)
        self.group.keyboard_mode = True
        if old is not None:
            self.group.focus_index, self.group.keyboard_mode = old.focus_index, old.keyboard_mode

    def _online_button(self) -> list[Button]:
        """Beside Play online: the tables waiting on this player, else the finished ones they have not seen end
        (both open My tables), else the online game they have a seat in; none without any."""
        if self.turns:
            return [Button(ngettext("Your turn in {n} game", "Your turn in {n} games", self.turns).format(
                n=self.turns), self.open_tables, _("My tables: every online table you have a seat at"), font=20)]
        if self.ended:
            return [Button(ngettext("{n} game ended: see who won", "{n} games ended: see who won", self.ended).format(
                n=self.ended), self.open_tables, _("My tables: the result and the replay of your finished tables"),
                font=20)]
        if self.game_on is not None:
            return [Button(_("Back to your game {code}").format(code=self.game_on.code), self.back_to_game,
                           _("Take your seat again in the online game you were playing"), font=20)]
        return []

    def retranslate(self) -> None:
        self._build()

    def choose_game(self, key: str) -> None:
        """A game's button: the first time, its tutorial is offered; then the game starts."""
        from common.tutorials.launch import offer_tutorial  # as the screens behind the buttons, when first used
        offer_tutorial(self.app, GAMES[key], lambda: self.start_game(key), self.asked)

    def start_game(self, key: str) -> None:
        game = GAMES[key]
        try:
            scene = game.start(self.app)
        except DataError as exc:  # e.g. its shipped card data or a level file is corrupt: one line, no crash
            self.app.toast(_("{game} cannot open: {problem}").format(game=game.title, problem=exc))
            return
        self.app.push(scene)

    # The screens behind the buttons are imported when first opened: the menu's first frame comes sooner.
    def open_replays(self) -> None:
        from common.scenes.replays import ReplaysScene
        self.app.push(ReplaysScene(self.app))

    def open_online(self) -> None:
        from common.scenes.online import OnlineScene
        self.app.push(OnlineScene(self.app))

    def open_tables(self) -> None:
        from common.scenes.my_tables import MyTablesScene
        from common.scenes.online import back_to_room
        self.app.push(MyTablesScene(self.app, back_to_room))

    def back_to_game(self) -> None:
        from common.scenes.online import back_to_room
        if self.game_on is not None:
            back_to_room(self.app, self.game_on)

    def look_for_game(self) -> None:
        """Whether this player has a seat in an online game (the newest kept one): Back to your game then."""
        from common.online.seat_tokens import kept_seats
        rooms, _problem = kept_seats()  # the file's trouble is told on Play online
        game_on = rooms[0] if rooms else None
        if game_on != self.game_on:
            self.game_on = game_on
            self._build()
            self.layout(self.app.size)

    def resume(self) -> None:
        self.look_for_game()

    def _count_turns(self) -> None:
        """The menu's line of tables waiting on this player (or finished while they were away), as the background
        check last heard."""
        from common.scenes.my_tables import WATCH
        heard = WATCH.now()
        turns, ended = len(heard.your_turn), len(heard.ended)
        if (turns, ended) != (self.turns, self.ended):
            self.turns, self.ended = turns, ended
            self._build()
            self.layout(self.app.size)

    def open_statistics(self) -> None:
        from common.scenes.statistics import StatisticsScene
        self.app.push(StatisticsScene(self.app))

    def open_settings(self) -> None:
        from common.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        self.app.push(Dialog(self.app, _("Rules"), _("Which game's rules would you like to read?"),
                             [(GAMES["arenas"].title, lambda: self.app.open_rules("arenas")),
                              (GAMES["arzium"].title, lambda: self.app.open_rules("arzium")),
                              (_("Back"), lambda: None)]))

    def open_tutorials(self) -> None:
        from common.tutorials.launch import open_tutorial
        self.app.push(Dialog(self.app, _("Learn to play"), _("Which game would you like to learn?"),
                             [*((game.title, lambda game=game: open_tutorial(self.app, game))
                                for game in GAMES.values()),
                              (_("Back"), lambda: None)]))

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        bw, bh, gap = app.px(440), app.px(50), app.px(12)
        top = max(app.px(282), (h - app.px(388 + 40)) // 2 + app.px(130))
        online = 2 if self.game_on is not None or self.turns or self.ended else 1  # Play online, and one beside it
        rest = self.buttons[2 + online:]
        rows: list[list[Button]] = [[self.buttons[0]], [self.buttons[1]], self.buttons[2:2 + online], rest[0:2],
                                    rest[2:4], rest[4:6]]
        heights = [app.px(64), app.px(64), bh, bh, bh, bh]
        y = top
        for row, bh_i in zip(rows, heights):
            cw = (bw - gap * (len(row) - 1)) // len(row)
            widths = [cw] * len(row)
            if len(row) == 2 and row[1] is self.buttons[3] and online == 2:
                # Play online as wide as its words need, Back to your game (its code too) the rest, readable
                label = row[0].label
                widths[0] = min(cw, text.font(app.font_px(row[0].font), bold=True).size(label)[0] + app.px(56))
                widths[1] = bw - gap - widths[0]
            x = w // 2 - bw // 2
            for b, bw_i in zip(row, widths):  # Play online; Replays | Statistics; Settings | Rules; Learn | Quit
                b.rect = pygame.Rect(x, y, bw_i, bh_i)
                x += bw_i + gap
            y += bh_i + gap

    def toast_area(self) -> pygame.Rect:
        """Toasts go over the emblem, above the titles: off the buttons and the keys line at the foot."""
        app = self.app
        return pygame.Rect(app.px(26), app.px(8), app.size[0] - 2 * app.px(26), app.px(160))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(Dialog(self.app, _("Quit?"), _("Close Arenas & Arzium?"),
                                 [(_("Quit"), self.app.quit), (_("Stay"), lambda: None)]))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.group._move_focus(1 if event.key == pygame.K_RIGHT else -1)  # along a row of two buttons
            self.group.keyboard_mode = True
            return True
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.t_ms += dt_ms
        if not self.looked and self.app.first_frame_at is not None:
            self.looked = True
            self.look_for_game()
            from common.scenes.my_tables import watch_turns  # after the first frame: nothing of it at the start
            watch_turns(self.app)
        if self.looked:
            self._count_turns()
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w, h = app.size
        size = app.px(150)
        bob = round(math.sin(self.t_ms / 900) * app.px(4))
        emblem = app.sprites.scaled("ui/logo_emblem", (size, size))
        where = emblem.get_rect(midtop=(w // 2, app.px(18) + bob))

        def titles(surface: pygame.Surface) -> None:
            text.draw_text(surface, "Arenas & Arzium", app.font_px(64), app.theme.text_light,
                           (w // 2, app.px(176)), "midtop", bold=True, shadow=app.theme.shadow)
            text.draw_text(surface, _("Two tabletop games from a whimsical land"), app.font_px(24),
                           app.theme.text_light, (w // 2, app.px(232)), "midtop", shadow=app.theme.shadow)

        def hint(surface: pygame.Surface) -> None:
            line = _("Arrows + Enter or mouse  ·  F1 rules in a game  ·  F11 fullscreen  ·  Esc back")
            text.draw_text(surface, line, text.fit_px(line, app.font_px(17), w - app.px(20)), app.theme.text_light,
                           (w // 2, h - app.px(10)), "midbottom", shadow=app.theme.shadow)
        return widget_screen(self.backdrop.picture(app, app.size), self.group,
                             image_part(emblem, where.topleft, moving=True),
                             window_part(app, "titles", titles, pygame.Rect(0, app.px(176), w, app.px(114))),
                             over=[window_part(app, "hint", hint, pygame.Rect(0, h // 2, w, h - h // 2))])
