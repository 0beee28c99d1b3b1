"""Shared test helpers: a headless app, input events, frame stepping and a seeded scene fuzz.

Import them in any test (`from helpers import click, key, run`); the root conftest puts this folder on
the path and gives every test an `app` fixture built by `make_app`.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import gc
import io
import os
import random
import subprocess
import threading
import time
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from common import cli
from common.data import i18n
from common.data.settings import Settings
from common.engine.app import App, AppOptions
from common.engine.scene import Scene
from common.engine.sound import SOUND_DIR
from common.packs.sprite_packs import SPRITES_DIR
from common.scenes.controls import ControlsScene
from common.scenes.rules import RulesScene
from common.tools import catalog

FRAME = 1000 / 60  # one frame at 60 fps, in ms
QUIET_S = 30.0  # an online test that waits this long with nothing coming on any link is stuck
LOOK_AGAIN_S = 0.05  # how often a wait for a link's news looks at what comes without any
STUCK_S = 300.0  # an online test's wait that takes this long in all is stuck, news or not


def make_app(size: tuple[int, int] = (1280, 720), *, mute: bool = False, seed: int | None = None) -> App:
    """A headless app with default settings that never writes a settings file; F1 opens the rules."""
    options = AppOptions(size=size, mute=mute, seed=seed, headless=True, save_settings=False)
    return App(options, settings=Settings(), rules_scene=RulesScene)


def close_app(app: App) -> None:
    """Close the window; the mixer stays open for the next test's app (closing SDL's dummy audio device waits for
    its thread, about 30 ms a test), and so do the fonts with the texts rendered so far (the next app draws
    them from the cache)."""
    app.sounds.stop_all()
    pygame.display.quit()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while many objects with no cycles are made (syntax trees): it would
    walk them again and again as they pile up; their reference counts free them."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


SHIPPED_SPRITES = os.path.realpath(SPRITES_DIR)
Decode = Callable[[Path, "Path | None"], pygame.Surface]
ReadToml = Callable[..., dict[str, Any]]
ReadPack = Callable[..., Any]


def open_controls(app: App) -> ControlsScene:
    """The Controls screen opened over an empty scene and drawn once."""
    app.stack.clear_to(Scene(app))
    scene = ControlsScene(app)
    app.push(scene)
    app.step([], 16)
    return scene


class Quiet:
    """Waits for the next news of the online links of this process (`common.net.client.NEWS`: a frame, a change
    of status), looking again every `LOOK_AGAIN_S` for what comes without any (the server's own state, the
    server's clock); tells when the wait is stuck: nothing came for `limit_s`, or `STUCK_S` went by in all (a
    link that reconnects again and again brings news, and no end). Neither is a test's pace: they catch hangs."""

    def __init__(self, limit_s: float = QUIET_S) -> None:
        from common.net.client import NEWS  # loaded only by the online tests
        self.news = NEWS
        self.limit_s = limit_s
        self.seen = NEWS.count
        self.began = self.since = time.monotonic()

    def wait(self) -> bool:
        """Until news after the last seen, or `LOOK_AGAIN_S`; True once the wait is stuck."""
        if self.news.wait_past(self.seen, LOOK_AGAIN_S):
            self.seen, self.since = self.news.count, time.monotonic()
        now = time.monotonic()
        return now - self.since > self.limit_s or now - self.began > STUCK_S


def step_apps_until(apps: Sequence[App], done: Callable[[], bool], quiet_s: float = QUIET_S) -> None:
    """Step the online apps (frames of FRAME ms, not drawn) until `done()`, waiting between frames for their links'
    next news (`Quiet`); fails when nothing came for `quiet_s` seconds."""
    quiet = Quiet(quiet_s)
    while not done():
        for app in apps:
            app.step([], FRAME, draw=False)
        if not done():
            assert not quiet.wait(), f"stuck: nothing came for {quiet_s:.0f} s, or no end after {STUCK_S:.0f} s"


def stop_online(apps: Iterable[App]) -> None:
    """Close what online apps left open: their scenes' connections and the host's room server."""
    from common.scenes.lobby import RUNNING, stop_server  # loaded only by the online tests
    for app in apps:
        for scene in list(app.stack.scenes):
            session = getattr(scene, "session", None)
            if session is not None and session.link is not None:
                session.link.close()
    for server in list(RUNNING.values()):
        stop_server(server)


@functools.cache
def shipped_key(path: Path | str) -> str | None:
    """A shipped pack's file as a cache key: its real path (once a worker: no test changes a shipped pack's
    files); None for any other file."""
    real = os.path.realpath(path)
    return real if real.startswith(SHIPPED_SPRITES + os.sep) and os.path.isfile(real) else None


def shared_decodes(decode_png: Decode, read_toml: ReadToml,
                   finish: Callable[[pygame.Surface], pygame.Surface]) -> tuple[Decode, ReadToml]:
    """`decode_png` and `read_toml` that keep what they made from a shipped pack's file (`shipped_key`) and hand
    out copies; other files go to the originals. A kept picture asked for on the main thread while a window is
    open is kept made ready for it (`finish`, as the sprite book then does to the copy, which finds it so and
    keeps it as it is): each test's app would convert every picture it draws again."""
    pictures: dict[str, pygame.Surface] = {}
    ready: dict[str, pygame.Surface] = {}  # the same, made ready for a window
    manifests: dict[str, dict[str, Any]] = {}

    def decode(path: Path, folder: Path | None = None) -> pygame.Surface:
        key = shipped_key(path)
        if key is None:
            return decode_png(path, folder)
        if key not in pictures:
            pictures[key] = decode_png(path, folder)
        if threading.current_thread() is not threading.main_thread() or pygame.display.get_surface() is None:
            return pictures[key].copy()
        ready[key] = finish(ready.get(key, pictures[key]))  # itself when it is ready for this window already
        return ready[key].copy()

    def parse(path: Path | str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        key = shipped_key(path)
        if key is None:
            return read_toml(path, *args, **kwargs)
        if key not in manifests:
            manifests[key] = read_toml(path, *args, **kwargs)
        return copy.deepcopy(manifests[key])

    return decode, parse


def shared_sounds(load: Callable[[Path], pygame.mixer.Sound]) -> Callable[[Path], pygame.mixer.Sound]:
    """`load` that keeps the shipped effects it decoded, by file and mixer format (the mixer stays open from test
    to test; no test changes a shipped file), and hands out the same one again: a sound bank only plays its
    sounds; other files go to `load`."""
    kept: dict[tuple[str, object], pygame.mixer.Sound] = {}

    def shared(path: Path) -> pygame.mixer.Sound:
        if path.parent != SOUND_DIR:  # a bank of another folder (one reached by a link too: read as it is)
            return load(path)
        key = (str(path), pygame.mixer.get_init())
        if key not in kept:
            kept[key] = load(path)
        return kept[key]

    return shared


def shared_default_pack(read_pack: ReadPack) -> ReadPack:
    """`read_pack` that keeps the shipped default pack as read (once a worker: no test changes a shipped pack's
    files) and hands out copies of its tables (the sprite book reads its entries and never changes them); every
    other pack goes to the original."""
    kept: dict[tuple[str, str, bool], Any] = {}

    def read(pack_id: str, folder: Path, base: Any, defer_files: bool = False) -> Any:
        real = os.path.realpath(folder)
        if base is not None or os.path.dirname(real) != SHIPPED_SPRITES or not os.path.isdir(real):
            return read_pack(pack_id, folder, base, defer_files)
        key = (pack_id, real, defer_files)
        if key not in kept:
            kept[key] = read_pack(pack_id, folder, base, defer_files)
        pack = kept[key]
        return dataclasses.replace(pack, **{f.name: copy.copy(getattr(pack, f.name)) for f in dataclasses.fields(pack)
                                            if isinstance(getattr(pack, f.name), (dict, list, set))})

    return read


def evidence(cases: Iterable[Any], quick: Container[int]) -> list[Any]:
    """`cases` for `parametrize` as an evidence table: those at the indices in `quick` run in the default suite,
    the others only with `-m slow` (a few cases guard the rule on every run; the whole table is a long run)."""
    return [pytest.param(case, marks=() if i in quick else pytest.mark.slow) for i, case in enumerate(cases)]


def main_here(*args: str) -> subprocess.CompletedProcess[str]:
    """`main.py ARGS` run in this process (the test's user folder, dummy drivers): its exit code, stdout and stderr
    as a child process gives them, without starting Python again. The language is put back after it."""
    out, err, language = io.StringIO(), io.StringIO(), i18n.language()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(args))
        except SystemExit as exc:  # argparse's usage errors and --help
            code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
        finally:
            i18n.set_language(language)
    return subprocess.CompletedProcess(["main.py", *args], code, out.getvalue(), err.getvalue())


def key(k: int, mod: int = 0, unicode: str = "") -> list[pygame.event.Event]:
    """One key press (KEYDOWN), as a list of events for `app.step`."""
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)]


def motion(pos: tuple[float, float]) -> pygame.event.Event:
    """The mouse moving to `pos` (rounded to whole pixels), no button held."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[float, float], button: int = 1) -> list[pygame.event.Event]:
    """Move to `pos`, press and release `button` there."""
    p = (round(pos[0]), round(pos[1]))
    return [motion(p), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=button)]


def run(app: App, frames: int, events: Sequence[pygame.event.Event] = (), dt_ms: float = FRAME) -> None:
    """Step the app `frames` frames; `events` go into the first one. Only the last frame is drawn (what a test
    looks at; drawing changes nothing of the state, `draws_the_same_twice`)."""
    for i in range(frames):
        app.step(list(events) if i == 0 else [], dt_ms, draw=i == frames - 1)


def tick(app: App, events: Sequence[pygame.event.Event] = (), dt_ms: float = FRAME) -> None:
    """One frame, not drawn: for a test that watches the model from frame to frame (drawing changes nothing of the
    state, `draws_the_same_twice`); the frame the test then looks at is drawn by its next step."""
    app.step(list(events), dt_ms, draw=False)


def draws_the_same_twice(app: App) -> bool:
    """Drawing the stack twice without a step in between gives the same pixels (draw changes no state)."""
    first = app.screen.copy()
    app.stack.draw(first)
    second = app.screen.copy()
    app.stack.draw(second)
    return bool(pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB"))


def fuzz_scene(app: App, build: Callable[[App], Scene], seed: int, frames: int = 300,
               base: Callable[[App], Scene] = Scene) -> None:
    """Random input (`catalog.random_input`, seeded) into a scene for `frames` frames; fails, naming the seed
    and the frame, when the step raises, the stack loses its top, a toast spans lines, or draw is not pure.
    A random Esc or Quit that leaves the scene starts it again over an inert `base` scene."""
    rng = random.Random(seed)

    def start() -> None:
        app.running = True
        app.stack.clear_to(base(app))
        app.push(build(app))

    start()
    for frame in range(frames):
        where = f"seed {seed}, frame {frame}"
        if not app.running or len(app.stack.scenes) < 2:
            start()
        try:
            app.step(catalog.random_input(frame, rng, app.size), FRAME)
        except Exception as exc:
            raise AssertionError(f"the step raised at {where}: {exc!r}") from exc
        assert app.stack.top is not None, f"the stack lost its top at {where}"
        assert len(set(map(id, app.stack.scenes))) == len(app.stack.scenes), f"a scene twice on the stack at {where}"
        assert all("\n" not in t.message for t in app.toasts), f"a toast of several lines at {where}"
        if frame % 60 == 59:
            assert draws_the_same_twice(app), f"draw changed what is drawn at {where}"
