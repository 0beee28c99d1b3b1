"""The import graph of the project: no cycles, and every import goes with the layers.

Each project module's imports are read with `ast` (imports inside functions count; only imports under
`if TYPE_CHECKING:` are exempt; `importlib` by name is not an import). Layers inside a game G (arenas,
arzium): `G.scenes -> G.session/G.save/G.records -> G.bots -> G.rules`, with `G.cli` above them and `G.plugin`
on top (the game's one object: only the launcher common.cli imports it, and only it imports `G.cli`);
`G.rules` imports no pygame and nothing outside G.rules but the pure common modules; a game imports nothing of
the other; `common` imports no game module but the launcher each game's plugin, its pure modules no pygame,
and the engine none of the shell's scenes (`common.scenes`); the launcher, above the engine, puts the app
together with them. The registry of the games (`common.games`, with `common.games.pages`) sits above online
play, replays and tutorials and below the shell's scenes and the tools: only those import it, and it imports
none of them, type hints counted. A rules package `G.rules` passes no names on: the project and its tests
import each name from the module that defines it. The map: ARCHITECTURE.md.
"""
from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import collector_paused

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("common", "arenas", "arzium", "sprites", "sounds")
SCRIPTS = ("main.py",)
GAMES = ("arenas", "arzium")
PURE_COMMON = frozenset({"common.data.jsonio", "common.replays.replay", "common.data.rules_api", "common.data.paths",
                         "common.data.files", "common.data.safe_text", "common.data.i18n", "common.data.os_words",
                         "common.data.outbox"})
# The command line (main.py's code, the installed command): it builds the app with the shell's scenes.
LAUNCHER = frozenset({"common.cli"})
# The pygame-free game-level modules between a game's scenes and its bots: setup, saves, records, the match
# model (seats, the worker bots think on, replays watched), the game's side of a room on the server, a client's
# run of a room (`online_match`), the scripted players of net-bench, how the game words things (`wording`) and the
# player's own levels: their store, records, shared files, proofs and proving (Arenas).
MIDDLE = ("session", "save", "records", "match", "seats", "thinking", "replay_model", "room", "online_match",
          "bench", "wording", "my_levels", "my_records", "shared_level", "level_proof", "proving")
# Online play: the protocol, server, store, rooms and client link; they import no pygame, no game and, of
# common, only the pure modules, each other and the file lock (one data folder has one server); the server is
# given each game's side of rooms.
NET = "common.net"
NET_MAY_USE = frozenset({"common.data.file_lock"})
# The registry of the games, each game's `Game` with every hook (and the plain data its list screens get), and
# the modules of common above it: the shell's scenes and the tools (the launcher, its flags, the catalog of
# scenes, timedemo, the message catalogues and their Spanish checks, the progress line). Every other module of
# common is given what it needs of the games by them (a Protocol or a function it declares).
REGISTRY = frozenset({"common.games", "common.games.pages"})
ABOVE_REGISTRY = frozenset({"common.cli", "common.__main__", "common.arguments", "common.tools.catalog",
                            "common.tools.timedemo", "common.tools.catalogues", "common.tools.spanish_style",
                            "common.tools.progress"})
# common/ is in rooms, each a package whose docstring says what it holds and what it may import: a room imports
# only itself and the rooms named here. Above them all stand the launcher's modules (TOP), which may import any.
_BASE = frozenset({"common.data"})
_DRAWING = _BASE | {"common.packs", "common.engine", "common.ui"}
_BELOW_GAMES = _DRAWING | {"common.net", "common.online", "common.replays", "common.tutorials"}
ROOMS: dict[str, frozenset[str]] = {
    "common.data": frozenset(),
    "common.workers": frozenset(),
    "common.packs": _BASE,
    "common.engine": _BASE | {"common.packs"},
    "common.ui": _BASE | {"common.packs", "common.engine"},
    "common.net": _BASE,
    "common.online": _BASE | {"common.net"},
    "common.replays": _BASE | {"common.packs", "common.engine"},
    "common.tutorials": _DRAWING,
    "common.games": _BELOW_GAMES,
    "common.tools": _BELOW_GAMES | {"common.games"},
    "common.scenes": _BELOW_GAMES | {"common.games", "common.tools"},
}
TOP = frozenset({"common", "common.cli", "common.arguments", "common.__main__", "common.locale"})


@dataclass(frozen=True)
class Import:
    """One import statement's target as written in a module, with its line."""

    source: str  # importing module, e.g. "arenas.scenes.play"
    target: str  # imported module (project modules resolved to the deepest existing module), e.g. "pygame"
    line: int


Graph = dict[str, list[Import]]


# ---- reading the tree ------------------------------------------------------------------------------
def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_files(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every project module by dotted name."""
    files = {module_name(root / s, root): root / s for s in SCRIPTS if (root / s).exists()}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            files[module_name(path, root)] = path
    return files


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


_Statement = ast.stmt | ast.excepthandler | ast.match_case


def _guarded_imports(block: list[_Statement], guarded: bool = False
                     ) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement in `block` and the statements below it, in source order, and whether it lies in
    the body of an `if TYPE_CHECKING:`. Only statements hold statements: expressions are not walked."""
    for statement in block:
        if isinstance(statement, ast.Import | ast.ImportFrom):
            yield statement, guarded
        elif isinstance(statement, ast.If) and _is_type_checking(statement.test):
            yield from _guarded_imports(statement.body, True)
            yield from _guarded_imports(statement.orelse, guarded)
        else:
            for field in statement._fields:
                inner = getattr(statement, field)
                if isinstance(inner, list):
                    yield from _guarded_imports([s for s in inner if isinstance(s, _Statement)], guarded)


def _resolve(name: str, known: set[str]) -> str:
    """A dotted name resolved to the deepest project module it names (or the name itself if external)."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        candidate = ".".join(parts[:n])
        if candidate in known:
            return candidate
    return name


def imports_of(source: str, module: str, is_package: bool, known: set[str], type_only: bool = False) -> list[Import]:
    """The imports of one module's source text (with `type_only`, those under `if TYPE_CHECKING:` too)."""
    nodes = [node for node, guarded in _guarded_imports(ast.parse(source).body) if type_only or not guarded]
    return imports_in(nodes, module, is_package, known)


def imports_in(nodes: list[ast.Import | ast.ImportFrom], module: str, is_package: bool,
               known: set[str]) -> list[Import]:
    """What these import statements of one module import."""
    found: list[Import] = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [Import(module, _resolve(alias.name, known), node.lineno) for alias in node.names]
            continue
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[:len(package) - node.level + 1]
            base = ".".join(package + ([base] if base else []))
        for alias in node.names:
            target = _resolve(f"{base}.{alias.name}" if base else alias.name, known)
            found.append(Import(module, target if target in known else _resolve(base, known), node.lineno))
    return found


WITH_TESTS = (*PACKAGES, "tests")


@functools.cache
def _graphs() -> dict[tuple[tuple[str, ...], bool], Graph]:
    """Every graph `project_graph` gives, by (packages, type_only): the project's and the project's with its tests,
    each module read and parsed once (the test process keeps the graphs, not the syntax trees)."""
    files = {packages: project_files(ROOT, packages) for packages in (PACKAGES, WITH_TESTS)}
    known = {packages: set(found) for packages, found in files.items()}
    graphs: dict[tuple[tuple[str, ...], bool], Graph] = {(p, t): {} for p in files for t in (False, True)}
    with collector_paused():
        for name, path in files[WITH_TESTS].items():
            found = list(_guarded_imports(ast.parse(path.read_text(encoding="utf-8")).body))
            statements = {False: [node for node, guarded in found if not guarded], True: [node for node, _ in found]}
            for (packages, type_only), graph in graphs.items():
                if name in known[packages]:
                    graph[name] = imports_in(statements[type_only], name, path.name == "__init__.py", known[packages])
    return graphs


def project_graph(type_only: bool = False, packages: tuple[str, ...] = PACKAGES) -> Graph:
    """Every module of `packages` (the project's, or WITH_TESTS) and what it imports (with `type_only`, for type
    hints only too)."""
    return _graphs()[(packages, type_only)]


# ---- cycles ----------------------------------------------------------------------------------------
def cycle_groups(graph: Graph) -> list[list[str]]:
    """The groups of project modules that import each other in a circle (strongly connected, sorted)."""
    edges = _edges(graph)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(groups)


def find_cycles(graph: Graph) -> list[list[str]]:
    """One shortest cycle (its first module repeated at the end) for every group of `cycle_groups`."""
    edges = _edges(graph)
    return [_cycle_in(group, edges) for group in cycle_groups(graph)]


def _edges(graph: Graph) -> dict[str, list[str]]:
    return {m: sorted({i.target for i in imps if i.target in graph}) for m, imps in graph.items()}


def _cycle_in(group: list[str], edges: dict[str, list[str]]) -> list[str]:
    """The shortest cycle through the group's first module (breadth-first inside the group)."""
    start, members = group[0], set(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in edges[v]:
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if w in members and w not in came_from:
                    came_from[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no cycle in {group}")  # a strongly connected group always has one


def describe_cycles(graph: Graph) -> str:
    """Each group of modules in a cycle: one cycle, then every import between the group's modules."""
    lines = []
    for group, cycle in zip(cycle_groups(graph), find_cycles(graph), strict=True):
        lines.append(f"  {' -> '.join(cycle)}   (group: {', '.join(group)})")
        members = set(group)
        lines += [f"      {src} line {line} imports {dst}"
                  for src, line, dst in sorted({(i.source, i.line, i.target) for m in group for i in graph[m]
                                                if i.target in members})]
    return "\n".join(lines)


# ---- layers ----------------------------------------------------------------------------------------
def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _is_pygame(module: str) -> bool:
    return _within(module, "pygame")


def room_of(module: str) -> str | None:
    """The room of a common module (None for the launcher's modules at the top)."""
    return next((room for room in ROOMS if _within(module, room)), None)


def room_problem(src: str, dst: str) -> str | None:
    """Why an import from one room of common into another goes against their order, or None."""
    source, target = room_of(src), room_of(dst)
    if source is None or target is None or source == target or target in ROOMS[source]:
        return None
    allowed = ", ".join(sorted(ROOMS[source])) or "no other room"
    return f"{source} imports only {allowed}"


def layer_problem(imp: Import, games: tuple[str, ...] = GAMES) -> str | None:
    """Why this import goes against the layers, or None when it is fine."""
    src, dst = imp.source, imp.target
    if _within(src, "common"):
        if src in LAUNCHER and any(dst == f"{g}.plugin" for g in games):
            return None
        if any(_within(dst, g) for g in games):
            return "common imports no game module but the launcher a game's plugin"
        if src in PURE_COMMON and (_is_pygame(dst) or (_within(dst, "common") and dst not in PURE_COMMON)):
            return "pure common modules (used by rules) import no pygame and no graphics module"
        if not _within(src, "common.scenes") and src not in LAUNCHER and _within(dst, "common.scenes"):
            return "the engine imports none of the shell's scenes (common.scenes); they are given to it"
        if _within(src, NET) and (_is_pygame(dst) or (_within(dst, "common") and not _within(dst, NET)
                                                     and dst not in PURE_COMMON | NET_MAY_USE)):
            return f"{NET} imports no pygame and, of common, only the pure modules, the file lock and {NET}"
        return room_problem(src, dst)
    for g in games:
        if not _within(src, g):
            continue
        if any(_within(dst, other) for other in games if other != g):
            return "a game imports nothing of the other game"
        if _within(dst, f"{g}.plugin") and not _within(src, f"{g}.plugin"):
            return f"{g}.plugin is the top of {g}: only the launcher imports it"
        if _within(dst, f"{g}.cli") and src != f"{g}.plugin" and not _within(src, f"{g}.cli"):
            return f"{g}.cli is run by {g}.plugin: only it imports {g}.cli"
        if _within(src, f"{g}.rules"):
            if _is_pygame(dst):
                return f"{g}.rules imports no pygame"
            if _within(dst, g) and not _within(dst, f"{g}.rules"):
                return f"{g}.rules imports nothing of {g} outside {g}.rules"
            if _within(dst, "common") and dst not in PURE_COMMON:
                return f"{g}.rules imports only the pure common modules ({', '.join(sorted(PURE_COMMON))})"
        if _within(src, f"{g}.bots"):
            above = [f"{g}.scenes", *(f"{g}.{m}" for m in MIDDLE)]
            if any(_within(dst, a) for a in above):
                return f"{g}.bots imports no {'/'.join(above)}"
        if any(_within(src, f"{g}.{m}") for m in MIDDLE):
            if _within(dst, f"{g}.scenes"):
                return f"{g}'s game-level modules ({'/'.join(MIDDLE)}) import no {g}.scenes"
            if _is_pygame(dst):
                return f"{g}'s game-level modules ({'/'.join(MIDDLE)}) import no pygame"
    return None


def must_be_pygame_free(module: str, games: tuple[str, ...] = GAMES) -> bool:
    """Rules, the game-level files (the match models among them), the pure common modules and online play load
    without pygame."""
    return (module in PURE_COMMON or _within(module, NET)
            or any(_within(module, f"{g}.{part}") for g in games for part in ("rules", *MIDDLE)))


def pygame_chains(graph: Graph, games: tuple[str, ...] = GAMES) -> list[str]:
    """For each module that must be pygame-free but loads pygame through other project modules, the chain."""
    edges = _edges(graph)
    found = []
    for start in sorted(m for m in graph if must_be_pygame_free(m, games)):
        came_from: dict[str, str | None] = {start: None}
        frontier = [start]
        hit = None
        while frontier and hit is None:
            nxt = []
            for v in frontier:
                if any(_is_pygame(i.target) for i in graph[v]):
                    hit = v
                    break
                for w in edges[v]:
                    if w not in came_from:
                        came_from[w] = v
                        nxt.append(w)
            frontier = nxt
        if hit is not None and hit != start:  # a direct import is reported by the layer rules
            chain = [hit]
            while (prev := came_from[chain[-1]]) is not None:
                chain.append(prev)
            found.append(" -> ".join([*reversed(chain), "pygame"]))
    return found


def layer_problems(graph: Graph, games: tuple[str, ...] = GAMES) -> list[str]:
    """One line per import against the layers."""
    return [f"{i.source} (line {i.line}) imports {i.target}: {why}"
            for imps in graph.values() for i in imps if (why := layer_problem(i, games)) is not None]


def registry_problem(imp: Import) -> str | None:
    """Why this import goes against the registry's place (above online play, replays and tutorials; below the
    shell's scenes and the tools), or None when it is fine."""
    src, dst = imp.source, imp.target

    def above(module: str) -> bool:
        return _within(module, "common.scenes") or module in ABOVE_REGISTRY

    if _within(src, "common") and not above(src) and src not in REGISTRY and (dst in REGISTRY or above(dst)):
        return ("only the shell's scenes and the tools import the registry of the games, and a module below it none "
                "of them: it is given what it needs of the games")
    if src in REGISTRY and above(dst):
        return "the registry of the games imports none of the shell's scenes and tools (they are above it)"
    return None


def registry_problems(graph: Graph) -> list[str]:
    """One line per import against the registry's place."""
    return [f"{i.source} (line {i.line}) imports {i.target}: {why}"
            for imps in graph.values() for i in imps if (why := registry_problem(i)) is not None]


def rules_package_imports(graph: Graph, games: tuple[str, ...] = GAMES) -> list[str]:
    """One line per import of a rules package itself, and per name a rules package passes on: each name is
    imported from the module that defines it (`from G.rules.engine import apply`)."""
    packages = {f"{g}.rules" for g in games}
    found = [f"{i.source} (line {i.line}) imports {i.target}: import each name from the module of {i.target} "
             "that defines it" for imps in graph.values() for i in imps
             if i.target in packages and i.source != i.target]
    found += [f"{g}.rules (line {i.line}) imports {i.target}: {g}.rules passes no names on"
              for g in games for i in graph.get(f"{g}.rules", [])]
    return found


# ---- the project -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def graph() -> Graph:
    return project_graph()


def test_the_project_has_no_import_cycles(graph: Graph) -> None:
    groups = cycle_groups(graph)
    assert not groups, "import cycles (counting imports inside functions):\n" + describe_cycles(graph)


TYPE_CIRCLES = {
    # The app runs the scene stack and every scene is given the app: the two halves of the engine's loop.
    ("common.engine.app", "common.engine.scene"),
}


def test_no_scene_and_its_parts_import_each_other_even_for_type_hints() -> None:
    """Imports under `if TYPE_CHECKING:` counted: the only circles are the known ones."""
    groups = {tuple(group) for group in cycle_groups(project_graph(type_only=True))}
    assert groups <= TYPE_CIRCLES, "circles counting type-hint imports:\n" + describe_cycles(
        {m: [i for i in imps if any(m in g and i.target in g for g in groups - TYPE_CIRCLES)]
         for m, imps in project_graph(type_only=True).items()})


def test_every_import_goes_with_the_layers(graph: Graph) -> None:
    problems = layer_problems(graph)
    assert not problems, "imports against the layers:\n" + "\n".join("  " + p for p in problems)


def test_the_registry_of_games_sits_between_online_play_and_the_scenes_even_for_type_hints() -> None:
    problems = registry_problems(project_graph(type_only=True))
    assert not problems, "imports against the registry's place:\n" + "\n".join("  " + p for p in problems)


def test_pygame_free_modules_load_no_pygame_through_other_modules(graph: Graph) -> None:
    chains = pygame_chains(graph)
    assert not chains, "pygame-free modules that load pygame:\n" + "\n".join("  " + c for c in chains)


def test_names_of_the_rules_come_from_the_module_that_defines_them() -> None:
    """The project and its tests, type-hint imports included."""
    problems = rules_package_imports(project_graph(type_only=True, packages=WITH_TESTS))
    assert not problems, "imports of a rules package itself:\n" + "\n".join("  " + p for p in problems)


def test_every_common_module_lives_in_a_room(graph: Graph) -> None:
    """No module lies loose in common/: each is in a room (or is the launcher's), and each room says what it holds."""
    loose = sorted(m for m in graph if _within(m, "common") and room_of(m) is None and m not in TOP)
    assert not loose, f"modules of common/ in no room (move each into the room of its concept): {loose}"
    for room in ROOMS:
        doc = ast.get_docstring(ast.parse((ROOT / room.replace(".", "/") / "__init__.py").read_text("utf-8")))
        assert doc and "Imports" in doc, f"{room}/__init__.py says what the room holds and what it imports"


def test_rooms_point_one_way_even_for_type_hints() -> None:
    """Counting the imports under `if TYPE_CHECKING:` too, no room of common reaches a room above it."""
    problems = [f"{i.source} (line {i.line}) imports {i.target}: {why}"
                for imps in project_graph(type_only=True).values() for i in imps
                if (why := room_problem(i.source, i.target)) is not None]
    assert not problems, "imports against the rooms' order:\n" + "\n".join("  " + p for p in problems)


def test_rooms_import_only_the_rooms_below_them() -> None:
    graph = _graph({
        "common.data.files": "from common.engine import text\n",
        "common.engine.text": "from common.data import files\nfrom common.ui import widgets\n",
        "common.ui.widgets": "from common.engine import text\nfrom common.scenes import menu\n",
        "common.scenes.menu": "from common.ui import widgets\nfrom common import cli\n",
        "common.cli": "from common.scenes import menu\n",
    })
    problems = [why for imps in graph.values() for i in imps if (why := room_problem(i.source, i.target))]
    assert problems == [
        "common.data imports only no other room",
        "common.engine imports only common.data, common.packs",
        "common.ui imports only common.data, common.engine, common.packs",
    ]


def test_the_graph_sees_the_whole_project(graph: Graph) -> None:
    for module in ("main", "common.engine.app", "common.scenes.menu", "arenas.rules", "arzium.rules", "arzium.bots"):
        assert module in graph
    assert any(i.target == "pygame" for i in graph["common.engine.app"])


# ---- the checker itself, on made-up modules --------------------------------------------------------
def _graph(sources: dict[str, str], type_only: bool = False) -> Graph:
    known = {name.removesuffix(".__init__") for name in sources}
    return {name.removesuffix(".__init__"): imports_of(text, name.removesuffix(".__init__"),
                                                       name.endswith(".__init__"), known, type_only)
            for name, text in sources.items()}


def _targets(graph: Graph, module: str) -> list[str]:
    return [i.target for i in graph[module]]


def test_imports_inside_functions_count_and_type_checking_ones_do_not() -> None:
    graph = _graph({
        "g.__init__": "",
        "g.a": ("from typing import TYPE_CHECKING\nimport typing\nif TYPE_CHECKING:\n    import g.b\n"
                "if typing.TYPE_CHECKING:\n    from g import c\nelse:\n    import os\n"
                "def f():\n    from g.c import thing\n"),
        "g.b": "", "g.c": "",
    })
    assert _targets(graph, "g.a") == ["typing", "typing", "os", "g.c"]


def test_relative_and_from_imports_resolve_to_modules() -> None:
    graph = _graph({
        "g.__init__": "from . import a\nfrom .a import x\n",
        "g.a": "from . import b\nfrom .b import y\nfrom .. import other\nimport g.b as bb\n",
        "g.b": "", "other": "",
    })
    assert _targets(graph, "g") == ["g.a", "g.a"]
    assert _targets(graph, "g.a") == ["g.b", "g.b", "other", "g.b"]


def test_cycles_are_found_and_printed_once_per_group() -> None:
    graph = _graph({
        "a": "import b\n", "b": "def f():\n    import c\n", "c": "import a\nimport d\n",
        "d": "", "e": "import e\n", "f": "import a\n",
    })
    assert find_cycles(graph) == [["a", "b", "c", "a"], ["e", "e"]]
    assert cycle_groups(graph) == [["a", "b", "c"], ["e"]]
    assert describe_cycles(graph).splitlines() == [
        "  a -> b -> c -> a   (group: a, b, c)", "      a line 1 imports b", "      b line 2 imports c",
        "      c line 1 imports a", "  e -> e   (group: e)", "      e line 1 imports e"]
    assert find_cycles(_graph({"a": "import b\n", "b": "import os\n"})) == []


def test_layer_rules_catch_each_kind_of_wrong_import() -> None:
    graph = _graph({
        "g.__init__": "", "g.rules.__init__": "import pygame\nfrom g.scenes import play\n",
        "g.rules.core": "from common.data import jsonio\nfrom common.ui.widgets import Button\nfrom g.rules import x\n",
        "g.bots": "from g.session import run\nfrom g.rules import core\n",
        "g.session": "import pygame.draw\nfrom g.scenes.play import P\nfrom g.bots import b\n",
        "g.scenes.play": "from g.session import run\nfrom g import cli\nimport h.rules\nimport g.plugin\n",
        "g.cli": "from g.scenes import play\n", "g.plugin": "import g.cli\n", "h.rules": "",
        "main": "import common.cli\n",
        "common.data.jsonio": "import pygame\n", "common.ui.widgets": "from g.rules import x\n",
        "common.engine.app": "from common.scenes.rules import R\n",
        "common.scenes.rules": "from common.ui import widgets\n",
        "common.cli": "from common.scenes.menu import M\nimport g.plugin\nimport g.cli\n", "common.scenes.menu": "",
    })
    assert layer_problems(graph, games=("g", "h")) == [
        "g.rules (line 1) imports pygame: g.rules imports no pygame",
        "g.rules (line 2) imports g.scenes.play: g.rules imports nothing of g outside g.rules",
        "g.rules.core (line 2) imports common.ui.widgets: g.rules imports only the pure common modules "
        "(common.data.files, common.data.i18n, common.data.jsonio, common.data.os_words, common.data.outbox, "
        "common.data.paths, common.data.rules_api, common.data.safe_text, common.replays.replay)",
        "g.bots (line 1) imports g.session: g.bots imports no g.scenes/g.session/g.save/g.records/g.match/"
        "g.seats/g.thinking/g.replay_model/g.room/g.online_match/g.bench/g.wording/g.my_levels/g.my_records/"
        "g.shared_level/g.level_proof/g.proving",
        "g.session (line 1) imports pygame.draw: g's game-level modules (session/save/records/match/seats/"
        "thinking/replay_model/room/online_match/bench/wording/my_levels/my_records/shared_level/level_proof/proving) "
        "import no pygame",
        "g.session (line 2) imports g.scenes.play: g's game-level modules (session/save/records/match/seats/"
        "thinking/replay_model/room/online_match/bench/wording/my_levels/my_records/shared_level/level_proof/proving) "
        "import no g.scenes",
        "g.scenes.play (line 2) imports g.cli: g.cli is run by g.plugin: only it imports g.cli",
        "g.scenes.play (line 3) imports h.rules: a game imports nothing of the other game",
        "g.scenes.play (line 4) imports g.plugin: g.plugin is the top of g: only the launcher imports it",
        "common.data.jsonio (line 1) imports pygame: pure common modules (used by rules) import no pygame and no "
        "graphics module",
        "common.ui.widgets (line 1) imports g.rules: common imports no game module but the launcher a game's plugin",
        "common.engine.app (line 1) imports common.scenes.rules: the engine imports none of the shell's scenes "
        "(common.scenes); they are given to it",
        "common.cli (line 3) imports g.cli: common imports no game module but the launcher a game's plugin",
    ]


def test_an_import_of_a_rules_package_itself_is_caught() -> None:
    graph = _graph({
        "g.__init__": "", "g.rules.__init__": "from g.rules.engine import apply\n",
        "g.rules.engine": "from g.rules.state import State\n", "g.rules.state": "from g.rules import engine\n",
        "g.scenes.play": "from g.rules import apply\nfrom g.rules.state import State\nimport g.rules as rules\n"
                         "from g import rules as r\nfrom g.rules import engine\n",
        "tests.test_g": "import g.rules\ndef f():\n    from g.rules import State\n",
    })
    assert rules_package_imports(graph, games=("g",)) == [
        "g.scenes.play (line 1) imports g.rules: import each name from the module of g.rules that defines it",
        "g.scenes.play (line 3) imports g.rules: import each name from the module of g.rules that defines it",
        "g.scenes.play (line 4) imports g.rules: import each name from the module of g.rules that defines it",
        "tests.test_g (line 1) imports g.rules: import each name from the module of g.rules that defines it",
        "tests.test_g (line 3) imports g.rules: import each name from the module of g.rules that defines it",
        "g.rules (line 1) imports g.rules.engine: g.rules passes no names on",
    ]


def test_pygame_reached_through_another_module_is_traced() -> None:
    graph = _graph({
        "g.rules": "from g.rules_helpers import x\n", "g.rules_helpers": "from common.engine import text\n",
        "common.engine.text": "import pygame\n", "g.save": "from g.rules import y\n",
        "g.match": "import g.scenes.layouts\n", "g.scenes.layouts": "import pygame\n",
    })
    assert pygame_chains(graph, games=("g",)) == [
        "g.match -> g.scenes.layouts -> pygame",
        "g.rules -> g.rules_helpers -> common.engine.text -> pygame",
        "g.save -> g.rules -> g.rules_helpers -> common.engine.text -> pygame",
    ]


def test_the_net_layer_stays_free_of_pygame_games_and_the_engine() -> None:
    graph = _graph({
        "common.net.server": "import asyncio\nimport websockets\nfrom common.net import room\nfrom common.data "
                             "import safe_text\nimport arzium.room\n",
        "common.net.room": "from common.data import widgets\nimport pygame\n",
        "common.data.safe_text": "", "common.data.widgets": "", "arzium.room": "",
    })
    assert layer_problems(graph, games=("arzium",)) == [
        "common.net.server (line 5) imports arzium.room: common imports no game module but the launcher a game's "
        "plugin",
        "common.net.room (line 1) imports common.data.widgets: common.net imports no pygame and, of common, only the "
        "pure modules, the file lock and common.net",
        "common.net.room (line 2) imports pygame: common.net imports no pygame and, of common, only the pure "
        "modules, the file lock and common.net",
    ]
    assert must_be_pygame_free("common.net.client") and not must_be_pygame_free("common.data.widgets")


def test_the_registry_rules_catch_imports_below_it_and_above_it_type_hints_counted() -> None:
    below = ("only the shell's scenes and the tools import the registry of the games, and a module below it none of "
             "them: it is given what it needs of the games")
    checking = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    "
    graph = _graph({
        "common.games": checking + "from common.scenes.figures import FigureBook\nfrom common.net.room import Side\n",
        "common.games.pages": "from common.tools.catalog import spec\nfrom common.replays.index import ReplayRow\n",
        "common.net.server": checking + "from common.games import GAMES\n",
        "common.replays.index": "def f():\n    from common.games.pages import StatsPage\n",
        "common.tutorials.launch": "from common import games\n",
        "common.engine.app": checking + "import common.tools.timedemo\n",
        "common.tools.timedemo": "",
        "common.scenes.menu": "from common.games import GAMES\n", "common.cli": "from common.games import install\n",
        "common.scenes.figures": "", "common.net.room": "", "common.tools.catalog": "from common.games import GAMES\n",
        "arenas.plugin": "from common.games import Game\n",
    }, type_only=True)
    assert registry_problems(graph) == [
        "common.games (line 3) imports common.scenes.figures: the registry of the games imports none of the "
        "shell's scenes and tools (they are above it)",
        "common.games.pages (line 1) imports common.tools.catalog: the registry of the games imports none of the "
        "shell's scenes and tools (they are above it)",
        *(f"{module} (line {line}) imports {target}: {below}" for module, line, target in [
            ("common.net.server", 3, "common.games"), ("common.replays.index", 2, "common.games.pages"),
            ("common.tutorials.launch", 1, "common.games"), ("common.engine.app", 3, "common.tools.timedemo")]),
    ]


@pytest.mark.parametrize("line", ["import pygame", "from pygame import Rect", "import pygame.draw as d"])
def test_pure_common_modules_may_not_import_pygame(line: str) -> None:
    graph = _graph({"common.data.paths": line + "\n"})
    assert len(layer_problems(graph)) == 1
