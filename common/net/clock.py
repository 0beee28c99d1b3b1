"""A client's estimate of the server's clock from ping/pong (NTP's filter): pure, no asyncio.

With `t0` the client's clock when the ping left and `t1` when the pong came back, the round trip is `t1 - t0`
and the offset `server_ms + (t1 - t0) / 2 - t1`. Of the last `KEEP` samples the one with the smallest round
trip is trusted: its path was the least delayed, so it is the least lopsided.
"""
from __future__ import annotations

from collections import deque
from typing import Protocol

KEEP = 8
PING_EVERY_S = 2.0
PING_FIRST_S = 0.25  # the first pings of a connection, so the estimate is good from its first seconds


class ClockEstimate:
    """The server's clock as this client can tell it."""

    def __init__(self) -> None:
        self._samples: deque[tuple[float, float]] = deque(maxlen=KEEP)  # (round trip, offset)
        self.offset_ms = 0.0
        self.rtt_ms: float | None = None  # the trusted sample's round trip
        self.last_rtt_ms: float | None = None  # the latest round trip (what a player feels)

    def sample(self, sent_ms: float, received_ms: float, server_ms: int) -> None:
        """A pong: the ping left at `sent_ms` and came back at `received_ms` (client clock), stamped `server_ms`."""
        rtt = self.last_rtt_ms = max(0.0, received_ms - sent_ms)
        self._samples.append((rtt, server_ms + rtt / 2 - received_ms))
        self.rtt_ms, self.offset_ms = min(self._samples)

    @property
    def known(self) -> bool:
        """True once a pong has come back."""
        return bool(self._samples)

    @property
    def settled(self) -> bool:
        """True once the filter has its `KEEP` samples (until then a client pings quickly: `ping_gap_s`)."""
        return len(self._samples) == KEEP

    def ping_gap_s(self) -> float:
        """How long to wait before the next ping: quickly until settled, then every `PING_EVERY_S`."""
        return PING_EVERY_S if self.settled else PING_FIRST_S

    def server_ms(self, client_ms: float) -> int:
        """The server's clock at the client's `client_ms`."""
        return round(client_ms + self.offset_ms)


class ServerClock(Protocol):
    """Whatever tells the server's time now (a `Link`, a net-bench client)."""

    def server_now_ms(self) -> float: ...
