"""A lost timer lies clear of every standing timer, on every shipped level and the tutorial's at the two window
sizes we design for, and a click picks the one drawn under it."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from arenas.rules import Level, load_levels
from arenas.rules.tutorial import FINAL_LEVEL, LESSON_LEVEL
from arenas.scenes import flow
from arenas.scenes.layouts import GLASS_H, GLASS_W, TAG_H, BoardGeometry, Rect
from arenas.session import GameSetup
from common.app import App
from helpers import close_app, make_app

SIZES = ((1280, 720), (960, 540))


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """A headless app at each window size we design for, shared by the module's tests."""
    app = make_app(request.param, mute=True)
    yield app
    close_app(app)


def standing_rect(geo: BoardGeometry, j: int) -> Rect:
    """A timer standing on gear j: its glass and the name tag above its top cap."""
    x, y = geo.spots[j]
    return Rect(x, y - TAG_H * geo.s / 2, GLASS_W * geo.s, (GLASS_H + TAG_H) * geo.s)


def overlaps(level: Level, geo: BoardGeometry) -> list[str]:
    """Every pair (lost beside gear i, standing on gear j) whose drawn rectangles overlap."""
    out = []
    for i in range(level.deactivator):
        spot = geo.lost_spots[i]
        assert spot is not None
        lost = geo.lost_parts(spot).outline
        out += [f"level {level.number}: lost beside {i} covers the timer on {j}"
                for j in range(len(level.path)) if j not in level.blocks and lost.overlap(standing_rect(geo, j)) > 0]
    return out


def check(app: App, level: Level) -> list[str]:
    """What is wrong on `level`: overlaps, and clicks at a lost or standing timer's centre that pick another."""
    scene = flow.play_scene(app, GameSetup(level, ("P1",) * level.team_size, seed=1, counts=False), countdown=False)
    scene.layout(app.size)
    assert scene.board is not None
    geo = scene.board.geo
    problems = overlaps(level, geo)
    state = scene.run.state
    lost_id, standing_id = list(state.timers)[:2]
    timers = {tid: state.timers[tid] for tid in (lost_id, standing_id)}
    state.timers = timers
    free = [j for j in range(len(level.path)) if j not in level.blocks]
    for i in range(level.deactivator):
        spot = geo.lost_spots[i]
        assert spot is not None
        # The standing timer on the gear nearest to where the lost one lies: the one a click could confuse.
        j = min(free, key=lambda j: (geo.spots[j][0] - spot[0]) ** 2 + (geo.spots[j][1] - spot[1]) ** 2)
        timers[lost_id].tile, timers[lost_id].lost_beside = None, i
        timers[standing_id].tile, timers[standing_id].lost_beside = j, None
        scene.layout(app.size)
        lost_at = (round(spot[0]), round(spot[1]))
        standing_at = (round(geo.spots[j][0]), round(geo.spots[j][1]))
        if (picked := scene.timer_at(lost_at)) != lost_id:
            problems.append(f"level {level.number}: a click on the timer lost beside {i} picks {picked}")
        if (picked := scene.timer_at(standing_at)) != standing_id:
            problems.append(f"level {level.number}: a click on the timer on {j} picks {picked}")
    return problems


def test_the_first_level_lost_timers_lie_clear_and_answer_clicks(app: App) -> None:
    assert check(app, load_levels()[0]) == []


@pytest.mark.sweep
def test_every_lost_timer_lies_clear_of_every_standing_one(app: App) -> None:
    problems = []
    for level in [*load_levels(), LESSON_LEVEL, FINAL_LEVEL]:
        problems += check(app, level)
    assert problems == [], f"{len(problems)} problems: {problems[:12]}"
