"""What the Play online screen remembers across app starts: the player's name (in the settings file, a newer
file's keys kept, a bad name one line), and every room this player still holds a seat in (Back to room)."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from common.data.settings import Settings, load_settings, settings_path
from common.engine.app import App, AppOptions
from common.online import seat_tokens
from common.online.room import Where
from common.online.session import OnlineSession
from common.scenes.catalog import ScriptedLink
from common.scenes.online import OnlineScene
from helpers import click, close_app, key, run


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


def keep_rooms(*rooms: tuple[str, str, str, float]) -> None:
    """Seat tokens as an app keeps them: (server, code, game, seconds ago)."""
    now = time.time()
    entries = {f"{server}/{code}": {"seat": 1, "token": f"t-{code}", "seen": now - ago, "hosted": False,
                                    **({"game": game} if game else {})} for server, code, game, ago in rooms}
    seat_tokens.tokens_path().parent.mkdir(parents=True, exist_ok=True)
    seat_tokens.tokens_path().write_text(json.dumps({"version": 1, "rooms": entries}))


def test_back_to_room_offers_every_room_held_the_newest_first_with_its_game(app: App) -> None:
    keep_rooms(("10.0.0.5:8765", "AAAA-1111", "arzium", 300), ("127.0.0.1:8765", "BBBB-2222", "arenas", 10),
               ("games.example.org:7000", "CCCC-3333", "", 3600), ("h:1", "DDDD-4444", "arzium", 8 * 24 * 3600))
    opened: list[tuple[Where, str, bool]] = []
    scene = OnlineScene(app, host_game=lambda app, game, where: None,
                        join=lambda app, where, code, watch: opened.append((where, code, watch)))
    app.stack.clear_to(scene)
    run(app, 1)
    assert [r.code for r in scene.rooms] == ["BBBB-2222", "AAAA-1111", "CCCC-3333"]  # a week old: not offered
    assert scene.room_pick in scene.group.widgets and scene.back_to_room in scene.group.widgets
    assert scene.room_pick.label == "Arenas Movedizas (1 of 3)" and scene.back_to_room.label == "Back to room BBBB-2222"
    scene.group.set_focus(scene.room_pick)
    run(app, 1, key(pygame.K_RIGHT))
    assert scene.room_pick.label == "Arzium (2 of 3)" and scene.back_to_room.label == "Back to room AAAA-1111"
    run(app, 1, key(pygame.K_RIGHT))
    assert scene.room_pick.label == "A room (3 of 3)"
    run(app, 1, click(scene.back_to_room.rect.center))
    assert opened == [(Where("games.example.org", 7000), "CCCC-3333", False)]
    assert not scene.room_pick.rect.colliderect(scene.back_to_room.rect)
    assert scene.back_to_room.rect.bottom <= scene.left.bottom


def test_one_room_held_is_one_button_naming_its_game_and_none_is_no_button(app: App) -> None:
    scene = online(app)
    assert scene.back_to_room not in scene.group.widgets and scene.room_pick not in scene.group.widgets
    keep_rooms(("127.0.0.1:8765", "BBBB-2222", "arzium", 10))
    scene.resume()
    assert scene.back_to_room.label == "Back to Arzium room BBBB-2222" and scene.room_pick not in scene.group.widgets


def test_a_room_gone_from_its_server_is_one_line_and_forgotten(app: App) -> None:
    keep_rooms(("h:1", "AAAA-1111", "arzium", 10), ("h:1", "BBBB-2222", "arzium", 20))
    link = ScriptedLink([], None, False, error="bad_token")
    session = OnlineSession("h:1", "Ana", lambda url, token: link)
    session.join("AAAA-1111")
    session.update(16)
    assert session.problem == "Your seat in room AAAA-1111 on h:1 is gone (the room ended or expired): it is off " \
        "your rooms now"
    assert [r.code for r in seat_tokens.kept_seats()[0]] == ["BBBB-2222"]


def test_a_rooms_entry_keeps_what_a_newer_version_wrote_in_it() -> None:
    keep_rooms(("h:1", "AAAA-1111", "", 10))
    data = json.loads(seat_tokens.tokens_path().read_text())
    data["rooms"]["h:1/AAAA-1111"]["colour"] = "teal"
    seat_tokens.tokens_path().write_text(json.dumps(data))
    seat_tokens.keep_token("h:1", "AAAA-1111", 2, "new", game="arenas")
    entry = json.loads(seat_tokens.tokens_path().read_text())["rooms"]["h:1/AAAA-1111"]
    assert entry["colour"] == "teal" and entry["game"] == "arenas" and entry["token"] == "new"
