"""Whatever a client sends, the server answers one error frame (or closes that connection), never fails, and
no other room notices; the protocol's shapes, codes, tokens and limits."""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import string
from typing import Any, get_args, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import CASES, Fake, Served, a_room_in_play, arzium_setup, close_all, open_room, pump_until
from websockets.asyncio.client import connect as ws_connect

from arzium.room import digest, view_of
from common.games import room_sides
from common.net.limits import JOINS_PER_MINUTE, RateWindow
from common.net.messages import ClientMessage
from common.net.protocol import (
    CODE_ALPHABET,
    MAX_BYTES,
    PROTOCOL_VERSION,
    SHAPES,
    ProtocolError,
    decode,
    new_code,
    new_token,
    read_code,
    room_tag,
    token_hash,
)
from common.net.server import Server
from common.net.server_time import SYSTEM_CLOCK

ERROR_CODES = {"version", "bad_message", "unknown_kind", "too_big", "rate", "hello_first", "no_room", "bad_token",
               "seat_taken", "room_full", "no_spectators", "not_creator", "not_seated", "not_ready", "not_lobby",
               "not_playing", "bad_setup", "server_busy", "chat_rate", "chat_off", "not_over", "not_allowed",
               "turn_tables"}


@pytest.fixture(scope="module")
def world() -> tuple[Server, Fake, Fake, str, Fake, Fake]:
    server = Server(None, room_sides())
    ana, bo, code = a_room_in_play(server)
    stranger = Fake(server, "10.0.0.9")
    greeted = Fake(server, "10.0.0.10")
    greeted.say({"kind": "hello", "version": PROTOCOL_VERSION})
    return server, ana, bo, code, stranger, greeted


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=10)
kinds = st.sampled_from([*SHAPES, "bogus", "", "result", "welcome"])
messages = st.builds(lambda kind, fields, extra: {**fields, **extra, "kind": kind}, kinds,
                     st.dictionaries(st.sampled_from(["version", "token", "game", "setup", "name", "seat", "code",
                                                      "ready", "level", "action", "t", "id", "grace_s",
                                                      "turn_clock_s", "clock", "spectators", "text", "phrase",
                                                      "assists", "watcher_chat", "want", "next", "to"]),
                                           json_values, max_size=5),
                     st.dictionaries(st.text(max_size=8), json_values, max_size=2))


def deep(n: int) -> str:
    return "[" * n + "]" * n


frames = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    messages.map(json.dumps),
    st.integers(min_value=30, max_value=20_000).map(deep),
    st.integers(min_value=30, max_value=5_000).map(lambda n: json.dumps({"kind": "act", "id": 1}).replace(
        '"id"', f'"action": {deep(n)}, "id"')),
    st.integers(min_value=10, max_value=6_000).map(lambda n: '{"kind": "ping", "t": ' + "9" * n + "}"),
    st.sampled_from(['{"kind": "ping", "t": Infinity}', '{"kind": "ping", "t": NaN}', '{"kind": "ping", "t": 1e999}',
                     '{"kind": "hello", "version": 1e300}', '{"kind": 5}', "[]", "null", '"hello"', "{",
                     '{"kind": "join", "code": "' + "A" * 10_000 + '", "name": "x"}']),
    st.builds(lambda seat, msg_id: json.dumps({"kind": "let_bot", "seat": seat, "id": msg_id}),
              st.one_of(st.integers(-2, 17), st.text(max_size=3), st.none()), st.integers(0, 9)),
    st.builds(lambda clock: json.dumps({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Cy",
                                        "clock": clock}),
              st.one_of(json_values, st.fixed_dictionaries(
                  {"mode": st.sampled_from(["off", "turn", "bank", "x"]), "turn_s": st.integers(-5, 10 ** 7),
                   "bank_s": st.integers(-5, 10 ** 8), "increment_s": st.integers(-5, 10 ** 6),
                   "out": st.sampled_from(["bot", "ask", "", 3])}))),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frame=frames, greeted_first=st.booleans())
def test_any_frame_gets_one_error_or_a_reply_and_other_rooms_notice_nothing(
        world: tuple[Server, Fake, Fake, str, Fake, Fake], frame: str, greeted_first: bool) -> None:
    check_any_frame(world, frame, greeted_first)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frame=frames, greeted_first=st.booleans())
def test_any_frame_gets_one_error_or_a_reply_and_other_rooms_notice_nothing_long_run(
        world: tuple[Server, Fake, Fake, str, Fake, Fake], frame: str, greeted_first: bool) -> None:
    check_any_frame(world, frame, greeted_first)


def check_any_frame(world: tuple[Server, Fake, Fake, str, Fake, Fake], frame: str, greeted_first: bool) -> None:
    """`frame` from a stranger or a greeted connection: one error or a reply, and the room in play unchanged."""
    server, ana, bo, code, stranger, greeted = world
    room = server.rooms[code]
    assert room.match is not None
    before = (len(ana.got), len(bo.got), room.inputs, digest(view_of(room.match.match.state)))  # type: ignore[attr-defined]
    sender = greeted if greeted_first else stranger
    answer = sender.say(frame)
    errors = [f for f in answer if f["kind"] == "error"]
    assert all(f["code"] in ERROR_CODES for f in errors), errors
    assert len(errors) <= 1 and (not errors or len(answer) == 1), answer
    assert answer, "every frame gets an answer"
    after = (len(ana.got), len(bo.got), room.inputs, digest(view_of(room.match.match.state)))  # type: ignore[attr-defined]
    assert after == before


def test_binary_and_oversized_frames_close_only_that_connection(served: Served) -> None:
    case = CASES[0]
    seated, _w, _code = open_room(served, case, 2)

    async def abuse() -> list[tuple[dict[str, Any] | None, int | None]]:
        out = []
        for payload in (b"\x00\x01binary", "x" * (MAX_BYTES + 10)):
            async with ws_connect(served.url, max_size=None) as ws:
                await ws.send(json.dumps({"kind": "hello", "version": PROTOCOL_VERSION}))
                await ws.recv()
                await ws.send(payload)
                answer = None
                with contextlib.suppress(Exception):  # closed without a word: that is allowed
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
                await ws.wait_closed()
                out.append((answer, ws.close_code))
        return out
    (binary, binary_code), (_big, big_code) = asyncio.run(abuse())
    assert binary is not None and binary["code"] == "bad_message" and binary_code == 1003
    assert big_code == 1009
    pump_until(seated, lambda: seated[0].player.seq >= 6)  # the room plays on
    assert all(c.link.status == "open" for c in seated)
    close_all(seated)


def test_a_connection_over_its_rate_is_told_then_closed() -> None:
    window = RateWindow(rate=(20.0, 40.0), tokens=40.0)
    taken = [window.take(0.0) for _ in range(100)]
    assert taken[:40] == [True] * 40 and not any(taken[41:])
    assert window.over_since == 0.0 and not window.flooding(4.9) and window.flooding(5.0)


def test_join_attempts_per_address_are_limited() -> None:
    server = Server(None, room_sides())
    f = Fake(server, "10.1.1.1")
    f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    codes = [f.say({"kind": "join", "code": "ZZZZ-ZZZZ", "name": "x"})[0]["code"] for _ in range(JOINS_PER_MINUTE + 3)]
    assert codes[:JOINS_PER_MINUTE] == ["no_room"] * JOINS_PER_MINUTE and codes[-1] == "rate"
    other = Fake(server, "10.1.1.2")  # another address is not held back
    other.say({"kind": "hello", "version": PROTOCOL_VERSION})
    assert other.say({"kind": "join", "code": "ZZZZ-ZZZZ", "name": "x"})[0]["code"] == "no_room"


def test_invite_codes_are_40_bits_read_aloud_and_typed_loosely() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 9 and code[4] == "-" and all(ch in CODE_ALPHABET for ch in code.replace("-", ""))
    assert len(CODE_ALPHABET) ** 8 == 2 ** 40 and not set("ILOU") & set(CODE_ALPHABET)
    assert read_code(" ab0c-d1ef ") == read_code("ABOC D1EF") == read_code("abocdief") == "AB0C-D1EF"
    assert read_code("ABCD-EFG") is None and read_code("ABCD-EFGU") is None


def test_tokens_are_256_bits_and_only_their_hash_is_kept() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(t) >= 43 for t in tokens)
    token = next(iter(tokens))
    assert token not in token_hash(token) and len(token_hash(token)) == 64


def test_the_server_logs_and_stores_no_token(served: Served, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    case = CASES[0]
    seated, watching, code = open_room(served, case, 2, watchers=1)
    tokens = [c.token() for c in seated + watching]
    pump_until(seated, lambda: seated[0].player.seq >= 6)
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("arenas_arzium"))
    stored = served.call(lambda s: s.store.db.execute("SELECT record FROM rooms").fetchall())
    assert f"room {room_tag(code)} created" in logged and code not in logged  # a code read in a log lets one in
    for token in tokens:
        assert token not in logged and all(token not in row[0] for row in stored)
    close_all(seated + watching)


@pytest.mark.parametrize(("msg", "problem"), [
    ({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana"}, "setup"),
    ({"kind": "join", "code": "X", "name": ""}, "join.name"),
    ({"kind": "join", "code": "X", "name": "a" * 25}, "join.name"),
    ({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana", "grace_s": 1}, "create.grace_s"),
    ({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana", "turn_clock_s": 5}, "create.turn_clock_s"),
    ({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana", "clock": {"mode": "turn", "turn_s": 5}},
     "create.clock.turn_s"),
    ({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana", "clock": {"mode": "bank", "bank_s": 60,
                                                                                "increment_s": 61}},
     "create.clock.increment_s"),
    ({"kind": "let_bot", "seat": "1"}, "let_bot.seat"),
    ({"kind": "let_bot"}, "let_bot.seat"),
    ({"kind": "ping", "t": "now"}, "ping.t"),
    ({"kind": "ready", "ready": 1}, "ready.ready"),
    ({"kind": "bot"}, "bot.seat"),
])
def test_each_bad_field_is_named_in_one_line(msg: dict[str, Any], problem: str) -> None:
    if problem == "setup":
        server = Server(None, room_sides())
        f = Fake(server)
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
        answer = f.say(msg)
        assert answer[0]["code"] == "bad_setup" and "\n" not in answer[0]["message"]
        return
    with pytest.raises(ProtocolError) as caught:
        decode(json.dumps(msg))
    assert caught.value.code == "bad_message" and str(caught.value).startswith(problem)


def test_each_checked_kind_has_the_fields_its_message_type_names() -> None:
    types = {get_type_hints(t)["kind"].__args__[0]: t for t in get_args(ClientMessage)}
    assert set(types) == set(SHAPES)
    for kind, shape in SHAPES.items():
        named = types[kind].__required_keys__ | types[kind].__optional_keys__
        assert named == {"kind", "id", *shape}, kind
        assert types[kind].__required_keys__ == {"kind", *(f for f, (_c, default) in shape.items() if default is ...)}
    checked = decode(json.dumps({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana", "id": 3}))
    assert set(checked) == {"kind", "id", *SHAPES["create"]}  # every field there once checked: defaults filled


def test_a_name_from_the_network_is_made_safe_to_draw() -> None:
    msg = decode(json.dumps({"kind": "join", "code": "X", "name": "Bo\x1b[31m\u202e\nby"}))
    assert set(msg["name"]) <= set(string.printable) | {"?"} and "\x1b" not in msg["name"] and "\n" not in msg["name"]


def test_unknown_kinds_and_hello_first() -> None:
    server = Server(None, room_sides())
    f = Fake(server)
    assert f.say({"kind": "ping", "t": 1})[0]["code"] == "hello_first"
    welcome = f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    assert welcome[0]["kind"] == "welcome" and abs(welcome[0]["server_ms"] - SYSTEM_CLOCK.now_ms()) < 5_000
    assert f.say({"kind": "fly"})[0]["code"] == "unknown_kind"
    assert f.say({"kind": "act", "action": {}})[0]["code"] == "no_room"


def test_idle_rooms_expire_and_leave_the_store(tmp_path: Any) -> None:
    from common.net.room import LOBBY_IDLE_MS, PLAY_IDLE_MS
    server = Server(tmp_path, room_sides())
    ana, bo, playing = a_room_in_play(server)
    lonely = Fake(server, "10.0.0.4")
    lonely.say({"kind": "hello", "version": PROTOCOL_VERSION})
    lonely.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Cy", "seat": 0})
    lobby = next(f["code"] for f in lonely.got if f["kind"] == "joined")
    for f in (ana, bo, lonely):
        server.receive(f.conn, json.dumps({"kind": "leave"}))
    server.tick(SYSTEM_CLOCK.now_ms() + LOBBY_IDLE_MS + 1_000)
    server.expire(SYSTEM_CLOCK.now_ms() + LOBBY_IDLE_MS + 1_000)
    assert lobby not in server.rooms and playing in server.rooms  # a game waits longer for its people
    server.tick(SYSTEM_CLOCK.now_ms() + PLAY_IDLE_MS + 1_000)
    server.expire(SYSTEM_CLOCK.now_ms() + PLAY_IDLE_MS + 1_000)
    assert playing not in server.rooms
    assert server.store is not None and server.store.rooms() == ([], [])


def test_a_turn_in_progress_is_seen_only_by_its_player_until_confirmed() -> None:
    from arzium.rules.engine import apply as apply_action
    from arzium.rules.engine import current_player, legal_actions
    from arzium.rules.state import clone
    server = Server(None, room_sides())
    pending = None
    for _attempt in range(20):  # a room where the player to move has a move that neither ends the turn nor draws
        if pending is not None:
            break
        ana, bo, code = a_room_in_play(server)
        match = server.rooms[code].match.match  # type: ignore[union-attr]
        for f in (ana, bo):  # a turn in progress left by the setup's moves is taken back
            while f.say({"kind": "undo"})[-1]["kind"] == "turn":
                pass
        seat = current_player(match.state)
        if seat != match.state.active:  # a bid out of turn stands at once
            continue
        for action in legal_actions(match.state):
            work = clone(match.state)
            apply_action(work, action)
            if current_player(work) == seat and work.deck == match.state.deck:
                pending = action
                break
    assert pending is not None
    me, other = (ana, bo) if seat == 0 else (bo, ana)
    seen = len(other.got)
    answer = me.say({"kind": "act", "action": pending.to_json(), "id": 1})
    assert [f["kind"] for f in answer] == ["turn"] and answer[0]["undo"] and answer[0]["id"] == 1
    assert len(other.got) == seen
    answer = me.say({"kind": "undo", "id": 2})
    assert answer == [{"kind": "turn", "seat": seat, "actions": [], "undo": False, "id": 2}]
    assert len(other.got) == seen and match.work is None
    assert me.say({"kind": "undo", "id": 3}) == [{"kind": "refused", "reason": "Nothing to undo", "id": 3}]
    assert other.say({"kind": "confirm", "id": 4})[0]["kind"] == "refused"
    assert len(other.got) == seen + 1  # only the refusal


def test_an_arenas_room_has_no_turn_clock_and_a_let_bot_outside_a_time_out_changes_nothing() -> None:
    server = Server(None, room_sides())
    cy = Fake(server)
    cy.say({"kind": "hello", "version": PROTOCOL_VERSION})
    answer = cy.say({"kind": "create", "game": "arenas", "setup": {"level": 1, "players": ["Cy"]}, "name": "Cy",
                     "clock": {"mode": "turn", "turn_s": 30}})
    assert answer[0]["code"] == "bad_setup" and answer[0]["message"].startswith("create.clock:")
    ana, bo, code = a_room_in_play(server)
    room = server.rooms[code]
    before = room.inputs
    assert [f["kind"] for f in bo.say({"kind": "let_bot", "seat": 0, "id": 4})] == ["refused"]  # no clock ran out
    assert room.inputs == before and all(f["kind"] != "clock" for f in ana.got)
