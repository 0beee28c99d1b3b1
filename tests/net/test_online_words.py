"""What a room's table says about seats and moments that differ from one table: a team-mate or opponent on
another screen is choosing (not a bot thinking), a room's countdown cannot be cut short, and leaving keeps the
seat for its bot. Two apps in a room through the real server (in this process, on 127.0.0.1)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from arenas.match import COUNTDOWN_MS
from arenas.online_match import Link
from arenas.room import setup_json
from arenas.rules.levels import load_levels
from arenas.scenes.online import OnlinePlayScene as ArenasTable
from arenas.scenes.play import LeaveDialog
from arenas.session import GameSetup
from arzium.bots import make_bot
from arzium.rules.board import DEFAULT_EDGES
from arzium.rules.engine import current_player
from arzium.rules.state import SeatSetup, Setup
from arzium.scenes.online import OnlinePlayScene as ArziumTable
from common.engine.app import App
from common.engine.scene import Scene
from common.net.messages import ClientMessage
from common.net.server_time import SYSTEM_CLOCK
from common.online.room import Where
from common.scenes.lobby import RUNNING, LobbyScene
from helpers import close_app, make_app, stop_online
from helpers import step_apps_until as step_until


class Ahead:
    """A table's link whose view of the server's clock is `ahead_ms` on: what waits for the room's time comes at
    once (what the tables say needs nothing of the server meanwhile)."""

    def __init__(self, link: Link, ahead_ms: int) -> None:
        self.link = link
        self.ahead_ms = ahead_ms

    def send(self, msg: ClientMessage) -> None:
        self.link.send(msg)

    def server_now_ms(self) -> int:
        return round(self.link.server_now_ms()) + self.ahead_ms


@pytest.fixture()
def room_of_two() -> Iterator[Callable[..., list[App]]]:
    """Two apps seated in a started room of `game` (the first hosts it), on their tables; `assists`: the host
    allows hints at the table (two people: off unless the host allows them)."""
    apps: list[App] = []

    def open_room(game: str, setup: dict[str, Any], assists: bool = False) -> list[App]:
        for _ in range(2):
            app = make_app()
            app.settings = replace(app.settings, animation_speed=0.0)
            app.stack.clear_to(Scene(app))
            apps.append(app)
        host, guest = apps
        lobby = LobbyScene(host, game, Where("127.0.0.1", 0, embedded=True), "Host", create=setup)
        host.push(lobby)
        step_until(apps, lambda: lobby.session.room is not None)
        assert lobby.session.room is not None
        guest.push(LobbyScene(guest, "", Where("localhost", lobby.where.port), "Guest",
                              join=lobby.session.room.code))
        joined = guest.stack.top
        assert isinstance(joined, LobbyScene)
        step_until(apps, lambda: joined.session.seat == 1)
        if assists:
            lobby.toggle_assists()
            step_until(apps, lambda: joined.session.room is not None and joined.session.room.assists)
        joined.toggle_ready()
        step_until(apps, lambda: lobby.start_btn.enabled)
        lobby.start_btn.activate(host)
        step_until(apps, lambda: all(not isinstance(a.stack.top, LobbyScene) for a in apps))
        return apps

    yield open_room
    stop_online(apps)
    if apps:
        close_app(apps[0])


def test_arzium_says_a_person_elsewhere_is_choosing_not_thinking(room_of_two: Any) -> None:
    seats = (SeatSetup("Host", "red", DEFAULT_EDGES[2][0]), SeatSetup("Guest", "blue", DEFAULT_EDGES[2][1]))
    apps = room_of_two("arzium", Setup(seats, full_game=False).to_dict())
    tables = [a.stack.top for a in apps]
    assert all(isinstance(t, ArziumTable) for t in tables)
    state = tables[0].table.state
    acting = current_player(state)
    assert acting is not None
    waiting = tables[1 - acting]
    assert waiting.table.elsewhere(acting) and not waiting.table.elsewhere(1 - acting)
    head, line = waiting.sidebar.instructions()
    name = ("Host", "Guest")[acting]
    assert head == f"{name}'s turn" and line == f"{name} is choosing…", (head, line)


def test_arenas_words_a_room_countdown_a_team_mate_elsewhere_and_leaving(room_of_two: Any) -> None:
    level = load_levels()[2]  # a team of two
    apps = room_of_two("arenas", setup_json(GameSetup(level, ("Host", "Guest"))), assists=True)
    tables = [a.stack.top for a in apps]
    assert all(isinstance(t, ArenasTable) for t in tables)
    said: list[str] = []
    for t in tables:
        t.say = lambda message, pos=None, danger=False: said.append(message)
    first = tables[0].remote.state.active
    waiting = tables[1 - first]
    assert waiting.run.phase.value == "countdown" and not waiting.run.countdown_skippable
    waiting.play_card(0)
    assert said == ["Get ready: the sand starts for everyone after the countdown"]
    for t in tables:  # the countdown over on the tables' clocks, without waiting for it
        t.run.link = Ahead(t.run.link, COUNTDOWN_MS)
    step_until(apps, lambda: all(t.run.phase.value == "running" for t in tables))
    assert waiting.run.elsewhere(first) and not waiting.run.elsewhere(1 - first)
    waiting.play_card(0)
    name = ("Host", "Guest")[first]
    assert said[-1] == f"{name} is choosing a card…"
    assert waiting.hint_blocker() == f"{name}'s turn: hints are for your own turn"
    waiting.ask_leave()
    dialog = waiting.app.stack.top
    assert isinstance(dialog, LeaveDialog)
    assert dialog.message == "The team plays on: a bot plays your seat until you come back."


def test_arzium_keeps_its_move_log_when_the_game_is_taken_again_after_a_rejoin(room_of_two: Any) -> None:
    seats = (SeatSetup("Host", "red", DEFAULT_EDGES[2][0]), SeatSetup("Guest", "blue", DEFAULT_EDGES[2][1]))
    apps = room_of_two("arzium", Setup(seats, full_game=False).to_dict())
    tables = [a.stack.top for a in apps]
    for t in tables:
        t.ask_bid = lambda table: None
    guest = apps[1].stack.top
    assert isinstance(guest, ArziumTable)
    # four moves made, and the guest between turns (an action of a turn in progress is not told again)
    step_until(apps, lambda: play_a_move(tables) >= 4 and not guest.table.pending and not guest.table.awaiting_confirm)
    step_until(apps, lambda: not guest.log.waiting)
    told = list(guest.log.lines)
    assert len(told) > 4
    port = next(iter(RUNNING))
    code = guest.session.code
    frame = RUNNING[port].call(lambda s: s.rooms[code].match.snapshot(1, SYSTEM_CLOCK.now_ms()))  # type: ignore[attr-defined]
    frame["seq"] += 2  # as if two moves were made while this app was away
    guest.session.game_messages.append({"kind": "game", **frame})
    step_until(apps, lambda: apps[1].stack.top is not guest)
    told = list(guest.log.lines)  # the lines it had shown when the game came again (the host may have moved on)
    again = apps[1].stack.top
    missed = frame["seq"] - guest.online.number  # the two made up, and any the old table had not taken yet
    assert isinstance(again, ArziumTable) and again.online.number == frame["seq"] and missed >= 2
    assert again.log.lines[:len(told)] == told
    assert again.log.lines[len(told)].text == f"… {missed} moves while you were away"


def test_arzium_retells_its_move_log_to_an_app_started_again_and_marks_the_moves_missed(room_of_two: Any) -> None:
    """The guest's app is closed mid-game (its connection dropped, no leave) and a new app takes the seat back with
    the kept token: its log tells every move as the old table had told it (the moves since this seat's last one
    marked); a rejoin in the same app marks the moves made while it was away and tells them too."""
    seats = (SeatSetup("Host", "red", DEFAULT_EDGES[2][0]), SeatSetup("Guest", "blue", DEFAULT_EDGES[2][1]))
    apps = room_of_two("arzium", Setup(seats, full_game=False).to_dict())
    tables = [a.stack.top for a in apps]
    for t in tables:
        t.ask_bid = lambda table: None
    guest = tables[1]
    assert isinstance(guest, ArziumTable)
    step_until(apps, lambda: play_a_move(tables) >= 6 and not guest.table.pending and not guest.table.awaiting_confirm
               and guest.online.number == tables[0].online.number)
    step_until(apps, lambda: not guest.log.waiting)
    told = [line.text for line in guest.log.lines]
    assert len(told) >= 2 + 6  # the opening lines, then a line or more a move
    assert guest.session.link is not None
    guest.session.link.close()  # the app killed: no leave
    again = make_app()
    apps.append(again)  # the fixture closes its connection too
    again.settings = replace(again.settings, animation_speed=0.0)
    again.stack.clear_to(Scene(again))
    lobby = LobbyScene(again, "", Where("localhost", next(iter(RUNNING))), "Guest", join=guest.session.code)
    again.push(lobby)
    step_until([apps[0], again], lambda: isinstance(again.stack.top, ArziumTable))
    back = again.stack.top
    assert isinstance(back, ArziumTable) and back.retold and back.online.number >= guest.online.number
    step_until([again], lambda: not back.log.waiting)
    since = [line for line in back.log.lines if "since your last one" in line.text]
    assert all(line.header for line in since) and len(since) <= 1
    told_again = [line.text for line in back.log.lines if line not in since]
    assert told_again[:len(told)] == told  # (the host may have moved since)
    told = told_again
    code = back.session.code
    server = RUNNING[next(iter(RUNNING))]
    frame = server.call(lambda s: s.rooms[code].match.snapshot(1, SYSTEM_CLOCK.now_ms()))  # type: ignore[attr-defined]
    seen = frame["seq"] - 3  # as if the last three moves were made while this table was away
    third = ArziumTable(again, back.session, None, {"kind": "game", **frame}, seen)
    texts = [line.text for line in third.log.lines]
    mark = texts.index("3 moves while you were away:")
    assert texts[:mark] == told[:mark] and texts[mark + 1:] == told[mark:]


def play_a_move(tables: list[Any]) -> int:
    """Each table's person makes an easy bot's move when it is theirs; the moves committed so far."""
    for seed, t in enumerate(tables, start=1):
        if t.app.stack.top is not t:
            continue
        if t.table.awaiting_confirm:
            t.confirm()
            continue
        seat = t.table.acting_human()
        if seat is not None:
            action = make_bot("easy", seed + len(t.table.actions) * 7 + len(t.table.pending)).decide(
                t.table.view_state(), seat)
            assert t.act(action)
    return min(t.online.number for t in tables)
