"""One client's connection as the server holds it: `Conn`, where its frames go, its address, the room it is
in, its rate window and its hello and roomless times; and `Outbox`, the frames waiting to be written to its
socket, bounded by their bytes (a client that does not read is cut off, not held in memory). Neither reads a
socket: the transport (`common.net.transport`) writes what an outbox holds.
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from common.net.limits import RateWindow
from common.net.protocol import ProtocolError, decode
from common.net.room import Member, Room


@dataclass
class Conn:
    """One connection: where its frames go, its address, where it is, and its allowance of messages and bytes
    (times are the server's clock, in seconds)."""

    send: Callable[[str], None]
    addr: str
    hello: bool = False
    room: Room | None = None
    member: Member | None = None
    window: RateWindow = field(default_factory=RateWindow)
    opened: float = 0.0
    roomless_since: float | None = None  # said hello and in no room since
    rejoined: float = float("-inf")      # when it last came back with a token
    closing: bool = False
    closed: bool = False
    flushed: Callable[[], bool] = lambda: True  # whether every frame sent is written (or never will be)
    shut: Callable[[int, str], None] = lambda _code, _reason: None  # close it once its frames are written

    def kick(self, reason: str, code: int = 1011) -> None:
        """Close the connection once its frames are written (once)."""
        if not self.closed:
            self.closed = True
            self.shut(code, reason)


def message_id(frame: str | bytes) -> int | None:
    """The `id` of a message dropped unread (so its sender knows which), if it has a readable one."""
    try:
        msg = decode(frame)
    except ProtocolError:
        return None
    value = msg.get("id")
    return value if isinstance(value, int) else None


class Outbox:
    """The frames waiting to be written to one connection, bounded by their bytes: a client that does not read
    is cut off once `limit` bytes wait for it (its frames are let go of at once), not held in memory. `emptied`
    is told each time the last waiting frame is taken."""

    def __init__(self, limit: int, emptied: Callable[[], None] = lambda: None) -> None:
        self.limit = limit
        self.frames: deque[str] = deque()
        self.bytes = 0
        self.over = False
        self._ready = asyncio.Event()
        self._emptied = emptied

    def put(self, text: str) -> bool:
        """Queue a frame; False when that would put more than `limit` bytes waiting (from then on nothing is
        queued, and what waited is dropped)."""
        if self.over:
            return False
        if self.bytes + len(text) > self.limit:
            self.over = True
            self.frames.clear()
            self.bytes = 0
            self._emptied()
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
        if not self.frames:
            self._emptied()
        return text
