"""A small TCP proxy that delays every chunk by a latency with jitter, in order (for latency faults in net-bench
and the tests): `delay_ms ± jitter_ms`, uniform, each direction on its own, never reordering a stream."""
from __future__ import annotations

import asyncio
import random
import time
from contextlib import suppress


class LatencyProxy:
    """Listens on a local port and forwards each connection to `target`, late."""

    def __init__(self, target: tuple[str, int], delay_ms: int, jitter_ms: int, seed: int = 1) -> None:
        self.target = target
        self.delay_ms = delay_ms
        self.jitter_ms = jitter_ms
        self.rng = random.Random(seed)
        self.server: asyncio.Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Start listening; the port it listens on."""
        self.server = await asyncio.start_server(self._connection, host, port)
        return int(self.server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for task in list(self.tasks):
            task.cancel()

    def _late(self) -> float:
        return max(0.0, self.delay_ms + self.rng.uniform(-self.jitter_ms, self.jitter_ms)) / 1000

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pump(src, dst))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _pump(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        """Copy `src` to `dst`, each chunk due its delay after it came, never before the chunk ahead of it."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        writer = asyncio.create_task(self._deliver(queue, dst))
        due = 0.0
        try:
            while chunk := await src.read(65536):
                due = max(due, time.monotonic() + self._late())
                queue.put_nowait((due, chunk))
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            queue.put_nowait((due, b""))
            with suppress(asyncio.CancelledError):
                await writer

    @staticmethod
    async def _deliver(queue: asyncio.Queue[tuple[float, bytes]], dst: asyncio.StreamWriter) -> None:
        try:
            while True:
                due, chunk = await queue.get()
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                if not chunk:
                    break
                dst.write(chunk)
                await dst.drain()
        except OSError:
            pass
        finally:
            dst.close()
