"""Arenas board and play scene headless: rusted gears (how they look in play and in the setup preview, what
the setup says of them), skipping the start countdown, and the play board fitted ahead by the setup screen."""
from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from arenas.match import COUNTDOWN_MS, Phase
from arenas.rules.levels import load_levels
from arenas.scenes import flow, layouts
from arenas.scenes.board import BoardView
from arenas.scenes.level_facts import level_facts
from arenas.scenes.play import PlayScene
from arenas.scenes.setup import WARM_AFTER_MS
from arenas.session import GameSetup
from arenas_support import empty_fit_caches, fits_finished, make_level
from common.engine.app import App
from helpers import FRAME, click, key, run

PATH = "GT YC OS GM YT OC GS YM OT GC YS OM GT"


def test_the_setup_facts_name_the_rusted_gears() -> None:
    facts = level_facts(make_level(PATH, removed=("triangle", "gray")))
    assert "Rusted (only a wild card turns them): 2 gray triangle gears" in facts
    assert not [f for f in level_facts(make_level(PATH, removed=("circle",))) if "Rusted" in f]


def _changed(a: pygame.Surface, b: pygame.Surface, centre: tuple[float, float], r: int) -> int:
    x0, y0 = round(centre[0]), round(centre[1])
    return sum(a.get_at((x, y)) != b.get_at((x, y))
               for x in range(x0 - r, x0 + r) for y in range(y0 - r, y0 + r))


@pytest.mark.parametrize("where", ["play", "setup preview"])
def test_rusted_gears_look_rusted(app: App, where: str) -> None:
    plain = make_level(PATH, removed=("orange",))
    rusty = replace(plain, removed_cards=("orange", "circle"))
    box = pygame.Rect(40, 60, 1000, 420)
    pictures = []
    for level in (plain, rusty):
        board = BoardView(app, level, box, 80)
        pictures.append(board.layers(app.size)[1] if where == "play" else board.preview())
    geo = board.geo
    offset = (0, 0) if where == "play" else (-box.x, -box.y)
    gear = (geo.gears[5][0] + offset[0], geo.gears[5][1] + offset[1])
    far = (geo.gears[1][0] + offset[0], geo.gears[1][1] + offset[1])
    r = round(geo.s * 0.5)
    assert _changed(*pictures, gear, r) > r * r  # tinted, flecked and marked with a wild card
    assert _changed(*pictures, far, r) == 0


def test_the_wild_mark_shows_on_every_rusted_gear_and_no_other(app: App) -> None:
    level = make_level(PATH, removed=("triangle", "gray"))
    board = BoardView(app, level, pygame.Rect(40, 60, 1000, 420), 80)
    magenta = (255, 0, 255, 255)
    board.pieces.wild_mark = pygame.Surface((12, 12), pygame.SRCALPHA)
    board.pieces.wild_mark.fill(magenta)
    surface = pygame.Surface(app.size, pygame.SRCALPHA)
    board.draw_gears(surface, 0.0)
    marked = [(x, y) for x in range(surface.get_width()) for y in range(0, surface.get_height(), 2)
              if surface.get_at((x, y)) == magenta]
    gears = board.geo.gears
    nearest = {min(range(len(gears)), key=lambda i: math.hypot(x - gears[i][0], y - gears[i][1])) for x, y in marked}
    assert marked and nearest == {0, 12}  # each mark pixel lies nearest a rusted gear


def counting_down(app: App) -> PlayScene:
    """Level 1 solo, one second into its start countdown: no sand has run."""
    setup = GameSetup(make_level(PATH), ("Ana",), seed=5, counts=False)
    scene = flow.play_scene(app, setup)
    app.stack.clear_to(scene)
    run(app, 60)
    assert scene.run.phase == Phase.COUNTDOWN and scene.run.state.time_ms == 0
    return scene


@pytest.mark.parametrize("skip", ["space", "enter", "click on the board", "click on a card"])
def test_space_enter_or_a_click_skips_the_countdown(app: App, skip: str) -> None:
    scene = counting_down(app)
    assert scene.table is not None and scene.board is not None
    events = {"space": key(pygame.K_SPACE), "enter": key(pygame.K_RETURN),
              "click on the board": click(scene.board.geo.gears[4]),
              "click on a card": click(scene.table.card_rects(0, 3)[0].center)}[skip]
    hand = list(scene.run.state.hands[0])
    app.step(events, FRAME)
    assert scene.run.phase == Phase.RUNNING
    run(app, 30)
    assert 400 <= scene.run.state.time_ms <= 600  # the sand runs from the skip on
    assert all(t.remaining_ms > t.capacity_ms - 1000 for t in scene.run.state.timers.values())
    assert scene.run.state.hands[0] == hand and not scene.run.state.actions  # the click only started the sand


def test_without_a_skip_the_sand_waits_for_the_whole_countdown(app: App) -> None:
    scene = counting_down(app)
    app.step(key(pygame.K_1), FRAME)  # a card key does not skip: it says to wait
    frames = round((COUNTDOWN_MS - 1000) / FRAME) - 3
    run(app, frames)
    assert scene.run.phase == Phase.COUNTDOWN and scene.run.state.time_ms == 0 and not scene.run.state.actions
    run(app, 10)
    assert scene.run.phase == Phase.RUNNING and scene.run.state.time_ms > 0


def test_the_setup_screen_fits_the_play_board_ahead_so_start_does_not(app: App,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    empty_fit_caches(monkeypatch, "fit_board")
    setup = flow.setup_scene(app, 1)
    app.stack.clear_to(setup)
    app.step([], FRAME)
    for _ in range(round(WARM_AFTER_MS / FRAME) + 2):
        app.step([], FRAME)
    for _ in range(100):  # the fits run in the background, the table layers on the frame loop
        if setup.warmed != ():
            break
        fits_finished()
        app.step([], FRAME)
    assert setup.warmed != (), "the play board was never fitted ahead"
    fitted = layouts.fit_board.cache_info().misses
    setup.start()
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.board is not None
    assert layouts.fit_board.cache_info().misses == fitted  # nothing left to fit
    assert play.board.full is not None and play.board.window_size == app.size  # table layers drawn too


def test_a_lost_timer_says_lost_at_the_timer_and_explains_off_the_board(app: App) -> None:
    level = load_levels()[0]
    scene = flow.play_scene(app, GameSetup(level, ("Ana",), seed=1, counts=False), countdown=False)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    scene.run.state.timers["slow1"].remaining_ms = 20  # runs out within the next frame
    for _ in range(3):
        app.step([], FRAME)
    assert scene.run.state.timers["slow1"].lost
    by_text = {f.message: f for f in scene.messages.floating}
    assert "lost!" in by_text
    sentence = next(f for m, f in by_text.items() if m.startswith("Slow 1 ran out"))
    assert sentence.pos[0] == app.size[0] / 2  # the message line above the hands, not on the board
    assert scene.table is not None and sentence.pos[1] < scene.table.prompt_y
