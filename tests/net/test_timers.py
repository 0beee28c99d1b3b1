"""Each room's wake-up: the server wakes a room when it next has something to do (a bot to move, a grace or a
turn clock running out), set again whenever that time may have changed, and never looks at it in a busy loop;
the sweeps run on the same clock. The rooms' time is a test's clock (`netkit.FakeClock`): moving it wakes what is
due, and nothing waits real seconds."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from netkit import FakeClock, arzium_setup

from common.games import room_sides
from common.net.connection import Conn
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server
from common.net.timers import EXPIRE_EVERY_S, SWEEP_EVERY_S, TICK_S

T = TypeVar("T")


class Clocked:
    """A room whose next due time the test sets; its ticks are kept (the server's clock then)."""

    def __init__(self, code: str, due: int | None = None, keeps_due: bool = False) -> None:
        self.code = code
        self.addr = ""
        self.phase = "lobby"
        self.closed = False
        self.due = due
        self.keeps_due = keeps_due  # something to do at once after every tick, as a bot thinking in the worker
        self.ticks: list[int] = []

    def next_tick_ms(self) -> int | None:
        return self.due

    def close(self) -> None:
        self.closed = True

    def tick(self, now: int) -> None:
        self.ticks.append(now)
        if not self.keeps_due:
            self.due = None

    def expired(self, _now: int) -> bool:
        return False

    def forget_watchers(self, _now: int) -> list[str]:
        return []


def _served(body: Callable[[Server, FakeClock], Awaitable[T]], clock: FakeClock | None = None) -> T:
    async def run() -> T:
        fake = clock or FakeClock()
        server = Server(None, room_sides(), clock=fake)
        await server.start("127.0.0.1", 0)
        try:
            return await body(server, fake)
        finally:
            await server.stop()
    return asyncio.run(run())


def _added(server: Server, room: Clocked) -> Clocked:
    server.rooms[room.code] = room  # type: ignore[assignment]
    server.timers.arm(room)  # type: ignore[arg-type]
    return room


def test_a_time_brought_forward_wakes_the_room_then_not_at_the_old_time() -> None:
    async def body(server: Server, clock: FakeClock) -> list[int]:
        t0 = clock.now_ms()
        room = _added(server, Clocked("EARLY", t0 + 60_000))
        clock.advance(0.05)
        assert room.ticks == []
        room.due = t0 + 200
        server.timers.arm(room)  # type: ignore[arg-type]
        clock.advance(0.1)
        assert room.ticks == []  # not before its time
        clock.advance(0.05)
        assert room.ticks == [t0 + 200]  # at it
        clock.advance(120)
        return room.ticks  # and not at the old one, a minute later
    assert len(_served(body)) == 1


def test_a_time_put_off_wakes_the_room_only_at_the_new_time() -> None:
    async def body(server: Server, clock: FakeClock) -> list[int]:
        t0 = clock.now_ms()
        room = _added(server, Clocked("LATER", t0 + 50))
        room.due = t0 + 400  # the wake-up set for 50 ms comes, finds nothing due, and is set again
        clock.advance(0.1)
        assert room.ticks == []
        clock.advance(0.3)
        return room.ticks
    assert _served(body) == [FakeClock().now_ms() + 400]


def test_a_room_with_something_to_do_at_once_is_looked_at_every_tick_not_in_a_busy_loop() -> None:
    async def body(server: Server, clock: FakeClock) -> list[int]:
        t0 = clock.now_ms()
        room = _added(server, Clocked("BUSY", 0, keeps_due=True))
        await asyncio.sleep(0)  # its time has come: it is looked at in the loop's next turn
        for _ in range(20):
            clock.advance(TICK_S / 5)
        server.close_room(room)  # type: ignore[arg-type]
        clock.advance(1)
        return [t - t0 for t in room.ticks]
    step = int(TICK_S * 1000)
    assert _served(body) == [0, step, 2 * step, 3 * step, 4 * step]  # 100 ms: once every TICK_S, no more


def test_a_closed_room_is_not_woken() -> None:
    async def body(server: Server, clock: FakeClock) -> list[int]:
        room = _added(server, Clocked("GONE", clock.now_ms() + 30))
        room.closed = True
        del server.rooms[room.code]
        clock.advance(0.15)
        return room.ticks
    assert _served(body) == []


def test_the_sweeps_run_on_the_servers_clock() -> None:
    """A connection that never says hello is closed once `hello_s` of the server's clock went by, by the sweep
    that runs every `SWEEP_EVERY_S`; a room idle past its time is closed by the one every `EXPIRE_EVERY_S`."""
    async def body(server: Server, clock: FakeClock) -> tuple[list[str], list[str]]:
        kicked: list[str] = []
        conn = Conn(lambda _text: None, "10.0.0.8", opened=clock.monotonic())
        conn.shut = lambda _code, reason: kicked.append(reason)
        server.conns[object()] = conn  # type: ignore[index]
        room = _added(server, Clocked("IDLE"))
        room.expired = lambda now: now >= expires  # type: ignore[method-assign]
        expires = clock.now_ms() + 15_000
        clock.advance(server.limits.hello_s - SWEEP_EVERY_S)
        assert kicked == [] and "IDLE" in server.rooms
        clock.advance(SWEEP_EVERY_S)
        assert kicked == ["no hello in time"]
        clock.advance(2 * EXPIRE_EVERY_S - server.limits.hello_s)
        return kicked, list(server.rooms)
    assert _served(body) == (["no hello in time"], [])


def test_a_bot_seat_moves_on_its_own_after_the_game_starts() -> None:
    """No tick called by hand: the start sets the room's wake-up, and the bot's move reaches the person (the bot
    thinks in real time: the wait is for the frame, not for a time)."""
    async def body() -> list[dict[str, Any]]:
        server = Server(None, room_sides())
        await server.start("127.0.0.1", 0)
        got: list[dict[str, Any]] = []
        moved = asyncio.Event()

        def sent(text: str) -> None:
            frame = json.loads(text)
            got.append(frame)
            if frame["kind"] == "update" and any(s == 1 for _n, s, _a in frame["actions"]):
                moved.set()
        conn = Conn(sent, "10.0.0.9")
        setup = {**arzium_setup(1, bots=1), "first_player": 1}  # the bot's seat plays first
        try:
            for msg in ({"kind": "hello", "version": PROTOCOL_VERSION},
                        {"kind": "create", "game": "arzium", "setup": setup, "name": "Ana", "seat": 0},
                        {"kind": "start"}):
                server.receive(conn, json.dumps(msg))
            await asyncio.wait_for(moved.wait(), 30)  # a hang, not a pace
        finally:
            await server.stop()
        return got
    frames = asyncio.run(body())
    assert [f["kind"] for f in frames if f["kind"] == "game"] == ["game"]
