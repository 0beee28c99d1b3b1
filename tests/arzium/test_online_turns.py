"""An online table's turn: undone until its player confirms it when another person sits at the table (the turn
stands by itself only for one person against bots), and the turns a person's bot played after a time-out
marked in the log of the replay the room gives."""
from __future__ import annotations

import json
from typing import Any

import pytest

from arzium.match import AUTO_CONFIRM_MS, _held_back, _unveils
from arzium.online_match import OnlineMatch
from arzium.room import ArziumMatch, ArziumSide, view_of, view_state
from arzium.rules.actions import Action
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.state import GameState, clone, default_setup, new_game
from arzium.scenes.replay_view import playback
from common.engine.app import App
from common.net.protocol import token_hash
from common.net.room import Options, Room
from common.net.turn_clock import ClockRule
from common.replays.replay import ReplayError, replay_from_dict


def table(bots: int) -> tuple[OnlineMatch, list[dict[str, Any]]]:
    """Seat 0's online match of a two-seat game (seat 1 a person elsewhere, or a bot), what it sends."""
    sent: list[dict[str, Any]] = []
    state = view_state(view_of(new_game(default_setup(2, bots=bots), 11)))
    return OnlineMatch(state, 0, 0, lambda ms: 0.0, sent.append), sent


def quiet_action(state: GameState) -> Action:
    """A legal action that turns up no hidden card (so the turn stays open for Undo)."""
    for action in legal_actions(state):
        events = apply(clone(state), action)
        held = next((i for i, e in enumerate(events) if _held_back(e)), len(events))
        if not any(_unveils(e) for e in events[:held]):
            return action
    raise AssertionError("every action draws a card")


def play_turn(match: OnlineMatch) -> None:
    while match.acting_human() == 0:
        assert match.submit(quiet_action(match.view_state()))


def test_against_another_person_a_finished_turn_waits_for_confirm_and_can_be_undone() -> None:
    match, sent = table(bots=0)
    assert not match.auto_confirm
    play_turn(match)
    done = len(match.pending)
    assert match.awaiting_confirm and done >= 1
    for _ in range(10):  # ten times the wait of the automatic confirmation
        match.update(AUTO_CONFIRM_MS, True)
    assert [m["kind"] for m in sent] == ["act"] * done  # nothing confirmed it
    assert match.undo()
    assert sent[-1] == {"kind": "undo"} and len(match.pending) == done - 1 and match.acting_human() == 0
    play_turn(match)
    assert match.confirm() is None and sent[-1] == {"kind": "confirm"}


def test_against_bots_the_lone_persons_finished_turn_still_stands_by_itself() -> None:
    match, sent = table(bots=1)
    assert match.auto_confirm
    play_turn(match)
    match.update(AUTO_CONFIRM_MS, True)
    assert sent[-1] == {"kind": "confirm"}


def test_the_replay_of_a_room_marks_the_turn_the_bot_played_after_a_time_out(app: App) -> None:
    options = Options(clock=ClockRule.per_turn(30_000))
    setup = default_setup(2, True).to_dict()
    room = Room("ABCD-EFGH", "arzium", ArziumSide(), setup, options, token_hash("a"), None, 0)
    ana = room.add_creator(lambda text: None, "Ana", 0, "a", "127.0.0.1", 0)
    bo, _t = room.join(lambda text: None, "Bo", 1, "127.0.0.1", 0)
    room.set_ready(bo, True, 0)
    room.start(ana, 3, 0)
    match = room.match
    assert isinstance(match, ArziumMatch)
    late = current_player(match.match.state)
    assert late is not None
    for _ in range(20):
        room.tick(30_000)
    assert current_player(match.match.state) != late
    data = json.loads(json.dumps(match.result()["replay"]))
    watched = playback(app, replay_from_dict(data, "the room's replay", "arzium"), "the room's replay")
    made = len(watched.watched.actions)
    assert watched.watched.bot_moves == dict.fromkeys(range(1, made + 1), "clock")
    scene = watched.seek(made, lambda: None)
    name = scene.names[late]
    lines = [line.text for line in scene.log.lines]
    assert lines.count(f"Time ran out — the bot played for {name}") == 1
    assert lines.index(f"Time ran out — the bot played for {name}") == 2  # before the bot's moves, after the opening
    data["meta"]["bot_moves"] = [[made + 5, "clock"]]
    with pytest.raises(ReplayError, match=r"^late.json: meta.bot_moves\[0\]\[0\]: "):  # past the game's end
        playback(app, replay_from_dict(data, "late.json", "arzium"), "late.json")


def test_a_seat_whose_bot_plays_its_turns_follows_the_server_while_the_others_moves_are_still_shown() -> None:
    """Every turn played by the bots after time-outs: each of their moves comes in an update of its own with the
    cards it drew, and this seat's wait behind the other seat's moves still on show (queued); the view that
    takes them all in at once still ends where the server's is."""
    options = Options(clock=ClockRule.per_turn(30_000))
    sent: list[str] = []
    room = Room("ABCD-EFGH", "arzium", ArziumSide(), default_setup(2, True).to_dict(), options, token_hash("a"),
                None, 0)
    ana = room.add_creator(sent.append, "Ana", 0, "a", "127.0.0.1", 0)
    bo, _t = room.join(lambda text: None, "Bo", 1, "127.0.0.1", 0)
    room.set_ready(bo, True, 0)
    room.start(ana, 5, 0)
    server = room.match
    assert isinstance(server, ArziumMatch)
    now = 0
    while not server.over and now < 200 * 40_000:
        now += 41_000  # past every turn's time and allowance: the bot plays each turn
        for _ in range(40):
            room.tick(now)
    frames = [json.loads(text) for text in sent]
    (game,) = [f for f in frames if f["kind"] == "game"]
    updates = [f for f in frames if f["kind"] == "update"]
    mine = [f for f in updates if any(seat == 0 for _n, seat, _a in f["actions"])]
    assert len(mine) > len({f["seq"] for f in mine}) // 2 > 0 and any(f["reveal"]["lands"] for f in mine)
    match = OnlineMatch(view_state(game["view"]), game["seq"], 0, lambda ms: 0.0, lambda m: None)
    for frame in updates:  # all of them before the table shows any: this seat's queue behind the other's
        match.absorb(frame)
    for _ in range(20 * len(updates)):
        match.update(1_000, True)
        if match.number == updates[-1]["seq"]:
            break
    assert match.number == updates[-1]["seq"] and not match.desynced
    assert view_of(match.state) == view_of(view_state(view_of(server.match.state)))


def test_a_move_of_this_seat_the_view_cannot_play_marks_it_out_of_step_without_breaking_the_table() -> None:
    from dataclasses import replace

    from arzium.rules.actions import Search

    sent: list[dict[str, Any]] = []
    setup = replace(default_setup(2, bots=0), first_player=0)
    match = OnlineMatch(view_state(view_of(new_game(setup, 11))), 0, 0, lambda ms: 0.0,
                        sent.append)
    search = next(a for a in legal_actions(match.state) if isinstance(a, Search))
    wrong = {**search.to_json(), "card": "C99"}  # a move the server committed that this view's state cannot make
    match.absorb({"kind": "update", "seq": 1, "actions": [[1, 0, wrong]], "reveal": {"lands": [], "artifacts": []},
                  "digest": "x"})
    match.update(1_000, True)  # this seat's own move: taken at once
    assert match.desynced and not match.batches and match.number == 0
