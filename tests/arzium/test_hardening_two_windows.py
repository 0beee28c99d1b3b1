"""Two app instances, one Arzium autosave: the other window (a real second process on the same home) owns the
save; this one is told in one line, offered no Resume, and neither overwrites nor deletes the other's save.
When the owner ends (even killed), its lock goes with it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arzium import save
from arzium.match import Match
from arzium.rules.actions import Search
from arzium.rules.engine import legal_actions
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.flow import setup_scene
from common.data.file_lock import lock_path, release
from common.data.files import DataError, Problem
from common.engine.app import App
from hardening import changes, is_one_line, snapshot
from table_spy import FRAME, said

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.name != "posix", reason="a second process holding a POSIX lock")
HOT_SEAT = Setup((SeatSetup("Ann", "red", "south"), SeatSetup("Bo", "blue", "north")), False, 0)
OTHER_WINDOW = """
import sys
from pathlib import Path
from common.data.file_lock import hold
assert hold(Path(sys.argv[1]))
print("saved", flush=True)
sys.stdin.read()
"""  # what the other window's game did: it saved (below), so it holds the lock of its save


@pytest.fixture
def other_window(user_home: Path) -> Iterator[subprocess.Popen[str]]:
    """Another instance of the app that has saved its Arzium game (and so owns the autosave)."""
    save.save_game(new_game(HOT_SEAT, 11), [])
    release(save.save_path())  # as if written by the other window, which holds it from now on
    env = dict(os.environ, ARENAS_ARZIUM_HOME=str(user_home))
    other = subprocess.Popen([sys.executable, "-c", OTHER_WINDOW, str(save.save_path())], cwd=ROOT, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None and other.stdout.readline().strip() == "saved"
    yield other
    if other.poll() is None:
        other.kill()
    other.wait(10)
    release(save.save_path())


def _played(table: Match) -> None:
    search = next(a for a in legal_actions(table.state) if isinstance(a, Search))
    assert table.submit(search) and table.confirm() is None


def test_the_setup_screen_says_a_game_is_open_in_another_window_and_offers_no_resume(
        app: App, user_home: Path, other_window: subprocess.Popen[str]) -> None:
    before = snapshot(user_home)
    scene = setup_scene(app)
    app.push(scene)
    app.step([], FRAME)
    assert scene.saved is None and scene.resume_btn not in scene.group.widgets
    lines = [t.message for t in app.toasts]
    assert len(lines) == 1 and is_one_line(lines[0])
    assert lines[0] == ("An Arzium game is open in another window: its save is resumed there, and a game started "
                        "here is not saved")
    assert changes(before, snapshot(user_home)) == {}


def test_a_game_in_the_second_window_is_told_once_and_never_overwrites_nor_deletes_the_save(
        user_home: Path, other_window: subprocess.Popen[str]) -> None:
    before = snapshot(user_home)
    table = Match(new_game(HOT_SEAT, 3), lambda ms: 0.0)
    _played(table)
    _played(table)
    notices = said(table)
    assert len(notices) == 1 and is_one_line(notices[0])
    assert notices[0] == (f"the game is not saved: {save.save_path()}: an Arzium game is open in another "
                          "window and keeps this save; this game is not saved")
    save.delete_save()  # as a finished game would
    assert changes(before, snapshot(user_home)) == {}


def test_saving_in_the_second_window_is_refused_as_in_use_not_as_corrupt(
        user_home: Path, other_window: subprocess.Popen[str]) -> None:
    before = snapshot(user_home)
    with pytest.raises(DataError) as refused:
        save.save_game(new_game(HOT_SEAT, 5), [])
    assert refused.value.problem is Problem.IN_USE and not refused.value.corrupt and is_one_line(str(refused.value))
    assert changes(before, snapshot(user_home)) == {}


def test_when_the_owner_is_killed_the_next_window_takes_the_save_over(
        user_home: Path, other_window: subprocess.Popen[str]) -> None:
    theirs = save.save_path().read_bytes()
    os.kill(other_window.pid, signal.SIGKILL)
    other_window.wait(10)
    loaded, message = save.load_saved_game()
    assert message is None and loaded is not None  # the killed window's game can be resumed here
    assert save.save_path().read_bytes() == theirs
    save.save_game(new_game(HOT_SEAT, 5), [])
    assert save.save_path().read_bytes() != theirs and lock_path(save.save_path()).exists()
    save.delete_save()
    assert not save.save_path().exists() and not lock_path(save.save_path()).exists()


def test_a_start_removes_a_killed_owners_lock_file_and_keeps_its_save(
        user_home: Path, other_window: subprocess.Popen[str]) -> None:
    from common.engine.app import App, AppOptions
    from helpers import close_app
    theirs = save.save_path().read_bytes()
    os.kill(other_window.pid, signal.SIGKILL)
    other_window.wait(10)
    assert lock_path(save.save_path()).exists()
    close_app(App(AppOptions(headless=True, save_settings=False)))
    assert not lock_path(save.save_path()).exists() and save.save_path().read_bytes() == theirs


RECORDER = """
import random, sys
from arzium.records import Records, record_game
from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.state import SeatSetup, Setup, new_game
setup = Setup((SeatSetup("Ann", "red", "south"), SeatSetup("Bo", "blue", "north")), False, 0)
state = new_game(setup, int(sys.argv[1]))
rng = random.Random(1)
while not is_over(state):
    apply(state, rng.choice(legal_actions(state)))
print("ready", flush=True)
sys.stdin.readline()
for _ in range(25):
    assert record_game(state, False) == []
"""


@pytest.mark.slow
def test_two_windows_ending_games_at_once_both_count_every_game(user_home: Path) -> None:
    env = dict(os.environ, ARENAS_ARZIUM_HOME=str(user_home))
    windows = [subprocess.Popen([sys.executable, "-c", RECORDER, str(seed)], cwd=ROOT, env=env, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE) for seed in (1, 2)]
    for w in windows:
        assert w.stdout is not None and w.stdout.readline().strip() == "ready"
    for w in windows:  # both at once
        assert w.stdin is not None
        w.stdin.write("go\n")
        w.stdin.flush()
    assert [w.wait(60) for w in windows] == [0, 0]
    from arzium.records import Records
    records = Records.load()
    assert records.message is None and records.tables[("people", 2)].played == 50
    assert sorted(p.name for p in (user_home / "arenas-arzium").iterdir()) == ["arzium_records.json"]
