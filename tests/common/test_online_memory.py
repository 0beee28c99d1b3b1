"""What the Play online screen remembers across app starts: the player's name (in the settings file, a newer
file's keys kept, a bad name one line), and every room this player still holds a seat in (Back to room)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from common.app import App, AppOptions
from common.scenes.online import OnlineScene
from common.settings import Settings, load_settings, settings_path
from helpers import close_app, key, run


def started(lang: str | None = None) -> App:
    """An app as a player starts it: its settings from the user folder, written back when they change."""
    return App(AppOptions(headless=True, lang=lang))


def online(app: App) -> OnlineScene:
    scene = OnlineScene(app, host_game=lambda app, game, where: None, join=lambda app, where, code, watch: None)
    app.stack.clear_to(scene)
    run(app, 1)
    return scene


def type_name(app: App, scene: OnlineScene, name: str) -> None:
    scene.group.set_focus(scene.name)
    run(app, 1, key(pygame.K_RETURN))
    assert scene.name.editing
    run(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text=name), *key(pygame.K_RETURN)])
    assert not scene.name.editing


def test_the_name_typed_is_there_after_a_restart_and_the_files_other_keys_are_kept(user_home: Path) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"muted": True, "colour_blind_mode": "deutan"}))
    app = started()
    try:
        type_name(app, online(app), "Bruno")
    finally:
        close_app(app)
    written = json.loads(settings_path().read_text())
    assert written["online_name"] == "Bruno" and written["colour_blind_mode"] == "deutan" and written["muted"]
    again = started()
    try:
        assert online(again).name.value == "Bruno"
    finally:
        close_app(again)


def test_a_name_left_as_the_default_follows_the_language_after_a_restart(user_home: Path) -> None:
    app = started("en")
    try:
        scene = online(app)
        type_name(app, scene, "Bruno")
        type_name(app, scene, "Player")  # typed back to the default
        assert app.settings.online_name == ""
    finally:
        close_app(app)
    spanish = started("es")
    try:
        assert online(spanish).name.value == "Jugador"
    finally:
        spanish.use_language("en")
        close_app(spanish)


@pytest.mark.parametrize(("name", "shown"), [
    ("x" * 17, "online_name='" + "x" * 17 + "'"),
    ("Ana\x1b[31m", "online_name='Ana\\x1b[31m'"),
    ("  Ana", "online_name='  Ana'"),
    (7, "online_name=7"),
])
def test_a_bad_name_in_the_settings_file_is_one_line_and_the_default(tmp_path: Path, name: object,
                                                                    shown: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"online_name": name, "muted": True}))
    loaded, message = load_settings(path)
    assert loaded == Settings(muted=True) and message is not None and "\n" not in message
    assert f"ignored bad values {shown};" in message
