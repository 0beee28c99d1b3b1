"""The Replays screen with scripted input: both games' replays listed newest first, a broken one shown in one
line, watching, deleting after confirming, opening the folder; and the Statistics screen and menu entries."""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from arzium.rules.engine import apply
from arzium.rules.replay import Replay as RulesReplay
from arzium.rules.score import outcome
from arzium.rules.state import new_game
from common.data import folder_opener
from common.data.folder_opener import opener_command
from common.data.paths import replays_dir
from common.engine.app import App
from common.engine.scene import Scene
from common.games import GAMES
from common.replays.index import replay_files, summarize
from common.replays.replay import Replay, read_replay
from common.scenes.menu import MenuScene
from common.scenes.replay_viewer import ReplayViewerScene
from common.scenes.replays import ReplaysScene
from common.scenes.statistics import StatisticsScene
from common.ui.dialog import Dialog
from helpers import click, draws_the_same_twice, fuzz_scene, key, run
from replay_files import arenas_replay, arzium_replay, write


@pytest.fixture()
def folder() -> dict[str, Path]:
    """An Arenas replay (oldest), an Arzium one, and a truncated file (newest)."""
    paths = {"arenas": write("arenas-run", arenas_replay(), age_s=300),
             "arzium": write("arzium-game", arzium_replay(), age_s=200)}
    broken = replays_dir() / "arenas-broken.json"
    broken.write_text('{"format": "arenas-arzium-replay", "version": 1, "game": "arenas", "setup": {', "utf-8")
    os.utime(broken, (2_000_000_000 - 100, 2_000_000_000 - 100))
    paths["broken"] = broken
    return paths


def _arzium_row_figures(replay: Replay) -> tuple[str, str]:
    """What an Arzium row should say, from the rules run of its replay."""
    rules = RulesReplay.from_file(replay)
    state = new_game(rules.setup, rules.seed)
    for action in rules.actions:
        apply(state, action)
    result = outcome(state)
    (winner,) = result.winners
    return (f"{rules.setup.seats[winner].name} won ({result.scores[winner].total})",
            f"{state.turn} turns · {len(rules.actions)} actions")


def open_list(app: App) -> ReplaysScene:
    app.stack.clear_to(Scene(app))
    app.push(ReplaysScene(app))
    run(app, 3)  # the lines fill in a few per frame
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene) and not scene.unread
    return scene


def test_the_list_shows_both_games_newest_first_and_a_broken_file_in_one_line(app: App,
                                                                             folder: dict[str, Path]) -> None:
    scene = open_list(app)
    assert [row.path for row in scene.rows] == [folder["broken"], folder["arzium"], folder["arenas"]]
    broken, arzium, arenas = scene.rows
    assert broken.error is not None and broken.error.startswith("cannot read: replay is truncated")
    assert "\n" not in broken.error and str(folder["broken"]) not in broken.error
    assert (arenas.game, arenas.where, arenas.result, arenas.length) == (
        "arenas", "Level 7 · The Fast One · 2 players", "Lost", "0:46.9 · 13 cards")
    assert arzium.game == "arzium" and arzium.where == "2 players · basic game" and arzium.error is None
    assert (arzium.result, arzium.length) == _arzium_row_figures(read_replay(folder["arzium"]))
    assert draws_the_same_twice(app)


def test_a_broken_replay_stays_listed_and_watching_it_says_why(app: App, folder: dict[str, Path]) -> None:
    scene = open_list(app)
    assert not scene.watch_button.enabled  # the broken line is selected
    scene.watch(0)
    assert app.stack.top is scene and len(scene.rows) == 3
    assert app.toasts and app.toasts[-1].message.startswith("cannot read: replay is truncated")


def test_a_replay_whose_actions_the_rules_refuse_is_a_broken_line(folder: dict[str, Path]) -> None:
    data = json.loads(folder["arenas"].read_text(encoding="utf-8"))
    data["actions"][3]["t"] = 1  # before the card before it
    folder["arenas"].write_text(json.dumps(data), encoding="utf-8")
    row = summarize(folder["arenas"], GAMES)
    assert row.error == "cannot read: action 4 at 1 ms: time goes backwards (game already at 9218 ms)"


def test_enter_watches_the_selected_replay_and_esc_comes_back(app: App, folder: dict[str, Path]) -> None:
    scene = open_list(app)
    app.step(key(pygame.K_DOWN), 16)
    assert scene.list.selected == 1
    app.step(key(pygame.K_RETURN), 16)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.playback.game == "arzium"
    run(app, 5)
    assert draws_the_same_twice(app)
    app.step(key(pygame.K_ESCAPE), 16)
    assert app.stack.top is scene


def test_a_click_selects_and_a_second_click_watches(app: App, folder: dict[str, Path]) -> None:
    scene = open_list(app)
    rh = app.px(scene.list.row_h)
    row3 = (scene.list.rect.centerx, scene.list.rect.top + 2 * rh + rh // 2)
    run(app, 1, click(row3))
    assert scene.list.selected == 2 and app.stack.top is scene
    run(app, 1, click(row3))
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.playback.game == "arenas"


def test_delete_asks_first_and_keeps_the_file_when_told_to(app: App, folder: dict[str, Path]) -> None:
    scene = open_list(app)
    app.step(key(pygame.K_DOWN), 16)
    app.step(key(pygame.K_DELETE), 16)
    assert isinstance(app.stack.top, Dialog) and folder["arzium"].exists()
    app.step(key(pygame.K_ESCAPE), 16)  # Esc: "Keep it"
    assert app.stack.top is scene and folder["arzium"].exists() and len(scene.rows) == 3
    app.step(key(pygame.K_DELETE), 16)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    run(app, 1, click(dialog.buttons[0].rect.center))  # "Delete"
    assert app.stack.top is scene and not folder["arzium"].exists()
    assert [row.path for row in scene.rows] == [folder["broken"], folder["arenas"]]
    assert replay_files() == [folder["broken"], folder["arenas"]] and scene.list.items == [
        "arenas-broken.json", "arenas-run.json"]


def test_an_empty_folder_says_so_and_enter_goes_back(app: App) -> None:
    scene = open_list(app)
    assert scene.rows == [] and scene.group.focused is scene.back
    app.step(key(pygame.K_DELETE), 16)
    assert app.stack.top is scene and draws_the_same_twice(app)
    app.step(key(pygame.K_RETURN), 16)
    assert app.stack.top is not scene


class FakeProcess:
    def __init__(self, code: int | None) -> None:
        self.code, self.args = code, ["xdg-open", "somewhere"]

    def poll(self) -> int | None:
        return self.code

    def wait(self, timeout: float | None = None) -> int | None:
        return self.code


def test_open_the_folder_starts_the_platforms_opener(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[list[str]] = []

    def popen(command: list[str], **_: Any) -> FakeProcess:
        started.append(command)
        return FakeProcess(None)

    monkeypatch.setattr(folder_opener.subprocess, "Popen", popen)
    scene = open_list(app)
    scene.open_folder()
    shown = app.stack.top  # headless: no program, the path in a dialog that copies it
    assert started == [] and isinstance(shown, Dialog) and str(replays_dir()) in shown.message
    app.step(key(pygame.K_RETURN), 16)
    assert app.stack.top is scene and app.toasts[-1].message == f"Path copied: {replays_dir()}"
    assert pygame.scrap.get_text() == str(replays_dir())
    app.options = dataclasses.replace(app.options, headless=False)
    scene.open_folder()
    assert started == [opener_command(replays_dir())] and replays_dir().is_dir()
    assert opener_command(Path("/r"), "darwin") == ["open", "/r"]
    assert opener_command(Path("/r"), "linux") == ["xdg-open", "/r"]


@pytest.mark.parametrize("failure", ["cannot start", "exits 4"])
def test_a_failing_opener_is_one_line(app: App, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    def popen(command: list[str], **_: Any) -> FakeProcess:
        if failure == "cannot start":
            raise FileNotFoundError(2, "No such file or directory")
        return FakeProcess(4)

    monkeypatch.setattr(folder_opener.subprocess, "Popen", popen)
    app.options = dataclasses.replace(app.options, headless=False)
    scene = open_list(app)
    scene.open_folder()
    run(app, 2)
    shown = app.stack.top  # the game's own words and the path to copy, never the system's text
    assert isinstance(shown, Dialog) and str(replays_dir()) in shown.message and "No such file" not in shown.message
    assert shown.message.startswith("This system has no file manager" if failure == "cannot start"
                                    else "The file manager could not open the folder.")
    assert scene.opener.process is None


def test_the_menu_opens_replays_and_statistics(app: App) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    run(app, 1, click(menu.buttons[3].rect.center))
    assert isinstance(app.stack.top, ReplaysScene)
    app.step(key(pygame.K_ESCAPE), 16)
    run(app, 1, click(menu.buttons[4].rect.center))
    assert isinstance(app.stack.top, StatisticsScene)


def test_the_statistics_screen_switches_games_with_the_arrows(app: App) -> None:
    app.stack.clear_to(Scene(app))
    app.push(StatisticsScene(app))
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene) and [p.game for p in scene.pages] == ["arenas", "arzium"]
    app.step(key(pygame.K_RIGHT), 16)
    assert scene.page.game == "arzium"
    assert draws_the_same_twice(app)
    app.step(key(pygame.K_RIGHT), 16)
    assert scene.page.game == "arenas"


@pytest.mark.sweep
@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_never_breaks_the_viewers_or_the_list(app: App, folder: dict[str, Path], seed: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(folder_opener.subprocess, "Popen", lambda command, **_: FakeProcess(None))
    for game, path in (("arenas", folder["arenas"]), ("arzium", folder["arzium"])):
        replay = read_replay(path)
        fuzz_scene(app, lambda app, game=game, replay=replay: ReplayViewerScene(
            app, GAMES[game].replay_viewer(app, replay, "fuzz")), seed, frames=250)
    fuzz_scene(app, StatisticsScene, seed, frames=100)
    fuzz_scene(app, ReplaysScene, seed, frames=250)


def test_main_py_replay_file_opens_the_viewer_over_the_menu(app: App, folder: dict[str, Path],
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from common import cli
    monkeypatch.setattr(app, "run", lambda: None)
    assert cli._watch(app, read_replay(folder["arzium"]), folder["arzium"]) == 0
    assert isinstance(app.stack.top, ReplayViewerScene) and isinstance(app.stack.scenes[-2], MenuScene)
    data = json.loads(folder["arenas"].read_text(encoding="utf-8"))
    data["actions"][3]["t"] = 1
    folder["arenas"].write_text(json.dumps(data), encoding="utf-8")
    app.stack.clear_to(Scene(app))
    assert cli._watch(app, read_replay(folder["arenas"]), folder["arenas"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "action 4 at 1 ms: time goes backwards" in err


def test_the_menus_arrows_move_along_a_row_of_two(app: App) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    run(app, 1, key(pygame.K_DOWN) + key(pygame.K_DOWN) + key(pygame.K_DOWN) + key(pygame.K_RIGHT))
    assert menu.group.focused is menu.buttons[4]  # Statistics, beside Replays
    run(app, 1, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, StatisticsScene)


def test_the_viewer_waits_under_the_rules_screen(app: App, folder: dict[str, Path]) -> None:
    scene = open_list(app)
    scene.watch(2)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    app.step(key(pygame.K_SPACE), 0)
    run(app, 30)
    at = viewer.cursor.position
    app.step(key(pygame.K_F1), 0)
    assert app.stack.top is not viewer
    run(app, 30)
    assert viewer.cursor.position == at and viewer.cursor.playing
    app.step(key(pygame.K_ESCAPE), 0)
    assert app.stack.top is viewer
    run(app, 30)
    assert viewer.cursor.position > at


def test_lines_not_read_yet_show_the_files_date_and_game(app: App, folder: dict[str, Path]) -> None:
    scene = ReplaysScene(app)
    assert [(row.when, row.game, row.error) for row in scene.rows] == [
        (2_000_000_000 - 100, "arenas", None), (2_000_000_000 - 200, "arzium", None),
        (2_000_000_000 - 300, "arenas", None)]
    assert all(row.path in scene.unread for row in scene.rows)


def test_an_online_game_is_marked_in_its_line(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from common.engine import text

    online = arzium_replay()
    online.meta = {**online.meta, "online": True, "room": "ABCD-EFGH"}
    path = write("arzium-online", online, age_s=10)
    write("arzium-game", arzium_replay(), age_s=20)
    scene = open_list(app)
    assert [(row.path == path, row.online) for row in scene.rows] == [(True, True), (False, False)]
    said: list[str] = []
    original = text.draw_text

    def spy(surface: pygame.Surface, line: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        said.append(line)
        return original(surface, line, *args, **kwargs)
    monkeypatch.setattr(text, "draw_text", spy)
    scene.draw(app.screen)
    assert said.count("Arzium · online") == 1 and said.count("Arzium") == 1
