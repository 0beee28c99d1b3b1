"""An invite pasted whole (either Join field, the command line), wrong addresses as one line, a failed join back
on Play online; the chat as a player's app keeps it (quick phrases in the reader's language, mute, unread) and
its panel's keys."""
from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from common.data.i18n import set_language
from common.engine.app import App
from common.games import room_sides
from common.net.client import Link
from common.net.connection import Conn
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server
from common.online.chat import ChatLog
from common.online.invite import Invite, invite_problem, looks_like_invite, read_invite
from common.online.lan import split_address
from common.online.room import Where, read_where
from common.online.session import OnlineSession
from common.scenes import online
from common.scenes.catalog import ScriptedLink
from common.scenes.chat import ChatPanel, Close, Mute, Open, Phrase, Say, carry_out, quiet_corner
from common.scenes.lobby import LobbyScene, Served
from common.scenes.online import REMEMBERED, OnlineScene
from common.ui import text_field
from helpers import key, main_here, run


# ---- the invite ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["arenas-arzium://192.168.1.20:9000/k7qm-3xpa", " 192.168.1.20:9000/K7QM3XPA/ ",
                                   "ARENAS-ARZIUM://192.168.1.20:9000/K7QM-3XPA"])
def test_an_invite_is_read_whole(typed: str) -> None:
    assert read_invite(typed) == Invite("192.168.1.20", 9000, "K7QM-3XPA")


def test_an_invite_round_trips_with_an_ipv6_address() -> None:
    invite = Invite("::1", 8765, "K7QM-3XPA")
    assert invite.text() == "arenas-arzium://[::1]:8765/K7QM-3XPA" and read_invite(invite.text()) == invite


@pytest.mark.parametrize(("typed", "read"), [
    ("wss://games.example.org/k7qm-3xpa", Invite("games.example.org", 443, "K7QM-3XPA", tls=True)),
    (" WSS://localhost:27443/K7QM3XPA/ ", Invite("localhost", 27443, "K7QM-3XPA", tls=True)),
])
def test_an_invite_to_a_server_behind_tls_is_read_whole_and_round_trips(typed: str, read: Invite) -> None:
    assert read_invite(typed) == read and read_invite(read.text()) == read
    assert read.text().startswith("wss://") and read_where(read.address, 8765) == Where(read.host, read.port,
                                                                                      tls=True)


@pytest.mark.parametrize("typed", ["wss://localhost:27443", "wss://games.example.org/", "127.0.0.1:8765"])
def test_a_server_address_alone_is_not_taken_for_an_invite(typed: str) -> None:
    assert not looks_like_invite(typed)


@pytest.mark.parametrize(("typed", "says"), [
    ("wss://http://x/K7QM-3XPA", "is not an invite"),
    ("wss://localhost:27443/K7Q", "room code K7Q"),
    ("http://192.168.1.20:8765/K7QM-3XPA", "is not an invite"),
    ("host:1:8765/K7QM-3XPA", "address host:1:8765"),
    ("192.168.1.20:8765/K7QM", "room code K7QM"),
    ("arenas-arzium://192.168.1.20:99999/K7QM-3XPA", "is not one: it is host:port"),
])
def test_a_wrong_invite_is_one_line_naming_what_is_wrong(typed: str, says: str) -> None:
    assert read_invite(typed) is None
    line = invite_problem(typed)
    assert says in line and "\n" not in line


@pytest.mark.parametrize("typed", ["host:1:8765", "http://host:8765", "host:８７６５", "host:²"])
def test_an_address_with_two_colons_a_url_or_odd_digits_is_none(typed: str) -> None:
    assert split_address(typed, 8765) is None
    assert split_address("::1", 8765) == ("::1", 8765)


def test_a_link_to_an_address_that_is_not_one_closes_with_a_line_not_a_traceback() -> None:
    link = Link("ws://[host:1:8765]:8765")
    link._thread.join(10)  # it ends by itself: nothing to retry
    assert link.status == "closed" and link.problem is not None and "host:1:8765" in link.problem


# ---- pasting it on Play online ---------------------------------------------------------------------------
@pytest.mark.parametrize("field", ["address", "code"])
def test_an_invite_pasted_in_either_join_field_fills_both(app: App, monkeypatch: pytest.MonkeyPatch,
                                                         field: str) -> None:
    opened: list[tuple[Where, str, bool]] = []
    scene = OnlineScene(app, join=lambda app, where, code, watch: opened.append((where, code, watch)))
    app.stack.clear_to(scene)
    REMEMBERED.address, REMEMBERED.code = "127.0.0.1:8765", ""
    scene._build()
    scene.layout(app.size)
    monkeypatch.setattr(text_field, "pasted", lambda: "arenas-arzium://192.168.1.20:9000/k7qm-3xpa")
    box = getattr(scene, field)
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.rect.center, button=1)])
    assert box.editing
    run(app, 1, key(pygame.K_v, pygame.KMOD_CTRL))
    assert (scene.address.value, scene.code.value) == ("192.168.1.20:9000", "K7QM-3XPA") and not box.editing
    scene.join(False)
    assert opened == [(Where("192.168.1.20", 9000), "K7QM-3XPA", False)] and scene.problem == ""


def test_a_tls_server_address_and_a_code_join_over_tls(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[Where, str, bool]] = []
    scene = OnlineScene(app, join=lambda app, where, code, watch: opened.append((where, code, watch)))
    app.stack.clear_to(scene)
    monkeypatch.setattr(REMEMBERED, "address", "wss://localhost:27443")  # put back after the test
    monkeypatch.setattr(REMEMBERED, "code", "k7qm-3xpa")
    scene._build()
    scene.join(False)
    assert opened == [(Where("localhost", 27443, tls=True), "K7QM-3XPA", False)] and scene.problem == ""


def test_a_wrong_invite_in_the_code_field_is_one_line_and_opens_nothing(app: App) -> None:
    opened: list[Any] = []
    scene = OnlineScene(app, join=lambda app, where, code, watch: opened.append(code))
    app.stack.clear_to(scene)
    REMEMBERED.address, REMEMBERED.code = "127.0.0.1:8765", "192.168.1.20:8765/K7QM"
    scene.join(False)
    assert opened == [] and "K7QM" in scene.problem


def test_a_join_that_finds_no_room_closes_its_lobby_and_says_so_on_play_online(app: App) -> None:
    link = ScriptedLink([], None, False, error="no_room")

    def join(app: App, where: Where, code: str, watch: bool) -> None:
        app.push(LobbyScene(app, "", where, "Ana", join=code, connect=lambda url, token: link, failed=scene.failed))
    scene = OnlineScene(app, join=join)
    app.stack.clear_to(scene)
    REMEMBERED.address, REMEMBERED.code = "127.0.0.1:9", "K7QM-3XPA"
    scene.join(False)
    assert isinstance(app.stack.top, LobbyScene)
    run(app, 2)
    assert app.stack.top is scene and "No room has that code" in scene.problem


def test_hosting_on_a_port_in_use_comes_back_to_play_online_with_the_line(app: App) -> None:
    scene = OnlineScene(app)
    app.stack.clear_to(scene)
    app.push(LobbyScene(app, "arzium", Where("127.0.0.1", 9123, embedded=True), "Ana", create={},
                        serve=lambda where: Served(None, "Port 9123 is in use on this computer. Try port 9124.", 0),
                        failed=scene.failed))
    run(app, 1)
    assert app.stack.top is scene and scene.problem.startswith("Port 9123 is in use")


def test_the_port_suggested_is_a_free_one_when_the_default_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online, "port_free", lambda port: port != 8765)
    monkeypatch.setattr(online, "free_port_near", lambda port: 8766)
    assert online.suggested_port("8765") == "8766" and online.suggested_port("9000") == "9000"
    monkeypatch.setattr(online, "port_free", lambda port: True)
    assert online.suggested_port("8765") == "8765"


@pytest.mark.parametrize("invite", ["nonsense", "http://x:1/K7QM-3XPA", "127.0.0.1:8765/K7Q"])
def test_join_on_the_command_line_with_a_bad_invite_is_one_line(invite: str) -> None:
    done = main_here("join", invite)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "error:" in lines[0] and "Traceback" not in done.stderr


def test_join_on_the_command_line_opens_play_online_joining_the_room(monkeypatch: pytest.MonkeyPatch) -> None:
    joined: list[tuple[str, str]] = []
    monkeypatch.setattr(online, "_join", lambda app, where, code, watch, failed: joined.append((where.label, code)))
    monkeypatch.setattr(App, "run", lambda self: None)
    done = main_here("join", "arenas-arzium://127.0.0.1:9000/k7qm3xpa")
    assert done.returncode == 0 and joined == [("127.0.0.1:9000", "K7QM-3XPA")]


# ---- the chat as an app keeps it -------------------------------------------------------------------------
class Sent(ScriptedLink):
    """A scripted link that keeps what the session sends."""

    def __init__(self) -> None:
        super().__init__([("Ana", "person", "here", True)], 0, True)
        self.sent: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)


class Fake:
    """A connection to a server in this process, without a socket: what the server sends it is kept."""

    def __init__(self, server: Server, addr: str) -> None:
        self.got: list[dict[str, Any]] = []
        self.conn = Conn(lambda text: self.got.append(json.loads(text)), addr)
        self.server = server

    def say(self, msg: dict[str, Any]) -> None:
        self.server.receive(self.conn, json.dumps(msg))


def test_a_quick_phrase_sent_in_spanish_is_read_in_english() -> None:
    server = Server(None, room_sides())
    ana, bo = Fake(server, "10.0.0.2"), Fake(server, "10.0.0.3")
    for f in (ana, bo):
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    ana.say({"kind": "create", "game": "arzium", "setup": arzium_two(), "name": "Ana", "seat": 0})
    code = next(f["code"] for f in ana.got if f["kind"] == "joined")
    bo.say({"kind": "join", "code": code, "name": "Bo", "seat": "any"})
    try:
        set_language("es")
        link = Sent()
        spanish = OnlineSession("127.0.0.1:9", "Ana", lambda url, token: link)
        spanish.join(code)
        spanish.phrase("thanks")  # the Spanish app sends the phrase's id, never its words
        assert link.sent[-1] == {"kind": "chat", "phrase": "thanks"}
        ana.say(link.sent[-1])
        set_language("en")
        english = ChatLog()
        for frame in bo.got:
            english.absorb(frame)
        assert [line.words() for line in english.lines] == ["Thanks"]
        set_language("es")
        assert english.lines[0].words() == "Gracias"
    finally:
        set_language("en")


def arzium_two() -> dict[str, Any]:
    from arzium.rules.state import default_setup
    return default_setup(2, full_game=True).to_dict()


def frame(n: int, member: int, **said: Any) -> dict[str, Any]:
    return {"kind": "chat", "n": n, "member": member, "seat": member - 1, "name": f"P{member}", **said}


def test_a_muted_member_is_neither_shown_nor_counted_and_lines_come_once() -> None:
    log = ChatLog()
    log.me = 1
    log.absorb(frame(1, 2, text="hi"))
    log.absorb(frame(1, 2, text="hi"))  # told again after a rejoin
    log.absorb(frame(2, 1, phrase="thanks"))  # this app's own line
    assert log.unread == 1 and [line.n for line in log.lines] == [1, 2]
    assert log.toggle_mute(2) and not log.toggle_mute(1)
    log.absorb(frame(3, 2, text="spam"))
    assert log.unread == 1 and [line.words() for line in log.shown()] == ["Thanks"]
    log.set_open(True)
    assert log.unread == 0
    assert not log.toggle_mute(2) and len(log.shown()) == 3


def test_a_frame_that_is_not_a_chat_line_is_left_out_and_text_is_made_safe() -> None:
    log = ChatLog()
    for bad in ({"kind": "chat"}, frame(1, 2), frame(True, 2, text="x"), frame(1, 2, phrase="nonsense")):
        log.absorb(bad)
    assert not log.lines
    log.absorb(frame(1, 2, text="a\x1b[2Jb\nc", name="B\u202eo"))
    assert log.lines[0].text == "a?[2Jb c" and "\u202e" not in log.lines[0].name


def test_the_panel_opens_on_its_key_types_sends_phrases_mutes_and_closes(app: App) -> None:
    panel, log = ChatPanel(), ChatLog()
    t = pygame.K_t
    taken, want = panel.handle(pygame.event.Event(pygame.KEYDOWN, key=t, mod=0, unicode="t"), log, True, t)
    assert taken and want == Open()
    log.set_open(True)
    events = [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "thola"]  # the opener's own "t" is dropped
    for e in events:
        panel.handle(e, log, True, t)
    assert panel.line.value == "hola"
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert panel.handle(enter, log, True, t) == (True, Say("hola")) and panel.line.value == ""
    one = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=pygame.KMOD_CTRL, unicode="1")
    assert panel.handle(one, log, True, t) == (True, Phrase("good_game"))
    panel.handle(pygame.event.Event(pygame.TEXTINPUT, text="1"), log, True, t)  # the Ctrl key's own character
    assert panel.line.value == ""
    mute = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_CTRL, unicode="")
    assert panel.handle(mute, log, True, t) == (True, Mute(-1))
    panel.handle(pygame.event.Event(pygame.TEXTINPUT, text="x"), log, False, t)  # a watcher without free text
    assert panel.line.value == ""
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert panel.handle(esc, log, True, t) == (True, Close())


def test_carrying_out_the_chat_sends_and_mutes(app: App) -> None:
    link = Sent()
    session = OnlineSession("127.0.0.1:9", "Ana", lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    carry_out(Say("hola"), session, app)
    carry_out(Phrase("oops"), session, app)
    assert link.sent[-2:] == [{"kind": "chat", "text": "hola"}, {"kind": "chat", "phrase": "oops"}]
    carry_out(Mute(-1), session, app)  # nobody spoke yet: a toast, nothing muted
    session.chat.absorb(frame(1, 5, text="hey"))
    carry_out(Mute(-1), session, app)
    assert session.chat.muted == {5}


def test_the_chat_goes_where_it_covers_least_of_the_board() -> None:
    area = pygame.Rect(0, 0, 1000, 600)
    busy = [pygame.Rect(700, 400, 300, 200), pygame.Rect(0, 400, 300, 200), pygame.Rect(0, 0, 1000, 150)]
    assert quiet_corner(area, (300, 200), busy) == pygame.Rect(350, 400, 300, 200)
    assert quiet_corner(area, (300, 200), []) == pygame.Rect(700, 400, 300, 200)
    # a line the player must read is kept clear even where the board would be covered more
    line = pygame.Rect(400, 450, 200, 30)
    assert quiet_corner(area, (300, 200), busy, [line]) == pygame.Rect(700, 200, 300, 200)
    assert quiet_corner(area, (1000, 600), busy, [line]) == area  # no place keeps it clear: the least covered


def test_a_chat_error_is_the_chats_line_not_the_games(app: App) -> None:
    link = ScriptedLink([("Ana", "person", "here", True)], 0, True)
    session = OnlineSession("127.0.0.1:9", "Ana", lambda url, token: link)
    session.join("K7QM-3XPA")
    link.frames.append({"kind": "error", "code": "chat_rate", "message": "too many"})
    session.update(0)
    assert session.problem == "" and "wait a few seconds" in session.chat.notice


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_quick_phrases_are_as_wide_as_their_words_in_as_few_rows_as_fit(app: App, lang: str) -> None:
    from itertools import pairwise

    from common.data.i18n import _, set_language
    from common.engine import text
    from common.online.chat import PHRASE_WORDS
    from common.scenes.chat import phrase_rows

    set_language(lang)
    try:
        px = app.font_px(15)
        for width in (300, 420, 1000):
            above = pygame.Rect(20, 0, width, 400)
            rows = phrase_rows(app, list(PHRASE_WORDS), px, above, 24, 5)
            assert [phrase for _b, phrase in rows] == list(PHRASE_WORDS)
            for b, phrase in rows:
                assert b.w >= min(width, text.font(px).size(_(PHRASE_WORDS[phrase]))[0]) and above.contains(b)
            tops = sorted({b.top for b, _p in rows})
            assert max(b.bottom for b, _p in rows) == above.bottom
            for top in tops:  # each row spans the width, its buttons apart
                row = sorted((b for b, _p in rows if b.top == top), key=lambda b: b.left)
                assert row[0].left == above.left and row[-1].right == above.right
                assert all(a.right < b.left for a, b in pairwise(row))
        assert len({b.top for b, _p in phrase_rows(app, list(PHRASE_WORDS), px, pygame.Rect(0, 0, 1000, 50),
                                                   24, 5)}) == 1  # wide enough: one row
    finally:
        set_language("en")


def test_the_invite_of_a_room_on_a_server_behind_tls_is_a_wss_one_join_takes_whole(app: App) -> None:
    link = ScriptedLink([("Ana", "person", "here", False)], 0, True)
    scene = LobbyScene(app, "arzium", Where("games.example.org", 443, tls=True), "Ana", join="K7QM3XPA",
                       connect=lambda url, token: link)
    app.stack.clear_to(scene)
    run(app, 2)
    room = scene.session.room
    assert room is not None
    invites = scene.invites()
    assert invites == [f"wss://games.example.org/{room.code}"]
    invite = read_invite(invites[0])
    assert invite is not None and invite.tls and (invite.host, invite.port) == ("games.example.org", 443)
