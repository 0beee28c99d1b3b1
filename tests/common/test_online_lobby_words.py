"""What the lobby's line tells the room's creator: share the code while a seat is open, then who has yet to press
Ready, then Start."""
from __future__ import annotations

from common.engine.app import App
from common.online.room import Where
from common.scenes.catalog import ScriptedLink
from common.scenes.lobby import LobbyScene
from helpers import run


def line(app: App, seats: list[tuple[str, str, str, bool]]) -> str:
    link = ScriptedLink(seats, 0, True)
    scene = LobbyScene(app, "arzium", Where("127.0.0.1", 9), "Ana", join="K7QM3XPA",
                       connect=lambda url, token: link)
    app.stack.clear_to(scene)
    run(app, 2)
    return scene._waiting_line(scene.session.room)


def test_the_creator_is_told_who_has_yet_to_press_ready(app: App) -> None:
    ana = ("Ana", "person", "here", False)
    assert line(app, [ana, ("", "person", "open", False)]) == "Waiting for players: share the room code"
    assert line(app, [ana, ("Bruno", "person", "here", False), ("Carla", "person", "here", True),
                      ("Dani", "person", "here", False)]) == "Waiting for Bruno, Dani to press Ready"
    assert line(app, [ana, ("Bruno", "person", "here", True), ("Otto", "bot", "bot", False)]) == \
        "Everyone is ready: press Start"
