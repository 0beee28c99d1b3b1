"""Test setup: SDL's dummy drivers, a throwaway user folder for settings, records and saves, and the
headless `app` fixture (helpers for input and stepping: tests/helpers.py)."""
from __future__ import annotations

import gc
import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LC_ALL"] = "C.UTF-8"  # the app follows the system's language: the tests read English on every machine
TESTS = Path(__file__).resolve().parent
sys.path[:0] = [str(TESTS.parent), str(TESTS)]
# Dozens of tests start main.py or a script in a child process, and every run imports the whole project: compiled
# modules (and pytest's rewritten test modules) are written beside the sources and kept between runs, so a run
# compiles only what changed since the last one, and each child reads the bytecode its parent wrote.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# The tests' own process does not wait for the disk: what an fsync makes sure of shows only after a power cut,
# which no test makes (a test that counts the calls still sees them; the processes the kill tests start sync).
os.fsync = lambda fd: None

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

import common.engine.sound  # noqa: E402
import common.packs.sprite_packs  # noqa: E402
import common.packs.sprites  # noqa: E402
from common.cli import collect_games  # noqa: E402
from common.engine.app import App  # noqa: E402
from helpers import close_app, make_app, shared_decodes, shared_default_pack, shared_sounds  # noqa: E402

# Hundreds of tests open an App on the shipped pack; each worker decodes its PNGs and parses its manifest once
# (keyed by the file's real path: no test changes a shipped file). Every other pack is read as the app reads it.
collect_games()  # the games, as the launcher gives them to the app
decode, common.packs.sprite_packs.read_toml_cached = shared_decodes(common.packs.sprite_packs.decode_png,
                                                              common.packs.sprite_packs.read_toml_cached,
                                                              common.packs.sprite_packs.finish_surface)
common.packs.sprite_packs.decode_png = common.packs.sprites.decode_png = decode  # sprites imported it by name
# the default pack's checks, once a worker
common.packs.sprites.read_pack = shared_default_pack(common.packs.sprites.read_pack)
# and the shipped sound effects, decoded once a worker
common.engine.sound.load_sound = shared_sounds(common.engine.sound.load_sound)


# The default run checks the same examples every time (a property fails on a change, never by chance) and waits for
# no clock; `-m slow` and `-m sweep` draw new examples on each run.
settings.register_profile("suite", derandomize=True, database=None, deadline=None)
settings.register_profile("evidence", database=None, deadline=None)
YOUNG_COLLECTION = 10_000  # allocations between collections of the youngest objects (`pytest_collection_finish`)
# Modules that read the whole tree (its sources, catalogues and scenes) run first: the scheduler hands a worker its
# first tests in one run of the collection, so one worker reads the tree and the other never needs to.
WHOLE_TREE = ("test_imports.py", "test_scene_parts.py", "test_wording.py", "test_i18n.py")


def pytest_configure(config: pytest.Config) -> None:
    settings.load_profile("suite" if "not slow" in (config.getoption("markexpr") or "") else "evidence")
    workers = config.getoption("numprocesses", None)
    if isinstance(workers, int) and workers > 1 and not hasattr(config, "workerinput"):  # the controller of workers
        from compile_ahead import compile_ahead
        compile_ahead(config, workers)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.path.name not in WHOLE_TREE)  # a stable sort: the rest keep their order


def pytest_collection_finish(session: pytest.Session) -> None:
    """What every test shares (the modules, the collected tests) is left out of the collector's later passes, as
    the app does after its first frame: a full collection then walks only what the tests made. A test keeps most
    of what it makes until it ends (its app, scenes and pictures): the youngest objects are collected after
    `YOUNG_COLLECTION` allocations, not Python's 700, so that the collector walks them less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])


@pytest.fixture(autouse=True)
def collector_as_it_was() -> Iterator[None]:
    """A test that runs a server in this process (which tunes the collector for itself) leaves the collector's
    thresholds as they were."""
    thresholds = gc.get_threshold()
    yield
    if gc.get_threshold() != thresholds:
        gc.set_threshold(*thresholds)


_HOMES = itertools.count()


@pytest.fixture(autouse=True)
def user_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty user folder (settings, records, saves, user packs): the next of the run's
    `homes/N` (made directly: pytest's numbered folders each look through every folder made before them)."""
    home = tmp_path_factory.getbasetemp() / "homes" / str(next(_HOMES))
    home.mkdir(parents=True)
    monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(home))
    return home


@pytest.fixture()
def app() -> Iterator[App]:
    """A headless 1280x720 app with default settings (see helpers.make_app); closed after the test."""
    a = make_app()
    yield a
    close_app(a)
