"""Draw only what changes (`common.engine.layers`): the still picture is remade only when its parts change, a frame
presents only what it changed, and a frame drawn through the layers equals painting every part in order."""
from __future__ import annotations

import random

import pygame
import pytest

from common.engine.app import App
from common.engine.layers import Layers, Part, drawn_cells, image_part, merge, paint_all
from common.tools import catalog
from common.ui.widget_parts import widget_look
from common.ui.widgets import Button, ListBox, Widget
from helpers import FRAME, click, key, make_app, motion


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def filled(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.fill(rgba)
    return image


BACK = filled((200, 120), (30, 60, 90, 255))
PANEL = filled((60, 40), (200, 180, 20, 140))   # see-through: what lies under it shows


def frame(ball_x: int, panel_key: int = 0) -> list[Part]:
    """A background, a moving ball, a see-through panel over where the ball passes, and a still badge."""
    ball = pygame.Rect(ball_x, 50, 20, 20)
    return [image_part(BACK, (0, 0)),
            Part(ball, None, lambda s: pygame.draw.ellipse(s, (250, 250, 250), ball)),
            Part(pygame.Rect(70, 40, 60, 40), ("panel", panel_key), lambda s: s.blit(PANEL, (70, 40))),
            Part(pygame.Rect(150, 5, 30, 12), ("badge", panel_key),
                 lambda s: s.fill((panel_key * 40 % 256, 10, 10), pygame.Rect(150, 5, 30, 12)))]


def test_a_still_frame_presents_nothing_and_builds_once() -> None:
    screen = pygame.Surface((200, 120))
    layers = Layers()
    assert layers.draw(screen, frame(10)) is None  # the first frame is drawn whole
    assert layers.draw(screen, frame(10)) == [pygame.Rect(10, 50, 20, 20)]  # only the moving ball
    assert (layers.builds, layers.repaints) == (1, 0)


def test_a_changed_key_repaints_only_its_region_and_a_new_size_builds_again() -> None:
    screen = pygame.Surface((200, 120))
    layers = Layers()
    layers.draw(screen, frame(10))
    rects = layers.draw(screen, frame(10, panel_key=1))
    assert layers.repaints == 2  # the panel's and the badge's regions (apart)
    assert rects is not None and pygame.Rect(150, 5, 30, 12) in rects
    layers.draw(screen, frame(10, panel_key=1))
    assert (layers.builds, layers.repaints) == (1, 2)
    assert layers.draw(pygame.Surface((300, 120)), frame(10, panel_key=1)) is None
    assert layers.builds == 2


def test_a_frame_presents_exactly_where_its_moving_part_was_and_is() -> None:
    screen = pygame.Surface((200, 120))
    layers = Layers()
    layers.draw(screen, frame(10))
    before = screen.copy()
    rects = layers.draw(screen, frame(14))
    assert rects == [pygame.Rect(10, 50, 24, 20)]  # last frame's ball and this one's, joined (they overlap)
    outside = screen.copy()
    for r in rects:
        outside.blit(before, r, r)
    assert pixels(outside) == pixels(before)


def test_layered_frames_equal_painting_every_part() -> None:
    """The ball runs under the see-through panel (which becomes live over it) while the panel changes."""
    screen = pygame.Surface((200, 120))
    layers = Layers()
    for step, x in enumerate(range(0, 190, 7)):
        parts = frame(x, panel_key=step // 9)
        layers.draw(screen, parts)
        reference = pygame.Surface((200, 120))
        paint_all(reference, parts)
        assert pixels(screen) == pixels(reference), f"frame {step}"


def test_a_still_part_mostly_over_a_moving_one_is_painted_whole_each_frame() -> None:
    screen = pygame.Surface((200, 120))
    layers = Layers()
    for x in (10, 14, 26):
        ball = pygame.Rect(x, 50, 20, 20)
        tag = pygame.Rect(30, 45, 20, 20)  # over the ball: none of it, 60 of its 400 pixels, then 240
        parts = [image_part(BACK, (0, 0)),
                 Part(ball, None, lambda s, b=ball: pygame.draw.ellipse(s, (250, 250, 250), b)),
                 Part(tag, ("tag",), lambda s: s.blit(PANEL, (30, 45)))]
        layers.draw(screen, parts)
        reference = pygame.Surface((200, 120))
        paint_all(reference, parts)
        assert pixels(screen) == pixels(reference)
        whole = tag in layers.moving
        assert whole == (x == 26), x  # cut where the ball passes under it, until that is most of it


def test_a_part_with_areas_paints_only_inside_them() -> None:
    screen = pygame.Surface((100, 40))
    areas = [pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 20, 10, 10)]
    layers = Layers()
    layers.draw(screen, [image_part(filled((100, 40), (0, 0, 0, 255)), (0, 0)),
                         Part(areas[0].union(areas[1]), None, lambda s: s.fill((255, 0, 0)), tuple(areas))])
    assert screen.get_at((5, 5))[:3] == (255, 0, 0) and screen.get_at((55, 25))[:3] == (255, 0, 0)
    assert screen.get_at((30, 15))[:3] == (0, 0, 0)


def test_drawn_cells_leave_out_only_what_is_wholly_see_through() -> None:
    ring = filled((80, 40), (250, 120, 20, 160))
    ring.fill((0, 0, 0, 0), pygame.Rect(20, 10, 40, 20))  # a see-through middle, two cells by two
    cells = drawn_cells(ring, 4)
    assert sum(r.w * r.h for r in cells) == 80 * 40 - 40 * 20
    assert cells[:2] == (pygame.Rect(0, 0, 80, 10), pygame.Rect(0, 10, 20, 10))  # a row's run of cells is one
    back = filled((80, 40), (30, 60, 90, 255))
    whole, through = back.copy(), back.copy()
    whole.blit(ring, (0, 0))
    paint_all(through, [Part(ring.get_rect(), None, lambda s: s.blit(ring, (0, 0)), cells)])
    assert pixels(through) == pixels(whole)


def test_merge_joins_only_what_costs_no_more() -> None:
    assert merge([pygame.Rect(0, 0, 10, 10), pygame.Rect(2, 2, 4, 4)]) == [pygame.Rect(0, 0, 10, 10)]
    apart = [pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 50, 10, 10)]
    assert merge(apart) == apart
    corner = [pygame.Rect(0, 0, 10, 10), pygame.Rect(9, 9, 10, 10)]  # touching corners: the box would be 361
    assert merge(corner) == corner


# ---- the scenes, through the app ---------------------------------------------------------------------


def reference(app: App) -> pygame.Surface:
    """The frame on show painted whole, every part in order, without the layers."""
    out = pygame.Surface(app.size)
    parts = app.stack.frame_parts()
    assert parts is not None
    paint_all(out, parts + app._toast_parts())
    return out


def scripted(app: App, name: str, frames: int) -> int:
    """Open catalog scene `name` and play its script for `frames` frames, checking every one drawn through the
    layers; return how many were."""
    spec = catalog.get(name)
    assert spec is not None
    app.stack.clear_to(spec.build(app))
    rng = random.Random(5)
    layered = 0
    for f in range(frames):
        events = spec.script(f, rng, app.size)
        if f % 40 == 20:  # now and then a click somewhere (the script's pointer)
            events += click(events[0].pos) if events else []
        layered += checked_step(app, events, f"{name}: frame {f}")
    return layered


def checked_step(app: App, events: list[pygame.event.Event], where: str) -> bool:
    """Step a frame; when it is drawn through the layers, check it equals a full redraw and changed nothing
    outside the rectangles it presents (return whether it was)."""
    before = app.screen.copy()
    app.step(events, FRAME)
    if app.stack.frame_parts() is None:  # a screen opened by a click that draws whole
        assert app.dirty is None
        return False
    assert pixels(app.screen) == pixels(reference(app)), f"{where} differs from a full redraw"
    if app.dirty is not None:  # nothing changed outside the rectangles presented
        outside = app.screen.copy()
        for r in app.dirty:
            outside.blit(before, r, r)
        assert pixels(outside) == pixels(before), f"{where} changed pixels it does not present"
    return True


@pytest.mark.parametrize("name", ["arzium-play", "arzium-play-hint", "arenas-play", "arenas-play-bots",
                                  "arenas-play-bot-turn", "rules-arzium", "arzium-replay", "arenas-replay",
                                  "arenas-editor"])
@pytest.mark.sweep
def test_a_scene_through_the_layers_equals_a_full_redraw(name: str) -> None:
    app = make_app((960, 540))
    scripted(app, name, 120)
    app.toast("A toast over the scene")
    scripted(app, name, 12)


@pytest.mark.parametrize("name", ["menu", "settings", "controls", "gallery", "replays", "statistics", "arzium-setup",
                                  "arenas-setup", "arzium-result", "arzium-result-4", "arzium-result-tie",
                                  "arenas-result", "arenas-result-coinciding", "arenas-my-levels"])
@pytest.mark.sweep
def test_a_widget_screen_through_the_layers_equals_a_full_redraw(name: str) -> None:
    app = make_app((960, 540))
    assert scripted(app, name, 40) >= 20


def test_present_shows_only_the_dirty_rectangles(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[object] = []
    monkeypatch.setattr(pygame.display, "update", lambda rects=None: shown.append(rects))
    monkeypatch.setattr(pygame.display, "flip", lambda: shown.append("flip"))
    spec = catalog.get("arenas-play")
    assert spec is not None
    app.stack.clear_to(spec.build(app))
    app.step([], FRAME)
    app.present()
    app.step([motion((5, 5))], FRAME)
    app.present()
    assert shown[0] == "flip" and app.dirty is not None and shown[1] == app.dirty
    assert 0 < sum(r.w * r.h for r in app.dirty) < 0.5 * 1280 * 720


def test_a_button_is_cached_by_its_fields_and_other_widgets_are_drawn_each_frame(app: App) -> None:
    button = Button("Play", lambda: None)
    button.rect = pygame.Rect(10, 10, 200, 50)
    first = widget_look(button, app, False, False)
    assert first == widget_look(button, app, False, False)
    assert first != widget_look(button, app, True, False)
    button.label = "Stop"
    assert first != widget_look(button, app, False, False)
    listed = ListBox(["a"], lambda i: None)
    assert widget_look(listed, app, False, False) == widget_look(listed, app, False, False)
    assert widget_look(Widget(), app, False, False) is None  # any other widget: drawn each frame


def test_an_exposed_window_is_presented_whole_next(app: App) -> None:
    spec = catalog.get("arzium-play")
    assert spec is not None
    app.stack.clear_to(spec.build(app))
    app.step([], FRAME)
    app.step([], FRAME)
    assert app.dirty is not None
    app.step([pygame.event.Event(pygame.WINDOWEXPOSED)], FRAME)
    assert app.dirty is None


@pytest.mark.parametrize("name", ["arenas-play-preview", "arenas-play-wild-preview", "arzium-play-outcome"])
def test_a_move_preview_through_the_layers_equals_a_full_redraw(name: str) -> None:
    """Arenas: the ghost level changes every frame as the sand flows, the arrows and labels stay cached;
    Arzium: the filled land's frame and the note stay cached."""
    app = make_app((960, 540))
    scripted(app, name, 12)


@pytest.mark.parametrize("name", ["arzium-replay", "arenas-replay"])
@pytest.mark.sweep
def test_a_replay_played_and_scrubbed_through_the_layers_equals_a_full_redraw(name: str) -> None:
    """The viewer plays on (its position and scrubber change each frame), the scrubber is dragged, and the
    replay is paused."""
    app = make_app((640, 360))
    spec = catalog.get(name)
    assert spec is not None
    viewer = spec.build(app)
    app.stack.clear_to(viewer)
    app.step([], FRAME)
    track = viewer.scrubber.rect  # type: ignore[attr-defined]
    frames = [key(pygame.K_SPACE), [], [], [], [motion(track.midleft)], [],
              [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=track.midleft, button=1)],
              [motion((track.left + track.w // 3, track.centery))], [], [], [], [],
              [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.left + track.w // 3, track.centery), button=1)],
              [], []]
    frames += [key(pygame.K_SPACE), [], [], []]  # paused, the mouse on the bar: the play scene rests
    shown = []
    for f, events in enumerate(frames):
        assert checked_step(app, events, f"{name}: frame {f}")
        shown.append(viewer.cursor.position)  # type: ignore[attr-defined]
    assert shown[-1] < shown[4]  # the drag took it back
    if name == "arenas-replay":  # its position is the run's time: it moves on every frame played
        assert shown[1] < shown[2] < shown[3] < shown[4]
    assert app.dirty == []  # even the sand timers hold still: nothing is presented


@pytest.mark.sweep
def test_a_result_screen_with_its_tick_or_tooltip_through_the_layers_equals_a_full_redraw() -> None:
    """Arenas: a card tick chosen by key, then another; Arzium: the mouse on a card of a player's row."""
    app = make_app((640, 360))
    for name in ("arenas-result", "arzium-result"):
        spec = catalog.get(name)
        assert spec is not None
        scene = spec.build(app)
        app.stack.clear_to(scene)
        assert checked_step(app, [], f"{name}: frame 0")
        if name == "arzium-result":
            steps = [[motion(scene.drawn.tiles[0][0].center)]]  # type: ignore[attr-defined]
        else:
            steps = [key(pygame.K_DOWN), key(pygame.K_DOWN)]
        for f, events in enumerate(steps, 1):
            assert checked_step(app, events, f"{name}: frame {f}")
            parts = app.stack.frame_parts()
            assert parts is not None and any(isinstance(p.key, tuple) and p.key[0] == "tooltip" for p in parts)
        assert checked_step(app, [motion((1, 1))] if name == "arzium-result" else key(pygame.K_ESCAPE), name)


@pytest.mark.sweep
def test_the_arenas_setup_widgets_through_the_layers_equal_a_full_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name typed (its field drawn each frame while its caret blinks), then a seat switched to a bot, back by
    key, and to a bot again with nothing else changing: the cached field and switch show each change."""
    import arenas.scenes.setup as setup
    from arenas.scenes.setup_widgets import Choices

    monkeypatch.setattr(setup, "REMEMBERED", Choices())
    app = make_app((640, 360))
    spec = catalog.get("arenas-setup")
    assert spec is not None
    scene = spec.build(app)
    app.stack.clear_to(scene)
    field, kind = scene.names[0], scene.kinds[0]  # type: ignore[attr-defined]
    steps = [[], click(field.rect.center), [pygame.event.Event(pygame.TEXTINPUT, text="Zo")], key(pygame.K_RETURN),
             [], click(kind.rect.center), [], key(pygame.K_LEFT), [], key(pygame.K_RIGHT), []]  # back, and again
    for f, events in enumerate(steps):
        assert checked_step(app, events, f"arenas-setup: frame {f}")
    assert scene.choices.bots[0] and field.value == "Zo"  # type: ignore[attr-defined]  # a chosen name stays


@pytest.mark.sweep
def test_the_arzium_setup_widgets_through_the_layers_equal_a_full_redraw() -> None:
    """A name typed, then a bot's level picked by click and changed by key with nothing else changing."""
    app = make_app((640, 360))
    spec = catalog.get("arzium-setup")
    assert spec is not None
    scene = spec.build(app)
    app.stack.clear_to(scene)
    rows = scene.rows  # type: ignore[attr-defined]
    field = rows[0]["name"]
    segment = next(w for row in rows for k, w in row.items() if k.startswith("level_"))
    steps = [[], click(field.rect.center), [pygame.event.Event(pygame.TEXTINPUT, text="Zo")], key(pygame.K_RETURN),
             [], click(segment.rect.center), [], key(pygame.K_RIGHT), [], key(pygame.K_LEFT), []]
    for f, events in enumerate(steps):
        assert checked_step(app, events, f"arzium-setup: frame {f}")
    assert field.value.endswith("Zo")
