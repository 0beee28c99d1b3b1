"""Two apps play online through the real room server (in this process, on 127.0.0.1): one hosts from the
lobby, the other joins by its code; both play the game to the end on their own screens (an Arzium game; an
Arenas run with the team-mate elsewhere, under -m slow), see the same end, keep the server's replay and count
the game as online."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

from arenas.bots.teammate import hint as teammate_hint
from arenas.records import Records as ArenasRecords
from arenas.room import setup_json
from arenas.rules.levels import load_levels
from arenas.scenes.online import OnlinePlayScene as ArenasTable
from arenas.scenes.result import ResultScene as ArenasResult
from arenas.session import GameSetup
from arzium.bots import make_bot
from arzium.records import ONLINE, Records
from arzium.rules.board import DEFAULT_EDGES
from arzium.rules.engine import is_over
from arzium.rules.state import SeatSetup, Setup
from arzium.scenes.online import OnlinePlayScene
from arzium.scenes.result import ResultScene
from common.data.paths import replays_dir
from common.engine.app import App
from common.engine.scene import Scene
from common.online.room import Where
from common.replays.replay import read_replay
from common.scenes.lobby import RUNNING, LobbyScene, start_server, stop_server
from helpers import Quiet, close_app, make_app, stop_online
from helpers import step_apps_until as until

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


@pytest.mark.parametrize("server_dies", [False, pytest.param(True, marks=pytest.mark.slow)],
                         ids=["steady", "server-restarted"])
def test_a_host_and_a_friend_play_an_arzium_game_to_the_end_through_the_server(server_dies: bool) -> None:
    """`server-restarted`: a few moves in, the host's room server stops (as when the host's app is closed): the
    friend's table shows the lost connection; the server starts again from its store (the host's app back),
    both apps reconnect by themselves, take their seats back with their tokens and play on to the end."""
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
        last: list[OnlinePlayScene] = []
        banners: list[str] = []
        quiet = Quiet()
        while not all(isinstance(a.stack.top, ResultScene) for a in apps):
            last = [a.stack.top if isinstance(a.stack.top, OnlinePlayScene) else last[i] for i, a in enumerate(apps)]
            for seed, t in enumerate(last, start=1):
                t.ask_bid = lambda table: None  # bids are made as any other move
                if t.app.stack.top is t:
                    assert not t.online.desynced and not t.session.problem, t.session.problem
                    play_for(t, seed)
            if server_dies and not banners and last[0].online.number >= 6:
                stop_server(RUNNING[port])
                friend = last[1].session
                until(apps, lambda friend=friend: bool(friend.banner))
                banners.append(friend.banner)
                assert start_server(Where("127.0.0.1", port, embedded=True))[1] == ""
            step(apps)
            assert not quiet.wait(), "the game stopped"
        if server_dies:
            assert banners[0].startswith("The host left: the game is saved on their side"), banners
        finals = [t.table.state for t in last]
        assert all(is_over(s) for s in finals)
        assert finals[0].to_dict() == finals[1].to_dict()  # the same game on both screens
        replays = sorted(replays_dir().glob("arzium-online-*.json"))
        assert len(replays) == 2  # one per player (one home folder in this test)
        kept = read_replay(replays[0], "arzium")
        assert kept.meta["online"] is True and len(kept.actions) == last[0].online.number
        records = Records.load()
        assert sum(r.played for (kind, _n), r in records.tables.items() if kind == ONLINE) == 2
    finally:
        stop_online(apps)
        close_app(host)


@pytest.mark.slow
def test_an_arenas_run_with_a_team_mate_elsewhere_ends_the_same_on_both_screens() -> None:
    """Real time through the server: each person plays the team-mate bot's card on their turn (at most one card
    every 0.4 s); the run ends the same for both, and both keep the server's replay and count it online. The apps
    step by the time that passed, as their own frame clock does, waiting between frames for the links' news: the
    end's wait for the server's result is as long as a player's."""
    level = load_levels()[2]  # "Two at the Table": a team of two
    host, guest = instant(make_app()), instant(make_app())
    apps = [host, guest]
    lobby = LobbyScene(host, "arenas", Where("127.0.0.1", 0, embedded=True), "Ana",
                       create=setup_json(GameSetup(level, ("Ana", "Bruno"))))
    host.push(lobby)
    try:
        until(apps, lambda: lobby.session.room is not None)
        room = lobby.session.room
        assert room is not None
        guest.push(LobbyScene(guest, "", Where("localhost", lobby.where.port), "Bruno", join=room.code))
        joined = guest.stack.top
        assert isinstance(joined, LobbyScene)
        until(apps, lambda: joined.session.seat == 1)
        joined.toggle_ready()
        until(apps, lambda: lobby.start_btn.enabled)
        lobby.start_btn.activate(host)
        until(apps, lambda: all(isinstance(a.stack.top, ArenasTable) for a in apps))
        tables = [a.stack.top for a in apps]
        played = [0.0, 0.0]
        quiet, last = Quiet(), time.monotonic()
        while not all(isinstance(a.stack.top, ArenasResult) for a in apps):
            for i, t in enumerate(tables):
                assert isinstance(t, ArenasTable)
                run = t.remote
                if t.app.stack.top is t and run.phase.value == "running" and run.state.active == t.seat \
                        and not run.pending and time.monotonic() - played[i] > 0.4:
                    action = teammate_hint(run.state, run.setup.humans)
                    if action is not None:
                        run.play(action)
                        played[i] = time.monotonic()
            now = time.monotonic()
            for app in apps:
                app.step([], (now - last) * 1000, draw=False)
            last = now
            assert not quiet.wait(), "the run did not end: nothing came for 30 s, or no end after 300 s"
        finals = [t.remote.state for t in tables if isinstance(t, ArenasTable)]
        assert finals[0].result is not None and finals[0].result == finals[1].result
        assert finals[0].time_ms == finals[1].time_ms and len(finals[0].actions) == len(finals[1].actions)
        assert all(t.remote.desyncs == 0 for t in tables if isinstance(t, ArenasTable))
        told = [toast.message for app in apps for toast in app.toasts]
        assert len(sorted(replays_dir().glob("arenas-online-*.json"))) == 2, told
        assert sum(ArenasRecords.load().online()[:2]) == 2, told
    finally:
        stop_online(apps)
        close_app(host)
