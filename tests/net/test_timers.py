"""Each room's timer: the server wakes a room when it next has something to do (a bot to move, a grace or a
turn clock running out), set again whenever that time may have changed, and never looks at it in a busy loop."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from netkit import arzium_setup

from common.games import room_sides
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import TICK_S, Conn, Server, now_ms


class Clocked:
    """A room whose next due time the test sets; its ticks are kept (the server's clock then)."""

    def __init__(self, code: str, due: int | None = None, keeps_due: bool = False) -> None:
        self.code = code
        self.addr = ""
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


async def _served(body: Any) -> Any:
    server = Server(None, room_sides())
    await server.start("127.0.0.1", 0)
    try:
        return await body(server)
    finally:
        await server.stop()


async def _until(done: Any, within_s: float = 5.0) -> None:
    end = asyncio.get_running_loop().time() + within_s
    while not done():
        assert asyncio.get_running_loop().time() < end, "the room was not woken in time"
        await asyncio.sleep(0.005)


def test_a_time_brought_forward_wakes_the_room_then_not_at_the_old_time() -> None:
    async def body(server: Server) -> list[int]:
        room = Clocked("EARLY", now_ms() + 60_000)
        server.rooms[room.code] = room  # type: ignore[assignment]
        server.arm(room)  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        assert room.ticks == []
        room.due = now_ms() + 150
        due = room.due
        server.arm(room)  # type: ignore[arg-type]
        await _until(lambda: room.ticks)
        assert room.ticks[0] >= due  # not before its time
        assert now_ms() - due < 1_000  # and not at the old one, a minute later
        return room.ticks
    assert len(asyncio.run(_served(body))) == 1


def test_a_time_put_off_wakes_the_room_only_at_the_new_time() -> None:
    async def body(server: Server) -> None:
        room = Clocked("LATER", now_ms() + 50)
        server.rooms[room.code] = room  # type: ignore[assignment]
        server.arm(room)  # type: ignore[arg-type]
        room.due = now_ms() + 400  # the timer set for 50 ms fires, finds nothing due, and is set again
        due = room.due
        await _until(lambda: room.ticks)
        assert room.ticks[0] >= due
    asyncio.run(_served(body))


def test_a_room_with_something_to_do_at_once_is_looked_at_every_tick_not_in_a_busy_loop() -> None:
    async def body(server: Server) -> int:
        room = Clocked("BUSY", 0, keeps_due=True)
        server.rooms[room.code] = room  # type: ignore[assignment]
        server.arm(room)  # type: ignore[arg-type]
        await asyncio.sleep(0.5)
        server.close_room(room)  # type: ignore[arg-type]
        return len(room.ticks)
    ticks = asyncio.run(_served(body))
    assert 3 <= ticks <= 0.5 / TICK_S + 2


def test_a_closed_room_is_not_woken() -> None:
    async def body(server: Server) -> list[int]:
        room = Clocked("GONE", now_ms() + 30)
        server.rooms[room.code] = room  # type: ignore[assignment]
        server.arm(room)  # type: ignore[arg-type]
        room.closed = True
        del server.rooms[room.code]
        await asyncio.sleep(0.15)
        return room.ticks
    assert asyncio.run(_served(body)) == []


def test_a_bot_seat_moves_on_its_own_after_the_game_starts() -> None:
    """No tick called by hand: the start sets the room's timer, and the bot's move reaches the person."""
    async def body(server: Server) -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []
        conn = Conn(lambda text: got.append(json.loads(text)), "10.0.0.9", rate=(1e9, 1e9), tokens=1e9)
        setup = {**arzium_setup(1, bots=1), "first_player": 1}  # the bot's seat plays first
        for msg in ({"kind": "hello", "version": PROTOCOL_VERSION},
                    {"kind": "create", "game": "arzium", "setup": setup, "name": "Ana", "seat": 0},
                    {"kind": "start"}):
            server.receive(conn, json.dumps(msg))
        await _until(lambda: any(f["kind"] == "update" and any(s == 1 for _n, s, _a in f["actions"]) for f in got))
        return got
    frames = asyncio.run(_served(body))
    assert [f["kind"] for f in frames if f["kind"] == "game"] == ["game"]
