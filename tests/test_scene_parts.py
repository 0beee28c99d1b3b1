"""A scene's parts take narrow inputs, never the scene: in both games' scene packages and the shell's, no function or
method takes a parameter typed as a concrete scene (a `...Scene` class; the base `Scene`, for a scene over a running
one, is fine), and no Protocol mirrors a scene (the one Protocol is the game's side of the replay viewer); the scene
stack is read only by scenes and by the modules that say which scene follows which (a part is told what it needs of
it, e.g. that a dialog stands over the board); and a match tells its scene what happened through its outbox, never
through a listener it calls. The rules' figures are the exception: they stage a play scene to take its picture, they
are not its parts. The rule: ARCHITECTURE.md, "A scene and its parts"."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from helpers import collector_paused

ROOT = Path(__file__).resolve().parent.parent
SCENE_PACKAGES = ("arenas/scenes", "arzium/scenes", "common/scenes")
FIGURES = {"arenas/scenes/rules_figures.py", "arzium/scenes/rules_figures.py"}  # stage a scene for a picture
PLUGIN_PROTOCOLS = {"common/scenes/replay_viewer.py:Playback"}  # what a game gives the viewer, not a scene
CONCRETE_SCENE = re.compile(r"\b(?!Scene\b)\w+Scene\b")
# Which scene follows which, and the tool that drives a table in a window: they open and close scenes.
NAVIGATORS = {"arenas/scenes/flow.py", "arzium/scenes/flow.py", "arzium/scenes/thinkbench.py"}
SCENE_BASES = ("Scene", "Dialog", "Overlay")  # a class on one of these (by name) is a scene
# The models a scene shows: what they tell goes into their outbox (`happenings`), nothing of the scene is called
# (the online match is the match's subclass: its outbox is the match's).
OUTBOX_OWNERS = ("arenas/match.py", "arenas/online_match.py", "arzium/match.py")
MATCH_MODELS = (*OUTBOX_OWNERS, "arzium/online_match.py")


def scene_parameters(tree: ast.Module) -> list[str]:
    """`function(parameter: type)` for every parameter typed with a concrete scene class."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            a = node.args
            for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs):
                kind = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                if CONCRETE_SCENE.search(kind):
                    found.append(f"{node.name}({arg.arg}: {kind})")
    return found


def protocols(tree: ast.Module) -> list[str]:
    """The names of the classes that subclass a Protocol."""
    return [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and any(ast.unparse(base).split(".")[-1].startswith("Protocol") for base in node.bases)]


def stack_readers(tree: ast.Module) -> list[str]:
    """`Class.function:line` (`function:line` outside a class) of every `.stack` read outside a scene class."""
    classes = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}

    def is_scene(cls: ast.ClassDef, seen: frozenset[str] = frozenset()) -> bool:
        for base in cls.bases:
            name = ast.unparse(base).split("[")[0].split(".")[-1]
            if name.endswith(SCENE_BASES) or (name in classes and name not in seen
                                               and is_scene(classes[name], seen | {name})):
                return True
        return False

    found: list[str] = []

    def visit(node: ast.AST, cls: ast.ClassDef | None, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, child, function)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, cls, child.name)
            else:
                if isinstance(child, ast.Attribute) and child.attr == "stack" and (cls is None or not is_scene(cls)):
                    found.append(f"{cls.name + '.' if cls else ''}{function}:{child.lineno}")
                visit(child, cls, function)

    visit(tree, None, "<module>")
    return found


def listeners(tree: ast.Module) -> list[str]:
    """Names a match model would keep a scene by: an attribute, parameter or name `listener`, or a `...Listener`."""
    names = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} | \
        {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)} | \
        {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} | \
        {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    return sorted(n for n in names if n == "listener" or n.endswith("Listener"))


@pytest.fixture(scope="module")
def trees() -> dict[str, ast.Module]:
    """Every module of the scene packages, parsed once for this file's tests, by its path."""
    with collector_paused():
        return {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
                for package in SCENE_PACKAGES for path in sorted((ROOT / package).glob("*.py"))}


def test_no_part_of_a_scene_takes_the_scene(trees: dict[str, ast.Module]) -> None:
    found = [f"{path}: {hit}" for path, tree in trees.items() if path not in FIGURES
             for hit in scene_parameters(tree)]
    assert not found, "parameters typed as a scene (give the part narrow inputs):\n" + "\n".join(found)


def test_no_protocol_mirrors_a_scene(trees: dict[str, ast.Module]) -> None:
    found = {f"{path}:{name}" for path, tree in trees.items() for name in protocols(tree)}
    assert found <= PLUGIN_PROTOCOLS, f"Protocols in the scene packages: {sorted(found - PLUGIN_PROTOCOLS)}"


def test_only_scenes_and_the_flow_read_the_scene_stack(trees: dict[str, ast.Module]) -> None:
    found = [f"{path}: {hit}" for path, tree in trees.items() if path not in NAVIGATORS
             for hit in stack_readers(tree)]
    assert not found, "the scene stack read outside a scene (give the part what it needs as a value):\n" + \
        "\n".join(found)


def test_a_match_tells_its_scene_through_its_outbox_and_keeps_no_listener() -> None:
    for path in MATCH_MODELS:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert path not in OUTBOX_OWNERS or "self.happenings: Outbox[" in source, path
        assert listeners(ast.parse(source)) == [], path


def test_the_checks_find_what_they_look_for() -> None:
    source = ("from typing import Protocol\nimport typing\nclass Mirror(Protocol): ...\n"
              "class Other(typing.Protocol[int]): ...\nclass Plain: ...\n"
              "def part(p: PlayScene, q: 'Scene', r: ReplaysScene | None, s: Scenery) -> PlayScene: ...\n"
              "class View:\n    async def draw(self, *, sc: OnlinePlayScene) -> None: ...\n")
    tree = ast.parse(source)
    assert scene_parameters(tree) == ["part(p: PlayScene)", "part(r: ReplaysScene | None)",
                                        "draw(sc: OnlinePlayScene)"]
    assert protocols(tree) == ["Mirror", "Other"]
    source = ("class Hud:\n    def parts(self, app):\n        return app.stack.top\n"
              "class Base(Scene): ...\nclass Menu(Base):\n    def go(self):\n        self.app.stack.pop()\n"
              "class Ask(Dialog):\n    def f(self):\n        return self.app.stack\n"
              "def opened(app):\n    return app.stack.top\n")
    assert stack_readers(ast.parse(source)) == ["Hud.parts:3", "opened:12"]
    source = "class M:\n    def __init__(self, listener: QuietListener):\n        self.listener = listener\n"
    assert listeners(ast.parse(source)) == ["QuietListener", "listener"]
