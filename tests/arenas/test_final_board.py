"""The end of a run is held on the board: the timer that ran dry (or the last one home) ringed, what happened
and why in words, and the result screen on a key or a click (not in the first moment) or after a while."""
from __future__ import annotations

import pygame
import pytest

from arenas.match import Phase
from arenas.rules.levels import level_path, load_level
from arenas.scenes import flow
from arenas.scenes.ending import deciding_timer, ending_lines
from arenas.scenes.moment import END_HOLD_MS
from arenas.scenes.play import END_GUARD_MS, PlayScene
from arenas.scenes.result import ResultScene
from arenas.session import GameSetup
from common.engine.app import App
from helpers import key
from text_record import Drawn, RecordingSurface, record

FRAME = 50.0


def lost_level_2(app: App) -> PlayScene:
    """Level 2 played by nobody until the sand wins, on the final board."""
    setup = GameSetup(load_level(level_path(2)), ("Ana",), seed=5, counts=False)
    scene = flow.play_scene(app, setup, countdown=False)
    app.stack.clear_to(scene)
    for _ in range(4000):
        if scene.run.phase == Phase.OVER:
            return scene
        app.step([], 250, draw=False)
    raise AssertionError("the sand never won")


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def test_the_lost_run_is_held_with_the_timer_and_the_reason(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = lost_level_2(app)
    state = scene.run.state
    assert state.result == "lost" and deciding_timer(state, scene.last_home) == state.failed_timer
    for _ in range(round(3000 / FRAME)):  # longer than a glance: the board is still there
        app.step([], FRAME, draw=False)
    assert app.stack.top is scene
    drawn = Drawn()
    record(drawn, monkeypatch)
    scene.draw(RecordingSurface(app.size, drawn))
    lines = ending_lines(state, scene.last_home)
    assert len(lines) == 2 and all(line in drawn.strings for line in lines)
    assert "The sand ran out" in drawn.strings
    held_ms = scene.now - scene.ended_at if scene.ended_at is not None else 0
    assert 3000 <= held_ms < 4000  # so the prompt says the board goes on by itself in 5 s
    assert "The result in 5 s  ·  Enter shows it now" in drawn.strings
    window = pygame.Rect((0, 0), app.size)
    words = [p.rect for p in drawn.placed if p.string in [*lines, "The sand ran out"]]
    assert len(words) == 3 and all(window.contains(r) for r in words)
    assert scene.board is not None
    geo = scene.board.geo
    for tid, t in state.timers.items():  # the words leave every timer in sight
        r = geo.lost_parts(scene.drawn_place(tid)[0]).outline if t.lost else geo.glass_rect(scene.drawn_place(tid)[0])
        glass = pygame.Rect(round(r.left), round(r.top), round(r.w), round(r.h))
        assert not any(glass.colliderect(w) for w in words), tid
    app.step(click(scene.table.board.center if scene.table else (10, 10)), FRAME)
    assert isinstance(app.stack.top, ResultScene)


def test_a_key_in_the_first_moment_is_not_taken_as_seen(app: App) -> None:
    scene = lost_level_2(app)
    assert scene.ended_at is not None and scene.now - scene.ended_at < END_GUARD_MS
    app.step(key(pygame.K_RETURN), FRAME, draw=False)
    app.step(click((app.size[0] // 2, app.size[1] // 2)), FRAME, draw=False)
    assert app.stack.top is scene
    for _ in range(round(END_HOLD_MS / FRAME) + 2):
        app.step([], FRAME, draw=False)
    assert isinstance(app.stack.top, ResultScene)
