"""A watcher's table runs the same `Match` as the local table, every seat a `RemotePerson` fed by the room's
updates: its state follows the server's exactly, drawn cards included."""
from __future__ import annotations

import json

from test_frames import Fake

from arzium.match import Match, Playing, Told
from arzium.room import digest, view_of, view_state
from arzium.rules.actions import action_from_json
from arzium.rules.engine import is_over
from arzium.seats import RemotePerson
from common.games import room_sides
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server


def test_a_watchers_match_with_remote_seats_follows_the_server_to_the_end() -> None:
    from test_frames import a_room_in_play
    server = Server(None, room_sides())
    _ana, _bo, code = a_room_in_play(server)
    watcher = Fake(server, "10.0.0.7")
    watcher.say({"kind": "hello", "version": PROTOCOL_VERSION})
    watcher.say({"kind": "join", "code": code, "name": "Wes", "seat": "watch"})
    game = next(f for f in watcher.got if f["kind"] == "game")
    remote = RemotePerson(game["seq"])
    state = view_state(game["view"])
    table = Match(state, lambda ms: 0.0, autosave=False, warm=False,
                  controllers=dict.fromkeys(range(len(state.setup.seats)), remote))
    assert table.acting_human() is None and not table.submits(0)
    room = server.rooms[code]
    for seat in range(2):  # the people leave: their bots finish the game on the server
        room.hand_to_bot(next(m for m in room.members if m.token == room.creator), seat, "easy", 0)
    seen = told = 0
    for _ in range(5_000):
        server.tick(10**15)
        for frame in watcher.got[seen:]:
            if frame["kind"] == "update":
                remote.push(frame["seq"] - len(frame["actions"]), [action_from_json(a) for _n, _s, a in
                                                                    frame["actions"]], **frame["reveal"])
        seen = len(watcher.got)
        table.update(16, True)
        for happening in table.happenings.take():
            assert isinstance(happening, Told | Playing), happening  # no refusal, no stop, no notice
            told += len(happening.events) if isinstance(happening, Told) else 0
        if is_over(room.match.match.state) and len(table.actions) == len(room.match.match.actions):  # type: ignore[attr-defined]
            break
    assert is_over(table.state) and told > 100
    assert digest(view_of(table.state)) == digest(view_of(room.match.match.state))  # type: ignore[attr-defined]
    assert json.dumps(view_of(table.state)) == json.dumps(view_of(room.match.match.state))  # type: ignore[attr-defined]
