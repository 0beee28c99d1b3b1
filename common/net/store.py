"""Where the server keeps its rooms: one SQLite file (WAL, synchronous=NORMAL), a row per room (setup,
options, seats with their token hashes, phase) and a row per accepted input, each write its own
transaction. A server killed at any moment and started again finds every room as its members were told."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from common.net.room import Input

SCHEMA = 1
FILE_NAME = "rooms.sqlite3"


class StoreError(Exception):
    """The store cannot be opened or read (one line)."""


class Store:
    """The rooms' database; used from one thread (the server's event loop)."""

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

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int) -> None:
        """Write a room's record (replacing the old one)."""
        self.db.execute("INSERT OR REPLACE INTO rooms VALUES (?, ?, ?, ?)",
                        (code, game, json.dumps(record, separators=(",", ":")), now_ms))

    def add_inputs(self, code: str, first: int, inputs: list[Input]) -> None:
        """Append a room's accepted inputs, numbered from `first`, in one transaction."""
        rows = [(code, first + i, d.seat, d.kind, json.dumps(d.body, separators=(",", ":")), d.at_ms)
                for i, d in enumerate(inputs)]
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT INTO inputs VALUES (?, ?, ?, ?, ?, ?)", rows)

    def delete_room(self, code: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM inputs WHERE code = ?", (code,))
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def rooms(self) -> list[tuple[str, str, dict[str, Any], list[Input]]]:
        """Every stored room: code, game, record and its inputs in order."""
        out = []
        for code, game, record in self.db.execute("SELECT code, game, record FROM rooms ORDER BY code").fetchall():
            inputs = [Input(seat, kind, json.loads(body), at_ms) for seat, kind, body, at_ms in self.db.execute(
                "SELECT seat, kind, body, at_ms FROM inputs WHERE code = ? ORDER BY n", (code,))]
            out.append((code, game, json.loads(record), inputs))
        return out

    def close(self) -> None:
        self.db.close()
