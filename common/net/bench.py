"""`net-bench`: scripted clients that play whole games through the room protocol, under load and faults.

All clients run on one asyncio loop (2,000 connections in one process): each keeps only its game model, its
token and what it is waiting for. A client pauses like a person before each move (`think_ms`), measures the
round trip of every move (sent → the frame carrying its `id` back), reconnects by itself with backoff when
the server goes away (`hello` with its token), and at the end checks that every move the server acknowledged
to it is in the room's replay. The game side (the setup to create, the model, the policy) is the game's
`G/bench.py`, given by the launcher (its `bench_room` and `bench_player` hooks): `room_setup(index, seats) ->
dict` and `new_player(seat, client) -> Player`.

Chat: with `chat_s`, every client of a game in play says a line every `chat_s` seconds on average (free
text and quick phrases in turn), as a talkative table would; the lines it sees come back counted.

Faults: the server SIGKILLed and started again (`ServerProcess`, when the bench runs the server), a share of
the clients dropping their connection at a random moment, and a latency proxy (`common.net.proxy`).
"""
from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypedDict, cast
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from common.data.safe_text import one_line
from common.net.baseline import Baseline, RoundTrips, echo_baseline, format_baseline, ratios
from common.net.clock import ClockEstimate
from common.net.messages import ChatSay, ClientMessage, GameJson, Hello, Received
from common.net.protocol import PROTOCOL_VERSION, encode
from common.net.proxy import LatencyProxy
from common.net.stalls import GcPauses, LoopLag, settle_gc, spread

RATE_PAUSE_S = 0.25  # a client told it is over the rate waits this long before its next move
ADDRESS_LIMIT = 1_000_000  # every client of the bench comes from one address: the server the bench runs lets them in
BACKOFF_S = (0.25, 8.0)
STABLE_S = 10.0  # a connection that lasted this long starts the backoff again from its first step
PROBE_S = 10.0   # how long the bench waits for the server's welcome before it gives up
CHAT_LINES = ("nice move", "hmm, let me think", "ha! didn't see that coming", "one more round?")
CHAT_PHRASES = ("good_game", "thanks", "wait", "your_turn", "oops")
CHAT_FRAME = '{"kind":"chat",'  # how a chat line's frame begins (compact JSON, its kind first)


class ClockSpread(TypedDict):
    """How far the clients' server clocks were off (ms): the median, the 99th percentile, the most, how many."""

    p50: float
    p99: float
    max: float
    n: int


class Pauses(TypedDict):
    """The collector's pauses in brief: how many (and of the oldest generation), their total and the longest (ms)."""

    n: int
    full: int
    total: float
    max: float


class ChatCount(TypedDict):
    sent: int
    seen: int


class ServerFigures(TypedDict):
    """The server's CPU and memory over the run, from its stats log."""

    cpu_s: float
    cpu_pct: float
    cpu_ms_per_room_s: float
    rss_mb: float
    rss_kb_per_room: float
    peak_rooms: int
    peak_connections: int
    loop_lag_ms: dict[str, float | int] | None
    gc_ms: Pauses


class TallyReport(TypedDict):
    """What the clients counted, in figures (`Tally.report`)."""

    rooms: int
    rooms_finished: int
    outcomes: dict[str, int]
    seconds: float
    actions: int
    actions_per_s: float
    rtt_ms: RoundTrips
    errors: int
    error_codes: dict[str, int]
    refused: int
    desyncs: int
    acknowledged: int
    acknowledged_lost: int
    reconnects: int
    drops: int
    chat: ChatCount
    clock_spread_ms: ClockSpread | None
    clock_error_ms: ClockSpread | None
    server: ServerFigures | None
    clients_cpu_pct: float | None
    clients_loop_lag_ms: dict[str, float | int] | None
    clients_gc_ms: Pauses


class UnfinishedClient(TypedDict):
    """A client that never saw its room's end: its room and seat, whether it had a token and a connection, and
    the kinds of the last frames it got."""

    room: int
    seat: int
    token: bool
    connected: bool
    last: list[str]


class FaultsReport(TypedDict):
    server_kills: int
    drop_pct: float
    latency_ms: list[int] | None


class _WithBaseline(TypedDict, total=False):
    baseline: Baseline


class BenchReport(TallyReport, _WithBaseline):
    """A run's report (`bench_main`): the clients' figures, the baseline when asked, the clients that did not
    finish and how the run was set up."""

    unfinished_clients: list[UnfinishedClient]
    game: str
    clients_per_room: int
    think_ms: list[int]
    processes: int
    chat_s: float | None
    faults: FaultsReport


class Hooks(TypedDict):
    """The game's bench hooks, each as "module:name" (`_name`), for a helper process to import them by."""

    room_setup: str
    new_player: str


class HelperArgs(Hooks):
    """What a helper process of a shared run is given (as JSON on its command line)."""

    url: str
    game: str
    rooms: int
    per_room: int
    think_ms: list[int]
    timeout_s: float
    drop_pct: float
    seed: int
    first_room: int
    out: str
    chat_s: float | None


class Player(Protocol):
    """A scripted player's game side: its model of the game, fed the room's frames, and its policy."""

    desyncs: int

    @property
    def poll_s(self) -> float | None:
        """How often to look for a move without a frame (real time), None: only on frames."""

    def absorb(self, frame: Received) -> None:
        """One frame from the server."""

    def next_message(self) -> ClientMessage | None:
        """The message to send now (an `act` or `confirm` with an `id`), or None when it is not this seat's."""

    def replay_key(self, entry: object) -> str | None:
        """How an accepted input (an update's `[n, seat, input]` entry's input) appears among the replay's
        actions (a key to count it by), or None when a replay does not keep it."""


@dataclass
class Tally:
    """What the bench counts."""

    rtts: list[float] = field(default_factory=list)
    actions: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    desyncs: int = 0
    finished: int = 0
    acked: int = 0
    lost: int = 0
    reconnects: int = 0
    drops: int = 0
    chat_sent: int = 0  # chat lines the clients said
    chat_seen: int = 0  # chat frames the clients were sent (each line once per member)
    clock_spread: list[float] = field(default_factory=list)
    clock_error: list[float] = field(default_factory=list)  # |a client's server clock - the server's| (same machine)
    outcomes: Counter[str] = field(default_factory=Counter)  # rooms by how they ended ("won", "lost"; "over")
    loop_lag: list[float] = field(default_factory=list)  # the clients' event loops' lag samples (ms)
    gc_pauses: list[tuple[int, float]] = field(default_factory=list)  # the clients' collector pauses (generation, ms)
    cpu_s: float = 0.0  # CPU the helper processes used (a run shared among processes)

    def add(self, raw: dict[str, object]) -> None:
        """Count in another process's tally (its fields, written as JSON and read back)."""
        for name, value in raw.items():
            mine = getattr(self, name)
            if isinstance(mine, Counter) and isinstance(value, dict):
                mine.update(value)
            elif isinstance(mine, list) and isinstance(value, list):
                mine.extend(value)
            else:
                setattr(self, name, mine + value)

    def report(self, rooms: int, seconds: float, server: ServerFigures | None, cpu_s: float) -> TallyReport:
        rtts = sorted(self.rtts)

        def pct(p: float) -> float | None:
            return round(rtts[min(len(rtts) - 1, int(p / 100 * len(rtts)))], 1) if rtts else None

        apart = sorted(self.clock_spread)
        error = sorted(self.clock_error)
        return {
            "rooms": rooms, "rooms_finished": self.finished, "outcomes": dict(self.outcomes),
            "seconds": round(seconds, 1),
            "actions": self.actions, "actions_per_s": round(self.actions / seconds, 1) if seconds else 0.0,
            "rtt_ms": {"p50": pct(50), "p95": pct(95), "p99": pct(99), "max": pct(100), "n": len(rtts)},
            "errors": sum(self.errors.values()), "error_codes": dict(self.errors), "refused": self.refused,
            "desyncs": self.desyncs, "acknowledged": self.acked, "acknowledged_lost": self.lost,
            "reconnects": self.reconnects, "drops": self.drops,
            "chat": {"sent": self.chat_sent, "seen": self.chat_seen},
            "clock_spread_ms": ({"p50": apart[len(apart) // 2], "p99": apart[int(0.99 * (len(apart) - 1))],
                                 "max": apart[-1], "n": len(apart)} if apart else None),
            "clock_error_ms": ({"p50": error[len(error) // 2], "p99": error[int(0.99 * (len(error) - 1))],
                                "max": error[-1], "n": len(error)} if error else None),
            "server": server, "clients_cpu_pct": round(100 * cpu_s / seconds, 1) if seconds else None,
            "clients_loop_lag_ms": spread(self.loop_lag), "clients_gc_ms": _pauses(self.gc_pauses),
        }


@dataclass
class RoomSlot:
    """One room of the bench: its invite code once created, whether its result came."""

    index: int
    setup: GameJson
    code: asyncio.Future[str]
    finished: bool = False
    clients: list[Client] = field(default_factory=list)


class Client:
    """One scripted member of a room, on one connection at a time."""

    def __init__(self, bench: Bench, room: RoomSlot, seat: int) -> None:
        self.bench = bench
        self.room = room
        self.seat = seat
        self.player: Player = bench.new_player(seat, self)
        self.token: str | None = None
        self.ws: ClientConnection | None = None
        self.clock = ClockEstimate()
        self.sent: dict[int, float] = {}  # message id -> when it left (monotonic ms)
        self.moves: list[tuple[float, str]] = []  # every move as it left (monotonic ms, text), for the baseline
        self.acked: list[str] = []  # replay keys of this seat's inputs the server acknowledged
        self.next_id = 1
        self.waiting: int | None = None  # the id of the move not yet answered
        self.wake = asyncio.Event()
        self.done = False
        self.started = False
        self.readied = False
        self.playing = False  # a game frame came: the chat may begin
        self.slow_down = False  # the last move was over the server's rate
        self.last_kinds: deque[str] = deque(maxlen=4)  # what came last (said of a client that never finished)

    # ---- the link the game side uses -------------------------------------------------------
    def send(self, msg: ClientMessage) -> None:
        """Send a message now (an id is added to moves and timed)."""
        if self.ws is None:
            return
        text = None
        if msg.get("kind") in ("act", "undo", "confirm"):
            msg.setdefault("id", self._id())
            self.sent[msg["id"]] = time.monotonic() * 1000
            self.waiting = msg["id"]
            text = encode(msg)
            self.moves.append((self.sent[msg["id"]], text))
        self.bench.spawn(self._send(text or encode(msg)))

    async def _send(self, text: str) -> None:
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(WebSocketException, OSError):
                await ws.send(text)

    def server_now_ms(self) -> int:
        return self.clock.server_ms(time.monotonic() * 1000)

    def _id(self) -> int:
        self.next_id += 1
        return self.next_id

    # ---- the connection --------------------------------------------------------------------
    async def run(self) -> None:
        backoff = BACKOFF_S[0]
        first = True
        while not self.done and not self.bench.stopping:
            try:
                async with connect(self.bench.url, max_size=2 ** 20, open_timeout=20, ping_interval=None,
                                   compression=None) as ws:
                    self.ws = ws
                    if not first:
                        self.bench.tally.reconnects += 1
                    first = False
                    opened = time.monotonic()
                    await self._session(ws)
                    if time.monotonic() - opened >= STABLE_S:  # not a server that drops it at once again and again
                        backoff = BACKOFF_S[0]
            except (TimeoutError, WebSocketException, OSError):
                pass
            finally:
                self.ws = None
                self.waiting = None
                self.sent.clear()
            if self.done or self.bench.stopping:
                return
            await asyncio.sleep(backoff * random.uniform(0.5, 1.0))
            backoff = min(BACKOFF_S[1], backoff * 2)

    async def _session(self, ws: ClientConnection) -> None:
        hello: Hello = {"kind": "hello", "version": PROTOCOL_VERSION, "app": "net-bench"}
        if self.token is not None:
            hello["token"] = self.token
        await ws.send(encode(hello))
        if self.token is None:
            await self._enter(ws)
        tasks = [asyncio.create_task(self._pinger(ws)), asyncio.create_task(self._mover())]
        if self.bench.chat_s is not None:
            tasks.append(asyncio.create_task(self._chatter(ws, self.bench.chat_s)))
        try:
            async for text in ws:
                if isinstance(text, str) and text.startswith(CHAT_FRAME):  # counted, not read: moves are measured
                    self.bench.tally.chat_seen += 1
                    continue
                self._frame(json.loads(text))
                if self.done:
                    break
        finally:
            for task in tasks:
                task.cancel()

    async def _enter(self, ws: ClientConnection, after_s: float = 0.0) -> None:
        """Create the room (seat 0) or join it (the others, once it has a code)."""
        await asyncio.sleep(after_s)
        if self.seat == 0:
            await ws.send(encode({"kind": "create", "game": self.bench.game, "setup": self.room.setup,
                                  "name": "Bench 1", "seat": 0, "spectators": False}))
        else:
            code = await self.room.code
            await ws.send(encode({"kind": "join", "code": code, "name": f"Bench {self.seat + 1}", "seat": self.seat}))

    async def _pinger(self, ws: ClientConnection) -> None:
        while True:
            await ws.send(encode({"kind": "ping", "t": int(time.monotonic() * 1000)}))
            await asyncio.sleep(self.clock.ping_gap_s())

    async def _chatter(self, ws: ClientConnection, every_s: float) -> None:
        """Once the game is dealt, a chat line every `every_s` seconds on average: free text and quick phrases
        in turn."""
        rng = self.bench.rng
        said = 0
        while True:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * every_s)
            if not self.playing or self.done:
                continue
            line: ChatSay = ({"kind": "chat", "text": rng.choice(CHAT_LINES)} if said % 2 == 0
                                    else {"kind": "chat", "phrase": rng.choice(CHAT_PHRASES)})
            said += 1
            self.bench.tally.chat_sent += 1
            await ws.send(encode(line))

    async def _mover(self) -> None:
        """Think, then move, whenever the game side has a move to make."""
        bench = self.bench
        poll = self.player.poll_s
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), poll)
            self.wake.clear()
            if self.waiting is not None or self.done:
                continue
            low, high = bench.think_ms
            if high > 0:
                await asyncio.sleep(bench.rng.uniform(low, high) / 1000)
            if self.slow_down:  # over the server's rate: wait as the server asks
                self.slow_down = False
                await asyncio.sleep(RATE_PAUSE_S)
            if self.waiting is not None:
                continue
            msg = self.player.next_message()
            if msg is not None:
                self.send(msg)

    # ---- frames ----------------------------------------------------------------------------
    def _answered(self, frame: Received) -> bool:
        """True if the frame answers this client's move in flight (its round trip is counted)."""
        msg_id = frame.get("id")
        if msg_id is None or msg_id not in self.sent:
            return False
        self.bench.tally.rtts.append(time.monotonic() * 1000 - self.sent.pop(msg_id))
        if msg_id == self.waiting:
            self.waiting = None
        return True

    def _frame(self, frame: Received) -> None:
        tally = self.bench.tally
        kind = frame.get("kind")
        if kind != "pong":
            self.last_kinds.append(f"{kind}:{frame.get('code', '')}" if kind == "error" else str(kind))
        match kind:
            case "pong":
                now = time.monotonic() * 1000
                self.clock.sample(frame["t"], now, frame["server_ms"])
                return
            case "welcome":
                return
            case "joined":
                self.token = frame["token"]
                if self.seat == 0 and not self.room.code.done():
                    self.room.code.set_result(frame["code"])
                return
            case "room":
                self._lobby(frame)
                return
            case "error":
                tally.errors[str(frame.get("code"))] += 1
                self._answered(frame)
                self.player.absorb(frame)  # a move answered by an error is no longer awaited
                if frame.get("code") == "rate":
                    self.slow_down = True
                if frame.get("code") == "rate" and self.token is None and self.ws is not None:
                    self.bench.spawn(self._enter(self.ws, self.bench.rng.uniform(1.0, 3.0)))  # as a person would
            case "refused":
                tally.refused += 1
                self._answered(frame)
                self.player.absorb(frame)
            case "update":
                mine = self._answered(frame)
                before = self.player.desyncs
                self.player.absorb(frame)
                tally.desyncs += self.player.desyncs - before
                if mine:
                    tally.actions += 1
                    for _n, seat, entry in frame["actions"]:
                        key = self.player.replay_key(entry)
                        if seat == self.seat and key is not None:
                            self.acked.append(key)
                            tally.acked += 1
            case "turn":
                if self._answered(frame):
                    tally.actions += 1
                self.player.absorb(frame)
            case "game":
                self.playing = True
                self.waiting = None
                self.sent.clear()
                self.player.absorb(frame)
                self.bench.dealt(self)
            case "result":
                self._result(frame)
                return
        self.wake.set()

    def _lobby(self, frame: Received) -> None:
        seats = frame.get("seats", [])
        if frame.get("phase") != "lobby":
            return
        if self.seat != 0 and not self.readied:
            self.readied = True
            self.send({"kind": "ready", "ready": True})
        elif self.seat == 0 and not self.started and seats and all(
                s.get("status") == "here" and (s.get("ready") or i == 0) for i, s in enumerate(seats)):
            self.started = True
            self.send({"kind": "start"})

    def _result(self, frame: Received) -> None:
        tally = self.bench.tally
        replay = frame.get("replay") or {}
        kept = Counter(key for entry in replay.get("actions", []) if (key := self.player.replay_key(entry)))
        mine = Counter(self.acked)
        tally.lost += sum((mine - kept).values())
        self.player.absorb(frame)
        if not self.room.finished:
            self.room.finished = True
            tally.finished += 1
            outcome = frame.get("outcome")
            result = outcome.get("result") if isinstance(outcome, dict) else None
            tally.outcomes[result if isinstance(result, str) else "over"] += 1
        self.done = True
        self.bench.client_done()


class ServerProcess:
    """The room server run by the bench itself (so it can be killed and started again), with its stats log."""

    def __init__(self, port: int, data: Path, extra: tuple[str, ...] = ()) -> None:
        self.port = port
        self.data = data
        self.stats = data / "stats.jsonl"
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [sys.executable, "-m", "common", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--data", str(self.data), "--stats", str(self.stats), "--join-limit", str(ADDRESS_LIMIT),
               "--address-limit", str(ADDRESS_LIMIT), *self.extra]
        self.data.mkdir(parents=True, exist_ok=True)
        with (self.data / "server.log").open("ab") as log:  # its log lines, counted by a fault run
            self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)

    async def ready(self, timeout_s: float = 20.0) -> None:
        """Wait until the server accepts connections; `RuntimeError` (its last line) if it stopped instead."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            if self.proc is not None and self.proc.poll() is not None:
                try:
                    said = (self.data / "server.log").read_text("utf-8", "replace").strip().splitlines()[-1]
                except (OSError, IndexError):
                    said = f"exit code {self.proc.returncode}"
                raise RuntimeError(f"the bench's server stopped at once: {one_line(said, 200)}")
            try:
                _r, w = await asyncio.open_connection("127.0.0.1", self.port)
                w.close()
                return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError(f"the server did not listen on port {self.port} within {timeout_s:.0f} s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def server_figures(stats: Path, rooms: int, since: float) -> ServerFigures | None:
    """CPU and memory per room from the server's own stats log (its lines since `since`, wall-clock s)."""
    try:
        lines = [json.loads(line) for line in stats.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError):
        return None
    lines = [x for x in lines if isinstance(x, dict) and x.get("t", 0) >= since - 1]
    if len(lines) < 2:
        return None
    first, last = lines[0], lines[-1]
    lag = [x for line in lines[1:] for x in line.get("lag_ms", [])]
    pauses = [(gen, ms) for line in lines[1:] for gen, ms in line.get("gc_ms", [])]
    cpu = (last["cpu_s"] - first["cpu_s"]) if last["cpu_s"] >= first["cpu_s"] else last["cpu_s"]
    seconds = max(1e-9, last["t"] - first["t"])
    peak_rooms = max(x.get("rooms", 0) for x in lines)
    return {"cpu_s": round(cpu, 2), "cpu_pct": round(100 * cpu / seconds, 1),
            "cpu_ms_per_room_s": round(1000 * cpu / seconds / max(1, rooms), 3),
            "rss_mb": round(max(x["rss_kb"] for x in lines) / 1024, 1),
            "rss_kb_per_room": round(max(x["rss_kb"] for x in lines) / max(1, peak_rooms), 1),
            "peak_rooms": peak_rooms, "peak_connections": max(x.get("connections", 0) for x in lines),
            "loop_lag_ms": spread(lag), "gc_ms": _pauses(pauses)}


def _pauses(pauses: list[tuple[int, float]]) -> Pauses:
    """The collector's pauses in brief."""
    ms = [p for _gen, p in pauses]
    return {"n": len(ms), "full": sum(gen == 2 for gen, _p in pauses), "total": round(sum(ms), 1),
            "max": round(max(ms, default=0.0), 1)}


class Bench:
    """The whole run: rooms, their clients, the faults, the figures."""

    def __init__(self, url: str, game: str, rooms: int, per_room: int, think_ms: tuple[int, int],
                 room_setup: Callable[[int, int], GameJson], new_player: Callable[[int, Client], Player],
                 seed: int = 1, chat_s: float | None = None) -> None:
        self.url = url
        self.chat_s = chat_s
        self.game = game
        self.rooms_n = rooms
        self.per_room = per_room
        self.think_ms = think_ms
        self.room_setup = room_setup
        self.new_player = new_player
        self.rng = random.Random(seed)
        self.tally = Tally()
        self.stopping = False
        self.tasks: set[asyncio.Task[object]] = set()
        self.clients: list[Client] = []
        self.rooms: list[RoomSlot] = []
        self.all_done = asyncio.Event()
        self.remaining = 0
        self.unfinished: list[UnfinishedClient] = []  # some of the clients that never saw their room's end
        self.with_game: set[Client] = set()
        self.same_machine = urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1")

    def spawn(self, coro: Awaitable[object]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def dealt(self, client: Client) -> None:
        """A client has its game: once every client has, their games are left out of later collections (they
        last the whole run; `gc.freeze`)."""
        if client not in self.with_game:
            self.with_game.add(client)
            if len(self.with_game) == len(self.clients):
                gc.freeze()

    def client_done(self) -> None:
        self.remaining -= 1
        if self.remaining <= 0:
            self.all_done.set()

    async def run(self, timeout_s: float, faults: Faults) -> float:
        """Play every room to its end (or until `timeout_s`); the seconds it took."""
        loop = asyncio.get_running_loop()
        for i in range(self.rooms_n):
            room = RoomSlot(i, self.room_setup(i, self.per_room), loop.create_future())
            room.clients = [Client(self, room, seat) for seat in range(self.per_room)]
            self.rooms.append(room)
            self.clients += room.clients
        self.remaining = len(self.clients)
        if not self.clients:
            self.all_done.set()
        settle_gc()  # the clients' games are made: a collection's pause does not count in their round trips
        start = time.monotonic()
        lag, pauses = LoopLag(), GcPauses()
        self.spawn(lag.run())
        pauses.install()
        for n, client in enumerate(self.clients):
            self.spawn(client.run())
            if n % 50 == 49:
                await asyncio.sleep(0.02)  # connections open in waves, as people arrive
        self.spawn(self._clock_sampler())
        self.spawn(faults.run(self))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.all_done.wait(), timeout_s)
        self.stopping = True
        elapsed = time.monotonic() - start
        pauses.remove()
        self.tally.loop_lag += lag.take()
        self.tally.gc_pauses += pauses.take()
        unfinished: list[UnfinishedClient] = [{"room": c.room.index, "seat": c.seat, "token": c.token is not None,
                                               "connected": c.ws is not None, "last": list(c.last_kinds)}
                                              for c in self.clients if not c.done]
        self.unfinished = unfinished[:20]
        for client in self.clients:
            if client.ws is not None:
                self.spawn(client.ws.close())
        await asyncio.sleep(0.2)
        for task in list(self.tasks):
            task.cancel()
        return elapsed

    async def _clock_sampler(self) -> None:
        """Every second, at one instant: how far apart the clients of each running room put the server's
        clock (what the sand they draw shows), once their estimates have settled (8 pings, 2 s after connecting:
        a room's sand starts after a 3 s countdown)."""
        while not self.stopping:
            await asyncio.sleep(1.0)
            now, wall = time.monotonic() * 1000, time.time() * 1000
            for room in self.rooms:
                shown = [c.clock.server_ms(now) for c in room.clients if c.clock.settled and not c.done]
                if len(shown) >= 2:
                    middle = sorted(shown)[len(shown) // 2]
                    self.tally.clock_spread.append(max(abs(s - middle) for s in shown))
                if self.same_machine:  # the server's clock is this machine's wall clock: the truth is known
                    self.tally.clock_error += [round(abs(s - wall), 1) for s in shown]


@dataclass
class Faults:
    """What goes wrong during a run: the server killed at `kill_at_s` (and started again), `drop_pct` % of
    the clients dropping their connection once at a random moment within `drop_within_s`."""

    server: ServerProcess | None = None
    kill_at_s: float | None = None
    drop_pct: float = 0.0
    drop_within_s: float = 30.0
    kills: int = 0

    async def run(self, bench: Bench) -> None:
        jobs = []
        if self.drop_pct > 0:
            chosen = bench.rng.sample(bench.clients, round(len(bench.clients) * self.drop_pct / 100))
            jobs += [self._drop(bench, c, bench.rng.uniform(2.0, self.drop_within_s)) for c in chosen]
        if self.kill_at_s is not None and self.server is not None:
            jobs.append(self._kill(self.server, self.kill_at_s))
        await asyncio.gather(*jobs)

    @staticmethod
    async def _drop(bench: Bench, client: Client, after_s: float) -> None:
        await asyncio.sleep(after_s)
        ws = client.ws
        if ws is not None and not client.done:
            bench.tally.drops += 1
            ws.transport.abort()  # as a cable pulled: no closing handshake

    async def _kill(self, server: ServerProcess, after_s: float) -> None:
        await asyncio.sleep(after_s)
        server.kill()
        self.kills += 1
        await asyncio.sleep(1.0)
        server.start()
        await server.ready()


async def bench_main(url: str, game: str, rooms: int, per_room: int, think_ms: tuple[int, int],
                     room_setup: Callable[[int, int], GameJson],
                     new_player: Callable[[int, Client], Player], *, timeout_s: float = 900.0,
                     own_data: Path | None = None, kill_at_s: float | None = None, drop_pct: float = 0.0,
                     latency: tuple[int, int] | None = None, stats: Path | None = None,
                     seed: int = 1, processes: int = 1, baseline: bool = False,
                     chat_s: float | None = None) -> BenchReport:
    """Run the bench; its report (the figures `Tally.report` gives, plus the faults). With `processes` > 1 the
    rooms are shared among that many processes (this one and helpers started with `python -m
    common.net.bench`), each with its own event loop; their tallies are added up. `baseline`: then the moves of
    this process's clients are sent again to a bare echo server (`common.net.baseline`), and the report says
    what the rooms cost over it. With `chat_s` every client says a chat line every `chat_s` seconds on average
    while its game is played."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or (443 if parts.scheme == "wss" else 80)
    processes = max(1, min(processes, rooms))
    server = None
    if own_data is not None:
        server = ServerProcess(port, own_data)
        server.start()
        try:
            await server.ready()
        except BaseException:
            server.stop()
            raise
        stats = server.stats
    try:
        await probe(url)
    except BaseException:
        if server is not None:
            server.stop()
        raise
    proxy = None
    if latency is not None:
        proxy = LatencyProxy((host, port), latency[0], latency[1], seed)
        url = f"{parts.scheme}://127.0.0.1:{await proxy.start()}{parts.path}"
    since = time.time()
    cpu_before = time.process_time()
    shares = [rooms // processes + (1 if i < rooms % processes else 0) for i in range(processes)]
    named: Hooks = {"room_setup": _name(room_setup), "new_player": _name(new_player)}
    helpers = [_helper(url, game, shares[i], per_room, think_ms, timeout_s, drop_pct, seed + i, sum(shares[:i]),
                       named, chat_s) for i in range(1, processes)]
    bench = Bench(url, game, shares[0], per_room, think_ms, room_setup, new_player, seed, chat_s)
    faults = Faults(server, kill_at_s, drop_pct)
    began = time.monotonic()
    try:
        seconds = await bench.run(timeout_s, faults)
        for proc, out in helpers:
            await asyncio.to_thread(proc.wait)
            bench.tally.add(json.loads(out.read_text(encoding="utf-8") or "{}"))
            out.unlink()
        seconds = max(seconds, time.monotonic() - began)
    finally:
        for proc, _out in helpers:
            if proc.poll() is None:  # the run stopped early: its helpers stop with it
                proc.kill()
                proc.wait()
        if proxy is not None:
            await proxy.close()
        if server is not None:
            await asyncio.sleep(1.5)  # one more stats line
            server.stop()
    figures = server_figures(stats, rooms, since) if stats is not None else None
    clients_cpu = time.process_time() - cpu_before + bench.tally.cpu_s
    report = bench.tally.report(rooms, seconds, figures, clients_cpu)
    compared: _WithBaseline = {}
    if baseline:
        echo = await echo_baseline([c.moves for c in bench.clients], timeout_s)
        moves = max(1, bench.tally.actions)
        compared["baseline"] = {**echo, "ratio": ratios(report["rtt_ms"], 1000 * figures["cpu_s"] / moves
                                                         if figures else None, 1000 * clients_cpu / moves, echo)}
    return {**report, **compared, "unfinished_clients": bench.unfinished, "game": game, "clients_per_room": per_room,
            "think_ms": list(think_ms), "processes": processes, "chat_s": chat_s,
            "faults": {"server_kills": faults.kills, "drop_pct": drop_pct,
                       "latency_ms": list(latency) if latency else None}}


async def probe(url: str, within_s: float = PROBE_S) -> None:
    """Say hello to the server at `url` once: `RuntimeError` (one line) at once if nothing answers there as a room
    server (nothing listening, not a WebSocket, another protocol version), rather than a silent run."""
    try:
        async with connect(url, open_timeout=within_s, ping_interval=None, close_timeout=1) as ws:
            await ws.send(encode({"kind": "hello", "version": PROTOCOL_VERSION, "app": "net-bench"}))
            answer = json.loads(await asyncio.wait_for(ws.recv(), within_s))
    except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
        raise RuntimeError(f"no room server answers at {one_line(url, 80)}: "
                           f"{one_line(str(exc) or type(exc).__name__, 160)}") from None
    if not isinstance(answer, dict) or answer.get("kind") != "welcome":
        said = answer.get("message") if isinstance(answer, dict) else answer
        raise RuntimeError(f"the server at {one_line(url, 80)} did not welcome the bench: {one_line(said, 160)}")


def _name(fn: Callable[..., object]) -> str:
    """A module-level function (or a game's lazy hook, `common.games.lazy`) as "module:name", for a helper process
    to import it by."""
    module, name = getattr(fn, "module", None), getattr(fn, "name", None)
    if isinstance(module, str) and isinstance(name, str):
        return f"{module}:{name}"
    return f"{fn.__module__}:{fn.__qualname__}"


def _named(ref: str) -> object:
    import importlib

    module, name = ref.split(":")
    return getattr(importlib.import_module(module), name)


def _helper(url: str, game: str, rooms: int, per_room: int, think_ms: tuple[int, int], timeout_s: float,
            drop_pct: float, seed: int, first_room: int, named: Hooks,
            chat_s: float | None) -> tuple[subprocess.Popen[bytes], Path]:
    """A helper process playing `rooms` of the run (`helper_main`); where it writes its tally."""
    import tempfile

    out = Path(tempfile.mkstemp(prefix="net-bench-", suffix=".json")[1])
    args: HelperArgs = {"url": url, "game": game, "rooms": rooms, "per_room": per_room, "think_ms": list(think_ms),
            "timeout_s": timeout_s, "drop_pct": drop_pct, "seed": seed, "first_room": first_room, "out": str(out),
            "chat_s": chat_s, **named}
    return subprocess.Popen([sys.executable, "-m", "common.net.bench", json.dumps(args)]), out


def helper_main(args: HelperArgs) -> None:
    """A helper process of a run shared among processes: its rooms, then its raw tally written to `out`."""
    game, first = args["game"], args["first_room"]
    room_setup = cast(Callable[[int, int], GameJson], _named(args["room_setup"]))  # the hooks `_name` named
    new_player = cast(Callable[[int, Client], Player], _named(args["new_player"]))
    low, high = args["think_ms"]
    bench = Bench(args["url"], game, args["rooms"], args["per_room"], (low, high),
                  lambda i, k: room_setup(first + i, k), new_player, args["seed"], args["chat_s"])
    asyncio.run(bench.run(args["timeout_s"], Faults(drop_pct=args["drop_pct"])))
    bench.tally.cpu_s = time.process_time()
    Path(args["out"]).write_text(json.dumps(vars(bench.tally)), encoding="utf-8")


def format_report(r: BenchReport) -> str:
    """The report in a few lines for people."""
    rtt = r["rtt_ms"]
    lines = [
        f"{r['game']}: {r['rooms_finished']}/{r['rooms']} rooms finished {r['outcomes'] or ''} in {r['seconds']} s, "
        f"{r['clients_per_room']} clients each, think {r['think_ms'][0]}-{r['think_ms'][1]} ms",
        f"actions {r['actions']} ({r['actions_per_s']}/s); round trip ms p50 {rtt['p50']} p95 {rtt['p95']} "
        f"p99 {rtt['p99']} max {rtt['max']} (n {rtt['n']})",
        f"errors {r['errors']} {r['error_codes'] or ''}; refused {r['refused']}; desyncs {r['desyncs']}; "
        f"acknowledged {r['acknowledged']}, lost {r['acknowledged_lost']} (checked in finished rooms' replays); "
        f"reconnects {r['reconnects']}, "
        f"chat lines said {r['chat']['sent']} (every {r['chat_s']} s), seen {r['chat']['seen']}; "
        f"drops {r['drops']}, server kills {r['faults']['server_kills']}; "
        f"the clients' {r['processes']} process(es) used "
        f"{r['clients_cpu_pct']}% of a core",
    ]
    if r["clock_spread_ms"]:
        c = r["clock_spread_ms"]
        lines.append(f"clients' server clock, off the room's median: p50 {c['p50']} p99 {c['p99']} max {c['max']} ms "
                     f"(n {c['n']})")
    if r["clock_error_ms"]:
        c = r["clock_error_ms"]
        lines.append(f"clients' server clock, off the server's own: p50 {c['p50']} p99 {c['p99']} max {c['max']} ms "
                     f"(n {c['n']})")
    lines.append("clients: " + _stalls(r["clients_loop_lag_ms"], r["clients_gc_ms"]))
    s = r["server"]
    lines.append("server: " + (f"CPU {s['cpu_pct']}% ({s['cpu_ms_per_room_s']} ms per room per s), "
                               f"RSS {s['rss_mb']} MB ({s['rss_kb_per_room']} KB per room), peak {s['peak_rooms']} "
                               f"rooms, {s['peak_connections']} connections; " + _stalls(s["loop_lag_ms"], s["gc_ms"])
                               if s else "no figures (no stats log)"))
    if r.get("baseline"):
        lines.append(format_baseline(r["baseline"]))
    return "\n".join(lines)


def _stalls(lag: dict[str, float | int] | None, gc: Pauses) -> str:
    """A process's event loop lag and collector pauses, in a few words."""
    said = (f"loop lag ms p50 {lag['p50']} p99 {lag['p99']} max {lag['max']}" if lag else "loop lag not logged")
    return (f"{said}; collector paused {gc['n']} times ({gc['full']} full), {gc['total']} ms in all, {gc['max']} ms "
            "at most")


if __name__ == "__main__":
    helper_main(json.loads(sys.argv[1]))
