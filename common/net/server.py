"""The room server: one asyncio process on `websockets`, holding many rooms (`arenas-arzium serve`), and
`EmbeddedServer`, the same server on a background thread of the app that hosts a game.

Each connection reads frames, checks them (`common.net.protocol`), and hands them to its room; a room
never waits, so one slow client or one busy room delays no other. Each room has a timer set for when it next
has something to do (a bot to move, a grace or a turn clock running out); rooms that expired are closed. The
writes of a loop turn are committed together on a writer thread, and the frames that tell of them leave only
after (group commit). The server logs no tokens, no invite codes (a room is named by a short hash of its code)
and no text a client wrote, only seats and counts.

What one connection, one address and one room may take of the server is bounded (`Limits`, PROTOCOL.md's
"Limits"): messages and bytes a second, connections and rooms per address, rooms made and wrong codes a minute,
watchers per room, bytes waiting for a client that does not read, time to say hello and to be in a room. Every
time window is read from the server's clock (`clock`, injectable), so tests pass time without waiting. A problem
that repeats (the store cannot commit, a limit reached) is logged once a minute with how often it came.
"""
from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import math
import os
import secrets
import signal
import sqlite3
import ssl
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from common.data.paths import data_dir
from common.data.safe_text import one_line
from common.net.addresses import address_tag, client_address, turn_tables_of
from common.net.archive import COMPACT_AFTER_DAYS, DAY_MS, Shelf
from common.net.messages import ClientMessage, Create, Hello, Join, Tables
from common.net.operate import health_check, room_figures
from common.net.protocol import (
    BYTES_BURST,
    BYTES_PER_S,
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
    room_tag,
    token_hash,
    version_line,
)
from common.net.room import GameError, GameSide, Member, Options, Room, default_assists
from common.net.stalls import GcPauses, LoopLag, settle_gc
from common.net.store import Batch, Store, StoredRoom, StoreError
from common.net.tables import list_tables
from common.net.turn_clock import ClockRule

log = logging.getLogger("arenas_arzium.server")

TICK_S = 0.025            # the least gap between two looks at a room that still has something to do (a bot thinking)
EXPIRE_EVERY_S = 10.0     # how often idle rooms (and watchers gone for good) are looked for
SWEEP_EVERY_S = 1.0       # how often connections late to say hello or to be in a room are looked for
JOINS_PER_MINUTE = 20     # failed join / rejoin attempts (a wrong code or token) per address
CREATES_PER_MINUTE = 20   # rooms made per address
ROOMS_PER_ADDRESS = 16    # live rooms held at once by the address that made them
TURN_TABLES_PER_ADDRESS = 32  # turn-based tables not finished made by one address (they last for weeks)
CONNS_PER_ADDRESS = 64    # connections at once per address
LOCKED_GAP_S = 3.0        # an address past its wrong guesses has one join looked at every this long
REJOIN_GAP_S = 1.0        # a connection comes back with a token at most this often (each is sent the whole game)
MAX_ROOMS = 20_000
OUTBOX_BYTES = 1 << 20    # bytes waiting for a client that does not read; more closes it
HELLO_S = 10.0            # a connection says hello within this long ...
ROOMLESS_S = 60.0         # ... and is in a room within this long of its hello or of leaving one
RATE_GRACE_S = 5.0        # a connection over its rate this long in a row is closed
DROP_CLEAR_S = 1.0        # a connection with no message dropped this long is no longer over its rate
CLOSING_WAIT_S = 1.0      # how long a stopping server waits for its `closing` frames to be written
LOG_EVERY_S = 60.0        # a problem that repeats is logged at most this often
FILE_HEADROOM = 64        # open files kept for the store, the logs and the worker besides connections


def now_ms() -> int:
    return int(time.time() * 1000)


class PortInUse(OSError):
    """The port asked for is taken by another program."""


class PortNotAllowed(OSError):
    """The port asked for needs a right this process does not have (ports below 1024 on most systems)."""


class NoSuchAddress(OSError):
    """The host asked for is not an address of this machine."""


@dataclass(frozen=True)
class Limits:
    """What one connection, one address and one room may take of the server (PROTOCOL.md, "Limits")."""

    rate: tuple[float, float] = (RATE_PER_S, RATE_BURST)         # a connection's messages a second, burst
    byte_rate: tuple[float, float] = (BYTES_PER_S, BYTES_BURST)  # its bytes a second, burst
    wrong_guesses: int = JOINS_PER_MINUTE  # joins with a wrong code or token per address a minute
    creates: int = CREATES_PER_MINUTE      # rooms made per address a minute
    rooms_per_address: int = ROOMS_PER_ADDRESS
    conns_per_address: int = CONNS_PER_ADDRESS
    connections: int = 0                   # connections at once in all (0: below the open-file limit)
    outbox_bytes: int = OUTBOX_BYTES
    hello_s: float = HELLO_S
    roomless_s: float = ROOMLESS_S
    turn_tables_per_address: int = TURN_TABLES_PER_ADDRESS
    behind_proxy: bool = False             # a loopback peer's X-Forwarded-For is the address (`addresses`)


def connection_cap() -> int:
    """Connections the server takes at once: below this process's open-file limit, keeping an eighth of it (at
    least `FILE_HEADROOM` files) for the store, the logs and the worker."""
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 1_000
    if soft == resource.RLIM_INFINITY or soft > 1 << 20:
        soft = 1 << 20
    return max(16, soft - max(FILE_HEADROOM, soft // 8))


def raise_file_limit() -> None:
    """Let this process open as many files as the system allows it (the soft limit up to the hard one)."""
    with contextlib.suppress(ImportError, OSError, ValueError):
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = min(hard if hard != resource.RLIM_INFINITY else 1 << 16, 1 << 16)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


@dataclass
class Conn:
    """One connection: where its frames go, its address, where it is, and its allowance of messages and bytes
    (times are the server's clock, in seconds)."""

    send: Callable[[str], None]
    addr: str
    hello: bool = False
    room: Room | None = None
    member: Member | None = None
    rate: tuple[float, float] = (RATE_PER_S, RATE_BURST)
    tokens: float = RATE_BURST
    byte_rate: tuple[float, float] = (BYTES_PER_S, BYTES_BURST)
    byte_tokens: float = BYTES_BURST
    refilled: float = 0.0
    over_since: float | None = None  # over its rate since (None: not over)
    last_drop: float = -math.inf
    answered: float = -math.inf      # when a dropped message was last answered
    opened: float = 0.0
    roomless_since: float | None = None  # said hello and in no room since
    rejoined: float = -math.inf      # when it last came back with a token
    closing: bool = False
    closed: bool = False
    flushed: Callable[[], bool] = lambda: True  # whether every frame sent is written (or never will be)
    shut: Callable[[int, str], None] = lambda _code, _reason: None  # close it once its frames are written

    def kick(self, reason: str, code: int = 1011) -> None:
        """Close the connection once its frames are written (once)."""
        if not self.closed:
            self.closed = True
            self.shut(code, reason)

    def take(self, now: float, size: int = 0) -> bool:
        """One message of `size` bytes off the allowance (two token buckets: messages and bytes, each a rate a
        second and a burst); False when over either. Over it means a message was dropped in the last
        `DROP_CLEAR_S`: a steady flooder stays over however the buckets refill in between."""
        gap = max(0.0, now - self.refilled)
        self.refilled = now
        self.tokens = min(self.rate[1], self.tokens + gap * self.rate[0])
        self.byte_tokens = min(self.byte_rate[1], self.byte_tokens + gap * self.byte_rate[0])
        if self.tokens >= 1.0 and self.byte_tokens >= size:
            self.tokens -= 1.0
            self.byte_tokens -= size
            if now - self.last_drop >= DROP_CLEAR_S:
                self.over_since = None
            return True
        self.last_drop = now
        if self.over_since is None:
            self.over_since = now
        return False

    def flooding(self, now: float) -> bool:
        """Whether it has been over its rate for `RATE_GRACE_S` in a row (it is closed)."""
        return self.over_since is not None and now - self.over_since >= RATE_GRACE_S

    def answer_drop(self, now: float) -> bool:
        """Whether a dropped message is answered: the first of each second is, the others are dropped unread."""
        if now - self.answered >= 1.0:
            self.answered = now
            return True
        return False


def _id_of(frame: str | bytes) -> int | None:
    """The `id` of a message dropped unread (so its sender knows which), if it has a readable one."""
    try:
        msg = decode(frame)
    except ProtocolError:
        return None
    value = msg.get("id")
    return value if isinstance(value, int) else None


class Outbox:
    """The frames waiting to be written to one connection, bounded by their bytes: a client that does not read
    is cut off once `limit` bytes wait for it (its frames are let go of at once), not held in memory."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.frames: deque[str] = deque()
        self.bytes = 0
        self.over = False
        self._ready = asyncio.Event()

    def put(self, text: str) -> bool:
        """Queue a frame; False when that would put more than `limit` bytes waiting (from then on nothing is
        queued, and what waited is dropped)."""
        if self.over:
            return False
        if self.bytes + len(text) > self.limit:
            self.over = True
            self.frames.clear()
            self.bytes = 0
            return False
        self.frames.append(text)
        self.bytes += len(text)
        self._ready.set()
        return True

    def empty(self) -> bool:
        return not self.frames

    async def get(self) -> str:
        """The next frame to write, once there is one."""
        while not self.frames:
            self._ready.clear()
            await self._ready.wait()
        text = self.frames.popleft()
        self.bytes -= len(text)
        return text


def _prune(times: deque[float], now: float, window_s: float = 60.0) -> deque[float]:
    while times and now - times[0] > window_s:
        times.popleft()
    return times


class Server:
    """The rooms, their store, and the connections' handling."""

    def __init__(self, data: Path | None, sides: Mapping[str, GameSide], rate: tuple[float, float] | None = None,
                 joins_per_minute: int | None = None, *, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 compact_after_ms: int = int(COMPACT_AFTER_DAYS * DAY_MS)) -> None:
        """`data`: the folder of the store (None: rooms are kept in memory only; `StoreError` if it cannot be
        used); `sides`: each game's side of rooms, by the game's key (the launcher gives them); `limits`: what a
        connection, an address and a room may take (`rate`: its messages a second and burst, `joins_per_minute`:
        its wrong guesses, in place of theirs); `clock`: the seconds the time windows are read from;
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
        self.rate = limits.rate
        self.max_conns = limits.connections or connection_cap()
        self.rooms: dict[str, Room] = {}
        self.compact_after_ms = compact_after_ms
        self.tokens: dict[str, str] = {}        # token hash -> room code
        self.joins: dict[str, deque[float]] = {}  # address -> its wrong guesses in the last minute
        self.locked_try: dict[str, float] = {}  # address past its wrong guesses -> its last join looked at
        self.creates: dict[str, deque[float]] = {}  # address -> the rooms it made in the last minute
        self.rooms_of: Counter[str] = Counter()  # address -> the rooms it made that the server holds
        self.addr_conns: Counter[str] = Counter()
        self.conns: dict[ServerConnection, Conn] = {}
        self._admitted: set[ServerConnection] = set()  # let in before their handshake, not yet in `conns`
        self._said: dict[str, float] = {}        # a repeating problem -> when it was last logged
        self._repeats: Counter[str] = Counter()  # ... and how often it came since
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
        self._store_failing = False
        self.store = Store(data) if data is not None else None
        self.shelf = Shelf(self.store)  # finished tables kept in short
        if self.store is not None:
            try:
                self._restore()
            except BaseException:
                self.store.close()
                raise
            self.store.wrote = self._commit_soon

    def _say(self, key: str, level: int, line: str, *args: Any) -> None:
        """Log a problem that may repeat at most once per `LOG_EVERY_S` (saying how often it came since)."""
        now = self.clock()
        self._repeats[key] += 1
        last = self._said.get(key)
        if last is not None and now - last < LOG_EVERY_S:
            return
        n = self._repeats.pop(key)
        self._said[key] = now
        log.log(level, line + (f" ({n} times since this was last said)" if n > 1 else ""), *args)

    def _restore(self) -> None:
        assert self.store is not None
        now = now_ms()
        good, bad = self.store.rooms()
        for row in bad:
            log.warning("room %s: its stored rows cannot be read (%s); set aside: kept in the store, not served",
                        room_tag(row.code), row)
        for stored in good:
            room = self._rebuilt(stored, now)
            if room is not None:
                self._index(room)
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

    def _index(self, room: Room) -> None:
        self.rooms[room.code] = room
        for s in room.seats:
            if s.token is not None:
                self.tokens[s.token] = room.code
        for w in room.watchers:
            self.tokens[w] = room.code
        self.tokens[room.creator] = room.code
        if room.addr and not room.options.turn_based:
            self.rooms_of[room.addr] += 1

    def _unindex(self, room: Room) -> None:
        """The room is no longer the server's: its code, tokens and its address's count let go of."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        for token in [t for t, code in self.tokens.items() if code == room.code]:
            del self.tokens[token]
        if room.addr and not room.options.turn_based:
            self.rooms_of[room.addr] -= 1
            if self.rooms_of[room.addr] <= 0:
                del self.rooms_of[room.addr]

    # -- running -------------------------------------------------------------------------------------------
    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen on `host`:`port` (0: any free port); the port listened on. `PortInUse` if it is taken,
        `PortNotAllowed` if it needs a right this process lacks, `NoSuchAddress` if `host` is not this machine's."""
        try:
            self._ws = await serve(self._handle, host, port, max_size=MAX_BYTES, ssl=tls, ping_interval=20,
                                   ping_timeout=20, close_timeout=2, max_queue=64, open_timeout=HELLO_S,
                                   process_request=self._admit)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise PortInUse(exc.errno, f"port {port} on {host} is in use") from None
            if exc.errno == errno.EACCES:
                raise PortNotAllowed(exc.errno, f"port {port} on {host} needs a right this user does not "
                                                "have") from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise NoSuchAddress(exc.errno, f"{host} is not an address of this machine") from None
            raise
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(self._loop_problem)
        if self.store is not None:
            self._writer = ThreadPoolExecutor(1, thread_name_prefix="room-store")
        self._tasks.append(asyncio.create_task(self._expirer()))
        self._tasks.append(asyncio.create_task(self._sweeper()))
        for room in self.rooms.values():
            self.arm(room)
        sock = next(iter(self._ws.sockets))
        return int(sock.getsockname()[1])

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
            if self._store_failing:
                self._store_failing = False
                self._said.pop("store", None)
                log.info("the store commits again")
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
        self._store_failing = True
        self._say("store", logging.ERROR, "the store could not commit %d writes (%s): their rooms go back to what "
                  "is stored and their members are disconnected", len(batch.writes), one_line(str(exc), 200))
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
            try:
                stored = self.store.room(code)
            except StoreError as problem:
                log.warning("room %s: %s; set aside", room_tag(code), problem)
                stored = None
            room = self._rebuilt(stored, now) if stored is not None else None
            self._unindex(old)
            if room is not None:
                room.addr = old.addr
                self._index(room)
                self.arm(room)

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
                log.exception("room %s: a tick failed", room_tag(room.code))
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
            self.compact(now)
            for room in [r for r in self.rooms.values() if r.expired(now)]:
                self.close_room(room)
            for room in self.rooms.values():
                for token in room.forget_watchers(now):
                    self.tokens.pop(token, None)

    def compact(self, now: int) -> None:
        """Keep in short the finished rooms over long enough; delete those kept long enough (`archive.Shelf`)."""
        self.shelf.sweep(self.rooms, self.tokens, now, self.compact_after_ms)

    def close_room(self, room: Room) -> None:
        room.close()
        self._unindex(room)
        armed = self._timers.pop(room.code, None)
        if armed is not None:
            armed[1].cancel()
        if self.store is not None:
            self.store.delete_room(room.code)
        log.info("room %s closed", room_tag(room.code))

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY_S)
            self.sweep(self.clock())

    def sweep(self, now: float) -> None:
        """Close the connections that said no hello within `hello_s` of connecting, or were in no room for
        `roomless_s` after their hello or after leaving one (a socket kept open does not hold a file for ever)."""
        for conn in list(self.conns.values()):
            if not conn.hello and now - conn.opened >= self.limits.hello_s:
                conn.kick("no hello in time", 1008)
            elif conn.roomless_since is not None and now - conn.roomless_since >= self.limits.roomless_s:
                conn.kick("in no room", 1008)

    def _admit(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before its handshake: refuse a connection when the server holds as many as it can, or its address as
        many as one may (an HTTP error: the socket is closed at once). A plain `GET /health` is answered
        (`health_check`) before any of that: a full server is still alive."""
        health = health_check(connection, request)
        if health is not None:
            return health
        self._admitted = {c for c in self._admitted if c.protocol.state is State.CONNECTING}
        if len(self.conns) + len(self._admitted) >= self.max_conns:
            self._say("connections", logging.WARNING, "the server holds %d connections, its most (below its "
                      "open-file limit): new ones are refused", self.max_conns)
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "the server is full: try later\n")
        if self.addr_conns[self._address(connection, request)] >= self.limits.conns_per_address:
            self._say("address", logging.WARNING, "an address has %d connections, the most one may: its next ones "
                      "are refused", self.limits.conns_per_address)
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address\n")
        self._admitted.add(connection)
        return None

    def _address(self, ws: ServerConnection, request: Request | None) -> str:
        """The address a connection counts as for the limits (behind a proxy: the one it forwarded)."""
        remote = ws.remote_address
        return client_address(str(remote[0]) if remote else "?", request.headers if request is not None else None,
                              self.limits.behind_proxy)

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's own errors; running out of open files (accept() failing) is one line a minute."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
            self._say("files", logging.ERROR, "the server is out of open files (%s): new connections wait",
                      os.strerror(exc.errno))
            return
        loop.default_exception_handler(context)

    # -- a connection --------------------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        outbox = Outbox(self.limits.outbox_bytes)
        addr = self._address(ws, ws.request)
        limits = self.limits

        def send(text: str) -> None:
            self._post(conn, deliver, text)

        def deliver(text: str) -> None:
            if writer.done() or outbox.over:
                return
            if not outbox.put(text):  # a client that does not read its frames
                self._say("slow", logging.INFO, "a connection that does not read its frames was closed (over %d "
                          "bytes waiting)", limits.outbox_bytes)
                writer.cancel()
                ws.transport.abort()
                return
            self.frames_sent += 1
            self.bytes_sent += len(text)
            if self.tap is not None:
                self.tap(addr, text)

        async def write() -> None:
            while True:
                await ws.send(await outbox.get())

        async def shut(code: int, reason: str) -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._drain(conn, outbox, writer), CLOSING_WAIT_S * 2)
            await ws.close(code, reason)

        conn = Conn(send, addr, rate=limits.rate, tokens=limits.rate[1], byte_rate=limits.byte_rate,
                    byte_tokens=limits.byte_rate[1], refilled=self.clock(), opened=self.clock())
        writer = asyncio.create_task(write())
        conn.flushed = lambda: outbox.empty() or writer.done()
        conn.shut = lambda code, reason: self._spawn(shut(code, reason))
        self.conns[ws] = conn
        self._admitted.discard(ws)
        self.addr_conns[addr] += 1
        try:
            if self.addr_conns[addr] > limits.conns_per_address:  # past the check before the handshake, at once
                await ws.close(1008, "too many connections from your address")
                return
            async for frame in ws:
                now = self.clock()
                if not conn.take(now, len(frame)):
                    if conn.flooding(now):
                        self._say("flood", logging.INFO, "a connection over its message rate for %.0f s was "
                                  "closed", RATE_GRACE_S)
                        await self._drain(conn, outbox, writer)
                        await ws.close(1008, "over the message rate")
                        break
                    if conn.answer_drop(now):
                        send(encode(error("rate", "too many messages: slow down", _id_of(frame))))
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
            self.addr_conns[addr] -= 1
            if self.addr_conns[addr] <= 0:
                del self.addr_conns[addr]
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

    async def _drain(self, conn: Conn, outbox: Outbox, writer: asyncio.Task[None]) -> None:
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
        if conn.room is not None or not conn.hello:
            conn.roomless_since = None
        elif conn.roomless_since is None:
            conn.roomless_since = self.clock()
        for room in {was_in, conn.room}:
            if room is not None:
                self.arm(room)

    def _guess_allowed(self, addr: str) -> None:
        """Refuse a join from an address past its wrong guesses this minute, except one every `LOCKED_GAP_S`
        (codes cannot be tried at speed; someone at that address with the right code is let in when its join is
        looked at)."""
        now = self.clock()
        attempts = self.joins.get(addr)
        if attempts is None or len(_prune(attempts, now)) < self.limits.wrong_guesses:
            return
        if now - self.locked_try.get(addr, -math.inf) >= LOCKED_GAP_S:
            self.locked_try[addr] = now
            return
        raise ProtocolError("rate", "too many wrong codes or tokens from your address: wait a moment")

    def _guessed_wrong(self, addr: str) -> None:
        now = self.clock()
        self.joins.setdefault(addr, deque()).append(now)
        if len(self.joins) > 10_000:  # forget addresses that stopped trying
            for old in [a for a, q in self.joins.items() if not _prune(q, now)]:
                del self.joins[old]
                self.locked_try.pop(old, None)

    def _create_allowed(self, addr: str, turn_based: bool) -> deque[float]:
        """Refuse a room from an address that made as many as it may this minute, or holds as many as it may (live
        rooms, or turn-based tables not finished); the times of its rooms made this minute."""
        now = self.clock()
        made = _prune(self.creates.setdefault(addr, deque()), now)
        if len(made) >= self.limits.creates:
            raise ProtocolError("rate", "too many rooms made from your address: wait a minute")
        if turn_based:
            if turn_tables_of(self.rooms.values(), address_tag(addr)) >= self.limits.turn_tables_per_address:
                raise ProtocolError("turn_tables", f"your address has {self.limits.turn_tables_per_address} "
                                                   "turn-based tables not finished on this server: finish one first")
        elif self.rooms_of[addr] >= self.limits.rooms_per_address:
            raise ProtocolError("server_busy", f"your address holds {self.limits.rooms_per_address} rooms on this "
                                               "server: finish or leave one first")
        if len(self.creates) > 10_000:
            for old in [a for a, q in self.creates.items() if not _prune(q, now) and a != addr]:
                del self.creates[old]
        return made

    def dispatch(self, conn: Conn, msg: ClientMessage, now: int) -> None:
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
            self._guess_allowed(conn.addr)
            self._tables(conn, msg, now)
            return
        if msg["kind"] == "create":
            made = self._create_allowed(conn.addr, msg["pace"] == "turn")
            self._leave_room(conn, now)
            self._create(conn, msg, now)
            made.append(self.clock())
            return
        if msg["kind"] == "join":
            self._guess_allowed(conn.addr)
            self._leave_room(conn, now)
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
                self._leave_room(conn, now, on_purpose=True)
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
                self.tokens.pop(token, None)
                for other in self.conns.values():
                    if gone is not None and other.member is gone:
                        other.room, other.member = None, None
                        other.kick("removed from the room by its creator")
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
        if token and self.clock() - conn.rejoined < REJOIN_GAP_S:
            raise ProtocolError("rate", "one return with a token a second: wait a moment")
        if token:  # a token cannot be guessed (256 bits): a valid one always takes its member back
            conn.rejoined = self.clock()
            code = self.tokens.get(token_hash(token))
            room = self.rooms.get(code) if code is not None else None
            kept = self.shelf.tables.get(code) if code is not None else None
            if kept is not None and kept.knows(token_hash(token)):  # a finished table kept in short: its result
                self._leave_room(conn, now)
                for text in kept.frames(token, token_hash(token)):
                    conn.send(text)
                return
            if room is None or not room.knows(token_hash(token)):
                self._guessed_wrong(conn.addr)
                raise ProtocolError("bad_token", "no seat or watcher has that token (the room may have expired)")
            self._leave_room(conn, now)
            conn.room, conn.member = room, room.rejoin(conn.send, token, conn.addr, now)
            log.debug("room %s: a member is back (seat %s)", room_tag(room.code), conn.member.seat)

    def _tables(self, conn: Conn, msg: Tables, now: int) -> None:
        """The tables of the tokens sent (each token lists only its own); a message with a token no table has
        counts as one wrong guess of its address."""
        tables, unknown = list_tables(self.rooms, self.tokens, msg["tokens"], now, self.shelf.tables)
        if unknown:
            self._guessed_wrong(conn.addr)
        conn.send(encode({"kind": "tables", "tables": tables, "unknown": unknown, "server_ms": now,
                          **({"id": msg["id"]} if "id" in msg else {})}))

    def _create(self, conn: Conn, msg: Create, now: int) -> None:
        side = self.sides.get(msg["game"])
        if side is None:
            raise ProtocolError("bad_setup", f"create.game: one of {', '.join(sorted(self.sides))}")
        if len(self.rooms) >= MAX_ROOMS:
            self._say("rooms", logging.WARNING, "the server holds %d rooms, its most: new ones are refused",
                      MAX_ROOMS)
            raise ProtocolError("server_busy", "this server holds as many rooms as it can: try later")
        clock = ClockRule.from_json(msg["clock"]) if msg["clock"] is not None else \
            ClockRule.per_turn(msg["turn_clock_s"] * 1000) if msg["turn_clock_s"] else ClockRule()
        if clock.on and msg["game"] != "arzium":
            raise ProtocolError("bad_setup", "create.clock: only Arzium rooms have a turn clock")
        if msg["pace"] == "turn" and not clock.on:
            raise ProtocolError("bad_setup", "create.pace: a turn-based table needs a turn clock (Arzium)")
        code = new_code()
        while code in self.rooms or code in self.shelf.tables:
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
        self._index(room)
        conn.room, conn.member = room, member
        log.info("room %s created (%s, %d seats)", room_tag(code), room.game, len(room.seats))

    def _join(self, conn: Conn, msg: Join, now: int) -> None:
        code = read_code(msg["code"])
        room = self.rooms.get(code) if code is not None else None
        if room is None:
            self._guessed_wrong(conn.addr)
            raise ProtocolError("no_room", "no room has that code")
        known = set(room.watchers)
        member, _token = room.join(conn.send, msg["name"], msg["seat"], conn.addr, now)
        for forgotten in known - room.watchers:  # a watcher gone longest, to make room for this one
            self.tokens.pop(forgotten, None)
        self.tokens[member.token] = room.code
        conn.room, conn.member = room, member
        log.debug("room %s: joined (seat %s)", room_tag(room.code), member.seat)

    def _leave_room(self, conn: Conn, now: int, on_purpose: bool = False) -> None:
        room, member = conn.room, conn.member
        if room is not None and member is not None:
            if on_purpose:
                room.leave(member, now)
                if not room.knows(member.token):  # its seat is free again: the token brings nobody back
                    self.tokens.pop(member.token, None)
            else:
                room.drop(member, now)
        conn.room, conn.member = None, None

    def figures(self) -> dict[str, Any]:
        """The server's own figures (for `net-bench` and `serve --stats`): rooms (and by kind), connections, frames
        and bytes sent, the store's size."""
        return {"rooms": len(self.rooms), "connections": len(self.conns), "frames_sent": self.frames_sent,
                "bytes_sent": self.bytes_sent, **room_figures(self.rooms.values(), self.data),
                "rooms_compacted": len(self.shelf.tables)}




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


def serve_forever(host: str, port: int, data: Path, sides: Mapping[str, GameSide], tls: ssl.SSLContext | None = None,
                  ready: Callable[[str, int], None] | None = None, stats: Path | None = None,
                  limits: Limits | None = None, compact_after_ms: int = int(COMPACT_AFTER_DAYS * DAY_MS)) -> None:
    """Run the server (`sides`: each game's side of rooms, by key) until SIGTERM or Ctrl+C (from the moment it
    is called: a stop asked while the rooms are being resumed stops it as soon as they are), then close every
    connection and the store cleanly; `ready` is told the URL served and how many rooms were resumed once it
    listens; `stats`: a file to add the server's own figures to every second (`log_stats`); `limits`: what a
    connection and an address may take (a load test from one machine needs more); `compact_after_ms`: how long a
    finished room is kept whole (`common.net.archive`)."""

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        raise_file_limit()
        server = Server(data, sides, limits=limits, compact_after_ms=compact_after_ms)
        try:
            settle_gc()  # after loading and resuming the rooms: what lasts is not looked at again
            if stats is not None:
                server._tasks.append(asyncio.create_task(log_stats(server, stats)))
            actual = await server.start(host, port, tls)
            if ready is not None:
                ready(f"{'wss' if tls is not None else 'ws'}://{host}:{actual}", len(server.rooms))
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
    except OSError as exc:  # the rooms are served on without their figures: said once
        log.warning("cannot write the server's figures to %s (%s): no more figures are written", path,
                    one_line(exc.strerror or exc, 120))
    finally:
        sampler.cancel()
        pauses.remove()


class EmbeddedServer:
    """The server on a background thread with its own event loop (the app that hosts a game)."""

    def __init__(self, data: Path | None, sides: Mapping[str, GameSide],
                 rate: tuple[float, float] = (RATE_PER_S, RATE_BURST), limits: Limits | None = None) -> None:
        """As `Server`'s: the store's folder (None: in memory), the games' sides of rooms, the message rate, the
        limits."""
        self.data = data
        self.sides = sides
        self.rate = rate
        self.limits = limits
        self.server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._reason = "host_left"

    def start(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Start serving; the port it listens on. `PortInUse` if `port` is taken (`PortNotAllowed`, `NoSuchAddress`:
        see `Server.start`); `StoreError` if the data folder cannot be used (another server has it: `StoreInUse`)."""
        result: list[int | BaseException] = []
        started = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                self.server = Server(self.data, self.sides, self.rate, limits=self.limits)
                result.append(loop.run_until_complete(self.server.start(host, port)))
            except BaseException as exc:  # handed to start()'s caller
                if self.server is not None and self.server.store is not None:
                    self.server.store.close()  # the data folder is free for the next try
                self.server = None
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
