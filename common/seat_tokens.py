"""The secret seat tokens of online rooms this player sat in, kept in the user data folder so a player whose
app or connection went away takes their own seat back (one file; a token per server and room code)."""
from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common.files import Kind
from common.jsonio import load_json, write_json_atomic
from common.paths import data_dir

KEEP_S = 7 * 24 * 3600  # a room not seen for a week is forgotten
MAX_ROOMS = 50


def tokens_path() -> Path:
    return data_dir() / "online-seats.json"


def _check(data: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(data, dict) or not isinstance(data.get("rooms"), dict):
        raise ValueError("no rooms")
    rooms: dict[str, dict[str, Any]] = {}
    for key, entry in data["rooms"].items():
        if isinstance(entry, dict) and isinstance(entry.get("token"), str) and isinstance(entry.get("seat"), int) \
                and isinstance(entry.get("seen"), (int, float)):
            rooms[str(key)] = entry
    return rooms


def room_code(code: str) -> str:
    """A typed room code as the server reads it: case, spaces and dashes ignored, O read as 0, I and L as 1;
    shown in two groups of four."""
    plain = "".join(code.split()).upper().replace("-", "").translate(str.maketrans("OIL", "011"))
    return f"{plain[:4]}-{plain[4:]}" if len(plain) == 8 else plain


def _key(server: str, code: str) -> str:
    return f"{server.strip().lower()}/{room_code(code)}"


def _load() -> dict[str, dict[str, Any]]:
    return load_json(tokens_path(), "Online seats", _check, Kind.SETTINGS).value or {}


@dataclass(frozen=True)
class KeptSeat:
    """A room this player sat in: where, its code, the seat and its token, whether this app hosted it, and its
    game ("" when not known)."""

    server: str
    code: str
    seat: int
    token: str
    hosted: bool
    game: str = ""


def kept_seats() -> list[KeptSeat]:
    """The rooms this player can go back to (seen in the last week), the most recently seen first."""
    now = time.time()
    rooms = sorted(((k, e) for k, e in _load().items() if now - float(e["seen"]) < KEEP_S),
                   key=lambda kv: -float(kv[1]["seen"]))
    return [KeptSeat(key.rpartition("/")[0], key.rpartition("/")[2], int(e["seat"]), str(e["token"]),
                     bool(e.get("hosted")), e["game"] if isinstance(e.get("game"), str) else "")
            for key, e in rooms]


def seat_token(server: str, code: str) -> tuple[int, str] | None:
    """The seat and token this player holds in room `code` on `server`, if any."""
    entry = _load().get(_key(server, code))
    return None if entry is None else (int(entry["seat"]), str(entry["token"]))


def keep_token(server: str, code: str, seat: int, token: str, hosted: bool = False, game: str = "") -> None:
    """Remember the seat taken in room `code` of `game` on `server` (old rooms are dropped; what a newer version
    wrote in the room's entry is kept); an unwritable folder only costs taking the seat back after the app
    closes."""
    now = time.time()
    rooms = {k: v for k, v in _load().items() if now - float(v["seen"]) < KEEP_S}
    key = _key(server, code)
    rooms[key] = {**rooms.get(key, {}), "seat": seat, "token": token, "seen": now, "hosted": hosted, "game": game}
    newest = dict(sorted(rooms.items(), key=lambda kv: -float(kv[1]["seen"]))[:MAX_ROOMS])
    with contextlib.suppress(OSError):
        write_json_atomic(tokens_path(), {"version": 1, "rooms": newest})


def forget_token(server: str, code: str) -> None:
    """The room is over: its token is of no more use."""
    rooms = _load()
    if rooms.pop(_key(server, code), None) is not None:
        with contextlib.suppress(OSError):
            write_json_atomic(tokens_path(), {"version": 1, "rooms": rooms})
