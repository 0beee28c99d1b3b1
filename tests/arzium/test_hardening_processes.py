"""No process outlives the app. The real app plays hard bots (whose thinking runs in the
worker process), is killed with SIGKILL, and within a few seconds neither the worker nor multiprocessing's
resource tracker is left (Linux: the process table is read from /proc)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KILLS = 3
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")]


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie waiting for its reaper has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _descendants(root: int) -> set[int]:
    """Every process below `root`."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.mark.parametrize("kill", range(KILLS))
def test_the_bot_worker_and_the_resource_tracker_end_when_the_app_is_killed(kill: int, user_home: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARENAS_ARZIUM_HOME=str(user_home),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    app = subprocess.Popen([sys.executable, "main.py", "think-bench", "--level", "hard", "--games", "3",
                            "--seed", str(kill + 1)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    children: set[int] = set()
    try:
        assert _wait(lambda: len(_descendants(app.pid)) >= 2, 60), "the worker and the tracker never started"
        time.sleep(0.5 + kill)  # a different moment of the game each time (the worker mid-search or waiting)
        children = _descendants(app.pid)
        assert app.poll() is None, "the app ended before it was killed"
        os.kill(app.pid, signal.SIGKILL)
        app.wait(10)
        assert _wait(lambda: not any(_alive(pid) for pid in children), 5), \
            f"still running 5 s after the app was killed: {sorted(p for p in children if _alive(p))}"
    finally:
        if app.poll() is None:
            app.kill()
        for pid in children | _descendants(app.pid):  # survivors of a failed run: this test started them
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
