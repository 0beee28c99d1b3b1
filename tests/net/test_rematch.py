"""After the end, the same room plays again: every member sees who wants to, the next game starts once for
everyone when every seated person says so (Arzium: the next seat first; Arenas: the same level or the next,
the creator picks); a seat left is open for a bot or a new person. Leaving hands a seat to its bot at once,
told to everyone; an Arzium player may concede; the creator moves and removes people before the start."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import Fake, FakeClock, arzium_setup

from arzium.room import Mirror
from common.games import room_sides
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server


def room_of(server: Server, game: str, setup: dict[str, Any], people: int) -> tuple[list[Fake], str]:
    """A started room of `people` (the first created it), every one ready."""
    fakes = [Fake(server, f"10.0.1.{i}") for i in range(people)]
    for f in fakes:
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    fakes[0].say({"kind": "create", "game": game, "setup": setup, "name": "Ana", "seat": 0})
    joined = fakes[0].last("joined")
    assert joined is not None
    code = joined["code"]
    for i, f in enumerate(fakes[1:], start=1):
        f.say({"kind": "join", "code": code, "name": f"P{i + 1}", "seat": "any"})
        f.say({"kind": "ready"})
    fakes[0].say({"kind": "start"})
    assert all(f.last("game") is not None for f in fakes)
    return fakes, code


ROUND_S = 0.1  # a scripted player sends at most one message a round: within every connection's rate


def on_its_clock(data: Path | None = None) -> Server:
    """A server (in memory, or on the store in `data`) on a clock of its own, which moves only as a test says."""
    return Server(data, room_sides(), clock=FakeClock())


def play_to_the_end(fakes: list[Fake], seed: int = 1) -> None:
    """Scripted Arzium players (a seeded choice among the legal moves) until every one has the result; each
    round, the server's clock moves on `ROUND_S` and its bots play on its tick."""
    server = fakes[0].server
    clock = server.clock
    assert isinstance(clock, FakeClock)
    mirrors = {f: Mirror(seed + i) for i, f in enumerate(fakes)}
    seen = dict.fromkeys(fakes, 0)
    last_game = {f: max(i for i, frame in enumerate(f.got) if frame["kind"] == "game") for f in fakes}
    for f in fakes:
        seen[f] = last_game[f]
    for _round in range(20_000):
        for f, m in mirrors.items():
            for frame in f.got[seen[f]:]:
                m.absorb(frame)
            seen[f] = len(f.got)
        if all(m.result is not None for m in mirrors.values()):
            return
        for f, m in mirrors.items():
            msg = m.next_message()
            if msg is not None:
                f.say(msg)
        clock.advance(ROUND_S)
        server.tick(clock.now_ms())
    raise AssertionError("the game did not end")


def games(f: Fake) -> list[dict[str, Any]]:
    return [frame for frame in f.got if frame["kind"] == "game"]


def test_arzium_plays_again_in_the_same_room_with_the_next_seat_first() -> None:
    server = on_its_clock()
    (ana, bo), code = room_of(server, "arzium", arzium_setup(2), 2)
    play_to_the_end([ana, bo])
    result = ana.last("result")
    room = ana.last("room")
    assert result is not None and result["game"] == 1 and result["conceded"] == []
    assert room is not None and room["phase"] == "over" and room["again"] == {"want": [], "next": False,
                                                                             "can_next": False}
    ana.say({"kind": "again", "game": 1})
    seen = bo.last("room")
    assert seen is not None and seen["again"]["want"] == [0] and seen["phase"] == "over"  # every member sees it
    bo.say({"kind": "again", "game": 1})
    for f in (ana, bo):
        room = f.last("room")
        assert room is not None and room["phase"] == "playing" and room["games"] == 2 and room["code"] == code
        assert len(games(f)) == 2
        assert games(f)[-1]["view"]["setup"]["first_player"] == 1  # the next seat starts
    assert server.rooms[code].inputs == 0
    play_to_the_end([ana, bo], seed=7)  # the second game is played to its end too
    assert ana.last("result")["game"] == 2  # type: ignore[index]


def test_answers_at_the_same_moment_start_one_game_however_many_there_are() -> None:
    server = on_its_clock()
    fakes, code = room_of(server, "arzium", arzium_setup(3), 3)
    play_to_the_end(fakes)
    for _repeat in range(3):  # every one asks three times, in turn, as impatient clicks would
        for f in fakes:
            f.say({"kind": "again", "game": 1, "id": 5})
    for f in fakes:
        assert len(games(f)) == 2, "exactly one new game for each member"
        assert not [frame for frame in f.got if frame["kind"] == "error"]
    assert server.rooms[code].games == 2


def test_one_who_does_not_want_to_holds_the_next_game_and_a_seat_left_is_open_for_a_bot() -> None:
    server = on_its_clock()
    (ana, bo, cy), _code = room_of(server, "arzium", arzium_setup(3), 3)
    play_to_the_end([ana, bo, cy])
    ana.say({"kind": "again", "game": 1})
    bo.say({"kind": "again", "game": 1})
    bo.say({"kind": "again", "game": 1, "want": False})
    cy.say({"kind": "leave"})
    note = ana.last("notice")
    assert note == {"kind": "notice", "what": "left", "seat": 2, "name": "P3"}
    room = ana.last("room")
    assert room is not None and room["seats"][2]["status"] == "open" and room["again"]["want"] == [0]
    bo.say({"kind": "again", "game": 1})
    assert len(games(ana)) == 1  # an open seat: nobody plays yet
    ana.say({"kind": "bot", "seat": 2})
    room = ana.last("room")
    assert room is not None and room["phase"] == "playing" and len(games(bo)) == 2
    assert room["seats"][2]["kind"] == "bot"


def test_a_new_person_takes_the_seat_left_and_is_asked_too() -> None:
    server = on_its_clock()
    (ana, bo), code = room_of(server, "arzium", arzium_setup(2), 2)
    play_to_the_end([ana, bo])
    bo.say({"kind": "leave"})
    ana.say({"kind": "again", "game": 1})
    dee = Fake(server, "10.0.1.9")
    dee.say({"kind": "hello", "version": PROTOCOL_VERSION})
    dee.say({"kind": "join", "code": code, "name": "Dee", "seat": "any"})
    assert dee.last("room")["phase"] == "over" and len(games(ana)) == 1  # type: ignore[index]
    dee.say({"kind": "again", "game": 1})
    assert len(games(dee)) == 1 and len(games(ana)) == 2
    assert games(dee)[0]["view"]["setup"]["seats"][1]["name"] == "Dee"


@pytest.mark.parametrize(("who", "msg", "code"), [
    ("watcher", {"kind": "again", "game": 1}, "not_seated"),
    ("guest", {"kind": "again", "game": 1, "next": True}, "not_creator"),
    ("host", {"kind": "again", "game": 1, "next": True}, "bad_setup"),  # Arzium has no levels
    ("host", {"kind": "again", "game": 9}, "bad_message"),
    ("guest", {"kind": "again", "game": "1"}, "bad_message"),
    ("guest", {"kind": "again", "game": 1, "want": "yes"}, "bad_message"),
])
def test_wrong_answers_after_the_end_get_one_error_and_change_nothing(who: str, msg: dict[str, Any],
                                                                     code: str) -> None:
    server = on_its_clock()
    (ana, bo), room_code = room_of(server, "arzium", arzium_setup(2), 2)
    watcher = Fake(server, "10.0.1.8")
    watcher.say({"kind": "hello", "version": PROTOCOL_VERSION})
    watcher.say({"kind": "join", "code": room_code, "name": "Wen", "seat": "watch"})
    play_to_the_end([ana, bo])
    sender = {"watcher": watcher, "guest": bo, "host": ana}[who]
    before = [len(f.got) for f in (ana, bo, watcher) if f is not sender]
    answer = sender.say(msg)
    assert [f["code"] for f in answer if f["kind"] == "error"] == [code] and len(answer) == 1
    assert [len(f.got) for f in (ana, bo, watcher) if f is not sender] == before
    assert server.rooms[room_code].seats[1].again is False


def test_again_before_the_end_is_refused() -> None:
    server = on_its_clock()
    (ana, _bo), _code = room_of(server, "arzium", arzium_setup(2), 2)
    assert ana.say({"kind": "again", "game": 1})[0]["code"] == "not_over"


ARENAS_LEVEL_1 = {"level": 1, "players": ["Ana", "Bo"], "bots": []}


def test_arenas_lost_then_retried_or_taken_to_the_next_level_as_the_host_picks() -> None:
    server = on_its_clock()
    (ana, bo), _code = room_of(server, "arenas", ARENAS_LEVEL_1, 2)
    server.tick(server.clock.now_ms() + 3_600_000)  # nobody plays: the sand runs out
    result = bo.last("result")
    assert result is not None and result["outcome"]["result"] == "lost"
    room = bo.last("room")
    assert room is not None and room["again"]["can_next"] is True
    assert bo.say({"kind": "again", "game": 1, "next": True})[0]["code"] == "not_creator"
    bo.say({"kind": "again", "game": 1})
    ana.say({"kind": "again", "game": 1})  # the host: the same level
    assert games(bo)[-1]["view"]["setup"]["level"]["number"] == 1 and len(games(bo)) == 2
    server.tick(server.clock.now_ms() + 7_200_000)
    assert ana.last("result")["game"] == 2  # type: ignore[index]
    ana.say({"kind": "again", "game": 2, "next": True})  # the host: the next level
    room = bo.last("room")
    assert room is not None and room["again"] == {"want": [0], "next": True, "can_next": True}
    bo.say({"kind": "again", "game": 2})
    assert len(games(ana)) == 3 and games(ana)[-1]["view"]["setup"]["level"]["number"] == 2


def test_arenas_players_cannot_concede() -> None:
    server = on_its_clock()
    (_ana, bo), _code = room_of(server, "arenas", ARENAS_LEVEL_1, 2)
    assert bo.say({"kind": "concede"})[0]["code"] == "not_allowed"


def test_leaving_in_play_hands_the_seat_to_its_bot_at_once_and_tells_everyone() -> None:
    server = on_its_clock()
    (ana, bo, cy), code = room_of(server, "arzium", arzium_setup(3), 3)
    cy.say({"kind": "leave"})
    for f in (ana, bo):
        assert f.last("notice") == {"kind": "notice", "what": "left", "seat": 2, "name": "P3"}
        room = f.last("room")
        assert room is not None and room["seats"][2]["status"] == "bot"  # no grace to wait for
    assert server.rooms[code].seats[2].zombie == "normal"


def test_a_player_who_concedes_is_played_by_the_bot_to_the_end_and_the_result_says_so() -> None:
    server = on_its_clock()
    (ana, bo), _code = room_of(server, "arzium", arzium_setup(2), 2)
    bo.say({"kind": "concede"})
    assert ana.last("notice") == {"kind": "notice", "what": "conceded", "seat": 1, "name": "P2"}
    room = ana.last("room")
    assert room is not None and room["seats"][1]["status"] == "bot" and room["seats"][1]["conceded"]
    assert bo.say({"kind": "reclaim"})[0]["code"] == "not_playing"  # it cannot be taken back in this game
    assert bo.say({"kind": "act", "action": {}})[0]["code"] == "not_playing"
    play_to_the_end([ana])  # the bot plays seat 1 on the server's ticks
    result = ana.last("result")
    assert result is not None and result["conceded"] == [1]
    bo.say({"kind": "again", "game": 1})
    ana.say({"kind": "again", "game": 1})
    room = ana.last("room")
    assert room is not None and not room["seats"][1]["conceded"] and room["seats"][1]["status"] == "here"


def test_the_creator_moves_and_removes_people_before_the_start() -> None:
    server = on_its_clock()
    ana, bo, cy = (Fake(server, f"10.0.2.{i}") for i in range(3))
    for f in (ana, bo, cy):
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(3), "name": "Ana", "seat": 0})
    code = ana.last("joined")["code"]  # type: ignore[index]
    bo.say({"kind": "join", "code": code, "name": "Bo", "seat": 1})
    cy.say({"kind": "join", "code": code, "name": "Cy", "seat": "watch"})
    assert ana.last("room")["watching"] == ["Cy"]  # type: ignore[index]
    assert bo.say({"kind": "move", "seat": 1, "to": 2})[0]["code"] == "not_creator"
    ana.say({"kind": "move", "seat": 1, "to": 2})
    room = bo.last("room")
    assert room is not None and room["you"]["seat"] == 2 and room["seats"][2]["name"] == "Bo"
    assert room["seats"][1]["status"] == "open"
    assert ana.say({"kind": "remove", "seat": 0})[0]["code"] == "not_seated"  # not their own
    ana.say({"kind": "remove", "seat": 2})
    assert bo.last("notice") == {"kind": "notice", "what": "removed", "seat": 2, "name": "Bo"}
    room = ana.last("room")
    assert room is not None and room["seats"][2]["status"] == "open"
    assert server.rooms[code].seats[2].token is None
    assert len(server.rooms[code].members) == 2  # the host and the watcher
    assert bo.say({"kind": "ready"})[0]["code"] == "no_room"


def test_a_stored_room_comes_back_after_a_rematch_with_only_the_new_games_moves(tmp_path: Any) -> None:
    server = on_its_clock(tmp_path)
    (ana, bo), code = room_of(server, "arzium", arzium_setup(2), 2)
    play_to_the_end([ana, bo])
    ana.say({"kind": "again", "game": 1})
    bo.say({"kind": "again", "game": 1})
    assert server.store is not None
    server.commits.now()
    server.store.close()  # the server stops: its folder is free for the next
    again = on_its_clock(tmp_path)  # a restart reads the store
    room = again.rooms[code]
    assert room.games == 2 and room.phase == "playing" and room.inputs == 0
    assert room.match is not None
    assert room.match.snapshot(0, again.clock.now_ms())["view"]["setup"]["first_player"] == 1


room_kinds = st.sampled_from(["again", "concede", "move", "remove"])
small = st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=5) | st.lists(st.integers(), max_size=2)


@pytest.fixture(scope="module")
def two_rooms() -> dict[bool, tuple[Server, list[Fake], str]]:
    """A room in play and a room after its end (by whether it is over), each with two people and a watcher."""
    rooms = {}
    for over in (False, True):
        server = on_its_clock()
        (ana, bo), code = room_of(server, "arzium", arzium_setup(2), 2)
        wen = Fake(server, "10.0.1.8")
        wen.say({"kind": "hello", "version": PROTOCOL_VERSION})
        wen.say({"kind": "join", "code": code, "name": "Wen", "seat": "watch"})
        if over:
            play_to_the_end([ana, bo])
        rooms[over] = (server, [ana, bo, wen], code)
    return rooms


room_messages = {"kind": room_kinds, "over": st.booleans(),
                 "fields": st.dictionaries(st.sampled_from(["game", "want", "next", "seat", "to", "id"]), small,
                                           max_size=4)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**room_messages)
def test_room_messages_from_a_watcher_or_a_seat_not_the_creators_change_nothing_but_their_own_answer(
        two_rooms: dict[bool, tuple[Server, list[Fake], str]], kind: str, fields: dict[str, Any],
        over: bool) -> None:
    check_a_room_message(two_rooms, kind, fields, over)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**room_messages)
def test_room_messages_from_a_watcher_or_a_seat_not_the_creators_change_nothing_but_their_own_answer_long_run(
        two_rooms: dict[bool, tuple[Server, list[Fake], str]], kind: str, fields: dict[str, Any],
        over: bool) -> None:
    check_a_room_message(two_rooms, kind, fields, over)


def check_a_room_message(two_rooms: dict[bool, tuple[Server, list[Fake], str]], kind: str, fields: dict[str, Any],
                         over: bool) -> None:
    """A `kind` message with `fields` from a watcher (and a guest, unless it may answer for itself), in a room in
    play or `over`: one error to the sender, nothing changed, nobody else told."""
    server, (ana, bo, wen), code = two_rooms[over]
    room = server.rooms[code]
    senders = [wen] if kind in ("concede", "again") else [wen, bo]  # a guest may concede and answer for itself
    for sender in senders:
        before = (room.phase, room.games, room.inputs, [s.to_record() for s in room.seats], len(room.members))
        heard = [len(f.got) for f in (ana, bo, wen) if f is not sender]
        answer = sender.say({**fields, "kind": kind})
        assert len([f for f in answer if f["kind"] == "error"]) == 1 and len(answer) == 1, answer
        assert (room.phase, room.games, room.inputs, [s.to_record() for s in room.seats],
                len(room.members)) == before
        assert [len(f.got) for f in (ana, bo, wen) if f is not sender] == heard


def test_a_return_with_a_token_is_sent_the_game_it_comes_back_to() -> None:
    """After the end a return gets the finished game and its result (with who conceded and its number); once the
    next game started, that game and no result."""
    server = on_its_clock()
    (ana, bo), code = room_of(server, "arzium", arzium_setup(2), 2)
    token = bo.last("joined")["token"]  # type: ignore[index]
    play_to_the_end([ana, bo])
    back = Fake(server, "10.0.9.1")
    got = back.say({"kind": "hello", "version": PROTOCOL_VERSION, "token": token})
    result = next(x for x in got if x["kind"] == "result")
    assert result["game"] == 1 and result["conceded"] == [] and result == bo.last("result")
    ana.say({"kind": "again", "game": 1})
    back.say({"kind": "again", "game": 1})
    assert server.rooms[code].phase == "playing" and server.rooms[code].games == 2
    again = Fake(server, "10.0.9.2")
    got = again.say({"kind": "hello", "version": PROTOCOL_VERSION, "token": token})
    assert [x["kind"] for x in got if x["kind"] in ("game", "result")] == ["game"]
    assert next(x for x in got if x["kind"] == "game")["view"]["setup"]["first_player"] == 1  # the next game's
    play_to_the_end([ana, again], seed=7)
    last = Fake(server, "10.0.9.3")
    got = last.say({"kind": "hello", "version": PROTOCOL_VERSION, "token": token})
    assert next(x for x in got if x["kind"] == "result")["game"] == 2


def test_a_reclaim_of_a_seat_no_bot_plays_is_answered_with_the_room_and_tells_nobody_else() -> None:
    server = on_its_clock()
    (ana, bo), code = room_of(server, "arzium", arzium_setup(2), 2)
    ana.got.clear()
    answer = bo.say({"kind": "reclaim"})  # a reclaim that crossed its bot's hand-back: nothing to take back
    assert [f["kind"] for f in answer] == ["room"] and answer[0]["seats"][1]["status"] != "bot"
    assert ana.got == [] and server.rooms[code].seats[1].zombie is None
