"""Hostile clients against the real server (`hostile.py`), from one and from many loopback addresses: what the
server lets them do is PROTOCOL.md's limits, and people playing at the same time are not held up.

The quick test runs a server in this process with small limits (a flood's 5 s are `test_limits.py`'s, on an
injected clock); the slow one
runs `serve` with its own limits, every attack at once with a normal `net-bench` run, and checks the bench's
round trips, its games, and the server's memory."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import hostile
import pytest

from arzium.bench import new_player, room_setup
from common.games import room_sides
from common.net.bench import bench_main
from common.net.limits import CONNS_PER_ADDRESS, HELLO_S, RATE_GRACE_S, ROOMS_PER_ADDRESS, Limits
from common.net.room import MAX_WATCHERS
from common.net.server import Server

ROOT = Path(__file__).resolve().parents[2]


def test_hostile_clients_get_no_more_than_the_limits(tmp_path: Path) -> None:
    limits = Limits(conns_per_address=5, rooms_per_address=3, creates=100)

    async def body() -> dict[str, Any]:
        server = Server(tmp_path, room_sides(), limits=limits)
        url = f"ws://127.0.0.1:{await server.start('127.0.0.1', 0)}"
        out: dict[str, Any] = {}
        try:
            out["one"] = await hostile.connections(url, [hostile.address(1)], 8)
            out["many"] = await hostile.connections(url, [hostile.address(n) for n in range(2, 6)], 7)
            out["creates"] = await hostile.creates(url, [hostile.address(n) for n in range(10, 13)], 4, 3)
            out["rooms"] = len(server.rooms)
        finally:
            await server.stop()
        full = Server(None, room_sides(), limits=replace(limits, connections=6))  # as a server near its open-file limit
        url = f"ws://127.0.0.1:{await full.start('127.0.0.1', 0)}"
        try:
            out["all"] = await hostile.connections(url, [hostile.address(n) for n in range(30, 40)], 1)
        finally:
            await full.stop()
        return out

    out = asyncio.run(body())
    assert out["one"].outcomes == {"open": 5, "http 429": 3}
    assert out["all"].outcomes == {"open": 6, "http 503": 4}
    assert out["many"].outcomes == {"open": 20, "http 429": 8} and set(out["many"].per_address.values()) == {5}
    assert out["creates"].outcomes["joined"] == 9 and out["creates"].per_address.most_common(1)[0][1] == 3
    assert out["rooms"] == 9


@pytest.mark.slow
def test_hostile_load_beside_a_normal_bench(tmp_path: Path) -> None:
    """Every attack at once against `serve` with its own limits, while 10 Arzium rooms of 4 play through it."""
    log = (tmp_path / "server.log").open("w")  # a pipe nobody reads would hold the server up once full
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "0.0.0.0", "--port", "0",
                             "--data", str(tmp_path / "data"), "--stats", str(tmp_path / "stats.jsonl")], cwd=ROOT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[3].replace("0.0.0.0", "127.0.0.1")

        async def body() -> tuple[dict[str, Any], dict[str, Any]]:
            bench = asyncio.create_task(bench_main(url, "arzium", 10, 4, (100, 400), room_setup, new_player,
                                                   timeout_s=600, stats=tmp_path / "stats.jsonl"))
            attacks = await hostile.everything(url)
            return attacks, await bench
        attacks, report = asyncio.run(body())
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
        log.close()
    err = (tmp_path / "server.log").read_text()
    print(json.dumps({"attacks": attacks, "bench": {k: report[k] for k in (
        "rooms_finished", "actions", "rtt_ms", "errors", "acknowledged", "acknowledged_lost", "server")}}, indent=1))
    assert attacks["connections, one address"]["most_per_address"] == CONNS_PER_ADDRESS
    assert attacks["connections, 10 addresses"]["most_per_address"] == CONNS_PER_ADDRESS
    silent = attacks["silent connections closed"]
    assert silent["outcomes"]["closed by the server"] == 20 and silent["seconds"][0] < HELLO_S + 3
    assert attacks["creates, one address"]["most_per_address"] == ROOMS_PER_ADDRESS
    assert attacks["creates, 10 addresses"]["most_per_address"] == ROOMS_PER_ADDRESS
    for flood in ("flood, 64 KiB frames", "flood, small frames"):
        assert attacks[flood]["seconds"][0] < RATE_GRACE_S + 5
    assert attacks["watchers, 10 addresses"]["outcomes"]["joined"] == MAX_WATCHERS
    assert attacks["slow readers"]["outcomes"]["sent all"] == 30
    assert report["rooms_finished"] == 10 and report["errors"] == 0 and report["acknowledged_lost"] == 0
    assert report["rtt_ms"]["p99"] < 500
    assert report["server"]["rss_mb"] < 400
    assert "Traceback" not in err and len(err.splitlines()) < 1_000  # the attacks are a few lines, not a flood
