"""The room server's one scheduler: each room is woken when it next has something to do (a bot to move, a
grace, a lobby's expiry or a turn clock running out: `Room.next_tick_ms`), and the periodic sweeps run (rooms
expired, connections late to say hello or to be in a room). Every wake-up is set on the server's clock
(`common.net.server_time`): nothing looks for work on a fixed beat, and a test's clock moves time and wakes
what is due at once.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from common.net.server_time import Alarm, Clock

TICK_S = 0.025         # the least gap between two looks at a room that still has something to do (a bot thinking)
EXPIRE_EVERY_S = 10.0  # how often idle rooms (and watchers gone for good) are looked for
SWEEP_EVERY_S = 1.0    # how often connections late to say hello or to be in a room are looked for


class Timed(Protocol):
    """What the scheduler needs of a room."""

    @property
    def code(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    def next_tick_ms(self) -> int | None: ...


R = TypeVar("R", bound=Timed)


class Timers(Generic[R]):
    """Each room's wake-up (by code: the time it is set for) and the periodic sweeps, on `clock`: `due(room)` is
    called when a room's time comes, `expire(now_ms)` every `EXPIRE_EVERY_S` and `sweep(now_s)` every
    `SWEEP_EVERY_S` (of the clock)."""

    def __init__(self, clock: Clock, due: Callable[[R], None], expire: Callable[[int], None],
                 sweep: Callable[[float], None]) -> None:
        self.clock = clock
        self._due = due
        self._expire = expire
        self._sweep = sweep
        self._loop: asyncio.AbstractEventLoop | None = None
        self._rooms: dict[str, tuple[int, Alarm]] = {}  # room code -> the time its wake-up is set for
        self._sweeps: list[Alarm] = []

    @property
    def running(self) -> bool:
        return self._loop is not None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Wake-ups are set from now on (before, `arm` sets none: the rooms are set when the server starts)."""
        self._loop = loop
        self._every(EXPIRE_EVERY_S, lambda: self._expire(self.clock.now_ms()), 0)
        self._every(SWEEP_EVERY_S, lambda: self._sweep(self.clock.monotonic()), 1)

    def _every(self, every_s: float, job: Callable[[], None], slot: int) -> None:
        assert self._loop is not None
        loop = self._loop

        def fire() -> None:
            if self._loop is loop:
                self._sweeps[slot] = self.clock.call_at(loop, self.clock.now_ms() + int(every_s * 1000), fire)
                job()
        alarm = self.clock.call_at(loop, self.clock.now_ms() + int(every_s * 1000), fire)
        if slot < len(self._sweeps):
            self._sweeps[slot] = alarm
        else:
            self._sweeps.append(alarm)

    def stop(self) -> None:
        """Every wake-up called off; none is set from now on."""
        for _due, alarm in self._rooms.values():
            alarm.cancel()
        self._rooms.clear()
        for alarm in self._sweeps:
            alarm.cancel()
        self._sweeps.clear()
        self._loop = None

    def arm(self, room: R, not_before: int = 0) -> None:
        """Set the room's wake-up for when it next has something to do (not before `not_before`), unless it is
        set for that time or sooner already; called after anything that may change that time (a message to the
        room, a connection lost, the room's own tick). A wake-up with nothing due (the room's time moved later)
        only sets it again."""
        due = room.next_tick_ms()
        if due is None or self._loop is None or room.closed:
            return
        due = max(due, not_before)
        armed = self._rooms.get(room.code)
        if armed is not None:
            if armed[0] <= due:
                return
            armed[1].cancel()
        self._rooms[room.code] = (due, self.clock.call_at(self._loop, due, lambda: self._fire(room)))

    def rearm(self, room: R) -> None:
        """After the room acted: its wake-up set again, at least `TICK_S` on (a room that still has something to do
        at once, as a bot thinking in the worker, is not looked at in a busy loop)."""
        self.arm(room, self.clock.now_ms() + int(TICK_S * 1000))

    def forget(self, code: str) -> None:
        """The room's wake-up called off (the room is closed)."""
        armed = self._rooms.pop(code, None)
        if armed is not None:
            armed[1].cancel()

    def _fire(self, room: R) -> None:
        self._rooms.pop(room.code, None)
        self._due(room)
