"""The server's sockets: listening (a port taken, not allowed or not this machine's is one clear error), letting
a connection in or refusing it before its handshake (the server full, its address holding as many as it may; a
plain `GET /health` answered), and each connection's life: its frames read against its rate window, handed to
the rooms (`Handler.receive`), and the frames it is sent written from its outbox. It knows nothing of rooms:
what it needs of the rest of the server is a `Handler`.
"""
from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import ssl
from collections import Counter
from collections.abc import Callable, Coroutine
from http import HTTPStatus
from typing import Any, Protocol

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from common.net.addresses import client_address
from common.net.connection import Conn, Outbox, message_id
from common.net.limits import HELLO_S, RATE_GRACE_S, Limits, RateWindow
from common.net.operate import health_check
from common.net.progress import Progress
from common.net.protocol import MAX_BYTES, encode, error
from common.net.repeats import Repeats
from common.net.server_time import Clock

CLOSING_WAIT_S = 1.0      # how long a stopping server waits for its `closing` frames to be written


class PortInUse(OSError):
    """The port asked for is taken by another program."""


class PortNotAllowed(OSError):
    """The port asked for needs a right this process does not have (ports below 1024 on most systems)."""


class NoSuchAddress(OSError):
    """The host asked for is not an address of this machine."""


class Handler(Protocol):
    """What the transport needs of the rooms' side of the server."""

    def post(self, conn: Conn, deliver: Callable[[str], None], text: str) -> None:
        """A frame for `conn`, handed to `deliver` once the writes before it are committed."""
        ...

    def receive(self, conn: Conn, frame: str) -> None:
        """A text frame from `conn`, within its rate."""
        ...

    def lost(self, conn: Conn) -> None:
        """`conn` is gone (its member may come back)."""
        ...

    def holds_for(self, conn: Conn) -> bool:
        """Whether a frame for `conn` waits for a commit."""
        ...


class Transport:
    """The listening socket and every connection: `conns` (by socket), how many each address has, and the
    frames and bytes sent; `tap` sees every frame sent, with its address (tests). `progress` is pulsed when a
    connection's frames are all written or its writer ends."""

    def __init__(self, handler: Handler, limits: Limits, max_conns: int, clock: Clock, repeats: Repeats,
                 progress: Progress) -> None:
        self.handler = handler
        self.limits = limits
        self.max_conns = max_conns
        self.clock = clock
        self.repeats = repeats
        self.progress = progress
        self.conns: dict[ServerConnection, Conn] = {}
        self.addr_conns: Counter[str] = Counter()
        self._admitted: set[ServerConnection] = set()  # let in before their handshake, not yet in `conns`
        self.frames_sent = 0
        self.bytes_sent = 0
        self.tap: Callable[[str, str], None] | None = None
        self._ws: WsServer | None = None
        self._jobs: set[asyncio.Task[None]] = set()

    async def listen(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
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
        asyncio.get_running_loop().set_exception_handler(self._loop_problem)
        sock = next(iter(self._ws.sockets))
        return int(sock.getsockname()[1])

    async def close(self) -> None:
        """Stop listening and close every connection (going away)."""
        if self._ws is not None:
            self._ws.close(close_connections=True)
            await self._ws.wait_closed()

    def flushed(self) -> bool:
        """Whether every connection's frames are written (or its writer ended)."""
        return all(c.flushed() for c in self.conns.values())

    def _admit(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before its handshake: refuse a connection when the server holds as many as it can, or its address as
        many as one may (an HTTP error: the socket is closed at once). A plain `GET /health` is answered
        (`health_check`) before any of that: a full server is still alive."""
        health = health_check(connection, request)
        if health is not None:
            return health
        self._admitted = {c for c in self._admitted if c.protocol.state is State.CONNECTING}
        if len(self.conns) + len(self._admitted) >= self.max_conns:
            self.repeats.say("connections", logging.WARNING, "the server holds %d connections, its most (below its "
                             "open-file limit): new ones are refused", self.max_conns)
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "the server is full: try later\n")
        if self.addr_conns[self.address(connection, request)] >= self.limits.conns_per_address:
            self.repeats.say("address", logging.WARNING, "an address has %d connections, the most one may: its next "
                             "ones are refused", self.limits.conns_per_address)
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address\n")
        self._admitted.add(connection)
        return None

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's own errors; running out of open files (accept() failing) is one line a minute."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
            self.repeats.say("files", logging.ERROR, "the server is out of open files (%s): new connections wait",
                             os.strerror(exc.errno))
            return
        loop.default_exception_handler(context)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(job)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _drain(self, conn: Conn, outbox: Outbox, writer: asyncio.Task[None]) -> None:
        """Until the connection's frames are written (or its writer ended)."""
        await self.progress.until(lambda: not self.handler.holds_for(conn) and (outbox.empty() or writer.done()))

    async def _handle(self, ws: ServerConnection) -> None:
        outbox = Outbox(self.limits.outbox_bytes, self.progress.pulse)
        addr = self.address(ws, ws.request)
        limits = self.limits

        def send(text: str) -> None:
            self.handler.post(conn, deliver, text)

        def deliver(text: str) -> None:
            if writer.done() or outbox.over:
                return
            if not outbox.put(text):  # a client that does not read its frames
                self.repeats.say("slow", logging.INFO, "a connection that does not read its frames was closed (over "
                                 "%d bytes waiting)", limits.outbox_bytes)
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

        now = self.clock.monotonic()
        conn = Conn(send, addr, window=RateWindow.full(limits, now), opened=now)
        writer = asyncio.create_task(write())
        writer.add_done_callback(lambda _task: self.progress.pulse())
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
                now = self.clock.monotonic()
                if not conn.window.take(now, len(frame)):
                    if conn.window.flooding(now):
                        self.repeats.say("flood", logging.INFO, "a connection over its message rate for %.0f s was "
                                         "closed", RATE_GRACE_S)
                        await self._drain(conn, outbox, writer)
                        await ws.close(1008, "over the message rate")
                        break
                    if conn.window.answer_drop(now):
                        send(encode(error("rate", "too many messages: slow down", message_id(frame))))
                    continue
                if isinstance(frame, bytes):
                    send(encode(error("bad_message", "binary frames are not part of the protocol")))
                    await self._drain(conn, outbox, writer)
                    await ws.close(1003, "binary frames are not part of the protocol")
                    break
                self.handler.receive(conn, frame)
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
            self.handler.lost(conn)
            self.progress.pulse()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._drain(conn, outbox, writer), 2)
            writer.cancel()

    def address(self, ws: ServerConnection, request: Request | None) -> str:
        """The address a connection counts as for the limits (behind a proxy: the one it forwarded)."""
        remote = ws.remote_address
        return client_address(str(remote[0]) if remote else "?", request.headers if request is not None else None,
                              self.limits.behind_proxy)
