"""Whole games between scripted clients through the real server code (127.0.0.1, an ephemeral port): seats,
tokens, reconnecting, the seat's bot, the turn clock, hidden information, the replay."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from netkit import CASES, Client, GameCase, Served, close_all, connect, open_room, pump_until, serve_in_thread

from arzium.rules.engine import current_player
from arzium.rules.replay import Replay as RulesReplay
from arzium.rules.state import GameState
from common.games import room_sides
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server
from common.net.server_time import SYSTEM_CLOCK, SystemClock
from common.net.turn_clock import SHOW_MS_MOST
from common.replays.replay import Replay, read_replay, write_replay


def finished(clients: list[Client]) -> bool:
    return all(c.player.result is not None for c in clients)


def server_state(served: Served, code: str) -> GameState:
    return served.call(lambda s: s.rooms[code].match.match.state)  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.game)
def test_a_whole_game_is_played_to_the_end_between_scripted_clients(served: Served, case: GameCase,
                                                                     tmp_path: Path) -> None:
    seated, watching, code = open_room(served, case, 3, watchers=1)
    everyone = seated + watching
    pump_until(everyone, lambda: finished(everyone))
    results = [c.player.result for c in everyone]
    assert all(r == results[0] for r in results)
    assert all(c.player.desyncs == 0 for c in everyone)
    # the replay every member got: the local format, read back by common.replays.replay, the server's game exactly
    assert results[0] is not None
    path = tmp_path / "online.json"
    data = results[0]["replay"]
    write_replay(path, Replay(data["game"], data["setup"], data["seed"], data["actions"], data["meta"]))
    replay = read_replay(path, case.game)
    final, _events = RulesReplay.from_file(replay).run()
    assert final.to_dict() == server_state(served, code).to_dict()
    assert replay.meta["online"] is True and len(replay.actions) > 20
    # no frame sent to anyone showed what the game keeps face down
    for text in served.sent:
        frame = json.loads(text)
        problems = served.call(lambda s, f=frame: case.hidden_problems(f, s, code))
        assert not problems, (problems, text[:300])
    close_all(everyone)


def test_the_replay_is_the_servers_log(served: Served) -> None:
    case = CASES[0]
    seated, _w, code = open_room(served, case, 2)
    pump_until(seated, lambda: finished(seated))
    stored = served.call(lambda s: s.store.rooms())
    inputs = next(r.inputs for r in stored[0] if r.code == code)
    assert seated[0].player.result is not None
    replay = seated[0].player.result["replay"]
    committed = served.call(lambda s: [a.to_json() for a in s.rooms[code].match.match.actions])
    assert replay["actions"] == committed
    assert {d.kind for d in inputs} <= {"act", "undo", "confirm", "control"}
    assert sum(d.kind == "act" for d in inputs) >= len(committed)
    close_all(seated)


def test_a_member_comes_back_with_its_token_and_the_game_goes_on(served: Served) -> None:
    case = CASES[0]
    seated, _w, _code = open_room(served, case, 2)
    pump_until(seated, lambda: seated[0].player.seq >= 10)
    token = seated[1].token()
    seated[1].link.close()
    back = connect(served, case, 9, token=token)
    seated[1] = back
    pump_until(seated, lambda: back.last("game") is not None)
    assert back.last("joined")["seat"] == 1  # type: ignore[index]
    pump_until(seated, lambda: finished(seated))
    assert all(c.player.desyncs == 0 for c in seated)
    close_all(seated)


def test_a_wrong_or_stolen_token_is_refused(served: Served) -> None:
    case = CASES[0]
    seated, watching, _code = open_room(served, case, 2, watchers=1)
    thief = connect(served, case, 5, token="A" * 43)
    pump_until([thief], lambda: thief.last("error") is not None)
    assert thief.last("error")["code"] == "bad_token"  # type: ignore[index]
    pump_until([thief], lambda: thief.link.status == "closed")
    # a watcher's own token does not act for a seat
    w = watching[0]
    w.link.send({"kind": "act", "action": {"type": "skip_search"}, "id": 77})
    pump_until([w], lambda: any(f.get("id") == 77 for f in w.frames))
    assert next(f for f in w.frames if f.get("id") == 77)["code"] == "not_seated"
    close_all(seated + watching + [thief])


def test_a_seat_away_past_its_grace_is_played_by_its_bot_then_given_back(served: Served) -> None:
    case = CASES[0]
    seated, _w, _code = open_room(served, case, 2, grace_s=5)
    pump_until(seated, lambda: seated[0].player.seq >= 4)
    token = seated[1].token()
    seated[1].link.close()
    ana = seated[0]
    pump_until([ana], lambda: (r := ana.last("room")) is not None and r["seats"][1]["status"] == "away")
    served.call(lambda s: s.tick(SYSTEM_CLOCK.now_ms() + 6_000))  # the grace runs out
    pump_until([ana], lambda: (r := ana.last("room")) is not None and r["seats"][1]["status"] == "bot")
    seq = ana.player.seq

    def bot_played() -> bool:
        return any(f.get("kind") == "update" and any(s == 1 for _n, s, _a in f["actions"])
                   for f in ana.frames if f.get("kind") == "update" and f["seq"] > seq)
    pump_until([ana], bot_played)
    back = connect(served, case, 9, token=token)
    pump_until([ana, back], lambda: (r := ana.last("room")) is not None and r["seats"][1]["status"] == "here")
    pump_until([ana, back], lambda: finished([ana, back]))
    assert ana.player.desyncs == back.player.desyncs == 0
    close_all([ana, back])


def test_the_creator_hands_a_seat_to_a_bot_and_its_person_reclaims_it(served: Served) -> None:
    case = CASES[0]
    seated, _w, _code = open_room(served, case, 2)
    ana, bo = seated
    bo.plays = False
    ana.link.send({"kind": "bot", "seat": 1, "level": "easy"})
    pump_until(seated, lambda: (r := bo.last("room")) is not None and r["seats"][1]["status"] == "bot")
    assert bo.last("room")["seats"][1]["level"] == "easy"  # type: ignore[index]
    bo.link.send({"kind": "bot", "seat": 0, "id": 5})
    pump_until(seated, lambda: any(f.get("id") == 5 for f in bo.frames))
    assert next(f for f in bo.frames if f.get("id") == 5)["code"] == "not_creator"
    pump_until(seated, lambda: ana.player.seq >= 12)
    bo.link.send({"kind": "reclaim"})
    bo.plays = True
    pump_until(seated, lambda: (r := bo.last("room")) is not None and r["seats"][1]["status"] == "here")
    pump_until(seated, lambda: finished(seated))
    close_all(seated)


class Standing(SystemClock):
    """This machine's clock with the rooms' time standing still but when the test moves it (`ms`); what waits
    on it waits as long as the system clock's would."""

    def __init__(self) -> None:
        self.ms = SYSTEM_CLOCK.now_ms()

    def now_ms(self) -> int:
        return self.ms


def test_the_turn_clock_lets_the_seats_bot_play_a_late_turn() -> None:
    clock = Standing()
    standing = clock.ms
    case = CASES[0]
    with serve_in_thread(None, clock=clock) as served:
        seated, _w, code = open_room(served, case, 2, turn_clock_s=10)
        ana, bo = seated
        bo.plays = False  # Bo never moves
        pump_until(seated, lambda: bo.player.work() is not None and ana.player.next_message() is None
                   and ana.player.awaiting is None and (g := bo.last("update") or bo.last("game")) is not None
                   and g.get("deadline_ms") is not None and _bos_turn(bo))
        ana.plays = False  # the game waits for the late turn alone
        seq = bo.player.seq
        clock.ms = standing + 9_000
        served.call(lambda s: s.tick(clock.ms))  # 9 of Bo's 10 s: still Bo's turn
        assert current_player(server_state(served, code)) == 1
        # the room's clock 11 s on, past the longest allowance: Bo's 10 s are over
        clock.ms = standing + 11_000 + SHOW_MS_MOST
        served.call(lambda s: s.tick(clock.ms))
        pump_until(seated, lambda: bo.player.seq > seq and not _bos_turn(bo))  # Ana does not move: the turn is hers
        room = served.call(lambda s: s.rooms[code].match.match)
        assert room.submits(1)  # the seat is Bo's again for the next turn
        close_all(seated)


def _bos_turn(bo: Client) -> bool:
    state = bo.player.work()
    return state is not None and current_player(state) == 1


def test_another_protocol_version_gets_one_line_naming_the_one_to_use(served: Served) -> None:
    import asyncio

    from websockets.asyncio.client import connect as ws_connect

    async def talk() -> tuple[dict[str, object], int | None]:
        async with ws_connect(served.url) as ws:
            await ws.send(json.dumps({"kind": "hello", "version": PROTOCOL_VERSION + 1}))
            answer = json.loads(await ws.recv())
            await ws.wait_closed()
            return answer, ws.close_code
    answer, code = asyncio.run(talk())
    assert answer["code"] == "version" and f"protocol {PROTOCOL_VERSION}" in str(answer["message"])
    assert "\n" not in str(answer["message"]) and code == 1008


def test_rooms_survive_a_server_that_dies_without_closing(tmp_path: Path) -> None:
    from netkit import serve_in_thread
    case = CASES[0]
    data = tmp_path / "server"
    with serve_in_thread(data) as first:
        seated, _w, code = open_room(first, case, 2)
        pump_until(seated, lambda: seated[0].player.seq >= 8)
        tokens = [c.token() for c in seated]
        before = first.call(lambda s: s.rooms[code].match.match.state.to_dict())
        dead = tmp_path / "as-left"  # the files as a server killed now leaves them: nothing was closed cleanly
        shutil.copytree(data, dead, ignore=shutil.ignore_patterns("*.lock"))
        second = Server(dead, room_sides())
        assert second.rooms[code].match is not None
        assert second.rooms[code].match.match.state.to_dict() == before  # type: ignore[attr-defined]
        second.store.close()  # type: ignore[union-attr]
        close_all(seated)
    with serve_in_thread(data) as again:
        clients = [connect(again, case, 20 + i, token=t) for i, t in enumerate(tokens)]
        pump_until(clients, lambda: all(c.last("game") for c in clients))
        pump_until(clients, lambda: finished(clients))
        assert all(c.player.desyncs == 0 for c in clients)
        close_all(clients)
