"""Play online without a server: the join/host screen's checks, the lobby's seats and buttons, every server
error as one translated line, the seat token kept per room and used to come back, the LAN addresses."""
from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import pygame
import pytest

from common.data.i18n import _, set_language
from common.engine.app import App
from common.engine.scene import Scene
from common.net import protocol
from common.online import seat_tokens
from common.online.lan import free_port_near, lan_addresses, port_free, split_address
from common.online.room import SeatView, Where, seat_status
from common.online.session import OnlineSession, error_line
from common.scenes.catalog import ScriptedLink
from common.scenes.lobby import LobbyScene
from common.scenes.menu import MenuScene
from common.scenes.online import REMEMBERED, OnlineScene
from common.ui.dialog import Dialog
from helpers import click, key, run

SEATS = [("Ana", "person", "here", True), ("", "person", "open", False), ("Otto", "bot", "bot", False)]


class Recorder(ScriptedLink):
    """A scripted link that also keeps what was sent and the token it was opened with."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        you = args[1]
        if len(self.frames) == 2 and you is not None:  # a seat taken: its token comes first
            self.frames.insert(1, {"kind": "joined", "code": "K7QM-3XPA", "token": "shown", "seat": you,
                                   "game": "arzium", "creator": args[2]})
        self.sent: list[dict[str, Any]] = []
        self.token: str | None = None

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)


def lobby(app: App, link: Recorder, **kwargs: Any) -> LobbyScene:
    app.stack.clear_to(Scene(app))
    opened: list[str | None] = []

    def connect(url: str, token: str | None) -> Recorder:
        opened.append(token)
        link.token = token
        return link
    scene = LobbyScene(app, "arzium", Where("127.0.0.1", 9), "Ana", connect=connect, **kwargs)
    app.push(scene)
    run(app, 2)
    return scene


def test_the_menu_opens_play_online_and_esc_comes_back(app: App) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    run(app, 1, click(menu.buttons[2].rect.center))
    assert isinstance(app.stack.top, OnlineScene)
    run(app, 1, key(pygame.K_ESCAPE))
    assert app.stack.top is menu


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_menu_offers_back_to_your_game_while_a_seat_is_kept_and_it_takes_the_seat_again(
        app: App, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from common.scenes import online

    taken: list[seat_tokens.KeptSeat] = []
    monkeypatch.setattr(online, "back_to_room", lambda app, kept: taken.append(kept))
    set_language(lang)
    try:
        menu = MenuScene(app)
        app.stack.clear_to(menu)
        app.first_frame_at = 0.0  # the menu looks for a game once the first frame is shown
        run(app, 1)
        assert menu.game_on is None and len(menu.buttons) == 9  # no game: no such button
        assert seat_tokens.keep_token("127.0.0.1:30999", "k7qm3xpa", 1, "t" * 43, game="arzium") == ""
        app.push(Scene(app))
        app.pop()  # back on the menu: it looks again
        run(app, 1)
        back = menu.buttons[3]
        words = {"en": "Back to your game K7QM-3XPA", "es": _("Back to your game {code}").format(code="K7QM-3XPA")}
        assert back.label == words[lang] and len(menu.buttons) == 10
        assert lang == "en" or back.label != words["en"]
        menu.group.focus_index, menu.group.keyboard_mode = 3, True
        run(app, 1, key(pygame.K_RETURN))
        assert [(k.server, k.code, k.seat, k.game) for k in taken] == [("127.0.0.1:30999", "K7QM-3XPA", 1, "arzium")]
        assert seat_tokens.forget_token("127.0.0.1:30999", "K7QM3XPA") == ""
        app.push(Scene(app))
        app.pop()
        run(app, 1)
        assert menu.game_on is None and all("K7QM" not in b.label for b in menu.buttons)
    finally:
        set_language("en")


@pytest.mark.parametrize(("address", "code", "line"), [
    ("not an address at all", "K7QM3XPA", "is not an address"),
    ("host:99999", "K7QM3XPA", "is not an address"),
    ("127.0.0.1:8765", "", "Type the room code"),
])
def test_joining_with_a_wrong_entry_is_one_line_and_opens_nothing(app: App, address: str, code: str,
                                                                  line: str) -> None:
    opened: list[tuple[Where, str, bool]] = []
    scene = OnlineScene(app, join=lambda app, where, code, watch: opened.append((where, code, watch)))
    app.stack.clear_to(scene)
    REMEMBERED.address, REMEMBERED.code = address, code
    scene.join(False)
    assert opened == [] and line in scene.problem and "\n" not in scene.problem


def test_typing_the_code_and_pressing_join_opens_that_room(app: App) -> None:
    opened: list[tuple[Where, str, bool]] = []
    scene = OnlineScene(app, join=lambda app, where, code, watch: opened.append((where, code, watch)))
    app.stack.clear_to(scene)
    REMEMBERED.address, REMEMBERED.code = "192.168.1.20:9000", ""
    scene._build()  # the fields as remembered (an earlier test may have left a code there)
    scene.layout(app.size)
    run(app, 1, click(scene.code.rect.center))
    assert scene.code.editing
    run(app, 1, [pygame.event.Event(pygame.TEXTINPUT, text="k7qm-3x!pa")] + key(pygame.K_RETURN))
    assert scene.code.value == "k7qm-3xpa" and not scene.code.editing  # "!" is no code character
    run(app, 1, click(scene.watch_btn.rect.center))
    assert opened == [(Where("192.168.1.20", 9000), "K7QM-3XPA", True)]


@pytest.mark.parametrize("port", ["80", "70000", ""])
def test_hosting_on_a_port_out_of_range_is_refused_in_one_line(app: App, port: str) -> None:
    hosted: list[tuple[str, Where]] = []
    scene = OnlineScene(app, host_game=lambda app, game, where: hosted.append((game, where)))
    app.stack.clear_to(scene)
    REMEMBERED.dedicated, REMEMBERED.port = False, port
    scene.host("arzium")
    assert hosted == [] and "1024 to 65535" in scene.problem
    REMEMBERED.port = "9123"
    scene.host("arzium")
    assert hosted == [("arzium", Where("127.0.0.1", 9123, embedded=True))]


def test_hosting_on_a_dedicated_server_uses_its_address(app: App) -> None:
    hosted: list[tuple[str, Where]] = []
    scene = OnlineScene(app, host_game=lambda app, game, where: hosted.append((game, where)))
    app.stack.clear_to(scene)
    scene.where.adjust(app, 1)
    assert REMEMBERED.dedicated and scene.server in scene.group.widgets and scene.port not in scene.group.widgets
    REMEMBERED.server = ""
    scene.host("arenas")
    assert hosted == [] and "host:port" in scene.problem
    REMEMBERED.server = "games.example.org:7000"
    scene.host("arenas")
    assert hosted == [("arenas", Where("games.example.org", 7000))]
    scene.where.adjust(app, 1)


def test_the_dedicated_server_hosted_on_is_offered_on_the_apps_next_run(app: App) -> None:
    hosted: list[Where] = []
    REMEMBERED.server, REMEMBERED.dedicated = "", True
    scene = OnlineScene(app, host_game=lambda app, game, where: hosted.append(where))
    assert scene.choices.server == ""  # nothing hosted on yet
    REMEMBERED.server = "wss://games.example.org"
    scene.host("arzium")
    assert hosted == [Where("games.example.org", 443, tls=True)]
    assert app.settings.online_server == "wss://games.example.org"  # in the settings the app saves
    REMEMBERED.server = ""  # the app started again: what it typed is gone, the setting is not
    again = OnlineScene(app, host_game=lambda app, game, where: hosted.append(where))
    assert again.choices.server == "wss://games.example.org" and again.server.line.value == "wss://games.example.org"
    REMEMBERED.server, REMEMBERED.dedicated = "", False


def test_the_host_sees_the_code_and_starts_only_when_everyone_is_ready(app: App) -> None:
    link = Recorder(SEATS, 0, True)
    scene = lobby(app, link, join="K7QM3XPA")
    assert scene.session.room is not None and scene.session.room.code == "K7QM-3XPA"
    assert scene.start_btn in scene.group.widgets and not scene.start_btn.enabled  # seat 2 is open
    run(app, 1, click(scene.rows[1].rect.center))  # the creator gives the open seat to a bot
    ask = app.stack.top
    assert isinstance(ask, Dialog) and [b.label for b in ask.buttons] == [_("A bot plays it"), _("Cancel")]
    ask.buttons[0].activate(app)
    assert link.sent[-1] == {"kind": "bot", "seat": 1}
    link.frames.append({**link_room(SEATS[:1] + [("Bea", "person", "here", True)] + SEATS[2:]), "you":
                        {"seat": 0, "creator": True}})
    run(app, 1)
    assert scene.start_btn.enabled
    run(app, 1, click(scene.start_btn.rect.center))
    assert link.sent[-1] == {"kind": "start"}


def link_room(seats: list[tuple[str, str, str, bool]]) -> dict[str, Any]:
    return {"kind": "room", "code": "K7QM-3XPA", "game": "arzium", "phase": "lobby", "watchers": 0,
            "turn_clock_s": 0, "seats": [{"name": n, "kind": k, "status": s, "ready": r} for n, k, s, r in seats]}


def test_a_friend_marks_ready_and_has_no_start_button(app: App) -> None:
    link = Recorder(SEATS, 1, False)
    scene = lobby(app, link, join="K7QM3XPA")
    assert scene.start_btn not in scene.group.widgets and scene.ready_btn in scene.group.widgets
    run(app, 1, click(scene.ready_btn.rect.center))
    assert link.sent[-1] == {"kind": "ready", "ready": True} and scene.ready_btn.label == _("Not ready")


def test_the_seat_token_is_kept_and_brings_the_player_back_to_their_seat(app: App) -> None:
    link = Recorder(SEATS, 1, False)
    lobby(app, link, join="K7QM3XPA")
    assert seat_tokens.seat_token("127.0.0.1:9", "k7qm-3xpa") == (1, "shown") and link.token is None
    again = Recorder(SEATS, 1, False)
    scene = lobby(app, again, join="K7QM-3XPA")
    assert again.sent == [] and again.token == "shown"  # a rejoin: the hello carries the token, no join
    assert scene.session.seat == 1


def test_a_watcher_sits_down_on_an_open_seat(app: App) -> None:
    link = Recorder(SEATS, None, False)
    scene = lobby(app, link, join="K7QM3XPA", watch=True)
    assert link.sent == [{"kind": "join", "code": "K7QM3XPA", "name": "Ana", "seat": "watch"}]
    run(app, 1, click(scene.rows[1].rect.center))
    assert link.sent[-2:] == [{"kind": "leave"}, {"kind": "join", "code": "K7QM-3XPA", "name": "Ana", "seat": 1}]


PROTOCOL_CODES = ("version", "bad_message", "unknown_kind", "too_big", "rate", "hello_first", "no_room", "bad_token",
                  "seat_taken", "room_full", "no_spectators", "not_creator", "not_seated", "not_ready", "not_lobby",
                  "not_playing", "bad_setup", "server_busy", "server_error", "not_stored", "chat_rate", "chat_off",
                  "not_over", "not_allowed", "turn_tables")
SERVER_TEXT = "the game has started: only watching is possible"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("code", PROTOCOL_CODES)
def test_every_protocol_error_is_told_in_the_players_language_without_the_servers_text(code: str,
                                                                                       language: str) -> None:
    set_language(language)
    try:
        line = error_line({"kind": "error", "code": code, "message": SERVER_TEXT}, "h:1")
        set_language("en")
        english = error_line({"kind": "error", "code": code, "message": SERVER_TEXT}, "h:1")
    finally:
        set_language("en")
    assert SERVER_TEXT not in line and "refused:" not in line and "rechazó:" not in line
    assert (line != english) == (language == "es") and line


def test_the_protocol_document_names_exactly_the_codes_the_app_tells() -> None:
    text = (Path(protocol.__file__).parent / "PROTOCOL.md").read_text(encoding="utf-8")
    errors = text.split("## Errors", 1)[1].split("\n## ", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", errors)) - {"error.code"} == set(PROTOCOL_CODES)


def test_a_room_in_play_joined_by_code_says_so_in_spanish() -> None:
    set_language("es")
    try:
        line = error_line({"kind": "error", "code": "not_lobby", "message": SERVER_TEXT}, "h:1")
    finally:
        set_language("en")
    assert line == "La partida de esta sala ya empezó: solo puedes mirarla"


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_unknown_code_shows_the_servers_text_as_one_safe_line(language: str) -> None:
    set_language(language)
    try:
        line = error_line({"kind": "error", "code": "something new", "message": "room 7\nbad\x1b[31m" + "x" * 300},
                          "h:1")
    finally:
        set_language("en")
    assert "room 7" in line and "\n" not in line and "\x1b" not in line and len(line) < 200


def test_a_wrong_code_shows_in_the_lobby_and_leave_goes_back(app: App) -> None:
    scene = lobby(app, Recorder([], None, False, error="no_room"), join="ZZZZ")
    assert "No room has that code on 127.0.0.1:9" in scene.session.problem
    run(app, 1, key(pygame.K_ESCAPE))
    assert not isinstance(app.stack.top, LobbyScene)


def test_a_server_that_never_answers_is_one_line_after_the_connection_closes(app: App) -> None:
    link = Recorder([], None, False)
    link.frames = []
    scene = lobby(app, link, join="K7QM3XPA")
    link.status = "connecting"
    run(app, 1)
    assert scene.session.banner.startswith("Connecting to 127.0.0.1:9")
    link.status = "closed"
    run(app, 1)
    assert scene.session.problem.startswith("No server answers at 127.0.0.1:9") and scene.session.banner == ""


def test_a_lost_connection_is_a_banner_then_after_the_give_up_time_the_game_does_not_count() -> None:
    link = Recorder(SEATS, 1, False)
    session = OnlineSession("h:1", "Ana", lambda url, token: link)
    session.join("K7QM3XPA")
    session.update(16)
    link.status = "reconnecting"
    session.update(5_000)
    assert session.banner == "Connection lost: reconnecting to h:1 (5 s)…" and not session.ended
    session.update(200_000)
    assert session.ended and "does not count" in session.problem


def test_seat_states_read_as_a_player_would_say_them() -> None:
    assert seat_status(SeatView(0, "Ana", "person")) == "connected"
    assert seat_status(SeatView(0, "Ana", "person", connected=False, away_ms=41_200)) == "away: 42 s left"
    assert seat_status(SeatView(0, "Ana", "person", connected=False, bot_now=True)) == "a bot for now"
    assert seat_status(SeatView(0, "", "open")) == "open seat"


def test_addresses_ports_and_the_lan() -> None:
    assert split_address("10.0.0.2", 8765) == ("10.0.0.2", 8765)
    assert split_address(" example.org:99 ", 1) == ("example.org", 99)
    assert split_address("[::1]:7000", 1) == ("::1", 7000)
    assert [split_address(t, 1) for t in ("", "a b", "h:x", "h:0", "[::1", "a/b")] == [None] * 6
    assert all(not a.startswith("127.") for a in lan_addresses())
    with socket.socket() as s:
        s.bind(("", 0))
        s.listen()
        taken = s.getsockname()[1]
        assert not port_free(taken)
        near = free_port_near(taken)
        assert near is not None and near > taken and port_free(near)
