"""The real `serve` process: killed with SIGKILL mid-game and started again on the same data, every room
resumes; the clients reconnect by themselves with their tokens and finish, no acknowledged action lost; stopped
with SIGTERM, it tells every member first."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from netkit import CASES, LIMITED_GAP_S, Client, close_all, open_room, pump_until

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


class Process:
    """`main.py serve` on 127.0.0.1, with the real limits: its scripted clients keep within its message rate."""

    gap_s = LIMITED_GAP_S

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
    seated, watching, _code = open_room(first, case, 3, watchers=1)
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
    assert not [f for c in everyone for f in c.frames if f.get("kind") == "error"]  # none refused, none over the rate
    replay = everyone[0].player.result["replay"]  # type: ignore[index]
    assert len(replay["actions"]) >= seen
    assert [a for _n, _s, a in acknowledged] == replay["actions"][:len(acknowledged)]
    assert all(c.link.reconnects >= 1 for c in everyone)
    second.proc.send_signal(signal.SIGTERM)
    assert second.proc.wait(10) == 0
    pump_until(everyone, lambda: all(c.last("closing") for c in everyone))
    assert all(c.last("closing") == {"kind": "closing", "reason": "shutdown"} for c in everyone)
    close_all(everyone)
    assert "stopped" in (second.proc.stdout.read() if second.proc.stdout else "")


def test_a_hard_bot_thinking_holds_up_no_other_room(tmp_path: Path) -> None:
    """A Hard bot's search runs in the worker process: meanwhile another room's round trips stay short."""
    import time

    from netkit import arzium_setup, connect, serve_in_thread
    case = CASES[0]
    with serve_in_thread(None) as served:
        setup = arzium_setup(1, 1)
        setup["seats"][1]["bot_level"] = "hard"
        host = connect(served, case, 1)
        host.link.send({"kind": "create", "game": "arzium", "setup": setup, "name": "Ana", "seat": 0})
        host.link.send({"kind": "start"})
        seated, _w, _code = open_room(served, case, 2)
        pump_until([host, *seated], lambda: host.player.seq >= 6, timeout=120)  # the Hard bot has moved
        gaps = []
        end = time.monotonic() + 4.0
        while time.monotonic() < end:  # the Hard bot thinks on and on; the other room's answers come at once
            sent = time.perf_counter()
            seated[0].link.send({"kind": "ready", "id": 999})  # answered at once (the game is on: not_lobby)
            pump_until([host, *seated], lambda: any(f.get("id") == 999 for f in seated[0].frames[-5:]))
            gaps.append(time.perf_counter() - sent)
            seated[0].frames.clear()
        assert host.player.seq > 6 and len(gaps) > 20
        gaps.sort()
        assert gaps[int(len(gaps) * 0.95)] < 0.1, gaps
        close_all([host, *seated])
