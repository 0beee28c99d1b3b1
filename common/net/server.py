"""The room server: one asyncio process on `websockets`, holding many rooms (`arenas-arzium serve`), and
`EmbeddedServer`, the same server on a background thread of the app that hosts a game.

Each connection reads frames, checks them (`common.net.protocol`), and hands them to its room; a room
never waits, so one slow client or one busy room delays no other. Each room has a timer set for when it next
has something to do (a bot to move, a grace or a turn clock running out); rooms that expired are closed. The
writes of a loop turn are committed together on a writer thread, and the frames that tell of them leave only
after (group commit). The server logs no tokens and no text a client wrote, only codes, seats and counts.
"""
from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import secrets
import signal
import sqlite3
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from common.games import GAMES
from common.net.protocol import (
    MAX_BYTES,
    PROTOCOL_VERSION,
    RATE_BURST,
    RATE_PER_S,
    ProtocolError,
    decode,
    encode,
    error,
    new_code,
    new_token,
    read_code,
    token_hash,
    version_line,
)
from common.net.room import GameError, GameSide, Member, Options, Room, default_assists
from common.net.stalls import GcPauses, LoopLag, settle_gc
from common.net.store import Batch, Store
from common.net.turn_clock import ClockRule
from common.paths import data_dir
from common.safe_text import one_line

log = logging.getLogger("arenas_arzium.server")

TICK_S = 0.025            # the least gap between two looks at a room that still has something to do (a bot thinking)
EXPIRE_EVERY_S = 10.0     # how often idle rooms are looked for
JOINS_PER_MINUTE = 20     # failed join / rejoin attempts (a wrong code or token) per address
MAX_ROOMS = 20_000
OUTBOX_LIMIT = 2_000      # frames waiting for a client that does not read; more closes it
RATE_GRACE_S = 5.0        # a connection over its rate this long in a row is closed
CLOSING_WAIT_S = 1.0      # how long a stopping server waits for its `closing` frames to be written


def now_ms() -> int:
    return int(time.time() * 1000)


class PortInUse(OSError):
    """The port asked for is taken by another program."""


@dataclass
class Conn:
    """One connection: where its frames go, its address, and where it is."""

    send: Callable[[str], None]
    addr: str
    hello: bool = False
    room: Room | None = None
    member: Member | None = None
    rate: tuple[float, float] = (RATE_PER_S, RATE_BURST)
    tokens: float = RATE_BURST
    refilled: float = field(default_factory=time.monotonic)
    over_since: float | None = None
    closing: bool = False
    flushed: Callable[[], bool] = lambda: True  # whether every frame sent is written (or never will be)
    kick: Callable[[str], None] = lambda _reason: None  # close it once its frames are written (the reason)

    def take(self) -> bool:
        """One message off the rate allowance (a token bucket: `rate` is messages a second and the burst);
        False when over it."""
        now = time.monotonic()
        per_s, burst = self.rate
        self.tokens = min(burst, self.tokens + (now - self.refilled) * per_s)
        self.refilled = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.over_since = None
            return True
        if self.over_since is None:
            self.over_since = now
        return False


def _id_of(frame: str | bytes) -> int | None:
    """The `id` of a message dropped unread (so its sender knows which), if it has a readable one."""
    try:
        msg = decode(frame)
    except ProtocolError:
        return None
    value = msg.get("id")
    return value if isinstance(value, int) else None


def game_sides() -> dict[str, GameSide]:
    """Every game's side of rooms (`common.games.Game.room`), by key."""
    return {key: game.room() for key, game in GAMES.items()}


class Server:
    """The rooms, their store, and the connections' handling."""

    def __init__(self, data: Path | None, rate: tuple[float, float] = (RATE_PER_S, RATE_BURST),
                 joins_per_minute: int = JOINS_PER_MINUTE) -> None:
        """`data`: the folder of the store (None: rooms are kept in memory only); `rate`: the messages a second
        a connection may send and its burst; `joins_per_minute`: wrong codes or tokens an address may try a minute."""
        self.sides = game_sides()
        self.rate = rate
        self.joins_per_minute = joins_per_minute
        self.store = Store(data) if data is not None else None
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, str] = {}        # token hash -> room code
        self.joins: dict[str, deque[float]] = {}
        self.conns: dict[ServerConnection, Conn] = {}
        self.frames_sent = 0
        self.bytes_sent = 0
        self.tap: Callable[[str, str], None] | None = None  # sees every frame sent, with its address (tests)
        self._ws: WsServer | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._jobs: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timers: dict[str, tuple[int, asyncio.TimerHandle]] = {}  # room code -> the time its timer is set for
        self._last_expiry = time.monotonic()
        self._writer: ThreadPoolExecutor | None = None  # commits the store's batches while the server runs
        self._held: list[tuple[Conn, Callable[[str], None], str]] = []  # frames waiting for the writes before them
        self._flush_due = False
        self._committing = False
        if self.store is not None:
            self._restore()
            self.store.wrote = self._commit_soon

    def _restore(self) -> None:
        assert self.store is not None
        now = now_ms()
        for code, game, record, inputs in self.store.rooms():
            side = self.sides.get(game)
            if side is None:
                log.warning("room %s: game %r is not served here; kept in the store", code, one_line(game, 20))
                continue
            try:
                room = Room.restore(code, game, side, record, inputs, self.store, now)
            except Exception:
                log.exception("room %s could not be rebuilt; kept in the store", code)
                continue
            self._index(room)
        if self.rooms:
            log.info("resumed %d rooms", len(self.rooms))

    def _index(self, room: Room) -> None:
        self.rooms[room.code] = room
        for s in room.seats:
            if s.token is not None:
                self.tokens[s.token] = room.code
        for w in room.watchers:
            self.tokens[w] = room.code
        self.tokens[room.creator] = room.code

    # -- running -------------------------------------------------------------------------------------------
    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen on `host`:`port` (0: any free port); the port listened on. `PortInUse` if it is taken."""
        try:
            self._ws = await serve(self._handle, host, port, max_size=MAX_BYTES, ssl=tls, ping_interval=20,
                                   ping_timeout=20, close_timeout=2, max_queue=64)
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                raise PortInUse(exc.errno, f"port {port} on {host} is in use") from None
            raise
        self._loop = asyncio.get_running_loop()
        if self.store is not None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="room-store")
        self._tasks.append(asyncio.create_task(self._expirer()))
        for room in self.rooms.values():
            self.arm(room)
        sock = next(iter(self._ws.sockets))
        return int(sock.getsockname()[1])

    async def stop(self, reason: str = "shutdown") -> None:
        """Tell every member why the server stops (one `closing` frame: `reason` is "shutdown" or "host_left"),
        then close every connection (going away), stop the rooms' timers and close the store."""
        for conn in self.conns.values():
            if conn.member is not None:
                conn.send(encode({"kind": "closing", "reason": reason}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._sent_all(), CLOSING_WAIT_S)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for _due, timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._no_commit(), CLOSING_WAIT_S * 5)
        self._loop = None  # from now on writes are committed at once, on this thread
        if self.store is not None:
            self._flush_now()
        if self._ws is not None:
            self._ws.close(close_connections=True)
            await self._ws.wait_closed()
        for room in self.rooms.values():
            room.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._sent_all(), CLOSING_WAIT_S)
        if self._writer is not None:
            self._writer.shutdown()
            self._writer = None
        if self.store is not None:
            self.store.close()

    # -- the store: group commit -----------------------------------------------------------------------------
    def _post(self, conn: Conn, deliver: Callable[[str], None], text: str) -> None:
        """A frame for a connection: handed to it once every write made before it is committed."""
        if self.store is None:
            deliver(text)
            return
        self._held.append((conn, deliver, text))
        self._commit_soon()

    def _commit_soon(self) -> None:
        """Commit the waiting writes at the end of this loop turn (at once when the server is not running)."""
        if self._writer is None or self._loop is None:
            self._flush_now()
        elif not self._flush_due:
            self._flush_due = True
            self._loop.call_soon(self._flush)

    def _flush_now(self) -> None:
        assert self.store is not None
        batch, held = self.store.take(), self._held
        self._held = []
        if batch is not None:
            try:
                self.store.commit(batch)
            except sqlite3.Error as exc:
                self._not_stored(batch, held, exc)
                return
        self._deliver(held)

    def _flush(self) -> None:
        """The writes of the loop turns since the last commit, in one transaction on the writer thread; then the
        frames that followed them. One commit at a time: what comes meanwhile waits for the next."""
        self._flush_due = False
        if self._committing or self.store is None or self._writer is None or self._loop is None:
            return
        batch, held = self.store.take(), self._held
        self._held = []
        if batch is None:
            self._deliver(held)
            return
        self._committing = True
        done = self._loop.run_in_executor(self._writer, self.store.commit, batch)
        done.add_done_callback(lambda f: self._committed(f, batch, held))

    def _committed(self, done: asyncio.Future[None], batch: Batch, held: list[tuple[Conn, Callable[[str], None],
                                                                                        str]]) -> None:
        self._committing = False
        exc = None if done.cancelled() else done.exception()
        if exc is None:
            self._deliver(held)
        else:
            self._not_stored(batch, held, exc)
        if self._held or (self.store is not None and self.store.batch.writes):
            self._commit_soon()

    @staticmethod
    def _deliver(held: list[tuple[Conn, Callable[[str], None], str]]) -> None:
        for _conn, deliver, text in held:
            deliver(text)

    def _not_stored(self, batch: Batch, held: list[tuple[Conn, Callable[[str], None], str]],
                    exc: BaseException) -> None:
        """A batch could not be committed: nothing that told of it is sent. Its rooms go back to what the store
        holds and their members are told and disconnected (they come back with their tokens and see the stored
        game); other connections get their frames."""
        assert self.store is not None
        log.error("the store could not commit %d writes (%s): their rooms go back to what is stored",
                  len(batch.writes), one_line(str(exc), 200))
        codes = batch.codes
        self.store.discard(codes)
        self._deliver([h for h in held if h[0].room is None or h[0].room.code not in codes])
        now = now_ms()
        for code in codes:
            old = self.rooms.get(code)
            if old is None:
                continue
            old.store = None  # what the old copy still does is not written
            old.close()
            for conn in [c for c in self.conns.values() if c.room is old]:
                conn.send(encode(error("not_stored", "the server could not store the last moves: they were not "
                                                     "kept; connect again with your token")))
                conn.kick("moves not stored")
            stored = self.store.room(code)
            side = self.sides.get(stored[0]) if stored is not None else None
            del self.rooms[code]
            if stored is not None and side is not None:
                room = Room.restore(code, stored[0], side, stored[1], stored[2], self.store, now)
                self._index(room)
                self.arm(room)
            else:
                for token in [t for t, c in self.tokens.items() if c == code]:
                    del self.tokens[token]

    # -- time: each room's timer -----------------------------------------------------------------------------
    def arm(self, room: Room, not_before: int = 0) -> None:
        """Set the room's timer for when it next has something to do (`Room.next_tick_ms`, not before
        `not_before`), unless it is set for that time or sooner already; called after anything that may change
        that time (a message to the room, a connection lost, the room's own tick). A timer that fires with
        nothing due (its room's time moved later) only sets it again."""
        due = room.next_tick_ms()
        if due is None or self._loop is None or room.closed:
            return
        due = max(due, not_before)
        armed = self._timers.get(room.code)
        if armed is not None:
            if armed[0] <= due:
                return
            armed[1].cancel()
        delay_s = max(0.0, (due - now_ms()) / 1000)
        self._timers[room.code] = (due, self._loop.call_later(delay_s, self._due, room))

    def _due(self, room: Room) -> None:
        self._timers.pop(room.code, None)
        if self.rooms.get(room.code) is room:
            self._tick_room(room, now_ms())

    def _tick_room(self, room: Room, now: int) -> None:
        """The room acts if something is due by `now`; its timer is set again (a room that still has something
        to do at once, as a bot thinking in the worker, is looked at again after `TICK_S`)."""
        due = room.next_tick_ms()
        if due is not None and due <= now:
            try:
                room.tick(now)
            except Exception:
                log.exception("room %s: a tick failed", room.code)
        self.arm(room, now_ms() + int(TICK_S * 1000))

    async def _expirer(self) -> None:
        while True:
            await asyncio.sleep(EXPIRE_EVERY_S)
            self.tick(now_ms())

    def tick(self, now: int) -> None:
        """Every room with something due by `now` acts (their timers do this as time passes; a test may give a
        time to come); expired rooms are closed."""
        for room in list(self.rooms.values()):
            self._tick_room(room, now)
        if time.monotonic() - self._last_expiry >= EXPIRE_EVERY_S:
            self._last_expiry = time.monotonic()
            for room in [r for r in self.rooms.values() if r.expired(now)]:
                self.close_room(room)

    def close_room(self, room: Room) -> None:
        room.close()
        del self.rooms[room.code]
        armed = self._timers.pop(room.code, None)
        if armed is not None:
            armed[1].cancel()
        for token in [t for t, code in self.tokens.items() if code == room.code]:
            del self.tokens[token]
        if self.store is not None:
            self.store.delete_room(room.code)
        log.info("room %s closed", room.code)

    # -- a connection --------------------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        outbox: asyncio.Queue[str] = asyncio.Queue()
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"

        def send(text: str) -> None:
            self._post(conn, deliver, text)

        def deliver(text: str) -> None:
            if outbox.qsize() >= OUTBOX_LIMIT:
                writer.cancel()
                return
            self.frames_sent += 1
            self.bytes_sent += len(text)
            if self.tap is not None:
                self.tap(addr, text)
            outbox.put_nowait(text)

        async def write() -> None:
            while True:
                await ws.send(await outbox.get())

        async def kick(reason: str) -> None:
            await self._drain(conn, outbox, writer)
            await ws.close(1011, reason)

        conn = Conn(send, addr, rate=self.rate, tokens=self.rate[1])
        writer = asyncio.create_task(write())
        conn.flushed = lambda: outbox.empty() or writer.done()
        conn.kick = lambda reason: self._spawn(kick(reason))
        self.conns[ws] = conn
        try:
            async for frame in ws:
                if not conn.take():
                    send(encode(error("rate", "too many messages: slow down", _id_of(frame))))
                    if conn.over_since is not None and time.monotonic() - conn.over_since >= RATE_GRACE_S:
                        await self._drain(conn, outbox, writer)
                        await ws.close(1008, "over the message rate")
                        break
                    continue
                if isinstance(frame, bytes):
                    send(encode(error("bad_message", "binary frames are not part of the protocol")))
                    await self._drain(conn, outbox, writer)
                    await ws.close(1003, "binary frames are not part of the protocol")
                    break
                self.receive(conn, frame)
                if conn.closing:
                    await self._drain(conn, outbox, writer)
                    await ws.close(1008, "another protocol version")
                    break
                if writer.done():  # a client that does not read its frames
                    await ws.close(1008, "frames not read")
                    break
        except ConnectionClosed:
            pass
        finally:
            self.conns.pop(ws, None)
            if conn.room is not None and conn.member is not None:
                conn.room.drop(conn.member, now_ms())
                self.arm(conn.room)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._drain(conn, outbox, writer), 2)
            writer.cancel()

    async def _sent_all(self) -> None:
        """Until every write is committed and every connection's frames are written (or its writer ended)."""
        while self._held or self._committing or any(not c.flushed() for c in self.conns.values()):
            await asyncio.sleep(0.01)

    async def _no_commit(self) -> None:
        while self._committing:
            await asyncio.sleep(0.01)

    def _spawn(self, job: Any) -> None:
        task = asyncio.ensure_future(job)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _drain(self, conn: Conn, outbox: asyncio.Queue[str], writer: asyncio.Task[None]) -> None:
        """Until the connection's frames are written (or its writer ended)."""
        while any(held is conn for held, _deliver, _text in self._held) or (
                not outbox.empty() and not writer.done()):
            await asyncio.sleep(0.01)

    def receive(self, conn: Conn, frame: str) -> None:
        """One text frame from a connection: checked, then done; a problem is one `error` frame."""
        msg_id: int | None = None
        was_in = conn.room
        try:
            msg = decode(frame)
            msg_id = msg.get("id")
            self.dispatch(conn, msg, now_ms())
        except ProtocolError as exc:
            conn.send(encode(error(exc.code, str(exc), msg_id)))
        except Exception:
            log.exception("a message could not be handled")
            conn.send(encode(error("server_error", "the server could not handle that message", msg_id)))
        for room in {was_in, conn.room}:
            if room is not None:
                self.arm(room)

    def _join_allowed(self, addr: str) -> None:
        """Refuse a join from an address that guessed wrong too often this minute (codes and tokens cannot be
        tried at speed; people behind one address who join rightly are not held back)."""
        now = time.monotonic()
        attempts = self.joins.get(addr)
        while attempts and now - attempts[0] > 60:
            attempts.popleft()
        if attempts is not None and len(attempts) >= self.joins_per_minute:
            raise ProtocolError("rate", "too many wrong codes or tokens: wait a minute")

    def _join_failed(self, addr: str) -> None:
        now = time.monotonic()
        self.joins.setdefault(addr, deque()).append(now)
        if len(self.joins) > 10_000:  # forget addresses that stopped trying
            for old in [a for a, q in self.joins.items() if not q or now - q[-1] > 60]:
                del self.joins[old]

    def dispatch(self, conn: Conn, msg: dict[str, Any], now: int) -> None:
        """A checked message, done (or `ProtocolError`)."""
        kind = msg["kind"]
        if kind == "hello":
            self._hello(conn, msg, now)
            return
        if not conn.hello:
            raise ProtocolError("hello_first", "say hello first (with the protocol version)")
        if kind == "ping":
            conn.send(encode({"kind": "pong", "t": msg["t"], "server_ms": now, **({"id": msg["id"]}
                                                                                  if "id" in msg else {})}))
            return
        if kind in ("create", "join"):
            if kind == "join":
                self._join_allowed(conn.addr)
            self._leave_room(conn, now)
            if kind == "create":
                self._create(conn, msg, now)
            else:
                self._join(conn, msg, now)
            return
        room, member = conn.room, conn.member
        if room is None or member is None:
            raise ProtocolError("no_room", "create or join a room first")
        match kind:
            case "ready":
                room.set_ready(member, msg["ready"], now)
            case "start":
                room.start(member, secrets.randbits(63), now)
                log.info("room %s started", room.code)
            case "bot":
                room.hand_to_bot(member, msg["seat"], msg["level"], now)
            case "reclaim":
                room.reclaim(member, now)
            case "leave":
                self._leave_room(conn, now, on_purpose=True)
            case "again":
                games = room.games
                room.again(member, msg["game"], msg["want"], msg["next"], secrets.randbits(63), now)
                if room.games > games:
                    log.info("room %s: game %d started", room.code, room.games)
            case "concede":
                room.concede(member, now)
            case "move":
                room.move(member, msg["seat"], msg["to"], now)
            case "remove":
                token, gone = room.remove(member, msg["seat"], now)
                self.tokens.pop(token, None)
                for other in self.conns.values():
                    if gone is not None and other.member is gone:
                        other.room, other.member = None, None
                        other.kick("removed from the room by its creator")
            case "act" | "undo" | "confirm" | "assist" | "let_bot":
                room.game_input(member, kind, msg, msg.get("id"), now)
            case "chat":
                room.say(member, msg["text"], msg["phrase"], now)
            case "table_rules":
                room.set_rules(member, msg["assists"], msg["watcher_chat"], now)
            case _:
                raise ProtocolError("unknown_kind", f"unknown message kind {kind!r}")

    def _hello(self, conn: Conn, msg: dict[str, Any], now: int) -> None:
        if msg["version"] != PROTOCOL_VERSION:
            conn.send(encode(error("version", version_line(), msg.get("id"))))
            conn.closing = True
            return
        conn.hello = True
        conn.send(encode({"kind": "welcome", "version": PROTOCOL_VERSION, "server_ms": now}))
        token = msg.get("token")
        if token:
            self._join_allowed(conn.addr)
            code = self.tokens.get(token_hash(token))
            room = self.rooms.get(code) if code is not None else None
            if room is None:
                self._join_failed(conn.addr)
                raise ProtocolError("bad_token", "no seat or watcher has that token (the room may have expired)")
            self._leave_room(conn, now)
            conn.room, conn.member = room, room.rejoin(conn.send, token, conn.addr, now)
            log.info("room %s: a member is back (seat %s)", room.code, conn.member.seat)

    def _create(self, conn: Conn, msg: dict[str, Any], now: int) -> None:
        side = self.sides.get(msg["game"])
        if side is None:
            raise ProtocolError("bad_setup", f"create.game: one of {', '.join(sorted(self.sides))}")
        if len(self.rooms) >= MAX_ROOMS:
            raise ProtocolError("server_busy", "this server holds as many rooms as it can: try later")
        clock = ClockRule.from_json(msg["clock"]) if msg["clock"] is not None else \
            ClockRule.per_turn(msg["turn_clock_s"] * 1000) if msg["turn_clock_s"] else ClockRule()
        if clock.on and msg["game"] != "arzium":
            raise ProtocolError("bad_setup", "create.clock: only Arzium rooms have a turn clock")
        code = new_code()
        while code in self.rooms:
            code = new_code()
        token = new_token()
        try:
            assists = msg["assists"] if msg["assists"] is not None else default_assists(side.seat_plan(msg["setup"]))
            room = Room(code, msg["game"], side, msg["setup"], Options(msg["spectators"], msg["grace_s"], clock,
                                                                       assists, msg["watcher_chat"]),
                        token_hash(token), self.store, now)
        except GameError as exc:
            raise ProtocolError("bad_setup", str(exc)) from None
        member = room.add_creator(conn.send, msg["name"], msg["seat"], token, conn.addr, now)
        self._index(room)
        conn.room, conn.member = room, member
        log.info("room %s created (%s, %d seats)", code, room.game, len(room.seats))

    def _join(self, conn: Conn, msg: dict[str, Any], now: int) -> None:
        code = read_code(msg["code"])
        room = self.rooms.get(code) if code is not None else None
        if room is None:
            self._join_failed(conn.addr)
            raise ProtocolError("no_room", "no room has that code")
        member, _token = room.join(conn.send, msg["name"], msg["seat"], conn.addr, now)
        self.tokens[member.token] = room.code
        conn.room, conn.member = room, member
        log.info("room %s: joined (seat %s)", room.code, member.seat)

    def _leave_room(self, conn: Conn, now: int, on_purpose: bool = False) -> None:
        if conn.room is not None and conn.member is not None:
            if on_purpose:
                conn.room.leave(conn.member, now)
            else:
                conn.room.drop(conn.member, now)
        conn.room, conn.member = None, None

    def figures(self) -> dict[str, Any]:
        """The server's own figures (for `net-bench`): rooms, connections, frames and bytes sent."""
        return {"rooms": len(self.rooms), "connections": len(self.conns), "frames_sent": self.frames_sent,
                "bytes_sent": self.bytes_sent}


def tls_context(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The TLS context for `--cert`/`--key` (both or neither)."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise ValueError("--cert and --key go together")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


def default_data() -> Path:
    """Where `serve` keeps its rooms unless told: the user data folder."""
    return data_dir() / "server"


def serve_forever(host: str, port: int, data: Path, tls: ssl.SSLContext | None = None,
                  ready: Callable[[str, int], None] | None = None, stats: Path | None = None,
                  joins_per_minute: int = JOINS_PER_MINUTE) -> None:
    """Run the server until SIGTERM or Ctrl+C, then close every connection and the store cleanly; `ready` is
    told the URL served and how many rooms were resumed once it listens; `stats`: a file to add the server's
    own figures to every second (`log_stats`); `joins_per_minute`: the attempts to join allowed per address (a
    load test from one machine needs many)."""

    async def main() -> None:
        server = Server(data, joins_per_minute=joins_per_minute)
        settle_gc()  # after loading and resuming the rooms: what lasts is not looked at again
        if stats is not None:
            server._tasks.append(asyncio.create_task(log_stats(server, stats)))
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        actual = await server.start(host, port, tls)
        if ready is not None:
            ready(f"{'wss' if tls is not None else 'ws'}://{host}:{actual}", len(server.rooms))
        try:
            await stop.wait()
        finally:
            await server.stop("shutdown")

    asyncio.run(main())


async def log_stats(server: Server, path: Path, every_s: float = 1.0) -> None:
    """Add one JSON line to `path` every `every_s`: the wall clock, the server's figures, the CPU seconds this
    process has used, its resident memory (what net-bench reports per room), and since the last line the
    event loop's lag samples and the collector's pauses (`common.net.stalls`)."""
    import json
    import resource

    page_kb = os.sysconf("SC_PAGE_SIZE") // 1024
    lag, pauses = LoopLag(), GcPauses()
    sampler = asyncio.create_task(lag.run())
    pauses.install()
    try:
        with path.open("a", encoding="utf-8") as out:
            while True:
                usage = resource.getrusage(resource.RUSAGE_SELF)
                try:
                    rss_kb = int(Path("/proc/self/statm").read_text().split()[1]) * page_kb
                except (OSError, ValueError, IndexError):
                    rss_kb = usage.ru_maxrss
                out.write(json.dumps({"t": round(time.time(), 3), **server.figures(),
                                      "cpu_s": round(usage.ru_utime + usage.ru_stime, 3), "rss_kb": rss_kb,
                                      "lag_ms": lag.take(), "gc_ms": pauses.take()}) + "\n")
                out.flush()
                await asyncio.sleep(every_s)
    finally:
        sampler.cancel()
        pauses.remove()


class EmbeddedServer:
    """The server on a background thread with its own event loop (the app that hosts a game)."""

    def __init__(self, data: Path | None = None, rate: tuple[float, float] = (RATE_PER_S, RATE_BURST)) -> None:
        self.data = data
        self.rate = rate
        self.server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._reason = "host_left"

    def start(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Start serving; the port it listens on. `PortInUse` if `port` is taken."""
        result: list[int | BaseException] = []
        started = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                self.server = Server(self.data, self.rate)
                result.append(loop.run_until_complete(self.server.start(host, port)))
            except BaseException as exc:  # handed to start()'s caller
                result.append(exc)
                started.set()
                loop.close()
                return
            started.set()
            loop.run_forever()
            loop.run_until_complete(self.server.stop(self._reason))
            loop.close()

        self._thread = threading.Thread(target=run, name="room-server", daemon=True)
        self._thread.start()
        started.wait()
        value = result[0]
        if isinstance(value, BaseException):
            self._thread.join()
            self._thread = None
            raise value
        return value

    def call(self, fn: Callable[[Server], Any]) -> Any:
        """Run `fn(server)` on the server's loop and return its value (for figures and tests)."""
        assert self._loop is not None and self.server is not None
        server = self.server

        async def run() -> Any:
            return fn(server)
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def stop(self, reason: str = "host_left") -> None:
        """Stop serving: every member told why (`closing`: the hosting app left, by default), connections
        closed, the store closed, the thread ended."""
        self._reason = reason
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
        self._loop, self._thread = None, None
