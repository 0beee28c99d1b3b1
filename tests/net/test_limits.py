"""What one connection, one address and one room may take of the server, each limit on the server's clock (an
injected one: no test waits): messages and bytes a second, rooms made and held per address, wrong guesses, the
time to say hello and to be in a room, watchers, bytes waiting for a slow reader, names, and the log."""
from __future__ import annotations

import asyncio
import errno
import json
import logging
from typing import Any

import pytest
from netkit import Fake, FakeClock, arzium_setup

from common.games import room_sides
from common.net.connection import Outbox
from common.net.limits import (
    CREATES_PER_MINUTE,
    JOINS_PER_MINUTE,
    LOCKED_GAP_S,
    RATE_GRACE_S,
    ROOMS_PER_ADDRESS,
    Limits,
    RateWindow,
)
from common.net.protocol import MAX_BYTES, NAME_LIMIT, PROTOCOL_VERSION, ProtocolError, decode
from common.net.repeats import LOG_EVERY_S
from common.net.room import KNOWN_WATCHERS, LOBBY_IDLE_MS, MAX_WATCHERS
from common.net.server import Server
from common.net.server_time import SYSTEM_CLOCK

HELLO = {"kind": "hello", "version": PROTOCOL_VERSION}


def greeted(server: Server, addr: str) -> Fake:
    f = Fake(server, addr)
    f.say(HELLO)
    return f


def create(f: Fake, **setup: Any) -> dict[str, Any]:
    """`f` makes an Arzium room for two people; the answer (a `joined` frame or an `error`)."""
    out = f.say({"kind": "create", "game": "arzium", "setup": setup or arzium_setup(2), "name": "Ana", "seat": 0})
    return next(x for x in out if x["kind"] in ("joined", "error"))


# ---- messages and bytes a second ------------------------------------------------------------------------------
def test_a_steady_flooder_is_closed_after_five_seconds_however_its_allowance_refills() -> None:
    window = RateWindow(rate=(20.0, 40.0), tokens=40.0)
    t, first_drop, closed_at = 0.0, None, None
    while t < 20 and closed_at is None:  # 40 messages a second: twice the rate, so some always get through
        if not window.take(t, 100) and first_drop is None:
            first_drop = t
        if window.flooding(t):
            closed_at = t
        t += 0.025
    assert first_drop is not None and closed_at is not None
    assert RATE_GRACE_S <= closed_at - first_drop < RATE_GRACE_S + 0.1


def test_a_burst_then_a_pause_is_not_a_flood() -> None:
    window = RateWindow(rate=(20.0, 40.0), tokens=40.0)
    assert sum(window.take(0.0) for _ in range(50)) == 40
    assert window.over_since == 0.0
    assert all(window.take(2.0 + i * 0.1) for i in range(60))  # within the rate from now: no longer over
    assert window.over_since is None and not window.flooding(8.0)


def test_bytes_count_as_well_as_messages() -> None:
    window = RateWindow(rate=(20.0, 40.0), tokens=40.0, byte_rate=(65536.0, 262144.0),
                        byte_tokens=262144.0)
    taken = [window.take(0.0, MAX_BYTES) for _ in range(10)]  # far fewer than 40 messages, but 64 KiB each
    assert taken == [True] * 4 + [False] * 6
    assert window.take(1.0, MAX_BYTES) and not window.take(1.0, MAX_BYTES)  # then one a second


def test_only_the_first_dropped_message_of_a_second_is_answered() -> None:
    window = RateWindow()
    answered = [window.answer_drop(i * 0.01) for i in range(250)]  # 2.5 s of drops
    assert sum(answered) == 3 and answered[0] and answered[100] and answered[200]


# ---- rooms made and held per address ------------------------------------------------------------------------
def test_an_address_makes_so_many_rooms_a_minute() -> None:
    clock = FakeClock()
    server = Server(None, room_sides(), clock=clock, limits=Limits(rooms_per_address=1_000))
    f = greeted(server, "10.2.0.1")
    answers = [create(f) for _ in range(CREATES_PER_MINUTE + 1)]
    assert [a["kind"] for a in answers[:CREATES_PER_MINUTE]] == ["joined"] * CREATES_PER_MINUTE
    assert answers[-1] == {"kind": "error", "code": "rate", "message": "too many rooms made from your address: "
                                                                       "wait a minute"}
    assert create(greeted(server, "10.2.0.2"))["kind"] == "joined"  # another address is not held back
    clock.now += 61
    assert create(f)["kind"] == "joined"


def test_an_address_holds_so_many_rooms() -> None:
    clock = FakeClock()
    server = Server(None, room_sides(), clock=clock)
    f = greeted(server, "10.2.0.1")
    for _ in range(ROOMS_PER_ADDRESS):
        assert create(f)["kind"] == "joined"
        clock.now += 10
    held = create(f)  # a minute on and more, the rooms it holds still count
    assert held["code"] == "server_busy" and str(ROOMS_PER_ADDRESS) in held["message"]
    assert create(greeted(server, "10.2.0.2"))["kind"] == "joined"
    assert len(server.rooms) == ROOMS_PER_ADDRESS + 1


def test_an_empty_lobby_expires_and_its_address_may_make_another() -> None:
    server = Server(None, room_sides(), limits=Limits(rooms_per_address=1))
    f = greeted(server, "10.2.0.3")
    code = create(f)["code"]
    f.say({"kind": "leave"})
    assert create(f)["code"] == "server_busy"
    server.tick(SYSTEM_CLOCK.now_ms() + LOBBY_IDLE_MS + 1_000)
    server.expire(SYSTEM_CLOCK.now_ms() + LOBBY_IDLE_MS + 1_000)
    assert code not in server.rooms and create(f)["kind"] == "joined"


# ---- wrong guesses ------------------------------------------------------------------------------------------
def test_a_valid_token_rejoins_and_a_right_code_joins_after_someone_elses_wrong_guesses() -> None:
    clock = FakeClock()
    server = Server(None, room_sides(), clock=clock)
    host = greeted(server, "10.3.0.1")
    joined = create(host)
    guesser = greeted(server, "10.3.0.2")
    wrong = [guesser.say({"kind": "join", "code": "ZZZZ-ZZZZ", "name": "x"})[0]["code"]
             for _ in range(JOINS_PER_MINUTE + 5)]
    assert wrong[:JOINS_PER_MINUTE] == ["no_room"] * JOINS_PER_MINUTE
    assert set(wrong[JOINS_PER_MINUTE + 1:]) == {"rate"}  # not looked at: codes cannot be tried at speed
    back = Fake(server, "10.3.0.2")  # the host's own token, from the guessing address
    back_frames = back.say({**HELLO, "token": joined["token"]})
    assert [x["kind"] for x in back_frames][:2] == ["welcome", "joined"]
    clock.now += LOCKED_GAP_S  # the next join of that address is looked at: the right code gets in
    friend = greeted(server, "10.3.0.2")
    assert friend.say({"kind": "join", "code": joined["code"], "name": "Bo"})[0]["kind"] == "joined"
    assert guesser.say({"kind": "join", "code": "ZZZZ-ZZZZ", "name": "x"})[0]["code"] == "rate"


# ---- connections late to say hello, or in no room -----------------------------------------------------------
def test_a_silent_connection_and_one_in_no_room_are_closed_on_the_servers_clock() -> None:
    clock = FakeClock()
    server = Server(None, room_sides(), clock=clock)
    silent, idle, playing = Fake(server, "10.4.0.1"), Fake(server, "10.4.0.2"), Fake(server, "10.4.0.3")
    idle.say(HELLO)
    playing.say(HELLO)
    create(playing)
    clock.now += server.limits.hello_s - 0.1
    server.sweep(clock.monotonic())
    assert silent.closed is None
    clock.now += 0.1
    server.sweep(clock.monotonic())
    assert silent.closed == (1008, "no hello in time") and idle.closed is None
    clock.now += server.limits.roomless_s
    server.sweep(clock.monotonic())
    assert idle.closed == (1008, "in no room") and playing.closed is None


# ---- watchers -----------------------------------------------------------------------------------------------
class Counting:
    """A store that only counts what it is asked to write."""

    def __init__(self) -> None:
        self.writes: list[str] = []

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int) -> None:
        self.writes.append("room")

    def add_inputs(self, code: str, first: int, inputs: list[Any]) -> None:
        self.writes.append("inputs")

    def add_watcher(self, code: str, token: str) -> None:
        self.writes.append("watcher+")

    def forget_watcher(self, code: str, token: str) -> None:
        self.writes.append("watcher-")

    def clear_inputs(self, code: str) -> None:
        self.writes.append("clear")

    def delete_room(self, code: str) -> None:
        self.writes.append("delete")


def test_watchers_are_capped_forgotten_when_gone_and_stored_one_row_each() -> None:
    server = Server(None, room_sides())
    host = greeted(server, "10.5.0.1")
    code = create(host)["code"]
    room = server.rooms[code]
    counting = Counting()
    room.store = counting
    watchers = [greeted(server, f"10.5.1.{i}") for i in range(MAX_WATCHERS + 1)]
    answers = [w.say({"kind": "join", "code": code, "name": "W", "seat": "watch"})[0] for w in watchers]
    assert [a["kind"] for a in answers[:MAX_WATCHERS]] == ["joined"] * MAX_WATCHERS
    assert answers[-1]["code"] == "room_full"
    assert counting.writes == ["watcher+"] * MAX_WATCHERS  # the room's record is not written again for each
    gone = watchers[0]
    server.dispatch.leave_room(gone.conn, SYSTEM_CLOCK.now_ms())  # its connection dropped: back within the grace
    again = Fake(server, "10.5.1.0")
    assert again.say({**HELLO, "token": answers[0]["token"]})[1]["kind"] == "joined"
    server.dispatch.leave_room(again.conn, SYSTEM_CLOCK.now_ms())
    server.tick(SYSTEM_CLOCK.now_ms() + room.options.grace_s * 1000 + 1_000)
    server.expire(SYSTEM_CLOCK.now_ms() + room.options.grace_s * 1000 + 1_000)
    assert counting.writes[-1] == "watcher-"
    late = Fake(server, "10.5.1.0")
    assert late.say({**HELLO, "token": answers[0]["token"]})[1]["code"] == "bad_token"


def test_a_watchers_churn_keeps_a_rooms_tokens_bounded() -> None:
    server = Server(None, room_sides(), limits=Limits(wrong_guesses=10_000))
    host = greeted(server, "10.6.0.1")
    code = create(host)["code"]
    for i in range(KNOWN_WATCHERS * 3):  # join, then drop: each stays known for the grace, the oldest forgotten
        w = greeted(server, f"10.6.{i // 200}.{i % 200}")
        assert w.say({"kind": "join", "code": code, "name": "W", "seat": "watch"})[0]["kind"] == "joined"
        server.dispatch.leave_room(w.conn, SYSTEM_CLOCK.now_ms())
    assert len(server.rooms[code].watchers) <= KNOWN_WATCHERS + 1
    assert sum(c == code for c in server.tokens.values()) <= KNOWN_WATCHERS + 2


def test_a_watchers_chat_name_comes_back_with_its_token_and_goes_when_the_token_is_forgotten() -> None:
    server = Server(None, room_sides())
    host = greeted(server, "10.6.5.1")
    code = create(host)["code"]
    room = server.rooms[code]
    wen = greeted(server, "10.6.5.2")
    joined = wen.say({"kind": "join", "code": code, "name": "  Wen\n", "seat": "watch"})[0]
    server.dispatch.leave_room(wen.conn, SYSTEM_CLOCK.now_ms())  # dropped: back with its token within the grace
    back = Fake(server, "10.6.5.2")
    assert back.say({**HELLO, "token": joined["token"]})[1]["member"] == joined["member"]
    line = next(x for x in back.say({"kind": "chat", "text": "hola"}) if x["kind"] == "chat")
    assert line["name"] == "Wen" and line["member"] == joined["member"] and line["seat"] is None
    server.dispatch.leave_room(back.conn, SYSTEM_CLOCK.now_ms())
    server.tick(SYSTEM_CLOCK.now_ms() + room.options.grace_s * 1000 + 1_000)  # forgotten: its name and number with it
    server.expire(SYSTEM_CLOCK.now_ms() + room.options.grace_s * 1000 + 1_000)
    assert room.watchers == set() and set(room.numbers) == {room.creator} and room.names == {}
    newcomer = greeted(server, "10.6.5.3").say({"kind": "join", "code": code, "name": "Nia", "seat": "watch"})[0]
    assert newcomer["member"] > joined["member"]  # a number never used before in the room


def test_a_lobby_seat_left_forgets_its_token() -> None:
    server = Server(None, room_sides())
    code = create(greeted(server, "10.6.6.1"))["code"]
    bo = greeted(server, "10.6.6.2")
    token = bo.say({"kind": "join", "code": code, "name": "Bo"})[0]["token"]
    bo.say({"kind": "leave"})
    assert len(server.tokens) == 1 and set(server.rooms[code].numbers) == {server.rooms[code].creator}
    assert greeted(server, "10.6.6.3").say({**HELLO, "token": token})[1]["code"] == "bad_token"


# ---- names and strings --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["x" * 30_000, "x" * (NAME_LIMIT + 1), "Bo\nby"])
def test_a_bot_seats_name_goes_through_the_one_check_of_names(name: str) -> None:
    server = Server(None, room_sides())
    setup = arzium_setup(1, 1)
    setup["seats"][1]["name"] = name
    answer = create(greeted(server, "10.7.0.1"), **setup)
    assert answer["kind"] == "error" and answer["code"] in ("bad_setup", "bad_message") and not server.rooms


def test_a_lone_surrogate_anywhere_in_a_frame_is_a_bad_message() -> None:
    for frame in ['{"kind": "join", "code": "X", "name": "\\ud800"}', '{"kind": "ping", "t": 1, "\\udfff": 1}',
                  '{"kind": "create", "game": "arzium", "name": "A", "setup": {"seats": [{"name": "\\ud83d"}]}}']:
        with pytest.raises(ProtocolError) as caught:
            decode(frame)
        assert caught.value.code == "bad_message" and "surrogate" in str(caught.value)
    assert decode('{"kind": "join", "code": "X", "name": "\\ud83d\\ude00 Ana"}')["name"] == "\U0001f600 Ana"


# ---- slow readers -------------------------------------------------------------------------------------------
def test_a_slow_readers_frames_are_capped_by_their_bytes() -> None:
    box = Outbox(1_000)
    assert all(box.put("x" * 150) for _ in range(6))
    assert not box.put("x" * 150)  # 1,050 bytes would wait: cut off, and what waited is let go of
    assert box.over and box.empty() and box.bytes == 0 and not box.put("y")


def test_an_outbox_hands_its_frames_in_order() -> None:
    async def body() -> list[str]:
        box = Outbox(100)
        box.put("a")
        box.put("b")
        return [await box.get(), await box.get()]
    assert asyncio.run(body()) == ["a", "b"]


# ---- the log ------------------------------------------------------------------------------------------------
def test_running_out_of_open_files_is_one_line_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    server = Server(None, room_sides(), clock=clock)
    caplog.set_level(logging.INFO, "arenas_arzium.server")
    loop = asyncio.new_event_loop()
    try:
        for _ in range(500):
            server.transport._loop_problem(loop, {"message": "socket.accept() out of system resource",
                                        "exception": OSError(errno.EMFILE, "Too many open files")})
            clock.now += 0.2  # 100 s of accept() failing
    finally:
        loop.close()
    lines = [r for r in caplog.records if "open files" in r.getMessage()]
    assert len(lines) == 2 and all(r.exc_info is None for r in lines)
    assert "(300 times since this was last said)" in lines[1].getMessage()
    assert LOG_EVERY_S == 60


def test_the_log_names_rooms_by_a_hash_never_by_their_code(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, "arenas_arzium.server")
    server = Server(None, room_sides())
    code = create(greeted(server, "10.8.0.1"))["code"]
    bo = greeted(server, "10.8.0.2")
    bo.say({"kind": "join", "code": code, "name": "Bo"})
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "created" in text and "joined" in text
    assert code not in text and code.replace("-", "") not in text
    assert json.dumps(code) not in text


def test_the_connection_cap_leaves_headroom_below_the_open_file_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    from common.net.limits import connection_cap
    for soft, cap in ((1024, 896), (256, 192), (65536, 57344)):
        monkeypatch.setattr(resource, "getrlimit", lambda _which, soft=soft: (soft, 1 << 20))
        assert connection_cap() == cap


def test_a_client_dropped_at_once_again_and_again_backs_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that closes every connection at once (its store cannot commit): the link's waits grow to 8 s,
    with jitter, rather than starting again from 0.25 s after each short connection."""
    from websockets.asyncio.server import ServerConnection, serve

    from common.net import client
    waits: list[float] = []
    enough = asyncio.Event()

    async def no_wait(self: client.Link, seconds: float) -> None:
        waits.append(seconds)
        if len(waits) >= 8:
            self._closing = True
            enough.set()
        await asyncio.sleep(0)
    monkeypatch.setattr(client.Link, "_sleep", no_wait)

    async def drop(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.close(1011, "moves not stored")

    async def body() -> None:
        async with serve(drop, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            link = client.Link(f"ws://127.0.0.1:{port}", token="t", ping=False)
            await asyncio.to_thread(link._thread.join, 20)
    asyncio.run(body())
    assert len(waits) >= 8
    steps = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert all(0.5 * step <= wait <= 1.5 * step for wait, step in zip(waits, steps, strict=False)), waits


def test_one_token_is_one_member_however_many_connections_rejoin_with_it() -> None:
    """Rejoining with one token again and again (from many connections) neither adds members nor sends the others
    a frame each time: no connection can multiply the server's work by the room's size."""
    server = Server(None, room_sides())
    host = greeted(server, "10.9.0.1")
    code = create(host)["code"]
    watcher = greeted(server, "10.9.0.2")
    token = watcher.say({"kind": "join", "code": code, "name": "W", "seat": "watch"})[0]["token"]
    seen_by_host = len(host.got)
    again = [Fake(server, f"10.9.1.{i}") for i in range(40)]
    for f in again:
        assert [x["kind"] for x in f.say({**HELLO, "token": token})][:2] == ["welcome", "joined"]
    room = server.rooms[code]
    assert len(room.members) == 2 and sum(m.token == again[0].conn.member.token for m in room.members) == 1
    assert len(host.got) == seen_by_host  # nothing the host sees changed


def test_a_connection_comes_back_with_a_token_once_a_second() -> None:
    clock = FakeClock()
    server = Server(None, room_sides(), clock=clock)
    host = greeted(server, "10.9.2.1")
    token = create(host)["token"]
    back = Fake(server, "10.9.2.1")
    assert back.say({**HELLO, "token": token})[1]["kind"] == "joined"
    assert back.say({**HELLO, "token": token})[1] == {"kind": "error", "code": "rate",
                                                      "message": "one return with a token a second: wait a moment"}
    clock.now += 1.0
    assert back.say({**HELLO, "token": token})[1]["kind"] == "joined"
