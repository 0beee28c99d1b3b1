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
from arzium.rules import SeatSetup, Setup, new_game
from common import catalog
from common.app import App
from common.paths import config_dir, data_dir, replays_dir
from common.replay_index import replay_files, statistics_pages, summarize
from common.safe_text import short_number
from common.settings import Settings, load_settings
from hardening import is_one_line
from helpers import close_app, make_app, run
from replay_files import arenas_replay, arzium_replay

SETUP = Setup((SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bot", "blue", "north", "bot", "easy")),
              full_game=False)


def _saved_game() -> Any:
    path = data_dir() / "probe-save.json"
    save.save_game(new_game(SETUP, 3), [], path)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()
    return data


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
             lambda: {**arzium_replay().to_dict(), "meta": {"turns": 20, "winners": ["A"], "scores": [30, 20]}},
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
        rows = [summarize(p) for p in replay_files()]
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


PROPERTY = settings(max_examples=30, deadline=None, derandomize=True,
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
