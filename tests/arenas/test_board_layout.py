"""The fitted Arenas board: lost timers (glass, name tag and badge) never cover a gear, the Deactivator
stone, one another or a standing timer, on every shipped level (and the tutorial's) at the two window sizes we
design for, and a click picks the timer drawn under it."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from arenas.rules.levels import Level, load_levels
from arenas.rules.tutorial import FINAL_LEVEL, LESSON_LEVEL
from arenas.scenes import flow, layouts, view
from arenas.scenes.board import fit_args
from arenas.scenes.fitting import MAX_GEAR_PX, play_board
from arenas.scenes.hands import table_layout
from arenas.scenes.layouts import (
    CAPTION_H,
    CAPTION_W,
    GEAR_KEEP,
    GLASS_H,
    GLASS_W,
    STONE_H,
    STONE_W,
    TAG_H,
    BoardGeometry,
    Rect,
)
from arenas.session import GameSetup
from common.engine.app import App
from helpers import close_app, make_app

SIZES = ((1280, 720), (960, 540))


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """A headless app at each window size we design for, shared by the module's tests."""
    app = make_app(request.param, mute=True)
    yield app
    close_app(app)


def stone_rect(centre: tuple[float, float], s: float) -> Rect:
    """The Deactivator stone with its caption, as the board lays it out."""
    return Rect(centre[0], centre[1] + CAPTION_H * s / 2, max(STONE_W, CAPTION_W) * s, (STONE_H + CAPTION_H) * s)


def gear_rect(geo: BoardGeometry, i: int) -> Rect:
    """The square around gear i that nothing else may cover (only its tooth tips stick out)."""
    x, y = geo.gears[i]
    return Rect(x, y, 2 * GEAR_KEEP * geo.s, 2 * GEAR_KEEP * geo.s)


def lost_rect(geo: BoardGeometry, i: int) -> Rect | None:
    """Everything drawn for a timer lost beside gear i (None past the Deactivator)."""
    spot = geo.lost_spots[i]
    return None if spot is None else geo.lost_parts(spot).outline


@pytest.mark.sweep
def test_every_level_has_room_for_every_lost_timer(app: App) -> None:
    assert app.size in SIZES
    problems = []
    for level in load_levels():
        setup = GameSetup(level, tuple(f"P{i + 1}" for i in range(level.team_size)), seed=1, counts=False)
        scene = flow.play_scene(app, setup, countdown=False)
        # Every timer lost, beside the gears just before the Deactivator.
        for k, t in enumerate(scene.run.state.timers.values()):
            t.tile, t.lost_beside = None, max(0, level.deactivator - 1 - k)
        scene.layout(app.size)
        assert scene.board is not None
        geo = scene.board.geo
        # Any timer may be lost beside any gear before the Deactivator: check every such place.
        lost = {i: lost_rect(geo, i) for i in range(level.deactivator)}
        assert None not in lost.values() and lost_rect(geo, level.deactivator) is None
        stone = stone_rect(geo.stone, geo.s)
        for i, rect in lost.items():
            assert rect is not None
            problems += [f"level {level.number}: lost {i} covers gear {j}"
                         for j in range(len(level.path)) if rect.overlap(gear_rect(geo, j)) > 0]
            problems += [f"level {level.number}: lost {i} covers lost {j}"
                         for j, other in lost.items() if j > i and other is not None and rect.overlap(other) > 0]
            if rect.overlap(stone) > 0:
                problems.append(f"level {level.number}: lost {i} covers the Deactivator")
        # The lost timers in play are drawn at those places.
        for t in scene.run.state.timers.values():
            assert scene.drawn_place(t.id)[0] == geo.lost_spots[t.lost_beside]
    assert problems == []


def test_a_lost_timer_is_drawn_inside_its_outline(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    level = load_levels()[20]
    setup = GameSetup(level, ("Ana",), seed=1, counts=False)
    scene = flow.play_scene(app, setup, countdown=False)
    t = scene.run.state.timers["slow1"]
    t.tile, t.lost_beside, t.remaining_ms = None, 3, 30_000
    scene.run.state.timers = {"slow1": t}  # alone on the board: every pixel that changes is this timer's
    app.stack.clear_to(scene)  # laid out: the board is fitted (before the first frame, which caches its parts)
    assert scene.board is not None
    geo = scene.board.geo
    outline = lost_rect(geo, 3)
    assert outline is not None
    scene.board.lost_glass.glow_img = pygame.Surface((1, 1), pygame.SRCALPHA)  # no soft glow: only what is drawn
    monkeypatch.setattr(view, "draw_lost_link", lambda *args: None)  # the trail back to the gear leaves it on purpose
    app.step([], 16)
    app.step([], 16)
    bare = scene.board.layers(app.size)[1]
    inside = pygame.Rect(round(outline.left), round(outline.top), round(outline.w), round(outline.h)).inflate(4, 4)
    assert scene.table is not None and scene.table.board.contains(inside.inflate(-4, -4))
    window = inside.inflate(round(geo.s * 2), round(geo.s * 2)).clip(scene.table.board)
    drawn = [(x, y) for x in range(window.left, window.right) for y in range(window.top, window.bottom)
             if app.screen.get_at((x, y)) != bare.get_at((x, y))]
    assert len(drawn) > outline.w * outline.h / 4
    assert [p for p in drawn if not inside.collidepoint(p)] == []


def test_a_timer_standing_beside_its_gear_is_tied_to_it_by_a_rod(app: App) -> None:
    level = load_levels()[20]
    scene = flow.play_scene(app, GameSetup(level, ("Ana",), seed=1, counts=False), countdown=False)
    scene.layout(app.size)
    assert scene.board is not None
    s, size = scene.board.geo.s, scene.board.glass.size
    gear = (200.0, 200.0)

    def drawn(centre: tuple[float, float]) -> int:
        surface = pygame.Surface((400, 400), pygame.SRCALPHA)
        view.draw_tether(surface, s, gear, centre, size)
        return sum(surface.get_at((x, y)).a > 0 for x in range(0, 400, 2) for y in range(0, 400, 2))

    assert drawn((gear[0], gear[1] - 0.9 * s)) == 0  # on top of the gear: nothing
    beside = drawn((gear[0] + 0.8 * s, gear[1] - 0.1 * s))
    below = drawn((gear[0] - 0.6 * s, gear[1] + 0.75 * s))
    assert beside > 0 and below > 0


def test_a_lost_timer_lying_a_way_off_has_a_trail_back_to_its_gear(app: App) -> None:
    level = load_levels()[15]
    scene = flow.play_scene(app, GameSetup(level, ("Ana", "Ben"), seed=1, counts=False), countdown=False)
    scene.layout(app.size)
    assert scene.board is not None
    s = scene.board.geo.s
    gear = (200.0, 200.0)

    def dots(centre: tuple[float, float]) -> int:
        surface = pygame.Surface((400, 400), pygame.SRCALPHA)
        view.draw_lost_link(surface, s, gear, centre)
        return sum(surface.get_at((x, y)).a > 0 for x in range(0, 400, 2) for y in range(0, 400, 2))

    assert dots((gear[0] + 0.6 * s, gear[1] + 0.5 * s)) == 0  # right beside it: no trail
    far = (gear[0] + 1.4 * s, gear[1] + 0.9 * s)
    assert dots(far) > 0
    surface = pygame.Surface((400, 400), pygame.SRCALPHA)
    view.draw_lost_link(surface, s, gear, far)
    assert surface.get_at((round(gear[0]), round(gear[1]))).a == 0  # it stops at the gear's rim


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


@pytest.mark.parametrize(("number", "smallest"), [(8, 80.0), (17, 65.0)])
def test_room_for_lost_timers_leaves_crowded_boards_large(number: int, smallest: float) -> None:
    """A loop's lost timers find room without shrinking its gears much (the pitch at 1280x720)."""
    level = load_levels()[number - 1]
    geo = layouts.fit_board(*fit_args(level, pygame.Rect(44, 58, 1192, 460), 96.0))
    assert geo.s >= smallest
    assert all(p is not None for p in geo.lost_spots[:level.deactivator])


@pytest.mark.parametrize("players", [1, 3])
def test_a_round_path_gets_the_windows_height_and_a_long_one_the_windows_width(app: App, players: int) -> None:
    """Levels 16 and 21 wind round: their hands sit one above another at the right and the board is bigger
    than with the hands along the bottom; a long flat path keeps the hands along the bottom."""
    levels = {lv.number: lv for lv in load_levels()}
    for n in (16, 21, 12):
        level = levels[n]
        board, table = play_board(app, level, players, app.size)
        along_bottom = table_layout(app, app.size, players, level.hand_size, "sides")
        bottom_s = layouts.fit_board(*fit_args(level, along_bottom.board, app.px(MAX_GEAR_PX))).s
        if level.layout == "spiral":
            assert board.geo.s > 1.1 * bottom_s and all(seat.left > table.board.right for seat in table.seats), n
        else:
            assert board.geo.s == bottom_s and table.board == along_bottom.board, n
        assert not any(a.colliderect(b) for i, a in enumerate(table.seats) for b in table.seats[i + 1:])
        assert all(pygame.Rect((0, 0), app.size).contains(seat) for seat in table.seats)
