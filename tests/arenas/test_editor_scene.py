"""The level editor on screen: a level made by the keyboard alone and by the mouse, tried at once and back to the
editor as it was left, saved in My levels; refused while the level has a problem; robust under random input."""
from __future__ import annotations

import pygame
import pytest

from arenas.my_levels import list_my_levels
from arenas.rules.level_editor import SetBlock
from arenas.rules.levels import Fault, level_path, load_level
from arenas.scenes import editor as editor_module
from arenas.scenes import flow
from arenas.scenes.editor import EditorScene
from arenas.scenes.editor_brush import BRUSHES, Mark, Timer
from arenas.scenes.fitting import FitNow
from arenas.scenes.my_levels import MyLevelsScene
from arenas.scenes.try_play import TryScene
from common.app import App
from common.dialog import Dialog
from common.scene import Scene
from helpers import FRAME, click, fuzz_scene, key, motion

CTRL = pygame.KMOD_CTRL


@pytest.fixture(autouse=True)
def fit_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards are fitted on the frame loop, so each frame after an edit shows the level's own board."""
    monkeypatch.setattr(editor_module, "FitQueue", FitNow)


def my_levels(app: App) -> MyLevelsScene:
    app.stack.clear_to(Scene(app))
    scene = flow.my_levels_scene(app)
    app.push(scene)
    app.step([], FRAME)
    return scene


def editor_on_top(app: App) -> EditorScene:
    top = app.stack.top
    assert isinstance(top, EditorScene)
    return top


def press(app: App, k: int, mod: int = 0, times: int = 1) -> None:
    for _ in range(times):
        app.step(key(k, mod), FRAME)


def type_text(app: App, words: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=words)], FRAME)


def test_a_level_made_with_the_keyboard_alone_is_tried_and_saved(app: App) -> None:
    scene = my_levels(app)
    press(app, pygame.K_RETURN)  # no level of one's own yet: New level has the focus
    editor = editor_on_top(app)
    assert [p.fault for p in editor.editor.problems] == [Fault.NO_NAME, Fault.NO_TIMER]
    press(app, pygame.K_DOWN, times=2)  # the board, the brushes, then the name
    assert app.stack.top is editor and editor.group.focused is editor.name_field
    press(app, pygame.K_RETURN)
    type_text(app, "Keys Only")
    press(app, pygame.K_RETURN)
    assert editor.level.name == "Keys Only" and len(editor.editor.undo_steps) == 1
    press(app, pygame.K_UP)  # the brushes: Right picks the next one, to Slow 1
    press(app, pygame.K_RIGHT, times=BRUSHES.index(Timer("slow1")))
    assert editor.brush == Timer("slow1")
    press(app, pygame.K_UP)  # the board: the arrows walk the gears, Enter puts the timer
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert editor.level.timers == (("slow1", 1),) and editor.editor.playable
    press(app, pygame.K_p, CTRL)
    run = app.stack.top
    assert isinstance(run, TryScene) and run.run.state.level == editor.level
    assert run.run.setup.counts is False
    press(app, pygame.K_ESCAPE)  # one key back, the level and its history as they were
    assert app.stack.top is editor
    assert editor.level.timers == (("slow1", 1),) and len(editor.editor.undo_steps) == 2
    press(app, pygame.K_z, CTRL)
    assert editor.level.timers == ()
    press(app, pygame.K_y, CTRL)
    assert editor.level.timers == (("slow1", 1),)
    press(app, pygame.K_s, CTRL)
    press(app, pygame.K_ESCAPE)  # saved: leaving asks nothing
    assert app.stack.top is scene
    mine, problems = list_my_levels()
    assert [m.level for m in mine] == [editor.level] and problems == []
    assert scene.list.items == ["Keys Only"]


def test_a_copy_of_a_box_level_changed_with_the_mouse(app: App) -> None:
    scene = my_levels(app)
    app.step(click(scene.copy_button.rect.center), FRAME)  # level 1 is the first of the box levels
    editor = editor_on_top(app)
    box = load_level(level_path(1))
    assert editor.level.path == box.path and editor.path is None
    block = editor.swatches[BRUSHES.index(Mark.BLOCK)]
    app.step(click(block.rect.center), FRAME)
    assert editor.brush is Mark.BLOCK
    assert editor.shown is not None
    gears = editor.shown.geo.gears
    # A drag from gear 6 over 7 and 8 blocks the three in one step, and the timers' way with them.
    app.step([motion(gears[5]), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_px(gears[5]), button=1)], FRAME)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=_px(g), rel=(0, 0), buttons=(1, 0, 0))
              for g in gears[6:8]], FRAME)
    assert editor.shown.level.blocks == frozenset({5, 6, 7}) and editor.shown.geo.gears == gears  # held in place
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_px(gears[7]), button=1)], FRAME)
    assert editor.level.blocks == frozenset({5, 6, 7}) and len(editor.editor.undo_steps) == 1
    assert editor.editor.problems[0].fault is Fault.BLOCKED_WAY
    assert not editor.save_button.enabled and not editor.try_button.enabled
    app.step(click(editor.try_button.rect.center), FRAME)  # nothing is played
    assert app.stack.top is editor and editor.try_button.tooltip.startswith("Not yet: Gear 3: a block stops")
    press(app, pygame.K_p, CTRL)
    assert app.stack.top is editor and app.toasts[-1].message.startswith("Not playable yet: Gear 3")
    app.step(click(editor.undo_button.rect.center), FRAME)
    assert editor.level.blocks == frozenset() and editor.editor.playable
    app.step(click(editor.redo_button.rect.center), FRAME)
    app.step(click(editor.undo_button.rect.center), FRAME)
    app.step(click(editor.try_button.rect.center), FRAME)
    assert isinstance(app.stack.top, TryScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is editor and editor.level.blocks == frozenset() and len(editor.editor.redo_steps) == 1


def _px(p: tuple[float, float]) -> tuple[int, int]:
    return round(p[0]), round(p[1])


def test_a_problem_is_shown_on_its_gear_at_once_and_never_saved(app: App) -> None:
    editor = flow.editor_scene(app, load_level(level_path(3)), None, FitNow())
    app.stack.clear_to(Scene(app))
    app.push(editor)
    app.step([], FRAME)
    editor.do(SetBlock(2, True))  # on Medium 1's gear
    app.step([], FRAME)
    assert [(p.fault, p.gear) for p in editor.editor.problems] == [(Fault.TIMER_ON_BLOCK, 2)]
    parts = editor.frame_parts()
    assert parts is not None and any(p.key is not None and p.key[0] == "ring" and p.key[1] == 2 and p.key[-1]
                                     for p in parts)  # the red ring with its "!" on gear 3
    press(app, pygame.K_s, CTRL)
    assert list_my_levels() == ([], [])
    press(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and [b.label for b in dialog.buttons] == ["Leave", "Keep editing"]


def test_the_editor_takes_random_input_without_a_crash(app: App) -> None:
    fuzz_scene(app, lambda a: flow.editor_scene(a, load_level(level_path(5)), None, FitNow()), seed=12)
