"""The server's answer to `tables`: for each token a member sends, the one table that token has a seat or a
place at, as a list of tables shows it (the game, the seats, whose turn, each seat's time, the last move and
when, this seat's last move, and the result once it is over). A token lists only its own table: it is looked up
by its hash, and what is told is what any member of that room is told anyway (no token, no hidden card)."""
from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any, Protocol

from common.net.protocol import token_hash
from common.net.room import GameMatch, Room

_RESULTS: weakref.WeakKeyDictionary[GameMatch, dict[str, Any]] = weakref.WeakKeyDictionary()


def result_line(match: GameMatch) -> dict[str, Any]:
    """A finished game's result as a list of tables shows it: the winners, each seat's score, who ran out of
    time (made once a game: the result builds the whole replay)."""
    line = _RESULTS.get(match)
    if line is None:
        result = match.result()
        outcome = result.get("outcome") or {}
        players = outcome.get("players") or []
        line = _RESULTS[match] = {"winners": list(outcome.get("winner_indices") or []),
                                  "scores": [p.get("score", 0) for p in players if isinstance(p, dict)],
                                  "ran_out": list(result.get("ran_out") or [])}
    return line


def table_line(room: Room, hashed: str, now_ms: int) -> dict[str, Any] | None:
    """What the member whose token hashes to `hashed` may see of `room` in a list of tables (None: the token
    has no seat or place there)."""
    if not room.knows(hashed) and hashed != room.creator:
        return None
    seat = room.seat_of_token(hashed)
    line: dict[str, Any] = {
        "code": room.code, "game": room.game, "phase": room.phase, "pace": room.options.pace, "seat": seat,
        "seats": [{"name": s.name, "kind": "bot" if s.bot is not None else "person" if s.token else "open",
                   "here": s.member is not None} for s in room.seats],
        "clock": room.options.clock.to_json(), "games": room.games,
        "turn": None, "time": None, "moves": 0, "last": None, "mine": None, "result": None}
    match = room.match
    if match is not None:
        progress = match.progress()
        line.update(turn=progress.turn, time=match.clock_now(now_ms), moves=progress.moves,
                    last=list(progress.last) if progress.last is not None else None,
                    mine=progress.mine.get(seat) if seat is not None else None)
        if room.phase == "over":
            line["result"] = result_line(match)
    return line


class Kept(Protocol):
    """A finished table kept in short (`common.net.archive.Archived`)."""

    def table_line(self, hashed: str) -> dict[str, Any] | None: ...


def list_tables(rooms: Mapping[str, Room], index: Mapping[str, str], tokens: list[str],
                now_ms: int, kept: Mapping[str, Kept]) -> tuple[list[dict[str, Any]], list[int]]:
    """The `tables` frame's tables (each with `i`, the place of its token in `tokens`) and the places of the
    tokens no table has (the room ended and was forgotten, or the token was never one); a room or a finished
    table kept in short (`kept`) answers alike."""
    found: list[dict[str, Any]] = []
    unknown: list[int] = []
    for i, token in enumerate(tokens):
        hashed = token_hash(token)
        code = index.get(hashed)
        room = rooms.get(code) if code is not None else None
        short = kept.get(code) if code is not None and room is None else None
        line = table_line(room, hashed, now_ms) if room is not None else \
            short.table_line(hashed) if short is not None else None
        if line is None:
            unknown.append(i)
        else:
            found.append({"i": i, **line})
    return found, unknown

