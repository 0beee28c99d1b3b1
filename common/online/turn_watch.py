"""My tables, as the app last heard of them (pure: no pygame): each kept seat's table on its server (whose turn,
the time left, the last move and when, the result once over), which servers did not answer, and which tables
became this player's turn since the last look. The asking happens on a background thread (`TurnWatch.check`),
one server after another, each bounded in time; the screens read `TurnWatch.now()` and never wait.

Every value of a `tables` frame is checked here: a table whose fields are not what the protocol says is left
out, and every name goes through `common.data.safe_text`."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from common.data.safe_text import one_line
from common.net.messages import Received
from common.online.seat_tokens import KeptSeat

CHECK_EVERY_S = 60.0  # how often the tables are asked for again while the app runs
Ask = Callable[[str, list[str]], Received]


@dataclass(frozen=True)
class TableLine:
    """One table of this player's: where (`server`, `code`), the game, this player's seat, the seats' names, whose
    turn (None: a bot's, or over), the time left of the seat that plays now (ms, when it was told: `told_at`, this
    app's clock in s), the last move's seat and how long before the answer it was made (ms), this seat's last move
    and the moves so far (of the room's game number `games`); once over, the winners, the scores and who ran out of
    time."""

    server: str
    code: str
    game: str
    seat: int | None
    names: tuple[str, ...]
    phase: str
    pace: str
    turn: int | None = None
    left_ms: int | None = None
    told_at: float = 0.0
    last_seat: int | None = None
    last_ago_ms: int | None = None
    mine: int | None = None
    moves: int = 0
    games: int = 0
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    ran_out: tuple[int, ...] = ()

    @property
    def your_turn(self) -> bool:
        return self.phase == "playing" and self.seat is not None and self.turn == self.seat

    @property
    def key(self) -> tuple[str, str]:
        return self.server, self.code

    @property
    def turn_key(self) -> tuple[str, str, int, int]:
        """The turn the table is at: a later turn of the same table is another."""
        return self.server, self.code, self.games, self.moves

    def left_now(self, now_s: float) -> int | None:
        """The time left of the seat that plays now, run on from when it was told."""
        if self.left_ms is None:
            return None
        return max(0, self.left_ms - round((now_s - self.told_at) * 1000))


def _int(value: object, low: int = 0, high: int = 2 ** 53) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else None


def _seats(value: object, count: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(v for v in value if _int(v, 0, count - 1) is not None)


def table_line(server: str, code: str, data: object, told_at: float) -> TableLine | None:
    """A `tables` frame's table as the screens use it; None when it is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list) or not 1 <= len(data["seats"]) <= 16:
        return None
    seats = data["seats"]
    names = tuple(one_line(str(s.get("name") or ""), 24) if isinstance(s, dict) else "" for s in seats)
    n = len(names)
    phase = data.get("phase") if data.get("phase") in ("lobby", "playing", "over") else None
    if phase is None:
        return None
    seat, turn = _int(data.get("seat"), 0, n - 1), _int(data.get("turn"), 0, n - 1)
    left = None
    time_now, server_ms = data.get("time"), None
    if isinstance(time_now, dict):
        running = _int(time_now.get("running"), 0, n - 1)
        lefts = time_now.get("left_ms")
        server_ms = _int(time_now.get("server_ms"))
        if running is not None and isinstance(lefts, list) and len(lefts) == n:
            left = _int(lefts[running])
    last, last_seat, last_ago = data.get("last"), None, None
    if isinstance(last, list) and len(last) == 2:
        last_seat = _int(last[0], 0, n - 1)
        at = _int(last[1])
        if at is not None and server_ms is not None:
            last_ago = max(0, server_ms - at)
    result: dict[str, object] = data["result"] if isinstance(data.get("result"), dict) else {}
    scores: list[object] = told if isinstance(told := result.get("scores"), list) else []
    return TableLine(
        server=server, code=code, game=one_line(str(data.get("game") or ""), 20), seat=seat, names=names,
        phase=phase, pace="turn" if data.get("pace") == "turn" else "live", turn=turn, left_ms=left,
        told_at=told_at, last_seat=last_seat, last_ago_ms=last_ago, mine=_int(data.get("mine")),
        moves=_int(data.get("moves")) or 0, games=_int(data.get("games")) or 0,
        winners=_seats(result.get("winners"), n),
        scores=tuple(v for score in scores[:n] if (v := _int(score, -10_000, 10_000)) is not None),
        ran_out=_seats(result.get("ran_out"), n))


def order(tables: Sequence[TableLine]) -> list[TableLine]:
    """Tables where it is this player's turn first, then games going on, lobbies, and finished ones last."""
    def rank(t: TableLine) -> tuple[int, int]:
        step = 0 if t.your_turn else 1 if t.phase == "playing" else 2 if t.phase == "lobby" else 3
        return step, t.left_ms if t.left_ms is not None else 2 ** 53
    return sorted(tables, key=rank)


@dataclass(frozen=True)
class Heard:
    """What the last check found: the tables, the servers that did not answer, the kept seats whose table is gone
    (its room ended and was forgotten), whether a check has ever finished, and whether one runs now."""

    tables: tuple[TableLine, ...] = ()
    down: tuple[str, ...] = ()
    gone: tuple[tuple[str, str], ...] = ()
    checked: bool = False
    checking: bool = False

    @property
    def your_turn(self) -> list[TableLine]:
        return [t for t in self.tables if t.your_turn]

    @property
    def ended(self) -> list[TableLine]:
        """The finished tables this player has a seat at (a kept seat is forgotten once its end is seen)."""
        return [t for t in self.tables if t.phase == "over" and t.seat is not None]


@dataclass
class TurnWatch:
    """Asks each server for this player's tables on a background thread; `now()` is what was last heard, and
    `fresh_turns()` the tables that became this player's turn since it was last called (none the first time:
    what was already so at the start is not news)."""

    ask: Ask
    clock: Callable[[], float] = time.monotonic
    _heard: Heard = field(default_factory=Heard)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _thread: threading.Thread | None = None
    _told: set[tuple[str, str, int, int]] | None = None
    last_check: float | None = None

    def now(self) -> Heard:
        with self._lock:
            return self._heard

    def due(self) -> bool:
        """Whether it is time to ask again (never asked, or CHECK_EVERY_S since the last ask)."""
        return self.last_check is None or self.clock() - self.last_check >= CHECK_EVERY_S

    def check(self, kept: Sequence[KeptSeat], wait: bool = False) -> None:
        """Ask every server of `kept` for its tables, on a thread (unless one asks already); `wait`: in this
        thread (tests)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self.last_check = self.clock()
        with self._lock:
            self._heard = Heard(self._heard.tables, self._heard.down, self._heard.gone, self._heard.checked, True)
        if wait:
            self._run(list(kept))
            return
        self._thread = threading.Thread(target=self._run, args=(list(kept),), name="my-tables", daemon=True)
        self._thread.start()

    def _run(self, kept: list[KeptSeat]) -> None:
        by_server: dict[str, list[KeptSeat]] = {}
        for seat in kept:
            by_server.setdefault(seat.server, []).append(seat)
        tables: list[TableLine] = []
        down: list[str] = []
        gone: list[tuple[str, str]] = []
        for server, seats in by_server.items():
            try:
                answer = self.ask(server, [s.token for s in seats])
            except Exception:  # any failure of one server is that server not answering: the others still count
                down.append(server)
                continue
            told_at = self.clock()
            if answer.get("kind") != "tables":
                down.append(server)
                continue
            unknown: list[object] = answer["unknown"] if isinstance(answer.get("unknown"), list) else []
            found: list[object] = answer["tables"] if isinstance(answer.get("tables"), list) else []
            gone += [(server, seats[i].code) for u in unknown if (i := _int(u, 0, len(seats) - 1)) is not None]
            for data in found:
                i = _int(data.get("i"), 0, len(seats) - 1) if isinstance(data, dict) else None
                line = table_line(server, seats[i].code, data, told_at) if i is not None else None
                if line is not None:
                    tables.append(line)
        with self._lock:
            self._heard = Heard(tuple(order(tables)), tuple(down), tuple(gone), True, False)

    def fresh_turns(self) -> list[TableLine]:
        """The tables that came to a new turn of this player's since the last call, each turn once (the first call
        after a check: none)."""
        heard = self.now()
        if not heard.checked:
            return []
        now = {t.turn_key for t in heard.your_turn}
        told, self._told = self._told, now
        if told is None:
            return []
        return [t for t in heard.your_turn if t.turn_key not in told]
