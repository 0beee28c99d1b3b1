"""The table's clock: its arithmetic (a bank, an increment never above it, a fixed time per turn), and an Arzium
room that runs it on an injected clock (the room is given the time; nothing waits): a time-out announced to
everyone and the bot's turn marked in the updates and the replay, the rule where the others choose, and a
restart that resumes each clock with what it had left."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from netkit import arzium_setup

from arzium.room import ArziumMatch, ArziumSide
from arzium.rules.engine import current_player, legal_actions
from common.net.protocol import ProtocolError, check, token_hash
from common.net.room import ALIVE_EVERY_MS, Member, Options, Room
from common.net.store import Store
from common.net.turn_clock import SHOW_MS_MOST, SHOW_MS_PER_ACTION, ClockError, ClockRule, TurnClock, allowance_ms

START = 1_000


# ---- the arithmetic ----------------------------------------------------------------------------------------
def test_a_bank_runs_down_gains_its_increment_each_turn_and_never_goes_above_the_start() -> None:
    clock = TurnClock.new(ClockRule(60_000, 10_000), 2)
    clock.start(0, 0)
    assert clock.left == [60_000, 60_000]  # the increment on a full bank: capped at the bank
    assert clock.left_ms(0, 25_000) == 35_000 and clock.deadline_ms() == 60_000
    clock.start(1, 25_000)
    assert clock.left == [35_000, 60_000] and clock.running == 1
    clock.start(0, 26_000)  # Bo took 1 s
    assert clock.left == [45_000, 59_000]  # Ana: 35 s + 10 s
    clock.start(1, 26_000 + 45_000 + 5_000)  # Ana ran 5 s over: her bank is empty, not negative
    assert clock.left == [0, 60_000]  # Bo: 59 s + 10 s, capped at 60 s
    clock.start(0, 80_000)
    assert clock.left_ms(0, 80_000) == 10_000  # an empty bank gets the increment at the next turn


def test_a_fixed_time_per_turn_starts_full_every_turn() -> None:
    rule = ClockRule.per_turn(30_000)
    assert rule.mode == "turn" and ClockRule().mode == "off" and ClockRule(300_000, 20_000).mode == "bank"
    clock = TurnClock.new(rule, 2)
    clock.start(0, 0)
    clock.start(1, 29_000)
    clock.start(0, 30_000)
    assert clock.left_ms(0, 30_000) == 30_000 and clock.left == [30_000, 29_000]


def test_a_clock_charged_to_the_last_moment_alive_resumes_with_what_was_left() -> None:
    clock = TurnClock.new(ClockRule(60_000, 0), 2)
    clock.start(0, 0)
    clock.charge(20_000)            # the server was last alive at 20 s
    clock.resume(500_000)           # ... and back at 500 s
    assert clock.left_ms(0, 500_000) == 40_000 and clock.deadline_ms() == 540_000


def test_a_seats_time_starts_after_its_allowance_and_a_member_is_told_when() -> None:
    assert [allowance_ms(n) for n in (0, 1, 3, 100)] == [0, SHOW_MS_PER_ACTION, 3 * SHOW_MS_PER_ACTION, SHOW_MS_MOST]
    clock = TurnClock.new(ClockRule.per_turn(30_000), 2)
    clock.start(0, 0, 3_000)
    assert clock.left_ms(0, 2_000) == 30_000 and clock.deadline_ms() == 33_000
    told = clock.to_json(2_000)
    assert told["from_ms"] == 3_000 and told["server_ms"] == 2_000
    seen = TurnClock.told(clock.rule, told, 2, 500_000)  # a member's clock: its time runs 1 s after it was told
    assert seen is not None and seen.left_ms(0, 501_000) == 30_000 and seen.left_ms(0, 511_000) == 20_000
    clock.charge(2_500)  # counted while the allowance lasts: nothing taken, the allowance kept
    assert clock.left_ms(0, 3_000) == 30_000 and clock.deadline_ms() == 33_000
    clock.start(1, 2_800)  # seat 0 moved within its allowance: it paid nothing
    assert clock.left == [30_000, 30_000] and clock.deadline_ms() == 32_800
    far = dict(told, from_ms=10 ** 12)  # a told start beyond any allowance waits no longer than the most
    later = TurnClock.told(clock.rule, far, 2, 0)
    assert later is not None and later.since_ms == SHOW_MS_MOST


@pytest.mark.parametrize(("data", "field"), [
    ({"mode": "turn", "turn_s": 5}, "clock.turn_s"), ({"mode": "turn"}, "clock.turn_s"),
    ({"mode": "bank", "bank_s": 60, "increment_s": 90}, "clock.increment_s"),
    ({"mode": "bank", "bank_s": 60, "increment_s": True}, "clock.increment_s"),
    ({"mode": "turn", "turn_s": 30, "out": "pause"}, "clock.out"), ({"mode": "fast"}, "clock.mode"),
    ("30", "clock"), ({"mode": "bank", "bank_s": 10 ** 9, "increment_s": 1}, "clock.bank_s")])
def test_a_clock_setting_that_is_not_one_names_its_field(data: Any, field: str) -> None:
    with pytest.raises(ClockError, match=f"^{field}:"):
        ClockRule.from_json(data)
    with pytest.raises(ProtocolError, match=f"^create.{field}:"):
        check({"kind": "create", "game": "arzium", "setup": {}, "name": "Ana", "clock": data})


def test_clock_settings_go_through_the_protocol_unchanged() -> None:
    for rule in (ClockRule(), ClockRule.per_turn(30_000, "ask"), ClockRule(300_000, 20_000),
                 ClockRule(3 * 86_400_000, 86_400_000, "bot")):  # a turn-based table: 24 h a move, 3 days' bank
        assert ClockRule.from_json(json.loads(json.dumps(rule.to_json()))) == rule


# ---- a room on an injected clock ---------------------------------------------------------------------------
class Table:
    """A started room of two people (Ana at seat 0 made it, Bo at seat 1) and a watcher, each member's frames
    kept decoded."""

    def __init__(self, clock: ClockRule, store: Store | None = None) -> None:
        self.sent: dict[str, list[str]] = {"ana": [], "bo": [], "watcher": []}
        self.room = Room("ABCD-EFGH", "arzium", ArziumSide(), arzium_setup(2), Options(clock=clock),
                         token_hash("t-ana"), store, 0)
        self.ana = self.room.add_creator(self.sent["ana"].append, "Ana", 0, "t-ana", "127.0.0.1", 0)
        self.bo, _t = self.room.join(self.sent["bo"].append, "Bo", 1, "127.0.0.1", 0)
        self.watcher, _t = self.room.join(self.sent["watcher"].append, "Wu", "watch", "127.0.0.1", 0)
        self.room.set_ready(self.bo, True, 0)
        self.room.start(self.ana, 7, START)

    @property
    def match(self) -> ArziumMatch:
        assert isinstance(self.room.match, ArziumMatch)
        return self.room.match

    def member(self, seat: int) -> Member:
        return self.ana if seat == 0 else self.bo

    def frames(self, who: str, kind: str) -> list[dict[str, Any]]:
        return [f for f in map(json.loads, self.sent[who]) if f["kind"] == kind]

    def play_turn(self, seat: int, now: int) -> None:
        """`seat`'s person plays a whole turn (the first legal action each time), then confirms it."""
        m = self.match.match
        while m.acting_human() == seat:
            action = legal_actions(m.view_state())[0]
            self.room.game_input(self.member(seat), {"kind": "act", "action": action.to_json()}, None, now)
        if m.work is not None:
            self.room.game_input(self.member(seat), {"kind": "confirm"}, None, now)

    def tick_until(self, done: Any, now: int) -> None:
        for _ in range(40):
            if done():
                return
            self.room.tick(now)
        raise AssertionError("the room did not get there")


def test_a_time_out_is_told_to_everyone_and_the_bots_turn_is_marked_in_the_updates_and_the_replay() -> None:
    t = Table(ClockRule.per_turn(30_000))
    p = current_player(t.match.match.state)
    assert p is not None and t.room.next_tick_ms() == START + 30_000
    t.room.tick(START + 29_999)
    assert not t.frames("watcher", "clock")  # not yet
    t.tick_until(lambda: current_player(t.match.match.state) != p, START + 30_000)
    for who in ("ana", "bo", "watcher"):
        (told,) = t.frames(who, "clock")
        assert told["event"] == "out" and told["seat"] == p and told["clock"]["left_ms"][p] == 0
    made = [n for f in t.frames("watcher", "update") for n, _s, _a in f["actions"]]
    marked = [n for f in t.frames("watcher", "update") for n, why in f["bots"] if why == "clock"]
    assert made and marked == made  # every action of that turn was the bot's, marked so
    assert t.match.match.submits(p)  # the seat is its person's again for their next turn
    replay = t.match.result()["replay"]
    assert replay["meta"]["bot_moves"] == [[n, "clock"] for n in made]
    assert replay["meta"]["clock"] == {"mode": "turn", "turn_s": 30, "out": "bot"}
    nxt = current_player(t.match.match.state)
    # the next seat's time starts once the tables have shown the bot's turn
    assert nxt is not None and t.match.clock.running == nxt
    assert t.room.next_tick_ms() == START + 60_000 + allowance_ms(len(made))


def test_under_the_rule_others_choose_the_turn_waits_until_another_person_lets_the_bot_play() -> None:
    t = Table(ClockRule(60_000, 10_000, "ask"))
    p = current_player(t.match.match.state)
    assert p is not None
    other = 1 - p
    t.room.tick(START + 60_000)
    (told,) = t.frames("watcher", "clock")
    assert told["event"] == "out" and told["clock"]["out"] == [p]
    assert t.room.next_tick_ms() is None and not t.frames("watcher", "update")  # nobody's clock runs: it waits
    with pytest.raises(ProtocolError) as refused:  # a watcher has no say
        t.room.game_input(t.watcher, {"kind": "let_bot", "seat": p}, None, START + 61_000)
    assert refused.value.code == "not_seated"
    t.room.game_input(t.member(p), {"kind": "let_bot", "seat": p}, 3, START + 61_000)  # nor the seat out of time
    t.room.game_input(t.member(other), {"kind": "let_bot", "seat": other}, 4, START + 61_000)  # nor for a seat in time
    for who, n in ((("ana", "bo")[p], 3), (("ana", "bo")[other], 4)):
        assert [f["id"] for f in t.frames(who, "refused")].count(n) == 1
    assert t.match.match.submits(p) and len(t.match.match.actions) == 0
    t.room.game_input(t.member(other), {"kind": "let_bot", "seat": p}, None, START + 70_000)
    assert [f["event"] for f in t.frames("watcher", "clock")] == ["out", "bot"]
    t.tick_until(lambda: current_player(t.match.match.state) != p, START + 70_000)
    assert t.match.bot_moves and set(t.match.bot_moves.values()) == {"clock"}


def test_under_the_rule_others_choose_the_person_may_still_play_while_they_wait() -> None:
    t = Table(ClockRule.per_turn(30_000, "ask"))
    p = current_player(t.match.match.state)
    assert p is not None
    t.room.tick(START + 31_000)
    t.play_turn(p, START + 40_000)
    assert current_player(t.match.match.state) != p and not t.match.bot_moves
    assert t.match.clock.out == set() and t.match.clock.left[p] == 0


def test_a_restarted_room_resumes_each_clock_with_what_it_had_left(tmp_path: Path) -> None:
    store = Store(tmp_path)
    t = Table(ClockRule(60_000, 10_000), store)
    p = current_player(t.match.match.state)
    assert p is not None
    t.play_turn(p, START + 9_000)  # 9 s of the first turn: 51 s left
    shown = allowance_ms(len(t.match.match.actions))  # q's time starts once the tables have shown p's turn
    q = current_player(t.match.match.state)
    assert q == 1 - p and t.room.next_tick_ms() == START + ALIVE_EVERY_MS  # stored at the start, then every 15 s
    t.room.tick(START + ALIVE_EVERY_MS)  # still alive 6 s into the second turn, less the allowance
    t.room.tick(START + ALIVE_EVERY_MS + 9_000)  # (the next note is not due yet: this moment is not stored)
    later = 10_000_000  # the server was down from then until much later
    (stored,), _unreadable = store.rooms()
    again = Room.restore(stored.code, stored.game, ArziumSide(), stored.record, stored.inputs, stored.watchers, store,
                         later)
    match = again.match
    assert isinstance(match, ArziumMatch) and match.clock.running == q
    assert match.clock.left_ms(p, later) == 51_000
    assert match.clock.left_ms(q, later) == 54_000 + shown  # counted only up to the last moment known alive
    assert match.clock.deadline_ms() == later + 54_000 + shown
    store.close()
