"""The result chart when lines lie on each other: each stays visible, the end labels and the "under 5 s"
label never overlap, and every card tick tells its card and player (mouse and keyboard)."""
from __future__ import annotations

import itertools

import pygame

from arenas.rules.components import TIMER_SPECS
from arenas.scenes.catalog import coinciding_result
from arenas.scenes.chart import LABEL_AIR, initials, tick_text
from arenas.wording import card_name
from common.engine.app import App
from helpers import FRAME, key


def shown(app: App):
    scene = coinciding_result(app)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    assert scene.chart_map is not None
    return scene


def test_coinciding_lines_both_show_and_their_labels_stay_apart(app: App) -> None:
    scene = shown(app)
    slow1, slow2 = scene.history.series["slow1"], scene.history.series["slow2"]
    assert slow1[:2] == slow2[:2]  # the same line until both flip at the same moment
    cm = scene.chart_map
    surface = app.screen
    plot = cm.plot.move(scene.chart_rect.topleft)
    end = slow1[1][0] / scene.history.end_ms
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(plot.left + 5, plot.left + int(plot.w * end) - 5)
               for y in range(plot.top, plot.top + plot.h // 2)}
    for tid in ("slow1", "slow2"):
        assert app.sprites.colour(TIMER_SPECS[tid].sand) in colours, tid
    labels = [cm.under, *cm.ends.values()]
    for i, a in enumerate(labels):
        assert a.right <= scene.chart_rect.w and a.left >= cm.plot.right
        for b in labels[i + 1:]:
            assert not a.colliderect(b), (a, b)
    tops = sorted(r.centery for r in cm.ends.values())
    air = min(b - a for a, b in itertools.pairwise(tops))
    assert air >= max(r.h for r in cm.ends.values()) + app.px(LABEL_AIR) - 1  # crowded labels spread apart


def test_a_tick_tells_its_card_and_player_by_mouse_and_by_key(app: App) -> None:
    scene = shown(app)
    cm = scene.chart_map
    tick = scene.history.cards[3]
    x = scene.chart_rect.x + round(cm.ticks[3])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, scene.chart_rect.y + cm.plot.bottom + 4), rel=(0, 0),
                                 buttons=(0, 0, 0))], FRAME)
    assert scene.hover_tick == 3
    words = tick_text(scene.history, 3)
    assert scene.history.players[tick.player] in words and card_name(tick.card) in words
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))], FRAME)
    assert scene.hover_tick is None
    app.step(key(pygame.K_DOWN), FRAME)
    app.step(key(pygame.K_DOWN), FRAME)
    assert scene.focus_tick == 1
    app.step(key(pygame.K_UP), FRAME)
    app.step(key(pygame.K_UP), FRAME)
    assert scene.focus_tick == len(scene.history.cards) - 1


def test_initials_are_the_shortest_beginnings_no_other_name_shares() -> None:
    assert initials(("Ana", "Bea")) == ["A", "B"]
    assert initials(("Ana", "Alba", "Al")) == ["An", "Alb", "Al"]
