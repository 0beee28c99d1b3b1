"""What keeps a process's event loop from answering at once: how late its timers fire (the loop's lag) and the
cyclic garbage collector's pauses. The server logs both with its figures and the bench reports its clients'
beside their round trips, so a slow answer can be told apart as the server's waiting or the clients'.
"""
from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

LAG_EVERY_S = 0.01                   # how often the loop's lag is sampled
GC_THRESHOLDS = (20_000, 10, 10)  # young collections ~30 times rarer than CPython's 700; the older ones as they are


class LoopLag:
    """How late a short sleep wakes on the running loop, in ms, one sample every `every_s` (`run` samples,
    `take` hands over the samples so far)."""

    def __init__(self, every_s: float = LAG_EVERY_S) -> None:
        self.every_s = every_s
        self.samples: list[float] = []

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(self.every_s)
            self.samples.append(round(max(0.0, loop.time() - start - self.every_s) * 1000, 1))

    def take(self) -> list[float]:
        taken, self.samples = self.samples, []
        return taken


class GcPauses:
    """The collector's pauses while installed: (generation, ms) each, `take` hands them over."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []
        self._began = 0.0

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses.append((int(info["generation"]), round((time.perf_counter() - self._began) * 1000, 2)))

    def install(self) -> None:
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def remove(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def take(self) -> list[tuple[int, float]]:
        taken, self.pauses = self.pauses, []
        return taken


def settle_gc() -> None:
    """For a long-running process whose heap is mostly objects that last (rooms, games, connections): what is
    loaded so far is left out of every later collection (`gc.freeze`: the code, the rules' tables, rooms
    resumed from the store), and the young generation is collected every 20,000 new objects instead of 700, so
    the many short-lived objects of each message are freed by their reference counts before a collection
    looks at them. The older generations keep CPython's rule (a full collection once the heap grew by a
    quarter), so cyclic garbage is still freed."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def spread(samples: list[float]) -> dict[str, float | int] | None:
    """p50, p99 and the maximum of some ms figures, and how many (None when there are none)."""
    if not samples:
        return None
    ordered = sorted(samples)

    def at(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 1)
    return {"p50": at(0.50), "p99": at(0.99), "max": round(ordered[-1], 1), "n": len(ordered)}
