"""The lobby of an online room: the invite (room code, the addresses friends connect to, Copy), the seats
with who plays each, their ready marks and connections, who watches and every option of the room; Ready, and
Start for the room's creator, who may also move a person to another seat, remove them, or give a seat to a
bot. After a game it is where a newcomer to the room says Play again. When the game starts the game's own
online table replaces it. Hosting on this computer starts the room server here first (a port in use is one
line that names a free one)."""
from __future__ import annotations

import atexit
import contextlib
import errno
import itertools
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame

from common.data.i18n import _, ngettext
from common.data.keymap import Command, keymap
from common.data.os_words import os_problem
from common.data.paths import data_dir
from common.data.safe_text import one_line
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene
from common.games import GAMES, room_sides
from common.net.messages import GameJson
from common.net.turn_clock import ClockRule
from common.online.invite import Invite
from common.online.lan import free_port_near, lan_addresses
from common.online.room import (
    NOTE_MS,
    Hosted,
    RoomView,
    SeatView,
    Where,
    again_line,
    out_rule_words,
    read_where,
    seat_status,
    seat_who,
    table_clock_words,
)
from common.online.session import Connect, OnlineSession, open_link
from common.scenes.backdrop import Backdrop
from common.scenes.chat import ChatPanel, carry_out
from common.scenes.rematch import again_label, next_game, said_again, show_notices
from common.ui.dialog import Dialog
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App


HOSTED = "hosted"  # the folder, in the user data folder, of the rooms this app hosts
RUNNING: dict[int, Hosted] = {}
"""The room servers this app runs, by port: a host who leaves a game's table keeps serving it (their seat's bot
plays) while the app is open, and Back to room finds it running."""


class Served(NamedTuple):
    """What starting the room server here gave: the server (None: not started), one line why not (or ""), the
    port it listens on, and whether the hosted rooms' store was the trouble (a folder of its own may help)."""

    hosted: Hosted | None
    problem: str
    port: int
    store_trouble: bool = False


def hosted_folder(store: str) -> Path:
    """The folder of the rooms hosted in store `store` ("": the default one)."""
    return data_dir() / (store or HOSTED)


def fresh_store() -> str:
    """A store no room server of this app has used yet: "hosted-2", "hosted-3"…"""
    return next(f"{HOSTED}-{n}" for n in itertools.count(2) if not hosted_folder(f"{HOSTED}-{n}").exists())


def start_server(where: Where) -> Served:
    """The room server inside the app on `where.port` (0: any free one; the one running there already, if
    any) keeping its rooms in `where.store`, listening on every address of the machine (so the network can
    reach it); when it cannot start, one line naming what is wrong: the port (in use, or reserved for the
    system) or the store of the hosted rooms (its file or folder, and what to do)."""
    if where.port in RUNNING:
        return Served(RUNNING[where.port], "", where.port)
    from common.net.runners import EmbeddedServer  # only hosting loads the server
    from common.net.store import FILE_NAME, StoreError
    from common.net.transport import PortInUse
    folder = hosted_folder(where.store)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        problem = _("a file has that name") if isinstance(exc, FileExistsError) else os_problem(exc)
        return Served(None, _("The folder {folder} for the games you host cannot be made ({problem}): host with "
                              "a new folder, or free that place and host again").format(
            folder=folder, problem=problem), 0, True)
    server = EmbeddedServer(folder, room_sides())
    try:
        port = server.start("0.0.0.0", where.port)
    except PortInUse as exc:
        if exc.errno == errno.EACCES:
            return Served(None, _("Port {port} is reserved for the system on this computer: choose a port from "
                                  "1024 to 65535").format(port=where.port), 0)
        free = free_port_near(where.port)
        other = _(" Try port {port}.").format(port=free) if free is not None else ""
        return Served(None, _("Port {port} is in use on this computer.{other}").format(port=where.port,
                                                                                     other=other), 0)
    except StoreError as exc:
        path = folder / FILE_NAME
        problem = one_line(str(exc), 200).removeprefix(f"{path}: ")
        return Served(None, _("The file of the games you host, {path}, cannot be used ({problem}): host with a "
                              "new folder, or move that file away and host again").format(path=path,
                                                                                         problem=problem), 0, True)
    except OSError as exc:
        if exc.filename is not None:  # a file of the store, not the port
            return Served(None, _("The games you host cannot be kept in {folder} ({problem}): host with a new "
                                  "folder").format(folder=folder, problem=os_problem(exc)), 0, True)
        return Served(None, _("Could not start the room server on port {port}: {reason}").format(
            port=where.port, reason=os_problem(exc)), 0)
    RUNNING[port] = server
    atexit.register(stop_server, server)  # the app closing tells the others the host left
    return Served(server, "", port)


def stop_server(hosted: Hosted | None) -> None:
    """Stop a room server this app runs (its rooms are kept in the store for the next start)."""
    if hosted is None:
        return
    for port, running in list(RUNNING.items()):
        if running is hosted:
            del RUNNING[port]
    hosted.stop()


def host_game(app: App, game: str, where: Where, name: str, clock: ClockRule | None = None,
              failed: Callable[[str], None] | None = None, pace: str = "live") -> None:
    """Open the game's setup screen to host it; its Start creates the room (here or on a dedicated server) with
    `clock` (Arzium's turn clock); `failed` is told the line when the room cannot be made (its lobby closes)."""
    entry = GAMES[game]

    def chosen(setup: GameJson) -> None:
        app.replace(LobbyScene(app, game, where, name, create=setup, clock=clock, failed=failed, pace=pace))
    app.push(entry.online_setup(app, chosen))


def join_room(app: App, where: Where, code: str, watch: bool, name: str,
              failed: Callable[[str], None] | None = None) -> None:
    """The lobby of room `code` on `where` (to play, or to watch); `failed` is told the line when it cannot be
    joined (the lobby closes)."""
    app.push(LobbyScene(app, "", where, name, join=code, watch=watch, failed=failed))


def copy_text(words: str) -> bool:
    """Put `words` on the clipboard; False when there is no clipboard."""
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.scrap.put_text(words)
        return True
    return False


def invite_addresses(where: Where) -> list[str]:
    """The addresses friends type: this machine's LAN addresses when it hosts, else the server's."""
    if not where.embedded:
        return [where.label]
    return [f"{a}:{where.port}" for a in lan_addresses()] or [where.label]


class SeatRow(Widget):
    """A seat in the lobby: number, who plays it, state; pressing it sits there (a watcher), or lets the creator
    move or remove its person or give it to a bot."""

    def __init__(self, on_press: Callable[[int], None]) -> None:
        super().__init__(None)
        self.on_press = on_press
        self.seat: SeatView | None = None
        self.you = False
        self.action = ""
        self.again: bool | None = None  # after a game: whether its person said Play again (None: not asked)

    def activate(self, app: App) -> None:
        if self.seat is None or not self.action:
            app.sounds.play("ui_error")
            return
        app.sounds.play("ui_click")
        self.on_press(self.seat.index)

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        seat = self.seat
        if seat is None:
            return
        r = self.rect
        surface.blit(app.sprites.nine_slice("ui/list_row_selected" if hovered or focused else "ui/list_row", r.size),
                     r)
        ink = app.theme.text
        name = seat_who(seat)
        if self.you:
            name = _("{name} (you)").format(name=name)
        left = r.left + app.px(14)
        text.draw_text(surface, f"{seat.index + 1}.", app.font_px(20), ink, (left, r.centery), "midleft", bold=True)
        mark_w = app.px(30)
        words = [seat_status(seat)] if seat.kind == "person" else []
        if self.again is not None and seat.kind == "person":
            words.append(_("plays again") if self.again else _("deciding"))
        elif seat.ready and seat.kind == "person":
            words.append(_("ready"))
        state = "  ·  ".join([*words, *([self.action] if self.action else [])])
        spx = text.fit_px(state, app.font_px(17), r.w * 11 // 20 - mark_w)
        srect = text.draw_text(surface, state, spx, app.theme.muted if seat.kind == "open" else ink,
                               (r.right - app.px(12) - mark_w, r.centery), "midright")
        npx = text.fit_px(name, app.font_px(20), srect.left - left - app.px(44))
        text.draw_text(surface, name, npx, app.theme.muted if seat.kind == "open" else ink,
                       (left + app.px(32), r.centery), "midleft", bold=seat.kind != "open")
        dot = (r.right - app.px(12) - mark_w // 2, r.centery)
        if seat.kind == "person":
            colour = app.theme.ok if seat.connected and not seat.bot_now else app.theme.danger
            pygame.draw.circle(surface, colour, dot, app.px(7))
        if seat.ready and seat.kind == "person":
            pygame.draw.circle(surface, app.theme.shadow, dot, app.px(9), max(1, app.px(2)))


class LobbyScene(Scene):
    """Waiting for the players: the invite, the seats, Ready and Start; the game's table once it starts."""

    title = "Online lobby"

    def __init__(self, app: App, game: str, where: Where, name: str, *, create: GameJson | None = None,
                 join: str = "", watch: bool = False, clock: ClockRule | None = None,
                 connect: Connect | None = None,
                 serve: Callable[[Where], Served] = start_server,
                 failed: Callable[[str], None] | None = None, pace: str = "live") -> None:
        """Host (`create`: the game's setup, the creator at seat 0) or join room `join`; `connect` opens the
        connection and `serve` starts the room server here (tests and the catalog give fakes); a room that
        cannot be reached closes the lobby and its line goes to `failed` (else a toast), but a game whose store
        here cannot be used stays, with its line and Host with a new folder."""
        super().__init__(app)
        self.failed = failed
        self.game, self.where = game, where
        self.backdrop = Backdrop(60)
        self.hosted: Hosted | None = None
        problem, store_trouble = "", False
        if where.embedded:  # hosting here, or back to a room this app hosted: its server first
            self.hosted, problem, port, store_trouble = serve(where)
            where = self.where = replace(where, port=port or where.port)
        self.session = OnlineSession(where.label, name, connect or open_link, hosting=where.embedded,
                                     store=where.store, tell=lambda line: app.toast(line, NOTE_MS))
        self.session.problem = problem
        # a game not yet created may be hosted again with a store of its own
        self.again: Callable[[], LobbyScene] | None = None
        if store_trouble and create is not None:
            self.again = lambda: LobbyScene(app, game, replace(where, store=fresh_store()), name, create=create,
                                            clock=clock, connect=connect, serve=serve, failed=failed, pace=pace)
        self.addresses = invite_addresses(where)
        self.ready = False
        self.started = False
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self.rows = [SeatRow(self.press_seat) for _i in range(7)]
        self.chat = ChatPanel()
        self.clock_ms = 0
        self._build()
        if self.again is not None:
            self.group.set_focus(self.own_btn)
        if self.session.problem:
            return
        if create is not None:
            self.session.create(game, create, clock=clock, pace=pace)
        else:
            self.session.join(join, "watch" if watch else "any")

    def _build(self) -> None:
        self.copy_btn = Button(_("Copy invite"), self.copy_invite, _("The room code and addresses, to paste to "
                                                                     "your friends"), font=20)
        self.ready_btn = Button(_("Ready"), self.toggle_ready, None, font=22)
        self.start_btn = Button(_("Start the game"), self.session.start, _("Every seat must be taken and every "
                                                                          "other player ready"), font=24)
        self.again_btn = Button(_("Play again"), self.toggle_again, _("Play the next game in this room: it starts "
                                                                      "once every seated player says so"), font=22)
        self._ready_words()
        self.leave_btn = Button(_("Leave"), self.leave_room, _("Leave the room (Esc)"), icon="ui/icon_back",
                                sound="ui_back", font=22)
        self.own_btn = Button(_("Host with a new folder"), self.host_again,
                              _("Keep this game's rooms in a new folder; the old file stays as it is"), font=20)
        self.assists_btn = Button("", self.toggle_assists, _("Whether players may ask for hints and assists; the "
                                                              "replays and statistics say who did"), font=17)
        self.watch_chat_btn = Button("", self.toggle_watcher_chat, _("Whether watchers may write in the chat "
                                                                     "(quick phrases always go)"), font=17)
        self._rule_labels()
        old = getattr(self, "group", None)
        self.group = WidgetGroup(self.app, self._widgets())
        self.group.keyboard_mode = True
        if old is not None:
            self.group.focus_index, self.group.keyboard_mode = old.focus_index, old.keyboard_mode

    def _widgets(self) -> list[Widget]:
        room = self.session.room
        seats = len(room.seats) if room is not None else 0
        widgets: list[Widget] = [*self.rows[:seats], self.copy_btn]
        if self.session.creator and room is not None:
            widgets += [self.assists_btn, self.watch_chat_btn] if room.phase == "lobby" else [self.watch_chat_btn]
        if room is not None and room.phase == "over" and self.session.seat is not None:
            widgets.append(self.again_btn)
        elif self.session.creator:
            widgets.append(self.start_btn)
        elif self.session.seat is not None:
            widgets.append(self.ready_btn)
        return [*widgets, *([self.own_btn] if self.again is not None else []), self.leave_btn]

    def retranslate(self) -> None:
        self._build()

    # -- what the buttons do ------------------------------------------------------------------------

    def press_seat(self, index: int) -> None:
        room = self.session.room
        if self.session.seat is None or room is None:
            self.session.take_seat(index)
            return
        seat = room.seats[index]
        if not self.session.creator:
            return
        mine = index == self.session.seat
        title = _("Seat {n}: {who}").format(n=index + 1, who=seat_who(seat))
        choices: list[tuple[str, Callable[[], object]]] = []
        if seat.kind == "person" and room.phase == "lobby" and self._moves(index):
            choices.append((_("Move"), lambda: self.ask_move(index)))
        if seat.kind == "person" and not mine:
            choices.append((_("Remove"), lambda: self.session.remove(index)))
        if not mine:
            choices.append((_("A bot plays it"), lambda: self.session.bot(index)))
        words = _("Move this player to another seat, remove them from the room, or give the seat to a bot.") \
            if seat.kind == "person" and not mine else _("Move to another seat.") if mine else \
            _("Give the seat to a bot, or leave it open for a person.")
        self.app.push(Dialog(self.app, title, words, [*choices, (_("Cancel"), lambda: None)]))

    def _moves(self, index: int) -> list[int]:
        """The seats the person at `index` may move to (any other seat that is not a bot's)."""
        room = self.session.room
        return [s.index for s in room.seats if s.index != index and s.kind != "bot"] if room is not None else []

    def ask_move(self, index: int) -> None:
        room = self.session.room
        if room is None:
            return
        choices: list[tuple[str, Callable[[], object]]] = [
            (_("Seat {n}").format(n=to + 1), partial(self.session.move, index, to)) for to in self._moves(index)]
        self.app.push(Dialog(self.app, _("Move {who}").format(who=seat_who(room.seats[index])),
                             _("To which seat? Someone sitting there takes this seat in exchange."),
                             [*choices, (_("Cancel"), lambda: None)]))

    def toggle_ready(self) -> None:
        self.ready = not self.ready
        self.session.set_ready(self.ready)
        self._ready_words()

    def _ready_words(self) -> None:
        self.ready_btn.label = _("Not ready") if self.ready else _("Ready")
        self.ready_btn.tooltip = _("Tell the others you are not ready after all") if self.ready else \
            _("Tell the host you are ready: they start the game")

    def toggle_again(self) -> None:
        self.session.again(not said_again(self.session))

    def invites(self) -> list[str]:
        """The invite of each address friends may use (`arenas-arzium://host:port/CODE`, `wss://host:port/CODE`
        behind TLS)."""
        room = self.session.room
        if room is None:
            return []
        found = [read_where(a, self.where.port) for a in self.addresses]
        return [Invite(where.host, where.port, room.code, where.tls).text() for where in found if where is not None]

    def copy_invite(self) -> None:
        """The invite on the clipboard: one line Join takes whole (the first address; others follow)."""
        invites = self.invites()
        if not invites:
            return
        self.app.toast(_("Invite copied: paste it in Play online, Join") if copy_text("  ".join(invites))
                       else _("No clipboard here: read the code aloud"))

    def _rule_labels(self) -> None:
        room = self.session.room
        assists, watchers = (room.assists, room.watcher_chat) if room is not None else (False, True)
        self.assists_btn.label = _("Hints and assists: allowed") if assists else _("Hints and assists: off")
        self.watch_chat_btn.label = _("Watchers' chat: on") if watchers else _("Watchers' chat: off")

    def toggle_assists(self) -> None:
        room = self.session.room
        if room is not None:
            self.session.set_rules(assists=not room.assists)

    def toggle_watcher_chat(self) -> None:
        room = self.session.room
        if room is not None:
            self.session.set_rules(watcher_chat=not room.watcher_chat)

    def rules_line(self) -> str:
        """The table's rules as guests read them."""
        room = self.session.room
        if room is None:
            return ""
        assists = _("hints and assists allowed") if room.assists else _("no hints or assists")
        watchers = "" if room.watcher_chat else _(" · watchers may send quick phrases only")
        return _("Table rules: {assists}{watchers}").format(assists=assists, watchers=watchers)

    def _give_up(self, line: str) -> None:
        """The room was never reached (a wrong address or code, a port in use): back, with the one line."""
        self.session.leave()
        stop_server(self.hosted)
        if self.app.stack.top is self:
            self.app.pop()
        if self.failed is not None:
            self.failed(line)
        else:
            self.app.toast(line)

    def host_again(self) -> None:
        """Host the game again with a store of its own (the one that failed is left as it is)."""
        if self.again is not None:
            self.app.replace(self.again())

    def leave_room(self) -> None:
        self.session.leave()
        stop_server(self.hosted)  # no game started: nobody else needs it
        self.app.pop()

    # -- time ---------------------------------------------------------------------------------------

    def update(self, dt_ms: float) -> None:
        self.clock_ms += round(dt_ms)
        before = (self.session.room, self.session.seat, self.session.creator)
        self.session.update(dt_ms)
        if self.session.problem and self.session.room is None and self.again is None:  # else it offers a folder
            self._give_up(self.session.problem)
            return
        show_notices(self.app, self.session)
        room = self.session.room
        if (room, self.session.seat, self.session.creator) != before:
            self._refresh(room)
        if not self.started and next_game(self.app, self.session, self.hosted):
            self.started = True
            return
        self.group.update(dt_ms)

    def _refresh(self, room: RoomView | None) -> None:
        if room is not None:
            self.game = room.game or self.game
            for row, seat in zip(self.rows, room.seats):
                row.seat, row.you = seat, seat.index == self.session.seat
                row.again = seat.index in room.again.want if room.again is not None else None
                row.action = self._row_action(room, seat)
                row.enabled = bool(row.action)
            me = next((s for s in room.seats if s.index == self.session.seat), None)
            self.ready = bool(me and me.ready)
        self.ready_btn.label = _("Not ready") if self.ready else _("Ready")
        self._rule_labels()
        self._ready_words()
        self.again_btn.label = again_label(self.session)
        self.start_btn.enabled = room is not None and room.people_ready(self.session.seat)
        focus = self.group.focused
        self.group.widgets = self._widgets()
        if focus is not None and focus in self.group.widgets:
            self.group.set_focus(focus)
        self.layout(self.app.size)

    def _row_action(self, room: RoomView, seat: SeatView) -> str:
        """What pressing a seat's row does, in a word or two (nothing: the row cannot be pressed)."""
        if self.session.seat is None:
            return _("sit here") if seat.kind == "open" and room.phase != "playing" else ""
        if not self.session.creator or room.phase == "playing" or seat.kind == "bot":
            return ""
        if seat.kind == "open":
            return _("give to a bot")
        if seat.index == self.session.seat:
            return _("move") if room.phase == "lobby" and self._moves(seat.index) else ""
        return _("move or remove") if room.phase == "lobby" else _("remove")

    # -- screen -------------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        gap = app.px(24)
        lw = min(app.px(470), (w - 3 * gap) * 9 // 20)
        rw = min(app.px(620), w - 3 * gap - lw)
        top, ph = app.px(96), h - app.px(96) - app.px(140)
        x = (w - lw - rw - gap) // 2
        self.left = pygame.Rect(x, top, lw, ph)
        self.right = pygame.Rect(x + lw + gap, top, rw, ph)
        self.copy_btn.rect = pygame.Rect(self.left.left + app.px(28), self.left.bottom - app.px(72),
                                         lw - app.px(56), app.px(48))
        room = self.session.room
        n = len(room.seats) if room is not None else 0
        rules_h = app.px(46)  # the table's rules under the seats
        about = self._about_height(rw - app.px(48))
        row_h = max(app.px(30), min(app.px(52), (ph - app.px(90) - about - rules_h) // max(1, n) - app.px(6)))
        y = self.right.top + app.px(70)
        for row in self.rows:
            row.rect = pygame.Rect(self.right.left + app.px(24), y, rw - app.px(48), row_h)
            y += row_h + app.px(6)
        half = (rw - app.px(48) - app.px(10)) // 2
        self.assists_btn.rect = pygame.Rect(self.right.left + app.px(24), self.right.bottom - app.px(20) - app.px(40),
                                            half, app.px(40))
        self.watch_chat_btn.rect = self.assists_btn.rect.move(half + app.px(10), 0)
        by, bh = h - app.px(88), app.px(56)
        self.leave_btn.rect = pygame.Rect(self.left.left, by, app.px(200), bh)
        self.start_btn.rect = pygame.Rect(self.right.right - app.px(220), by, app.px(220), bh)
        self.own_btn.rect = pygame.Rect(self.right.right - app.px(300), by, app.px(300), bh)
        self.ready_btn.rect = self.again_btn.rect = self.start_btn.rect.copy()

    def about_lines(self) -> list[str]:
        """Every option of the room and who watches, as every member sees them (under the seats)."""
        room = self.session.room
        if room is None:
            return []
        game = GAMES.get(room.game)
        setup = " · ".join(game.room_words(room.setup)) if game is not None else ""
        away = _("Turn-based: close the app any time, the table waits for you") if room.pace == "turn" else \
            _("A bot plays for anyone away {seconds} s").format(seconds=room.grace_s)
        rules = " · ".join([_("Watchers welcome") if room.spectators else _("No watchers"), away])
        watching = _("Watching: {names}").format(names=", ".join(room.watching)) if room.watching else \
            ngettext("{n} watching", "{n} watching", room.watchers).format(n=room.watchers) if room.watchers else \
            _("Nobody is watching")
        return [line for line in (setup, rules, watching) if line]

    def _about_height(self, width: int) -> int:
        npx = self.app.font_px(17)
        lines = sum(len(text.wrap(line, npx, width)) for line in self.about_lines())
        return lines * text.font(npx).get_linesize() + (self.app.px(12) if lines else 0)

    def free_text(self) -> bool:
        """Whether this player may write free text (watchers only when the host allows it)."""
        room = self.session.room
        return self.session.seat is not None or self.session.creator or room is None or room.watcher_chat

    def handle(self, event: pygame.event.Event) -> bool:
        taken, want = self.chat.handle(event, self.session.chat, self.free_text(),
                                       keymap(self.app.settings.key_bindings).codes.get(Command.CHAT, -1))
        if want is not None:
            carry_out(want, self.session, self.app)
        if taken:
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.leave_room()
            return True
        return self.group.handle(event)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w = app.size[0]
        session, room = self.session, self.session.room
        line = session.problem or session.banner or self._waiting_line(room)
        bad = bool(session.problem)
        game = GAMES[self.game].title if self.game in GAMES else ""
        clock = room.clock if room is not None and room.game == "arzium" else None  # Arenas: the sand is the clock
        pace = room.pace if room is not None else "live"
        key = ("lobby", line, bad, game, room.code if room else "", tuple(self.addresses), tuple(self.left),
               tuple(self.right), clock, pace, tuple(self.about_lines()))

        def words(surface: pygame.Surface) -> None:
            ink = app.theme.text
            title = _("{game}: online lobby").format(game=game) if game else _("Online lobby")
            text.draw_text(surface, title, text.fit_px(title, app.font_px(42), w - app.px(40), True),
                           app.theme.text_light, (w // 2, app.px(20)), "midtop", bold=True, shadow=app.theme.shadow)
            for panel, head in ((self.left, _("Invite")), (self.right, _("Seats"))):
                text.draw_text(surface, head, text.fit_px(head, app.font_px(28), panel.w - app.px(40), True), ink,
                               (panel.centerx, panel.top + app.px(20)), "midtop", bold=True)
            lx, inner = self.left.left + app.px(28), self.left.w - app.px(56)
            y = self.left.top + app.px(70)
            text.draw_text(surface, _("Room code"), app.font_px(18), app.theme.muted, (lx, y))
            code = room.code if room else "…"
            y += app.px(24)
            text.draw_text(surface, code, text.fit_px(code, app.font_px(44), inner, True), ink, (lx, y), bold=True)
            y += app.px(58)
            text.draw_text(surface, _("Server address"), app.font_px(18), app.theme.muted, (lx, y))
            y += app.px(24)
            for address in self.addresses[:3]:
                text.draw_text(surface, address, text.fit_px(address, app.font_px(24), inner, True), ink, (lx, y),
                               bold=True)
                y += app.px(30)
            note = _("Friends on your network type this address. Across the internet, open this port on your "
                     "router or use a dedicated server.") if self.where.embedded else \
                _("Friends type this address and the room code in Play online, Join.")
            npx = app.font_px(16)
            lh = text.font(npx).get_linesize()
            y += app.px(8)
            for wrapped in text.wrap(note, npx, inner):
                if y + lh <= self.copy_btn.rect.top - app.px(8):
                    text.draw_text(surface, wrapped, npx, app.theme.muted, (lx, y))
                y += lh
            if clock is not None:
                self._clock_words(surface, clock, pace, lx, y + app.px(14), inner)
            npx, inner = app.font_px(17), self.right.w - app.px(48)
            lh = text.font(npx).get_linesize()
            y = self.right.bottom - app.px(60) - self._about_height(inner) + app.px(12)  # over the table's rules
            for about in self.about_lines():
                for wrapped in text.wrap(about, npx, inner):
                    text.draw_text(surface, wrapped, npx, app.theme.muted, (self.right.left + app.px(24), y))
                    y += lh
            if line:  # up to two lines above the buttons (a store's line names its file)
                colour = app.theme.danger if bad else app.theme.text_light
                lines, lpx = text.fit_lines(line, app.font_px(20), w - app.px(40), 2, bold=bad)
                step = text.font(lpx, bad).get_linesize()
                for i, part in enumerate(lines[:2]):
                    text.draw_text(surface, part, lpx, colour, (w // 2, self.left.bottom + app.px(6) + i * step),
                                   "midtop", bold=bad, shadow=app.theme.shadow)
        panels = [("ui/panel", self.left), ("ui/panel", self.right)]
        rules = "" if self.session.creator else self.rules_line()
        if rules:
            rect = pygame.Rect(self.right.left + app.px(24), self.right.bottom - app.px(56), self.right.w - app.px(48),
                               app.px(36))

            def rule_words(surface: pygame.Surface) -> None:
                text.draw_text(surface, rules, text.fit_px(rules, app.font_px(17), rect.w), app.theme.text,
                               rect.center, "center")
            parts: tuple[Part, ...] = (window_part(app, key, words), Part(rect, ("rules", rules, tuple(rect)),
                                                                          rule_words))
        else:
            parts = (window_part(app, key, words),)
        opener = keymap(app.settings.key_bindings).name(Command.CHAT)
        chat = self.chat.parts(app, self.session.chat, self.left.inflate(-app.px(16), -app.px(16)), opener,
                               self.free_text(), (w // 2, app.size[1] - app.px(40)), self.clock_ms)
        return widget_screen(self.backdrop.picture(app, app.size, panels), self.group, *parts, over=chat)

    def _clock_words(self, surface: pygame.Surface, clock: ClockRule, pace: str, x: int, y: int, width: int) -> None:
        """The table's clock and what follows a time-out, as every member sees them, from `y` down to the Copy
        button."""
        app = self.app
        bottom = self.copy_btn.rect.top - app.px(8)
        if y + app.px(52) > bottom:
            return
        text.draw_text(surface, _("Turn clock"), app.font_px(18), app.theme.muted, (x, y))
        y += app.px(24)
        words = table_clock_words(clock, pace)
        text.draw_text(surface, words, text.fit_px(words, app.font_px(22), width, True), app.theme.text, (x, y),
                       bold=True)
        y += app.px(30)
        if not clock.on:
            return
        npx = app.font_px(16)
        lh = text.font(npx).get_linesize()
        for wrapped in text.wrap(out_rule_words(clock), npx, width):
            if y + lh <= bottom:
                text.draw_text(surface, wrapped, npx, app.theme.text, (x, y))
            y += lh

    def _waiting_line(self, room: RoomView | None) -> str:
        if room is None:
            return ""
        if room.phase == "over":
            return again_line(room, self.session.seat, self.session.creator)
        if self.session.seat is None:
            return _("You are watching: pick an open seat to play")
        if self.session.creator:
            if room.people_ready(self.session.seat):
                return _("Everyone is ready: press Start")
            if room.free_seats():
                return _("Waiting for players: share the room code")
            names = [s.name for s in room.seats if s.kind == "person" and not s.ready and s.index != self.session.seat]
            return _("Waiting for {names} to press Ready").format(names=", ".join(names))
        return _("Waiting for the host to start the game") if self.ready else _("Press Ready when you are ready")
