"""The Arenas room without the network: the server's real-time table, what a client is sent and how its remote
run follows it (a pending card confirmed or refused, pause for everyone, the end, a restore)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arenas.match import COUNTDOWN_MS, CardDone, Phase, Refused
from arenas.online_match import OnlineMatch
from arenas.room import Accepted, ArenasMatch, ArenasSide, Table, digest, view_of
from arenas.rules.actions import PlayCard
from arenas.rules.engine import legal_actions
from arenas.rules.levels import level_path, load_level
from arenas.session import GameSetup
from common.data.rules_api import IllegalAction
from common.net.protocol import token_hash
from common.net.room import Options, Room
from common.net.store import Store


class FakeRoom:
    """A table and the frames it would send one client, on a clock the test moves."""

    def __init__(self, setup: GameSetup, seat: int) -> None:
        self.now = 10_000
        self.table = Table(setup, self.now)
        self.seat = seat
        self.seq = 0
        self.outbox: list[dict[str, Any]] = []  # what the client sent, not yet arrived
        self.run = OnlineMatch(seat, self, {"seq": 0, "view": self.table.view(self.now)})

    def send(self, msg: dict[str, Any]) -> None:
        self.outbox.append(msg)

    def server_now_ms(self) -> int:
        return self.now

    def update(self, accepted: list[Accepted], msg_id: int | None = None) -> dict[str, Any]:
        entries = []
        for a in accepted:
            self.seq += 1
            entries.append([self.seq, a.seat, a.input])
        frame = {"kind": "update", "seq": self.seq, "actions": entries,
                 "reveal": {"drawn": [list(a.drawn) for a in accepted]}, "digest": accepted[-1].digest}
        return frame if msg_id is None else {**frame, "id": msg_id}

    def tick(self, ms: int) -> list[Any]:
        """`ms` pass: the server takes what arrived and catches up; the client steps and says what happened."""
        self.now += ms
        frames = []
        for msg in self.outbox:
            try:
                frames.append(self.update(self.table.act(self.seat, msg["action"], self.now), msg["id"]))
            except IllegalAction as exc:
                frames.append({"kind": "refused", "reason": exc.reason, "id": msg["id"]})
        self.outbox.clear()
        if caught := self.table.catch_up(self.now):
            frames.append(self.update(caught))
        if self.table.over:
            frames.append({"kind": "result", "outcome": {}, "replay": self.table.replay()})
        self.run.receive(frames)
        if self.run.phase == Phase.COUNTDOWN and self.run.countdown_left <= 0:
            self.run.start()
        self.run.step(ms)
        return self.run.happenings.take()


def duo(seed: int = 3, **kwargs: Any) -> GameSetup:
    return GameSetup(load_level(level_path(1)), ("Ana", "Bo"), seed=seed, **kwargs)


def test_the_view_keeps_the_generator_the_seed_and_the_deck_order_hidden() -> None:
    table = Table(duo(seed=123456), 0)
    view = view_of(table.state)
    assert "rng" not in view and view["seed"] == 0 and view["log"] == []
    assert view["deck"] == sorted(c.name for c in table.state.deck) != [c.name for c in table.state.deck]
    assert "123456" not in str(table.view(0))


def test_a_card_is_pending_until_the_server_confirms_it_then_takes_effect_at_the_servers_time() -> None:
    room = FakeRoom(duo(), seat=0)
    room.tick(COUNTDOWN_MS)
    assert room.run.phase == Phase.RUNNING
    room.tick(990)
    before = room.run.state.hands[0][0]
    room.run.play(PlayCard(0, 0))
    assert room.run.happenings.take() == [] and list(room.run.pending.values()) == [PlayCard(0, 0)]
    assert room.run.state.hands[0][0] == before and room.run.state.active == 0  # nothing happens yet
    with pytest.raises(IllegalAction, match="on its way"):
        room.run.play(PlayCard(0, 1))
    happened = room.tick(70)  # the card reaches the server 70 ms later: it counts at the server's ms
    assert [h.action for h in happened if isinstance(h, CardDone)] == [PlayCard(0, 0)]
    assert room.run.pending == {} and room.run.state.active == 1
    assert room.table.state.actions == [(1060, PlayCard(0, 0))] == room.run.base.actions
    assert digest(room.run.base) == digest(room.table.state) and room.run.desyncs == 0
    assert room.run.state.time_ms == room.table.state.time_ms == 1060  # drawn at the server's time


def test_a_card_the_server_refuses_comes_back_refused_with_the_reason() -> None:
    room = FakeRoom(duo(allow_pause=True), seat=0)
    room.tick(COUNTDOWN_MS + 500)
    room.table.act(1, {"type": "pause"}, room.now)  # the team-mate paused; the client has not heard yet
    room.run.play(PlayCard(0, 0))
    happened = room.tick(40)
    refused = [h for h in happened if isinstance(h, Refused)]
    assert len(refused) == 1 and refused[0].reason == "the game is paused" and refused[0].action == PlayCard(0, 0)
    assert room.run.pending == {} and room.table.state.actions == []


def test_the_pause_assist_stops_the_room_for_everyone_and_marks_it() -> None:
    room = FakeRoom(duo(allow_pause=True), seat=0)
    room.tick(COUNTDOWN_MS + 400)
    room.run.pause()
    room.tick(30)
    assert room.run.paused and room.run.state.assisted and room.table.state.assisted
    at = room.table.state.time_ms
    room.tick(5_000)
    assert room.table.state.time_ms == room.run.state.time_ms == at  # no sand runs while paused
    room.run.resume()
    room.tick(30)
    room.tick(1_000)
    assert not room.run.paused and room.run.state.time_ms == room.table.state.time_ms == at + 1_000
    with pytest.raises(IllegalAction, match="without the pause assist"):
        Table(duo(), 0).act(0, {"type": "pause"}, 5_000)


def test_a_seat_may_play_only_its_own_cards_and_only_once_the_sand_runs() -> None:
    table = Table(duo(), 0)
    with pytest.raises(IllegalAction, match="not started"):
        table.act(0, PlayCard(0, 0).to_json(), 100)
    with pytest.raises(IllegalAction, match="you play seat 2, not seat 1"):
        table.act(1, PlayCard(0, 0).to_json(), COUNTDOWN_MS + 100)
    with pytest.raises(IllegalAction, match="unknown action type"):
        table.act(0, {"type": "cheat"}, COUNTDOWN_MS + 100)
    with pytest.raises(IllegalAction, match="turn"):
        table.act(1, PlayCard(1, 0).to_json(), COUNTDOWN_MS + 100)


def test_a_room_of_bots_plays_to_its_end_and_every_client_follows_it_exactly() -> None:
    room = FakeRoom(GameSetup(load_level(level_path(3)), ("A", "B", "C"), seed=8, bots=(0, 1, 2)), seat=0)
    cards = 0
    while room.run.phase != Phase.OVER and room.now < 600_000:
        cards += sum(isinstance(h, CardDone) for h in room.tick(97))
        assert room.run.desyncs == 0
    assert room.table.over and room.run.phase == Phase.OVER and cards == len(room.table.state.actions) > 5
    assert room.run.state.result == room.table.state.result and room.run.state.log  # the whole log, for the chart


def test_the_sand_never_runs_to_a_loss_on_a_client_before_the_server_says_so() -> None:
    room = FakeRoom(GameSetup(load_level(level_path(1)), ("Ana",), seed=2), seat=0)
    room.tick(COUNTDOWN_MS)
    room.table.catch_up = lambda now: []  # type: ignore[method-assign]  # a server that has not told the loss yet
    room.table.next_wake = lambda: None  # type: ignore[method-assign]
    for _ in range(300):
        room.tick(1000)
    assert room.run.state.result is None and room.run.phase == Phase.RUNNING


def test_a_restored_table_has_the_same_state_and_counts_down_again() -> None:
    setup = GameSetup(load_level(level_path(2)), ("A", "B"), seed=4, bots=(1,), allow_pause=True)
    table = Table(setup, 0)
    now = COUNTDOWN_MS
    for _ in range(40):
        now += 700
        table.catch_up(now)
        if table.state.active == 0 and not table.over:
            table.act(0, legal_actions(table.state)[0].to_json(), now)
    last = table.act(0, {"type": "hint"}, now)[-1]
    again = Table.restore(setup, table.inputs, now + 60_000)
    assert digest(again.state) == last.digest and len(table.state.actions) > 10
    assert again.state.actions == table.state.actions and again.state.assisted
    assert again.run.phase == Phase.COUNTDOWN and again.next_wake() == now + 60_000 + COUNTDOWN_MS
    assert again.game_ms(now + 60_000 + COUNTDOWN_MS + 250) == table.inputs[-1]["t"]  # not yet caught up
    again.catch_up(now + 60_000 + COUNTDOWN_MS + 250)
    assert again.state.time_ms == table.inputs[-1]["t"] + 250


def test_a_stored_arenas_room_comes_back_after_a_restart_and_counts_down_from_its_last_card(tmp_path: Path) -> None:
    store = Store(tmp_path)
    sent: list[str] = []
    setup = {"level": 1, "players": ["Ana", "Bo"], "bots": [1], "allow_pause": True}
    room = Room("ABCD-EFGH", "arenas", ArenasSide(), setup, Options(), token_hash("token-of-ana"), store, 0)
    ana = room.add_creator(sent.append, "Ana", 0, "token-of-ana", "127.0.0.1", 0)
    room.start(ana, 77, 1_000)
    now = 1_000 + COUNTDOWN_MS
    for _ in range(30):  # Ana plays when it is her turn; the bot seat plays on the ticks
        now += 400
        match = room.match
        assert isinstance(match, ArenasMatch)
        if match.table.state.active == 0 and not match.over:
            action = legal_actions(match.table.state)[0]
            room.game_input(ana, {"kind": "act", "action": action.to_json()}, 5, now)
        if (due := room.next_tick_ms()) is not None and due <= now:
            room.tick(now)
    room.game_input(ana, {"kind": "act", "action": {"type": "pause"}}, 6, now)
    before = room.match
    assert isinstance(before, ArenasMatch) and before.table.run.paused and len(before.table.inputs) > 5
    later = now + 3_600_000  # the server was down for an hour
    (stored,), _unreadable = store.rooms()
    again = Room.restore(stored.code, stored.game, ArenasSide(), stored.record, stored.inputs, stored.watchers, store,
                         later)
    match = again.match
    assert isinstance(match, ArenasMatch) and again.phase == "playing"
    table = match.table
    assert table.inputs == before.table.inputs and digest(table.state) == digest(before.table.state)
    assert table.state.time_ms == before.table.inputs[-1]["t"]  # no sand ran while the server was down
    assert table.run.phase == Phase.COUNTDOWN and table.next_wake() == later + COUNTDOWN_MS
    assert table.run.paused and table.state.assisted  # paused it was, paused it stays (and marked)
    assert "token-of-ana" not in json.dumps(stored.record) and all(s.status() == "away" for s in again.seats[:1])


def test_a_card_that_comes_after_the_sand_ran_out_is_refused_and_the_room_ends() -> None:
    sent: list[str] = []
    setup = {"level": 1, "players": ["Ana"]}
    room = Room("ABCD-EFGH", "arenas", ArenasSide(), setup, Options(), token_hash("t"), None, 0)
    ana = room.add_creator(sent.append, "Ana", 0, "t", "127.0.0.1", 0)
    room.start(ana, 5, 0)
    sent.clear()
    late = COUNTDOWN_MS + 10 * 60_000  # long after every timer ran dry, and no tick came in between
    room.game_input(ana, {"kind": "act", "action": PlayCard(0, 0).to_json()}, 9, late)
    frames = [json.loads(text) for text in sent]
    assert room.phase == "over" and [f["kind"] for f in frames if f["kind"] != "room"] == ["refused", "result"]
    assert frames[0]["id"] == 9 and frames[0]["reason"].startswith("the game is over")
    assert frames[1]["outcome"]["result"] == "lost"
