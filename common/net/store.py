"""Where the server keeps its rooms: one SQLite file (WAL, synchronous=NORMAL), a row per room (setup,
options, seats with their token hashes, phase) and a row per accepted input. Writes wait in a batch until
`commit` writes them in one transaction (the server commits each loop turn's writes together, off its event
loop, and sends the frames that tell of them only after; a store used on its own commits each write at once);
a server killed at any moment and started again finds every room as its members were told."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.net.room import Input

SCHEMA = 1
FILE_NAME = "rooms.sqlite3"


class StoreError(Exception):
    """The store cannot be opened or read (one line)."""


@dataclass
class Batch:
    """Writes waiting for their transaction: (room code, statement, rows) each, in order."""

    writes: list[tuple[str, str, list[tuple[Any, ...]]]] = field(default_factory=list)

    @property
    def codes(self) -> set[str]:
        """The rooms the batch writes to."""
        return {code for code, _sql, _rows in self.writes}


class Store:
    """The rooms' database. Writes are batched on the server's loop (`wrote` is told of each) and committed by
    `commit`, on one thread at a time."""

    def __init__(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.path = folder / FILE_NAME
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA busy_timeout=5000")
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self.db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, "
                            "record TEXT NOT NULL, updated_ms INTEGER NOT NULL)")
            self.db.execute("CREATE TABLE IF NOT EXISTS inputs (code TEXT NOT NULL, n INTEGER NOT NULL, "
                            "seat INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL, at_ms INTEGER NOT NULL, "
                            "PRIMARY KEY (code, n)) WITHOUT ROWID")
            row = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
            elif row[0] != str(SCHEMA):
                raise StoreError(f"{self.path}: written by another version of the server (schema {row[0]}, this "
                                 f"one reads {SCHEMA}); it is kept as it is: give this server another --data folder")
        except sqlite3.Error as exc:
            raise StoreError(f"{folder / FILE_NAME}: {exc}") from None
        self.batch = Batch()
        self.wrote: Callable[[], None] | None = None  # told of every write added to the batch (None: commit each)

    def _add(self, code: str, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """Add a write to the batch and tell `wrote`; with no one told (no server batching), commit it at once."""
        self.batch.writes.append((code, sql, rows))
        if self.wrote is not None:
            self.wrote()
        else:
            self.commit(self.batch)
            self.batch = Batch()

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int) -> None:
        """Write a room's record (replacing the old one)."""
        self._add(code, "INSERT OR REPLACE INTO rooms VALUES (?, ?, ?, ?)",
                  [(code, game, json.dumps(record, separators=(",", ":")), now_ms)])

    def add_inputs(self, code: str, first: int, inputs: list[Input]) -> None:
        """Append a room's accepted inputs, numbered from `first`."""
        self._add(code, "INSERT INTO inputs VALUES (?, ?, ?, ?, ?, ?)",
                  [(code, first + i, d.seat, d.kind, json.dumps(d.body, separators=(",", ":")), d.at_ms)
                   for i, d in enumerate(inputs)])

    def clear_inputs(self, code: str) -> None:
        """Forget a room's inputs (its next game starts)."""
        self._add(code, "DELETE FROM inputs WHERE code = ?", [(code,)])

    def delete_room(self, code: str) -> None:
        self._add(code, "DELETE FROM inputs WHERE code = ?", [(code,)])
        self._add(code, "DELETE FROM rooms WHERE code = ?", [(code,)])

    def take(self) -> Batch | None:
        """The writes so far, for `commit` (None: there are none); the next ones start a new batch."""
        if not self.batch.writes:
            return None
        taken, self.batch = self.batch, Batch()
        return taken

    def discard(self, codes: set[str]) -> None:
        """Forget the waiting writes to these rooms (their earlier writes could not be committed)."""
        self.batch.writes = [w for w in self.batch.writes if w[0] not in codes]

    def commit(self, batch: Batch) -> None:
        """Write a batch in one transaction: all of it or, raising `sqlite3.Error`, none of it."""
        with self.db:
            self.db.execute("BEGIN")
            for _code, sql, rows in batch.writes:
                self.db.executemany(sql, rows)

    def room(self, code: str) -> tuple[str, dict[str, Any], list[Input]] | None:
        """A stored room's game, record and inputs in order (None: not stored)."""
        row = self.db.execute("SELECT game, record FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        inputs = [Input(seat, kind, json.loads(body), at_ms) for seat, kind, body, at_ms in self.db.execute(
            "SELECT seat, kind, body, at_ms FROM inputs WHERE code = ? ORDER BY n", (code,))]
        return row[0], json.loads(row[1]), inputs

    def rooms(self) -> list[tuple[str, str, dict[str, Any], list[Input]]]:
        """Every stored room: code, game, record and its inputs in order."""
        out = []
        for (code,) in self.db.execute("SELECT code FROM rooms ORDER BY code").fetchall():
            stored = self.room(code)
            if stored is not None:
                out.append((code, *stored))
        return out

    def close(self) -> None:
        self.db.close()
