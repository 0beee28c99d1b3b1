"""Watching an Arenas replay with scripted input: stepping forward and back, scrubbing, playing at a speed and
the end, each compared with the rules run (through the live `Match`) to the same moment; the result screen's
Watch replay."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arenas.match import Match
from arenas.replay_model import ArenasReplay
from arenas.rules.state import GameState
from arenas.scenes import flow
from arenas.scenes.catalog import finished_game
from arenas.scenes.replay_view import ArenasPlayback
from arenas.session import RunRecord
from common.engine.app import App
from common.engine.scene import Scene
from common.replays.replay import read_replay
from common.scenes.replay_viewer import ReplayViewerScene
from helpers import click, draws_the_same_twice, key, run
from replay_files import arenas_replay, watching, write


def rules_at(watched: ArenasReplay, ms: int) -> GameState:
    """The rules state `ms` into the run, the way a live run gets there: in 10 ms steps."""
    live = Match(watched.setup, None, list(watched.actions), countdown=False)
    while live.state.time_ms < ms and live.state.result is None:
        live.step(min(10, ms - live.state.time_ms))
    return live.state


def test_the_state_at_any_moment_is_the_rules_run_to_it() -> None:
    watched = ArenasReplay.load(arenas_replay(), "test")
    for ms in (0, 1, *watched.timeline.marks[:4], 12_345, watched.final.time_ms):
        assert watched.state_at(ms).to_dict() == rules_at(watched, ms).to_dict(), ms


@pytest.fixture()
def viewer(app: App) -> tuple[ReplayViewerScene, Path]:
    path = write("arenas-run", arenas_replay())
    scene = watching(app, path)
    assert isinstance(scene.playback, ArenasPlayback)
    return scene, path


def shown(viewer: ReplayViewerScene) -> GameState:
    playback = viewer.playback
    assert isinstance(playback, ArenasPlayback) and playback.scene is not None
    return playback.scene.run.state


def test_stepping_forward_and_back_shows_the_state_after_each_card(app: App, viewer: tuple[ReplayViewerScene, Path]
                                                                   ) -> None:
    scene, _ = viewer
    watched = scene.playback.watched  # type: ignore[attr-defined]
    marks = watched.timeline.marks
    for _ in range(5):
        app.step(key(pygame.K_RIGHT), 16)
    assert scene.cursor.position == marks[4] and len(shown(scene).actions) == 5
    assert shown(scene).to_dict() == rules_at(watched, marks[4]).to_dict()
    app.step(key(pygame.K_LEFT), 16)
    app.step(key(pygame.K_LEFT), 16)
    assert scene.cursor.position == marks[2] and shown(scene).to_dict() == rules_at(watched, marks[2]).to_dict()
    assert not scene.cursor.playing and draws_the_same_twice(app)
    run(app, 30)  # paused: nothing moves
    assert shown(scene).time_ms == marks[2]


def test_the_scrubber_jumps_to_where_it_is_clicked(app: App, viewer: tuple[ReplayViewerScene, Path]) -> None:
    scene, _ = viewer
    bar = scene.scrubber.rect
    run(app, 1, click((bar.left + bar.w // 4, bar.centery)))
    ms = scene.cursor.timeline.at_fraction((bar.w // 4) / bar.w)
    assert scene.cursor.position == ms and shown(scene).time_ms == ms
    assert shown(scene).to_dict() == rules_at(scene.playback.watched, ms).to_dict()  # type: ignore[attr-defined]


def test_playing_at_four_times_the_speed_runs_the_rules_four_times_as_fast(
        app: App, viewer: tuple[ReplayViewerScene, Path]) -> None:
    scene, _ = viewer
    app.step(key(pygame.K_PLUS), 16)
    app.step(key(pygame.K_EQUALS), 16)
    assert scene.cursor.speed == 4.0
    app.step(key(pygame.K_SPACE), 0)
    assert scene.cursor.playing
    run(app, 50, dt_ms=20)  # one second: 100 rules steps of 10 ms, each 40 ms of the run
    assert shown(scene).time_ms == scene.cursor.position == 4000
    assert shown(scene).to_dict() == rules_at(scene.playback.watched, 4000).to_dict()  # type: ignore[attr-defined]
    app.step(key(pygame.K_SPACE), 16)
    run(app, 10)
    assert not scene.cursor.playing and shown(scene).time_ms == 4000


def test_the_end_shows_the_result_and_playing_again_starts_over(app: App, viewer: tuple[ReplayViewerScene, Path]
                                                                ) -> None:
    scene, path = viewer
    final = scene.playback.watched.final  # type: ignore[attr-defined]
    app.step(key(pygame.K_END), 16)
    assert scene.cursor.at_end and shown(scene).result == final.result == "lost"
    run(app, 200)  # the end stays on show: no result screen opens over the viewer
    assert app.stack.top is scene
    app.step(key(pygame.K_SPACE), 0)
    assert scene.cursor.playing and scene.cursor.position == 0 and shown(scene).time_ms == 0
    app.step(key(pygame.K_HOME), 16)
    assert not scene.cursor.playing and scene.cursor.position == 0
    assert read_replay(path).actions  # watching changes nothing on disk


def test_the_result_screen_watches_the_runs_replay(app: App) -> None:
    setup, state = finished_game()
    path = write("arenas-run", arenas_replay())
    app.stack.clear_to(Scene(app))
    app.push(flow.result_scene(app, setup, state, RunRecord(replay_path=path)))
    result = app.stack.top
    watch = next(b for b in result.buttons if b.label == "Watch replay")  # type: ignore[attr-defined]
    run(app, 1, click(watch.rect.center))
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.playback.game == "arenas"
    app.step(key(pygame.K_ESCAPE), 16)
    assert app.stack.top is result


def test_a_result_without_a_replay_has_no_watch_button(app: App) -> None:
    setup, state = finished_game()
    app.stack.clear_to(Scene(app))
    app.push(flow.result_scene(app, setup, state, RunRecord()))
    assert all(b.label != "Watch replay" for b in app.stack.top.buttons)  # type: ignore[attr-defined]
