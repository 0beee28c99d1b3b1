"""Arenas against bad input: bad `--level` arguments, level files and replay contents give one line and exit 2 and
change nothing on disk; record keys are read strictly, unknown record fields are kept, a newer records file
is used read-only and never rewritten; two runs finishing alike never share a replay name; and any bytes
given to a loader give an object or one line."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import common.data.jsonio
from arenas import session
from arenas.records import LEVELS_BEFORE_V3, RECORDS_FILE, RECORDS_VERSION, Records
from arenas.rules import levels as levels_module
from arenas.rules.levels import Level, LevelError, level_path, load_level
from arenas.scenes.catalog import finished_game
from arenas.session import SetupError, finish_run, from_replay, to_replay
from common.data.files import DataError
from common.data.paths import data_dir, replays_dir
from common.engine.app import App
from common.scenes.menu import MenuScene
from hardening import deny_open, file_bytes, replace_value
from helpers import main_here

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 100_000
SHIPPED = level_path(1).read_text(encoding="utf-8")


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARENAS_ARZIUM_HOME=str(home),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def _level_with(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(SHIPPED)
    change(data)
    return json.dumps(data)


def _replay_with(change: Callable[[dict[str, Any]], None]) -> str:
    setup, state = finished_game()
    data = to_replay(setup, state).to_dict()
    change(data)
    return json.dumps(data)


# -- kinds 1 and 8: the command line -----------------------------------------------------------------------

# (name, the --level argument or None for a file, the file's content, words of the one line)
LEVEL_CASES: list[tuple[str, str | None, str, tuple[str, ...]]] = [
    ("superscript two", "²", "", ("--level ²: no such level",)),
    ("5,000 digits", "7" * 5000, "", ("--level 777", "…: no such level")),
    ("arabic-indic digit", "١", "", ("no such level",)),
    ("level 0", "0", "", ("--level 0: no such level",)),
    ("1_0 is not 10", "1_0", "", ("--level 1_0: no such level file",)),
    ("escapes in the argument", "\x1b[2J\tx", "", ("--level ?[2J x: no such level file",)),
    ("deep file", None, DEEP, ("level.json: (file): JSON nested too deeply",)),
    ("5,000-digit integer", None, '{"number": ' + "9" * 5000 + "}", ("level.json: (file): a number is too long",)),
    ("number 2**80", None, _level_with(lambda d: d.update(number=2**80)), ("number: ", "is outside 1..999")),
    ("not UTF-8", None, "\udcff", ("level.json: (file): cannot read",)),
    ("NUL in the name", None, _level_with(lambda d: d.update(name="A\x00B")), ("name: must be at most 40 printable",)),
    ("a 1 MB name", None, _level_with(lambda d: d.update(name="A" * 1_000_000)), ("name: must be at most 40",)),
    ("ESC in the description", None, _level_with(lambda d: d.update(description="\x1b[31m")), ("description: ",)),
]


# One case of each kind stays in the default suite, the rest are in the sweep.
LEVEL_KINDS = {"superscript two", "deep file", "number 2**80", "not UTF-8"}


@pytest.mark.parametrize("name,argument,content,words",
                         [pytest.param(*c, id=c[0], marks=() if c[0] in LEVEL_KINDS else pytest.mark.sweep)
                          for c in LEVEL_CASES])
def test_bad_levels_on_the_command_line_give_one_line_and_exit_2(
        name: str, argument: str | None, content: str, words: tuple[str, ...], tmp_path: Path,
        user_home: Path) -> None:
    if argument is None:
        file = tmp_path / "level.json"
        file.write_bytes(content.encode("utf-8", "surrogateescape"))
        argument = str(file)
    before = (file_bytes(tmp_path), file_bytes(user_home))
    result = main_here("arenas", "--level", argument, "--mute")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("main.py: error: ") and len(lines[0]) <= 320, result.stderr
    for word in words:
        assert word in lines[0]
    assert result.stdout == ""
    assert (file_bytes(tmp_path), file_bytes(user_home)) == before


REPLAY_CASES: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("level number 10**4000", lambda d: d["setup"].update(level=10**4000), "setup.level: no shipped level 1000"),
    ("action time 10**4000", lambda d: d["actions"][0].update(t=10**4000), "action 1 at 1000"),
    ("first player 10**4000", lambda d: d["setup"].update(first_player=10**4000), "setup.first_player: 1000"),
    ("nested level", lambda d: d["setup"].update(level=json.loads("[" * 900 + "]" * 900)), "setup.level: (top"),
    ("100,000 players", lambda d: d["setup"].update(players=["x"] * 100_000), "100000 players"),
]


@pytest.mark.parametrize("name,change,words", REPLAY_CASES, ids=[c[0] for c in REPLAY_CASES])
def test_absurd_replay_contents_give_one_short_line_and_exit_2(
        name: str, change: Callable[[dict[str, Any]], None], words: str, tmp_path: Path, user_home: Path) -> None:
    file = tmp_path / "replay.json"
    file.write_text(_replay_with(change), encoding="utf-8")
    before = (file_bytes(tmp_path), file_bytes(user_home))
    result = main_here("replay", str(file), "--headless")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) <= 320 and words in lines[0], result.stderr
    assert (file_bytes(tmp_path), file_bytes(user_home)) == before


@pytest.mark.parametrize("content", [DEEP, '{"format": "arenas-arzium-replay", "version": ' + "1" * 5000 + "}"],
                         ids=["deep", "5,000 digits"])
def test_replay_files_too_deep_or_with_too_long_integers_give_one_line(
        content: str, tmp_path: Path, user_home: Path) -> None:
    file = tmp_path / "replay.json"
    file.write_text(content, encoding="utf-8")
    before = (file_bytes(tmp_path), file_bytes(user_home))
    result = run("replay", str(file), "--headless", home=user_home)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert (file_bytes(tmp_path), file_bytes(user_home)) == before


def test_opening_arenas_from_the_menu_with_a_corrupt_level_file_shows_one_line(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "01.json").write_text(DEEP, encoding="utf-8")
    monkeypatch.setattr(levels_module, "LEVELS_DIR", tmp_path)
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    menu.start_game("arenas")
    for _ in range(3):
        app.step([], 1000 / 60)
    shown = [t.message for t in app.toasts] + [getattr(app.stack.top, "problem", "")]
    assert any(f"{tmp_path / '01.json'}: (file): JSON nested too deeply" in line for line in shown), shown


# -- kinds 6 and 8: the records file ---------------------------------------------------------------------


def _records_file(content: dict[str, Any] | str) -> Path:
    path = data_dir() / RECORDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


@pytest.mark.parametrize("key", ["1_0", "010", " 10", "10 ", "١٠", "+10", "0", "1000", "1e1"])
def test_a_record_key_that_is_not_a_level_number_is_refused(key: str) -> None:
    path = _records_file({"version": 1, "levels": {key: {"wins": 1}}})
    original = path.read_bytes()
    records = Records.load()
    assert records.message is not None and "\n" not in records.message
    assert f"levels: key {key!r} is not a level number" in records.message
    assert 10 not in records.levels and not records.is_unlocked(11)
    moved = list(path.parent.glob(f"{RECORDS_FILE}.bad-*"))
    assert not path.exists() and len(moved) == 1 and moved[0].read_bytes() == original


def test_unknown_record_fields_are_kept_when_the_records_are_saved() -> None:
    path = _records_file({"version": 2, "player": "Ana", "levels": {"2": {"wins": 1, "streak": [3, 1]}}})
    records = Records.load()
    assert records.message is None
    records.record(2, won=True, time_ms=5000, assisted=False)
    records.record(3, won=False, time_ms=4000, assisted=False)
    records.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["player"] == "Ana" and data["version"] == RECORDS_VERSION
    assert data["levels"]["2"] == {"wins": 2, "losses": 0, "assisted_wins": 0, "assisted_losses": 0, "win_streak": 1,
                                   "best_win_streak": 1, "loss_streak": 0, "best_ms": 5000,
                                   "streak": [3, 1], "level": LEVELS_BEFORE_V3[2]}
    assert data["levels"]["3"]["losses"] == 1 and data["levels"]["3"]["loss_streak"] == 1


@pytest.mark.parametrize("levels", [{"1": {"wins": 1, "best_ms": 900}}, "a newer shape"])
def test_a_records_file_of_a_newer_version_is_used_read_only(levels: Any, user_home: Path) -> None:
    path = _records_file({"version": 4, "levels": levels, "medals": {"1": "gold"}})
    original = path.read_bytes()
    records = Records.load()
    assert records.read_only and records.message is not None and "\n" not in records.message
    assert "format version 4, newer than this app's 3" in records.message and "not saved" in records.message
    assert records.is_unlocked(2) == isinstance(levels, dict)
    setup, state = finished_game(level_number=1)
    out = finish_run(dataclasses.replace(setup, counts=True), state)
    assert out.problems == (records.message,)
    records.record(1, won=True, time_ms=1, assisted=False)
    records.save()
    assert path.read_bytes() == original
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(RECORDS_FILE)] == [RECORDS_FILE]


@pytest.mark.parametrize("version", [0, -1, "2", True, 1.5, None])
def test_a_records_version_that_is_no_version_is_set_aside(version: Any) -> None:
    _records_file({"version": version, "levels": {}})
    records = Records.load()
    assert not records.read_only and records.message is not None and "'version'" in records.message


@pytest.mark.parametrize("content,problem", [(DEEP, "unreadable (JSON nested too deeply)"),
                                             ('{"version": ' + "1" * 5000 + "}", "unreadable (a number is too long")])
def test_records_too_deep_or_with_too_long_integers_are_set_aside(content: str, problem: str) -> None:
    path = _records_file(content)
    records = Records.load()
    assert records.message is not None and problem in records.message and "\n" not in records.message
    assert not path.exists() and len(list(path.parent.glob(f"{RECORDS_FILE}.bad-*"))) == 1


def test_a_records_file_that_cannot_be_read_now_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    path = _records_file({"version": 1, "levels": {"1": {"wins": 1}}})
    original = path.read_bytes()
    deny_open(monkeypatch, path)
    records = Records.load()
    assert records.read_only and records.message is not None and "\n" not in records.message
    assert "permission denied" in records.message and "not saved" in records.message
    setup, state = finished_game(level_number=1)
    assert finish_run(dataclasses.replace(setup, counts=True), state).problems == (records.message,)
    monkeypatch.undo()
    assert path.read_bytes() == original
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(RECORDS_FILE)] == [RECORDS_FILE]


def test_records_a_newer_app_wrote_meanwhile_are_not_overwritten() -> None:
    path = _records_file({"version": 1, "levels": {}})
    records = Records.load()
    path.write_text(json.dumps({"version": 4, "levels": {"1": {"wins": 9}}}), encoding="utf-8")
    newer = path.read_bytes()
    records.record(1, won=True, time_ms=5, assisted=False)
    with pytest.raises(DataError, match="format version 4 is newer than this app's 3; not overwritten"):
        records.save()
    assert path.read_bytes() == newer


def test_temp_files_killed_writes_left_next_to_the_records_are_removed_on_load() -> None:
    path = _records_file({"version": 1, "levels": {}})
    debris = path.with_name(f"{RECORDS_FILE}.abcd1234.tmp")
    debris.write_text("{")
    os.utime(debris, (1, 1))
    assert Records.load().message is None and not debris.exists() and path.exists()


# -- kind 6: replay names ------------------------------------------------------------------------------------


def test_two_runs_ending_alike_in_the_same_second_get_two_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session.time, "strftime", lambda fmt, *args: "20260101-120000" if "%H" in fmt else "x")
    setup, state = finished_game(level_number=1)
    counted = dataclasses.replace(setup, counts=True)
    paths = [finish_run(counted, state).replay_path for _ in range(3)]
    assert all(p is not None and p.exists() and p.stat().st_size > 0 for p in paths)
    assert len(set(paths)) == 3 and set(replays_dir().iterdir()) == set(paths)
    assert paths[0] is not None and paths[0].name == f"arenas-20260101-120000-level01-{state.result}.json"
    assert paths[1] is not None and paths[1].name == f"arenas-20260101-120000-level01-{state.result}-2.json"


def test_a_replay_that_cannot_be_written_leaves_no_reserved_name(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(tmp: str, path: Path) -> bool:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(common.data.jsonio, "_link_new", refuse)  # the content is written; naming it fails
    setup, state = finished_game(level_number=1)
    out = finish_run(dataclasses.replace(setup, counts=True), state)
    assert out.replay_path is None and any("no permission" in p for p in out.problems)
    assert list(replays_dir().iterdir()) == []


# -- property tests: any bytes give an object or one line -------------------------------------------------

JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                    max_size=4), max_leaves=20)
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
                    derandomize=True)


def _near(text: str) -> st.SearchStrategy[bytes]:
    """Bytes near `text`: random, cut, spliced with junk, or one JSON value replaced."""
    raw = text.encode()
    return st.one_of(
        st.binary(max_size=64),
        st.integers(0, len(raw)).map(lambda n: raw[:n]),
        st.tuples(st.integers(0, len(raw)), st.binary(max_size=12)).map(lambda t: raw[:t[0]] + t[1] + raw[t[0]:]),
        st.tuples(JSONISH, st.integers(0, 80)).map(
            lambda t: json.dumps(replace_value(json.loads(text), *t)).encode("utf-8", "surrogatepass")))


@PROPERTY
@given(content=_near(SHIPPED))
def test_any_level_file_bytes_give_a_level_or_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "level.json"
    path.write_bytes(content)
    try:
        assert isinstance(load_level(path), Level)
    except LevelError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))


@PROPERTY
@given(content=_near(json.dumps({"version": 1, "extra": [1], "levels": {"1": {"wins": 2, "best_ms": 3},
                                                                         "2": {"losses": 1}}})))
def test_any_records_bytes_give_records_with_at_most_one_line(content: bytes) -> None:
    path = _records_file("")
    path.write_bytes(content)
    records = Records.load()
    assert records.message is None or "\n" not in records.message
    for leftover in path.parent.iterdir():
        leftover.unlink()


_SETUP, _STATE = finished_game()
GOOD_REPLAY = to_replay(_SETUP, _STATE)


@PROPERTY
@given(value=JSONISH, index=st.integers(0, 400), part=st.sampled_from(["setup", "actions"]))
def test_any_replay_content_gives_a_setup_or_one_line(value: Any, index: int, part: str) -> None:
    changed = dataclasses.replace(GOOD_REPLAY, **{part: replace_value(getattr(GOOD_REPLAY, part), value, index)})
    try:
        session.replay_outcome(changed, "r.json")
    except SetupError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("r.json: ")
    else:
        from_replay(changed, "r.json")
