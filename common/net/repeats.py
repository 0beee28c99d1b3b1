"""The server's problems that may repeat (a store that cannot commit, a limit reached, out of open files): each
is logged at most once per `LOG_EVERY_S` of the server's clock, saying how often it came since it was last
said, so a flood of them is a line a minute, not a full disk.
"""
from __future__ import annotations

import logging
from collections import Counter

from common.net.server_time import Clock

LOG_EVERY_S = 60.0  # a problem that repeats is logged at most this often

log = logging.getLogger("arenas_arzium.server")


class Repeats:
    """When each repeating problem was last logged, and how often it came since."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._said: dict[str, float] = {}
        self._counts: Counter[str] = Counter()

    def say(self, key: str, level: int, line: str, *args: object) -> None:
        """Log `line` (with `args`, as `logging` does) unless the problem `key` was logged less than
        `LOG_EVERY_S` ago."""
        now = self.clock.monotonic()
        self._counts[key] += 1
        last = self._said.get(key)
        if last is not None and now - last < LOG_EVERY_S:
            return
        n = self._counts.pop(key)
        self._said[key] = now
        log.log(level, line + (f" ({n} times since this was last said)" if n > 1 else ""), *args)

    def forget(self, key: str) -> None:
        """The problem is over: the next time it comes it is said at once."""
        self._said.pop(key, None)
