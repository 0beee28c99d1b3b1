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
    """A room this player sat in: where, its code, the seat and its token, and whether this app hosted it."""

    server: str
    code: str
    seat: int
    token: str
    hosted: bool


def kept_seats() -> list[KeptSeat]:
    """The rooms this player can go back to, the most recently seen first."""
    rooms = sorted(_load().items(), key=lambda kv: -float(kv[1]["seen"]))
    return [KeptSeat(key.rpartition("/")[0], key.rpartition("/")[2], int(e["seat"]), str(e["token"]),
                     bool(e.get("hosted"))) for key, e in rooms]


def seat_token(server: str, code: str) -> tuple[int, str] | None:
    """The seat and token this player holds in room `code` on `server`, if any."""
    entry = _load().get(_key(server, code))
    return None if entry is None else (int(entry["seat"]), str(entry["token"]))


def keep_token(server: str, code: str, seat: int, token: str, hosted: bool = False) -> None:
    """Remember the seat taken in room `code` on `server` (old rooms are dropped); an unwritable folder only
    costs taking the seat back after the app closes."""
    now = time.time()
    rooms = {k: v for k, v in _load().items() if now - float(v["seen"]) < KEEP_S}
    rooms[_key(server, code)] = {"seat": seat, "token": token, "seen": now, "hosted": hosted}
    newest = dict(sorted(rooms.items(), key=lambda kv: -float(kv[1]["seen"]))[:MAX_ROOMS])
    with contextlib.suppress(OSError):
        write_json_atomic(tokens_path(), {"version": 1, "rooms": newest})


def forget_token(server: str, code: str) -> None:
    """The room is over: its token is of no more use."""
    rooms = _load()
    if rooms.pop(_key(server, code), None) is not None:
        with contextlib.suppress(OSError):
            write_json_atomic(tokens_path(), {"version": 1, "rooms": rooms})
