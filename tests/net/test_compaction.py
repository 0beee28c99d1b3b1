"""Finished tables kept in short (`common.net.archive`) on an injected time (no test waits): a finished turn-based
table is compacted once it has been over for the set time, its members still list it and download its replay
byte for byte as before; an unfinished one never is; a restart keeps both the compacted table and the time a
finished one ended."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from netkit import Fake, arzium_setup

from common.games import room_sides
from common.net.archive import DAY_MS, KEEP_MS
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server
from common.net.server_time import SYSTEM_CLOCK
from common.net.store import FILE_NAME
from common.net.turn_clock import ClockRule

DAILY = ClockRule(3 * DAY_MS, DAY_MS).to_json()
AFTER = 2 * DAY_MS


class Raw(Fake):
    """A fake connection that keeps the frames' text as sent, besides their JSON."""

    def __init__(self, server: Server) -> None:
        super().__init__(server)
        self.texts: list[str] = []

    def _deliver(self, text: str) -> None:
        self.texts.append(text)
        super()._deliver(text)


def _hello(server: Server, token: str | None = None) -> Raw:
    f = Raw(server)
    f.say({"kind": "hello", "version": PROTOCOL_VERSION, **({"token": token} if token else {})})
    return f


def _table(server: Server, bots: int = 1) -> tuple[Raw, str, str]:
    """A turn-based Arzium table made by Ana (seat 0) against a bot, started; Ana's connection, token and the
    table's code."""
    ana = _hello(server)
    ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(1, bots=bots), "name": "Ana", "seat": 0,
             "pace": "turn", "clock": DAILY})
    joined = ana.last("joined")
    assert joined is not None
    ana.say({"kind": "start"})
    code = str(joined["code"])
    assert server.rooms[code].phase == "playing"
    return ana, str(joined["token"]), code


def _finished(server: Server) -> tuple[str, str]:
    """A table played to its end (Ana concedes: her seat's bot plays it out), nobody connected; Ana's token and
    the code."""
    ana, token, code = _table(server)
    ana.say({"kind": "concede"})
    room = server.rooms[code]
    for _ in range(5_000):
        if room.phase == "over":
            break
        room.tick(SYSTEM_CLOCK.now_ms())
    assert room.phase == "over" and room.match is not None and room.match.progress().moves > 20
    assert ana.conn.member is not None
    room.drop(ana.conn.member, SYSTEM_CLOCK.now_ms())  # the app closed
    return token, code


def _line(server: Server, token: str) -> dict[str, Any]:
    (answer,) = _hello(server).say({"kind": "tables", "tokens": [token]})
    (line,) = answer["tables"]
    return {k: v for k, v in line.items() if k != "time"}


def _result(server: Server, token: str) -> str:
    f = _hello(server, token)
    (text,) = [t for t in f.texts if json.loads(t)["kind"] == "result"]
    return text


def _rows(data: Path, code: str) -> dict[str, int]:
    db = sqlite3.connect(data / FILE_NAME)
    try:
        return {table: db.execute(f"SELECT count(*) FROM {table} WHERE code = ?", (code,)).fetchone()[0]
                for table in ("rooms", "inputs", "watchers", "archive")}
    finally:
        db.close()


def test_a_finished_table_is_compacted_after_its_time_and_its_replay_is_the_same(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides(), compact_after_ms=AFTER)
    token, code = _finished(server)
    ended = server.rooms[code].over_at
    assert ended is not None
    line, result = _line(server, token), _result(server, token)
    assert line["phase"] == "over" and line["result"] is not None and json.loads(result)["replay"]["actions"]
    assert _rows(tmp_path, code)["inputs"] > 20
    server.rooms[code].drop(server.rooms[code].members[0], SYSTEM_CLOCK.now_ms())  # the asking connection closed again
    server.compact(ended + AFTER - 1)
    assert code in server.rooms and not server.shelf.tables  # not yet
    server.compact(ended + AFTER)
    assert code not in server.rooms and code in server.shelf.tables
    assert _rows(tmp_path, code) == {"rooms": 0, "inputs": 0, "watchers": 0, "archive": 1}
    assert _line(server, token) == line  # listed as before, its result with it
    assert _result(server, token) == result  # the replay byte for byte
    assert server.figures()["rooms_compacted"] == 1 and server.figures()["rooms_over"] == 0
    server.store.close()  # type: ignore[union-attr]

    again = Server(tmp_path, room_sides(), compact_after_ms=AFTER)  # a restart keeps it
    assert code in again.shelf.tables and code not in again.rooms
    assert _line(again, token) == line and _result(again, token) == result
    again.compact(ended + KEEP_MS)  # kept a year after its end, then deleted with its tokens
    assert not again.shelf.tables and _rows(tmp_path, code)["archive"] == 0
    (answer,) = _hello(again).say({"kind": "tables", "tokens": [token]})
    assert answer["tables"] == [] and answer["unknown"] == [0]
    again.store.close()  # type: ignore[union-attr]


def test_a_table_not_finished_is_never_compacted(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides(), compact_after_ms=AFTER)
    ana, _token, code = _table(server)
    assert ana.conn.member is not None
    server.rooms[code].drop(ana.conn.member, SYSTEM_CLOCK.now_ms())
    server.compact(SYSTEM_CLOCK.now_ms() + 400 * DAY_MS)
    assert code in server.rooms and server.rooms[code].phase == "playing" and not server.shelf.tables
    assert _rows(tmp_path, code)["rooms"] == 1
    server.store.close()  # type: ignore[union-attr]


def test_a_restart_keeps_when_a_finished_table_ended_and_a_connected_member_keeps_it_whole(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides(), compact_after_ms=AFTER)
    token, code = _finished(server)
    ended = server.rooms[code].over_at
    assert ended is not None
    server.store.close()  # type: ignore[union-attr]
    again = Server(tmp_path, room_sides(), compact_after_ms=AFTER)
    assert again.rooms[code].over_at == ended  # not the restart's time
    ana = _hello(again, token)  # a member connected: the table stays whole
    again.compact(ended + AFTER)
    assert code in again.rooms
    assert ana.conn.member is not None
    again.rooms[code].drop(ana.conn.member, SYSTEM_CLOCK.now_ms())
    again.compact(ended + AFTER)
    assert code in again.shelf.tables
    again.store.close()  # type: ignore[union-attr]


def test_a_compacted_row_that_cannot_be_read_is_set_aside_and_the_others_are_served(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides(), compact_after_ms=AFTER)
    token, code = _finished(server)
    _other_token, other = _finished(server)
    server.compact(SYSTEM_CLOCK.now_ms() + AFTER)
    assert {code, other} <= set(server.shelf.tables)
    server.store.close()  # type: ignore[union-attr]
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute("UPDATE archive SET result = ? WHERE code = ?", (b"not zlib", other))
    db.commit()
    db.close()
    again = Server(tmp_path, room_sides(), compact_after_ms=AFTER)
    assert set(again.shelf.tables) == {code} and _rows(tmp_path, other)["archive"] == 1  # kept as it is
    assert json.loads(_result(again, token))["kind"] == "result"
    again.store.close()  # type: ignore[union-attr]
