"""What the server's stopping and draining wait on instead of looking again and again: a `Progress` is pulsed
whenever something they wait for may have happened (a commit ended, a connection's frames were written, a
writer ended), and `until` waits for pulses until its condition holds. A pulse with nobody waiting costs
nothing.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable


class Progress:
    """A pulse that coroutines on one event loop wait on."""

    def __init__(self) -> None:
        self._event: asyncio.Event | None = None

    def pulse(self) -> None:
        """Wake whoever waits (they look at their condition again)."""
        if self._event is not None:
            self._event.set()
            self._event = None

    async def until(self, done: Callable[[], bool]) -> None:
        """Return once `done()` holds, looking at it again at each pulse."""
        while not done():
            if self._event is None:
                self._event = asyncio.Event()
            await self._event.wait()
