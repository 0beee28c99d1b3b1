"""The setup screens opened to host a room: their words speak of people in the room (not of this screen), and
the host's seat carries the online name the room uses."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from arenas.scenes import online as arenas_online
from arenas.scenes.flow import setup_scene as arenas_hot_seat
from arzium.scenes import online as arzium_online
from arzium.scenes.flow import setup_scene as arzium_hot_seat
from common.data.i18n import set_language
from common.engine.app import App
from common.ui.text_field import TextField

SCREEN_WORDS = ("this screen", "one screen", "esta pantalla", "una pantalla")


def _said(texts: list[str], words: tuple[str, ...]) -> bool:
    return any(w in t for t in texts for w in words)


@pytest.fixture(params=["en", "es"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def test_hosting_arenas_speaks_of_the_room_and_hot_seat_of_this_screen(app: App, language: str) -> None:
    hosted = arenas_online.setup_scene(app, lambda setup: None)
    local = arenas_hot_seat(app)
    for scene in (hosted, local):
        app.stack.clear_to(scene)
        app.step([], 1000 / 60)
    hosted_words = [hosted.count.tooltip or "", *_drawn_lines(hosted)]
    local_words = [local.count.tooltip or "", *_drawn_lines(local)]
    assert not _said(hosted_words, SCREEN_WORDS) and _said(local_words, SCREEN_WORDS)
    assert _said(hosted_words, ("room", "sala"))


def _drawn_lines(scene: Any) -> list[str]:
    """The words the setup draws beside the seats (the 'more players' line)."""
    keys = [part.key[0] for part in scene.frame_parts() or [] if isinstance(part.key, tuple)]
    lines = [str(k[1]) for k in keys if isinstance(k, tuple) and k[:1] == ("more",)]
    assert lines
    return lines


def test_hosting_arzium_speaks_of_the_room_on_every_seat_kind(app: App, language: str) -> None:
    hosted = arzium_online.setup_scene(app, lambda setup: None)
    local = arzium_hot_seat(app)
    hosted_tips = [row["kind"].tooltip or "" for row in hosted.rows]
    local_tips = [row["kind"].tooltip or "" for row in local.rows]
    assert not _said(hosted_tips, SCREEN_WORDS) and _said(local_tips, SCREEN_WORDS)
    assert all(("room" in t) or ("sala" in t) for t in hosted_tips)


def _name(scene: Any) -> str:
    field = scene.rows[0]["name"]
    assert isinstance(field, TextField)
    return field.value


def test_the_hosts_arzium_seat_shows_the_online_name_and_the_room_gets_it(app: App) -> None:
    app.settings.online_name = "Ana"
    sent: list[dict[str, Any]] = []
    scene = arzium_online.setup_scene(app, sent.append)
    app.stack.clear_to(scene)
    assert _name(scene) == "Ana" and not scene.rows[0]["name"].enabled
    assert scene.first_choice.options[1] == (0, "Ana")
    scene.toggle_kind(0)  # the host's seat stays a person's, under the online name
    scene.add_seat()
    assert scene.seats[0]["kind"] == "human" and _name(scene) == "Ana"
    assert "remove" not in scene.rows[0] and "remove" in scene.rows[1]
    scene.start()
    assert sent and sent[0]["seats"][0]["name"] == "Ana"


def test_the_hot_seat_arzium_setup_keeps_player_1_editable(app: App) -> None:
    app.settings.online_name = "Ana"
    scene = arzium_hot_seat(app)
    assert _name(scene) != "Ana" and scene.rows[0]["name"].enabled


def test_the_hosts_arenas_seat_shows_the_online_name_and_the_room_gets_it(app: App) -> None:
    app.settings.online_name = "Ana"
    sent: list[dict[str, Any]] = []
    scene = arenas_online.setup_scene(app, sent.append)
    app.stack.clear_to(scene)
    app.step([], 16)
    assert scene.choices.name(0) == "Ana" and not scene.names[0].enabled and not scene.kinds[0].enabled
    assert (0, "Ana") in scene.first.options
    scene.set_count(2)
    scene.start()
    assert sent and sent[0]["players"][0] == "Ana"
    hot_seat = arenas_hot_seat(app)  # the seats of the screen at home are not the room's
    assert hot_seat.choices.name(0) != "Ana" and hot_seat.names[0].enabled
