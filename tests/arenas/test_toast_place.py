"""A toast over a run (a sprite pack reloaded with F5) stands above the prompt line, off the hands' cards and
their names, at both supported sizes and with a full table."""
from __future__ import annotations

import pygame
import pytest

from arenas.rules.levels import level_path, load_level
from arenas.scenes import flow
from arenas.session import GameSetup
from helpers import close_app, make_app


@pytest.mark.parametrize(("size", "players"), [((1280, 720), 1), ((960, 540), 7)])
def test_a_toast_keeps_off_the_hands(size: tuple[int, int], players: int) -> None:
    app = make_app(size)
    try:
        setup = GameSetup(load_level(level_path(1)), tuple(f"P{i + 1}" for i in range(players)), seed=3, counts=False)
        scene = flow.play_scene(app, setup, countdown=False)
        app.stack.clear_to(scene)
        app.step([], 16)
        app.toast("Reloaded sprite pack 'My pack'")
        toasts = app._toast_parts()
        assert len(toasts) == 1 and scene.table is not None
        box = toasts[0].rect
        state = scene.run.state
        cards = [r for seat in range(players) for r in scene.table.card_rects(seat, len(state.hands[seat]))]
        assert cards and not any(box.colliderect(r) for r in cards)
        assert box.bottom <= scene.table.prompt_y - app.px(12)  # the prompt line stays readable
        assert pygame.Rect((0, 0), size).contains(box)
    finally:
        close_app(app)
