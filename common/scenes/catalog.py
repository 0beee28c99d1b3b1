"""Registers the shell's scenes with the tool catalog."""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, cast

from common.data.i18n import N_, _
from common.net.messages import (
    ChatLine,
    ClientMessage,
    ClockBank,
    ClockSetting,
    ClockTimes,
    GameJson,
    Phase,
    Received,
    ServerFrame,
    TableLine,
    TableResult,
    TablesFrame,
)
from common.net.protocol import encode
from common.online.room import Where
from common.online.seat_tokens import KeptSeat
from common.online.session import error_line
from common.online.turn_watch import TurnWatch
from common.scenes.controls import ControlsScene
from common.scenes.gallery import GalleryScene
from common.scenes.lobby import LobbyScene, Served
from common.scenes.menu import MenuScene
from common.scenes.my_tables import MyTablesScene
from common.scenes.online import DEFAULT_PORT, OnlineScene
from common.scenes.replays import ReplaysScene
from common.scenes.rules import RulesScene
from common.scenes.settings import SettingsScene
from common.scenes.statistics import StatisticsScene
from common.tools.catalog import SceneSpec, register

if TYPE_CHECKING:
    from common.engine.app import App

LOBBY_SETUP: GameJson = {
    "seats": [{"name": "Ana", "colour": "red", "edge": "south", "kind": "human", "bot_level": "normal"},
              {"name": "Bruno", "colour": "blue", "edge": "north", "kind": "human", "bot_level": "normal"},
              {"name": "Carla", "colour": "green", "edge": "west", "kind": "human", "bot_level": "normal"},
              {"name": "Otto", "colour": "yellow", "edge": "east", "kind": "bot", "bot_level": "normal"}],
    "full_game": True, "first_player": 0}
"""An Arzium setup the lobby scenes tell (in the setup's own format: its game gives the words)."""

register(SceneSpec("menu", N_("Main menu"), MenuScene))


def _menu_game_on(app: App) -> MenuScene:
    """The main menu while this player has a seat in an online game: Back to your game, with its code."""
    from common.online.seat_tokens import KeptSeat
    menu = MenuScene(app)
    menu.looked = True  # the seat is given here, not looked for in the user's file
    menu.game_on = KeptSeat("192.168.1.20:8765", "K7QM-3XPA", 1, "", False, "arzium")
    menu._build()
    return menu


register(SceneSpec("menu-game-on", N_("Main menu: Back to your game, while an online game goes on"), _menu_game_on))
register(SceneSpec("settings", N_("Settings"), SettingsScene))
register(SceneSpec("controls", N_("Controls: the keys of both games"), ControlsScene))
register(SceneSpec("rules-arenas", N_("Rules of Arenas Movedizas"), lambda app: RulesScene(app, "arenas")))
register(SceneSpec("rules-arzium", N_("Rules of Arzium"), lambda app: RulesScene(app, "arzium")))
register(SceneSpec("gallery", N_("Sprite gallery"), GalleryScene))
register(SceneSpec("replays", N_("Replays: the saved replays of both games (the user's replays folder)"), ReplaysScene))
register(SceneSpec("statistics", N_("Statistics: both games' records"), StatisticsScene))


SeatRow = tuple[str, Literal["person", "bot"], Literal["open", "here", "away", "bot"], bool]
"""A seat of a scripted room: its name, kind, status and whether it is ready."""


class ScriptedLink:
    """A connection that answers as a server would, for showing the online screens without one: a `room` frame
    (`seats`: name, kind, status, ready) after the welcome, or an `error` frame when `error` is given (no seat
    token: nothing is kept in the user's folder)."""

    status = "open"
    rtt_ms = 12.0

    def __init__(self, seats: list[SeatRow], you: int | None, creator: bool, game: str = "arzium",
                 error: str = "", phase: Phase = "lobby", clock: ClockSetting | None = None,
                 chat: bool = False, setup: Mapping[str, object] | None = None, want: tuple[int, ...] = (),
                 watching: tuple[str, ...] = ()) -> None:
        self.frames: list[ServerFrame] = [{"kind": "welcome", "version": 1, "server_ms": 0}]
        if error:
            self.frames.append({"kind": "error", "code": error, "message": ""})
            return
        self.frames.append({"kind": "room", "code": "K7QM-3XPA", "game": game, "phase": phase,
                            "you": {"seat": you, "creator": creator}, "spectators": True,
                            "watchers": max(1, len(watching)), "watching": list(watching),
                            "setup": dict(setup) if setup else {},
                            "grace_s": 60, "clock": clock or {"mode": "off"}, "turn_clock_s": 0, "assists": False,
                            "watcher_chat": True, "games": 1, "pace": "live",
                            "again": {"want": list(want), "next": False, "can_next": game == "arenas"}
                            if phase == "over" else None,
                            "seats": [{"name": n, "kind": k, "status": s, "ready": r, "level": "normal",
                                       "grace_ms": 41_000 if s == "away" else None, "conceded": False}
                                      for n, k, s, r in seats]})
        if chat:
            self.frames.insert(1, {"kind": "joined", "code": "K7QM-3XPA", "token": "", "seat": None, "game": game,
                                   "creator": creator, "member": 2})  # no seat here: no token is kept
            self.frames += CHAT_LINES

    def send(self, msg: ClientMessage) -> None:
        """Nothing is sent anywhere."""

    def poll(self) -> list[Received]:
        frames, self.frames = self.frames, []
        return cast(list[Received], frames)  # as a client receives them: JSON objects

    def server_now_ms(self) -> float:
        return 0.0

    def close(self) -> None:
        self.status = "closed"


def _store_trouble(app: App) -> LobbyScene:
    """Hosting here when the file of the hosted rooms cannot be used: its line and Host with a new folder."""
    problem = _("The file of the games you host, {path}, cannot be used ({problem}): host with a new folder, or "
                "move that file away and host again").format(path="/home/ana/.local/share/arenas-arzium/hosted/"
                                                             "rooms.sqlite3", problem="file is not a database")
    return LobbyScene(app, "arzium", Where("127.0.0.1", DEFAULT_PORT, embedded=True), "Ana", create={},
                      connect=lambda url, token: ScriptedLink([], 0, True),
                      serve=lambda where: Served(None, problem, 0, True))


CHAT_LINES: list[ChatLine] = [
    {"kind": "chat", "n": 1, "member": 1, "seat": 0, "name": "Ana", "text": "¡Hola! Empezamos en un minuto"},
    {"kind": "chat", "n": 2, "member": 2, "seat": 1, "name": "Bruno", "phrase": "thanks"},
    {"kind": "chat", "n": 3, "member": 3, "seat": None, "name": "Carla", "text": "I'll watch this one, good luck "
                                                                                 "to you both!"},
    {"kind": "chat", "n": 4, "member": 1, "seat": 0, "name": "Ana", "phrase": "wait"},
]
"""A chat as a room's server tells it: free text in two languages, quick phrases as ids."""


def _lobby(app: App, you: int | None, creator: bool, error: str = "", chat: bool = False) -> LobbyScene:
    seats: list[SeatRow] = [("Ana", "person", "here", True), ("Bruno", "person", "here", False),
                            ("", "person", "open", False), ("Otto", "bot", "bot", False)] if not error else []
    clock: ClockBank = {"mode": "bank", "bank_s": 300, "increment_s": 20, "out": "ask"}
    link = ScriptedLink(seats, you, creator, error=error, clock=clock, chat=chat, setup=LOBBY_SETUP,
                        watching=("Wen",))
    where = Where("127.0.0.1", DEFAULT_PORT, embedded=creator)
    scene = LobbyScene(app, "arzium", where, "Ana", join="K7QM3XPA", watch=you is None,
                       connect=lambda url, token: link, serve=lambda where: Served(None, "", where.port))
    if chat:
        scene.session.chat.set_open(True)
        scene.chat.line.type("See you at the table")
    return scene


def _online_failed(app: App) -> OnlineScene:
    """Play online after a join that found no room: the screen again, with its one line."""
    scene = OnlineScene(app, host_game=lambda app, game, where: None, join=lambda app, where, code, watch: None)
    scene.failed(error_line({"kind": "error", "code": "no_room"}, f"192.168.1.20:{DEFAULT_PORT}"))
    return scene


register(SceneSpec("online", N_("Play online: join by address and code, or host a game"),
                   lambda app: OnlineScene(app, host_game=lambda app, game, where: None,
                                           join=lambda app, where, code, watch: None)))
register(SceneSpec("lobby-host", N_("Online lobby: the host's invite and seats"),
                   lambda app: _lobby(app, 0, True)))
register(SceneSpec("lobby-join", N_("Online lobby: a friend who joined by code"), lambda app: _lobby(app, 1, False)))
register(SceneSpec("lobby-watch", N_("Online lobby: watching, an open seat to take"),
                   lambda app: _lobby(app, None, False)))
register(SceneSpec("online-failed", N_("Play online after a join that found no room: its one line"), _online_failed))
register(SceneSpec("lobby-chat", N_("Online lobby: the chat open, free text and quick phrases"),
                   lambda app: _lobby(app, 1, False, chat=True)))


def _lobby_after_game(app: App) -> LobbyScene:
    """A newcomer in a room whose game is over, sitting in the seat left open: Play again, who it waits for."""
    link = ScriptedLink([("Ana", "person", "here", False), ("Dee", "person", "here", False),
                         ("", "person", "open", False), ("Otto", "bot", "bot", False)], 1, False, phase="over",
                        setup=LOBBY_SETUP, want=(0,))
    return LobbyScene(app, "arzium", Where("127.0.0.1", DEFAULT_PORT), "Dee", join="K7QM3XPA",
                      connect=lambda url, token: link, serve=lambda where: Served(None, "", where.port))


register(SceneSpec("lobby-again", N_("Online lobby: a newcomer after a game, Play again in the same room"),
                   _lobby_after_game))
register(SceneSpec("lobby-store", N_("Online lobby: the hosted games' file cannot be used"), _store_trouble))


SAMPLE_SERVER, DOWN_SERVER = "play.example.org:8765", "wss://friends.example.net"
SAMPLE_KEPT = [KeptSeat(SAMPLE_SERVER, code, seat, f"token-{code}", False, "arzium", "", "turn")
               for code, seat in (("AAAA-1111", 1), ("BBBB-2222", 0), ("CCCC-3333", 0), ("DDDD-4444", 1))] + \
    [KeptSeat(DOWN_SERVER, "EEEE-5555", 0, "token-e", False, "arzium", "", "turn")]
DAY_MS = 86_400_000


def sample_tables(server: str, tokens: list[str]) -> Received:
    """A server's answer to `tables` for the sample seats, as a client receives it: two tables waiting on this
    player, one on a friend, one finished (a friend ran out of time); the other server does not answer."""
    if server != SAMPLE_SERVER:
        raise OSError("no answer")
    now = 10 * DAY_MS

    def table(i: int, names: list[str], turn: int | None, left: int, last: tuple[int, int] | None,
              phase: Phase = "playing", result: TableResult | None = None) -> TableLine:
        times: ClockTimes = {"left_ms": [left] * len(names), "running": turn, "server_ms": now, "from_ms": now,
                             "out": []}
        return {"i": i, "code": SAMPLE_KEPT[i].code, "game": "arzium", "phase": phase, "pace": "turn",
                "seat": SAMPLE_KEPT[i].seat, "seats": [{"name": n, "kind": "person", "here": False} for n in names],
                "clock": {"mode": "turn", "turn_s": 2 * DAY_MS // 1000, "out": "end"}, "games": 1,
                "turn": turn, "moves": 12, "last": last, "mine": 10, "result": result,
                "time": times if turn is not None else None}
    frame: TablesFrame = {"kind": "tables", "unknown": [], "server_ms": now, "tables": [
        table(0, ["Bruno", "Ana"], 1, DAY_MS + 5 * 3_600_000, (0, now - 3 * 3_600_000)),
        table(1, ["Ana", "Carla", "Otto"], 0, 2 * DAY_MS, (2, now - 26 * 3_600_000)),
        table(2, ["Ana", "Bruno"], 1, 18 * 3_600_000, (0, now - 40 * 60_000)),
        table(3, ["Carla", "Ana"], None, 0, (1, now - DAY_MS), "over",
              {"winners": [1], "scores": [27, 31], "ran_out": [0]})]}
    answer: Received = json.loads(encode(frame))
    return answer


def _my_tables(app: App) -> MyTablesScene:
    watch = TurnWatch(sample_tables, clock=lambda: 1000.0)
    watch.check(SAMPLE_KEPT, wait=True)
    return MyTablesScene(app, lambda app, kept: None, watch, lambda: (SAMPLE_KEPT, ""), lambda server, token: None)


register(SceneSpec("my-tables", N_("My tables: every online table with a seat, whose turn, results"), _my_tables))
