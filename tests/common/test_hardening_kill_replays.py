"""SIGKILL while replays are being written, many times at random moments; after each kill a fresh start of the
app: no empty replay, no temp file, and every replay in the list reads (slow: a real process per kill)."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("REPLAY_KILLS", "40"))
pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="SIGKILL")]

# Writes replays of a finished Arzium game, padded to about a megabyte (so a kill often lands mid-write), as
# the table does at the end of every game, for as long as it lives.
WRITER = """
import sys
from common.data.paths import replays_dir
from common.replays.replay import write_new_replay
sys.path.insert(0, "tests")
from replay_files import arzium_replay
replay = arzium_replay()
replay.meta.update(turns=30, pad="x" * 1_000_000)
print("ready", flush=True)
while True:
    write_new_replay(replays_dir(), "arzium-20260101-120000", replay)
"""

# A fresh start of the app on the same home, then each replay's line in the list (its error, if any).
FRESH_START = """
import json
from common.engine.app import App, AppOptions
from common.cli import collect_games
from common.games import GAMES
from common.replays.index import replay_files, summarize
collect_games()
app = App(AppOptions(headless=True, save_settings=False))
print(json.dumps([[p.name, summarize(p, GAMES).error] for p in replay_files()]))
"""


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARENAS_ARZIUM_HOME=str(home),
                PYGAME_HIDE_SUPPORT_PROMPT="1")


def test_replays_killed_mid_write_leave_nothing_a_fresh_start_shows(user_home: Path) -> None:
    rng = random.Random(24)
    folder = user_home / "arenas-arzium" / "replays"
    mid_write = whole = 0
    for kill in range(KILLS):
        writer = subprocess.Popen([sys.executable, "-c", WRITER], cwd=ROOT, env=_env(user_home),
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
            time.sleep(rng.uniform(0.0, 0.4))
            assert writer.poll() is None, "the writer ended before it was killed"
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait(10)
        finally:
            if writer.poll() is None:
                writer.kill()
        left = sorted(p.name for p in folder.iterdir())
        mid_write += any(name.endswith(".tmp") for name in left)
        assert all(p.stat().st_size > 0 for p in folder.glob("*.json")), f"kill {kill}: an empty replay: {left}"
        started = subprocess.run([sys.executable, "-c", FRESH_START], cwd=ROOT, env=_env(user_home),
                                 capture_output=True, text=True, timeout=120)
        assert started.returncode == 0, started.stderr
        rows = json.loads(started.stdout)
        after = sorted(p.name for p in folder.iterdir())
        assert not [n for n in after if not n.endswith(".json")], f"kill {kill}: debris after a fresh start: {after}"
        assert all(error is None for _name, error in rows), f"kill {kill}: {rows}"
        whole += len(rows)
        for p in folder.iterdir():  # keep the folder small for the next kill
            p.unlink()
    print(f"{KILLS} kills, {mid_write} while a temp file was being written, {whole} whole replays listed")
    assert mid_write > 0, "no kill landed mid-write: the test did not test"
