"""What the server does with each kind of checked message (`Dispatch.message`: hello, ping, tables, create,
join, and what a member says to its room): a message kind is one handler, which answers on the connection,
acts on its room, or raises `ProtocolError` (one `error` frame). It reads and writes the room index
(`common.net.registry`) and the per-address allowances (`common.net.limits`); it sets no timer and touches no
socket.
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping

from common.net.addresses import address_tag, turn_tables_of
from common.net.archive import Shelf
from common.net.connection import Conn
from common.net.limits import MAX_ROOMS, REJOIN_GAP_S, Allowances
from common.net.messages import ClientMessage, Create, Hello, Join, Tables
from common.net.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    encode,
    error,
    new_code,
    new_token,
    read_code,
    room_tag,
    token_hash,
    version_line,
)
from common.net.registry import RoomIndex
from common.net.repeats import Repeats
from common.net.room import GameError, GameSide, Member, Options, Room, default_assists
from common.net.server_time import Clock
from common.net.store import Store
from common.net.tables import list_tables
from common.net.turn_clock import ClockRule

log = logging.getLogger("arenas_arzium.server")


class Dispatch:
    """Each message kind's handler, over the server's rooms (`index`), the finished tables kept in short
    (`shelf`), the games' sides of rooms (`sides`), the store rooms write to, the per-address `allowances`;
    `removed(member)` is told of a member its room's creator removed (its connection is let go of)."""

    def __init__(self, index: RoomIndex, shelf: Shelf, sides: Mapping[str, GameSide], store: Store | None,
                 allowances: Allowances, repeats: Repeats, clock: Clock,
                 removed: Callable[[Member], None]) -> None:
        self.index = index
        self.shelf = shelf
        self.sides = sides
        self.store = store
        self.allowances = allowances
        self.repeats = repeats
        self.clock = clock
        self.removed = removed

    def message(self, conn: Conn, msg: ClientMessage, now: int) -> None:
        """A checked message, done (or `ProtocolError`)."""
        if msg["kind"] == "hello":
            self._hello(conn, msg, now)
            return
        if not conn.hello:
            raise ProtocolError("hello_first", "say hello first (with the protocol version)")
        if msg["kind"] == "ping":
            conn.send(encode({"kind": "pong", "t": msg["t"], "server_ms": now, **({"id": msg["id"]}
                                                                                  if "id" in msg else {})}))
            return
        if msg["kind"] == "tables":
            self.allowances.guess_allowed(conn.addr)
            self._tables(conn, msg, now)
            return
        if msg["kind"] == "create":
            turn_based = msg["pace"] == "turn"
            self.allowances.create_allowed(conn.addr, turn_based, lambda: turn_tables_of(
                self.index.rooms.values(), address_tag(conn.addr)) if turn_based else self.index.rooms_of[conn.addr])
            self.leave_room(conn, now)
            self._create(conn, msg, now)
            self.allowances.created(conn.addr)
            return
        if msg["kind"] == "join":
            self.allowances.guess_allowed(conn.addr)
            self.leave_room(conn, now)
            self._join(conn, msg, now)
            return
        room, member = conn.room, conn.member
        if room is None or member is None:
            raise ProtocolError("no_room", "create or join a room first")
        match msg["kind"]:
            case "ready":
                room.set_ready(member, msg["ready"], now)
            case "start":
                room.start(member, secrets.randbits(63), now)
                log.info("room %s started", room_tag(room.code))
            case "bot":
                room.hand_to_bot(member, msg["seat"], msg["level"], now)
            case "reclaim":
                room.reclaim(member, now)
            case "leave":
                self.leave_room(conn, now, on_purpose=True)
            case "again":
                games = room.games
                room.again(member, msg["game"], msg["want"], msg["next"], secrets.randbits(63), now)
                if room.games > games:
                    log.info("room %s: game %d started", room_tag(room.code), room.games)
            case "concede":
                room.concede(member, now)
            case "move":
                room.move(member, msg["seat"], msg["to"], now)
            case "remove":
                token, gone = room.remove(member, msg["seat"], now)
                self.index.tokens.pop(token, None)
                if gone is not None:
                    self.removed(gone)
            case "act" | "undo" | "confirm" | "assist" | "let_bot":
                room.game_input(member, msg, msg.get("id"), now)
            case "chat":
                room.say(member, msg["text"], msg["phrase"], now)
            case "table_rules":
                room.set_rules(member, msg["assists"], msg["watcher_chat"], now)
            case _:
                raise ProtocolError("unknown_kind", f"unknown message kind {msg['kind']!r}")

    def _hello(self, conn: Conn, msg: Hello, now: int) -> None:
        if msg["version"] != PROTOCOL_VERSION:
            conn.send(encode(error("version", version_line(), msg.get("id"))))
            conn.closing = True
            return
        conn.hello = True
        conn.send(encode({"kind": "welcome", "version": PROTOCOL_VERSION, "server_ms": now}))
        token = msg.get("token")
        if token and self.clock.monotonic() - conn.rejoined < REJOIN_GAP_S:
            raise ProtocolError("rate", "one return with a token a second: wait a moment")
        if token:  # a token cannot be guessed (256 bits): a valid one always takes its member back
            conn.rejoined = self.clock.monotonic()
            code = self.index.tokens.get(token_hash(token))
            kept = self.shelf.tables.get(code) if code is not None else None
            if kept is not None and kept.knows(token_hash(token)):  # a finished table kept in short: its result
                self.leave_room(conn, now)
                for text in kept.frames(token, token_hash(token)):
                    conn.send(text)
                return
            room = self.index.by_token(token_hash(token))
            if room is None:
                self.allowances.guessed_wrong(conn.addr)
                raise ProtocolError("bad_token", "no seat or watcher has that token (the room may have expired)")
            self.leave_room(conn, now)
            conn.room, conn.member = room, room.rejoin(conn.send, token, conn.addr, now)
            log.debug("room %s: a member is back (seat %s)", room_tag(room.code), conn.member.seat)

    def _tables(self, conn: Conn, msg: Tables, now: int) -> None:
        """The tables of the tokens sent (each token lists only its own); a message with a token no table has
        counts as one wrong guess of its address."""
        tables, unknown = list_tables(self.index.rooms, self.index.tokens, msg["tokens"], now, self.shelf.tables)
        if unknown:
            self.allowances.guessed_wrong(conn.addr)
        conn.send(encode({"kind": "tables", "tables": tables, "unknown": unknown, "server_ms": now,
                          **({"id": msg["id"]} if "id" in msg else {})}))

    def _create(self, conn: Conn, msg: Create, now: int) -> None:
        side = self.sides.get(msg["game"])
        if side is None:
            raise ProtocolError("bad_setup", f"create.game: one of {', '.join(sorted(self.sides))}")
        rooms = self.index.rooms
        if len(rooms) >= MAX_ROOMS:
            self.repeats.say("rooms", logging.WARNING, "the server holds %d rooms, its most: new ones are refused",
                             MAX_ROOMS)
            raise ProtocolError("server_busy", "this server holds as many rooms as it can: try later")
        clock = ClockRule.from_json(msg["clock"]) if msg["clock"] is not None else \
            ClockRule.per_turn(msg["turn_clock_s"] * 1000) if msg["turn_clock_s"] else ClockRule()
        if clock.on and msg["game"] != "arzium":
            raise ProtocolError("bad_setup", "create.clock: only Arzium rooms have a turn clock")
        if msg["pace"] == "turn" and not clock.on:
            raise ProtocolError("bad_setup", "create.pace: a turn-based table needs a turn clock (Arzium)")
        code = new_code()
        while code in rooms or code in self.shelf.tables:
            code = new_code()
        token = new_token()
        try:
            assists = msg["assists"] if msg["assists"] is not None else default_assists(side.seat_plan(msg["setup"]))
            room = Room(code, msg["game"], side, msg["setup"], Options(msg["spectators"], msg["grace_s"], clock,
                                                                       assists, msg["watcher_chat"], msg["pace"]),
                        token_hash(token), self.store, now)
        except GameError as exc:
            raise ProtocolError("bad_setup", str(exc)) from None
        room.addr, room.maker = conn.addr, address_tag(conn.addr)
        member = room.add_creator(conn.send, msg["name"], msg["seat"], token, conn.addr, now)
        self.index.add(room)
        conn.room, conn.member = room, member
        log.info("room %s created (%s, %d seats)", room_tag(code), room.game, len(room.seats))

    def _join(self, conn: Conn, msg: Join, now: int) -> None:
        code = read_code(msg["code"])
        room = self.index.rooms.get(code) if code is not None else None
        if room is None:
            self.allowances.guessed_wrong(conn.addr)
            raise ProtocolError("no_room", "no room has that code")
        known = set(room.watchers)
        member, _token = room.join(conn.send, msg["name"], msg["seat"], conn.addr, now)
        for forgotten in known - room.watchers:  # a watcher gone longest, to make room for this one
            self.index.tokens.pop(forgotten, None)
        self.index.tokens[member.token] = room.code
        conn.room, conn.member = room, member
        log.debug("room %s: joined (seat %s)", room_tag(room.code), member.seat)

    def leave_room(self, conn: Conn, now: int, on_purpose: bool = False) -> None:
        """The connection is in no room: left on purpose (its seat is free) or dropped (it may come back)."""
        room, member = conn.room, conn.member
        if room is not None and member is not None:
            if on_purpose:
                room.leave(member, now)
                if not room.knows(member.token):  # its seat is free again: the token brings nobody back
                    self.index.tokens.pop(member.token, None)
            else:
                room.drop(member, now)
        conn.room, conn.member = None, None
