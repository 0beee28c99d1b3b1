"""What runs the room server: `serve_forever` (`arenas-arzium serve`: until SIGTERM or Ctrl+C, then every
connection and the store closed cleanly), `log_stats` (its own figures, a JSON line a second, for `net-bench`
and `serve --stats`), and `EmbeddedServer`, the same server on a background thread of the app that hosts a
game; with `tls_context` for `--cert`/`--key` and `default_data`, where `serve` keeps its rooms.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import ssl
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from common.data.paths import data_dir
from common.data.safe_text import one_line
from common.net.archive import COMPACT_AFTER_DAYS, DAY_MS
from common.net.limits import Limits, raise_file_limit
from common.net.protocol import RATE_BURST, RATE_PER_S
from common.net.room import GameSide
from common.net.server import Server
from common.net.server_time import SYSTEM_CLOCK, Clock
from common.net.stalls import GcPauses, LoopLag, settle_gc

T = TypeVar("T")

log = logging.getLogger("arenas_arzium.server")


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
                server.add_task(lambda: log_stats(server, stats))
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
    event loop's lag samples and the collector's pauses (`common.net.stalls`). A reporting beat of real time,
    not a wait for work."""
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
                out.write(json.dumps({"t": round(server.clock.now_ms() / 1000, 3), **server.figures(),
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
                 rate: tuple[float, float] = (RATE_PER_S, RATE_BURST), limits: Limits | None = None,
                 clock: Clock = SYSTEM_CLOCK) -> None:
        """As `Server`'s: the store's folder (None: in memory), the games' sides of rooms, the message rate, the
        limits, the clock."""
        self.data = data
        self.sides = sides
        self.rate = rate
        self.limits = limits
        self.clock = clock
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
                self.server = Server(self.data, self.sides, self.rate, limits=self.limits, clock=self.clock)
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

    def call(self, fn: Callable[[Server], T]) -> T:
        """Run `fn(server)` on the server's loop and return its value (for figures and tests)."""
        assert self._loop is not None and self.server is not None
        server = self.server

        async def run() -> T:
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
