"""What keeps an event loop from answering: its lag is seen, the collector's pauses are counted, and the
collector's settings for a long-running server still free cyclic garbage."""
from __future__ import annotations

import asyncio
import gc
import selectors
import weakref

from common.net.stalls import GC_THRESHOLDS, GcPauses, LoopLag, settle_gc, spread


class Node:
    other: Node | None = None


def test_after_settling_the_collector_still_frees_cyclic_garbage_on_its_own() -> None:
    before = gc.get_threshold()
    keep = [Node() for _ in range(10)]  # made before: frozen, still alive and usable
    try:
        settle_gc()
        assert gc.get_threshold() == GC_THRESHOLDS and gc.get_freeze_count() > 0
        freed: list[int] = []
        for i in range(300):
            a, b = Node(), Node()
            a.other, b.other = b, a
            weakref.finalize(a, freed.append, i)
        del a, b
        young = GC_THRESHOLDS[0]
        churn: list[list[int]] = []
        for _round in range(GC_THRESHOLDS[1] * 3):  # enough new objects for young and middle collections
            churn = [[] for _ in range(young + 1)]
            if len(freed) == 300:
                break
        assert len(freed) == 300 and churn  # every cycle freed, without a gc.collect() call
        assert all(isinstance(k, Node) for k in keep)
    finally:
        gc.unfreeze()  # then what is alive is frozen again, as the suite keeps it (`tests/conftest.py`)
        gc.freeze()
        gc.set_threshold(*before)


class _Jumping(selectors.DefaultSelector):
    """A selector that never waits: where the loop would wait for its next timer, its clock jumps there."""

    loop: VirtualLoop

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = super().select(0)
        if not ready and timeout:
            self.loop.now += timeout
        return ready


class VirtualLoop(asyncio.SelectorEventLoop):
    """An event loop on a clock of its own (s): timers fire in order at once, and the loop is held up by moving
    `now` while a callback runs."""

    def __init__(self) -> None:
        selector = _Jumping()
        super().__init__(selector)
        selector.loop = self
        self.now = 0.0

    def time(self) -> float:
        return self.now


def test_the_loop_lag_shows_a_loop_held_up() -> None:
    loop = VirtualLoop()

    async def body() -> list[float]:
        lag = LoopLag(0.01)
        sampler = asyncio.create_task(lag.run())
        await asyncio.sleep(0.05)
        loop.now += 0.12  # the loop is held up 120 ms: the next timer fires late
        await asyncio.sleep(0.05)
        sampler.cancel()
        return lag.take()
    try:
        samples = loop.run_until_complete(body())
    finally:
        loop.close()
    assert max(samples) >= 100 and min(samples) < 50
    assert len([s for s in samples if s > 0]) == 1  # only the timer the hold-up made late


def test_the_collectors_pauses_are_counted_by_generation() -> None:
    pauses = GcPauses()
    pauses.install()
    try:
        gc.collect(0)
        gc.collect()
    finally:
        pauses.remove()
    taken = pauses.take()
    assert [gen for gen, _ms in taken][-2:] == [0, 2] and all(ms >= 0 for _gen, ms in taken)
    assert pauses.take() == []


def test_spread_gives_the_middle_the_tail_and_the_worst() -> None:
    assert spread([]) is None
    figures = spread([float(i) for i in range(1, 101)])
    assert figures == {"p50": 51.0, "p99": 100.0, "max": 100.0, "n": 100}
