"""The level editor on screen: a level made by the keyboard alone and by the mouse, tried at once and back to the
editor as it was left, saved in My levels; refused while the level has a problem; robust under random input."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from arenas.my_levels import MyLevels, export_folder
from arenas.proving import Proving
from arenas.rules.level_editor import SetBlock, SetHandSize
from arenas.rules.levels import Fault, Level, level_path, load_level
from arenas.rules.state import Result
from arenas.scenes import editor as editor_module
from arenas.scenes import flow
from arenas.scenes.editor import EditorScene
from arenas.scenes.editor_brush import BRUSHES, Mark, Timer
from arenas.scenes.fitting import FitNow
from arenas.scenes.my_levels import MyLevelsScene, copy_of
from arenas.scenes.play import PlayScene
from arenas.scenes.try_play import TryScene
from arenas.session import GameSetup, finish_run
from common.engine.app import App
from common.engine.scene import Scene
from common.ui.dialog import Dialog
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
    shelf = MyLevels().list()
    assert [m.level for m in shelf.levels] == [editor.level] and shelf.problems == ()
    assert scene.rows.items == ["Keys Only"] and editor.level_id == shelf.levels[0].id
    assert scene.selected == shelf.levels[0] and scene.group.focused is scene.rows


def test_a_copy_of_a_box_level_changed_with_the_mouse(app: App) -> None:
    scene = my_levels(app)
    app.step(click(scene.copy_button.rect.center), FRAME)  # level 1 is the first of the box levels
    editor = editor_on_top(app)
    box = load_level(level_path(1))
    assert editor.level.path == box.path and editor.level_id is None
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
    editor = flow.editor_scene(app, load_level(level_path(3)), None, fits=FitNow())
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
    assert MyLevels().list().levels == ()
    press(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and [b.label for b in dialog.buttons] == ["Leave", "Keep editing"]


def test_the_editor_takes_random_input_without_a_crash(app: App) -> None:
    fuzz_scene(app, lambda a: flow.editor_scene(a, load_level(level_path(5)), None, fits=FitNow()), seed=12)


# ---- the editor and My levels' back end: prove, export, import, play -----------------------------------
@pytest.fixture
def quick_proofs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Proofs of two seeds each, played on the proving thread (no worker processes)."""
    monkeypatch.setattr(editor_module, "Proving", lambda level: Proving(level, seeds=2, workers=1))


def editor_of(app: App, level: Level, level_id: str | None = None) -> EditorScene:
    app.stack.clear_to(Scene(app))
    editor = flow.editor_scene(app, level, level_id, fits=FitNow())
    app.push(editor)
    app.step([], FRAME)
    return editor


def finish_proof(app: App, editor: EditorScene) -> None:
    assert editor.proving is not None
    editor.proving.wait()
    app.step([], FRAME)


def test_prove_saves_the_level_shows_its_progress_and_gives_it_its_label(app: App, quick_proofs: None) -> None:
    editor = editor_of(app, copy_of(load_level(level_path(1))))
    app.step(click(editor.prove_button.rect.center), FRAME)
    assert editor.proving is not None and editor.prove_button.label == "Cancel proof"
    assert editor.level_id is not None and not editor.export_button.enabled
    parts = editor.frame_parts()
    assert parts is not None and any(p.key is not None and p.key[0] == "proof bar" for p in parts)
    finish_proof(app, editor)
    mine = MyLevels().load(editor.level_id)
    assert mine.proof is not None and mine.proof.proven and editor.proof == mine.proof
    assert app.toasts[-1].message == f"“First Grains”: {mine.proof.summary()}"
    assert editor._proof_words() == mine.proof.summary() and editor.prove_button.label == "Prove"
    editor.do(SetHandSize(2))  # a change of the game: the proof is of the level as it was
    assert editor._proof_words() == "Changed since its proof: prove it again"
    editor.undo()
    assert editor._proof_words() == mine.proof.summary()
    editor.do(SetHandSize(2))
    assert editor.save() and editor.proof is None and MyLevels().load(editor.level_id).proof is None


def test_an_edit_or_leaving_stops_a_proof(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Proving] = []

    def slow(level: Level) -> Proving:
        started.append(Proving(level, seeds=50, workers=1))
        return started[-1]
    monkeypatch.setattr(editor_module, "Proving", slow)
    editor = editor_of(app, copy_of(load_level(level_path(2))))
    editor.prove()
    editor.do(SetBlock(11, True))
    assert editor.proving is None and app.toasts[-1].message == "Proof stopped: the level was changed"
    assert started[0].wait() is None and started[0].cancelled
    editor.undo()
    editor.prove()
    press(app, pygame.K_ESCAPE)  # saved just now: leaving asks nothing, and the proof stops
    assert app.stack.top is not editor and started[1].wait() is None and started[1].cancelled


def test_export_from_the_editor_then_import_in_another_home(app: App, quick_proofs: None, tmp_path: Path) -> None:
    editor = editor_of(app, copy_of(load_level(level_path(1))))
    editor.prove()
    finish_proof(app, editor)
    app.step(click(editor.export_button.rect.center), FRAME)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.title_text == "Level exported"
    files = list(export_folder().glob("*.level.json"))
    assert [f.name for f in files] == ["first-grains.level.json"]
    imported = MyLevels(tmp_path / "a friend's levels").import_file(files[0])
    assert imported.level is not None and imported.level.shared.proven
    assert imported.level.level.fingerprint == editor.level.fingerprint
    assert imported.line.startswith("“First Grains” added to My levels: ")


def test_a_saved_level_plays_from_the_setup_screen_under_its_own_name(app: App) -> None:
    level = replace(copy_of(load_level(level_path(3))), name="Sandy Steps")
    MyLevels().save(level)
    setup = flow.setup_scene(app)
    app.stack.clear_to(setup)
    app.step(click(setup.my_levels.rect.center), FRAME)
    mine = app.stack.top
    assert isinstance(mine, MyLevelsScene) and mine.rows.items == ["Sandy Steps"]
    press(app, pygame.K_RETURN)  # the list has the focus: Enter plays the level chosen
    run = app.stack.top
    assert isinstance(run, PlayScene) and run.run.setup.mine and run.run.setup.level == level
    assert run.moment().level_title == "Sandy Steps"
    state = run.run.state
    state.result = Result.LOST
    record = finish_run(run.run.setup, state)
    result = flow.result_scene(app, run.run.setup, state, record)
    assert result.next_level is None, "a level of one's own has no next level"
    app.replace(result)
    result.level_select()
    assert app.stack.top is mine


def test_a_tried_level_is_called_by_its_own_name(app: App) -> None:
    level = replace(copy_of(load_level(level_path(3))), name="Sandy Steps")
    assert level.number == 3
    tried = TryScene(app, level)
    assert tried.moment().level_title == "Sandy Steps"
    box = flow.play_scene(app, GameSetup(load_level(level_path(3)), ("Ana", "Bea")))
    assert box.moment().level_title == "Level 3 · Two at the Table"


def test_ctrl_a_in_the_name_selects_it_and_typing_replaces_it(app: App) -> None:
    editor = editor_of(app, copy_of(load_level(level_path(3))))
    app.step(click(editor.name_field.rect.center), FRAME)
    assert editor.editing is editor.name_field
    app.step([*key(pygame.K_LCTRL, pygame.KMOD_LCTRL), *key(pygame.K_a, pygame.KMOD_LCTRL)], FRAME)  # as a keyboard
    assert editor.editing is editor.name_field and editor.line.selected
    type_text(app, "Sunny Steps")
    press(app, pygame.K_RETURN)
    assert editor.level.name == "Sunny Steps" and editor.editing is None
