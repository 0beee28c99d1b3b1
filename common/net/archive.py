"""Finished tables kept in short. Once a finished room has been over for a set time with no member connected
(`serve --compact-after DAYS`), the server keeps of it only what its members still ask for: the line a list of
tables shows (the game, the seats' names, the moves counted, the result), the seats' and watchers' token hashes,
and its `result` frame (the outcome and the replay: seed, setup, options, seats' names, every action) exactly as
its members were sent it, compressed. The rules state, the inputs one by one (undone actions, confirms, seats
handed to bots and taken back), the turn clocks and the room's other state are let go of, in the store and in
memory. A member who comes back with its token is sent `joined` and that same `result` frame, byte for byte;
the table stays in its members' lists for `KEEP_MS` after its end."""
from __future__ import annotations

import logging
import zlib
from dataclasses import dataclass
from typing import Any

from common.data.safe_text import one_line
from common.net.protocol import encode, room_tag
from common.net.room import Room
from common.net.store import Store
from common.net.tables import table_line

log = logging.getLogger("arenas_arzium.server")

DAY_MS = 86_400_000
COMPACT_AFTER_DAYS = 3.0      # a finished room is compacted this long after its end (`serve --compact-after`)
KEEP_MS = 365 * DAY_MS        # a compacted table is kept this long after its end, then deleted


@dataclass(frozen=True)
class Archived:
    """A compacted finished table: its list line (without the asking token's `seat` and `mine`), its seats' last
    moves, who may ask for it (token hashes) and its `result` frame, compressed."""

    code: str
    game: str
    ended_ms: int
    line: dict[str, Any]
    seats: tuple[str | None, ...]   # each seat's token hash (None: a bot's or an open seat)
    mine: tuple[int | None, ...]    # each seat's last move (its number; None: none)
    watchers: frozenset[str]
    creator: str
    result: bytes

    def tokens(self) -> list[str]:
        """Every token hash that finds this table (its seats', its watchers', its creator's)."""
        return [t for t in (*self.seats, *self.watchers, self.creator) if t is not None]

    def knows(self, hashed: str) -> bool:
        """Whether the token hashing to `hashed` is a member's (a seat's or a kept watcher's)."""
        return hashed in self.seats or hashed in self.watchers

    def table_line(self, hashed: str) -> dict[str, Any] | None:
        """The table as the token hashing to `hashed` sees it in a list (None: not its table)."""
        if not self.knows(hashed) and hashed != self.creator:
            return None
        seat = self.seats.index(hashed) if hashed in self.seats else None
        return {**self.line, "seat": seat, "mine": self.mine[seat] if seat is not None else None}

    def result_text(self) -> str:
        """The `result` frame as its members were sent it at the end."""
        return zlib.decompress(self.result).decode("utf-8")

    def frames(self, token: str, hashed: str) -> list[str]:
        """What a member coming back with its token is sent: `joined` (no room to be in: the connection stays in
        none) and the `result` frame."""
        seat = self.seats.index(hashed) if hashed in self.seats else None
        joined = {"kind": "joined", "code": self.code, "token": token, "seat": seat, "game": self.game,
                  "creator": hashed == self.creator, "archived": True}
        return [encode(joined), self.result_text()]

    def expired(self, now_ms: int) -> bool:
        return now_ms - self.ended_ms >= KEEP_MS

    def summary(self) -> dict[str, Any]:
        """What the store keeps besides the compressed result (`from_stored` reads it back)."""
        return {"line": self.line, "seats": list(self.seats), "mine": list(self.mine),
                "watchers": sorted(self.watchers), "creator": self.creator}

    @classmethod
    def from_stored(cls, code: str, game: str, ended_ms: int, summary: dict[str, Any], result: bytes) -> Archived:
        """A stored compacted table read back; `ValueError` naming what is wrong with it."""
        line, seats, mine = summary.get("line"), summary.get("seats"), summary.get("mine")
        watchers, creator = summary.get("watchers"), summary.get("creator")
        if not isinstance(line, dict) or line.get("phase") != "over":
            raise ValueError("its list line is missing or wrong")
        if not (isinstance(seats, list) and all(t is None or isinstance(t, str) for t in seats)):
            raise ValueError("its seats' tokens are missing or wrong")
        if not (isinstance(mine, list) and len(mine) == len(seats)
                and all(n is None or (isinstance(n, int) and not isinstance(n, bool)) for n in mine)):
            raise ValueError("its seats' last moves are missing or wrong")
        if not (isinstance(watchers, list) and all(isinstance(t, str) for t in watchers)):
            raise ValueError("its watchers' tokens are missing or wrong")
        if not isinstance(creator, str):
            raise ValueError("its creator is missing or wrong")
        try:
            zlib.decompress(result)
        except zlib.error:
            raise ValueError("its result cannot be read") from None
        return cls(code, game, ended_ms, line, tuple(seats), tuple(mine), frozenset(watchers), creator, result)


def compactable(room: Room, now_ms: int, after_ms: int) -> bool:
    """Whether a room is a finished game over for at least `after_ms` with no member connected."""
    return (room.phase == "over" and room.match is not None and not room.members and room.over_at is not None
            and now_ms - room.over_at >= after_ms)


def compact(room: Room, now_ms: int) -> Archived:
    """The finished `room` in short (its list line as of `now_ms`, its `result` frame as its members had it)."""
    assert room.match is not None and room.over_at is not None
    line = table_line(room, room.creator, now_ms)
    assert line is not None
    line = {k: v for k, v in line.items() if k not in ("seat", "mine")}
    mine = room.match.progress().mine
    return Archived(room.code, room.game, room.over_at, line, tuple(s.token for s in room.seats),
                    tuple(mine.get(i) for i in range(len(room.seats))), frozenset(room.watchers), room.creator,
                    zlib.compress(room.result_text().encode("utf-8"), 9))


class Shelf:
    """The finished tables kept in short, by code, with their rows in the store (None: kept in memory only)."""

    def __init__(self, store: Store | None) -> None:
        self.store = store
        self.tables: dict[str, Archived] = {}

    def load(self, index: dict[str, str]) -> None:
        """Read the stored compacted tables back (a row that cannot be read: one line, kept in the store as it
        is, not served); `index` (token hash -> code) is told their tokens."""
        if self.store is None:
            return
        good, bad = self.store.archived()
        problems: list[tuple[str, str]] = [(row.code, str(row)) for row in bad]
        for row in good:
            try:
                self._put(Archived.from_stored(row.code, row.game, row.ended_ms, row.summary, row.result), index)
            except ValueError as exc:
                problems.append((row.code, one_line(exc, 160)))
        for code, why in problems:
            log.warning("room %s: its compacted row cannot be read (%s); kept in the store, not served",
                        room_tag(code), why)

    def _put(self, kept: Archived, index: dict[str, str]) -> None:
        self.tables[kept.code] = kept
        for token in kept.tokens():
            index[token] = kept.code

    def sweep(self, rooms: dict[str, Room], index: dict[str, str], now_ms: int, after_ms: int) -> None:
        """Keep in short the finished rooms over for `after_ms` with no member connected (taken out of `rooms`
        and closed; their tokens find them still), and delete those kept past `KEEP_MS` (their tokens with
        them)."""
        for room in [r for r in rooms.values() if compactable(r, now_ms, after_ms)]:
            kept = compact(room, now_ms)
            room.close()
            del rooms[room.code]
            self._put(kept, index)
            if self.store is not None:
                self.store.archive_room(kept.code, kept.game, kept.ended_ms, kept.summary(), kept.result)
            log.info("room %s compacted", room_tag(room.code))
        for kept in [k for k in self.tables.values() if k.expired(now_ms)]:
            del self.tables[kept.code]
            for token in kept.tokens():
                if index.get(token) == kept.code:
                    del index[token]
            if self.store is not None:
                self.store.delete_archived(kept.code)
            log.info("room %s: its finished table is deleted (kept a year)", room_tag(kept.code))
