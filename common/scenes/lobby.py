"""The lobby of an online room: the invite (room code, the addresses friends connect to, Copy), the seats
with who sits there, their ready marks and connections; Ready, and Start for the room's creator. When the
game starts the game's own online table replaces it. Hosting on this computer starts the room server here
first (a port in use is one line that names a free one)."""
from __future__ import annotations

import atexit
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from common import text
from common.games import GAMES
from common.i18n import _
from common.lan import free_port_near, lan_addresses
from common.layers import Part
from common.online_room import Hosted, RoomView, SeatView, Where, seat_status
from common.online_session import OnlineSession
from common.safe_text import one_line
from common.scene import Scene
from common.scenes.backdrop import Backdrop
from common.widget_parts import widget_screen, window_part
from common.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.app import App


RUNNING: dict[int, Hosted] = {}
"""The room servers this app runs, by port: a host who leaves a game's table keeps serving it (their seat's bot
plays) while the app is open, and Back to room finds it running."""


def start_server(where: Where) -> tuple[Hosted | None, str, int]:
    """The room server inside the app on `where.port` (0: any free one; the one running there already, if
    any), listening on every address of the machine (so the network can reach it); the server, "" and the
    port it listens on, or None and the one line why not."""
    if where.port in RUNNING:
        return RUNNING[where.port], "", where.port
    from common.net.server import EmbeddedServer, PortInUse  # only hosting loads the server
    from common.paths import data_dir
    server = EmbeddedServer(data=data_dir() / "hosted")
    try:
        port = server.start("0.0.0.0", where.port)
    except PortInUse:
        free = free_port_near(where.port)
        other = _(" Try port {port}.").format(port=free) if free is not None else ""
        return None, _("Port {port} is in use on this computer.{other}").format(port=where.port, other=other), 0
    except OSError as exc:
        return None, _("Could not start the room server on port {port}: {reason}").format(
            port=where.port, reason=exc.strerror or exc), 0
    RUNNING[port] = server
    atexit.register(stop_server, server)  # the app closing tells the others the host left
    return server, "", port


def stop_server(hosted: Hosted | None) -> None:
    """Stop a room server this app runs (its rooms are kept in the store for the next start)."""
    if hosted is None:
        return
    for port, running in list(RUNNING.items()):
        if running is hosted:
            del RUNNING[port]
    hosted.stop()


def host_game(app: App, game: str, where: Where, name: str, turn_clock_s: int = 0) -> None:
    """Open the game's setup screen to host it; its Start creates the room (here or on a dedicated server)."""
    entry = GAMES[game]

    def chosen(setup: dict[str, Any]) -> None:
        app.replace(LobbyScene(app, game, where, name, create=setup, turn_clock_s=turn_clock_s))
    app.push(entry.online_setup(app, chosen))


def join_room(app: App, where: Where, code: str, watch: bool, name: str) -> None:
    """The lobby of room `code` on `where` (to play, or to watch)."""
    app.push(LobbyScene(app, "", where, name, join=code, watch=watch))


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
    """A seat in the lobby: number, name, state; pressing it sits there (a watcher) or gives an open seat to a
    bot (the creator)."""

    def __init__(self, on_press: Callable[[int], None]) -> None:
        super().__init__(None)
        self.on_press = on_press
        self.seat: SeatView | None = None
        self.you = False
        self.action = ""

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
        name = seat.name if seat.kind != "open" else "—"
        if self.you:
            name = _("{name} (you)").format(name=name)
        left = r.left + app.px(14)
        text.draw_text(surface, f"{seat.index + 1}.", app.font_px(20), ink, (left, r.centery), "midleft", bold=True)
        mark_w = app.px(30)
        state = seat_status(seat) + (f"  ·  {_('ready')}" if seat.ready and seat.kind == "person" else "")
        if self.action:
            state = f"{state}  ·  {self.action}"
        spx = text.fit_px(state, app.font_px(17), r.w * 11 // 20 - mark_w)
        srect = text.draw_text(surface, state, spx, app.theme.muted if seat.kind == "open" else ink,
                               (r.right - app.px(12) - mark_w, r.centery), "midright")
        npx = text.fit_px(name, app.font_px(20), srect.left - left - app.px(44))
        text.draw_text(surface, name, npx, ink, (left + app.px(32), r.centery), "midleft", bold=True)
        dot = (r.right - app.px(12) - mark_w // 2, r.centery)
        if seat.kind == "person":
            colour = app.theme.ok if seat.connected and not seat.bot_now else app.theme.danger
            pygame.draw.circle(surface, colour, dot, app.px(7))
        if seat.ready and seat.kind == "person":
            pygame.draw.circle(surface, app.theme.shadow, dot, app.px(9), max(1, app.px(2)))


class LobbyScene(Scene):
    """Waiting for the players: the invite, the seats, Ready and Start; the game's table once it starts."""

    title = "Online lobby"

    def __init__(self, app: App, game: str, where: Where, name: str, *, create: dict[str, Any] | None = None,
                 join: str = "", watch: bool = False, turn_clock_s: int = 0,
                 connect: Callable[[str, str | None], Any] | None = None,
                 serve: Callable[[Where], tuple[Hosted | None, str, int]] = start_server) -> None:
        """Host (`create`: the game's setup, the creator at seat 0) or join room `join`; `connect` opens the
        connection and `serve` starts the room server here (tests and the catalog give fakes)."""
        super().__init__(app)
        self.game, self.where = game, where
        self.backdrop = Backdrop(60)
        self.hosted: Hosted | None = None
        problem = ""
        if where.embedded:  # hosting here, or back to a room this app hosted: its server first
            self.hosted, problem, port = serve(where)
            where = self.where = Where(where.host, port or where.port, embedded=True)
        self.session = OnlineSession(where.label, name, connect, hosting=where.embedded) if connect else \
            OnlineSession(where.label, name, hosting=where.embedded)
        self.session.problem = problem
        self.addresses = invite_addresses(where)
        self.ready = False
        self.started = False
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self.rows = [SeatRow(self.press_seat) for _i in range(7)]
        self._build()
        if self.session.problem:
            return
        if create is not None:
            self.session.create(game, create, turn_clock_s=turn_clock_s)
        else:
            self.session.join(join, "watch" if watch else "any")

    def _build(self) -> None:
        self.copy_btn = Button(_("Copy invite"), self.copy_invite, _("The room code and addresses, to paste to "
                                                                     "your friends"), font=20)
        self.ready_btn = Button(_("Ready"), self.toggle_ready, _("Tell the others you are ready to start"), font=22)
        self.start_btn = Button(_("Start"), self.session.start, _("Start the game: every seat taken and every "
                                                                 "player ready"), font=24)
        self.leave_btn = Button(_("Leave"), self.leave_room, _("Leave the room (Esc)"), icon="ui/icon_back",
                                sound="ui_back", font=22)
        old = getattr(self, "group", None)
        self.group = WidgetGroup(self.app, self._widgets())
        self.group.keyboard_mode = True
        if old is not None:
            self.group.focus_index, self.group.keyboard_mode = old.focus_index, old.keyboard_mode

    def _widgets(self) -> list[Widget]:
        room = self.session.room
        seats = len(room.seats) if room is not None else 0
        widgets: list[Widget] = [*self.rows[:seats], self.copy_btn]
        if self.session.creator:
            widgets.append(self.start_btn)
        elif self.session.seat is not None:
            widgets.append(self.ready_btn)
        return [*widgets, self.leave_btn]

    def retranslate(self) -> None:
        self._build()

    # -- what the buttons do ------------------------------------------------------------------------

    def press_seat(self, index: int) -> None:
        if self.session.seat is None:
            self.session.take_seat(index)
        elif self.session.creator:
            self.session.bot(index)

    def toggle_ready(self) -> None:
        self.ready = not self.ready
        self.session.set_ready(self.ready)
        self.ready_btn.label = _("Not ready") if self.ready else _("Ready")

    def copy_invite(self) -> None:
        room = self.session.room
        if room is None:
            return
        invite = _("Join my game of {game}: room code {code}, server address {address}").format(
            game=GAMES[room.game].title if room.game in GAMES else room.game, code=room.code,
            address=" / ".join(self.addresses))
        self.app.toast(_("Invite copied") if copy_text(invite) else _("No clipboard here: read the code aloud"))

    def leave_room(self) -> None:
        self.session.leave()
        stop_server(self.hosted)  # no game started: nobody else needs it
        self.app.pop()

    # -- time ---------------------------------------------------------------------------------------

    def update(self, dt_ms: float) -> None:
        before = (self.session.room, self.session.seat, self.session.creator)
        self.session.update(dt_ms)
        room = self.session.room
        if (room, self.session.seat, self.session.creator) != before:
            self._refresh(room)
        if room is not None and room.phase == "playing" and not self.started and self.session.game_messages:
            self._play(room)
        self.group.update(dt_ms)

    def _refresh(self, room: RoomView | None) -> None:
        if room is not None:
            self.game = room.game or self.game
            for row, seat in zip(self.rows, room.seats):
                row.seat, row.you = seat, seat.index == self.session.seat
                row.action = _("sit here") if self.session.seat is None and seat.kind == "open" else \
                    _("a bot plays it") if self.session.creator and seat.kind == "open" else ""
                row.enabled = bool(row.action)
            me = next((s for s in room.seats if s.index == self.session.seat), None)
            self.ready = bool(me and me.ready)
        self.ready_btn.label = _("Not ready") if self.ready else _("Ready")
        self.start_btn.enabled = room is not None and room.people_ready(self.session.seat)
        focus = self.group.focused
        self.group.widgets = self._widgets()
        if focus is not None and focus in self.group.widgets:
            self.group.set_focus(focus)
        self.layout(self.app.size)

    def _play(self, room: RoomView) -> None:
        entry = GAMES.get(room.game)
        if entry is None:
            self.session.problem = _("This app cannot play {game} online").format(game=room.game)
            return
        try:
            scene = entry.online_play(self.app, self.session, self.hosted)
        except (ValueError, KeyError, TypeError) as exc:  # a game this app cannot play (a level it refuses): one line
            self.session.problem = one_line(_("This game cannot be played here: {reason}").format(reason=exc))
            return
        self.started = True
        self.app.replace(scene)

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
        row_h = min(app.px(52), (ph - app.px(90)) // max(1, n) - app.px(6))
        y = self.right.top + app.px(70)
        for row in self.rows:
            row.rect = pygame.Rect(self.right.left + app.px(24), y, rw - app.px(48), row_h)
            y += row_h + app.px(6)
        by, bh = h - app.px(88), app.px(56)
        self.leave_btn.rect = pygame.Rect(self.left.left, by, app.px(200), bh)
        self.start_btn.rect = pygame.Rect(self.right.right - app.px(220), by, app.px(220), bh)
        self.ready_btn.rect = self.start_btn.rect.copy()

    def handle(self, event: pygame.event.Event) -> bool:
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
        key = ("lobby", line, bad, game, room.code if room else "", tuple(self.addresses), tuple(self.left),
               tuple(self.right))

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
            if line:
                colour = app.theme.danger if bad else app.theme.text_light
                text.draw_text(surface, line, text.fit_px(line, app.font_px(20), w - app.px(40)), colour,
                               (w // 2, self.left.bottom + app.px(8)), "midtop", bold=bad, shadow=app.theme.shadow)
        panels = [("ui/panel", self.left), ("ui/panel", self.right)]
        return widget_screen(self.backdrop.picture(app, app.size, panels), self.group, window_part(app, key, words))

    def _waiting_line(self, room: RoomView | None) -> str:
        if room is None:
            return ""
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
