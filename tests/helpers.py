"""Shared test helpers: a headless app, input events, frame stepping and a seeded scene fuzz.

Import them in any test (`from helpers import click, key, run`); the root conftest puts this folder on
the path and gives every test an `app` fixture built by `make_app`.
"""
from __future__ import annotations

import contextlib
import copy
import io
import random
import subprocess
from collections.abc import Callable, Container, Iterable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from common import catalog, cli, i18n
from common.app import App, AppOptions
from common.scene import Scene
from common.scenes.controls import ControlsScene
from common.scenes.rules import RulesScene
from common.settings import Settings
from common.sprite_packs import SPRITES_DIR

FRAME = 1000 / 60  # one frame at 60 fps, in ms


def make_app(size: tuple[int, int] = (1280, 720), *, mute: bool = False, seed: int | None = None) -> App:
    """A headless app with default settings that never writes a settings file; F1 opens the rules."""
    options = AppOptions(size=size, mute=mute, seed=seed, headless=True, save_settings=False)
    return App(options, settings=Settings(), rules_scene=RulesScene)


def close_app(app: App) -> None:
    """Close the window and fonts; the mixer stays open for the next test's app (closing SDL's dummy audio
    device waits for its thread, about 30 ms a test)."""
    app.sounds.stop_all()
    pygame.display.quit()
    pygame.font.quit()


Decode = Callable[[Path, "Path | None"], pygame.Surface]
ReadToml = Callable[..., dict[str, Any]]


def open_controls(app: App) -> ControlsScene:
    """The Controls screen opened over an empty scene and drawn once."""
    app.stack.clear_to(Scene(app))
    scene = ControlsScene(app)
    app.push(scene)
    app.step([], 16)
    return scene


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


def shared_decodes(decode_png: Decode, read_toml: ReadToml) -> tuple[Decode, ReadToml]:
    """`decode_png` and `read_toml` that keep what they made from a shipped pack's file, keyed by its bytes,
    and hand out copies; other files go to the originals."""
    shipped = SPRITES_DIR.resolve()
    pictures: dict[tuple[str, bytes], pygame.Surface] = {}
    manifests: dict[tuple[str, bytes], dict[str, Any]] = {}

    def bytes_key(path: Path | str) -> tuple[str, bytes] | None:
        real = Path(path).resolve()
        return (real.name, real.read_bytes()) if real.is_relative_to(shipped) and real.is_file() else None

    def decode(path: Path, folder: Path | None = None) -> pygame.Surface:
        key = bytes_key(path)
        if key is None:
            return decode_png(path, folder)
        if key not in pictures:
            pictures[key] = decode_png(path, folder)
        return pictures[key].copy()

    def parse(path: Path | str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        key = bytes_key(path)
        if key is None:
            return read_toml(path, *args, **kwargs)
        if key not in manifests:
            manifests[key] = read_toml(path, *args, **kwargs)
        return copy.deepcopy(manifests[key])

    return decode, parse


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
    """Step the app `frames` frames; `events` go into the first one."""
    for i in range(frames):
        app.step(list(events) if i == 0 else [], dt_ms)


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
