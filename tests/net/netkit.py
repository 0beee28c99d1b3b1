"""Scripted clients for the room server: a server on a thread, links that play through the protocol, and
each game's case (its setup, its scripted player, what of it must never reach a client)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import math
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from arzium.room import Mirror
from arzium.rules.state import Setup, default_setup
from common.games import room_sides
from common.net.client import Link
from common.net.connection import Conn
from common.net.protocol import PROTOCOL_VERSION, RATE_PER_S
from common.net.runners import EmbeddedServer
from common.net.server import Server
from common.net.server_time import SYSTEM_CLOCK, Clock
from helpers import QUIET_S as TIMEOUT_S
from helpers import Quiet

SCRIPTED_RATE = (10_000.0, 10_000.0)
LIMITED_GAP_S = 2 / RATE_PER_S  # a scripted client of a server with the real limits: half its message rate (the
                                # rest is room for the link's pings), as no person outruns it


class Reachable(Protocol):
    """A room server the scripted clients connect to: its URL, and the least time between two messages of one
    client that keeps it within the server's message rate (a message over it may be dropped unanswered)."""

    url: str
    gap_s: float


@dataclass
class Served:
    """A server on a thread, what it sent (address, frame text), and its URL."""

    embedded: EmbeddedServer
    url: str
    sent: list[str] = field(default_factory=list)
    gap_s: float = 0.0  # its rate is above the scripted clients' pace

    def call(self, fn: Callable[[Server], Any]) -> Any:
        return self.embedded.call(fn)


@contextlib.contextmanager
def serve_in_thread(data: Path | None, rate: tuple[float, float] = SCRIPTED_RATE,
                    clock: Clock = SYSTEM_CLOCK) -> Iterator[Served]:
    """A server for scripted clients, which play without pausing (`rate`: above their pace by default), on
    `clock`."""
    embedded = EmbeddedServer(data, room_sides(), rate, clock=clock)
    port = embedded.start("127.0.0.1", 0)
    served = Served(embedded, f"ws://127.0.0.1:{port}")
    embedded.call(lambda s: setattr(s.transport, "tap", lambda _addr, text: served.sent.append(text)))
    try:
        yield served
    finally:
        embedded.stop()


class Fake:
    """A connection without a socket: what the server sends it is kept (handed over as to a socket: once the
    writes before it are committed), and how it was closed."""

    def __init__(self, server: Server, addr: str = "10.0.0.1") -> None:
        self.got: list[dict[str, Any]] = []
        self.conn = Conn(lambda text: server.post(self.conn, self._deliver, text), addr,
                         opened=server.clock.monotonic())
        self.closed: tuple[int, str] | None = None
        self.conn.shut = lambda code, reason: setattr(self, "closed", (code, reason))
        self.server = server
        server.conns[self] = self.conn  # type: ignore[index]  # found as a socket's would be (to be removed)

    def _deliver(self, text: str) -> None:  # as a socket's: after the writes before it are committed
        self.got.append(json.loads(text))

    def say(self, msg: dict[str, Any] | str) -> list[dict[str, Any]]:
        start = len(self.got)
        self.server.receive(self.conn, msg if isinstance(msg, str) else json.dumps(msg))
        return self.got[start:]

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((f for f in reversed(self.got) if f.get("kind") == kind), None)


class Player(Protocol):
    """A game's scripted player: takes frames in, says what to send."""

    desyncs: int
    result: dict[str, Any] | None
    seat: int | None

    def absorb(self, frame: dict[str, Any]) -> None: ...
    def next_message(self) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class GameCase:
    """What the network tests need of a game."""

    game: str
    setup: Callable[[int, int], dict[str, Any]]     # (persons, bots) -> a setup with those seats
    player: Callable[[int], Player]                 # seed -> a scripted player
    hidden_problems: Callable[[dict[str, Any], Server, str], list[str]]  # a frame sent, the server, its room


def _arzium_hidden(frame: dict[str, Any], server: Server, code: str) -> list[str]:
    """What of Arzium's face-down information a frame shows: the generator, the seed before the end, a deck's
    order, a card said to be drawn that is not face up."""
    problems = []
    text = json.dumps(frame)
    room = server.rooms.get(code)
    if '"rng"' in text:
        problems.append("the generator's state")
    if room is not None and room.seed and str(room.seed) in text and frame.get("kind") != "result":
        problems.append("the seed")
    views = [frame["view"], *([frame["story"]["view"]] if frame.get("story") else [])] \
        if frame.get("kind") == "game" else []
    for view in views:
        if view["seed"] != 0:
            problems.append("a view's seed")
        if view["deck"] != sorted(view["deck"]) or view["art_deck"] != sorted(view["art_deck"]):
            problems.append("a deck's order")
    return problems


def arzium_setup(people: int, bots: int = 0) -> dict[str, Any]:
    setup: Setup = default_setup(people + bots, full_game=True, bots=bots)
    return setup.to_dict()


CASES = [GameCase("arzium", arzium_setup, Mirror, _arzium_hidden)]


@dataclass
class Client:
    """A link and the scripted player it feeds, sending at most one message every `gap_s`; every frame it was
    sent."""

    link: Link
    player: Player
    frames: list[dict[str, Any]] = field(default_factory=list)
    plays: bool = True
    gap_s: float = 0.0
    sent_at: float = -math.inf

    def pump(self) -> None:
        for frame in self.link.poll():
            self.frames.append(frame)
            self.player.absorb(frame)
        if self.plays and time.monotonic() - self.sent_at >= self.gap_s:
            msg = self.player.next_message()
            if msg is not None:
                self.link.send(msg)
                self.sent_at = time.monotonic()

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((f for f in reversed(self.frames) if f.get("kind") == kind), None)

    def token(self) -> str:
        joined = self.last("joined")
        assert joined is not None, self.frames
        return str(joined["token"])


def pump_until(clients: list[Client], done: Callable[[], bool], timeout: float = TIMEOUT_S) -> None:
    """Feed every client until `done()`, waiting between rounds for the links' next frame (`helpers.Quiet`); fails
    when nothing came for `timeout` seconds (a hang, not a slow machine)."""
    quiet = Quiet(timeout)
    while not done():
        for c in clients:
            c.pump()
        if done():
            return
        if quiet.wait():
            raise AssertionError(f"stuck (nothing came for {timeout:.0f} s, or no end); last frames: " + "; ".join(
                json.dumps(c.frames[-3:])[:400] for c in clients))


def connect(served: Reachable, case: GameCase, seed: int, token: str | None = None) -> Client:
    return Client(Link(served.url, token=token), case.player(seed), gap_s=served.gap_s)


def open_room(served: Reachable, case: GameCase, people: int, *, bots: int = 0, watchers: int = 0,
              **options: Any) -> tuple[list[Client], list[Client], str]:
    """A started room: `people` seated clients (the first created it), `watchers` watching; its code."""
    creator = connect(served, case, 1)
    creator.link.send({"kind": "create", "game": case.game, "setup": case.setup(people, bots), "name": "Ana",
                       "seat": 0, **options})
    creator.link.send({"kind": "ready", "ready": True})
    pump_until([creator], lambda: creator.last("joined") is not None)
    joined = creator.last("joined")
    assert joined is not None
    code = joined["code"]
    seated = [creator]
    for i in range(1, people):
        c = connect(served, case, i + 1)
        c.link.send({"kind": "join", "code": code.lower(), "name": f"Player {i + 1}", "seat": "any"})
        c.link.send({"kind": "ready", "ready": True})
        seated.append(c)
    watching = []
    for i in range(watchers):
        w = connect(served, case, 100 + i)
        w.plays = False
        w.link.send({"kind": "join", "code": code, "name": f"Watcher {i + 1}", "seat": "watch"})
        watching.append(w)
    everyone = seated + watching

    def all_ready() -> bool:
        room = creator.last("room")
        return room is not None and all(s["ready"] for s in room["seats"]) and \
            room["watchers"] == watchers and all(c.last("joined") for c in everyone)
    pump_until(everyone, all_ready)
    creator.link.send({"kind": "start"})
    pump_until(everyone, lambda: all(c.last("game") is not None for c in everyone))
    return seated, watching, code


def close_all(clients: list[Client]) -> None:
    for c in clients:
        c.link.close()


def a_room_in_play(server: Server) -> tuple[Fake, Fake, str]:
    """Two people in a started room that has seen a few actions."""
    ana, bo = Fake(server, "10.0.0.2"), Fake(server, "10.0.0.3")
    for f in (ana, bo):
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    ana.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "seat": 0})
    code = next(f["code"] for f in ana.got if f["kind"] == "joined")
    bo.say({"kind": "join", "code": code, "name": "Bo", "seat": "any"})
    bo.say({"kind": "ready"})
    ana.say({"kind": "start"})
    players = {ana: Mirror(1), bo: Mirror(2)}
    for f, m in players.items():
        for frame in f.got:
            m.absorb(frame)
    for _ in range(12):
        for f, m in players.items():
            msg = m.next_message()
            if msg is not None:
                for frame in f.say(msg):
                    m.absorb(frame)
                other = bo if f is ana else ana
                for frame in other.got[-3:]:
                    if frame["kind"] == "update" and frame["seq"] > players[other].seq:
                        players[other].absorb(frame)
    return ana, bo, code


class FakeClock:
    """The server's clock in a test (`common.net.server_time.Clock`): its time moves only when the test says
    (`advance`, or `now += seconds`), and what waited for the new time is woken then, in the order of its time:
    on the caller's thread when that runs the server's loop (or none runs), else on the loop's thread, `advance`
    returning once it has run. No test waits real seconds."""

    def __init__(self, now_ms: int = 1_800_000_000_000) -> None:
        self._ms = now_ms
        self._seconds = 1000.0
        self._alarms: list[_FakeAlarm] = []
        self._lock = threading.Lock()

    def now_ms(self) -> int:
        return self._ms

    def monotonic(self) -> float:
        return self._seconds

    @property
    def now(self) -> float:
        """The monotonic seconds (setting them moves the clock on by the difference)."""
        return self._seconds

    @now.setter
    def now(self, seconds: float) -> None:
        self.advance(seconds - self._seconds)

    def call_at(self, loop: asyncio.AbstractEventLoop, when_ms: int, fn: Callable[[], None]) -> _FakeAlarm:
        alarm = _FakeAlarm(when_ms, loop, fn)
        if when_ms <= self._ms:
            alarm.handle = loop.call_soon(alarm.ring)
        else:
            with self._lock:
                self._alarms.append(alarm)
        return alarm

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds`, waking in order everything set for a time on the way, each at its time
        (what it reads of the clock then is that time)."""
        assert seconds >= 0, "the clock does not go back"
        start_ms, start_s = self._ms, self._seconds
        end_ms = start_ms + round(seconds * 1000)
        while True:
            with self._lock:
                due = [a for a in self._alarms if a.when_ms <= end_ms and not a.cancelled]
                if not due:
                    self._alarms = [a for a in self._alarms if not a.cancelled]
                    self._ms, self._seconds = end_ms, start_s + seconds
                    return
                alarm = min(due, key=lambda a: a.when_ms)
                self._alarms.remove(alarm)
                if alarm.when_ms > self._ms:
                    self._ms = alarm.when_ms
                    self._seconds = start_s + (alarm.when_ms - start_ms) / 1000
            _on_loop(alarm.loop, alarm.ring)


@dataclass(eq=False)
class _FakeAlarm:
    when_ms: int
    loop: asyncio.AbstractEventLoop
    fn: Callable[[], None]
    cancelled: bool = False
    handle: asyncio.Handle | None = None

    def cancel(self) -> None:
        self.cancelled = True
        if self.handle is not None:
            self.handle.cancel()

    def ring(self) -> None:
        if not self.cancelled:
            self.cancelled = True
            self.fn()


def _on_loop(loop: asyncio.AbstractEventLoop, fn: Callable[[], None]) -> None:
    """Run `fn` on `loop`'s thread and return once it ran (at once when this thread runs it, or nothing does)."""
    try:
        here = asyncio.get_running_loop() is loop
    except RuntimeError:
        here = False
    if here or not loop.is_running():
        fn()
        return
    done: concurrent.futures.Future[None] = concurrent.futures.Future()

    def run() -> None:
        try:
            fn()
        finally:
            done.set_result(None)
    loop.call_soon_threadsafe(run)
    done.result(10)
