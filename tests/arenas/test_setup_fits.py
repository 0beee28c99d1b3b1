"""Boards are fitted off the frame loop: browsing levels on the setup screen never fits one on the main thread."""
from __future__ import annotations

import threading

import pygame
import pytest

from arenas.rules.levels import load_levels
from arenas.scenes import flow, layouts
from arenas.scenes.board import fit_args
from arenas.scenes.fitting import FitQueue
from arenas_support import empty_fit_caches, fits_finished
from common.engine.app import App
from common.engine.scene import Scene


@pytest.fixture()
def no_fits_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty caches of fitted boards and of the per-aspect shapes (or nothing would be fitted at all) for this
    test; the worker's own caches stay filled for the tests after it."""
    empty_fit_caches(monkeypatch, "fit_board", "_shapes")


def test_a_queued_fit_is_done_in_the_background_and_then_cached(no_fits_yet: None) -> None:
    args = fit_args(load_levels()[15], pygame.Rect(0, 0, 700, 400), 60.0)
    fits = FitQueue()
    assert fits.ready(args) is False
    fits_finished()
    assert fits.ready(args)
    hits = layouts.fit_board.cache_info().hits
    layouts.fit_board(*args)
    assert layouts.fit_board.cache_info().hits == hits + 1


def test_browsing_levels_fits_no_board_on_the_frame_loop(app: App, monkeypatch: pytest.MonkeyPatch,
                                                         no_fits_yet: None) -> None:
    fitted_on: list[str] = []
    place_lost = layouts._place_lost

    def recording(*args, **kwargs):
        fitted_on.append(threading.current_thread().name)
        return place_lost(*args, **kwargs)

    monkeypatch.setattr(layouts, "_place_lost", recording)
    scene = flow.setup_scene(app)
    monkeypatch.setattr(scene.records, "is_unlocked", lambda n: True)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    scene.group.set_focus(scene.level_list)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    for _ in range(3):  # arrow through three levels, a few frames each
        app.step([down], 16)
        for _ in range(3):
            app.step([], 16)
    chosen = scene.selected_level
    assert chosen is not None and chosen.number == 4
    for _ in range(100):
        if scene.warmed != () and any(key[0] == 4 for key in scene.previews):  # its preview and play board
            break
        fits_finished()
        app.step([], 16)
    assert scene.warmed != () and any(key[0] == 4 for key in scene.previews), \
        "the board of the chosen level was never fitted"
    assert fitted_on and threading.main_thread().name not in fitted_on
