"""Play online: join a game by server address and room code (to play or to watch), or host one, on this
computer (the app runs the room server itself, on a port the player can change) or on a dedicated server.
Hosting opens the chosen game's setup screen; its Start creates the room and opens the lobby."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.data.settings import ONLINE_NAME_LIMIT, ONLINE_SERVER_LIMIT
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene, beside_foot_button
from common.games import GAMES
from common.net.messages import OutRule
from common.net.protocol import read_code
from common.net.turn_clock import ClockRule
from common.online.invite import invite_in, invite_problem, looks_like_invite
from common.online.lan import free_port_near, port_free
from common.online.room import Where, clock_rule_words, read_where, turn_clock_words
from common.online.seat_tokens import KeptSeat, kept_seats
from common.scenes.backdrop import Backdrop
from common.ui.text_field import TextField
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, Choice, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

DEFAULT_PORT = 8765
CODE_LIMIT = 80       # room for a whole invite pasted here
ADDRESS_LIMIT = 80
INVITE_MARKS = ".:-[]_/"  # what an address, a code and an invite are written with, besides letters and digits


@dataclass
class OnlineChoices:
    """What the player typed last on this screen (kept while the app runs; the name is kept in the settings)."""

    address: str = f"127.0.0.1:{DEFAULT_PORT}"
    code: str = ""
    dedicated: bool = False
    port: str = str(DEFAULT_PORT)
    server: str = ""
    clock: ClockRule = field(default_factory=ClockRule)
    out: OutRule = "bot"
    pace: str = "live"

    def table_clock(self) -> ClockRule:
        """The clock chosen, with what follows a time-out (one the pace offers)."""
        return replace(self.clock, out=self.out if self.out in OUT_RULES_OF[self.pace] else "bot")


REMEMBERED = OnlineChoices()
HOUR_MS, DAY_MS = 3_600_000, 86_400_000
CLOCKS = (ClockRule(), *(ClockRule.per_turn(secs * 1000) for secs in (30, 60, 120, 300)),
          ClockRule(300_000, 20_000), ClockRule(600_000, 30_000), ClockRule(1_200_000, 60_000))
TURN_CLOCKS = (ClockRule(2 * DAY_MS, 12 * HOUR_MS), ClockRule(3 * DAY_MS, DAY_MS), ClockRule(7 * DAY_MS, 2 * DAY_MS),
               ClockRule(10 * DAY_MS, 3 * DAY_MS))  # a turn-based table: a time a move and a bank of days
OUT_RULES_OF: dict[str, tuple[OutRule, ...]] = {"live": ("bot", "ask"), "turn": ("bot", "end")}


def out_choices(pace: str) -> list[tuple[OutRule, str]]:
    """What may follow a time-out at a table of `pace`, in words."""
    words = {"bot": _("The bot plays"), "ask": _("The others choose"), "end": _("The game ends")}
    return [(out, words[out]) for out in OUT_RULES_OF[pace]]


def _invite_char(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c in INVITE_MARKS)


def suggested_port(port: str) -> str:
    """The port the Host panel suggests: `port`, or when it is the default and another program holds it, the
    first free one after it (a port this app's own server holds is suggested as it is: hosting there again
    finds that server)."""
    if port != str(DEFAULT_PORT) or port_free(DEFAULT_PORT):
        return port
    from common.scenes.lobby import RUNNING  # the room's code is loaded when first used
    if DEFAULT_PORT in RUNNING:
        return port
    free = free_port_near(DEFAULT_PORT)
    return str(free) if free is not None else port


class OnlineScene(Scene):
    """Join (address, code; play or watch) on the left, host (here on a port, or on a dedicated server) on the
    right; every wrong entry is one line under the panels."""

    title = "Play online"

    def __init__(self, app: App, host_game: Callable[[App, str, Where], None] | None = None,
                 join: Callable[[App, Where, str, bool], None] | None = None) -> None:
        """`host_game(app, game, where)` opens a game's setup to host it; `join(app, where, code, watch)` the
        lobby (the defaults: `common.scenes.lobby`)."""
        super().__init__(app)
        self.choices = REMEMBERED
        self.choices.port = suggested_port(self.choices.port)
        if not self.choices.server:  # the dedicated server of an earlier run of the app
            self.choices.server = app.settings.online_server
        self.host_game = host_game or partial(_host_game, failed=self.failed)
        self.join_room = join or partial(_join, failed=self.failed)
        self.backdrop = Backdrop(60)
        self.problem = ""
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self._build()

    def _build(self) -> None:
        c, app = self.choices, self.app
        self.name = TextField(player_name(app), self._set_name, _("The name the others see"),
                              limit=ONLINE_NAME_LIMIT, fallback=player_name(app))
        self.address = TextField(c.address, lambda v: self._set(address=v),
                                 _("The host's address and port, as their invite shows it (or the whole invite)"),
                                 limit=ADDRESS_LIMIT, allowed=_invite_char)
        self.code = TextField(c.code, lambda v: self._set(code=v if looks_like_invite(v) else v.upper()),
                              _("The room code from the invite (or the whole invite)"), limit=CODE_LIMIT,
                              allowed=_invite_char)
        self.join_btn = Button(_("Join"), lambda: self.join(False), _("Take a free seat in the room"), font=22)
        self.watch_btn = Button(_("Watch"), lambda: self.join(True), _("Watch the game without a seat"), font=22)
        self.where = Choice(_("Host on"), [(False, _("This computer")), (True, _("A dedicated server"))],
                            c.dedicated, lambda v: self._set(dedicated=v),
                            _("This computer runs the room itself; a dedicated server runs `arenas-arzium serve`"))
        self.clock = Choice(_("Arzium clock"), [(("live", rule), clock_rule_words(rule)) for rule in CLOCKS] +
                            [(("turn", rule), turn_clock_words(rule)) for rule in TURN_CLOCKS], (c.pace, c.clock),
                            self._set_clock,
                            _("Live: everyone plays at once, a time per turn or a bank that gains a little each turn. "
                              "Turn-based: a move when you have a minute, hours or days a move; close the app any "
                              "time. Arenas needs none: its sand is the clock"))
        self.out = Choice(_("Out of time"), out_choices(c.pace), c.out, lambda v: self._set(out=v),
                          _("When a person's time runs out: their seat's bot plays that turn at once, the other "
                            "players choose to wait or to let the bot play, or (turn-based) the game ends and its "
                            "result says who ran out"))
        self.port = TextField(c.port, lambda v: self._set(port=v), _("The port friends connect to"), limit=5,
                              allowed=lambda c: c.isascii() and c.isdigit())
        self.server = TextField(c.server, lambda v: self._set(server=v), _("The dedicated server's address"),
                                limit=ADDRESS_LIMIT, allowed=_invite_char)
        self.host_btns = [Button(_("Host {game}").format(game=GAMES[key].title), partial(self.host, key),
                                 _("Choose the seats, then start: the room opens"), icon=GAMES[key].icon, font=20)
                          for key in GAMES]
        self.rooms, note = kept_seats()
        if note and note != getattr(self, "said", ""):  # once while the file stays as it is
            self.problem = note
        self.said = note
        self.room_index = min(getattr(self, "room_index", 0), max(0, len(self.rooms) - 1))
        self.room_pick = Choice("", [(i, room.code) for i, room in enumerate(self.rooms)], self.room_index,
                                self._pick_room)  # no tooltip: it would hang over the button it changes
        self.back_to_room = Button("", self.rejoin, None, font=20)
        self._pick_room(self.room_index)
        self.back = Button(_("Back"), self.app.pop, _("Back to the main menu (Esc)"), icon="ui/icon_back",
                           sound="ui_back")
        self.tables_btn = Button(_("My tables"), self.open_tables, _("Every online table you have a seat at: whose "
                                                                     "turn, the time left, the last move"), font=20)
        old = getattr(self, "group", None)
        self.group = WidgetGroup(app, self._widgets())
        self.group.keyboard_mode = True
        if old is not None:
            self.group.focus_index, self.group.keyboard_mode = old.focus_index, old.keyboard_mode

    def _pick_room(self, index: int) -> None:
        """The room Back to room goes to: its game on the list's row, its code on the button."""
        self.room_index = index
        if not self.rooms:
            return
        room = self.rooms[index]
        game = GAMES[room.game].title if room.game in GAMES else _("A room")
        self.room_pick.label = _("{game} ({n} of {count})").format(game=game, n=index + 1, count=len(self.rooms))
        self.back_to_room.label = _("Back to room {code}").format(code=room.code) if len(self.rooms) > 1 else \
            _("Back to {game} room {code}").format(game=game, code=room.code)
        self.back_to_room.tooltip = _("Take your seat {seat} again in room {code} on {server}").format(
            seat=room.seat + 1, code=room.code, server=room.server)

    def _widgets(self) -> list[Widget]:
        on = self.server if self.choices.dedicated else self.port
        again: list[Widget] = [self.room_pick] if len(self.rooms) > 1 else []
        again += [self.back_to_room] if self.rooms else []
        return [self.name, self.address, self.code, self.join_btn, self.watch_btn, *again, self.where, on,
                self.clock, self.out, *self.host_btns, self.tables_btn, self.back]

    def _set_clock(self, value: tuple[str, ClockRule]) -> None:
        """A live clock or a turn-based one: the out-of-time rules follow the pace."""
        pace, rule = value
        if pace != self.choices.pace:
            self.choices.out = "bot" if self.choices.out not in OUT_RULES_OF[pace] else self.choices.out
            self.out.options = out_choices(pace)
            self.out.index = [v for v, _w in self.out.options].index(self.choices.out)
        self._set(pace=pace, clock=rule)

    def _set(self, **values: object) -> None:
        for k, v in values.items():
            setattr(self.choices, k, v)
        if "dedicated" in values:
            focus = self.group.focused
            self.group.widgets = self._widgets()
            if focus is not None and focus in self.group.widgets:
                self.group.set_focus(focus)
            self.layout(self.app.size)
        self.problem = ""

    def failed(self, line: str) -> None:
        """A room could not be joined or hosted: its lobby closed, the line shows here."""
        self.problem = line

    def take_invite(self, field: TextField) -> bool:
        """A whole invite typed or pasted in `field`: its address and code go to their own fields (True)."""
        invite = invite_in(field.value) if looks_like_invite(field.value) else None
        if invite is None:
            return False
        if field.editing:
            field.finish()
        self.choices.address, self.choices.code = invite.address, invite.code
        self.address.line.value, self.code.line.value = invite.address, invite.code
        self.problem = ""
        return True

    def _set_name(self, typed: str) -> None:
        """Keep the name in the settings (the default one as "", so that it follows the language)."""
        name = "" if typed == _("Player") else typed
        if name != self.app.settings.online_name:
            self.app.settings = replace(self.app.settings, online_name=name)
            self.app.save_settings()
        self.problem = ""

    def retranslate(self) -> None:
        self._build()

    def resume(self) -> None:
        """Back from a lobby or a game: the last room's seat may be new."""
        self._build()
        self.layout(self.app.size)

    # -- what the buttons do ------------------------------------------------------------------------

    def join(self, watch: bool) -> None:
        self._finish_editing()
        for typed in (self.choices.address, self.choices.code):
            if looks_like_invite(typed) and invite_in(typed) is None:
                self.problem = invite_problem(typed)
                return
        for f in (self.address, self.code):
            self.take_invite(f)
        address = self.choices.address.strip()
        where = read_where(address, DEFAULT_PORT)
        code = self.choices.code.strip().upper()
        if where is None:
            self.problem = _("The server address {address} is not an address: type it as host:port").format(
                address=address)
        elif not code:
            self.problem = _("Type the room code from the invite")
        elif read_code(code) is None:
            self.problem = _("The room code {code} is not one: it is 8 letters and digits, like ABCD-EFGH").format(
                code=code)
        else:
            self.join_room(self.app, where, code, watch)

    def rejoin(self) -> None:
        """Back to the room picked (starting its server first if this app hosted it)."""
        if not self.rooms:
            return
        kept = self.rooms[self.room_index]
        where = read_where(kept.server, DEFAULT_PORT, kept.hosted, kept.store)
        if where is None:  # the file's check refuses such rooms: only a later change of the address rules
            self.problem = _("The kept room {code} has no usable server address ({address}): join it with the "
                             "invite").format(code=kept.code, address=kept.server)
            return
        self.join_room(self.app, where, kept.code, False)


    def open_tables(self) -> None:
        from common.scenes.my_tables import MyTablesScene
        self.app.push(MyTablesScene(self.app, back_to_room))

    def host(self, game: str) -> None:
        self._finish_editing()
        if self.choices.dedicated:
            where = read_where(self.choices.server, DEFAULT_PORT)
            if where is None:
                self.problem = _("Type the dedicated server's address as host:port (or wss://host behind TLS)")
                return
            server = self.choices.server.strip()
            if server != self.app.settings.online_server and len(server) <= ONLINE_SERVER_LIMIT:
                self.app.settings = replace(self.app.settings, online_server=server)  # for the app's next run
                self.app.save_settings()
            self.host_game(self.app, game, where)
            return
        port = int(self.choices.port) if self.choices.port.isdigit() else 0
        if not 1024 <= port <= 65535:
            self.problem = _("The port must be a number from 1024 to 65535")
            return
        self.host_game(self.app, game, Where("127.0.0.1", port, embedded=True))

    def _fields(self) -> list[TextField]:
        return [self.name, self.address, self.code, self.port, self.server]

    def _finish_editing(self) -> None:
        for f in self._fields():
            if f.editing:
                f.finish()

    # -- screen -------------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        gap = app.px(24)
        pw = min((w - 3 * gap) // 2, app.px(560))
        top, ph = app.px(104), min(h - app.px(104) - app.px(140), app.px(456))
        self.left = pygame.Rect(w // 2 - gap // 2 - pw, top, pw, ph)
        self.right = pygame.Rect(w // 2 + gap // 2, top, pw, ph)
        row, label_w = app.px(44), pw * 2 // 5
        y = self.left.top + app.px(78)
        for f in (self.name, self.address, self.code):
            f.rect = pygame.Rect(self.left.left + label_w, y, pw - label_w - app.px(28), row)
            y += row + app.px(16)
        bw = (pw - app.px(56) - app.px(16)) // 2
        self.join_btn.rect = pygame.Rect(self.left.left + app.px(28), y + app.px(8), bw, app.px(52))
        self.watch_btn.rect = self.join_btn.rect.move(bw + app.px(16), 0)
        again = pygame.Rect(self.left.left + app.px(28), self.join_btn.rect.bottom + app.px(16), pw - app.px(56),
                            app.px(48))
        self.room_pick.rect = again
        self.back_to_room.rect = again.move(0, app.px(56)) if len(self.rooms) > 1 else again
        r = self.right
        self.where.rect = pygame.Rect(r.left + app.px(20), r.top + app.px(70), pw - app.px(40), app.px(52))
        field = pygame.Rect(r.left + label_w, r.top + app.px(136), pw - label_w - app.px(28), row)
        self.port.rect = self.server.rect = field
        self.clock.rect = pygame.Rect(r.left + app.px(20), field.bottom + app.px(8), pw - app.px(40), app.px(48))
        self.out.rect = self.clock.rect.move(0, app.px(50))
        y = self.out.rect.bottom + app.px(12)
        for b in self.host_btns:
            b.rect = pygame.Rect(r.left + app.px(28), y, pw - app.px(56), app.px(50))
            y += app.px(60)
        self.back.rect = pygame.Rect(w // 2 - app.px(120), h - app.px(80), app.px(240), app.px(54))
        self.tables_btn.rect = self.back.rect.move(-app.px(256), 0)

    def toast_area(self) -> pygame.Rect:
        """Toasts go right of the Back button, off the panel and the keys line."""
        return beside_foot_button(self.back.rect, self.app.size[0], self.app.px(16))

    def handle(self, event: pygame.event.Event) -> bool:
        editing = next((f for f in self._fields() if f.editing), None)
        if editing is not None:
            if editing.key(event):
                self.take_invite(editing)
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and not editing.rect.collidepoint(event.pos):
                editing.finish()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.app.pop()
            return True
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w, h = app.size
        ink, px = app.theme.text, app.font_px(20)
        dedicated = self.choices.dedicated
        problem = self.problem

        def words(surface: pygame.Surface) -> None:
            text.draw_text(surface, _("Play online"), app.font_px(46), app.theme.text_light, (w // 2, app.px(22)),
                           "midtop", bold=True, shadow=app.theme.shadow)
            for panel, head in ((self.left, _("Join a game")), (self.right, _("Host a game"))):
                text.draw_text(surface, head, text.fit_px(head, app.font_px(28), panel.w - app.px(40), True), ink,
                               (panel.centerx, panel.top + app.px(22)), "midtop", bold=True)
            labels = [(self.name, _("Your name")), (self.address, _("Server address")), (self.code, _("Room code")),
                      (self.server if dedicated else self.port, _("Server address") if dedicated else _("Port"))]
            for box, label in labels:
                room = box.rect.left - app.px(12) - (self.left.left + app.px(28))
                text.draw_text(surface, label, text.fit_px(label, px, room), ink,
                               (box.rect.left - app.px(12), box.rect.centery), "midright")
            note = _("The server keeps the room: turn-based tables wait there while everyone's app is closed. "
                     "Behind TLS its address is wss://name.") if dedicated else \
                _("On this computer, friends on your network join at your address. Across the internet they "
                  "need a port opened on your router, or a dedicated server.")
            top = self.host_btns[-1].rect.bottom + app.px(10)
            npx = app.font_px(16)
            for i, line in enumerate(text.wrap(note, npx, self.right.w - app.px(56))):
                y = top + i * text.font(npx).get_linesize()
                if y + text.font(npx).get_linesize() <= self.right.bottom - app.px(8):
                    text.draw_text(surface, line, npx, app.theme.muted, (self.right.left + app.px(28), y))
            if problem:  # up to three lines between the panels and Back (a file's line names its path)
                top, room = self.left.bottom + app.px(10), self.back.rect.top - app.px(6)
                lines, lpx = text.fit_lines(problem, app.font_px(20), w - app.px(40), 3, bold=True)
                step = text.font(lpx, True).get_linesize()
                top += max(0, (room - top - step * len(lines)) // 2)
                for i, line in enumerate(lines[:max(1, (room - top) // step)]):
                    text.draw_text(surface, line, lpx, app.theme.danger, (w // 2, top + i * step), "midtop",
                                   bold=True, shadow=app.theme.shadow)
            hint = _("Arrows or Tab move  ·  Enter types in a box or presses  ·  Ctrl+V pastes  ·  Esc back")
            text.draw_text(surface, hint, text.fit_px(hint, app.font_px(16), w - app.px(20)), app.theme.text_light,
                           (w // 2, h - app.px(8)), "midbottom", shadow=app.theme.shadow)
        panels = [("ui/panel", self.left), ("ui/panel", self.right)]
        key = ("words", dedicated, problem, tuple(self.left), tuple(self.right))
        return widget_screen(self.backdrop.picture(app, app.size, panels), self.group, window_part(app, key, words))


def player_name(app: App) -> str:
    """The name typed on this screen (kept in the settings), else "Player" in the current language (the default is
    never kept as typed, so it follows the language)."""
    return app.settings.online_name or _("Player")


def _host_game(app: App, game: str, where: Where, failed: Callable[[str], None]) -> None:
    from common.scenes.lobby import host_game  # the room's code is loaded when first used
    arzium = game == "arzium"
    host_game(app, game, where, player_name(app), REMEMBERED.table_clock() if arzium else ClockRule(), failed,
              REMEMBERED.pace if arzium else "live")


def _join(app: App, where: Where, code: str, watch: bool, failed: Callable[[str], None]) -> None:
    from common.scenes.lobby import join_room
    join_room(app, where, code, watch, player_name(app), failed)


def back_to_room(app: App, kept: KeptSeat) -> None:
    """The room of a kept seat, from the main menu: its lobby, which takes the seat again (starting the room's
    server first if this app hosted it)."""
    where = read_where(kept.server, DEFAULT_PORT, kept.hosted, kept.store)
    if where is None:
        app.toast(_("The server address {address} is not an address: type it as host:port").format(
            address=kept.server))
        return
    screen = OnlineScene(app)
    app.push(screen)
    _join(app, where, kept.code, False, screen.failed)
