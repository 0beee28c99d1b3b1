"""Arzium setup: Tab reaches a bot seat's level buttons right after its Human/Bot switch (before its colour and
edge, as they stand on screen), and the chosen level is marked by a bar, never by a ring like the focus."""
from __future__ import annotations

import pygame

from arzium.scenes.flow import setup_scene
from arzium.scenes.setup import LevelSegment, SetupScene
from common.engine.app import App


def _setup(app: App) -> SetupScene:
    scene = setup_scene(app)
    app.stack.clear_to(scene)
    app.step([], 1000 / 60)
    return scene


def test_tab_goes_from_a_bots_kind_to_its_levels_then_colour_and_edge(app: App) -> None:
    scene = _setup(app)
    bot = next(i for i, s in enumerate(scene.seats) if s["kind"] == "bot")
    row = scene.rows[bot]
    order = [w for w in scene.group.widgets if w in row.values()]
    levels = [w for w in order if isinstance(w, LevelSegment)]
    assert len(levels) == 3
    assert order.index(row["kind"]) + 1 == order.index(levels[0])
    assert order.index(levels[-1]) < order.index(row["colour"]) < order.index(row["edge"])
    assert [w.rect.left for w in order] == sorted(w.rect.left for w in order)  # focus order = reading order
    scene.group.set_focus(row["kind"])
    scene.group.keyboard_mode = True
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)], 1000 / 60)
    assert scene.group.focused is levels[0]


def test_the_chosen_level_wears_no_ring_of_the_focus_colour(app: App) -> None:
    scene = _setup(app)
    bot = next(i for i, s in enumerate(scene.seats) if s["kind"] == "bot")
    chosen = next(w for w in scene.rows[bot].values() if isinstance(w, LevelSegment) and w.chosen() == w.level)
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    chosen.draw(surface, app, False, False)
    ring = chosen.rect.inflate(app.px(2), app.px(2))
    edge = [(x, ring.top) for x in range(ring.left + app.px(10), ring.right - app.px(10))] + \
           [(ring.left, y) for y in range(ring.top + app.px(10), ring.bottom - app.px(10))]
    focus = app.theme.focus
    assert not any(tuple(surface.get_at(p))[:3] == focus for p in edge)
