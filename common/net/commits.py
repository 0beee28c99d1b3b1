"""The store's group commit: the writes of a loop turn are committed together, in one transaction on a writer
thread, and the frames that tell of them are handed to their connections only after (a frame never tells of a
move the store could lose). One commit at a time: what comes meanwhile waits for the next. Before `start` and
after `stop` (no event loop) each write is committed at once, on the caller's thread. A batch that cannot be
committed is handed back (`failed`) with the frames that waited on it; nothing that told of it is sent.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, NamedTuple, TypeVar

from common.net.progress import Progress
from common.net.store import Batch, Store

To = TypeVar("To")  # whom a held frame is for (the server's connection)


class Held(NamedTuple, Generic[To]):
    """A frame waiting for the writes made before it: whom it is for, and how it is handed over."""

    to: To
    deliver: Callable[[str], None]
    text: str


class GroupCommit(Generic[To]):
    """Commits `store`'s batches and holds the frames sent meanwhile; `failed(batch, held, problem)` is told of
    a batch that could not be committed, `recovered()` of the first commit that works after one that did not,
    and `progress` is pulsed whenever held frames were handed over or given up."""

    def __init__(self, store: Store, failed: Callable[[Batch, list[Held[To]], BaseException], None],
                 recovered: Callable[[], None], progress: Progress) -> None:
        self.store = store
        self._failed = failed
        self._recovered = recovered
        self._progress = progress
        self.held: list[Held[To]] = []
        self.committing = False
        self.failing = False
        self._due = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: ThreadPoolExecutor | None = None
        store.wrote = self.soon

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """From now on commits are made on a writer thread, at the end of `loop`'s turns."""
        self._loop = loop
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="room-store")

    def stop(self) -> None:
        """From now on each write is committed at once, on the caller's thread (what waits is committed now)."""
        self._loop = None
        self.now()

    def end(self) -> None:
        """The writer thread ended (after `stop`)."""
        if self._writer is not None:
            self._writer.shutdown()
            self._writer = None

    def post(self, to: To, deliver: Callable[[str], None], text: str) -> None:
        """A frame for `to`: handed over once every write made before it is committed."""
        self.held.append(Held(to, deliver, text))
        self.soon()

    def holds_for(self, to: To) -> bool:
        """Whether a frame for `to` waits for a commit."""
        return any(h.to is to for h in self.held)

    def idle(self) -> bool:
        """Whether nothing waits and nothing is being committed."""
        return not self.held and not self.committing

    def soon(self) -> None:
        """Commit the waiting writes at the end of this loop turn (at once when not started)."""
        if self._writer is None or self._loop is None:
            self.now()
        elif not self._due:
            self._due = True
            self._loop.call_soon(self._flush)

    def now(self) -> None:
        """Commit the waiting writes on this thread, then hand over the frames that followed them."""
        batch, held = self.store.take(), self.held
        self.held = []
        if batch is not None:
            try:
                self.store.commit(batch)
            except sqlite3.Error as exc:
                self.failing = True
                self._failed(batch, held, exc)
                self._progress.pulse()
                return
        deliver(held)
        self._progress.pulse()

    def _flush(self) -> None:
        self._due = False
        if self.committing or self._writer is None or self._loop is None:
            return
        batch, held = self.store.take(), self.held
        self.held = []
        if batch is None:
            deliver(held)
            self._progress.pulse()
            return
        self.committing = True
        done = self._loop.run_in_executor(self._writer, self.store.commit, batch)
        done.add_done_callback(lambda f: self._committed(f, batch, held))

    def _committed(self, done: asyncio.Future[None], batch: Batch, held: list[Held[To]]) -> None:
        self.committing = False
        exc = None if done.cancelled() else done.exception()
        if exc is None:
            if self.failing:
                self.failing = False
                self._recovered()
            deliver(held)
        else:
            self.failing = True
            self._failed(batch, held, exc)
        if self.held or self.store.batch.writes:
            self.soon()
        self._progress.pulse()


def deliver(held: list[Held[To]]) -> None:
    """Hand each held frame over."""
    for h in held:
        h.deliver(h.text)
