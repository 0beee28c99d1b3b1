"""net-bench's baseline: the run's moves sent again to a bare echo server, each timed sent → back, and the
rooms' figures over the echo's."""
from __future__ import annotations

import asyncio
import json

from websockets.asyncio.server import ServerConnection, serve

from common.net.baseline import ratios, replay


def test_every_move_of_every_script_is_sent_on_its_own_connection_and_timed_back() -> None:
    scripts = [[(1000.0 + 10 * i, json.dumps({"kind": "act", "id": i})) for i in range(5)],
               [(1005.0, json.dumps({"kind": "confirm", "id": 1}))], []]
    connections: list[list[int]] = []

    async def main() -> list[float]:
        async def echo(ws: ServerConnection) -> None:
            ids: list[int] = []
            connections.append(ids)
            async for frame in ws:
                ids.append(json.loads(frame)["id"])
                await ws.send(frame)

        async with serve(echo, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            return await replay(f"ws://127.0.0.1:{port}", scripts)
    rtts = asyncio.run(main())
    assert len(rtts) == 6 and all(ms >= 0 for ms in rtts)
    assert sorted(connections) == [[0, 1, 2, 3, 4], [1]]  # in order, one connection a script, none for no moves


def test_the_ratios_are_the_rooms_figures_over_the_echos() -> None:
    echo = {"rtt_ms": {"p50": 2.0, "p99": 8.0}, "server_cpu_ms_per_move": 0.25, "clients_cpu_ms_per_move": 0.5}
    assert ratios({"p50": 5.0, "p99": 40.0}, 1.0, 1.5, echo) == {
        "rtt_p50": 2.5, "rtt_p99": 5.0, "server_cpu_per_move": 4.0, "clients_cpu_per_move": 3.0}
    unknown = ratios({"p50": None, "p99": None}, None, 1.5, {**echo, "rtt_ms": None})
    assert unknown == {"rtt_p50": None, "rtt_p99": None, "server_cpu_per_move": None, "clients_cpu_per_move": 3.0}
