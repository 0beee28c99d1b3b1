"""`main.py replay FILE --headless` and `main.py arenas --level`: good files give JSON, bad ones one line and exit 2.

The good replay and verify-levels run in a child process; the bad files run `main.py` in the test's process."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arenas.rules.engine import outcome_json
from arenas.scenes.catalog import finished_game
from arenas.session import replay_outcome, to_replay
from common.replays.replay import Replay, read_replay, write_replay
from helpers import main_here

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARENAS_ARZIUM_HOME=str(home),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def assert_one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("main.py: error: ")
    for word in words:
        assert word in lines[0]


@pytest.fixture
def good(tmp_path: Path) -> tuple[Path, Replay]:
    setup, state = finished_game()
    replay = to_replay(setup, state)
    path = tmp_path / "good.json"
    write_replay(path, replay)
    return path, replay


def test_headless_replay_prints_the_outcome(good: tuple[Path, Replay], user_home: Path) -> None:
    path, _replay = good
    result = run("replay", str(path), "--headless", home=user_home)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["result"] in ("won", "lost")
    assert isinstance(data["time_ms"], int)
    _setup, state = finished_game()
    assert set(data["timers"]) == set(state.timers)
    for info in data["timers"].values():
        assert {"tile", "lost", "remaining_ms"} <= set(info)
    assert data == outcome_json(replay_outcome(read_replay(path, "arenas"), str(path)))
    assert data["time_ms"] == state.time_ms and data["result"] == state.result


def test_truncated_replay(good: tuple[Path, Replay], tmp_path: Path, user_home: Path) -> None:
    path, _ = good
    cut = tmp_path / "cut.json"
    cut.write_text(path.read_text()[:200])
    assert_one_line_error(main_here("replay", str(cut), "--headless"), "cut.json")


def test_file_of_another_game(good: tuple[Path, Replay], tmp_path: Path, user_home: Path) -> None:
    path, _ = good
    data = json.loads(path.read_text())
    data["game"] = "chess"
    other = tmp_path / "chess.json"
    other.write_text(json.dumps(data))
    assert_one_line_error(main_here("replay", str(other), "--headless"), "chess")
    level_file = ROOT / "arenas" / "levels" / "01.json"  # JSON, but not a replay at all
    assert_one_line_error(main_here("replay", str(level_file), "--headless"), "01.json")


def test_replay_of_a_newer_format(good: tuple[Path, Replay], tmp_path: Path, user_home: Path) -> None:
    path, _ = good
    data = json.loads(path.read_text())
    data["version"] = 99
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(data))
    assert_one_line_error(main_here("replay", str(newer), "--headless"), "99")


def test_replay_with_an_illegal_action(good: tuple[Path, Replay], tmp_path: Path, user_home: Path) -> None:
    path, _ = good
    data = json.loads(path.read_text())
    data["actions"][1]["hand_index"] = 7
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(data))
    assert_one_line_error(main_here("replay", str(bad), "--headless"), "action 2")


def test_replay_with_a_bad_level(good: tuple[Path, Replay], tmp_path: Path, user_home: Path) -> None:
    path, _ = good
    data = json.loads(path.read_text())
    data["setup"]["level"]["deactivator"] = 99
    bad = tmp_path / "badlevel.json"
    bad.write_text(json.dumps(data))
    assert_one_line_error(main_here("replay", str(bad), "--headless"), "deactivator")


def test_level_number_out_of_range(user_home: Path) -> None:
    assert_one_line_error(main_here("arenas", "--level", "99"), "99")


def test_bad_level_file(tmp_path: Path, user_home: Path) -> None:
    data = json.loads((ROOT / "arenas" / "levels" / "01.json").read_text())
    data["path"][0] = "blue moon"
    bad = tmp_path / "level.json"
    bad.write_text(json.dumps(data))
    assert_one_line_error(main_here("arenas", "--level", str(bad)), "level.json", "path[0]")


def test_an_error_naming_a_file_with_control_characters_is_one_safe_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    from arenas.cli import replay_headless
    setup, state = finished_game()
    bad = to_replay(setup, state)
    bad.setup = dict(bad.setup, players=[])
    code = replay_headless(bad, Path("r\x1b[2J\nx\x00.json"))
    err = capsys.readouterr().err
    assert code == 2 and err == "main.py: error: r?[2J x?.json: setup.players: expected a list of names\n"


def test_an_arenas_replay_is_written_in_format_1_and_a_newer_one_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    from arenas.cli import replay_headless
    setup, state = finished_game()
    replay = to_replay(setup, state)
    assert replay.version == 1
    newer = to_replay(setup, state)
    newer.version = 2
    code = replay_headless(newer, Path("future.json"))
    err = capsys.readouterr().err
    assert code == 2 and err == ("main.py: error: future.json: Arenas replay format version 2 is newer than this "
                                 "app supports (1); update the app\n")


def test_verify_levels_chooses_the_model(user_home: Path) -> None:
    result = run("verify-levels", "--seeds", "1", "--level", "1", "--model", "person", home=user_home)
    assert result.returncode == 0, result.stderr
    assert "person team-mates" in result.stdout and "expert team-mates" not in result.stdout
    assert "Gentle" in result.stdout or "Brutal" in result.stdout  # one seed: won or lost
    assert result.stderr == ""  # no progress line when the output is not a terminal
    bad = run("verify-levels", "--model", "people", home=user_home)  # argparse: the usage, then one error line
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "argument --model: invalid choice: 'people'" in bad.stderr.strip().splitlines()[-1]
