"""The real `serve` process: killed with SIGKILL mid-game and started again on the same data, every room
resumes; the clients reconnect by themselves with their tokens and finish, no acknowledged action lost."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from netkit import CASES, Client, close_all, open_room, pump_until

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


class Process:
    """`main.py serve` on 127.0.0.1."""

    def __init__(self, data: Path, port: int = 0) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1",
                                      "--port", str(port), "--data", str(data)], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.startswith("serving rooms on ws://127.0.0.1:"), line + (self.proc.stderr.read()
                                                                             if self.proc.stderr else "")
        self.url = line.split()[3]
        self.port = int(self.url.rsplit(":", 1)[1])
        self.first_line = line


@pytest.fixture()
def processes() -> Iterator[list[Process]]:
    started: list[Process] = []
    yield started
    for p in started:
        if p.proc.poll() is None:
            p.proc.kill()
        p.proc.wait(10)


def test_a_server_killed_mid_game_resumes_and_the_clients_finish(tmp_path: Path, processes: list[Process]) -> None:
    case = CASES[0]
    first = Process(tmp_path / "data")
    processes.append(first)
    seated, watching, _code = open_room(first, case, 3, watchers=1)  # type: ignore[arg-type]
    everyone: list[Client] = seated + watching
    pump_until(everyone, lambda: all(c.player.seq >= 15 for c in everyone))
    seen = max(c.player.seq for c in everyone)
    acknowledged = [a for c in everyone[:1] for f in c.frames if f.get("kind") == "update" for a in f["actions"]]
    first.proc.send_signal(signal.SIGKILL)
    first.proc.wait(10)
    pump_until(everyone, lambda: all(c.link.status == "reconnecting" for c in everyone))
    second = Process(tmp_path / "data", first.port)
    processes.append(second)
    assert "1 room resumed" in second.first_line
    pump_until(everyone, lambda: all(c.player.result is not None for c in everyone), timeout=120)
    assert all(c.player.desyncs == 0 for c in everyone)
    replay = everyone[0].player.result["replay"]  # type: ignore[index]
    assert len(replay["actions"]) >= seen
    assert [a for _n, _s, a in acknowledged] == replay["actions"][:len(acknowledged)]
    assert all(c.link.reconnects >= 1 for c in everyone)
    close_all(everyone)
    second.proc.send_signal(signal.SIGTERM)
    assert second.proc.wait(10) == 0
    assert "stopped" in (second.proc.stdout.read() if second.proc.stdout else "")
