"""Turn-based tables on an injected clock (the room is given the time; nothing waits): a game played a move a
day by people who are never connected at the same time, a clock run out under each rule, a restart in the
middle with the clocks resuming and the turn in progress kept, closing the app without the seat's bot taking
over; and the list of tables by tokens (each token lists only its own table, the message fuzzed)."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import Fake, FakeClock, arzium_setup

from arzium.room import ArziumMatch, ArziumSide
from arzium.rules.engine import current_player, is_over, legal_actions
from arzium.rules.state import default_setup
from common.games import room_sides
from common.net.limits import LOCKED_GAP_S, Limits
from common.net.protocol import PROTOCOL_VERSION, TABLES_MAX, ProtocolError, check, token_hash
from common.net.room import ALIVE_EVERY_TURN_MS, Member, Options, Room
from common.net.server import Server
from common.net.store import Store
from common.net.turn_clock import ClockRule

HOUR = 3_600_000
DAY = 24 * HOUR
START = 1_000
DAILY = ClockRule(3 * DAY, DAY)  # 24 h a move, a bank of 3 days


class Table:
    """A started turn-based room of two people (Ana at seat 0 made it, Bo at seat 1), each member's frames kept
    decoded; a person's app opens (`open_app`) and closes (`close_app`) at the times given."""

    def __init__(self, clock: ClockRule = DAILY, store: Store | None = None, full: bool = True) -> None:
        self.sent: dict[str, list[str]] = {"ana": [], "bo": []}
        self.rng = random.Random(3)
        setup = default_setup(2, full_game=full).to_dict()
        self.room = Room("ABCD-EFGH", "arzium", ArziumSide(), setup, Options(clock=clock, pace="turn"),
                         token_hash("t-ana"), store, 0)
        self.members: dict[int, Member | None] = {0: self.room.add_creator(self.sent["ana"].append, "Ana", 0,
                                                                           "t-ana", "127.0.0.1", 0)}
        bo, self.bo_token = self.room.join(self.sent["bo"].append, "Bo", 1, "127.0.0.1", 0)
        self.members[1] = bo
        self.room.set_ready(bo, True, 0)
        self.room.start(self.room.members[0], 7, START)

    @property
    def match(self) -> ArziumMatch:
        assert isinstance(self.room.match, ArziumMatch)
        return self.room.match

    def token(self, seat: int) -> str:
        return "t-ana" if seat == 0 else self.bo_token

    def frames(self, seat: int, kind: str) -> list[dict[str, Any]]:
        return [f for f in map(json.loads, self.sent[("ana", "bo")[seat]]) if f["kind"] == kind]

    def close_app(self, seat: int, now: int) -> None:
        member = self.members[seat]
        assert member is not None
        self.room.leave(member, now)  # the app sends `leave` as it closes the table
        self.members[seat] = None

    def open_app(self, seat: int, now: int) -> None:
        self.members[seat] = self.room.rejoin(self.sent[("ana", "bo")[seat]].append, self.token(seat), "127.0.0.1",
                                              now)

    def act(self, seat: int, now: int) -> None:
        member = self.members[seat]
        assert member is not None
        m = self.match.match
        action = self.rng.choice(legal_actions(m.view_state()))
        self.room.game_input(member, {"kind": "act", "action": action.to_json()}, None, now)

    def play_turn(self, seat: int, now: int) -> None:
        """`seat`'s person plays a whole turn (a seeded choice among the legal actions), then confirms it."""
        m = self.match.match
        while m.acting_human() == seat:
            self.act(seat, now)
        if m.work is not None:
            member = self.members[seat]
            assert member is not None
            self.room.game_input(member, {"kind": "confirm"}, None, now)

    def tick_until(self, done: Any, now: int) -> None:
        for _ in range(60):
            if done():
                return
            self.room.tick(now)
        raise AssertionError("the room did not get there")


def test_a_game_played_a_move_a_day_by_people_never_online_together_reaches_its_end() -> None:
    t = Table(full=False)  # the basic game: fewer moves, the same clocks
    for seat in (0, 1):
        t.close_app(seat, START + 1)
    now, opened = START, 0
    while t.room.phase == "playing":
        p = current_player(t.match.match.state)
        assert p is not None and t.match.clock.running == p  # the game waits on a person, whose clock runs
        assert t.room.next_tick_ms() == t.match.clock.deadline_ms()  # no grace, no bot: only the clock is due
        now += 20 * HOUR  # each person comes back the next day, plays, and closes the app
        t.room.tick(now)
        assert not t.room.expired(now)
        t.open_app(p, now)
        opened += 1
        t.play_turn(p, now + 60_000)
        t.close_app(p, now + 120_000)
        now += 120_000
    assert is_over(t.match.match.state) and not t.match.bot_moves  # no bot ever played a person's seat
    assert opened > 10 and now - START > 10 * DAY
    (result,) = t.frames(0, "result") or t.frames(1, "result") or [None]
    assert result is not None and result["outcome"]["over"] and "ran_out" not in result


def test_a_move_made_while_the_other_app_is_closed_reaches_it_when_it_opens_again() -> None:
    t = Table()
    p = current_player(t.match.match.state)
    assert p is not None
    t.close_app(1 - p, START + 10)
    assert t.room.seats[1 - p].status() == "away" and t.room.seats[1 - p].zombie is None
    t.play_turn(p, START + 5 * HOUR)
    assert current_player(t.match.match.state) == 1 - p and t.match.clock.running == 1 - p
    before = len(t.frames(1 - p, "game"))
    t.open_app(1 - p, START + 2 * DAY)
    game = t.frames(1 - p, "game")[before:][0]
    assert game["seq"] == len(t.match.match.actions) > 0  # the move is in the game it is sent
    assert game["clock"]["running"] == 1 - p
    assert game["clock"]["left_ms"][1 - p] == 3 * DAY - (2 * DAY - 5 * HOUR)  # its day started with the move


def test_the_turn_in_progress_is_kept_on_the_server_until_its_seat_confirms() -> None:
    t = Table()
    p = current_player(t.match.match.state)
    assert p is not None
    t.act(p, START + HOUR)
    pending = list(t.match.match.pending)
    t.close_app(p, START + HOUR + 1)
    t.room.tick(START + 2 * DAY)  # a day later: nothing happened to it
    assert t.match.match.pending == pending and t.match.match.work is not None
    t.open_app(p, START + 2 * DAY)
    game = t.frames(p, "game")[-1]
    assert game["pending"] == [a.to_json() for a in pending]


def test_a_seat_out_of_time_under_the_bot_rule_has_that_turn_played_and_keeps_its_seat() -> None:
    t = Table(ClockRule(3 * DAY, DAY, "bot"))
    p = current_player(t.match.match.state)
    assert p is not None
    t.close_app(p, START)
    t.room.tick(START + 3 * DAY - 1)
    assert current_player(t.match.match.state) == p  # not yet
    t.tick_until(lambda: current_player(t.match.match.state) != p, START + 3 * DAY)
    assert set(t.match.bot_moves.values()) == {"clock"} and t.match.match.submits(p)
    (told,) = t.frames(1 - p, "clock")
    assert told["event"] == "out" and told["seat"] == p
    assert t.room.phase == "playing" and t.room.seats[p].zombie is None


def test_a_seat_out_of_time_under_the_end_rule_ends_the_game_and_the_result_names_it(tmp_path: Path) -> None:
    store = Store(tmp_path)
    t = Table(ClockRule(3 * DAY, DAY, "end"), store)
    p = current_player(t.match.match.state)
    assert p is not None
    t.act(p, START + HOUR)  # a turn begun, never confirmed
    t.room.tick(START + 3 * DAY)
    assert t.room.phase == "over" and not t.match.match.actions
    for seat in (0, 1):
        (result,) = t.frames(seat, "result")
        assert result["ran_out"] == [p] and result["outcome"]["winner_indices"] == [1 - p]
        assert result["replay"]["meta"]["ran_out"] == [p]
    assert t.room.next_tick_ms() is None
    (stored,), _unreadable = store.rooms()  # a restart finds it over, for the same seat
    again = Room.restore(stored.code, stored.game, ArziumSide(), stored.record, stored.inputs, stored.watchers, store,
                         START + 4 * DAY)
    assert again.phase == "over" and isinstance(again.match, ArziumMatch) and again.match.ran_out == p
    assert not again.expired(START + 20 * DAY) and again.expired(START + 40 * DAY)
    store.close()


def test_a_restart_in_the_middle_resumes_the_clocks_and_the_turn_in_progress(tmp_path: Path) -> None:
    store = Store(tmp_path)
    t = Table(DAILY, store)
    p = current_player(t.match.match.state)
    assert p is not None
    t.play_turn(p, START + 10 * HOUR)  # 10 h of the first day used
    q = 1 - p
    assert t.room.next_tick_ms() == START + ALIVE_EVERY_TURN_MS  # the room was stored at the start
    t.act(q, START + 11 * HOUR)  # Bo begins a turn ...
    pending = [a.to_json() for a in t.match.match.pending]
    t.room.tick(START + 11 * HOUR + ALIVE_EVERY_TURN_MS)  # the server is last known alive then
    down_until = START + 5 * DAY  # ... and is down for days
    (stored,), _unreadable = store.rooms()
    again = Room.restore(stored.code, stored.game, ArziumSide(), stored.record, stored.inputs, stored.watchers, store,
                         down_until)
    match = again.match
    assert isinstance(match, ArziumMatch) and match.clock.running == q
    assert match.clock.left_ms(p, down_until) == 3 * DAY - 10 * HOUR
    used = HOUR + ALIVE_EVERY_TURN_MS  # Bo's time ran only while the server was alive
    assert match.clock.left_ms(q, down_until) == 3 * DAY - used
    assert [a.to_json() for a in match.match.pending] == pending
    assert again.seats[q].zombie is None and again.next_tick_ms() is not None
    assert not again.expired(down_until + 10 * DAY)  # a turn-based table in play is never idle-expired
    store.close()


def test_a_live_table_still_hands_a_closed_app_to_the_bot_after_its_grace() -> None:
    sent: list[str] = []
    room = Room("ABCD-EFGH", "arzium", ArziumSide(), arzium_setup(2), Options(grace_s=60), token_hash("t"), None, 0)
    ana = room.add_creator(sent.append, "Ana", 0, "t", "127.0.0.1", 0)
    bo, _token = room.join(sent.append, "Bo", 1, "127.0.0.1", 0)
    room.set_ready(bo, True, 0)
    room.start(ana, 7, START)
    room.drop(bo, START)
    assert room.next_tick_ms() == START + 60_000
    room.tick(START + 60_000)
    assert room.seats[1].zombie is not None


# ---- the list of tables by tokens -------------------------------------------------------------------------
def _server_with_two_tables(**kw: Any) -> tuple[Server, dict[str, str]]:
    """Two rooms: Ana and Bo at a turn-based table, Cy and Di at a live one; each person's token (`kw`: the
    server's limits and clock)."""
    server = Server(None, room_sides(), **kw)
    tokens: dict[str, str] = {}
    for first, second, pace in (("Ana", "Bo", "turn"), ("Cy", "Di", "live")):
        a, b = Fake(server, "10.0.0.2"), Fake(server, "10.0.0.3")
        for f in (a, b):
            f.say({"kind": "hello", "version": PROTOCOL_VERSION})
        clock = DAILY.to_json() if pace == "turn" else ClockRule().to_json()
        a.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": first, "seat": 0,
               "pace": pace, "clock": clock})
        code = next(f["code"] for f in a.got if f["kind"] == "joined")
        b.say({"kind": "join", "code": code, "name": second, "seat": "any"})
        b.say({"kind": "ready"})
        a.say({"kind": "start"})
        for name, f in ((first, a), (second, b)):
            tokens[name] = next(f_["token"] for f_ in f.got if f_["kind"] == "joined")
    return server, tokens


def _ask(server: Server, tokens: list[str], addr: str = "10.0.0.9") -> dict[str, Any]:
    asker = Fake(server, addr)
    asker.say({"kind": "hello", "version": PROTOCOL_VERSION})
    (reply,) = asker.say({"kind": "tables", "tokens": tokens, "id": 5})
    return reply


def test_a_token_lists_only_its_own_table_with_whose_turn_and_the_time_left() -> None:
    server, tokens = _server_with_two_tables()
    reply = _ask(server, [tokens["Bo"], "not-a-token", tokens["Cy"]])
    assert reply["kind"] == "tables" and reply["id"] == 5 and reply["unknown"] == [1]
    bo, cy = reply["tables"]
    assert (bo["i"], bo["seat"], bo["pace"], cy["i"], cy["seat"], cy["pace"]) == (0, 1, "turn", 2, 0, "live")
    assert bo["code"] != cy["code"] and [s["name"] for s in bo["seats"]] == ["Ana", "Bo"]
    room = server.rooms[bo["code"]]
    assert isinstance(room.match, ArziumMatch)
    assert bo["turn"] == current_player(room.match.match.state) and bo["time"]["running"] == bo["turn"]
    assert bo["moves"] == 0 and bo["last"] is None and bo["mine"] is None and bo["result"] is None
    assert cy["time"] is None  # a live table without a clock
    text = json.dumps(reply)
    assert tokens["Ana"] not in text and tokens["Bo"] not in text and '"rng"' not in text
    assert all(tokens[n] not in text and token_hash(tokens[n]) not in text for n in tokens)


def test_the_list_tells_the_last_move_and_this_seats_own_last_move() -> None:
    server, tokens = _server_with_two_tables()
    code = next(c for c, r in server.rooms.items() if r.options.turn_based)
    room = server.rooms[code]
    match = room.match
    assert isinstance(match, ArziumMatch)
    p = current_player(match.match.state)
    assert p is not None
    member = room.seats[p].member
    assert member is not None
    while match.match.acting_human() == p:
        room.game_input(member, {"kind": "act", "action": legal_actions(match.match.view_state())[0].to_json()}, None,
                        START)
    if match.match.work is not None:
        room.game_input(member, {"kind": "confirm"}, None, START)
    reply = _ask(server, [tokens["Ana"], tokens["Bo"]])
    mover, other = sorted(reply["tables"], key=lambda t: t["seat"] != p)
    n = len(match.match.actions)
    assert mover["moves"] == other["moves"] == n and mover["mine"] == n and other["mine"] is None
    assert mover["last"] == [p, START] and mover["turn"] == other["turn"] == 1 - p


def test_tokens_that_are_not_anyones_count_as_wrong_guesses_of_the_address() -> None:
    clock = FakeClock()
    server, tokens = _server_with_two_tables(limits=Limits(wrong_guesses=3), clock=clock)
    for _ in range(3):
        assert _ask(server, ["nobody's"], "10.9.9.9")["unknown"] == [0]
    assert _ask(server, ["nobody's"], "10.9.9.9")["unknown"] == [0]  # past them: one looked at every few seconds
    refused = _ask(server, [tokens["Ana"]], "10.9.9.9")
    assert refused["kind"] == "error" and refused["code"] == "rate"
    assert _ask(server, [tokens["Ana"]], "10.9.9.8")["tables"]  # another address is not held back
    clock.now += LOCKED_GAP_S
    assert _ask(server, [tokens["Ana"]], "10.9.9.9")["tables"]  # the next one of that address is looked at


@pytest.mark.parametrize(("tokens", "problem"), [
    ([], "tables.tokens"), ("abc", "tables.tokens"), ([1], "tables.tokens"), (["x" * 101], "tables.tokens"),
    (["t"] * (TABLES_MAX + 1), "tables.tokens"), ([""], "tables.tokens")])
def test_a_tables_message_that_is_not_one_names_its_field(tokens: Any, problem: str) -> None:
    with pytest.raises(ProtocolError) as bad:
        check({"kind": "tables", "tokens": tokens})
    assert bad.value.code == "bad_message" and str(bad.value).startswith(problem)


def test_a_turn_based_room_needs_a_clock_and_a_pace_is_one_of_two() -> None:
    server = Server(None, room_sides())
    f = Fake(server)
    f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    (no_clock,) = f.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana",
                         "pace": "turn"})
    assert no_clock["kind"] == "error" and no_clock["code"] == "bad_setup" and "create.pace" in no_clock["message"]
    (bad,) = f.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "pace": "slow"})
    assert bad["code"] == "bad_message" and "create.pace" in bad["message"]


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=3), max_leaves=10)
_TOKENS = st.lists(st.text(st.characters(codec="utf-8"), max_size=110), max_size=TABLES_MAX + 3) | _JSON


@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(tokens=_TOKENS, extra=st.dictionaries(st.text(max_size=8), _JSON, max_size=3))
def test_fuzzed_tables_messages_are_answered_with_one_frame_and_leak_nothing(tokens: Any,
                                                                           extra: dict[str, Any]) -> None:
    server, kept = FUZZ_SERVER
    asker = Fake(server, "10.1.1.1")
    asker.say({"kind": "hello", "version": PROTOCOL_VERSION})
    server.allowances.joins.clear()
    replies = asker.say(json.dumps({**extra, "kind": "tables", "tokens": tokens}))
    assert len(replies) == 1 and replies[0]["kind"] in ("tables", "error")
    text = json.dumps(replies)
    assert all(t not in text and token_hash(t) not in text for t in kept.values())
    if replies[0]["kind"] == "tables":
        assert replies[0]["tables"] == []  # no made-up token is anyone's


FUZZ_SERVER = _server_with_two_tables()


def test_a_finished_table_a_person_left_after_the_end_is_restored_with_its_result(tmp_path: Path) -> None:
    store = Store(tmp_path)
    t = Table(ClockRule(3 * DAY, DAY, "end"), store)
    p = current_player(t.match.match.state)
    assert p is not None
    t.room.tick(START + 3 * DAY)
    assert t.room.phase == "over"
    t.close_app(1 - p, START + 3 * DAY + 1)  # the winner saw the result and left: their seat is free again
    assert t.room.seats[1 - p].name == ""
    (stored,), _unreadable = store.rooms()  # a restart: the one still away has yet to see the result
    again = Room.restore(stored.code, stored.game, ArziumSide(), stored.record, stored.inputs, stored.watchers, store,
                         START + 4 * DAY)
    assert again.phase == "over" and isinstance(again.match, ArziumMatch) and again.match.ran_out == p
    names = [s["name"] for s in again.match.result()["replay"]["setup"]["seats"]]
    assert names == ["Ana", "Bo"]  # the game as it was played, names and all
    store.close()


def test_a_stored_record_whose_played_names_are_not_names_is_refused_in_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path)
    Table(DAILY, store)
    (stored,), _unreadable = store.rooms()
    for bad in (["Ana"], ["Ana", ""], ["Ana", 3], "Ana"):
        with pytest.raises(ValueError, match="played"):
            Room.restore(stored.code, stored.game, ArziumSide(), {**stored.record, "played": bad}, stored.inputs,
                         stored.watchers, store, START)
    store.close()
