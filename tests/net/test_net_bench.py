"""net-bench as a command, against a real server process it runs itself: whole games while the server is
SIGKILLed and started again; no acknowledged move lost, no desync, every room finished (slow: minutes)."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
@pytest.mark.parametrize("game", ["arenas", "arzium"])
def test_net_bench_survives_the_server_killed_and_started_again(game: str, tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    cmd = [sys.executable, "-m", "common", "net-bench", "--server", f"ws://127.0.0.1:{free_port()}", "--game", game,
           "--own-server", str(tmp_path / "server"), "--rooms", "4", "--clients-per-room", "3", "--think-ms", "100-400",
           "--kill-at", "10", "--timeout", "400", "--baseline", "--json", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["faults"]["server_kills"] == 1 and report["reconnects"] >= 3
    assert report["rooms_finished"] == 4 and report["acknowledged"] > 0 and report["acknowledged_lost"] == 0
    assert report["desyncs"] == 0 and report["errors"] == 0
    assert report["server"] is not None and report["server"]["peak_rooms"] == 4
    assert "rooms finished" in done.stdout
    baseline = report["baseline"]  # the same moves sent again to a bare echo server
    assert baseline["moves"] >= report["actions"] and baseline["rtt_ms"]["n"] == baseline["moves"]
    assert baseline["server_cpu_ms_per_move"] > 0 and baseline["ratio"]["server_cpu_per_move"] is not None
    assert "rooms over the echo" in done.stdout
