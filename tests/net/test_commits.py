"""Group commit: the writes of a loop turn are committed together on the store's writer thread, and no frame that
tells of an input leaves before its input is in the database; a commit that fails sends no acknowledgement,
tells the members, and puts the room back to what the store holds."""
from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from netkit import arzium_setup
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from arzium.room import Mirror
from common.games import room_sides
from common.net.progress import Progress
from common.net.protocol import PROTOCOL_VERSION
from common.net.server import Server
from common.net.store import FILE_NAME


class Member:
    """A scripted person on a real connection; what reaches it is kept with the number of inputs the database
    held when it arrived (read through another connection: committed rows only)."""

    def __init__(self, url: str, db: Path, seed: int, news: Progress) -> None:
        self.url, self.db, self.news = url, db, news
        self.player = Mirror(seed)
        self.got: list[tuple[dict[str, Any], int]] = []
        self.ws: ClientConnection | None = None
        self.closed_with: int | None = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self, token: str | None = None) -> None:
        self.ws = await connect(self.url)
        self.reader = asyncio.create_task(self._read(self.ws))
        await self.say({"kind": "hello", "version": PROTOCOL_VERSION, **({"token": token} if token else {})})

    def stored(self) -> int:
        db = sqlite3.connect(self.db)
        try:
            return int(db.execute("SELECT COUNT(*) FROM inputs").fetchone()[0])
        finally:
            db.close()

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                frame = json.loads(text)
                self.got.append((frame, self.stored() if frame.get("id") is not None else -1))
                self.player.absorb(frame)
                self.news.pulse()
        self.closed_with = ws.close_code
        self.news.pulse()

    async def say(self, msg: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(msg))

    def frames(self, kind: str) -> list[dict[str, Any]]:
        return [f for f, _n in self.got if f["kind"] == kind]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def _until(news: Progress, done: Callable[[], object], within_s: float = 10.0) -> None:
    """Until `done()`, looking again at each piece of news; fails after `within_s` (a hang, not a pace)."""
    await asyncio.wait_for(news.until(lambda: bool(done())), within_s)


async def _served(tmp_path: Path) -> tuple[Server, str]:
    server = Server(tmp_path, room_sides(), rate=(1e9, 1e9))
    port = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{port}"


async def _a_game(url: str, db: Path, news: Progress) -> tuple[Member, Member, str]:
    ana, bo = Member(url, db, 1, news), Member(url, db, 2, news)
    for m in (ana, bo):
        await m.open()
    await ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "seat": 0})
    await _until(news, lambda: ana.frames("joined"))
    code = ana.frames("joined")[0]["code"]
    await bo.say({"kind": "join", "code": code, "name": "Bo", "seat": "any"})
    await bo.say({"kind": "ready", "ready": True})
    await _until(news, lambda: any(r["seats"][1]["ready"] for r in ana.frames("room")))
    await ana.say({"kind": "start"})
    await _until(news, lambda: ana.frames("game") and bo.frames("game"))
    return ana, bo, code


def _mover(ana: Member, bo: Member) -> tuple[Member, dict[str, Any]]:
    for m in (ana, bo):
        msg = m.player.next_message()
        if msg is not None:
            return m, msg
    raise AssertionError("no one has a move")


def test_no_acknowledgement_leaves_before_its_input_is_in_the_database(tmp_path: Path) -> None:
    async def body() -> None:
        server, url = await _served(tmp_path)
        news, loop = Progress(), asyncio.get_running_loop()
        assert server.store is not None
        commit, gate, waiting = server.store.commit, threading.Event(), threading.Event()
        try:
            ana, bo, _code = await _a_game(url, tmp_path / FILE_NAME, news)
            for n in range(12):
                held = n == 5  # one commit is held up on the writer thread
                if held:
                    def slow(batch: Any) -> None:
                        waiting.set()
                        loop.call_soon_threadsafe(news.pulse)
                        gate.wait(10)
                        commit(batch)
                    server.store.commit = slow  # type: ignore[method-assign]
                who, msg = _mover(ana, bo)
                before, sent = who.stored(), server.transport.frames_sent
                await who.say(msg)
                if held:
                    await _until(news, waiting.is_set)  # its input is being committed: what tells of it waits
                    assert server.transport.frames_sent == sent  # not handed to any connection while not stored
                    assert [f for f, _n in who.got if f.get("id") == msg["id"]] == []
                    assert who.stored() == before
                    server.store.commit = commit  # type: ignore[method-assign]
                    gate.set()
                await _until(news, lambda m=msg, w=who: any(f.get("id") == m["id"] for f, _n in w.got))
                answer = [(f, stored) for f, stored in who.got if f.get("id") == msg["id"]]
                assert answer[0][0]["kind"] in ("update", "turn"), answer
                assert all(stored > before for _f, stored in answer)  # in the database when told
        finally:
            gate.set()
            await server.stop()
    asyncio.run(body())


def test_a_commit_that_fails_sends_no_acknowledgement_and_the_room_goes_back_to_the_store(tmp_path: Path) -> None:
    async def body() -> None:
        server, url = await _served(tmp_path)
        news = Progress()
        assert server.store is not None
        commit = server.store.commit
        try:
            ana, bo, code = await _a_game(url, tmp_path / FILE_NAME, news)
            for _n in range(6):
                who, msg = _mover(ana, bo)
                await who.say(msg)
                await _until(news, lambda m=msg, w=who: any(f.get("id") == m["id"] for f, _n in w.got))
            kept = ana.stored()
            old = server.rooms[code]
            assert old.match is not None and old.inputs == kept

            def broken(batch: Any) -> None:
                raise sqlite3.OperationalError("disk I/O error")
            server.store.commit = broken  # type: ignore[method-assign]
            who, msg = _mover(ana, bo)
            seq = who.player.seq  # what the mover knew as stored before its move
            await who.say(msg)
            await _until(news, lambda: ana.closed_with == 1011 and bo.closed_with == 1011)
            server.store.commit = commit  # type: ignore[method-assign]
            assert [f for f, _n in who.got if f.get("id") == msg["id"] and f["kind"] != "error"] == []  # no answer
            for m in (ana, bo):
                told = m.frames("error")[-1]
                assert told["code"] == "not_stored" and "token" in told["message"]
            assert ana.stored() == kept
            again = server.rooms[code]  # rebuilt from the store: the input that was not stored is not in it
            assert again is not old and again.inputs == kept and old.closed
            token = ana.frames("joined")[0]["token"]
            back = Member(url, tmp_path / FILE_NAME, 3, news)
            await back.open(token)
            await _until(news, lambda: back.frames("game"))
            game = back.frames("game")[0]
            assert game["seq"] == seq and old.inputs > kept  # the old copy had taken the input the store did not
        finally:
            await server.stop()
    asyncio.run(body())
