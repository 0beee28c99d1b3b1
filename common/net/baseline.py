"""The bench's baseline: the moves of a `net-bench` run sent again, at the same moments and over as many
connections, to a bare `websockets` echo server in a process of its own. What the rooms add to a move's round
trip and to the server's CPU per move is then a ratio measured in one run, on one machine, at one time.

A move's round trip against the echo is its message sent → the same text back (the bench's clients time
theirs the same way: sent → the frame carrying its `id`). The echo process says its CPU seconds when its
standard input closes (`python -m common.net.baseline`).
"""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import TypedDict

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import WebSocketException

from common.net.stalls import spread

Script = Sequence[tuple[float, str]]
"""One client's moves: when each left (monotonic ms) and its text (a JSON object with an `id`)."""

MAX_BYTES = 2 ** 20


class RoundTrips(TypedDict):
    """A run's round trips (ms): the percentiles and the longest (None when no move came back), how many."""

    p50: float | None
    p95: float | None
    p99: float | None
    max: float | None
    n: int


class EchoFigures(TypedDict):
    """The moves replayed against the echo: how many, on how many connections, their round trips (ms; None: none
    came back) and the CPU the echo server and this process used a move (ms)."""

    moves: int
    connections: int
    rtt_ms: dict[str, float | int] | None
    server_cpu_ms_per_move: float
    clients_cpu_ms_per_move: float


class Ratios(TypedDict):
    """The rooms' figures over the echo's (None where either is unknown)."""

    rtt_p50: float | None
    rtt_p99: float | None
    server_cpu_per_move: float | None
    clients_cpu_per_move: float | None


class Baseline(EchoFigures):
    ratio: Ratios


class EchoProcess:
    """A bare `websockets` echo server on 127.0.0.1 in a process of its own (so its CPU is its own)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.started_cpu_s = 0.0  # what its start took (Python, websockets), left out of its figures

    async def start(self) -> str:
        """Start it; its URL (an ephemeral port)."""
        self.proc = subprocess.Popen([sys.executable, "-m", "common.net.baseline"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = await asyncio.to_thread(self.proc.stdout.readline)
        try:
            ready = json.loads(line)
            port, self.started_cpu_s = int(ready["port"]), float(ready["cpu_s"])
        except (ValueError, KeyError, TypeError):
            self.proc.kill()
            raise RuntimeError("the echo server did not start") from None
        return f"ws://127.0.0.1:{port}"

    async def stop(self) -> float:
        """Stop it; the CPU seconds it used since it was ready."""
        assert self.proc is not None
        said, _err = await asyncio.to_thread(self.proc.communicate, None, 30)  # its standard input closed
        try:
            return float(json.loads(said.strip().splitlines()[-1])["cpu_s"]) - self.started_cpu_s
        except (ValueError, KeyError, IndexError, TypeError):
            raise RuntimeError("the echo server did not say its CPU time") from None


async def replay(url: str, scripts: Sequence[Script], timeout_s: float = 600.0) -> list[float]:
    """Each script on a connection of its own, its moves sent at the same offsets from the first move of all as
    they were in the run; the round trips (ms) of the moves echoed back within `timeout_s`."""
    starts = [script[0][0] for script in scripts if script]
    if not starts:
        return []
    first, began = min(starts), time.monotonic() * 1000
    rtts: list[float] = []

    async def one(script: Script) -> None:
        waiting: dict[object, float] = {}
        all_back = asyncio.Event()
        async with connect(url, max_size=MAX_BYTES, ping_interval=None, compression=None) as ws:

            async def read() -> None:
                async for text in ws:
                    sent = waiting.pop(json.loads(text).get("id"), None)
                    if sent is not None:
                        rtts.append(time.monotonic() * 1000 - sent)
                    if not waiting and sent_all:
                        all_back.set()

            sent_all = False
            reader = asyncio.create_task(read())
            for at, text in script:
                await asyncio.sleep(max(0.0, (at - first) - (time.monotonic() * 1000 - began)) / 1000)
                waiting[json.loads(text)["id"]] = time.monotonic() * 1000
                await ws.send(text)
            sent_all = True
            if not waiting:
                all_back.set()
            try:
                await asyncio.wait_for(all_back.wait(), timeout_s)
            finally:
                reader.cancel()

    await asyncio.gather(*(one(script) for script in scripts if script))
    return rtts


async def echo_baseline(scripts: Sequence[Script], timeout_s: float = 600.0) -> EchoFigures:
    """The scripts replayed against an echo process: its round trips, and its CPU and this process's per move."""
    echo = EchoProcess()
    url = await echo.start()
    cpu_before = time.process_time()
    try:
        rtts = await replay(url, scripts, timeout_s)
    except (OSError, TimeoutError, WebSocketException) as exc:
        await echo.stop()
        raise RuntimeError(f"the baseline's replay failed: {type(exc).__name__}: {exc}") from None
    clients_cpu = time.process_time() - cpu_before
    server_cpu = await echo.stop()
    moves = sum(len(s) for s in scripts)
    return {"moves": moves, "connections": sum(1 for s in scripts if s), "rtt_ms": spread(rtts),
            "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, moves), 3),
            "clients_cpu_ms_per_move": round(1000 * clients_cpu / max(1, moves), 3)}


def ratios(rooms_rtt: RoundTrips, rooms_server_ms: float | None, rooms_clients_ms: float | None,
           baseline: EchoFigures) -> Ratios:
    """The rooms' figures over the echo's: round trip p50 and p99 (`rooms_rtt`), the server's and the clients' CPU
    per move (ms; None where unknown: a server the bench does not run and has no stats log of)."""
    echo_rtt = baseline["rtt_ms"] or {}

    def over(a: float | None, b: float | None) -> float | None:
        return round(a / b, 1) if a is not None and b else None
    return {"rtt_p50": over(rooms_rtt.get("p50"), echo_rtt.get("p50")),
            "rtt_p99": over(rooms_rtt.get("p99"), echo_rtt.get("p99")),
            "server_cpu_per_move": over(rooms_server_ms, baseline["server_cpu_ms_per_move"]),
            "clients_cpu_per_move": over(rooms_clients_ms, baseline["clients_cpu_ms_per_move"])}


def format_baseline(b: Baseline) -> str:
    """The baseline and the ratios in two lines for people."""
    rtt, r = b["rtt_ms"] or {}, b["ratio"]

    def times(x: float | None) -> str:
        return f"x{x}" if x is not None else "n/a"
    return (f"baseline, a bare websockets echo ({b['moves']} moves on {b['connections']} connections at the same "
            f"moments): round trip ms p50 {rtt.get('p50')} p99 {rtt.get('p99')} max {rtt.get('max')}; echo server "
            f"CPU {b['server_cpu_ms_per_move']} ms a move, clients {b['clients_cpu_ms_per_move']} ms a move\n"
            f"rooms over the echo: round trip p50 {times(r['rtt_p50'])}, p99 {times(r['rtt_p99'])}; server CPU a move "
            f"{times(r['server_cpu_per_move'])}; clients' CPU a move {times(r['clients_cpu_per_move'])}")


def echo_main() -> None:
    """The echo process: its port (and the CPU seconds its start took) on standard output, then every text frame
    sent back as it came until standard input closes; then its CPU seconds."""
    async def main() -> None:
        async def echo(ws: ServerConnection) -> None:
            async for frame in ws:
                await ws.send(frame)

        async with serve(echo, "127.0.0.1", 0, max_size=MAX_BYTES, compression=None, ping_interval=None) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            print(json.dumps({"port": port, "cpu_s": time.process_time()}), flush=True)
            await asyncio.to_thread(sys.stdin.read)
    asyncio.run(main())
    print(json.dumps({"cpu_s": time.process_time()}), flush=True)


if __name__ == "__main__":
    echo_main()
