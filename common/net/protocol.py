"""The room protocol's version, limits and message shapes, and their checks (pure: no asyncio, no game).

`decode` turns a frame into a checked message (a `ClientMessage` of `common.net.messages`: its fields have the
types PROTOCOL.md gives, defaults filled) or raises `ProtocolError` (a code and one line naming the field);
`encode` is the one way a message is written.
Invite codes and tokens are made and read here too.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping
from typing import cast

from common.data.safe_text import one_line
from common.net.messages import ClientMessage, ClockSetting, Error, GameJson, JoinSeat, Pace
from common.net.turn_clock import ClockError, ClockRule

PROTOCOL_VERSION = 1
DEFAULT_PORT = 8765
APP_SERIES = "1.x"  # the app versions that speak PROTOCOL_VERSION (named in the `version` error)
MAX_BYTES = 64 * 1024
MAX_DEPTH = 32
MAX_INT = 2 ** 53
NAME_LIMIT = 24
RATE_PER_S = 20.0     # messages a second a connection may send on average ...
RATE_BURST = 40.0     # ... in bursts of this many
BYTES_PER_S = 64 * 1024.0    # and bytes a second on average ...
BYTES_BURST = 256 * 1024.0   # ... in bursts of this many
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 8       # 40 bits
CHAT_LIMIT = 200      # characters of a chat line, after sanitising
CHAT_PER_S = 0.5      # chat lines a member may send a second on average ...
CHAT_BURST = 5.0      # ... in bursts of this many
CHAT_KEPT = 50        # lines a room keeps (in memory only) for members who join later
PHRASES = ("good_game", "thanks", "wait", "your_turn", "oops")  # quick phrases: ids each app words itself
TABLES_MAX = 50       # tokens a `tables` message may list (an app keeps at most 50 rooms)
TOKEN_MAX = 100       # characters of a token as a client sends it
PACES = ("live", "turn")


class ProtocolError(Exception):
    """A message that cannot be used: `code` (PROTOCOL.md's error codes) and one line saying what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(one_line(message))
        self.code = code


# ---- reading frames ----------------------------------------------------------------------------------------
def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _check_tree(value: object) -> None:
    """Depth, integer bounds and strings (UTF-8 only) of a decoded JSON value, without recursion."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ProtocolError("bad_message", f"nested deeper than {MAX_DEPTH}")
        if isinstance(item, dict):
            stack.extend((k, depth) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, str):
            if not _encodable(item):
                raise ProtocolError("bad_message", "a string holds a lone surrogate (not UTF-8)")
        elif isinstance(item, int | float) and not isinstance(item, bool) and abs(item) > MAX_INT:
            raise ProtocolError("bad_message", "a number is out of range")


def _encodable(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (JSON's `\\ud800` escapes can make lone surrogates)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse(frame: str | bytes) -> dict[str, object]:
    """A frame as a JSON object with a string `kind` (its fields not yet checked)."""
    if not isinstance(frame, str):
        raise ProtocolError("bad_message", "binary frames are not part of the protocol: send JSON text")
    if len(frame) > MAX_BYTES:
        raise ProtocolError("too_big", f"a message is at most {MAX_BYTES} bytes")
    try:
        value: object = json.loads(frame, parse_constant=_no_constant)
    except RecursionError:
        raise ProtocolError("bad_message", f"nested deeper than {MAX_DEPTH}") from None
    except ValueError as exc:  # JSONDecodeError included; also numbers too long for int()
        raise ProtocolError("bad_message", f"not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    _check_tree(value)
    kind = value.get("kind")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "kind: missing or not a string")
    return value


def encode(message: Mapping[str, object]) -> str:
    """A message as a frame (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# ---- fields ------------------------------------------------------------------------------------------------
Check = Callable[[str, object], object]


def _int(lo: int, hi: int) -> Callable[[str, object], int]:
    def check(field: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ProtocolError("bad_message", f"{field}: an integer from {lo} to {hi}")
        return value
    return check


def _bool(field: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("bad_message", f"{field}: true or false")
    return value


def _text(limit: int) -> Check:
    def check(field: str, value: object) -> str:
        if not isinstance(value, str) or len(value) > limit:
            raise ProtocolError("bad_message", f"{field}: a string of at most {limit} characters")
        return value
    return check


def clean_name(value: object) -> str | None:
    """A name as the server keeps and sends it (made safe to draw, one line, trimmed), or None when it is not a
    string of 1 to `NAME_LIMIT` characters so cleaned: the one check every name from a client goes through."""
    if not isinstance(value, str) or len(value) > 200 or not _encodable(value):
        return None
    name = one_line(value, 200).strip()
    return name if 0 < len(name) <= NAME_LIMIT else None


def _name(field: str, value: object) -> str:
    name = clean_name(value)
    if name is None:
        raise ProtocolError("bad_message", f"{field}: a name of 1 to {NAME_LIMIT} characters")
    return name


def _object(field: str, value: object) -> GameJson:
    if not isinstance(value, dict):
        raise ProtocolError("bad_message", f"{field}: a JSON object")
    return value


def _any(field: str, value: object) -> object:
    return value


def _seat_or_null(field: str, value: object) -> int | None:
    return None if value is None else _int(0, 15)(field, value)


def _join_seat(field: str, value: object) -> JoinSeat:
    if value == "any" or value == "watch":
        return "any" if value == "any" else "watch"
    return _int(0, 15)(field, value)


def _bool_or_null(field: str, value: object) -> bool | None:
    return None if value is None else _bool(field, value)


def _chat_text(field: str, value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 4 * CHAT_LIMIT:
        raise ProtocolError("bad_message", f"{field}: a line of 1 to {CHAT_LIMIT} characters")
    line = one_line(value, 4 * CHAT_LIMIT).strip()
    if not line or len(line) > CHAT_LIMIT:
        raise ProtocolError("bad_message", f"{field}: a line of 1 to {CHAT_LIMIT} characters")
    return line


def _phrase(field: str, value: object) -> str | None:
    if value is None:
        return None
    if value not in PHRASES:
        raise ProtocolError("bad_message", f"{field}: one of {', '.join(PHRASES)}")
    return str(value)


def _pace(field: str, value: object) -> Pace:
    if value == "live" or value == "turn":
        return "live" if value == "live" else "turn"
    raise ProtocolError("bad_message", f"{field}: one of {', '.join(PACES)}")


def _tokens(field: str, value: object) -> list[str]:
    if not isinstance(value, list) or not 1 <= len(value) <= TABLES_MAX or not all(
            isinstance(t, str) and 1 <= len(t) <= TOKEN_MAX for t in value):
        raise ProtocolError("bad_message", f"{field}: a list of 1 to {TABLES_MAX} tokens (strings of at most "
                                           f"{TOKEN_MAX} characters)")
    return [str(t) for t in value]


def _turn_clock(field: str, value: object) -> int:
    seconds = _int(0, 3600)(field, value)
    if 0 < seconds < 10:
        raise ProtocolError("bad_message", f"{field}: 0 (off) or 10 to 3600 seconds")
    return seconds


def _clock(field: str, value: object) -> ClockSetting:
    try:
        return ClockRule.from_json(value, field).to_json()
    except ClockError as exc:
        raise ProtocolError("bad_message", str(exc)) from None


# kind -> field -> (check, default); a field without a default is required (`...` marks one)
SHAPES: dict[str, dict[str, tuple[Check, object]]] = {
    "hello": {"version": (_int(0, MAX_INT), ...), "token": (_text(TOKEN_MAX), None), "app": (_text(40), "")},
    "create": {"game": (_text(20), ...), "setup": (_object, ...), "name": (_name, ...),
               "seat": (_seat_or_null, 0), "spectators": (_bool, True), "grace_s": (_int(5, 600), 60),
               "turn_clock_s": (_turn_clock, 0), "clock": (_clock, None), "assists": (_bool_or_null, None),
               "watcher_chat": (_bool, True), "pace": (_pace, "live")},
    "join": {"code": (_text(40), ...), "name": (_name, ...), "seat": (_join_seat, "any")},
    "ready": {"ready": (_bool, True)},
    "start": {},
    "bot": {"seat": (_int(0, 15), ...), "level": (_text(20), None)},
    "reclaim": {},
    "act": {"action": (_any, ...)},
    "undo": {},
    "confirm": {},
    "let_bot": {"seat": (_int(0, 15), ...)},
    "ping": {"t": (_int(-MAX_INT, MAX_INT), ...)},
    "leave": {},
    "assist": {},
    "chat": {"text": (_chat_text, None), "phrase": (_phrase, None)},
    "table_rules": {"assists": (_bool_or_null, None), "watcher_chat": (_bool_or_null, None)},
    "again": {"game": (_int(1, MAX_INT), ...), "want": (_bool, True), "next": (_bool, False)},
    "concede": {},
    "move": {"seat": (_int(0, 15), ...), "to": (_int(0, 15), ...)},
    "remove": {"seat": (_int(0, 15), ...)},
    "tables": {"tokens": (_tokens, ...)},
}


def check(message: Mapping[str, object]) -> ClientMessage:
    """The message with its fields checked and defaults filled (unknown fields are dropped): the `ClientMessage`
    of its kind (`SHAPES` holds a check for each field its type in `common.net.messages` names)."""
    kind = message["kind"]
    shape = SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise ProtocolError("unknown_kind", f"unknown message kind {one_line(str(kind), 40)!r}")
    out: dict[str, object] = {"kind": kind}
    if "id" in message:
        out["id"] = _int(0, MAX_INT)("id", message["id"])
    for field, (check_field, default) in shape.items():
        if field in message:
            out[field] = check_field(f"{kind}.{field}", message[field])
        elif default is ...:
            raise ProtocolError("bad_message", f"{kind}.{field}: missing")
        else:
            out[field] = default
    if kind == "chat" and (out["text"] is None) == (out["phrase"] is None):
        raise ProtocolError("bad_message", "chat: a text or a phrase (one of them)")
    return cast(ClientMessage, out)  # each field checked as its kind's type says (tests/net/test_protocol.py)


def decode(frame: str | bytes) -> ClientMessage:
    """A frame as a checked message; `ProtocolError` if it is not one."""
    return check(parse(frame))


def error(code: str, message: str, msg_id: int | None = None) -> Error:
    """An `error` frame."""
    frame: Error = {"kind": "error", "code": code, "message": one_line(message)}
    if msg_id is not None:
        frame["id"] = msg_id
    return frame


def version_line() -> str:
    """What a client of another version is told."""
    return f"this server speaks protocol {PROTOCOL_VERSION}: use Arenas & Arzium {APP_SERIES}"


# ---- codes and tokens --------------------------------------------------------------------------------------
def new_code() -> str:
    """A fresh invite code, `ABCD-EFGH` (40 bits from `secrets`)."""
    symbols = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{symbols[:4]}-{symbols[4:]}"


def read_code(text: str) -> str | None:
    """A typed invite code in its written form (case, spaces and dashes ignored, O read as 0, I and L as 1),
    or None when it cannot be one."""
    symbols = "".join(text.upper().split()).replace("-", "").replace("O", "0").replace("I", "1").replace("L", "1")
    if len(symbols) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in symbols):
        return None
    return f"{symbols[:4]}-{symbols[4:]}"


def new_token() -> str:
    """A fresh member token: 256 bits from `secrets`, URL-safe base 64."""
    return secrets.token_urlsafe(32)


def room_tag(code: str) -> str:
    """How the log names a room: a short hash of its code (a code read in a log would let anyone join)."""
    return "#" + hashlib.sha256(code.encode("utf-8", "replace")).hexdigest()[:8]


def token_hash(token: str) -> str:
    """What the server keeps of a token (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
