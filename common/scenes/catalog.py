"""Registers the shell's scenes with the tool catalog."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.catalog import SceneSpec, register
from common.i18n import N_
from common.online_room import Where
from common.scenes.controls import ControlsScene
from common.scenes.gallery import GalleryScene
from common.scenes.lobby import LobbyScene
from common.scenes.menu import MenuScene
from common.scenes.online import DEFAULT_PORT, OnlineScene
from common.scenes.replays import ReplaysScene
from common.scenes.rules import RulesScene
from common.scenes.settings import SettingsScene
from common.scenes.statistics import StatisticsScene

if TYPE_CHECKING:
    from common.app import App

LOBBY_SETUP = {"seats": [{"name": "Ana", "colour": "red", "edge": "south", "kind": "human", "bot_level": "normal"},
                         {"name": "Bruno", "colour": "blue", "edge": "north", "kind": "human", "bot_level": "normal"},
                         {"name": "Carla", "colour": "green", "edge": "west", "kind": "human", "bot_level": "normal"},
                         {"name": "Otto", "colour": "yellow", "edge": "east", "kind": "bot", "bot_level": "normal"}],
               "full_game": True, "first_player": 0}
"""An Arzium setup the lobby scenes tell (in the setup's own format: its game gives the words)."""

register(SceneSpec("menu", N_("Main menu"), MenuScene))
register(SceneSpec("settings", N_("Settings"), SettingsScene))
register(SceneSpec("controls", N_("Controls: the keys of both games"), ControlsScene))
register(SceneSpec("rules-arenas", N_("Rules of Arenas Movedizas"), lambda app: RulesScene(app, "arenas")))
register(SceneSpec("rules-arzium", N_("Rules of Arzium"), lambda app: RulesScene(app, "arzium")))
register(SceneSpec("gallery", N_("Sprite gallery"), GalleryScene))
register(SceneSpec("replays", N_("Replays: the saved replays of both games (the user's replays folder)"), ReplaysScene))
register(SceneSpec("statistics", N_("Statistics: both games' records"), StatisticsScene))


class ScriptedLink:
    """A connection that answers as a server would, for showing the online screens without one: a `room` frame
    (`seats`: name, kind, status, ready) after the welcome, or an `error` frame when `error` is given (no seat
    token: nothing is kept in the user's folder)."""

    status = "open"
    rtt_ms = 12.0

    def __init__(self, seats: list[tuple[str, str, str, bool]], you: int | None, creator: bool, game: str = "arzium",
                 error: str = "", phase: str = "lobby", turn_clock_s: int = 0, setup: dict[str, Any] | None = None,
                 want: tuple[int, ...] = (), watching: tuple[str, ...] = ()) -> None:
        self.frames: list[dict[str, Any]] = [{"kind": "welcome", "version": 1, "server_ms": 0}]
        if error:
            self.frames.append({"kind": "error", "code": error, "message": ""})
            return
        self.frames.append({"kind": "room", "code": "K7QM-3XPA", "game": game, "phase": phase,
                            "you": {"seat": you, "creator": creator}, "spectators": True,
                            "watchers": max(1, len(watching)), "watching": list(watching), "setup": setup or {},
                            "grace_s": 60, "turn_clock_s": turn_clock_s, "games": 1,
                            "again": {"want": list(want), "next": False, "can_next": game == "arenas"}
                            if phase == "over" else None,
                            "seats": [{"name": n, "kind": k, "status": s, "ready": r, "level": "normal",
                                       "grace_ms": 41_000 if s == "away" else None} for n, k, s, r in seats]})

    def send(self, msg: dict[str, Any]) -> None:
        """Nothing is sent anywhere."""

    def poll(self) -> list[dict[str, Any]]:
        frames, self.frames = self.frames, []
        return frames

    def server_now_ms(self) -> float:
        return 0.0

    def close(self) -> None:
        self.status = "closed"


def _lobby(app: App, you: int | None, creator: bool, error: str = "") -> LobbyScene:
    seats = [("Ana", "person", "here", True), ("Bruno", "person", "here", False), ("", "person", "open", False),
             ("Otto", "bot", "bot", False)] if not error else []
    link = ScriptedLink(seats, you, creator, error=error, setup=LOBBY_SETUP, watching=("Wen",))
    where = Where("127.0.0.1", DEFAULT_PORT, embedded=creator)
    scene = LobbyScene(app, "arzium", where, "Ana", join="K7QM3XPA", watch=you is None,
                       connect=lambda url, token: link, serve=lambda where: (None, "", where.port))
    return scene


register(SceneSpec("online", N_("Play online: join by address and code, or host a game"),
                   lambda app: OnlineScene(app, host_game=lambda app, game, where: None,
                                           join=lambda app, where, code, watch: None)))
register(SceneSpec("lobby-host", N_("Online lobby: the host's invite and seats"),
                   lambda app: _lobby(app, 0, True)))
register(SceneSpec("lobby-join", N_("Online lobby: a friend who joined by code"), lambda app: _lobby(app, 1, False)))
register(SceneSpec("lobby-watch", N_("Online lobby: watching, an open seat to take"),
                   lambda app: _lobby(app, None, False)))
register(SceneSpec("lobby-failed", N_("Online lobby: a wrong room code, in one line"),
                   lambda app: _lobby(app, None, False, error="no_room")))


def _lobby_after_game(app: App) -> LobbyScene:
    """A newcomer in a room whose game is over, sitting in the seat left open: Play again, who it waits for."""
    link = ScriptedLink([("Ana", "person", "here", False), ("Dee", "person", "here", False),
                         ("", "person", "open", False), ("Otto", "bot", "bot", False)], 1, False, phase="over",
                        setup=LOBBY_SETUP, want=(0,))
    return LobbyScene(app, "arzium", Where("127.0.0.1", DEFAULT_PORT), "Dee", join="K7QM3XPA",
                      connect=lambda url, token: link, serve=lambda where: (None, "", where.port))


register(SceneSpec("lobby-again", N_("Online lobby: a newcomer after a game, Play again in the same room"),
                   _lobby_after_game))
