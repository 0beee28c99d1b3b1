"""A scene's parts take narrow inputs, never the scene: in both games' scene packages and the shell's, no function or
method takes a parameter typed as a concrete scene (a `...Scene` class; the base `Scene`, for a scene over a running
one, is fine), and no Protocol mirrors a scene (the one Protocol is the game's side of the replay viewer). The
rules' figures are the exception: they stage a play scene to take its picture, they are not its parts. The rule:
ARCHITECTURE.md, "A scene and its parts"."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENE_PACKAGES = ("arenas/scenes", "arzium/scenes", "common/scenes")
FIGURES = {"arenas/scenes/rules_figures.py", "arzium/scenes/rules_figures.py"}  # stage a scene for a picture
PLUGIN_PROTOCOLS = {"common/scenes/replay_viewer.py:Playback"}  # what a game gives the viewer, not a scene
CONCRETE_SCENE = re.compile(r"\b(?!Scene\b)\w+Scene\b")


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


@cache
def _trees() -> dict[str, ast.Module]:
    """Every module of the scene packages, parsed once, by its path."""
    return {path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
            for package in SCENE_PACKAGES for path in sorted((ROOT / package).glob("*.py"))}


def test_no_part_of_a_scene_takes_the_scene() -> None:
    found = [f"{path}: {hit}" for path, tree in _trees().items() if path not in FIGURES
             for hit in scene_parameters(tree)]
    assert not found, "parameters typed as a scene (give the part narrow inputs):\n" + "\n".join(found)


def test_no_protocol_mirrors_a_scene() -> None:
    found = {f"{path}:{name}" for path, tree in _trees().items() for name in protocols(tree)}
    assert found <= PLUGIN_PROTOCOLS, f"Protocols in the scene packages: {sorted(found - PLUGIN_PROTOCOLS)}"


def test_the_checks_find_what_they_look_for() -> None:
    source = ("from typing import Protocol\nimport typing\nclass Mirror(Protocol): ...\n"
              "class Other(typing.Protocol[int]): ...\nclass Plain: ...\n"
              "def part(p: PlayScene, q: 'Scene', r: ReplaysScene | None, s: Scenery) -> PlayScene: ...\n"
              "class View:\n    async def draw(self, *, sc: OnlinePlayScene) -> None: ...\n")
    tree = ast.parse(source)
    assert scene_parameters(tree) == ["part(p: PlayScene)", "part(r: ReplaysScene | None)",
                                        "draw(sc: OnlinePlayScene)"]
    assert protocols(tree) == ["Mirror", "Other"]
