"""What a plain start (`python main.py`) does before the menu's first frame, and what it leaves for later."""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from common import cli
from common.packs.sprite_packs import SPRITES_DIR
from common.packs.sprites import FIRST_FRAME_SPRITES

ROOT = Path(__file__).resolve().parents[2]

# Runs the start as main.py does, up to the first frame, recording what it imported, read and opened.
PROBE = """
import json, os, sys
import pygame
import common.data.files
opened, reads, looks, read_bytes, look_into = [], [], [], common.data.files.read_bytes, common.data.files.look_into
def recording(path, *args, **kwargs):
    reads.append(str(path))
    return read_bytes(path, *args, **kwargs)
def looking(path, *args, **kwargs):
    looks.append(str(path))
    return look_into(path, *args, **kwargs)
common.data.files.read_bytes, common.data.files.look_into = recording, looking
mixer_init = pygame.mixer.init
pygame.mixer.init = lambda *a, **k: (opened.append(True), mixer_init(*a, **k))[1]
from common.cli import main
code = main([])
print(json.dumps({"code": code, "modules": sorted(sys.modules), "reads": reads, "looks": looks, "mixer": bool(opened)}))
"""

LATER = ("common.tools.catalog", "common.tools.timedemo", "common.replays.replay", "common.replays.index",
         "common.tutorials.steps", "common.tutorials.launch", "common.tutorials.progress",
         "common.scenes.rules", "common.scenes.settings", "common.scenes.replays", "common.scenes.statistics",
         "common.scenes.gallery", "common.packs.check", "common.scenes.online", "common.scenes.lobby",
         "common.online.session", "common.online.room", "common.online.seat_tokens", "common.online.lan",
         "common.ui.text_field",
         "common.arguments", "common.data.file_lock", "common.games.pages", "locale")
"""Modules of the screens behind the menu's buttons (Play online among them: the room server and the client link
load only when a game is hosted or joined) and of what the games give them, of the tools and their flags, of
the debris of killed writes (a window cleans it after its first frame), and `locale` (a locale variable names
the language): imported when first used."""


def _first_frame(home: Path) -> dict[str, Any]:
    env = {**os.environ, "ARENAS_ARZIUM_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "ARENAS_ARZIUM_EXIT_AFTER_FIRST_FRAME": "1", "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return found


def test_the_menus_first_frame_loads_no_game_but_its_plugin_no_tool_no_sound_and_only_the_pictures_it_draws(
        tmp_path: Path) -> None:
    found = _first_frame(tmp_path)
    assert found["code"] == 0
    modules = set(found["modules"])
    games = {m for m in modules if m.startswith(("arenas.", "arzium."))}
    assert games == {"arenas.plugin", "arzium.plugin"}  # each game's one object, whose hooks import the rest
    assert not [m for m in modules if m.startswith("babel")]
    assert not [m for m in modules if m.startswith(("websockets", "common.net", "asyncio", "sqlite3"))]  # online
    assert not [m for m in modules if m.startswith(("desktop_notifier", "dbus_fast"))]  # loaded when one is due
    assert not modules & {"zipfile", "importlib.readers"}  # shipped files are found without a resource reader
    assert not modules & set(LATER)
    assert not found["mixer"]  # the audio device opens after the first frame
    drawn = {(SPRITES_DIR / "default").resolve() / f"{name}.png" for name in FIRST_FRAME_SPRITES}
    assert {Path(p) for p in found["reads"] if p.endswith(".png")} == drawn  # read whole: only what is drawn
    assert {Path(p) for p in found["looks"]} == drawn  # the other files are checked after the first frame


def test_a_plain_start_has_the_arguments_the_parser_reads_from_an_empty_command_line() -> None:
    assert vars(cli.plain_start()) == vars(cli.build_parser().parse_args([]))


def test_collections_are_on_again_whichever_way_the_command_line_leaves(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["timedemo", "--list"]) == 0 and gc.isenabled()
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    assert gc.isenabled() and capsys.readouterr().out.splitlines()[-1].startswith("arenas-arzium ")


def test_a_second_start_reads_the_manifests_parse_from_the_cache_and_never_imports_the_toml_parser(
        tmp_path: Path) -> None:
    first, second = _first_frame(tmp_path), _first_frame(tmp_path)
    assert "tomllib" in first["modules"]  # nothing kept yet: the default pack's manifest is parsed
    assert "tomllib" not in second["modules"]
    assert first["code"] == second["code"] == 0


def test_a_window_cleans_the_debris_of_killed_writes_after_its_first_frame(user_home: Path) -> None:
    from common.engine.app import App, AppOptions
    from common.engine.scene import Scene
    from helpers import close_app

    class OneFrame(Scene):
        def update(self, dt_ms: float) -> None:
            self.app.running = False

    replays = user_home / "arenas-arzium" / "replays"
    replays.mkdir(parents=True)
    half, empty = replays / "arzium-20260101-120000.json.h4lf0000.tmp", replays / "arzium-20260101-120001.json"
    half.write_bytes(b'{"half": ')
    empty.write_bytes(b"")
    for path in (half, empty):
        os.utime(path, (1e9, 1e9))
    app = App(AppOptions(headless=False, save_settings=False))
    try:
        assert half.exists() and empty.exists()  # the first frame does not wait for the cleaning
        app.push(OneFrame(app))
        app.run()
        assert app.first_frame_at is not None and not half.exists() and not empty.exists()
    finally:
        close_app(app)


def test_a_window_of_a_video_driver_without_a_screen_opens_at_the_asked_size() -> None:
    """The dummy driver's made-up 1024x768 desktop does not shrink the window (start-up figures use it)."""
    from common.engine.app import App, AppOptions
    from helpers import close_app
    app = App(AppOptions(headless=False, save_settings=False))
    try:
        assert pygame.display.get_driver() == "dummy" and pygame.display.get_desktop_sizes() == [(1024, 768)]
        assert app.size == (1280, 720) and not app.fit.maximized
    finally:
        close_app(app)


@pytest.mark.parametrize(("package", "parts"), [("arenas", ("rules_text.md",)), ("arzium", ("cards.json",)),
                                                ("sprites", ()), ("sounds", ()), ("common", ("locale", "es"))])
def test_shipped_files_are_where_the_resource_reader_finds_them(package: str, parts: tuple[str, ...]) -> None:
    from importlib.resources import files

    from common.data.paths import shipped
    assert shipped(package, *parts) == Path(str(files(package).joinpath(*parts)))
    assert shipped(package, *parts).exists()


def test_a_package_that_is_not_there_is_named() -> None:
    from common.data.paths import shipped
    with pytest.raises(ModuleNotFoundError, match="no package named 'no_such_pack'"):
        shipped("no_such_pack", "x")
