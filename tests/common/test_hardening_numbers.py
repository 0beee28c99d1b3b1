"""Every user file's numbers: huge and negative values in any numeric field of a good file, then the screen that
shows that file is drawn. The screen opens and draws, any message is one line, and a value out of range is
never shown (Statistics' and Replays' lines hold none of its digits)."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arzium import save
from arzium.rules.state import SeatSetup, Setup, new_game
from common import cli
from common.data.paths import config_dir, data_dir, replays_dir
from common.data.safe_text import short_number
from common.data.settings import Settings, load_settings
from common.engine.app import App
from common.games import GAMES
from common.replays.index import replay_files, summarize
from common.scenes.statistics import StatisticsScene, statistics_pages
from common.tools import catalog
from common.tutorials.progress import load_progress
from hardening import changes, is_one_line, snapshot
from helpers import close_app, make_app, run
from replay_files import arenas_replay, arzium_replay

SETUP = Setup((SeatSetup("Ann", "red", "south", "human", "easy"), SeatSetup("Bot", "blue", "north", "bot", "easy")),
              full_game=False)


def _saved_game() -> Any:
    path = data_dir() / "probe-save.json"
    save.save_game(new_game(SETUP, 3), [], path)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()
    return data


def _arzium_replay_data() -> Any:
    replay = arzium_replay()
    replay.meta.update(turns=20, winners=["A"], scores=[30, 20])
    return replay.to_dict()


@dataclass(frozen=True)
class UserFile:
    """A user file: where it lives, a good content, and the screens that show it."""

    name: str
    path: Callable[[], Path]
    good: Callable[[], Any]
    screens: tuple[str, ...]


FILES = [
    UserFile("arzium records", lambda: data_dir() / "arzium_records.json", lambda: {"version": 1, "tables": {
        "normal-2": {"played": 4, "wins": 3, "losses": 1, "assisted": 1, "points": 120, "best_score": 41},
        "people-3": {"played": 1, "wins": 1, "losses": 0, "assisted": 0, "points": 20, "best_score": 20}}},
             ("statistics",)),
    UserFile("arenas records", lambda: data_dir() / "arenas_records.json", lambda: {"version": 2, "levels": {
        "1": {"wins": 2, "losses": 1, "assisted_wins": 1, "assisted_losses": 0, "win_streak": 1,
              "best_win_streak": 2, "best_ms": 61_250},
        "2": {"wins": 0, "losses": 3, "best_ms": None}}}, ("statistics", "arenas-setup")),
    UserFile("arenas replay", lambda: replays_dir() / "arenas-run.json", lambda: arenas_replay().to_dict(),
             ("replays",)),
    UserFile("arzium replay", lambda: replays_dir() / "arzium-game.json",
             lambda: _arzium_replay_data(),
             ("replays",)),
    UserFile("arzium save", lambda: data_dir() / "arzium_autosave.json", _saved_game, ("arzium-setup",)),
    UserFile("arzium setup", lambda: data_dir() / "arzium_setup.json",
             lambda: {"game": "arzium-setup", "format": 1, "setup": SETUP.to_dict()}, ("arzium-setup",)),
    UserFile("tutorial progress", lambda: data_dir() / "tutorials.json", lambda: {"version": 1, "games": {
        "arenas": {"offered": True, "step": 2, "step_id": "flip", "finished": False},
        "arzium": {"offered": True, "step": 1, "step_id": "", "finished": False}}}, ("arenas-setup", "arzium-setup")),
    UserFile("settings", lambda: config_dir() / "settings.json",
             lambda: {**Settings().to_json(), "teammate_delay_ms": 900}, ("settings", "controls")),
]
_GOOD: dict[str, Any] = {}


def good_content(f: UserFile) -> Any:
    if f.name not in _GOOD:
        _GOOD[f.name] = f.good()
    return json.loads(json.dumps(_GOOD[f.name]))


def numeric_spots(data: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every number (not a bool) in JSON `data`."""
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                spots.append((node, k))
            walk(v)
    walk(data)
    return spots


HUGE = st.one_of(st.integers(10**9, 10**400), st.integers(-(10**400), -1), st.just(10**4000), st.just(-(10**4000)),
                 st.sampled_from([1e308, -1e308, 2**63, 2**64 + 1]))


@pytest.fixture(scope="module")
def shared_app() -> Iterator[App]:
    app = make_app()
    yield app
    close_app(app)


def _shown_text(screen: str) -> str:
    """What Statistics or Replays show as values (their models; not the one line saying what is wrong)."""
    if screen == "statistics":
        return json.dumps([(p.totals, p.rows) for p in statistics_pages()])
    if screen == "replays":
        rows = [summarize(p, GAMES) for p in replay_files()]
        return json.dumps([(r.where, r.result, r.length) for r in rows])
    return ""


def check_numbers(app: App, which: int, spot: int, value: int | float) -> None:
    f = FILES[which % len(FILES)]
    path = f.path()
    for old in data_dir().rglob("*") if data_dir().exists() else ():
        if old.is_file() and "cache" not in old.parts:
            old.unlink()
    data = good_content(f)
    spots = numeric_spots(data)
    parent, key = spots[spot % len(spots)]
    parent[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    if f.name == "settings":
        settings_read, message = load_settings()
        assert message is None or is_one_line(message)
        app.settings = settings_read
    for screen in f.screens:
        text = _shown_text(screen)
        if isinstance(value, int) and abs(value) >= 10**12:
            assert str(abs(value))[:12] not in text, f"{f.name}: {short_number(value)} shown on {screen}"
        app.toasts.clear()
        spec = catalog.get(screen)
        assert spec is not None
        app.stack.clear_to(spec.build(app))
        run(app, 2)
        assert all(is_one_line(t.message) for t in app.toasts), [t.message for t in app.toasts]
    app.settings = Settings()


PROPERTY = settings(max_examples=15, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@PROPERTY
@given(which=st.integers(0, len(FILES) - 1), spot=st.integers(0, 10_000), value=HUGE)
def test_huge_and_negative_numbers_in_any_user_file_leave_every_screen_drawable(
        shared_app: App, which: int, spot: int, value: int | float) -> None:
    check_numbers(shared_app, which, spot, value)


@pytest.mark.slow
@pytest.mark.parametrize("which", range(len(FILES)), ids=[f.name for f in FILES])
def test_every_numeric_field_of_each_user_file_takes_a_huge_and_a_negative_number(shared_app: App, which: int) -> None:
    """Each field once (a property's random draw may miss a field of a large file)."""
    spots = len(numeric_spots(good_content(FILES[which])))
    for spot in range(min(spots, 40)):
        for value in (10**400, -1):
            check_numbers(shared_app, which, spot, value)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(which=st.integers(0, len(FILES) - 1), spot=st.integers(0, 10_000), value=HUGE)
def test_huge_and_negative_numbers_long_run(shared_app: App, which: int, spot: int, value: int | float) -> None:
    check_numbers(shared_app, which, spot, value)


# -- the table: a number out of range in a file Statistics or Replays shows --------------------------------------

BIG = 10**400
OUT_OF_RANGE = [
    ("arzium points", "arzium_records.json", {"version": 1, "tables": {"normal-2": {"played": 1, "points": BIG}}},
     "Arzium records file {path} is not usable (tables.normal-2.points: 100000000000… (401 digits) is outside "
     "0..10000)"),
    ("arzium played", "arzium_records.json", {"version": 1, "tables": {"normal-2": {"played": -1}}},
     "(tables.normal-2.played: -1 is outside 0..10000000)"),
    ("arzium wins over played", "arzium_records.json", {"version": 1, "tables": {"hard-3": {"played": 2, "wins": 3}}},
     "(tables.hard-3.wins: 3 is outside 0..2)"),
    ("arzium best score", "arzium_records.json",
     {"version": 1, "tables": {"easy-4": {"played": 1, "wins": 1, "points": 30, "best_score": 2**64}}},
     "(tables.easy-4.best_score: 18446744073709551616 is outside 0..10000)"),
    ("arenas best time", "arenas_records.json", {"version": 2, "levels": {"3": {"wins": 1, "best_ms": -5}}},
     "Arenas records file {path} is not usable (levels.3.best_ms: -5 is outside 0..86400000)"),
    ("arenas wins", "arenas_records.json", {"version": 2, "levels": {"1": {"wins": BIG}}},
     "(levels.1.wins: 100000000000… (401 digits) is outside 0..10000000)"),
]


@pytest.mark.parametrize("case, name, data, words", OUT_OF_RANGE, ids=[c[0] for c in OUT_OF_RANGE])
def test_a_records_number_out_of_range_is_one_line_on_statistics_and_the_file_set_aside(
        shared_app: App, user_home: Path, case: str, name: str, data: Any, words: str) -> None:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    content = path.read_bytes()
    pages = statistics_pages()
    messages = [p.message for p in pages if p.message]
    assert len(messages) == 1 and is_one_line(messages[0]) and words.format(path=path) in messages[0], messages
    assert all(str(BIG)[:12] not in json.dumps((p.totals, p.rows)) for p in pages)
    aside = [p for p in folder.iterdir() if p.name.startswith(name + ".bad-")]
    assert [p.read_bytes() for p in aside] == [content] and not path.exists()  # set aside whole, nothing else
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == [aside[0].name]
    shared_app.stack.clear_to(StatisticsScene(shared_app))
    run(shared_app, 2)  # the screen draws (the file is gone now: empty records)


def test_the_statistics_screenshot_command_draws_over_a_400_digit_points_figure(
        tmp_path: Path, user_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = data_dir() / "arzium_records.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"version": 1, "tables": {"normal-2": {"played": 1, "points": ' + "9" * 400 + "}}}",
                    encoding="utf-8")
    assert cli.main(["screenshot", "statistics", str(tmp_path / "s.png"), "--frames", "2"]) == 0
    assert (tmp_path / "s.png").exists() and "wrote" in capsys.readouterr().out


REPLAY_NUMBERS = [
    ("turns", lambda d: d["meta"].update(turns=-3), "cannot read: meta.turns: -3 is outside 0..10000"),
    ("score", lambda d: d["meta"].update(scores=[BIG, 1]),
     "cannot read: meta.scores[0]: 100000000000… (401 digits) is outside -10000..10000"),
    ("seed", lambda d: d.update(seed=-(2**65)), "cannot read: field 'seed': -36893488147419103232 is outside ±2**64"),
    ("version", lambda d: d.update(version=-BIG),
     "cannot read: replay format version -10000000000… (401 digits) is not a version (1 or more)"),
]


@pytest.mark.parametrize("case, spoil, line", REPLAY_NUMBERS, ids=[c[0] for c in REPLAY_NUMBERS])
def test_a_replay_number_out_of_range_is_its_line_in_the_list_and_the_file_is_kept(
        user_home: Path, case: str, spoil: Callable[[dict[str, Any]], None], line: str) -> None:
    f = FILES[3]  # the Arzium replay
    data = good_content(f)
    spoil(data)
    path = f.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(user_home)
    row = summarize(path, GAMES)
    assert row.error == line and is_one_line(row.error) and not (row.where or row.result or row.length)
    assert changes(before, snapshot(user_home)) == {}


@pytest.mark.parametrize("which", range(len(FILES)), ids=[f.name for f in FILES])
def test_the_good_files_the_property_spoils_are_read_as_good(which: int) -> None:
    f = FILES[which]
    path = f.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(good_content(f)), encoding="utf-8")
    before = snapshot(data_dir())
    if "replays" in f.screens:
        assert summarize(path, GAMES).error is None
    elif f.name == "settings":
        assert load_settings()[1] is None
    elif f.name == "arzium save":
        saved, message = save.load_saved_game()
        assert message is None and saved is not None
    elif f.name == "arzium setup":
        assert save.load_setup_memory()[1] is None and save.load_setup_memory()[0] is not None
    elif f.name == "tutorial progress":
        assert load_progress()[1] is None
    else:
        assert all(p.message is None for p in statistics_pages()) and any(p.rows for p in statistics_pages())
    assert changes(before, snapshot(data_dir())) == {}
