"""The secret seat tokens of online rooms this player sat in, kept in the user data folder so a player whose
app or connection went away takes their own seat back (one file; a token per server and room code).

Every value is checked where it is read: a room's entry that cannot be used (an address that is not one, a
code that is not a room code, an empty or over-long token, a number out of range) is not offered, named in one
line, and a copy of the file is kept before it is next written. What a newer version wrote is kept: keys this
version does not know (in the file and in a room's entry) are written back unchanged, and a file of a newer
format version is used read-only. A file that cannot be read now is never overwritten."""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict, cast

from common.data.files import DataError, Kind
from common.data.i18n import N_, _, ngettext
from common.data.jsonio import keep_copy, load_json, save_json_versioned
from common.data.paths import data_dir
from common.data.safe_text import one_line
from common.net.protocol import CODE_LENGTH, read_code
from common.online.lan import split_address

KEEP_S = 7 * 24 * 3600  # a room not seen for a week is forgotten
TURN_KEEP_S = 60 * 24 * 3600  # ... a turn-based table's after two months (its moves come days apart)
PACES = ("live", "turn")
MAX_ROOMS = 50
SEATS_VERSION = 1  # the file's format; files without the key are version 1
VERSION_KEY = "version"
TOKEN_LIMIT = 100  # characters of a token (the protocol's `hello.token`)
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")  # URL-safe base 64
MAX_SEAT = 15  # the protocol's highest seat
MAX_SEEN = 10 ** 11  # seconds since 1970 (the year 5138): any later is not a time this app wrote
GAME_LIMIT = 20  # characters of a game's key (the protocol's `create.game`)
SAID_LIMIT = 1  # the unusable rooms a line names one by one (the others are counted)
STORE = re.compile(r"|hosted(-[0-9]{1,9})?")  # the folders, in the user data folder, of the games this app hosts


def tokens_path() -> Path:
    return data_dir() / "online-seats.json"


class RoomEntry(TypedDict):
    """A kept room's entry (under "server/CODE"), once checked: its seat, token and when it was last seen (s since
    1970); whether this app hosted it, its game, the store of hosted games and its pace ("live" or "turn").
    Keys a newer version wrote stay in the entry and are written back."""

    seat: int
    token: str
    seen: float
    hosted: NotRequired[bool]
    game: NotRequired[str]
    store: NotRequired[str]
    pace: NotRequired[str]


@dataclass(frozen=True)
class SeatFile:
    """The file as read: its usable rooms (key "server/CODE" -> entry), the one-line reasons of the rooms that
    cannot be used (not offered, not written back), and its other top-level keys (written back unchanged)."""

    rooms: dict[str, RoomEntry] = field(default_factory=dict)
    unusable: tuple[str, ...] = ()
    other: dict[str, object] = field(default_factory=dict)


def _number(value: object, low: int, high: int) -> bool:
    """Whether `value` is a JSON number (not a boolean) from `low` to `high` (never converted: any size is safe)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high


def entry_problem(key: str, entry: object) -> str | None:
    """Why a room's entry cannot be used (a few words, English: it goes into a file's one line), or None."""
    server, _slash, code = key.rpartition("/")
    if not isinstance(entry, dict):
        return "not an object"
    if split_address(server.removeprefix("wss://"), 443 if server.startswith("wss://") else 1) is None:
        return f"the server {one_line(server, 40)!r} is not an address"
    if len(code) != CODE_LENGTH + 1 or read_code(code) != code:
        return f"{one_line(code, 20)!r} is not a room code"
    token, seat, seen = entry.get("token"), entry.get("seat"), entry.get("seen")
    if not isinstance(token, str) or not token:
        return "no token"
    if len(token) > TOKEN_LIMIT or not TOKEN_CHARS.issuperset(token):
        return f"the token is not one a server gives ({len(token)} characters)"
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= MAX_SEAT:
        return f"seat {one_line(seat, 12)} is not 0 to {MAX_SEAT}"
    if not _number(seen, 0, MAX_SEEN):
        return f"seen {one_line(seen, 12)} is not a time"
    if not isinstance(entry.get("hosted", False), bool):
        return "hosted is not true or false"
    game = entry.get("game", "")
    if not isinstance(game, str) or len(game) > GAME_LIMIT:
        return "game is not a short text"
    store = entry.get("store", "")
    if not isinstance(store, str) or not STORE.fullmatch(store):
        return "store is not the name of a folder of hosted games"
    if entry.get("pace", "live") not in PACES:
        return "pace is not live or turn"
    return None


def _check(data: object) -> SeatFile:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    rooms = data.get("rooms")
    if not isinstance(rooms, dict):
        raise ValueError("rooms is not an object")
    usable: dict[str, RoomEntry] = {}
    unusable: list[str] = []
    for key, entry in rooms.items():
        problem = entry_problem(key, entry)
        if problem is None:
            usable[key] = cast(RoomEntry, entry)  # checked
        else:
            unusable.append(f"{one_line(key, 40)!r}: {problem}")
    return SeatFile(usable, tuple(unusable), {k: v for k, v in data.items() if k not in ("rooms", VERSION_KEY)})


def room_code(code: str) -> str:
    """A typed room code as the server reads it: case, spaces and dashes ignored, O read as 0, I and L as 1;
    shown in two groups of four."""
    plain = "".join(code.split()).upper().replace("-", "").translate(str.maketrans("OIL", "011"))
    return f"{plain[:4]}-{plain[4:]}" if len(plain) == 8 else plain


def _key(server: str, code: str) -> str:
    return f"{server.strip().lower()}/{room_code(code)}"


@dataclass(frozen=True)
class Read:
    """The file as this app may use it: what it holds, one line to tell the player (or ""), and whether it may
    be written (not when it could not be read now, or a newer version wrote it)."""

    seats: SeatFile
    message: str = ""
    writable: bool = True


def read_seats() -> Read:
    """The kept rooms and one line about the file (set aside, read-only, rooms that cannot be used); a copy of a
    file with rooms that cannot be used is kept before it is next written (they are not written back)."""
    path = tokens_path()
    loaded = load_json(path, N_("online seats"), _check, Kind.SETTINGS, SEATS_VERSION, VERSION_KEY)
    seats = loaded.value or SeatFile()
    if loaded.message is not None:
        return Read(seats, loaded.message, not loaded.read_only)
    if not seats.unusable:
        return Read(seats)
    try:
        kept = _("a copy is kept as {name}").format(name=keep_copy(path, Kind.SETTINGS).name)
    except (OSError, DataError):
        return Read(seats, _one_line_unusable(path, seats.unusable, _("no copy could be kept: the file is left "
                                                                       "as it is")), False)
    return Read(seats, _one_line_unusable(path, seats.unusable, kept))


def _one_line_unusable(path: Path, unusable: tuple[str, ...], kept: str) -> str:
    named = "; ".join(unusable[:SAID_LIMIT]) + ("; …" if len(unusable) > SAID_LIMIT else "")  # the copy has all
    return one_line(ngettext("online seats file {path}: {n} kept room cannot be used and is not offered ({rooms}); "
                             "{kept}",
                             "online seats file {path}: {n} kept rooms cannot be used and are not offered ({rooms}); "
                             "{kept}", len(unusable)).format(path=path, n=len(unusable), rooms=named, kept=kept))


def _write(read: Read, rooms: dict[str, RoomEntry]) -> str:
    """Write the rooms (with the file's other keys) unless the file may not be written: "", or one line why
    not (what the file said when it was read, or why the write failed)."""
    if not read.writable:
        return read.message
    data = {**read.seats.other, VERSION_KEY: SEATS_VERSION, "rooms": rooms}
    return save_json_versioned(tokens_path(), data, VERSION_KEY, Kind.SETTINGS,
                               _("online seats not saved: {problem}"),
                               _("could not save the online seats to {path}: {problem}")) or ""


@dataclass(frozen=True)
class KeptSeat:
    """A room this player sat in: where, its code, the seat and its token, whether this app hosted it (then the
    store its rooms are kept in, "" the default one), its game ("" when not known) and its pace ("turn": a
    turn-based table)."""

    server: str
    code: str
    seat: int
    token: str
    hosted: bool
    game: str = ""
    store: str = ""
    pace: str = "live"


def _recent(rooms: dict[str, RoomEntry], now: float) -> list[tuple[str, RoomEntry]]:
    """The rooms seen in the last week (a turn-based table's: in the last two months), the most recently seen
    first."""
    return sorted(((k, e) for k, e in rooms.items()
                   if now - (TURN_KEEP_S if e.get("pace") == "turn" else KEEP_S) < e["seen"]),
                  key=lambda kv: -kv[1]["seen"])


def kept_seats() -> tuple[list[KeptSeat], str]:
    """The rooms this player can go back to (seen in the last week), the most recently seen first, and one line
    about the file ("" when all is well)."""
    read = read_seats()
    seats = [KeptSeat(key.rpartition("/")[0], key.rpartition("/")[2], e["seat"], e["token"],
                      e.get("hosted", False), e.get("game", ""), e.get("store", ""), e.get("pace", "live"))
             for key, e in _recent(read.seats.rooms, time.time())]
    return seats, read.message


def seat_token(server: str, code: str) -> tuple[int, str] | None:
    """The seat and token this player holds in room `code` on `server`, if any."""
    entry = read_seats().seats.rooms.get(_key(server, code))
    return None if entry is None else (entry["seat"], entry["token"])


def keep_token(server: str, code: str, seat: int, token: str, hosted: bool = False, game: str = "",
               store: str = "", pace: str = "") -> str:
    """Remember the seat taken in room `code` of `game` on `server` (old rooms are dropped; what a newer version
    wrote in the room's entry is kept); "" or one line why it is not kept (an unwritable folder, a file that
    could not be read now or of a newer version: the seat can then be taken back only while the app is open)."""
    now = time.time()
    read = read_seats()
    key = _key(server, code)
    kept = read.seats.rooms.get(key)
    entry: RoomEntry = kept.copy() if kept is not None else {"seat": seat, "token": token, "seen": now}
    entry.update({"seat": seat, "token": token, "seen": now, "hosted": hosted, "game": game})
    if store:
        entry["store"] = store
    if pace:
        entry["pace"] = pace
    problem = entry_problem(key, entry)
    if problem is not None:
        return one_line(_("The seat in room {code} is not kept for a rejoin: {problem}").format(
            code=room_code(code), problem=problem))
    rooms = dict(_recent(read.seats.rooms, now))
    rooms[key] = entry
    return _write(read, dict(_recent(rooms, now)[:MAX_ROOMS]))


def forget_token(server: str, code: str) -> str:
    """The room is over: its token is of no more use; "" or one line why the file is left as it is."""
    read = read_seats()
    rooms = dict(read.seats.rooms)
    if rooms.pop(_key(server, code), None) is None:
        return ""
    return _write(read, rooms)
