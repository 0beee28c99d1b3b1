"""What one connection, one address and one room may take of the server (PROTOCOL.md, "Limits"): `Limits`,
the figures; `RateWindow`, a connection's allowance of messages and bytes a second (two token buckets); and
`Allowances`, the per-address counters of wrong guesses and rooms made in the last minute. Every window is
read from the server's clock (`common.net.server_time`), so a test passes time without waiting; nothing here
touches a socket.
"""
from __future__ import annotations

import contextlib
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from common.net.protocol import BYTES_BURST, BYTES_PER_S, RATE_BURST, RATE_PER_S, ProtocolError
from common.net.server_time import Clock

JOINS_PER_MINUTE = 20     # failed join / rejoin attempts (a wrong code or token) per address
CREATES_PER_MINUTE = 20   # rooms made per address
ROOMS_PER_ADDRESS = 16    # live rooms held at once by the address that made them
TURN_TABLES_PER_ADDRESS = 32  # turn-based tables not finished made by one address (they last for weeks)
CONNS_PER_ADDRESS = 64    # connections at once per address
LOCKED_GAP_S = 3.0        # an address past its wrong guesses has one join looked at every this long
REJOIN_GAP_S = 1.0        # a connection comes back with a token at most this often (each is sent the whole game)
MAX_ROOMS = 20_000
OUTBOX_BYTES = 1 << 20    # bytes waiting for a client that does not read; more closes it
HELLO_S = 10.0            # a connection says hello within this long ...
ROOMLESS_S = 60.0         # ... and is in a room within this long of its hello or of leaving one
RATE_GRACE_S = 5.0        # a connection over its rate this long in a row is closed
DROP_CLEAR_S = 1.0        # a connection with no message dropped this long is no longer over its rate
FILE_HEADROOM = 64        # open files kept for the store, the logs and the worker besides connections
FORGET_AFTER = 10_000     # addresses counted before those that stopped trying are forgotten


@dataclass(frozen=True)
class Limits:
    """What one connection, one address and one room may take of the server (PROTOCOL.md, "Limits")."""

    rate: tuple[float, float] = (RATE_PER_S, RATE_BURST)         # a connection's messages a second, burst
    byte_rate: tuple[float, float] = (BYTES_PER_S, BYTES_BURST)  # its bytes a second, burst
    wrong_guesses: int = JOINS_PER_MINUTE  # joins with a wrong code or token per address a minute
    creates: int = CREATES_PER_MINUTE      # rooms made per address a minute
    rooms_per_address: int = ROOMS_PER_ADDRESS
    conns_per_address: int = CONNS_PER_ADDRESS
    connections: int = 0                   # connections at once in all (0: below the open-file limit)
    outbox_bytes: int = OUTBOX_BYTES
    hello_s: float = HELLO_S
    roomless_s: float = ROOMLESS_S
    turn_tables_per_address: int = TURN_TABLES_PER_ADDRESS
    behind_proxy: bool = False             # a loopback peer's X-Forwarded-For is the address (`addresses`)


def connection_cap() -> int:
    """Connections the server takes at once: below this process's open-file limit, keeping an eighth of it (at
    least `FILE_HEADROOM` files) for the store, the logs and the worker."""
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return 1_000
    if soft == resource.RLIM_INFINITY or soft > 1 << 20:
        soft = 1 << 20
    return max(16, soft - max(FILE_HEADROOM, soft // 8))


def raise_file_limit() -> None:
    """Let this process open as many files as the system allows it (the soft limit up to the hard one)."""
    with contextlib.suppress(ImportError, OSError, ValueError):
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = min(hard if hard != resource.RLIM_INFINITY else 1 << 16, 1 << 16)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


@dataclass
class RateWindow:
    """A connection's allowance of messages and bytes (two token buckets: each a rate a second and a burst), and
    since when it has been over it (times are the server's clock, in seconds)."""

    rate: tuple[float, float] = (RATE_PER_S, RATE_BURST)
    byte_rate: tuple[float, float] = (BYTES_PER_S, BYTES_BURST)
    tokens: float = RATE_BURST
    byte_tokens: float = BYTES_BURST
    refilled: float = 0.0
    over_since: float | None = None  # over its rate since (None: not over)
    last_drop: float = -math.inf
    answered: float = -math.inf      # when a dropped message was last answered

    @classmethod
    def full(cls, limits: Limits, now: float) -> RateWindow:
        """A new connection's window: both buckets full at `now`."""
        return cls(limits.rate, limits.byte_rate, limits.rate[1], limits.byte_rate[1], now)

    def take(self, now: float, size: int = 0) -> bool:
        """One message of `size` bytes off the allowance; False when over either bucket. Over it means a message
        was dropped in the last `DROP_CLEAR_S`: a steady flooder stays over however the buckets refill in
        between."""
        gap = max(0.0, now - self.refilled)
        self.refilled = now
        self.tokens = min(self.rate[1], self.tokens + gap * self.rate[0])
        self.byte_tokens = min(self.byte_rate[1], self.byte_tokens + gap * self.byte_rate[0])
        if self.tokens >= 1.0 and self.byte_tokens >= size:
            self.tokens -= 1.0
            self.byte_tokens -= size
            if now - self.last_drop >= DROP_CLEAR_S:
                self.over_since = None
            return True
        self.last_drop = now
        if self.over_since is None:
            self.over_since = now
        return False

    def flooding(self, now: float) -> bool:
        """Whether it has been over its rate for `RATE_GRACE_S` in a row (it is closed)."""
        return self.over_since is not None and now - self.over_since >= RATE_GRACE_S

    def answer_drop(self, now: float) -> bool:
        """Whether a dropped message is answered: the first of each second is, the others are dropped unread."""
        if now - self.answered >= 1.0:
            self.answered = now
            return True
        return False


def _prune(times: deque[float], now: float, window_s: float = 60.0) -> deque[float]:
    while times and now - times[0] > window_s:
        times.popleft()
    return times


class Allowances:
    """Per address, on the server's clock: its wrong codes and tokens in the last minute (past `wrong_guesses`,
    one join looked at every `LOCKED_GAP_S`) and the rooms it made in the last minute."""

    def __init__(self, limits: Limits, clock: Clock) -> None:
        self.limits = limits
        self.clock = clock
        self.joins: dict[str, deque[float]] = {}    # address -> its wrong guesses in the last minute
        self.locked_try: dict[str, float] = {}      # address past its wrong guesses -> its last join looked at
        self.creates: dict[str, deque[float]] = {}  # address -> the rooms it made in the last minute

    def guess_allowed(self, addr: str) -> None:
        """Refuse (`ProtocolError`) a join from an address past its wrong guesses this minute, except one every
        `LOCKED_GAP_S` (codes cannot be tried at speed; someone at that address with the right code is let in
        when its join is looked at)."""
        now = self.clock.monotonic()
        attempts = self.joins.get(addr)
        if attempts is None or len(_prune(attempts, now)) < self.limits.wrong_guesses:
            return
        if now - self.locked_try.get(addr, -math.inf) >= LOCKED_GAP_S:
            self.locked_try[addr] = now
            return
        raise ProtocolError("rate", "too many wrong codes or tokens from your address: wait a moment")

    def guessed_wrong(self, addr: str) -> None:
        """The address sent a code or token nothing has."""
        now = self.clock.monotonic()
        self.joins.setdefault(addr, deque()).append(now)
        if len(self.joins) > FORGET_AFTER:  # forget addresses that stopped trying
            for old in [a for a, q in self.joins.items() if not _prune(q, now)]:
                del self.joins[old]
                self.locked_try.pop(old, None)

    def create_allowed(self, addr: str, turn_based: bool, held: Callable[[], int]) -> None:
        """Refuse (`ProtocolError`) a room from an address that made as many as it may this minute, or holds as
        many as it may (`held()`: its live rooms, or its turn-based tables not finished when `turn_based`)."""
        now = self.clock.monotonic()
        made = _prune(self.creates.setdefault(addr, deque()), now)
        if len(made) >= self.limits.creates:
            raise ProtocolError("rate", "too many rooms made from your address: wait a minute")
        if turn_based:
            if held() >= self.limits.turn_tables_per_address:
                raise ProtocolError("turn_tables", f"your address has {self.limits.turn_tables_per_address} "
                                                   "turn-based tables not finished on this server: finish one first")
        elif held() >= self.limits.rooms_per_address:
            raise ProtocolError("server_busy", f"your address holds {self.limits.rooms_per_address} rooms on this "
                                               "server: finish or leave one first")
        if len(self.creates) > FORGET_AFTER:
            for old in [a for a, q in self.creates.items() if not _prune(q, now) and a != addr]:
                del self.creates[old]

    def created(self, addr: str) -> None:
        """The address made a room."""
        self.creates.setdefault(addr, deque()).append(self.clock.monotonic())
