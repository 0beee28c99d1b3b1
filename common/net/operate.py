"""What the person who runs a server needs besides the rooms: a health check a reverse proxy or a supervisor can
ask (`GET /health` on the server's port answers "ok" without a WebSocket), the rooms counted by kind with the
store's size (in `serve --stats` lines), and a backup of the store taken while the server runs (SQLite's online
backup: a consistent copy, the server never stopped). See `common/net/SERVER.md`."""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from common.net.room import Room
from common.net.store import FILE_NAME

HEALTH_PATH = "/health"


def health_check(connection: ServerConnection, request: Request) -> Response | None:
    """A plain HTTP `GET /health` is answered 200 "ok" (the server's loop answered it); anything else goes on to
    the WebSocket handshake."""
    if request.path.split("?", 1)[0] == HEALTH_PATH:
        return connection.respond(HTTPStatus.OK, "ok\n")
    return None


def room_figures(rooms: Iterable[Room], data: Path | None) -> dict[str, Any]:
    """The rooms by kind (live ones in play or in the lobby, turn-based ones, finished ones) and the store's
    size in bytes (its file and its write-ahead log; 0 in memory)."""
    live = turn = over = 0
    for room in rooms:
        if room.phase == "over":
            over += 1
        elif room.options.turn_based:
            turn += 1
        else:
            live += 1
    size = 0
    if data is not None:
        for name in (FILE_NAME, FILE_NAME + "-wal"):
            path = data / name
            if path.is_file():
                size += path.stat().st_size
    return {"rooms_live": live, "rooms_turn": turn, "rooms_over": over, "store_bytes": size}


class BackupError(Exception):
    """The backup could not be made (one line)."""


def backup(data: Path, dest: Path) -> int:
    """Copy the store in `data` to `dest` with SQLite's online backup (safe while a server writes to it); the
    size of the copy in bytes. `BackupError` when there is no store or the copy cannot be written; `dest` is
    never left half written (it is written beside, then moved in place)."""
    source = data / FILE_NAME
    if not source.is_file():
        raise BackupError(f"{source}: no room store there (give the server's --data folder)")
    part = dest.with_name(dest.name + ".part")
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            out = sqlite3.connect(part)
            try:
                src.backup(out)
            finally:
                out.close()
        finally:
            src.close()
        part.replace(dest)
    except (sqlite3.Error, OSError) as exc:
        part.unlink(missing_ok=True)
        raise BackupError(f"{dest}: {exc}") from None
    return dest.stat().st_size
