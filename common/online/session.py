"""One player's side of an online room (pure, no pygame): the connection (`common.net.client.Link`, loaded
only when a game is hosted or joined), the room as last told, this player's seat and its token (kept in the
user data folder so the seat can be taken back), the game's own messages for the play scene, and every
failure as one line."""
from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from common.data.i18n import _
from common.data.safe_text import one_line
from common.net.messages import Act, ClientMessage, Create, GameJson, JoinSeat, Received
from common.net.tables_client import server_url
from common.net.turn_clock import ClockError, ClockRule
from common.online.chat import ChatLog
from common.online.room import Again, Phase, RoomView, SeatKind, SeatView, notice_line
from common.online.seat_tokens import forget_token, keep_token, room_code, seat_token

_SESSIONS: weakref.WeakSet[OnlineSession] = weakref.WeakSet()  # this app's sessions, while something holds them
GIVE_UP_MS = 120_000  # a server away this long (reconnecting all the while) ends the game for this app


class LinkLike(Protocol):
    """What the session needs of a connection (`common.net.client.Link`)."""

    @property
    def status(self) -> str: ...

    @property
    def rtt_ms(self) -> float | None: ...

    def send(self, msg: ClientMessage) -> None: ...

    def poll(self) -> list[Received]: ...

    def server_now_ms(self) -> float: ...

    def close(self) -> None: ...


Connect = Callable[[str, str | None], LinkLike]


def open_link(url: str, token: str | None) -> LinkLike:
    """A connection to `url` (its hello carries `token`, a rejoin); the network code is imported now."""
    from common.net.client import Link
    link: LinkLike = Link(url, token=token)  # it keeps the token a `joined` frame gives, for its reconnects
    return link


def tables_joined() -> set[tuple[str, str]]:
    """The tables (server, code) this app is in now (joined, not left): their turns are seen on its screen."""
    return {(s.server, s.code) for s in list(_SESSIONS) if s.code and not s.ended}


class OnlineSession:
    """A room on a server, seen from this app. Call `update(dt_ms)` each frame; read `room`, `seat`,
    `problem` (a failure, one line: the screen shows it and offers Back) and `banner` (the connection lost and
    being retried); the game's own frames (`game`, `update`, `turn`, `refused`, `result`) wait in
    `game_messages` for the play scene."""

    def __init__(self, server: str, name: str, connect: Connect = open_link, hosting: bool = False,
                 store: str = "", tell: Callable[[str], None] = lambda line: None) -> None:
        """`hosting`: this app runs the room's server, keeping its rooms in `store` ("": the default one);
        `tell(line)` shows a line that stops nothing (the kept seats' file could not be written, say)."""
        _SESSIONS.add(self)
        self.server = server
        self.store = store
        self.tell = tell
        self.name = name
        self.connect = connect
        self.hosting = hosting
        self.link: LinkLike | None = None
        self.room: RoomView | None = None
        self.code = ""
        self.seat: int | None = None
        self.creator = False
        self.token: str | None = None
        self.problem = ""
        self.away_ms = 0.0
        self.clock_ms = 0.0  # this session's own clock, for the grace time left since the last room frame
        self.room_at_ms = 0.0
        self.welcomed = False  # the server answered a hello: later losses are retried, not a wrong address
        self.welcomed_room = False  # the room answered once: a kept token's room was there
        self.game_messages: deque[Received] = deque()
        self.ended = False  # the room is over for this app (finished, left, or the host gone for good)
        self.status = "connecting"  # the connection's, as of the last update (the banner follows the frames)
        self.closed_by = ""  # why the server said it stops ("host_left", "shutdown"), until it answers again
        self.chat = ChatLog()
        self.notices: deque[str] = deque()  # what the room told of its seats (one left, conceded), to show once
        self.result: Received | None = None  # the last game's result frame, while the room is over

    # -- opening --------------------------------------------------------------------------------------

    def _open(self, token: str | None = None) -> bool:
        if self.link is not None:
            self.link.close()
        self.ended, self.problem, self.welcomed = False, "", False
        try:
            self.link = self.connect(server_url(self.server), token)
        except OSError:
            self.link, self.problem = None, unreachable(self.server)
        return self.link is not None

    def create(self, game: str, setup: GameJson, seat: int | None = 0, clock: ClockRule | None = None,
               pace: str = "live") -> None:
        """Host: create the room with the game's setup (its seats open for people, or bots), seated at `seat`, with
        `clock` (Arzium: none by default) at `pace` ("turn": a turn-based table)."""
        if self._open():
            msg: Create = {"kind": "create", "game": game, "setup": setup, "name": self.name, "seat": seat}
            if clock is not None and clock.on:
                msg["clock"] = clock.to_json()
            if pace == "turn":
                msg["pace"] = "turn"
            self._send(msg)

    def let_bot(self, seat: int) -> None:
        """The bot plays the turn of `seat`, whose time ran out (the room's rule lets the others choose)."""
        self._send({"kind": "let_bot", "seat": seat})

    def join(self, code: str, seat: JoinSeat = "any") -> None:
        """Join room `code` at `seat` (a number, "any" free seat, or "watch"); as its seated player again when
        this app holds a token for that room (a player whose app closed takes their seat back)."""
        self.code = code
        held = seat_token(self.server, code)
        if held is not None and seat != "watch":
            if self._open(held[1]):
                self.seat, self.token = held
            return
        if self._open():
            self._send({"kind": "join", "code": code, "name": self.name, "seat": seat})

    def take_again(self) -> None:
        """The game again as the server has it (this app's view went out of step with the room): a new connection
        with this seat's token, which the server answers with the whole game."""
        if self.token is not None and not self.ended:
            self._open(self.token)

    # -- lobby and play -------------------------------------------------------------------------------

    def take_seat(self, seat: int) -> None:
        """A watcher in the lobby sits down: a new membership at that seat."""
        if self.room is not None:
            self.leave()
            self.join(self.room.code, seat)

    def set_ready(self, ready: bool) -> None:
        self._send({"kind": "ready", "ready": ready})

    def start(self) -> None:
        self._send({"kind": "start"})

    def bot(self, seat: int) -> None:
        """Creator: the seat's bot plays it (in the lobby the seat becomes a bot seat)."""
        self._send({"kind": "bot", "seat": seat})

    def reclaim(self) -> None:
        self._send({"kind": "reclaim"})

    def again(self, want: bool = True, next_level: bool = False) -> None:
        """After the end: this player wants to play the next game in this room (or no longer does); the creator
        also picks the next level (`next_level`) or the same one."""
        if self.room is not None:
            self._send({"kind": "again", "game": self.room.games, "want": want, "next": next_level})

    def concede(self) -> None:
        """Concede this game: the seat's bot plays it to the end."""
        self._send({"kind": "concede"})

    def move(self, seat: int, to: int) -> None:
        """Creator, before the start: the person at `seat` moves to `to`."""
        self._send({"kind": "move", "seat": seat, "to": to})

    def remove(self, seat: int) -> None:
        """Creator, before the start or after the end: the person at `seat` is out of the room."""
        self._send({"kind": "remove", "seat": seat})

    def take_game(self) -> Received:
        """The `game` frame waiting for the play scene (the frames before it are dropped: it holds the whole game)."""
        frame = self.game_messages.popleft()
        while frame.get("kind") != "game" and self.game_messages:
            frame = self.game_messages.popleft()
        return frame

    def take_notices(self) -> list[str]:
        """The room's notices not yet shown."""
        out = list(self.notices)
        self.notices.clear()
        return out

    def act(self, action: GameJson, msg_id: int | None = None) -> None:
        """Send this player's action (the server checks it with the rules)."""
        msg: Act = {"kind": "act", "action": action}
        if msg_id is not None:
            msg["id"] = msg_id
        self._send(msg)

    def send(self, msg: ClientMessage) -> None:
        """A game message as it is (`undo`, `confirm`)."""
        self._send(msg)

    def say(self, text: str) -> None:
        """A chat line of free text to everyone in the room."""
        self.chat.notice = ""
        self._send({"kind": "chat", "text": text})

    def phrase(self, phrase: str) -> None:
        """A quick phrase (its id: each member reads it in their own language)."""
        self.chat.notice = ""
        self._send({"kind": "chat", "phrase": phrase})

    def set_rules(self, *, assists: bool | None = None, watcher_chat: bool | None = None) -> None:
        """Creator: the table's rules (hints and assists before the start; watchers' free text)."""
        self._send({"kind": "table_rules", "assists": assists, "watcher_chat": watcher_chat})

    def leave(self) -> None:
        """Leave the room (in play the seat's bot plays at once; the token still brings this player back): the
        connection closes once the server has the message."""
        if self.link is not None:
            self._send({"kind": "leave"})
            self.link.close()
        self.ended = True

    def _send(self, msg: ClientMessage) -> None:
        if self.link is not None and not self.ended:
            self.link.send(msg)

    # -- what arrives ---------------------------------------------------------------------------------

    @property
    def banner(self) -> str:
        """The connection line while it is lost and retried, else ""."""
        if self.link is None or self.ended or self.problem or self.status not in ("connecting", "reconnecting"):
            return ""
        if self.room is None:
            return _("Connecting to {server}…").format(server=self.server)
        seconds = int(self.away_ms // 1000)
        if self.closed_by == "host_left":
            return _("The host left: the game is saved on their side and goes on if they come back "
                     "(waiting, {seconds} s)…").format(seconds=seconds)
        if self.closed_by:
            return _("The server stopped: the game is saved there and goes on when it is back "
                     "(waiting, {seconds} s)…").format(seconds=seconds)
        return _("Connection lost: reconnecting to {server} ({seconds} s)…").format(
            server=self.server, seconds=seconds)

    @property
    def rtt_ms(self) -> float | None:
        return None if self.link is None else self.link.rtt_ms

    def seat_now(self, seat: SeatView) -> SeatView:
        """`seat` with the grace time it has left now (the room frame told it a while ago); with the server itself
        gone no grace runs (the banner says why), so no time is counted down."""
        if seat.away_ms is None:
            return seat
        if self.status != "open":
            return replace(seat, away_ms=None)
        return replace(seat, away_ms=max(0, round(seat.away_ms - (self.clock_ms - self.room_at_ms))))

    def update(self, dt_ms: float) -> None:
        self.clock_ms += dt_ms
        if self.link is None or self.ended:
            return
        status = self.status = self.link.status  # before the frames: a closing frame is in when it closed
        for msg in self.link.poll():
            self._absorb(msg)
        if status == "open":
            self.away_ms = 0.0
        elif status == "closed" or (status == "reconnecting" and not self.welcomed):
            if not self.problem:  # never reached (or it said why it closed: that line stays)
                self.problem = unreachable(self.server)
            self.link.close()
            self.ended = True
        else:
            self.away_ms += dt_ms
            if self.away_ms >= GIVE_UP_MS:
                self.problem = host_gone(self.server) if self.room is not None else unreachable(self.server)
                self.link.close()
                self.ended = True

    def _note(self, line: str) -> None:
        if line:
            self.tell(line)

    def _absorb(self, msg: Received) -> None:
        match msg.get("kind"):
            case "error" if msg.get("code") in ("chat_rate", "chat_off"):
                self.chat.notice = error_line(msg, self.server)
            case "error":
                self.problem = error_line(msg, self.server)
                if msg.get("code") == "bad_token" and self.code:
                    if self.token is not None and not self.welcomed_room:  # a kept seat's room: gone
                        self.problem = room_gone(room_code(self.code), self.server)
                    self._note(forget_token(self.server, self.code))
                    self.seat = self.token = None
            case "joined":
                self.code, self.token, self.creator = str(msg.get("code", "")), str(msg["token"]), \
                    bool(msg.get("creator"))
                seat = msg.get("seat")
                self.seat = seat if isinstance(seat, int) else None
                member = msg.get("member")
                self.chat.me = member if isinstance(member, int) else None
                if self.seat is not None:
                    self._note(keep_token(self.server, self.code, self.seat, self.token, self.hosting,
                                          one_line(str(msg.get("game", "")), 20), self.store))
            case "room":
                self.welcomed_room = True
                was = self.room
                self.room, self.room_at_ms = room_view(msg), self.clock_ms
                you = msg.get("you")
                if isinstance(you, dict):
                    seat = you.get("seat")
                    self.seat = seat if isinstance(seat, int) else None
                    self.creator = bool(you.get("creator"))
                if self.room.phase == "over" and self.code:
                    self._note(forget_token(self.server, self.code))
                elif self.room.pace == "turn" and (was is None or was.pace != "turn") and self.seat is not None \
                        and self.token is not None:  # kept longer: its moves come days apart
                    self._note(keep_token(self.server, self.code, self.seat, self.token, self.hosting,
                                          self.room.game, self.store, "turn"))
                elif self.room.phase == "playing" and was is not None and was.phase == "over":
                    self.result = None  # the next game: its seat is kept again, to come back to
                    if self.seat is not None and self.token is not None:
                        self._note(keep_token(self.server, self.code, self.seat, self.token, self.hosting,
                                              self.room.game))
            case "notice":
                what, seat = str(msg.get("what", "")), msg.get("seat")
                name = one_line(str(msg.get("name") or ""), 24)
                if what == "removed" and seat == self.seat and self.seat is not None:
                    self.problem = _("The host removed you from the room")
                    self._note(forget_token(self.server, self.code))
                    if self.link is not None:
                        self.link.close()
                    self.ended = True
                    return
                line = notice_line(what, name, self.room.phase if self.room is not None else "lobby")
                if line:
                    self.notices.append(line)
            case "welcome":
                self.welcomed, self.closed_by = True, ""
            case "closing":
                self.closed_by = "host_left" if msg.get("reason") == "host_left" else "shutdown"
            case "chat":
                self.chat.absorb(msg)
            case "pong":
                pass
            case "result":
                self.result = msg
                self.game_messages.append(msg)
            case _:
                self.game_messages.append(msg)


def room_view(msg: Received) -> RoomView:
    """A room frame as the screens see it (every name through the sanitiser)."""
    seats = tuple(_seat_view(i, s) for i, s in enumerate(msg.get("seats") or []) if isinstance(s, dict))
    phase: Phase = msg["phase"] if msg.get("phase") in ("lobby", "playing", "over") else "lobby"
    again = msg.get("again")
    setup = msg.get("setup")
    watching = msg.get("watching")
    return RoomView(code=one_line(str(msg.get("code", "")), 16), game=str(msg.get("game", "")), seats=seats,
                    phase=phase, watchers=_int(msg.get("watchers")), clock=clock_rule(msg),
                    assists=msg.get("assists") is not False, watcher_chat=msg.get("watcher_chat") is not False,
                    games=max(1, _int(msg.get("games"))),
                    again=Again(frozenset(i for i in again.get("want") or [] if isinstance(i, int)),
                                again.get("next") is True, again.get("can_next") is True)
                    if isinstance(again, dict) else None,
                    setup=setup if isinstance(setup, dict) else {},
                    watching=tuple(one_line(str(n), 24) for n in watching[:50]) if isinstance(watching, list) else (),
                    spectators=msg.get("spectators") is not False, grace_s=_int(msg.get("grace_s")),
                    pace="turn" if msg.get("pace") == "turn" else "live")


def clock_rule(msg: Received) -> ClockRule:
    """The room frame's clock (a fixed turn clock in seconds too); none when it cannot be read."""
    try:
        if "clock" in msg:
            return ClockRule.from_json(msg["clock"])
        secs = msg.get("turn_clock_s")
        return ClockRule.per_turn(secs * 1000) if isinstance(secs, int) and secs > 0 else ClockRule()
    except (ClockError, ValueError):
        return ClockRule()


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _seat_view(index: int, s: Received) -> SeatView:
    status = s.get("status")
    kind: SeatKind = "open" if status == "open" else "bot" if s.get("kind") == "bot" else "person"
    grace = s.get("grace_ms")
    return SeatView(index=index, name=one_line(str(s.get("name") or ""), 24), kind=kind,
                    connected=status in ("here", "bot", "open") and not (kind == "person" and status == "bot"),
                    ready=bool(s.get("ready")), away_ms=grace if status == "away" and isinstance(grace, int) else None,
                    bot_now=kind == "person" and status == "bot", level=one_line(str(s.get("level") or ""), 12),
                    conceded=s.get("conceded") is True)


# -- failures as one line ---------------------------------------------------------------------------------

def unreachable(server: str) -> str:
    return _("No server answers at {server}: check the address, and that the game is hosted").format(server=server)


def room_gone(code: str, server: str) -> str:
    return _("Your seat in room {code} on {server} is gone (the room ended or expired): it is off your rooms "
             "now").format(
        code=code, server=server)


def host_gone(server: str) -> str:
    return _("The host at {server} is gone and did not come back: the game ends and does not count").format(
        server=server)


def error_line(msg: Received, server: str) -> str:
    """A server's error frame as one line in the player's language, told from its code; the server's own
    (English) text shows only for a code this version does not know."""
    code = msg.get("code")
    match code:
        case "no_room":
            return _("No room has that code on {server}: check the code").format(server=server)
        case "room_full":
            return _("The room is full: watch it, or ask the host for a seat")
        case "no_spectators":
            return _("This room takes no watchers: join with a seat")
        case "not_lobby":
            return _("The game in this room has started: you can only watch it")
        case "version":
            return _("The server runs another version of the game: use the same version as the host")
        case "seat_taken":
            return _("Someone took that seat first: pick another")
        case "bad_token":
            return _("That seat is not yours any more: join again with the code")
        case "rate":
            return _("Too many tries: wait a moment, then join again")
        case "not_ready":
            return _("Not yet: every seat must be taken and every player ready")
        case "not_creator":
            return _("Only the player who made the room can do that")
        case "not_seated":
            return _("Only a seated player can do that: take a seat first")
        case "not_over":
            return _("The game is not over yet")
        case "not_allowed":
            return _("This game does not allow that: leave the table instead")
        case "not_playing":
            return _("That move is not possible now: the game is over, or a bot plays your seat (take it back first)")
        case "bad_setup":
            return _("The server refused this game's setup: use the same version as the host")
        case "server_busy":
            return _("The server is full: try again later, or host the game yourself")
        case "turn_tables":
            return _("Your network has as many unfinished turn-based tables on this server as it may: finish one "
                     "first")
        case "bad_message" | "unknown_kind" | "too_big" | "hello_first":
            return _("The server could not read a message from this game: use the same version as the host")
        case "server_error":
            return _("The server failed to handle that: try again; the room is unchanged")
        case "not_stored":
            return _("The server could not store the last moves: join again to see the stored game")
        case "chat_rate":
            return _("Too many chat lines: wait a few seconds")
        case "chat_off":
            return _("The host turned watchers' chat off: quick phrases still go")
        case _:
            detail = one_line(str(msg.get("message", "")), 120)
            return _("The server refused: {reason}").format(reason=detail or one_line(str(code), 40))
