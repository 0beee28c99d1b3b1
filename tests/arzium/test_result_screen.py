"""The Arzium result for 2, 3 and 4 players at three window sizes: nothing overlaps, everything stays in the
panel, long names fit, each card tells its name and points and wears its name, and the score over the game
ends at the final scores."""
from __future__ import annotations

import random

import pygame
import pytest

from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.score import outcome
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.flow import result_scene
from common.data.i18n import _
from common.engine import text
from common.engine.app import App
from helpers import FRAME

LONG = ("Bartholomew Bun of the Hollow", "Archibald Inkwell-Snoozington", "Ferdinand Featherpillow", "Mo")
COLOURS, EDGES = ("red", "blue", "green", "yellow"), ("south", "north", "west", "east")


def finished(n: int, seed: int):
    setup = Setup(tuple(SeatSetup(LONG[i], COLOURS[i], EDGES[i] if n > 2 else ("south", "north")[i],
                                  "human" if i == 0 else "bot") for i in range(n)), True, 0)
    state = new_game(setup, seed)
    rng = random.Random(seed)
    actions = []
    while not is_over(state):
        action = rng.choice(legal_actions(state))
        apply(state, action)
        actions.append(action)
    return state, actions


def apart(boxes: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.colliderect(b)]


SIZES = ((960, 540), (1280, 720), (1920, 1080))
QUICK = [(2, SIZES[0]), (4, SIZES[2])]  # the smallest and the largest window; the other seven: slow
GRID = [pytest.param(n, size, marks=() if (n, size) in QUICK else pytest.mark.slow) for n in (2, 3, 4)
        for size in SIZES]


@pytest.mark.parametrize("players, size", GRID)
def test_the_result_is_laid_out_without_overlap(app: App, players: int, size: tuple[int, int]) -> None:
    state, actions = finished(players, 5 + players)
    scene = result_scene(app, state, "/tmp/replays/arzium-20260101-120000.json", assisted=True, actions=actions)
    app.stack.clear_to(scene)
    assert scene.view.history[-1] == tuple(s.total for s in outcome(state).scores)
    assert len(scene.view.history) == state.turn + 1
    if size != app.size:
        app.resize_window(size)
    app.step([], FRAME)
    d = scene.drawn
    regions = [*d.rows.values(), d.map, d.chart, *(b.rect for b in scene.buttons)]
    assert not apart(regions)
    assert all(scene.panel.contains(r) for r in regions + d.texts)
    assert not apart(d.texts)
    assert not apart([r for r, _words in d.tiles])
    for i, row in d.rows.items():
        assert sum(row.contains(r) for r, _words in d.tiles) == \
            len(state.players[i].cards) + len(state.players[i].artifacts)
    card = state.cards.card(state.players[scene.order[0]].cards[0])
    assert d.tiles[0][1] == f"{card.name}: {card.points} point" + ("" if card.points == 1 else "s")  # its tooltip

    named = {cid: (plate, lines, px) for cid, plate, lines, px in d.names}  # on its banner, whole and apart
    roomy = size != SIZES[0] or players == 2  # in the smallest window a party of 3 or 4 may be too small
    for i in scene.order:
        for cid in state.players[i].cards:
            if cid not in named:
                assert not roomy, cid
                continue
            plate, lines, px = named[cid]
            name = _(state.cards.card(cid).name)
            assert " ".join(lines) == name or (len(lines) == 1 and lines[0] in name.split()), (name, lines)
            assert px >= 10 and all(text.font(px, True).size(line)[0] <= plate.w for line in lines), (name, px)
            assert scene.panel.contains(plate) and d.rows[i].contains(plate)
    assert not apart([plate for _cid, plate, _lines, _px in d.names])


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_a_two_player_result_leaves_no_large_empty_space(app: App, size: tuple[int, int]) -> None:
    """Two rows need less than the panel's height: the chart takes the room under them and the map the side."""
    state, actions = finished(2, 7)
    scene = result_scene(app, state, "/tmp/replays/arzium-20260101-120000.json", assisted=False, actions=actions)
    app.stack.clear_to(scene)
    if size != app.size:
        app.resize_window(size)
    app.step([], FRAME)
    d = scene.drawn
    rows = sorted(d.rows.values(), key=lambda r: r.top)
    assert d.chart.top - rows[-1].bottom <= app.px(16) and d.chart.w >= rows[-1].w  # right under the rows
    assert d.chart.h >= app.px(150) and d.map.w > d.chart.h  # a chart to read, and a bigger map beside
    assert not apart([*rows, d.map, d.chart, *(b.rect for b in scene.buttons)])
    state3, actions3 = finished(3, 8)
    three = result_scene(app, state3, "/tmp/replays/arzium-20260101-120000.json", assisted=False, actions=actions3)
    app.stack.clear_to(three)
    app.step([], FRAME)
    assert three.drawn.chart.left > max(r.right for r in three.drawn.rows.values())  # three rows keep it beside
