"""The Arzium table's parts hold no scene: they take narrow inputs and hand back what they want done as
commands (`arzium.scenes.table_commands`), which the play scene carries out."""
from __future__ import annotations

import ast
import dataclasses
import functools
import types
import typing
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import arzium.scenes
from arzium.match import Match, Playing
from arzium.rules.actions import RestEarly, SkipBuy, SkipSearch
from arzium.rules.engine import legal_actions
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.flow import play_scene
from arzium.scenes.log_panel import LogLine
from arzium.scenes.play import PlayScene
from arzium.scenes.table_commands import (
    Announce,
    AtRest,
    ShowLines,
    Sparkle,
    Submit,
    TableCommand,
    Undo,
)
from arzium.scenes.tutorial import TutorialScene
from common.engine.app import App
from common.engine.scene import Scene
from table_spy import FRAME

SEATS = (SeatSetup("Ann", "red", "south", "human"), SeatSetup("Snorebert", "blue", "north", "bot", "easy"))
PLAIN = (str, bytes, int, float, complex, bool, type(None), type, types.ModuleType, pygame.Surface, pygame.Rect,
         pygame.font.Font)


def _paths_to(root: object, name: str, target: object) -> Iterator[str]:
    """Every way `root` reaches `target` through attributes, containers, bound methods and closures; the app
    (it runs the scene stack) and the match (the scene listens to it) are not followed."""
    seen: set[int] = set()
    todo: list[tuple[object, str]] = [(root, name)]
    while todo:
        obj, where = todo.pop()
        if id(obj) in seen or isinstance(obj, PLAIN):
            continue
        seen.add(id(obj))
        if obj is target:
            yield where
            continue
        if isinstance(obj, (App, Match)):
            continue
        if isinstance(obj, types.MethodType):
            todo.append((obj.__self__, f"{where}.__self__"))
        elif isinstance(obj, types.FunctionType):
            todo += [(cell.cell_contents, f"{where}.<closure>") for cell in obj.__closure__ or ()]
            todo += [(value, f"{where}.<default>") for value in obj.__defaults__ or ()]
        elif isinstance(obj, functools.partial):
            todo += [(obj.func, f"{where}.func"), *((a, f"{where}.<arg>") for a in obj.args)]
        elif isinstance(obj, dict):
            todo += [(value, f"{where}[{key!r}]") for key, value in obj.items()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo += [(value, f"{where}[{i}]") for i, value in enumerate(obj)]
        elif hasattr(obj, "__dict__"):
            todo += [(value, f"{where}.{attr}") for attr, value in vars(obj).items()]


def _parts(scene: PlayScene) -> dict[str, object]:
    """What the table owns, and the seats' controllers the match polls (a tutorial's scripted rival)."""
    parts: dict[str, object] = {name: getattr(scene, name) for name in (
        "choice", "sidebar", "view", "animator", "hints", "log", "board_view", "parties", "art", "timeline", "group",
        "bid_answer")}
    parts.update({f"controller{seat}": c for seat, c in scene.table.controllers.items()})
    return parts


def _table(app: App) -> PlayScene:
    scene = play_scene(app, new_game(Setup(SEATS, True, 0), 4), autosave=False)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    app.step([], FRAME)
    return scene


@pytest.mark.parametrize("kind", ["table", "tutorial"])
def test_no_part_of_the_table_holds_the_scene_or_a_callback_into_it(app: App, kind: str) -> None:
    scene = _table(app) if kind == "table" else TutorialScene(app, 0, keep_progress=False)
    if kind == "tutorial":
        app.push(scene)
        app.step([], FRAME)
    held = [path for name, part in _parts(scene).items() for path in _paths_to(part, name, scene)]
    assert not held, held


def test_the_walk_finds_a_callback_into_the_scene(app: App) -> None:
    """The check above can fail: a button whose click calls the scene is found."""
    scene = _table(app)
    scene.sidebar.undo_btn.on_click = scene.undo
    assert list(_paths_to(scene.sidebar, "sidebar", scene)) == ["sidebar.undo_btn.on_click.__self__"]


def test_every_command_is_a_frozen_value() -> None:
    kinds = typing.get_args(TableCommand)
    assert len(kinds) == 13
    for kind in kinds:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]


def test_a_buttons_click_waits_for_the_scene_once(app: App) -> None:
    scene = _table(app)
    scene.sidebar.rest_btn.on_click()
    scene.sidebar.skip_btn.on_click()
    assert scene.sidebar.asks.take() == [Submit(RestEarly()), Submit(SkipSearch())]
    assert scene.sidebar.asks.take() == []


def test_the_scene_carries_out_what_the_animations_ask(app: App) -> None:
    scene = _table(app)
    scene.carry_out(Announce("Tie on the Moor!", 1))
    assert scene.sidebar.announcement is not None and scene.sidebar.announcement.message == "Tie on the Moor!"
    assert scene.sidebar.announcement.colour == scene.art.colour("blue")
    scene.carry_out(Sparkle((40, 50)))
    assert scene.view.sparkles[-1][:2] == [40, 50]
    told = [LogLine("one"), LogLine("two")]
    scene.log.tell(told)
    scene.carry_out(ShowLines(1))
    assert scene.log.lines[-1] == told[0] and scene.log.waiting == told[1:]
    scene.table.playing = Playing(1, SkipBuy(), 3, False)
    scene.carry_out(AtRest())
    assert scene.table.playing is None


def test_undo_asked_by_the_sidebar_takes_the_last_action_back(app: App) -> None:
    scene = _table(app)
    assert scene.table.acting_human() == 0
    action = legal_actions(scene.table.view_state())[0]
    scene.carry_out(Submit(action))
    assert scene.table.pending == [action]
    scene.sidebar.undo_btn.on_click()
    app.step([], FRAME, draw=False)  # what the buttons asked is done within the frame
    assert scene.table.pending == []
    scene.carry_out(Undo())  # nothing left to take back: refused with a sound, nothing changes
    assert scene.table.pending == []


PART_MODULES = ("art", "bid_table", "board_view", "choice", "effects", "hints", "keyboard_view", "log_panel",
                "outcome", "party_view", "shown", "sidebar", "table_commands", "table_view", "timeline")


def _reaches_a_scene(node: ast.AST) -> bool:
    """`app.push(...)`, `self.app.stack`, ...: the app's scene stack, reached from a part."""
    if not isinstance(node, ast.Attribute) or node.attr not in ("push", "pop", "replace", "clear_to", "stack"):
        return False
    owner = node.value
    return (isinstance(owner, ast.Name) and owner.id == "app") or \
        (isinstance(owner, ast.Attribute) and owner.attr == "app")


@pytest.mark.parametrize("module", PART_MODULES)
def test_a_part_uses_the_app_only_to_draw_and_sound_never_to_reach_a_scene(module: str) -> None:
    source = Path(arzium.scenes.__file__).with_name(f"{module}.py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = [f"{module}.py:{node.lineno}" for node in ast.walk(tree) if _reaches_a_scene(node)]
    assert not found, found
    assert not any(isinstance(node, ast.ClassDef) and any(
        isinstance(base, ast.Name) and base.id == "Scene" for base in node.bases) for node in ast.walk(tree))


def test_the_source_check_finds_a_part_that_pushes_a_scene() -> None:
    assert _reaches_a_scene(ast.parse("self.app.push(HandOff(self.app))").body[0].value.func)  # type: ignore[attr-defined]
    assert not _reaches_a_scene(ast.parse("self.app.sounds.play('coin')").body[0].value.func)  # type: ignore[attr-defined]
