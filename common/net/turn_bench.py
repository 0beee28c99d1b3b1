"""`net-bench --turn-based N`: how far one server goes with turn-based tables. N tables of two people are opened
(each person's connection closes as soon as the table started, as an app closes after a move); then players
arrive at random, each on a connection of its own: `hello` with their token, and when the table waits on them,
one whole turn (each `act` and the `confirm` timed from sent to answered), then the connection closes. Reported:
the round trips of a move (p50, p99, max), arrivals and moves per second, and the store's size per table (the
server's data folder given with `--own-server`: the server is run here, as `serve` would run it)."""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from common.net.bench import Player, ServerProcess
from common.net.clock import ServerClock
from common.net.messages import ClientMessage, ClockBank, GameJson, Received
from common.net.protocol import MAX_BYTES, PROTOCOL_VERSION, encode
from common.net.store import FILE_NAME

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

DAILY: ClockBank = {"mode": "bank", "bank_s": 3 * 86_400, "increment_s": 86_400, "out": "bot"}
OPEN_AT_ONCE = 32  # tables opened at the same time (each two connections)


class TripsMs(TypedDict):
    p50: float
    p99: float
    max: float


class TurnReport(TypedDict):
    """A turn-based run's figures: the tables and arrivals, the turns played and messages timed, how long opening
    and playing took, a move's round trip (ms), the store's size and the server's memory (None: not measured)."""

    tables: int
    arrivals: int
    turns_played: int
    messages: int
    open_s: float
    play_s: float
    arrivals_per_s: float
    rtt_ms: TripsMs
    store_bytes: int
    store_bytes_per_table: int | None
    rss_kb: int | None
    rss_kb_per_table: float | None


class _Now:
    """The bench's clock for the scripted players (they never wait on it)."""

    def server_now_ms(self) -> float:
        return time.time() * 1000


async def _open(ws: ClientConnection, msg: ClientMessage) -> None:
    await ws.send(encode(msg))


async def _until(ws: ClientConnection, done: Callable[[Received], bool], seen: list[Received] | None = None
                 ) -> Received:
    while True:
        frame: Received = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if seen is not None:
            seen.append(frame)
        if done(frame):
            return frame


async def open_table(url: str, setup: GameJson) -> tuple[str, str]:
    """A started turn-based table of two people; their tokens."""
    from websockets.asyncio.client import connect
    async with connect(url, max_size=MAX_BYTES) as a, connect(url, max_size=MAX_BYTES) as b:
        await _open(a, {"kind": "hello", "version": PROTOCOL_VERSION})
        await _open(a, {"kind": "create", "game": "arzium", "setup": setup, "name": "Ana", "seat": 0,
                        "pace": "turn", "clock": DAILY})
        joined = await _until(a, lambda f: f.get("kind") in ("joined", "error"))
        if joined["kind"] == "error":
            raise RuntimeError(joined.get("message", "the server refused a table"))
        await _open(b, {"kind": "hello", "version": PROTOCOL_VERSION})
        await _open(b, {"kind": "join", "code": joined["code"], "name": "Bo", "seat": 1})
        other = await _until(b, lambda f: f.get("kind") in ("joined", "error"))
        if other["kind"] == "error":
            raise RuntimeError(other.get("message", "the server refused a seat"))
        await _open(b, {"kind": "ready", "ready": True})
        await _until(a, lambda f: f.get("kind") == "room" and f["seats"][1]["ready"])
        await _open(a, {"kind": "start"})
        await _until(a, lambda f: f.get("kind") == "game")
        return str(joined["token"]), str(other["token"])


async def arrive(url: str, token: str, player: Player, trips: list[float]) -> int:
    """A player opens their table, plays their turn if it is theirs (each message's round trip added to `trips`),
    and closes it; the messages sent."""
    from websockets.asyncio.client import connect
    sent = 0
    async with connect(url, max_size=MAX_BYTES) as ws:
        await _open(ws, {"kind": "hello", "version": PROTOCOL_VERSION, "token": token})
        frames: list[Received] = []
        await _until(ws, lambda f: f.get("kind") in ("game", "error"), frames)
        for frame in frames:
            player.absorb(frame)
        while (msg := player.next_message()) is not None:
            start = time.perf_counter()
            await ws.send(encode(msg))
            sent += 1
            answered: list[Received] = []
            await _until(ws, lambda f: f.get("id") == msg["id"] and f.get("kind") in ("turn", "refused", "error"),
                         answered)
            trips.append((time.perf_counter() - start) * 1000)
            for frame in answered:
                player.absorb(frame)
            if answered[-1].get("kind") in ("error", "refused") or msg["kind"] == "confirm":
                break
    return sent


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)


async def turn_bench(url: str, tables: int, arrivals: int, setup: Callable[[int, int], GameJson],
                     new_player: Callable[[int, ServerClock], Player], own_data: Path | None = None,
                     seed: int = 1, concurrency: int = OPEN_AT_ONCE) -> TurnReport:
    """Open `tables` turn-based tables, then `arrivals` players arriving at random (`concurrency` at a time);
    the figures."""
    server = None
    if own_data is not None:
        port = int(url.rsplit(":", 1)[1])
        server = ServerProcess(port, own_data)
        server.start()
        await server.ready()
    try:
        gate = asyncio.Semaphore(concurrency)
        opened: list[tuple[str, str]] = []
        t0 = time.perf_counter()

        async def one(i: int) -> None:
            async with gate:
                opened.append(await open_table(url, setup(i, 2)))
        await asyncio.gather(*(one(i) for i in range(tables)))
        open_s = time.perf_counter() - t0
        rng = random.Random(seed)
        trips: list[float] = []
        moved = 0
        t1 = time.perf_counter()

        async def visit(k: int) -> None:
            nonlocal moved
            table = rng.randrange(len(opened))
            seat = rng.randrange(2)
            async with gate:
                sent = await arrive(url, opened[table][seat], new_player(seat * 7919 + k, _Now()), trips)
            moved += sent > 0
        await asyncio.gather(*(visit(k) for k in range(arrivals)))
        play_s = time.perf_counter() - t1
        rss_kb = _rss_kb(server.stats) if server is not None else None
    finally:
        if server is not None:
            server.stop()  # the store is closed: its log is folded into the file measured
    store = 0
    if own_data is not None:
        store = sum((own_data / n).stat().st_size for n in (FILE_NAME, FILE_NAME + "-wal")
                    if (own_data / n).is_file())
    return {"tables": tables, "arrivals": arrivals, "turns_played": moved, "messages": len(trips),
            "open_s": round(open_s, 1), "play_s": round(play_s, 1),
            "arrivals_per_s": round(arrivals / play_s, 1) if play_s else 0.0,
            "rtt_ms": {"p50": _pct(trips, 0.5), "p99": _pct(trips, 0.99), "max": _pct(trips, 1.0)},
            "store_bytes": store, "store_bytes_per_table": round(store / tables) if store else None,
            "rss_kb": rss_kb, "rss_kb_per_table": round(rss_kb / tables, 1) if rss_kb else None}


def _rss_kb(stats: Path) -> int | None:
    """The server's resident memory in its last stats line (None: no line yet)."""
    try:
        last = stats.read_text(encoding="utf-8").strip().splitlines()[-1]
        value = json.loads(last).get("rss_kb")
    except (OSError, ValueError, IndexError):
        return None
    return value if isinstance(value, int) else None


def format_turn_report(r: TurnReport) -> str:
    """The figures as a few lines."""
    rtt = r["rtt_ms"]
    store = f"; store {r['store_bytes']:,} bytes, {r['store_bytes_per_table']:,} a table" \
        if r["store_bytes_per_table"] else ""
    memory = f"; server memory {r['rss_kb']:,} kB, {r['rss_kb_per_table']} kB a table" if r["rss_kb"] else ""
    return (f"turn-based: {r['tables']:,} tables opened in {r['open_s']} s; {r['arrivals']:,} players arrived at "
            f"random in {r['play_s']} s ({r['arrivals_per_s']}/s), {r['turns_played']:,} turns played\n"
            f"a move's round trip (act or confirm, sent to answered): p50 {rtt['p50']} ms, p99 {rtt['p99']} ms, "
            f"max {rtt['max']} ms ({r['messages']:,} messages){store}{memory}")
