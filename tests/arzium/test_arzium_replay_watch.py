"""Watching an Arzium replay with scripted input: stepping forward and back (the table and the move log as
after that many actions), scrubbing, playing on, the end; a format 1 replay's implicit steps; the result
screen's Watch replay."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arzium.replay_model import ArziumReplay, played_actions, summarize
from arzium.rules.actions import ResolveClaims, SkipBuy
from arzium.rules.engine import apply
from arzium.rules.replay import Replay as RulesReplay
from arzium.rules.replay import run_replay
from arzium.rules.state import GameState, new_game
from arzium.scenes.flow import result_scene
from arzium.scenes.replay_view import ArziumPlayback
from common.engine.app import App
from common.engine.scene import Scene
from common.replays.replay import Replay, read_replay
from common.scenes.replay_viewer import ReplayViewerScene
from helpers import click, draws_the_same_twice, key, run
from replay_files import arzium_replay, watching, write


def rules_after(replay: Replay, done: int) -> GameState:
    rules = RulesReplay.from_file(replay)
    state, _ = run_replay(rules.setup, rules.seed, rules.actions[:done])
    return state


@pytest.fixture()
def viewer(app: App) -> tuple[ReplayViewerScene, Replay]:
    replay = arzium_replay()
    path = write("arzium-game", replay)
    scene = watching(app, path)
    assert isinstance(scene.playback, ArziumPlayback)
    return scene, replay


def table_state(viewer: ReplayViewerScene) -> GameState:
    playback = viewer.playback
    assert isinstance(playback, ArziumPlayback) and playback.scene is not None
    return playback.scene.table.state


def log_texts(viewer: ReplayViewerScene) -> list[str]:
    playback = viewer.playback
    assert isinstance(playback, ArziumPlayback) and playback.scene is not None
    return [line.text for line in playback.scene.log.lines]


def test_stepping_shows_the_table_and_the_log_after_that_many_actions(
        app: App, viewer: tuple[ReplayViewerScene, Replay]) -> None:
    scene, replay = viewer
    start_log = log_texts(scene)
    for _ in range(6):
        app.step(key(pygame.K_RIGHT), 16)
    assert scene.cursor.position == 6 and table_state(scene).to_dict() == rules_after(replay, 6).to_dict()
    six = log_texts(scene)
    app.step(key(pygame.K_LEFT), 16)
    app.step(key(pygame.K_LEFT), 16)
    assert scene.cursor.position == 4 and table_state(scene).to_dict() == rules_after(replay, 4).to_dict()
    four = log_texts(scene)
    assert six[:len(four)] == four and len(start_log) < len(four) < len(six)  # the log tells the game so far
    assert draws_the_same_twice(app)


def test_the_scrubber_and_the_ends(app: App, viewer: tuple[ReplayViewerScene, Replay]) -> None:
    scene, replay = viewer
    bar = scene.scrubber.rect
    run(app, 1, click((bar.left + bar.w // 2, bar.centery)))
    done = scene.cursor.timeline.at_fraction((bar.w // 2) / bar.w)
    assert scene.cursor.position == done and table_state(scene).to_dict() == rules_after(replay, done).to_dict()
    app.step(key(pygame.K_END), 16)
    run(app, 30)
    assert scene.cursor.at_end and app.stack.top is scene
    assert table_state(scene).to_dict() == rules_after(replay, len(replay.actions)).to_dict()
    app.step(key(pygame.K_HOME), 16)
    assert scene.cursor.position == 0 and table_state(scene).turn == new_game(
        RulesReplay.from_file(replay).setup, replay.seed).turn


def test_playing_moves_on_action_by_action_and_pauses(app: App, viewer: tuple[ReplayViewerScene, Replay]) -> None:
    scene, replay = viewer
    for _ in range(3):
        app.step(key(pygame.K_PLUS), 16)
    assert scene.cursor.speed == 8.0
    app.step(key(pygame.K_SPACE), 16)
    run(app, 240)
    app.step(key(pygame.K_SPACE), 16)
    done = scene.cursor.position
    assert done > 3 and not scene.cursor.playing
    assert table_state(scene).to_dict() == rules_after(replay, done).to_dict()
    run(app, 60)
    assert scene.cursor.position == done


def legacy_of(replay: Replay) -> Replay:
    """The replay as the format 1 rules recorded it: without the steps they made by themselves."""
    rules = RulesReplay.from_file(replay)
    state = new_game(rules.setup, rules.seed)
    kept = []
    for action in rules.actions:
        implicit = (isinstance(action, ResolveClaims) and state.phase == "after") or (
            isinstance(action, SkipBuy) and all(state.cards.artifact(a).cost > state.players[state.active].coins
                                                for a in state.art_row))
        apply(state, action)
        if not implicit:
            kept.append(action)
    assert len(kept) < len(rules.actions)
    return RulesReplay(rules.setup, rules.seed, tuple(kept), legacy=True).to_file()


def test_a_format_1_replay_is_watched_with_the_steps_its_rules_made_by_themselves() -> None:
    # a game with steps its rules made by themselves (2 of 86) and no artifact after a search (format 1 had none)
    replay = arzium_replay(seed=1, full=True)
    old = legacy_of(replay)
    assert old.version == 1
    assert played_actions(RulesReplay.from_file(old)) == RulesReplay.from_file(replay).actions
    watched = ArziumReplay.load(old, "old")
    assert watched.timeline.end == len(replay.actions)
    assert watched.state_at(10).to_dict() == rules_after(replay, 10).to_dict()


def test_the_result_screen_watches_the_games_replay(app: App, viewer: tuple[ReplayViewerScene, Replay]) -> None:
    _, replay = viewer
    path = Path(write("arzium-done", replay))
    final = ArziumReplay.load(replay, "x").final
    app.stack.clear_to(Scene(app))
    app.push(result_scene(app, final, str(path)))
    result = app.stack.top
    watch = next(b for b in result.buttons if b.label == "Watch replay")  # type: ignore[attr-defined]
    run(app, 1, click(watch.rect.center))
    assert isinstance(app.stack.top, ReplayViewerScene)
    app.step(key(pygame.K_ESCAPE), 16)
    assert app.stack.top is result and read_replay(path).actions == replay.actions


def test_a_watched_replays_result_has_no_watch_button(app: App) -> None:
    final = ArziumReplay.load(arzium_replay(), "x").final
    app.stack.clear_to(Scene(app))
    app.push(result_scene(app, final, None))
    assert all(b.label != "Watch replay" for b in app.stack.top.buttons)  # type: ignore[attr-defined]


def test_the_list_line_of_a_game_left_unfinished_says_so(tmp_path: Path) -> None:
    full = RulesReplay.from_file(arzium_replay())
    part = RulesReplay(full.setup, full.seed, full.actions[:20]).to_file()
    row = summarize(tmp_path / "arzium-part.json", part)
    turns = rules_after(part, 20).turn
    assert (row.result, row.where) == ("Unfinished", "2 players · basic game")
    assert row.length == f"{turns} turns · 20 actions"


def test_the_header_counts_the_actions_as_the_bar_does_and_offers_no_menu(
        app: App, viewer: tuple[ReplayViewerScene, Replay]) -> None:
    scene, _ = viewer
    for _step in range(5):
        app.step(key(pygame.K_RIGHT), 16)
    playback = scene.playback
    assert isinstance(playback, ArziumPlayback) and playback.scene is not None
    sidebar = playback.scene.sidebar
    assert sidebar.instructions()[1] == playback.describe(5) == f"5 of {playback.timeline.end} actions played"
    assert sidebar.menu_btn not in sidebar.buttons()  # no click reaches the table: the viewer's Back leaves
