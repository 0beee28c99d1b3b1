"""The room's chat and table rules on the server: free text made safe and capped, quick phrases as ids, the
chat's own rate, watchers' free text the host may turn off, lines kept in memory only (never stored, never in
a replay), and fair play: hints and assists off by default at a table of people, recorded for every seat."""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import Fake, a_room_in_play, arzium_setup

from arzium.room import digest, view_of
from common.games import room_sides
from common.net.protocol import CHAT_BURST, CHAT_LIMIT, PHRASES, PROTOCOL_VERSION, ProtocolError, decode
from common.net.server import Server

T0 = 1_000_000


def say(f: Fake, msg: dict[str, Any], now: int = T0) -> list[dict[str, Any]]:
    """`msg` from `f` at the server time `now` (the chat's rate runs on the server's clock)."""
    start = len(f.got)
    try:
        f.server.dispatch.message(f.conn, decode(json.dumps(msg)), now)
    except ProtocolError as exc:
        return [*f.got[start:], {"kind": "error", "code": exc.code, "message": str(exc)}]
    return f.got[start:]


def lobby(server: Server, people: int = 2, bots: int = 0, **options: Any) -> tuple[Fake, Fake, Fake, str]:
    """A room in its lobby: its creator (seat 0), a seated guest and a watcher."""
    ana, bo, cy = Fake(server, "10.0.0.2"), Fake(server, "10.0.0.3"), Fake(server, "10.0.0.4")
    for f in (ana, bo, cy):
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(people, bots), "name": "Ana", "seat": 0,
             **options})
    code = next(f["code"] for f in ana.got if f["kind"] == "joined")
    if people > 1:
        bo.say({"kind": "join", "code": code, "name": "Bo", "seat": "any"})
    cy.say({"kind": "join", "code": code, "name": "Cy", "seat": "watch"})
    return ana, bo, cy, code


def chats(f: Fake) -> list[dict[str, Any]]:
    return [g for g in f.got if g["kind"] == "chat"]


def test_a_line_reaches_every_member_made_safe_with_who_said_it() -> None:
    server = Server(None, room_sides())
    ana, bo, cy, _code = lobby(server)
    assert say(bo, {"kind": "chat", "text": "  hola\x1b[31m\nqué tal  "})[-1]["kind"] == "chat"
    for f in (ana, bo, cy):
        line = chats(f)[-1]
        assert line == {"kind": "chat", "n": 1, "member": 2, "seat": 1, "name": "Bo", "text": "hola?[31m qué tal"}
    say(cy, {"kind": "chat", "phrase": "good_game"})
    assert chats(ana)[-1] == {"kind": "chat", "n": 2, "member": 3, "seat": None, "name": "Cy", "phrase": "good_game"}


@pytest.mark.parametrize(("msg", "problem"), [
    ({"kind": "chat"}, "chat: a text or a phrase"),
    ({"kind": "chat", "text": "hi", "phrase": "thanks"}, "chat: a text or a phrase"),
    ({"kind": "chat", "text": "   "}, "chat.text"),
    ({"kind": "chat", "text": "x" * (CHAT_LIMIT + 1)}, "chat.text"),
    ({"kind": "chat", "text": 5}, "chat.text"),
    ({"kind": "chat", "phrase": "buenas"}, "chat.phrase"),
    ({"kind": "table_rules", "assists": "yes"}, "table_rules.assists"),
    ({"kind": "create", "game": "arzium", "setup": {}, "name": "A", "watcher_chat": 1}, "create.watcher_chat"),
])
def test_each_bad_chat_field_is_named_in_one_line(msg: dict[str, Any], problem: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(json.dumps(msg))
    assert caught.value.code == "bad_message" and str(caught.value).startswith(problem)


def test_a_line_at_the_cap_goes_whole() -> None:
    assert decode(json.dumps({"kind": "chat", "text": "é" * CHAT_LIMIT}))["text"] == "é" * CHAT_LIMIT


def test_the_chat_rate_allows_a_burst_then_one_line_every_two_seconds() -> None:
    server = Server(None, room_sides())
    ana, bo, _cy, _code = lobby(server)
    answers = [say(bo, {"kind": "chat", "phrase": "oops"}, T0)[-1] for _ in range(int(CHAT_BURST) + 1)]
    assert [a["kind"] for a in answers] == ["chat"] * int(CHAT_BURST) + ["error"]
    assert answers[-1]["code"] == "chat_rate"
    assert len(chats(ana)) == CHAT_BURST  # the refused line reached nobody
    assert say(bo, {"kind": "chat", "phrase": "oops"}, T0 + 1_900)[-1]["code"] == "chat_rate"
    assert say(bo, {"kind": "chat", "phrase": "oops"}, T0 + 2_000)[-1]["kind"] == "chat"
    assert say(ana, {"kind": "chat", "phrase": "oops"}, T0)[-1]["kind"] == "chat"  # each member has its own


def test_the_host_turns_watchers_free_text_off_and_phrases_still_go() -> None:
    server = Server(None, room_sides())
    ana, bo, cy, _code = lobby(server)
    assert say(bo, {"kind": "table_rules", "watcher_chat": False})[-1]["code"] == "not_creator"
    assert say(cy, {"kind": "table_rules", "watcher_chat": False})[-1]["code"] == "not_creator"
    say(ana, {"kind": "table_rules", "watcher_chat": False})
    assert [g for g in cy.got if g["kind"] == "room"][-1]["watcher_chat"] is False
    seen = len(chats(ana))
    assert say(cy, {"kind": "chat", "text": "spoiler"})[-1]["code"] == "chat_off"
    assert say(cy, {"kind": "chat", "phrase": "thanks"})[-1]["kind"] == "chat"
    assert say(bo, {"kind": "chat", "text": "still here"})[-1]["kind"] == "chat"  # seated people may
    assert [c.get("text", c.get("phrase")) for c in chats(ana)[seen:]] == ["thanks", "still here"]


def test_chat_outside_a_room_or_before_hello_is_refused() -> None:
    server = Server(None, room_sides())
    stranger = Fake(server)
    assert stranger.say({"kind": "chat", "text": "hi"})[0]["code"] == "hello_first"
    stranger.say({"kind": "hello", "version": PROTOCOL_VERSION})
    assert stranger.say({"kind": "chat", "text": "hi"})[0]["code"] == "no_room"
    assert stranger.say({"kind": "table_rules", "assists": True})[0]["code"] == "no_room"


def test_a_member_back_with_its_token_gets_the_lines_it_missed_and_keeps_its_number() -> None:
    server = Server(None, room_sides())
    ana, bo, _cy, _code = lobby(server)
    say(ana, {"kind": "chat", "text": "one"})
    token = next(g["token"] for g in bo.got if g["kind"] == "joined")
    server.dispatch.leave_room(bo.conn, T0)  # its connection dropped (not a leave: the seat stays its own)
    say(ana, {"kind": "chat", "text": "two"})
    back = Fake(server, "10.0.0.3")
    again = back.say({"kind": "hello", "version": PROTOCOL_VERSION, "token": token})
    assert [g["kind"] for g in again][:3] == ["welcome", "joined", "chat"]
    assert [g["text"] for g in again if g["kind"] == "chat"] == ["one", "two"]
    assert next(g for g in again if g["kind"] == "joined")["member"] == 2


def test_chat_is_kept_in_memory_only_never_stored_nor_in_the_replay(tmp_path: Any) -> None:
    server = Server(tmp_path, room_sides())
    ana, bo, code = a_room_in_play(server)
    say(ana, {"kind": "chat", "text": "secret plan"})
    say(bo, {"kind": "chat", "phrase": "wait"})
    assert server.store is not None
    server.commits.now()
    rows = server.store.db.execute("SELECT * FROM rooms").fetchall() + \
        server.store.db.execute("SELECT * FROM inputs").fetchall()
    assert "secret plan" not in repr(rows) and '"wait"' not in repr(rows)
    room = server.rooms[code]
    assert room.match is not None
    assert "secret plan" not in json.dumps(room.match.result())
    assert [line.get("text") for line in room.chat] == ["secret plan", None]


member_frames = {
    "body": st.dictionaries(st.sampled_from(["text", "phrase", "assists", "watcher_chat", "id"]),
                            st.none() | st.booleans() | st.integers() | st.text(max_size=300)
                            | st.sampled_from(PHRASES), max_size=3),
    "kind": st.sampled_from(["chat", "table_rules", "assist"]), "who": st.sampled_from(["ana", "bo", "watcher"])}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**member_frames)
def test_any_chat_rules_or_assist_frame_from_any_member_leaves_the_game_alone(
        body: dict[str, Any], kind: str, who: str) -> None:
    check_a_member_frame(body, kind, who)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**member_frames)
def test_any_chat_rules_or_assist_frame_from_any_member_leaves_the_game_alone_long_run(
        body: dict[str, Any], kind: str, who: str) -> None:
    check_a_member_frame(body, kind, who)


def check_a_member_frame(body: dict[str, Any], kind: str, who: str) -> None:
    """`body` as a `kind` frame from `who` in a room in play: at most the one assist it asked for, no move."""
    server = Server(None, room_sides())
    ana, bo, code = a_room_in_play(server)
    watcher = Fake(server, "10.0.0.8")
    watcher.say({"kind": "hello", "version": PROTOCOL_VERSION})
    watcher.say({"kind": "join", "code": code, "name": "Wu", "seat": "watch"})
    room = server.rooms[code]
    assert room.match is not None
    before = (room.inputs, digest(view_of(room.match.match.state)), room.options.assists)  # type: ignore[attr-defined]
    sender = {"ana": ana, "bo": bo, "watcher": watcher}[who]
    answer = sender.say({**body, "kind": kind})
    assert not [f for f in answer if f["kind"] == "error" and f["code"] == "server_error"]
    assert all(f["code"] in {"bad_message", "chat_rate", "chat_off", "not_creator", "not_lobby", "not_seated"}
               for f in answer if f["kind"] == "error"), answer
    after = (room.inputs, digest(view_of(room.match.match.state)), room.options.assists)  # type: ignore[attr-defined]
    assert after[1:] == before[1:]  # no move, and fair play is decided before the start
    assert after[0] - before[0] <= 1  # at most the one `assist` it asked for


# ---- fair play -------------------------------------------------------------------------------------------
def room_frame(f: Fake) -> dict[str, Any]:
    return [g for g in f.got if g["kind"] == "room"][-1]


def test_assists_are_off_by_default_with_two_people_and_on_with_one() -> None:
    ana, _bo, _cy, _code = lobby(Server(None, room_sides()), 2)
    assert room_frame(ana)["assists"] is False
    solo, _b, _c, _code = lobby(Server(None, room_sides()), 1, bots=1)
    assert room_frame(solo)["assists"] is True
    chosen, _b, _c, _code = lobby(Server(None, room_sides()), 2, assists=True)
    assert room_frame(chosen)["assists"] is True


def test_the_host_decides_assists_in_the_lobby_only() -> None:
    server = Server(None, room_sides())
    ana, bo, cy, _code = lobby(server)
    assert say(bo, {"kind": "table_rules", "assists": True})[-1]["code"] == "not_creator"
    say(ana, {"kind": "table_rules", "assists": True})
    assert room_frame(cy)["assists"] is True and room_frame(bo)["assists"] is True
    playing = Server(None, room_sides())
    host, _guest, _code = a_room_in_play(playing)
    assert say(host, {"kind": "table_rules", "assists": True})[-1]["code"] == "not_lobby"


def test_arzium_hints_are_refused_when_off_and_recorded_for_their_seat_when_on(tmp_path: Any) -> None:
    server = Server(None, room_sides())
    ana, bo, code = a_room_in_play(server)  # two people: assists off
    assert say(bo, {"kind": "assist", "id": 7})[-1] == {"kind": "refused", "reason": "This table plays without hints",
                                                         "id": 7}
    server = Server(tmp_path, room_sides())
    ana, bo, _cy, code = lobby(server, assists=True)
    bo.say({"kind": "ready"})
    ana.say({"kind": "start"})
    say(bo, {"kind": "assist"})
    say(bo, {"kind": "assist"})  # once is enough
    room = server.rooms[code]
    assert room.match is not None and room.inputs == 1
    meta = room.match.result()["replay"]["meta"]
    assert meta["assisted"] is True and meta["assisted_seats"] == [1]
    server.commits.now()
    assert server.store is not None
    server.store.close()  # the server stops: its folder is free for the next
    restored = Server(tmp_path, room_sides())  # a restart remembers who was helped
    again = restored.rooms[code]
    assert again.match is not None and again.match.result()["replay"]["meta"]["assisted_seats"] == [1]


def test_an_unassisted_online_replay_says_so() -> None:
    server = Server(None, room_sides())
    _ana, _bo, code = a_room_in_play(server)
    match = server.rooms[code].match
    assert match is not None
    meta = match.result()["replay"]["meta"]
    assert meta["assisted"] is False and meta["assisted_seats"] == []
