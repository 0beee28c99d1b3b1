"""Arenas scenes headless: robustness under random input, card play by key and click, the wild-card
choice, the lost timer's place on screen, the sand drawn in proportion, the chart, pause and leave."""
from __future__ import annotations

import random

import pygame
import pytest

from arenas.match import Phase
from arenas.rules.actions import PlayCard, PlayWild
from arenas.rules.components import TIMER_SPECS, WILD, Card
from arenas.rules.engine import outcome_json
from arenas.rules.events import CardPlayed, TimerFlipped
from arenas.rules.levels import level_path, load_level
from arenas.rules.replay import run_replay
from arenas.scenes import flow, layouts
from arenas.scenes.catalog import finished_game
from arenas.scenes.chart import draw_chart, sand_history
from arenas.scenes.glass import GlassPainter
from arenas.scenes.play import LeaveDialog, PlayScene
from arenas.scenes.running_rules import RunningRulesScene
from arenas.session import GameSetup, format_ms
from common.engine import text
from common.engine.app import App
from common.engine.layers import Part, paint_all
from common.engine.scene import Scene
from common.tools import catalog
from helpers import FRAME, click, key, run


def solo_scene(app: App, level: int = 1, **kwargs) -> PlayScene:
    setup = GameSetup(load_level(level_path(level)), ("Ana",), seed=11, counts=False)
    scene = flow.play_scene(app, setup, countdown=False, **kwargs)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    return scene


FUZZ = [("arenas-setup", 3), ("arenas-play", 4), ("arenas-play-bots", 5), ("arenas-play-bot-turn", 6),
        ("arenas-result", 7), ("arenas-result-online", 8)]  # (catalog scene, fixed seed of its random input)


def check_run(scene: PlayScene, last_ms: int, where: str) -> int:
    """The run's invariants after a frame; returns its game time (which never goes back)."""
    state = scene.run.state
    assert state.time_ms >= last_ms, f"game time went back at {where}"
    for t in state.timers.values():
        assert 0 <= t.remaining_ms <= t.capacity_ms, f"{t.id} holds {t.remaining_ms} ms at {where}"
        assert (t.tile is None) != (t.lost_beside is None), f"{t.id} is both on and off the path at {where}"
        assert 0 <= t.position < len(state.level.path), f"{t.id} is off the board at {where}"
    tiles = [t.tile for t in state.timers.values() if t.tile is not None]
    assert len(tiles) == len(set(tiles)), f"two timers share a gear at {where}"
    assert (state.result is not None) == (scene.run.phase == Phase.OVER), f"phase {scene.run.phase} at {where}"
    return state.time_ms


@pytest.mark.sweep
@pytest.mark.parametrize(("name", "seed"), FUZZ)
def test_scene_survives_300_frames_of_random_input(app: App, name: str, seed: int) -> None:
    """Random keys, clicks and mouse moves (seeded); a scene left by Esc is started again."""
    spec = catalog.get(name)
    assert spec is not None
    rng = random.Random(seed)
    last: dict[int, int] = {}
    for frame in range(300):
        where = f"{name}, seed {seed}, frame {frame}"
        if not app.running or len(app.stack.scenes) < 2:
            app.running = True
            app.stack.clear_to(Scene(app))
            app.push(spec.build(app))
        try:
            app.step(catalog.random_input(frame, rng, app.size), FRAME)
        except Exception as exc:
            raise AssertionError(f"the step raised at {where}: {exc!r}") from exc
        assert all("\n" not in t.message for t in app.toasts), f"a toast of several lines at {where}"
        for scene in app.stack.scenes:
            if isinstance(scene, PlayScene):
                last[id(scene)] = check_run(scene, last.get(id(scene), 0), where)


def test_key_1_plays_the_first_card(app: App) -> None:
    scene = solo_scene(app)
    state = scene.run.state
    first = state.timers[state.level.timer_ids[0]]
    tile = state.level.path[first.tile]
    state.hands[0][0] = Card("shape", tile.shape)
    before = first.remaining_ms
    app.step(key(pygame.K_1), FRAME)
    assert state.actions[0][1] == PlayCard(0, 0)
    played = next(i for i, e in enumerate(state.log) if isinstance(e, CardPlayed))
    flips = [e for e in state.log[played:] if isinstance(e, TimerFlipped) and e.timer == first.id]
    assert flips and flips[0].remaining_ms == first.capacity_ms - before
    assert state.discard[-1] == Card("shape", tile.shape)
    assert len(state.hands[0]) == state.level.hand_size


def test_wild_card_then_click_on_a_timer_activates_it(app: App) -> None:
    scene = solo_scene(app)
    state = scene.run.state
    state.hands[0][0] = WILD
    target = state.level.timer_ids[-1]
    tile_before = state.timers[target].tile
    app.step(key(pygame.K_1), FRAME)
    assert scene.wild == 0 and not state.actions
    centre, _tilt = scene.drawn_place(target)
    app.step(click(centre), FRAME)
    assert state.actions[-1][1] == PlayWild(0, 0, "activate", target)
    assert state.timers[target].tile == tile_before + 1
    assert scene.wild is None


def test_escape_cancels_the_wild_choice_and_keeps_the_card(app: App) -> None:
    scene = solo_scene(app)
    state = scene.run.state
    state.hands[0][0] = WILD
    app.step(key(pygame.K_1), FRAME)
    assert scene.wild == 0
    app.step(key(pygame.K_ESCAPE), FRAME)
    assert scene.wild is None
    assert state.hands[0][0] == WILD and not state.actions
    assert app.stack.top is scene  # Esc closed the choice only: no leave dialog


def test_clicking_a_gear_without_a_card_says_why(app: App) -> None:
    scene = solo_scene(app)
    assert scene.board is not None
    app.step(click(scene.board.geo.gears[5]), FRAME)
    assert not scene.run.state.actions
    assert any("play a card" in f.message for f in scene.messages.floating)


def _sand_pixels(surface: pygame.Surface, colour: tuple[int, int, int], centre: tuple[float, float], r: int) -> int:
    """Pixels near `centre` that look like sand of `colour` (the grain texture darkens it a little)."""
    count = 0
    for y in range(int(centre[1]) - r, int(centre[1]) + r):
        for x in range(int(centre[0]) - r, int(centre[0]) + r):
            p = surface.get_at((x, y))
            if all(0.55 * c - 12 <= v <= c + 12 for v, c in zip(p[:3], colour)):
                count += 1
    return count


def test_a_lost_timer_is_drawn_beside_its_gear(app: App) -> None:
    scene = solo_scene(app)
    state = scene.run.state
    tid = "slow2"
    t = state.timers[tid]
    t.tile, t.lost_beside, t.remaining_ms = None, 1, 30_000
    scene.layout(app.size)
    app.step([], FRAME)
    assert scene.board is not None
    geo = scene.board.geo
    spot = geo.lost_spots[1]
    assert spot is not None
    gear = geo.gears[1]
    assert ((spot[0] - gear[0]) ** 2 + (spot[1] - gear[1]) ** 2) ** 0.5 < 1.5 * geo.s
    assert scene.drawn_place(tid) == (spot, layouts.LOST_TILT)
    colour = app.sprites.colour(TIMER_SPECS[tid].sand)
    r = round(geo.s * 0.3)
    lost_pixels = _sand_pixels(app.screen, colour, spot, r)
    assert lost_pixels > 20
    # Back on its gear, nothing of it is drawn at the lost spot any more.
    t.tile, t.lost_beside = 1, None
    scene.layout(app.size)
    app.step([], FRAME)
    assert _sand_pixels(app.screen, colour, spot, r) < lost_pixels // 4


def test_sand_drawn_is_in_proportion_to_the_time_left(app: App) -> None:
    painter = GlassPainter(app, (60, 100))
    x = painter.size[0] // 2

    def column(fraction: float) -> list[tuple[int, int, int, int]]:
        img = pygame.Surface(painter.size, pygame.SRCALPHA)
        img.fill((255, 0, 255, 255))
        painter.draw(img, (0, 0), fraction, "sand_slow1", False, 0.0)
        return [tuple(img.get_at((x, y))) for y in range(painter.size[1])]

    empty_top, full_top = column(0.0), column(1.0)
    total_top = sum(painter.widths[y] for y in range(painter.top_first, painter.neck))
    total_bottom = sum(painter.widths[y] for y in range(painter.neck + 1, painter.bottom_last + 1))
    filled = {}
    for fraction in (0.25, 0.5, 0.8):
        col = column(fraction)
        top_rows = [y for y in range(painter.top_first, painter.neck) if col[y] != empty_top[y]]
        bottom_rows = [y for y in range(painter.neck + 1, painter.bottom_last + 1) if col[y] != full_top[y]]
        top_area = sum(painter.widths[y] for y in top_rows) / total_top
        bottom_area = sum(painter.widths[y] for y in bottom_rows) / total_bottom
        assert top_area == pytest.approx(fraction, abs=0.07)
        assert bottom_area == pytest.approx(1 - fraction, abs=0.07)
        assert top_rows == list(range(top_rows[0], painter.neck))  # sand sits on the neck, no gaps
        filled[fraction] = len(top_rows)
    assert filled[0.25] < filled[0.5] < filled[0.8]


def test_the_chart_draws_every_timer_and_the_cards(app: App) -> None:
    _setup, state = finished_game()
    history = sand_history(state)
    assert set(history.series) == set(state.timers)
    for tid, points in history.series.items():
        assert points[0] == (0, state.timers[tid].capacity_ms)
        assert points[-1] == (state.time_ms, state.timers[tid].remaining_ms)
    assert [tick.at_ms for tick in history.cards] == [at for at, _ in state.actions]
    surface = pygame.Surface((1000, 500), pygame.SRCALPHA)
    plot = draw_chart(surface, app, surface.get_rect(), history).plot
    assert plot.w > 400 and plot.h > 200
    seen = {tuple(surface.get_at((x, y)))[:3] for x in range(plot.left, plot.right, 2)
            for y in range(plot.top, plot.bottom)}
    for tid in state.timers:
        assert app.sprites.colour(TIMER_SPECS[tid].sand) in seen


def test_escape_without_pause_assist_asks_to_leave_while_sand_keeps_running(app: App) -> None:
    scene = solo_scene(app)
    app.step(key(pygame.K_ESCAPE), FRAME)
    assert isinstance(app.stack.top, LeaveDialog)
    before = scene.run.state.time_ms
    run(app, 30)
    assert scene.run.state.time_ms > before + 300
    assert not scene.run.state.assisted


def test_pause_assist_stops_time_and_marks_the_run(app: App) -> None:
    setup = GameSetup(load_level(level_path(1)), ("Ana",), seed=11, allow_pause=True, counts=False)
    scene = flow.play_scene(app, setup, countdown=False)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    app.step(key(pygame.K_ESCAPE), FRAME)
    assert scene.run.paused and scene.run.state.assisted
    before = scene.run.state.time_ms
    run(app, 30)
    assert scene.run.state.time_ms == before
    app.step(key(pygame.K_ESCAPE), FRAME)
    assert not scene.run.paused


def test_replay_driven_scene_reaches_the_rules_outcome(app: App) -> None:
    setup, finished = finished_game()
    actions = list(finished.actions)
    scene = flow.play_scene(app, setup, replay_actions=actions, countdown=False)
    app.stack.clear_to(scene)
    for _ in range(2000):
        if scene.run.state.result is not None:
            break
        app.step([], 250, draw=False)
    expected = run_replay(setup.rules_setup(), setup.seed, actions)
    assert outcome_json(scene.run.state) == outcome_json(expected)


def test_rules_mid_run_open_with_the_sand_running_and_close_back_to_the_board(app: App) -> None:
    scene = solo_scene(app)
    app.step(key(pygame.K_F1), FRAME)
    rules = app.stack.top
    assert isinstance(rules, RunningRulesScene) and rules.keeps_below_running and rules.run is scene.run
    assert app.stack.scenes[-2] is scene
    before = scene.run.state.time_ms
    for _ in range(10):
        app.step([], FRAME)
    assert scene.run.state.time_ms > before and not scene.run.paused and not scene.run.state.assisted
    low = min(t.remaining_ms for t in scene.run.state.timers.values())
    assert rules.status_line() == f"The sand is running: {-(-low // 1000)} s left in the lowest timer"
    app.step(key(pygame.K_F1), FRAME)
    assert app.stack.top is scene and not scene.run.paused


def test_the_end_of_a_run_closes_the_rules_read_mid_run(app: App) -> None:
    scene = solo_scene(app)
    app.step(key(pygame.K_F1), FRAME)
    assert isinstance(app.stack.top, RunningRulesScene)
    doomed = next(iter(scene.run.state.timers.values()))  # lost beside its gear, nearly dry: the team loses soon
    doomed.lost_beside, doomed.tile, doomed.remaining_ms = doomed.tile, None, 300
    for _ in range(20):
        if app.stack.top is scene:
            break
        app.step([], FRAME, draw=False)
    assert scene.run.state.result == "lost" and app.stack.top is scene


def test_rules_with_the_pause_assist_pause_the_run(app: App) -> None:
    setup = GameSetup(load_level(level_path(1)), ("Ana",), seed=11, allow_pause=True, counts=False)
    paused = flow.play_scene(app, setup, countdown=False)
    app.stack.clear_to(paused)
    app.step([], FRAME)
    app.step(key(pygame.K_F1), FRAME)
    assert not isinstance(app.stack.top, RunningRulesScene)
    assert app.stack.top is not paused and paused.run.paused and paused.run.state.assisted


def test_enter_from_the_menu_opens_the_setup_and_enter_again_starts_the_level(app: App) -> None:
    from common.scenes.menu import MenuScene
    from common.tutorials.progress import update_progress
    update_progress("arenas", offered=True)  # the first launch's tutorial offer was answered before
    app.stack.clear_to(MenuScene(app))
    app.step(key(pygame.K_RETURN), FRAME)  # the menu's focus starts on Arenas Movedizas
    for _ in range(3):
        app.step([], FRAME)
    setup = app.stack.top
    assert type(setup).__name__ == "SetupScene"
    app.step(key(pygame.K_RETURN), FRAME)  # the focus is on Start, as the screen says (not on a name field)
    for _ in range(3):
        app.step([], FRAME)
    assert isinstance(app.stack.top, PlayScene)


def test_a_flowing_glass_is_still_parts_keyed_by_its_sand_rows_and_a_small_moving_stream(app: App) -> None:
    painter = GlassPainter(app, (60, 100))
    near = [0.5 - k / 10_000 for k in range(1, 2_000)]  # less and less sand on top
    same_rows = near[0]
    other_rows = next(f for f in near if painter.levels(f) != painter.levels(0.5))
    assert painter.levels(same_rows) == painter.levels(0.5)

    def parts(fraction: float, t_ms: float) -> list[Part]:
        return painter.parts((10, 20), fraction, "sand_slow1", True, t_ms, None)

    now, later, lower = parts(0.5, 0.0), parts(same_rows, 40.0), parts(other_rows, 40.0)
    assert [p.key is None for p in now] == [False, True, False]  # glass and sand, the stream, the frame over it
    assert [p.key for p in now] == [p.key for p in later]  # the sand flowed within the same rows
    assert now[0].key != lower[0].key and now[2].key != lower[2].key
    glass = pygame.Rect((10, 20), painter.size)
    assert glass.contains(now[1].rect.clip(glass)) and now[1].rect.w * now[1].rect.h < glass.w * glass.h / 4
    drawn = pygame.Surface((100, 150))
    paint_all(drawn, now)
    whole = pygame.Surface((100, 150))
    painter.draw(whole, (10, 20), 0.5, "sand_slow1", True, 0.0)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_the_top_bar_legend_stays_put_while_the_clock_ticks(app: App) -> None:
    scene = solo_scene(app)
    widths, places = set(), set()
    for _ in range(90):  # 0:00.0 to 0:09.0 through 0:01.1, 0:04.4, 0:08.8...: digits of every width
        app.step([], 100)
        widths.add(text.render(format_ms(scene.run.state.time_ms), app.font_px(28), (0, 0, 0), True).get_width())
        places.add(tuple(tuple(part.rect) for part in scene.frame_parts() if isinstance(part.key, tuple)
                         and part.key[:1] in (("legend",), ("ends",))))
    assert len(widths) > 1, "the clock's digits never changed its width: the test shows nothing"
    assert len(places) == 1, "the legend moved with the clock"
