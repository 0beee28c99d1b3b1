"""The server's store when something is wrong with it: one data folder has one server, another program's (or
another version's) database is refused before anything is written, a stored room whose rows cannot be read is
set aside with one line while the others are served, a store that cannot commit is said once a minute, and a
folder that cannot hold the store is named."""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netkit import Fake, FakeClock, a_room_in_play, arzium_setup

from common.games import room_sides
from common.net.limits import Limits
from common.net.protocol import PROTOCOL_VERSION, room_tag
from common.net.runners import EmbeddedServer
from common.net.server import Server
from common.net.store import FILE_NAME, Store, StoreError, StoreInUse
from common.net.transport import PortInUse

ROOT = Path(__file__).resolve().parents[2]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def two_rooms(data: Path) -> list[str]:
    """A store with two rooms in play (a few moves each); their codes."""
    server = Server(data, room_sides())
    codes = [a_room_in_play(server)[2] for _ in range(2)]
    assert server.store is not None
    server.store.close()
    return codes


# ---- one folder, one server ---------------------------------------------------------------------------------
def test_a_second_store_on_one_folder_is_refused_in_one_line_naming_it(tmp_path: Path) -> None:
    first = Store(tmp_path)
    with pytest.raises(StoreInUse) as caught:
        Store(tmp_path)
    assert str(tmp_path) in str(caught.value) and "\n" not in str(caught.value)
    first.close()
    Store(tmp_path).close()  # free again once the first is closed


def test_a_second_server_process_on_one_folder_is_refused(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", "import sys; from pathlib import Path; "
                               "from common.net.store import Store; s = Store(Path(sys.argv[1])); print('open', "
                               "flush=True); sys.stdin.read(); s.close()", str(tmp_path)],
                              cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        with pytest.raises(StoreInUse):
            Server(tmp_path, room_sides())
        with pytest.raises(StoreInUse):
            EmbeddedServer(tmp_path, room_sides()).start("127.0.0.1", 0)
    finally:
        holder.communicate("")
    Store(tmp_path).close()  # the other process let go of it


def test_a_host_that_could_not_listen_lets_go_of_its_folder(tmp_path: Path) -> None:
    first = EmbeddedServer(tmp_path / "a", room_sides())
    port = first.start("127.0.0.1", 0)
    try:
        with pytest.raises(PortInUse):
            EmbeddedServer(tmp_path / "b", room_sides()).start("127.0.0.1", port)
        again = EmbeddedServer(tmp_path / "b", room_sides())  # its folder was let go of: it can host elsewhere
        again.start("127.0.0.1", 0)
        again.stop()
    finally:
        first.stop()


# ---- another program's file ---------------------------------------------------------------------------------
def test_another_programs_database_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute("CREATE TABLE people (name TEXT)")
    db.execute("INSERT INTO people VALUES ('Ana')")
    db.commit()
    db.close()
    before = digest(tmp_path / FILE_NAME)
    with pytest.raises(StoreError) as caught:
        Store(tmp_path)
    assert "another program's database" in str(caught.value) and str(tmp_path / FILE_NAME) in str(caught.value)
    assert digest(tmp_path / FILE_NAME) == before and sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]
    Store(tmp_path / "elsewhere").close()  # and it let go of its folder


def test_a_newer_versions_store_is_kept_as_it_is(tmp_path: Path) -> None:
    Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute("UPDATE meta SET value = '7' WHERE key = 'schema'")
    db.execute("DROP TABLE watchers")  # a version that has other tables: none is added
    db.commit()
    db.close()
    before = digest(tmp_path / FILE_NAME)
    with pytest.raises(StoreError) as caught:
        Store(tmp_path)
    assert "schema 7" in str(caught.value) and digest(tmp_path / FILE_NAME) == before


@pytest.mark.parametrize("kind", ["file", "too long", "not a database"])
def test_a_folder_that_cannot_hold_the_store_is_named(tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    if kind == "file":
        data.write_text("x")
    elif kind == "too long":
        data = tmp_path / ("d" * 300)
    else:
        data.mkdir()
        (data / FILE_NAME).write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError) as caught:
        Server(data, room_sides())
    line = str(caught.value)
    assert "\n" not in line and (str(data) in line or str(data / FILE_NAME) in line)


# ---- rows that cannot be read -------------------------------------------------------------------------------
@pytest.mark.parametrize(("table", "value"), [
    ("rooms", "not json {"), ("rooms", "[1, 2]"), ("rooms", '{"setup": 5}'), ("rooms", '{"options": {}}'),
    ("inputs", "not json {"), ("inputs", "[]"), ("inputs", '{"type": "no such action"}'),
])
def test_a_room_whose_rows_cannot_be_read_is_set_aside_and_the_others_served(
        tmp_path: Path, table: str, value: str, caplog: pytest.LogCaptureFixture) -> None:
    bad, good = two_rooms(tmp_path)
    db = sqlite3.connect(tmp_path / FILE_NAME)
    if table == "rooms":
        db.execute("UPDATE rooms SET record = ? WHERE code = ?", (value, bad))
    else:
        db.execute("UPDATE inputs SET body = ? WHERE code = ? AND n = 0", (value, bad))
    db.commit()
    db.close()
    caplog.set_level(logging.INFO, "arenas_arzium.server")
    server = Server(tmp_path, room_sides())
    assert good in server.rooms and bad not in server.rooms
    said = [r for r in caplog.records if room_tag(bad) in r.getMessage()]
    assert len(said) == 1 and said[0].exc_info is None and "set aside" in said[0].getMessage()
    assert server.store is not None and len(server.store.rooms()[0]) + len(server.store.rooms()[1]) == 2  # kept
    server.store.close()


@pytest.mark.parametrize(("field", "wrong", "named"), [
    ("options.clock", {"mode": "never"}, "options.clock.mode"), ("options.assists", "yes", "options"),
    ("options.watcher_chat", 1, "options"), ("alive_ms", "soon", "alive_ms"), ("started_ms", 1.5, "started_ms"),
    ("games", 0, "games"), ("next", "no", "next"), ("seats.0.conceded", "no", "seats"),
    ("seats.0.again", None, "seats"), ("seats.0.name", "x" * 40, "seats"), ("watchers", "abc", "watchers"),
])
def test_a_record_whose_clock_rules_or_next_game_fields_are_wrong_is_set_aside_naming_them(
        tmp_path: Path, field: str, wrong: object, named: str, caplog: pytest.LogCaptureFixture) -> None:
    bad, good = two_rooms(tmp_path)
    db = sqlite3.connect(tmp_path / FILE_NAME)
    (text,) = db.execute("SELECT record FROM rooms WHERE code = ?", (bad,)).fetchone()
    record = json.loads(text)
    *path, last = field.split(".")
    target = record
    for key in path:
        target = target[int(key)] if key.isdigit() else target[key]
    target[last] = wrong
    db.execute("UPDATE rooms SET record = ? WHERE code = ?", (json.dumps(record), bad))
    db.commit()
    db.close()
    caplog.set_level(logging.INFO, "arenas_arzium.server")
    server = Server(tmp_path, room_sides())
    assert good in server.rooms and bad not in server.rooms
    said = [r.getMessage() for r in caplog.records if room_tag(bad) in r.getMessage()]
    assert len(said) == 1 and "set aside" in said[0] and named in said[0]
    assert server.store is not None
    server.store.close()


def test_a_record_of_the_earlier_layout_is_read_its_watchers_moved_to_their_rows(tmp_path: Path) -> None:
    """A record with a turn clock in seconds, its watchers in itself and none of the next game's fields."""
    code = two_rooms(tmp_path)[0]
    db = sqlite3.connect(tmp_path / FILE_NAME)
    (text,) = db.execute("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()
    record = json.loads(text)
    record["options"] = {"spectators": True, "grace_s": 60, "turn_clock_s": 30}
    for key in ("alive_ms", "started_ms", "games", "next"):
        del record[key]
    for seat in record["seats"]:
        del seat["conceded"], seat["again"]
    record["watchers"] = ["a" * 64]
    db.execute("UPDATE rooms SET record = ? WHERE code = ?", (json.dumps(record), code))
    db.commit()
    db.close()
    server = Server(tmp_path, room_sides())
    room = server.rooms[code]
    assert room.options.clock.bank_ms == 30_000 and room.games == 1 and room.watchers == {"a" * 64}
    assert server.store is not None
    server.commits.now()
    assert server.store.room(code).watchers == ["a" * 64]  # type: ignore[union-attr]
    server.store.close()


stored_records = st.binary(max_size=200) | st.text(max_size=200) | st.integers(-2 ** 63, 2 ** 63 - 1)
stored_bodies = st.binary(max_size=100) | st.text(max_size=100) | st.integers(-2 ** 63, 2 ** 63 - 1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=stored_records, body=stored_bodies)
def test_any_bytes_as_a_stored_room_never_stop_the_server(tmp_path_factory: pytest.TempPathFactory,
                                                          record: bytes | str | int, body: bytes | str | int) -> None:
    check_any_stored_room(tmp_path_factory.mktemp("store"), record, body)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=stored_records, body=stored_bodies)
def test_any_bytes_as_a_stored_room_never_stop_the_server_long_run(
        tmp_path_factory: pytest.TempPathFactory, record: bytes | str | int, body: bytes | str | int) -> None:
    check_any_stored_room(tmp_path_factory.mktemp("store"), record, body)


def check_any_stored_room(data: Path, record: bytes | str | int, body: bytes | str | int) -> None:
    """A store whose one room's record and another room's first input are `record` and `body`: both rooms are set
    aside, and the server serves on."""
    bad, good = two_rooms(data)
    db = sqlite3.connect(data / FILE_NAME)
    db.execute("UPDATE rooms SET record = ? WHERE code = ?", (record, bad))
    db.execute("UPDATE inputs SET body = ? WHERE code = ? AND n = 0", (body, good))
    db.commit()
    db.close()
    server = Server(data, room_sides())
    assert bad not in server.rooms and good not in server.rooms  # each set aside, and the server serves on
    assert server.store is not None
    server.store.close()


# ---- a store that cannot commit -----------------------------------------------------------------------------
def test_a_store_that_cannot_commit_is_said_once_a_minute(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Rooms made every 0.5 s for 100 s of the server's clock on a store that cannot commit: two lines, each
    room put back (none is kept), its maker told `not_stored`; then the store commits again and says so."""
    clock = FakeClock()
    caplog.set_level(logging.INFO, "arenas_arzium.server")

    async def body() -> Fake:
        server = Server(tmp_path, room_sides(), clock=clock, limits=Limits(creates=10_000))
        await server.start("127.0.0.1", 0)
        assert server.store is not None
        ana = Fake(server, "10.9.9.1")
        ana.say({"kind": "hello", "version": PROTOCOL_VERSION})

        def full(_batch: object) -> None:
            raise sqlite3.OperationalError("database or disk is full")
        commit, server.store.commit = server.store.commit, full  # type: ignore[method-assign,assignment]
        for n in range(200):
            ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "seat": 0})
            await until(server, lambda: sum(x.get("code") == "not_stored" for x in ana.got) > n)  # noqa: B023
            clock.now += 0.5
        assert not server.rooms
        server.store.commit = commit  # type: ignore[method-assign]
        ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "seat": 0})
        await until(server, lambda: ana.got[-1]["kind"] == "room")
        await server.stop()
        return ana

    ana = asyncio.run(body())
    said = [r.getMessage() for r in caplog.records if "could not commit" in r.getMessage()]
    assert len(said) == 2 and all("\n" not in s for s in said)
    assert "(120 times since this was last said)" in said[1]
    assert sum(x["kind"] == "joined" for x in ana.got) == 1  # only the room made once the store commits again
    assert any("commits again" in r.getMessage() for r in caplog.records)


async def until(server: Server, done: Callable[[], bool]) -> None:
    """Until `done()`, looking again at the end of each commit (the store commits on its writer thread); fails
    after 10 s (a hang, not a pace)."""
    await asyncio.wait_for(server.progress.until(done), 10)


def test_no_side_file_is_left_once_the_store_is_closed(tmp_path: Path) -> None:
    two_rooms(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]
    assert os.path.getsize(tmp_path / FILE_NAME) > 0
