"""The room server: one asyncio process on `websockets` holding many rooms, made of parts each testable alone —
the sockets and each connection's life (`common.net.transport`, `common.net.connection`), what a connection and
an address may take (`common.net.limits`), the rooms' index (`common.net.registry`), what each message kind does
(`common.net.dispatch`), the one scheduler of the rooms' wake-ups and the sweeps (`common.net.timers`), the store
and its group commit (`common.net.store`, `common.net.commits`), all on one injectable clock
(`common.net.server_time`). `Server` puts them together; `common.net.runners` runs it (`arenas-arzium serve`, or on
a thread of the app that hosts a game).

A room never waits, so one slow client or one busy room delays no other. The server logs no tokens, no invite
codes (a room is named by a short hash of its code) and no text a client wrote, only seats and counts.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypedDict

from common.data.safe_text import one_line
from common.net.archive import COMPACT_AFTER_DAYS, DAY_MS, Shelf
from common.net.commits import GroupCommit, Held, deliver
from common.net.connection import Conn
from common.net.dispatch import Dispatch
from common.net.limits import Allowances, Limits, connection_cap
from common.net.operate import room_figures
from common.net.progress import Progress
from common.net.protocol import ProtocolError, decode, encode, error, room_tag
from common.net.registry import RoomIndex
from common.net.repeats import Repeats
from common.net.room import GameSide, Member, Room
from common.net.server_time import SYSTEM_CLOCK, Clock
from common.net.store import Batch, Store, StoredRoom, StoreError
from common.net.timers import Timers
from common.net.transport import CLOSING_WAIT_S, Transport

log = logging.getLogger("arenas_arzium.server")


class ServerFigures(TypedDict):
    """The server's own figures (`Server.figures`): what it holds, what it sent, its rooms by kind, its store."""

    rooms: int
    connections: int
    frames_sent: int
    bytes_sent: int
    rooms_live: int
    rooms_turn: int
    rooms_over: int
    store_bytes: int
    rooms_compacted: int


class Server:
    """The rooms, their store, and the connections' handling."""

    def __init__(self, data: Path | None, sides: Mapping[str, GameSide], rate: tuple[float, float] | None = None,
                 joins_per_minute: int | None = None, *, limits: Limits | None = None,
                 clock: Clock = SYSTEM_CLOCK, compact_after_ms: int = int(COMPACT_AFTER_DAYS * DAY_MS)) -> None:
        """`data`: the folder of the store (None: rooms are kept in memory only; `StoreError` if it cannot be
        used); `sides`: each game's side of rooms, by the game's key (the launcher gives them); `limits`: what a
        connection, an address and a room may take (`rate`: its messages a second and burst, `joins_per_minute`:
        its wrong guesses, in place of theirs); `clock`: what every timer of the server reads and waits on;
        `compact_after_ms`: how long a finished room is kept whole (`common.net.archive`)."""
        limits = limits or Limits()
        if rate is not None:
            limits = replace(limits, rate=rate)
        if joins_per_minute is not None:
            limits = replace(limits, wrong_guesses=joins_per_minute)
        self.limits = limits
        self.clock = clock
        self.sides = sides
        self.data = data
        self.compact_after_ms = compact_after_ms
        self.index = RoomIndex()
        self.rooms = self.index.rooms
        self.tokens = self.index.tokens
        self.repeats = Repeats(clock)
        self.allowances = Allowances(limits, clock)
        self.progress = Progress()
        self.transport = Transport(self, limits, limits.connections or connection_cap(), clock, self.repeats,
                                   self.progress)
        self.conns = self.transport.conns
        self.timers: Timers[Room] = Timers(clock, self._due, self._expire_due, self.sweep)
        self._tasks: list[asyncio.Task[None]] = []
        self.store = Store(data) if data is not None else None
        self.shelf = Shelf(self.store)  # finished tables kept in short
        self.commits: GroupCommit[Conn] | None = None
        self.dispatch = Dispatch(self.index, self.shelf, sides, self.store, self.allowances, self.repeats, clock,
                                 self._removed)
        if self.store is not None:
            try:
                self._restore()
            except BaseException:
                self.store.close()
                raise
            self.commits = GroupCommit(self.store, self._not_stored, self._stored_again, self.progress)

    def _restore(self) -> None:
        assert self.store is not None
        now = self.clock.now_ms()
        good, bad = self.store.rooms()
        for row in bad:
            log.warning("room %s: its stored rows cannot be read (%s); set aside: kept in the store, not served",
                        room_tag(row.code), row)
        for stored in good:
            room = self._rebuilt(stored, now)
            if room is not None:
                self.index.add(room)
        self.shelf.load(self.tokens)
        if self.rooms or self.shelf.tables:
            log.info("resumed %d rooms (%d finished tables kept in short besides)", len(self.rooms),
                     len(self.shelf.tables))

    def _rebuilt(self, stored: StoredRoom, now: int) -> Room | None:
        """A stored room rebuilt, or None (one line logged) when it cannot be: it is set aside, left in the store."""
        assert self.store is not None
        side = self.sides.get(stored.game)
        if side is None:
            log.warning("room %s: game %r is not served here; kept in the store", room_tag(stored.code),
                        one_line(stored.game, 20))
            return None
        try:
            return Room.restore(stored.code, stored.game, side, stored.record, stored.inputs, stored.watchers,
                                self.store, now)
        except Exception as exc:  # any shape a stored row may have: one line, and the other rooms are served
            log.warning("room %s: its stored record cannot be used (%s); set aside: kept in the store, not served",
                        room_tag(stored.code), one_line(f"{type(exc).__name__}: {exc}", 160))
            return None

    # -- running -------------------------------------------------------------------------------------------
    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen on `host`:`port` (0: any free port); the port listened on (`PortInUse`, `PortNotAllowed`,
        `NoSuchAddress`: see `Transport.listen`). The rooms' wake-ups are set from now on."""
        actual = await self.transport.listen(host, port, tls)
        loop = asyncio.get_running_loop()
        if self.commits is not None:
            self.commits.start(loop)
        self.timers.start(loop)
        for room in self.rooms.values():
            self.timers.arm(room)
        return actual

    async def stop(self, reason: str = "shutdown") -> None:
        """Tell every member why the server stops (one `closing` frame: `reason` is "shutdown" or "host_left"),
        then close every connection (going away), stop the rooms' timers and close the store (whatever went
        wrong on the way: the store is always closed)."""
        try:
            await self._stop(reason)
        finally:
            if self.store is not None:
                self.store.close()

    async def _stop(self, reason: str) -> None:
        for conn in self.conns.values():
            if conn.member is not None:
                conn.send(encode({"kind": "closing", "reason": reason}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._sent_all(), CLOSING_WAIT_S)
        for task in self._tasks:
            task.cancel()
        for task, outcome in zip(self._tasks, await asyncio.gather(*self._tasks, return_exceptions=True),
                                 strict=True):
            if isinstance(outcome, Exception):
                log.warning("a side task ended with a problem: %s (%s)", one_line(outcome, 160), task.get_name())
        self.timers.stop()
        commits = self.commits
        if commits is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.progress.until(lambda: not commits.committing), CLOSING_WAIT_S * 5)
            commits.stop()  # from now on writes are committed at once, on this thread
        await self.transport.close()
        for room in self.rooms.values():
            room.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._sent_all(), CLOSING_WAIT_S)
        if commits is not None:
            commits.end()

    async def _sent_all(self) -> None:
        """Until every write is committed and every connection's frames are written (or its writer ended)."""
        commits = self.commits
        await self.progress.until(lambda: (commits is None or commits.idle()) and self.transport.flushed())

    def add_task(self, job: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """A side task that runs while the server does (it is cancelled when the server stops)."""
        self._tasks.append(asyncio.create_task(job()))

    # -- what the transport asks of the rooms (`transport.Handler`) --------------------------------------------
    def post(self, conn: Conn, deliver: Callable[[str], None], text: str) -> None:
        """A frame for a connection: handed to it once every write made before it is committed."""
        if self.commits is None:
            deliver(text)
        else:
            self.commits.post(conn, deliver, text)

    def holds_for(self, conn: Conn) -> bool:
        return self.commits is not None and self.commits.holds_for(conn)

    def lost(self, conn: Conn) -> None:
        if conn.room is not None and conn.member is not None:
            conn.room.drop(conn.member, self.clock.now_ms())
            self.timers.arm(conn.room)

    def receive(self, conn: Conn, frame: str) -> None:
        """One text frame from a connection: checked, then done; a problem is one `error` frame."""
        msg_id: int | None = None
        was_in = conn.room
        try:
            msg = decode(frame)
            msg_id = msg.get("id")
            self.dispatch.message(conn, msg, self.clock.now_ms())
        except ProtocolError as exc:
            conn.send(encode(error(exc.code, str(exc), msg_id)))
        except Exception:
            log.exception("a message could not be handled")
            conn.send(encode(error("server_error", "the server could not handle that message", msg_id)))
        if conn.room is not None or not conn.hello:
            conn.roomless_since = None
        elif conn.roomless_since is None:
            conn.roomless_since = self.clock.monotonic()
        for room in {was_in, conn.room}:
            if room is not None:
                self.timers.arm(room)

    def _removed(self, gone: Member) -> None:
        for other in self.conns.values():
            if other.member is gone:
                other.room, other.member = None, None
                other.kick("removed from the room by its creator")

    # -- the store could not commit ------------------------------------------------------------------------------
    def _stored_again(self) -> None:
        self.repeats.forget("store")
        log.info("the store commits again")

    def _not_stored(self, batch: Batch, held: list[Held[Conn]], exc: BaseException) -> None:
        """A batch could not be committed: nothing that told of it is sent. Its rooms go back to what the store
        holds and their members are told and disconnected (they come back with their tokens and see the stored
        game); other connections get their frames."""
        assert self.store is not None
        self.repeats.say("store", logging.ERROR, "the store could not commit %d writes (%s): their rooms go back to "
                         "what is stored and their members are disconnected", len(batch.writes),
                         one_line(str(exc), 200))
        codes = batch.codes
        self.store.discard(codes)
        deliver([h for h in held if h.to.room is None or h.to.room.code not in codes])
        now = self.clock.now_ms()
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
            try:
                stored = self.store.room(code)
            except StoreError as problem:
                log.warning("room %s: %s; set aside", room_tag(code), problem)
                stored = None
            room = self._rebuilt(stored, now) if stored is not None else None
            self.index.remove(old)
            if room is not None:
                room.addr = old.addr
                self.index.add(room)
                self.timers.arm(room)

    # -- time -----------------------------------------------------------------------------------------------------
    def _due(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            self._tick_room(room, self.clock.now_ms())

    def _tick_room(self, room: Room, now: int) -> None:
        """The room acts if something is due by `now`; its wake-up is set again."""
        due = room.next_tick_ms()
        if due is not None and due <= now:
            try:
                room.tick(now)
            except Exception:
                log.exception("room %s: a tick failed", room_tag(room.code))
        self.timers.rearm(room)

    def tick(self, now: int) -> None:
        """Every room with something due by `now` acts (their wake-ups do this as time passes; a test may give a
        time to come)."""
        for room in list(self.rooms.values()):
            self._tick_room(room, now)

    def expire(self, now: int) -> None:
        """Finished rooms over long enough are kept in short (`compact`), rooms idle for long by `now` are closed,
        and watchers gone for good forgotten."""
        self.compact(now)
        for room in [r for r in self.rooms.values() if r.expired(now)]:
            self.close_room(room)
        for room in self.rooms.values():
            for token in room.forget_watchers(now):
                self.tokens.pop(token, None)

    def compact(self, now: int) -> None:
        """Keep in short the finished rooms over long enough; delete those kept long enough (`archive.Shelf`)."""
        self.shelf.sweep(self.rooms, self.tokens, now, self.compact_after_ms)

    def _expire_due(self, now: int) -> None:
        self.tick(now)
        self.expire(now)

    def close_room(self, room: Room) -> None:
        room.close()
        self.index.remove(room)
        self.timers.forget(room.code)
        if self.store is not None:
            self.store.delete_room(room.code)
        log.info("room %s closed", room_tag(room.code))

    def sweep(self, now: float) -> None:
        """Close the connections that said no hello within `hello_s` of connecting, or were in no room for
        `roomless_s` after their hello or after leaving one (a socket kept open does not hold a file for ever)."""
        for conn in list(self.conns.values()):
            if not conn.hello and now - conn.opened >= self.limits.hello_s:
                conn.kick("no hello in time", 1008)
            elif conn.roomless_since is not None and now - conn.roomless_since >= self.limits.roomless_s:
                conn.kick("in no room", 1008)

    def figures(self) -> ServerFigures:
        """The server's own figures (for `net-bench` and `serve --stats`): rooms (and by kind), connections, frames
        and bytes sent, the store's size."""
        kinds = room_figures(self.rooms.values(), self.data)
        return ServerFigures(rooms=len(self.rooms), connections=len(self.conns),
                             frames_sent=self.transport.frames_sent, bytes_sent=self.transport.bytes_sent,
                             rooms_live=kinds["rooms_live"], rooms_turn=kinds["rooms_turn"],
                             rooms_over=kinds["rooms_over"], store_bytes=kinds["store_bytes"],
                             rooms_compacted=len(self.shelf.tables))
