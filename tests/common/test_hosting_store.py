"""Hosting on this computer when the store of the hosted games cannot be used: one line naming the file or folder
and what to do, never a crash of the window; Host with a new folder keeps the game's rooms in a store of its own
(and Back to room finds them there). A port the system reserves is named as such, not as in use."""
from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common.engine.app import App
from common.engine.scene import Scene
from common.net import runners, server
from common.net.store import FILE_NAME, StoreError
from common.net.transport import PortInUse
from common.online import seat_tokens
from common.online.room import Where
from common.scenes.catalog import ScriptedLink
from common.scenes.lobby import RUNNING, LobbyScene, Served, hosted_folder, start_server
from common.scenes.online import OnlineScene
from hardening import is_one_line
from helpers import run, stop_online

HERE = Where("127.0.0.1", 0, embedded=True)


def not_a_database(store: Path) -> None:
    store.mkdir(parents=True)
    (store / FILE_NAME).write_bytes(b"these are not the rooms you are looking for" * 40)


def a_folder(store: Path) -> None:
    (store / FILE_NAME).mkdir(parents=True)


def newer_schema(store: Path) -> None:
    store.mkdir(parents=True)
    db = sqlite3.connect(store / FILE_NAME)
    db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', '99')")
    db.commit()
    db.close()


def a_file_for_the_folder(store: Path) -> None:
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text("a file where the folder should be")


# How the store is broken, and the words of the line (the file or folder it names comes first).
BROKEN: list[tuple[str, Callable[[Path], None], str]] = [
    ("not-a-database", not_a_database, "file is not a database"),
    ("a-folder", a_folder, "unable to open database file"),
    ("newer-schema", newer_schema, "schema 99"),
]


@pytest.mark.parametrize("case, breaking, words", BROKEN, ids=[c[0] for c in BROKEN])
def test_a_store_that_cannot_be_used_is_one_line_naming_its_file(case: str, breaking: Callable[[Path], None],
                                                                 words: str) -> None:
    breaking(hosted_folder(""))
    served = start_server(HERE)
    path = hosted_folder("") / FILE_NAME
    assert served.hosted is None and served.store_trouble and RUNNING == {}
    assert is_one_line(served.problem) and words in served.problem
    assert served.problem.startswith(f"The file of the games you host, {path}, cannot be used (")
    assert served.problem.endswith("): host with a new folder, or move that file away and host again")
    assert "port" not in served.problem.lower()


@pytest.mark.parametrize("failure", [
    PermissionError(errno.EACCES, "Permission denied"),
    FileExistsError(errno.EEXIST, "File exists"),
    OSError(errno.ENOSPC, "No space left on device"),
])
def test_a_data_folder_that_cannot_be_written_is_named_not_the_port(monkeypatch: pytest.MonkeyPatch,
                                                                    failure: OSError) -> None:
    def refuse(self: Path, *args: Any, **kwargs: Any) -> None:
        raise failure
    monkeypatch.setattr(Path, "mkdir", refuse)
    served = start_server(Where("127.0.0.1", 8765, embedded=True))
    assert served.hosted is None and served.store_trouble and is_one_line(served.problem)
    assert served.problem.startswith(f"The folder {hosted_folder('')} for the games you host cannot be made (")
    assert "8765" not in served.problem


def test_the_store_folder_being_a_file_is_named() -> None:
    a_file_for_the_folder(hosted_folder(""))
    served = start_server(HERE)
    assert served.store_trouble and "cannot be made (a file has that name)" in served.problem


@pytest.mark.parametrize("failure", ["attempt to write a readonly database", "database or disk is full",
                                     "another room server uses this folder"])
def test_every_store_failure_reaches_the_line(monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    """Read-only, full, held by another server (a subclass of StoreError included): whatever the store says."""
    class Held(StoreError):
        pass

    def fail(self: Any, folder: Path) -> None:
        raise Held(f"{folder / FILE_NAME}: {failure}")
    monkeypatch.setattr(server, "Store", type("FailingStore", (), {"__init__": fail}))
    served = start_server(HERE)
    assert served.store_trouble and f"cannot be used ({failure})" in served.problem


def test_a_port_the_system_reserves_is_not_called_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    def reserved(self: Any, host: str, port: int) -> int:
        raise PortInUse(errno.EACCES, f"port {port} on {host} is in use")
    monkeypatch.setattr(runners.EmbeddedServer, "start", reserved)
    served = start_server(Where("127.0.0.1", 80, embedded=True))
    assert served.problem == "Port 80 is reserved for the system on this computer: choose a port from 1024 to 65535"
    assert not served.store_trouble


def test_hosting_with_a_broken_store_shows_the_line_and_a_new_folder_hosts_the_game(app: App) -> None:
    not_a_database(hosted_folder(""))
    links: list[ScriptedLink] = []

    def connect(url: str, token: str | None) -> ScriptedLink:
        link = ScriptedLink([("Ana", "person", "here", False), ("", "person", "open", False)], 0, True)
        link.frames.insert(1, {"kind": "joined", "code": "K7QM-3XPA", "token": "tok", "seat": 0, "game": "arzium",
                               "creator": True})
        links.append(link)
        return link
    app.stack.clear_to(Scene(app))
    try:
        lobby = LobbyScene(app, "arzium", HERE, "Ana", create={"seats": 2}, connect=connect)
        app.push(lobby)
        run(app, 2)
        assert lobby.session.problem.startswith("The file of the games you host") and links == []
        assert lobby.own_btn in lobby.group.widgets
        lobby.own_btn.activate(app)
        again = app.stack.top
        assert isinstance(again, LobbyScene) and again is not lobby and again.where.store == "hosted-2"
        run(app, 2)
        assert again.session.problem == "" and again.hosted is RUNNING[again.where.port] and len(links) == 1
        assert (hosted_folder("hosted-2") / FILE_NAME).is_file()
        assert (hosted_folder("") / FILE_NAME).read_bytes().startswith(b"these are not")  # left as it was
        assert again.own_btn not in again.group.widgets
        kept = seat_tokens.kept_seats()[0]
        assert [(k.code, k.hosted, k.store) for k in kept] == [("K7QM-3XPA", True, "hosted-2")]
        opened: list[Where] = []
        online = OnlineScene(app, join=lambda app, where, code, watch: opened.append(where))
        online.rejoin()
        assert opened == [Where("127.0.0.1", again.where.port, embedded=True, store="hosted-2")]
    finally:
        stop_online([app])


def test_a_rejoin_with_a_broken_store_offers_no_new_folder(app: App) -> None:
    """Back to a room hosted here: a new folder would not hold it, so only the line is shown."""
    scene = LobbyScene(app, "", HERE, "Ana", join="K7QM3XPA", connect=lambda url, token: ScriptedLink([], 0, False),
                       serve=lambda where: Served(None, "The file … cannot be used", 0, True))
    assert scene.session.problem and scene.own_btn not in scene.group.widgets


def test_a_file_error_while_starting_names_the_folder_and_any_other_names_the_port(
        monkeypatch: pytest.MonkeyPatch) -> None:
    failures = [OSError(errno.EROFS, "Read-only file system", str(hosted_folder("") / "rooms.sqlite3-wal")),
                OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")]

    def fail(self: Any, host: str, port: int) -> int:
        raise failures.pop(0)
    monkeypatch.setattr(runners.EmbeddedServer, "start", fail)
    store = start_server(Where("127.0.0.1", 9100, embedded=True))
    assert store.store_trouble
    assert store.problem.startswith(f"The games you host cannot be kept in {hosted_folder('')} (")
    assert "9100" not in store.problem
    port = start_server(Where("127.0.0.1", 9100, embedded=True))
    assert not port.store_trouble and port.problem.startswith("Could not start the room server on port 9100: ")


def test_back_to_a_room_whose_address_cannot_be_used_is_one_line(app: App) -> None:
    opened: list[Where] = []
    scene = OnlineScene(app, join=lambda app, where, code, watch: opened.append(where))
    scene.rooms = [seat_tokens.KeptSeat("h h:1", "AAAA-1111", 0, "tok", True)]
    scene.rejoin()
    assert opened == [] and scene.problem == "The kept room AAAA-1111 has no usable server address (h h:1): join " \
                                             "it with the invite"
