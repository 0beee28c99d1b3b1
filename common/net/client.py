"""`Link`: one connection to a room server, run on a background thread with its own event loop, for the app,
`net-bench` and the tests.

`send(msg)` from any thread queues a message; `poll()` returns what arrived since the last call. The link
says hello by itself; once it has been given a token (a `joined` frame), a lost connection is retried with
backoff (0.25 s doubling to 8 s, with jitter) and the hello carries the token, so the member takes its seat
back and gets a fresh `game`. The backoff starts again from its first step only after a connection that
lasted (`STABLE_S`): a server that drops every member at once (its disk full) is not met by all of them at
once, again and again. Messages sent while the connection is down are kept and sent once it is back
(after the hello). It pings (4 a second at first, then every 2 s) and estimates the server's clock
(`common.net.clock`, NTP's filter). `NEWS` counts what every link of the process was given (frames, changes of
status), for whoever drives links without a frame loop to wait on.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
import ssl
import threading
import time
from collections import deque
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from common.data.safe_text import one_line
from common.net.clock import ClockEstimate
from common.net.messages import ClientMessage, Hello, Received
from common.net.protocol import MAX_BYTES, PROTOCOL_VERSION, encode

BACKOFF_FIRST_S = 0.25
BACKOFF_MAX_S = 8.0
STABLE_S = 10.0  # a connection open this long resets the backoff
FATAL_CODES = frozenset({"version", "bad_token"})  # errors after which reconnecting cannot help


def _ms() -> float:
    return time.time() * 1000.0


class News:
    """How many times the links of this process were given a frame or changed their status, to wait on: whoever
    drives links without a frame loop (the tests, a tool) waits for the next piece of news instead of polling."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.count = 0

    def add(self) -> None:
        with self._changed:
            self.count += 1
            self._changed.notify_all()

    def wait_past(self, seen: int, timeout_s: float) -> bool:
        """Until there is news after the first `seen` (True), or `timeout_s` passed without any (False)."""
        with self._changed:
            return self._changed.wait_for(lambda: self.count > seen, timeout_s)


NEWS = News()


class Link:
    """A connection to `url` (ws:// or wss://) that keeps itself open."""

    def __init__(self, url: str, token: str | None = None, reconnect: bool = True, ping: bool = True,
                 tls: ssl.SSLContext | None = None) -> None:
        self.url = url
        self.token = token
        self.reconnect = reconnect
        self.status = "connecting"
        self.problem: str | None = None      # the last connection problem, one line (for the banner)
        self.rtt_ms: float | None = None
        self.clock = ClockEstimate()
        self._ping = ping
        self._tls = tls
        self._inbox: deque[Received] = deque()
        self._outbox: deque[str] = deque()
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._wake: asyncio.Event | None = None
        self._closing = False
        self._fatal = False
        self.reconnects = 0
        self._thread = threading.Thread(target=self._run, name="room-link", daemon=True)
        self._thread.start()

    # -- the app's side (any thread) -----------------------------------------------------------------------
    def send(self, msg: ClientMessage) -> None:
        """Queue `msg` for the server (sent in order, after the hello; kept while reconnecting)."""
        text = encode(msg)
        with self._lock:
            self._outbox.append(text)
        self._poke()

    def poll(self) -> list[Received]:
        """The frames that arrived since the last call (JSON objects; their strings are not yet sanitised)."""
        with self._lock:
            out = list(self._inbox)
            self._inbox.clear()
        return out

    def server_now_ms(self) -> float:
        """The server's clock now, as estimated from the pings."""
        return _ms() + self.clock.offset_ms

    def close(self) -> None:
        """Close the connection for good and end the thread; messages queued are sent first while it is open."""
        self._closing = True
        self._poke()
        self._thread.join(5)
        self.status = "closed"

    def _poke(self) -> None:
        wake = self._wake
        if wake is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(wake.set)

    # -- the thread ----------------------------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._wake = asyncio.Event()
        delay = BACKOFF_FIRST_S
        first = True
        while not self._closing:
            if not first:
                self.status = "reconnecting"
                NEWS.add()
                await self._sleep(delay * (0.5 + random.random()))
                delay = min(BACKOFF_MAX_S, delay * 2)
                self.reconnects += 1
                if self._closing:
                    break
            first = False
            try:
                tls: dict[str, Any] = {"ssl": self._tls} if self._tls is not None else {}  # wss://: the system's CAs
                async with connect(self.url, max_size=MAX_BYTES, open_timeout=10, close_timeout=2, ping_interval=20,
                                   ping_timeout=20, **tls) as ws:
                    self.status = "open"
                    NEWS.add()
                    self.problem = None
                    opened = time.monotonic()
                    try:
                        await self._session(ws)
                    finally:
                        if time.monotonic() - opened >= STABLE_S:
                            delay = BACKOFF_FIRST_S
            except (TimeoutError, OSError, InvalidHandshake, ConnectionClosed) as exc:
                self.problem = one_line(f"{type(exc).__name__}: {exc}", 200)
            except (InvalidURI, ValueError) as exc:  # not an address at all: trying again cannot help
                self.problem = one_line(f"{type(exc).__name__}: {exc}", 200)
                self._fatal = True
            if self._fatal or not self.reconnect:
                break
        self.status = "closed"
        NEWS.add()

    async def _sleep(self, seconds: float) -> None:
        assert self._wake is not None
        self._wake.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)

    async def _session(self, ws: ClientConnection) -> None:
        hello: Hello = {"kind": "hello", "version": PROTOCOL_VERSION}
        if self.token is not None:
            hello["token"] = self.token
        await ws.send(encode(hello))
        reader = asyncio.create_task(self._read(ws))
        pinger = asyncio.create_task(self._pings(ws)) if self._ping else None
        try:
            while not self._closing and not reader.done():
                with self._lock:
                    pending = list(self._outbox)
                    self._outbox.clear()
                for i, text in enumerate(pending):
                    try:
                        await ws.send(text)
                    except ConnectionClosed:
                        with self._lock:  # not sent: kept for the next connection
                            self._outbox.extendleft(reversed(pending[i:]))
                        raise
                await self._wait(reader)
            if self._closing:  # what was sent last (a `leave`) is read by the server before the close
                with self._lock:
                    last = list(self._outbox)
                    self._outbox.clear()
                with contextlib.suppress(ConnectionClosed):
                    for text in last:
                        await ws.send(text)
                await ws.close()
        finally:
            reader.cancel()
            if pinger is not None:
                pinger.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        if reader.done() and not reader.cancelled() and reader.exception() is not None:
            exc = reader.exception()
            if isinstance(exc, ConnectionClosed):
                raise exc

    async def _wait(self, reader: asyncio.Task[None]) -> None:
        assert self._wake is not None
        self._wake.clear()
        with self._lock:
            if self._outbox:
                return
        waker = asyncio.create_task(self._wake.wait())
        await asyncio.wait({reader, waker}, return_when=asyncio.FIRST_COMPLETED)
        waker.cancel()

    async def _read(self, ws: ClientConnection) -> None:
        async for frame in ws:
            if not isinstance(frame, str):
                continue
            try:
                msg = json.loads(frame)
            except ValueError:
                continue
            if not isinstance(msg, dict):
                continue
            match msg.get("kind"):
                case "pong":
                    self._clock(msg)
                    continue
                case "joined" if isinstance(msg.get("token"), str):
                    self.token = msg["token"]
                case "error" if msg.get("code") in FATAL_CODES:
                    self._fatal = True
                    self.problem = one_line(msg.get("message", ""), 200)
            with self._lock:
                self._inbox.append(msg)
            NEWS.add()
            if self._fatal:  # another version, or a seat that is not ours: trying again cannot help
                await ws.close()
                return

    async def _pings(self, ws: ClientConnection) -> None:
        while True:
            await ws.send(encode({"kind": "ping", "t": int(_ms())}))
            await asyncio.sleep(self.clock.ping_gap_s())

    def _clock(self, msg: Received) -> None:
        t0, server = msg.get("t"), msg.get("server_ms")
        if not isinstance(t0, int) or not isinstance(server, int):
            return
        self.clock.sample(t0, _ms(), server)
        self.rtt_ms = self.clock.last_rtt_ms
