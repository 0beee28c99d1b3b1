"""The Arenas table keeps its whole wooden frame in any window shape, and in the part of the window the table
is given (the tutorial's coach column and the replay's control bar no longer cover an edge of it); the words
over the table stay on it, and the end's words stand alone."""
from __future__ import annotations

import pygame
import pytest

from arenas.scenes.board import cover
from arenas.scenes.tutorial import TutorialScene
from arenas.scenes.tutorial_steps import free_index
from common.engine.app import App
from common.engine.scene import Scene

RIM, FELT = (120, 70, 30), (30, 90, 80)


def framed(size: tuple[int, int], rim: int) -> pygame.Surface:
    """A felt picture inside a `rim`-pixel wooden frame."""
    image = pygame.Surface(size)
    image.fill(RIM)
    image.fill(FELT, pygame.Rect(0, 0, *size).inflate(-2 * rim, -2 * rim))
    return image


@pytest.mark.parametrize("size", [(90, 72), (128, 72), (200, 72), (128, 128), (64, 100)])
def test_cover_keeps_every_edge_of_the_frame_and_the_felt_in_between(size: tuple[int, int]) -> None:
    out = cover(framed((128, 72), 8), size)
    w, h = size
    assert out.get_size() == size
    for x, y in ((1, h // 2), (w - 2, h // 2), (w // 2, 1), (w // 2, h - 2), (1, 1), (w - 2, h - 2)):
        assert out.get_at((x, y))[:3] == RIM, (x, y)
    for x, y in ((w // 4, h // 2), (3 * w // 4, h // 2), (w // 2, h // 4), (w // 2, 3 * h // 4)):
        assert out.get_at((x, y))[:3] == FELT, (x, y)


def test_cover_of_the_pictures_own_shape_is_the_picture_scaled() -> None:
    image = framed((128, 72), 8)
    for x in range(0, 128, 9):
        image.fill((x, 255 - x, 40), pygame.Rect(x, 20, 4, 30))  # something to tell the columns apart
    expected = pygame.transform.smoothscale(image, (256, 144))
    assert pygame.image.tobytes(cover(image, (256, 144)), "RGB") == pygame.image.tobytes(expected, "RGB")


def test_the_tutorials_table_ends_where_the_coach_column_starts(app: App) -> None:
    app.settings.animation_speed = 0.0
    scene = TutorialScene(app, 5)
    app.push(scene)
    app.step([], 16)
    assert scene.board is not None
    under, _full = scene.board.layers(scene.area)
    assert scene.area == (scene.column.left, app.size[1])
    assert under.get_size() == scene.area  # the frame's right edge lies left of the column, not under it
    edge = (scene.column.left - 3, app.size[1] // 2)
    assert app.screen.get_at(edge) == under.get_at(edge)  # and it shows


def floating_rects(scene: TutorialScene) -> list[pygame.Rect]:
    """Where the floating words of the frame on show are drawn."""
    hud = scene.view.hud
    return [hud._floating(scene, f)[2] for f in scene.messages.floating]


def test_floating_words_stay_on_the_table_not_under_the_coach(app: App) -> None:
    app.settings.animation_speed = 0.0
    scene = TutorialScene(app, free_index())
    app.push(scene)
    app.step([], 16)
    scene.messages.show("a long message about a timer at the right edge of the table", (scene.column.left - 5, 300),
                        (255, 255, 255), scene.now)
    (rect,) = floating_rects(scene)
    assert rect.right <= scene.column.left


def test_at_the_end_no_floating_words_lie_over_the_ends_banner(app: App) -> None:
    app.settings.animation_speed = 0.0
    app.stack.clear_to(Scene(app))
    scene = TutorialScene(app, free_index())
    app.push(scene)
    for _ in range(90):  # no card: both timers are lost, then a lost one runs out
        scene.fixed_update(1000)
        if scene.run.state.result is not None:
            break
    app.step([], 50)
    assert scene.run.state.result == "lost" and scene.messages.floating  # "lost" words were floating
    parts = app.stack.frame_parts()
    assert parts is not None
    drawn = [part for part in parts if getattr(part.paint, "func", None) == scene.view.hud._draw_floating]
    assert drawn == []
