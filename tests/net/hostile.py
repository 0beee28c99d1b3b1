"""Hostile clients for a room server's limits, from one or many loopback addresses (127.x.y.z each an address of
its own): a flood of rooms made, of connections, of messages and bytes, of watchers, and readers that never read.
Each attack returns what the server let it do (`test_hostile.py` checks those against PROTOCOL.md's limits).

Run on its own against a server: `python tests/net/hostile.py ws://127.0.0.1:PORT` prints the figures as JSON."""
from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from arzium.rules.state import default_setup
from common.net.protocol import MAX_BYTES, PROTOCOL_VERSION

HELLO = json.dumps({"kind": "hello", "version": PROTOCOL_VERSION})
SETUP = default_setup(2, full_game=True).to_dict()


def address(n: int) -> str:
    """The n-th hostile loopback address (127.1.0.1, 127.1.0.2, ...)."""
    return f"127.1.{n // 250}.{n % 250 + 1}"


async def open_from(url: str, local: str, rcvbuf: int | None = None, **kwargs: Any) -> ClientConnection:
    """A WebSocket to `url` from the loopback address `local` (with a small receive buffer: a slow reader)."""
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.bind((local, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, (parts.hostname, parts.port))
    except BaseException:
        sock.close()
        raise
    return await connect(url, sock=sock, open_timeout=10, ping_interval=None, close_timeout=1,
                         max_size=2 ** 22, **kwargs)


async def answers(ws: ClientConnection, kinds: set[str], within_s: float = 5.0) -> dict[str, Any] | None:
    """The next frame of one of `kinds` (None: closed or not in time)."""
    with contextlib.suppress(TimeoutError, ConnectionClosed):
        async with asyncio.timeout(within_s):
            async for text in ws:
                frame = json.loads(text)
                if frame.get("kind") in kinds:
                    return dict(frame)
    return None


@dataclass
class Tally:
    """What an attack was let do."""

    outcomes: Counter[str] = field(default_factory=Counter)
    per_address: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        return {"outcomes": dict(self.outcomes), "most_per_address": max(self.per_address.values(), default=0),
                "addresses": len(self.per_address), "seconds": sorted(round(s, 2) for s in self.seconds)}


async def connections(url: str, addresses: list[str], each: int, hold_s: float = 0.0) -> Tally:
    """`each` connections from every address (no hello), held `hold_s`: how many the server took from each."""
    tally = Tally()
    opened: list[ClientConnection] = []

    async def one(local: str) -> None:
        try:
            opened.append(await open_from(url, local))
            tally.per_address[local] += 1
            tally.outcomes["open"] += 1
        except InvalidStatus as exc:
            tally.outcomes[f"http {exc.response.status_code}"] += 1
        except (OSError, TimeoutError, WebSocketException) as exc:
            tally.outcomes[type(exc).__name__] += 1
    await asyncio.gather(*(one(a) for a in addresses for _ in range(each)))
    if hold_s:
        start = time.monotonic()
        closed = await asyncio.gather(*(_closed_within(ws, hold_s) for ws in opened))
        tally.outcomes["closed by the server"] = sum(closed)
        tally.seconds = [time.monotonic() - start]
    for ws in opened:
        with contextlib.suppress(Exception):
            await ws.close()
    return tally


async def _closed_within(ws: ClientConnection, seconds: float) -> bool:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(ws.wait_closed(), seconds)
    return ws.close_code is not None


async def creates(url: str, addresses: list[str], conns_each: int, tries_each: int) -> Tally:
    """Every connection of every address makes rooms as fast as it is answered: how many the server made."""
    tally = Tally()

    async def one(local: str) -> None:
        try:
            ws = await open_from(url, local)
        except (OSError, TimeoutError, WebSocketException):
            tally.outcomes["not connected"] += 1
            return
        async with ws:
            await ws.send(HELLO)
            for _ in range(tries_each):
                await ws.send(json.dumps({"kind": "create", "game": "arzium", "setup": SETUP, "name": "Mallory",
                                          "seat": 0}))
                got = await answers(ws, {"joined", "error"})
                if got is None:
                    tally.outcomes["no answer"] += 1
                    return
                tally.outcomes[got.get("code", "joined") if got["kind"] == "error" else "joined"] += 1
                if got["kind"] == "joined":
                    tally.per_address[local] += 1
    await asyncio.gather(*(one(a) for a in addresses for _ in range(conns_each)))
    return tally


async def flood(url: str, local: str, frame_bytes: int = MAX_BYTES - 100, within_s: float = 30.0) -> Tally:
    """One connection sends frames of `frame_bytes` as fast as it can: how long until the server closed it, and
    how many of its dropped frames it answered."""
    tally = Tally()
    ws = await open_from(url, local)
    await ws.send(HELLO)
    start = time.monotonic()
    pad = "x" * frame_bytes

    async def read() -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                frame = json.loads(text)
                tally.outcomes[frame.get("code", frame["kind"])] += 1
    reader = asyncio.create_task(read())
    try:
        while time.monotonic() - start < within_s:
            await ws.send(json.dumps({"kind": "ping", "t": 1, "pad": pad}))
            tally.outcomes["sent"] += 1
    except ConnectionClosed:
        pass
    await asyncio.wait_for(ws.wait_closed(), 5)
    reader.cancel()
    tally.outcomes[f"closed {ws.close_code}"] += 1
    tally.seconds = [time.monotonic() - start]
    return tally


async def watchers(url: str, code: str, addresses: list[str], each: int) -> Tally:
    """`each` watchers from every address join the room `code` and stay: how many the room took."""
    tally = Tally()
    opened: list[ClientConnection] = []

    async def one(local: str) -> None:
        try:
            ws = await open_from(url, local)
        except (OSError, TimeoutError, WebSocketException):
            tally.outcomes["not connected"] += 1
            return
        opened.append(ws)
        await ws.send(HELLO)
        await ws.send(json.dumps({"kind": "join", "code": code, "name": "Eve", "seat": "watch"}))
        got = await answers(ws, {"joined", "error"})
        tally.outcomes["no answer" if got is None else got["kind"] if got["kind"] == "joined" else got["code"]] += 1
    await asyncio.gather(*(one(a) for a in addresses for _ in range(each)))
    for ws in opened:
        with contextlib.suppress(Exception):
            await ws.close()
    return tally


async def finished_room(url: str, local: str) -> str:
    """A room whose game is over (two bots played it while its creator watched); its code."""
    ws = await open_from(url, local)
    async with ws:
        await ws.send(HELLO)
        setup = default_setup(2, full_game=True, bots=2).to_dict()
        await ws.send(json.dumps({"kind": "create", "game": "arzium", "setup": setup, "name": "Ana", "seat": None}))
        joined = await answers(ws, {"joined", "error"})
        assert joined is not None and joined["kind"] == "joined", joined
        await ws.send(json.dumps({"kind": "start"}))
        assert await answers(ws, {"result"}, 120.0) is not None, "the bots did not finish the game"
    return str(joined["code"])


async def slow_readers(url: str, code: str, addresses: list[str], rejoins: int) -> Tally:
    """Watchers of a finished room that never read rejoin it with their tokens again and again (each rejoin is
    sent its game and its replay): whether the server cut them off."""
    tally = Tally()

    async def one(local: str) -> None:
        try:
            ws = await open_from(url, local, rcvbuf=4096, max_queue=1)
            await ws.send(HELLO)
            await ws.send(json.dumps({"kind": "join", "code": code, "name": "Eve", "seat": "watch"}))
            joined = await answers(ws, {"joined", "error"})
        except (OSError, TimeoutError, WebSocketException):
            tally.outcomes["not connected"] += 1
            return
        if joined is None or joined["kind"] != "joined":
            tally.outcomes["not let in"] += 1
            ws.transport.abort()
            return
        hello = json.dumps({"kind": "hello", "version": PROTOCOL_VERSION, "token": joined["token"]})
        try:
            for _ in range(rejoins):
                await ws.send(hello)
                await asyncio.sleep(1.05)  # one return a second, as the server allows
            tally.outcomes["sent all"] += 1
        except ConnectionClosed:
            tally.outcomes["closed while sending"] += 1
        tally.outcomes["closed by the server" if await _cut_off(ws) else "still open"] += 1
        ws.transport.abort()
    await asyncio.gather(*(one(a) for a in addresses))
    return tally


async def _cut_off(ws: ClientConnection) -> bool:
    """Whether the server cut a connection that does not read off (its pings can no longer be sent)."""
    try:
        for _ in range(50):
            await asyncio.wait_for(ws.send(json.dumps({"kind": "ping", "t": 1})), 1)
            await asyncio.sleep(0.1)
    except (ConnectionClosed, OSError, TimeoutError):
        return True
    return False


class Said(dict[str, Any]):
    """Figures that are printed (to stderr) as they come."""

    def __setitem__(self, key: str, value: Any) -> None:
        print(key, json.dumps(value), file=sys.stderr, flush=True)
        super().__setitem__(key, value)


async def everything(url: str) -> dict[str, Any]:
    """Each attack in turn, from one address and from many; the figures."""
    many = [address(n) for n in range(10, 20)]
    out: dict[str, Any] = Said()
    out["connections, one address"] = (await connections(url, [address(1)], 100)).figures()
    out["connections, 10 addresses"] = (await connections(url, many, 70)).figures()
    out["silent connections closed"] = (await connections(url, [address(2)], 20, hold_s=15)).figures()
    out["creates, one address"] = (await creates(url, [address(3)], 20, 5)).figures()
    out["creates, 10 addresses"] = (await creates(url, [address(n) for n in range(30, 40)], 5, 5)).figures()
    out["flood, 64 KiB frames"] = (await flood(url, address(4))).figures()
    out["flood, small frames"] = (await flood(url, address(5), frame_bytes=10)).figures()
    ws = await open_from(url, address(6))
    async with ws:
        await ws.send(HELLO)
        await ws.send(json.dumps({"kind": "create", "game": "arzium", "setup": SETUP, "name": "Ana", "seat": 0}))
        joined = await answers(ws, {"joined", "error"})
        assert joined is not None and joined["kind"] == "joined", joined
        out["watchers, 10 addresses"] = (await watchers(url, joined["code"], many, 5)).figures()
    code = await finished_room(url, address(7))
    out["slow readers"] = (await slow_readers(url, code, [address(n) for n in range(50, 80)], 30)).figures()
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(everything(sys.argv[1])), indent=1))
