"""Where the server keeps its rooms: one SQLite file (WAL, synchronous=NORMAL), a row per room (setup,
options, seats with their token hashes, phase), a row per accepted input and a row per watcher's token hash; a
finished room compacted (`common.net.archive`) is one row of the `archive` table instead, its other rows deleted.
Writes wait in a batch until `commit` writes them in one transaction (the server commits each loop turn's writes
together, off its event loop, and sends the frames that tell of them only after; a store used on its own
commits each write at once); a server killed at any moment and started again finds every room as its members
were told.

One data folder has one server: the store holds the folder's lock (`common.data.file_lock`) while it is open, and a
second store on the same folder, in this process or another, is refused (`StoreInUse`). A database that is not
this server's is refused before anything is written to it; a room whose stored rows cannot be read is set aside
(left in the file as it is, not served) and the others are served."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.data import file_lock
from common.data.os_words import os_problem
from common.data.safe_text import one_line
from common.net.room import Input

SCHEMA = 1
FILE_NAME = "rooms.sqlite3"
_open: set[Path] = set()  # the store files this process has open (the lock counts only between processes)


class StoreError(Exception):
    """The store cannot be opened or read (one line)."""


class StoreInUse(StoreError):
    """Another server (another process, or another store of this one) has the data folder."""


class RowError(StoreError):
    """A stored room whose rows cannot be read (one line, naming the room by its code)."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(why)
        self.code = code


@dataclass(frozen=True)
class StoredRoom:
    """A room as stored: its code, game, record, inputs in order and watchers' token hashes."""

    code: str
    game: str
    record: dict[str, Any]
    inputs: list[Input]
    watchers: list[str]


@dataclass(frozen=True)
class StoredArchive:
    """A compacted room's row: its code, game, end, what its list line needs and its compressed `result`."""

    code: str
    game: str
    ended_ms: int
    summary: dict[str, Any]
    result: bytes


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
        self.path = folder / FILE_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise StoreError(f"{folder}: a file has that name: the rooms' data needs a folder") from None
        except OSError as exc:
            raise StoreError(f"{folder}: cannot make the folder of the rooms' data: {os_problem(exc)}") from None
        if not folder.is_dir():
            raise StoreError(f"{folder}: a file has that name: the rooms' data needs a folder")
        self._key = self.path.absolute()
        if self._key in _open or not file_lock.hold(self.path):
            raise StoreInUse(f"{folder}: another room server is using this data folder: stop it, or give this one "
                             "a folder of its own")
        _open.add(self._key)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            try:
                self._refuse_others()
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.execute("PRAGMA busy_timeout=5000")
                self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                self.db.execute("CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, "
                                "record TEXT NOT NULL, updated_ms INTEGER NOT NULL)")
                self.db.execute("CREATE TABLE IF NOT EXISTS inputs (code TEXT NOT NULL, n INTEGER NOT NULL, "
                                "seat INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL, "
                                "at_ms INTEGER NOT NULL, PRIMARY KEY (code, n)) WITHOUT ROWID")
                self.db.execute("CREATE TABLE IF NOT EXISTS watchers (code TEXT NOT NULL, token TEXT NOT NULL, "
                                "PRIMARY KEY (code, token)) WITHOUT ROWID")
                self.db.execute("CREATE TABLE IF NOT EXISTS archive (code TEXT PRIMARY KEY, game TEXT NOT NULL, "
                                "ended_ms INTEGER NOT NULL, summary TEXT NOT NULL, result BLOB NOT NULL)")
                self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
            except BaseException:
                self.db.close()
                raise
        except sqlite3.Error as exc:
            self._unlock()
            raise StoreError(f"{self.path}: {_sqlite_words(exc)}") from None
        except BaseException:
            self._unlock()
            raise
        self.batch = Batch()
        self.wrote: Callable[[], None] | None = None  # told of every write added to the batch (None: commit each)

    def _refuse_others(self) -> None:
        """Refuse, before writing anything, a database another program made or another version wrote."""
        tables = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return
        schema = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() \
            if "meta" in tables else None
        if schema is not None and schema[0] != str(SCHEMA):  # its tables may be others than this version's
            raise StoreError(f"{self.path}: written by another version of the server (schema "
                             f"{one_line(str(schema[0]), 20)}, this one reads {SCHEMA}); it is kept as it is: give "
                             "this server another data folder")
        if schema is None or not {"rooms", "inputs"} <= tables:
            raise StoreError(f"{self.path}: another program's database (tables: "
                             f"{one_line(', '.join(sorted(tables)), 80)}); it is kept as it is: give the server "
                             "another data folder")

    def _unlock(self) -> None:
        _open.discard(self._key)
        file_lock.release(self.path)

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

    def add_watcher(self, code: str, token: str) -> None:
        """Keep a watcher's token hash (the room's record is not rewritten)."""
        self._add(code, "INSERT OR IGNORE INTO watchers VALUES (?, ?)", [(code, token)])

    def forget_watcher(self, code: str, token: str) -> None:
        self._add(code, "DELETE FROM watchers WHERE code = ? AND token = ?", [(code, token)])

    def delete_room(self, code: str) -> None:
        self._add(code, "DELETE FROM inputs WHERE code = ?", [(code,)])
        self._add(code, "DELETE FROM watchers WHERE code = ?", [(code,)])
        self._add(code, "DELETE FROM rooms WHERE code = ?", [(code,)])

    def archive_room(self, code: str, game: str, ended_ms: int, summary: dict[str, Any], result: bytes) -> None:
        """Keep a finished room in short (its compacted row) in place of its record, inputs and watchers."""
        self._add(code, "INSERT OR REPLACE INTO archive VALUES (?, ?, ?, ?, ?)",
                  [(code, game, ended_ms, json.dumps(summary, separators=(",", ":")), result)])
        self.delete_room(code)

    def delete_archived(self, code: str) -> None:
        self._add(code, "DELETE FROM archive WHERE code = ?", [(code,)])

    def archived(self) -> tuple[list[StoredArchive], list[RowError]]:
        """Every compacted room whose row can be read, and a `RowError` for each that cannot."""
        try:
            rows = self.db.execute("SELECT code, game, ended_ms, summary, result FROM archive ORDER BY code").fetchall()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {_sqlite_words(exc)}") from None
        good, bad = [], []
        for code, game, ended_ms, text, result in rows:
            try:
                summary = json.loads(text) if isinstance(text, str | bytes) else None
                if not (isinstance(code, str) and isinstance(game, str) and isinstance(ended_ms, int)
                        and isinstance(summary, dict) and isinstance(result, bytes)):
                    raise ValueError("its compacted row is not one")
            except (ValueError, RecursionError) as exc:
                bad.append(RowError(str(code), one_line(str(exc), 120)))
                continue
            good.append(StoredArchive(code, game, ended_ms, summary, result))
        return good, bad

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

    def room(self, code: str) -> StoredRoom | None:
        """A stored room (None: not stored); `RowError` if its rows cannot be read (`StoreError`: the file)."""
        try:
            row = self.db.execute("SELECT game, record FROM rooms WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            game, text = row
            rows = self.db.execute("SELECT seat, kind, body, at_ms FROM inputs WHERE code = ? ORDER BY n",
                                   (code,)).fetchall()
            watchers = [t for (t,) in self.db.execute("SELECT token FROM watchers WHERE code = ?", (code,))]
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {_sqlite_words(exc)}") from None
        try:
            record = json.loads(text) if isinstance(text, str | bytes) else None
            if not isinstance(game, str) or not isinstance(record, dict):
                raise ValueError("its record is not a JSON object")
            inputs = []
            for n, (seat, kind, body, at_ms) in enumerate(rows):
                value = json.loads(body) if isinstance(body, str | bytes) else None
                if not (isinstance(seat, int) and isinstance(kind, str) and isinstance(value, dict)
                        and isinstance(at_ms, int)):
                    raise ValueError(f"its input {n} is not a stored input")
                inputs.append(Input(seat, kind, value, at_ms))
            if not all(isinstance(t, str) for t in watchers):
                raise ValueError("a watcher's row is not a token hash")
        except (ValueError, RecursionError) as exc:
            raise RowError(code, one_line(str(exc), 120)) from None
        return StoredRoom(code, game, record, inputs, watchers)

    def rooms(self) -> tuple[list[StoredRoom], list[RowError]]:
        """Every stored room that can be read, and a `RowError` for each that cannot."""
        try:
            codes = [code for (code,) in self.db.execute("SELECT code FROM rooms ORDER BY code").fetchall()]
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: {_sqlite_words(exc)}") from None
        good, bad = [], []
        for code in codes:
            if not isinstance(code, str):
                bad.append(RowError(str(code), "its code is not text"))
                continue
            try:
                stored = self.room(code)
            except RowError as exc:
                bad.append(exc)
                continue
            if stored is not None:
                good.append(stored)
        return good, bad

    def close(self) -> None:
        """Close the database and let go of the folder (a store closed twice is closed once)."""
        if self._key in _open:
            self.db.close()
            self._unlock()


def _sqlite_words(exc: sqlite3.Error) -> str:
    """SQLite's error, with what to do when it is one a person can act on."""
    text = one_line(str(exc), 160)
    if "readonly" in text or "unable to open" in text:
        return f"{text} (the folder or the file cannot be written: give the server a folder it may write to)"
    if "not a database" in text:
        return f"{text} (another program's file: it is kept as it is; give the server another data folder)"
    if "full" in text:
        return f"{text} (free some space on its disk)"
    return text
