"""The room server's clock: what every one of its timers reads and waits on (grace, lobby expiry, turn clocks,
rate windows, the hello and roomless sweeps). `SystemClock` is this machine's: the wall clock in ms for rooms
(their times are stored and sent), the monotonic clock in seconds for windows, and the event loop's timers to
wait. A test gives the server a clock of its own (`tests/helpers.py`'s `FakeClock`), whose time moves only when
the test says and which then wakes whatever waited for that time: no test waits real seconds.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol


class Alarm(Protocol):
    """A wake-up that was set: it can be called off."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """The server's time and its wake-ups."""

    def now_ms(self) -> int:
        """The time of the rooms: ms since the epoch (stored, and sent to clients as `server_ms`)."""
        ...

    def monotonic(self) -> float:
        """Seconds that never go back, for the time windows (rates, sweeps, logging once a minute)."""
        ...

    def call_at(self, loop: asyncio.AbstractEventLoop, when_ms: int, fn: Callable[[], None]) -> Alarm:
        """Call `fn` on `loop` once `now_ms()` reaches `when_ms`."""
        ...


class SystemClock:
    """This machine's clock, waited on with the event loop's timers."""

    def now_ms(self) -> int:
        return int(time.time() * 1000)

    def monotonic(self) -> float:
        return time.monotonic()

    def call_at(self, loop: asyncio.AbstractEventLoop, when_ms: int, fn: Callable[[], None]) -> Alarm:
        return loop.call_later(max(0.0, (when_ms - self.now_ms()) / 1000), fn)


SYSTEM_CLOCK = SystemClock()
