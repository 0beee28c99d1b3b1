"""Two apps play online through the real room server (in this process, on 127.0.0.1): one hosts an Arzium
game from the lobby, the other joins by its code; both play it to the end on their own tables, see the same
final state, keep the server's replay and count the game as online."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from arzium.bots import make_bot
from arzium.records import ONLINE, Records
from arzium.rules import DEFAULT_EDGES, SeatSetup, Setup, is_over
from arzium.scenes.online import OnlinePlayScene
from arzium.scenes.result import ResultScene
from common.app import App
from common.online_room import Where
from common.paths import replays_dir
from common.replay import read_replay
from common.scene import Scene
from common.scenes.lobby import LobbyScene
from helpers import close_app, make_app

FRAME = 16.0


def instant(app: App) -> App:
    app.settings = replace(app.settings, animation_speed=0.0)
    app.stack.clear_to(Scene(app))
    return app


def two_people() -> dict[str, Any]:
    seats = (SeatSetup("Host", "red", DEFAULT_EDGES[2][0]), SeatSetup("Guest", "blue", DEFAULT_EDGES[2][1]))
    return Setup(seats, full_game=False).to_dict()


def step(apps: list[App]) -> None:
    for app in apps:
        app.step([], FRAME, draw=False)


def until(apps: list[App], done: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        step(apps)
        time.sleep(0.002)


def play_for(scene: OnlinePlayScene, seed: int) -> None:
    """This app's person plays like an easy bot: their move when it is their turn, then Confirm."""
    table = scene.table
    if table.awaiting_confirm:
        scene.confirm()
        return
    seat = table.acting_human()
    if seat is None:
        return
    action = make_bot("easy", seed + len(table.actions) * 7 + len(table.pending)).decide(table.view_state(), seat)
    assert scene.act(action), f"the rules refused {action}"


def test_a_host_and_a_friend_play_an_arzium_game_to_the_end_through_the_server() -> None:
    host, guest = instant(make_app()), instant(make_app())
    apps = [host, guest]
    lobby = LobbyScene(host, "arzium", Where("127.0.0.1", 0, embedded=True), "Host", create=two_people())
    host.push(lobby)
    try:
        until(apps, lambda: lobby.session.room is not None)
        room = lobby.session.room
        assert room is not None and [s.kind for s in room.seats] == ["person", "open"]
        port = lobby.where.port
        guest.push(LobbyScene(guest, "", Where("localhost", port), "Guest", join=room.code.lower()))
        joined = guest.stack.top
        assert isinstance(joined, LobbyScene)
        until(apps, lambda: joined.session.seat == 1 and lobby.session.room is not None
              and lobby.session.room.seats[1].kind == "person")
        joined.toggle_ready()
        until(apps, lambda: lobby.start_btn.enabled)
        lobby.start_btn.activate(host)
        until(apps, lambda: all(isinstance(a.stack.top, OnlinePlayScene) for a in apps))
        tables = [a.stack.top for a in apps]
        for t in tables:
            assert isinstance(t, OnlinePlayScene)
            t.ask_bid = lambda scene, player: None  # bids are made below, as any other move
        end = time.monotonic() + 45
        while not all(isinstance(a.stack.top, ResultScene) for a in apps):
            assert time.monotonic() < end, "the game did not end"
            for t, seed in zip(tables, (1, 2)):
                assert isinstance(t, OnlinePlayScene)
                if t.app.stack.top is t:
                    assert not t.online.desynced and not t.session.problem, t.session.problem
                    play_for(t, seed)
            step(apps)
            time.sleep(0.001)
        finals = [t.table.state for t in tables if isinstance(t, OnlinePlayScene)]
        assert all(is_over(s) for s in finals)
        assert finals[0].to_dict() == finals[1].to_dict()  # the same game on both screens
        replays = sorted(replays_dir().glob("arzium-online-*.json"))
        assert len(replays) == 2  # one per player (one home folder in this test)
        kept = read_replay(replays[0], "arzium")
        assert kept.meta["online"] is True and len(kept.actions) == len(tables[0].table.actions)
        records = Records.load()
        assert sum(r.played for (kind, _n), r in records.tables.items() if kind == ONLINE) == 2
    finally:
        for app in apps:
            for scene in list(app.stack.scenes):
                hosted = getattr(scene, "hosted", None)
                if hosted is not None:
                    hosted.stop()
                session = getattr(scene, "session", None)
                if session is not None and session.link is not None:
                    session.link.close()
        close_app(host)
