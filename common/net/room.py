"""A room, whatever its game: seats and their tokens, members (seated people and watchers), the lobby, the
grace period and the seat's bot for a person away (BGA's zombie mode, but reversible), and what every
member is sent. The game's side (`G/room.py`, given to the server by the launcher) checks, applies and shows.

Everything here runs on the server's event loop and never waits: a room is changed by one call at a time,
and each accepted input is handed to the store before any member is sent a frame about it (the server sends
a frame only once the writes before it are committed).
"""
from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from common.net.messages import (
    Again,
    ChatLine,
    ClockTimes,
    GameFrame,
    GameFrameOut,
    GameInput,
    GameJson,
    GameResult,
    Notice,
    Pace,
    Phase,
    Refused,
    RoomFrame,
    SeatLine,
)
from common.net.protocol import (
    CHAT_BURST,
    CHAT_KEPT,
    CHAT_PER_S,
    NAME_LIMIT,
    ProtocolError,
    clean_name,
    encode,
    error,
    new_token,
    token_hash,
)
from common.net.turn_clock import ClockError, ClockRule

LOBBY_IDLE_MS = 5 * 60_000       # a lobby nobody is connected to is closed after this long
PLAY_IDLE_MS = 24 * 3600_000     # a game no person is connected to ...
OVER_KEEP_MS = 10 * 60_000       # a finished room is kept this long for late readers of its result
ALIVE_EVERY_MS = 15_000          # while a turn clock runs, the room notes this often that the server is alive
MAX_WATCHERS = 32                # watchers connected to a room at once
KNOWN_WATCHERS = 64              # watchers' tokens a room keeps (those connected, and those gone for less than
                                 # the room's grace, who may come back with their token)
PHASES: tuple[Phase, ...] = ("lobby", "playing", "over")
ALIVE_EVERY_TURN_MS = 300_000    # ... at a turn-based table (clocks of hours and days: 5 minutes is close enough)
TURN_LOBBY_IDLE_MS = 7 * 86_400_000   # a turn-based table's lobby waits this long for its people
TURN_OVER_KEEP_MS = 30 * 86_400_000   # a finished turn-based table is kept this long for its members to see it

PACES: tuple[Pace, ...] = ("live", "turn")


class GameError(Exception):
    """A setup or an option the game cannot play (one line)."""


@dataclass(frozen=True)
class Input:
    """One accepted input of a game, as stored: who, what (`act`, `undo`, `confirm`, `control`, or a game's
    own kind), its fields, and the server's clock then."""

    seat: int
    kind: str
    body: GameJson
    at_ms: int


@dataclass
class Step:
    """What the game made of an input or of time passing: the inputs to store, in order, the frames to send
    (to a seat's person, or None: to every member) and, for a refused input, the rules' reason."""

    inputs: list[Input] = field(default_factory=list)
    frames: list[tuple[int | None, GameFrameOut]] = field(default_factory=list)
    refused: str | None = None


@dataclass(frozen=True)
class Options:
    """A room's settings."""

    spectators: bool = True
    grace_s: int = 60
    clock: ClockRule = field(default_factory=ClockRule)
    assists: bool = True        # hints and assists allowed (the game refuses them otherwise)
    watcher_chat: bool = True   # watchers may write free text (quick phrases they always may)
    pace: Pace = "live"         # "turn": a turn-based table (no grace, no bot for a closed app, kept for days)

    @property
    def turn_based(self) -> bool:
        return self.pace == "turn"

    def to_json(self) -> dict[str, object]:
        return {"spectators": self.spectators, "grace_s": self.grace_s, "clock": self.clock.to_json(),
                "assists": self.assists, "watcher_chat": self.watcher_chat, "pace": self.pace}

    @classmethod
    def from_json(cls, data: GameJson) -> Options:
        """Stored options read back (a record of a fixed turn clock in seconds as well; a record without the
        fair-play fields allowed assists and watchers' words)."""
        try:
            clock = ClockRule.from_json(data["clock"], "options.clock") if "clock" in data else \
                ClockRule.per_turn(data["turn_clock_s"] * 1000) if data.get("turn_clock_s") else ClockRule()
        except ClockError as exc:
            raise GameError(str(exc)) from None
        pace: Pace = "turn" if data.get("pace") == "turn" else "live"
        return cls(data["spectators"], data["grace_s"], clock, data.get("assists", True) is not False,
                   data.get("watcher_chat", True) is not False, pace)


def default_assists(plan: list[tuple[str | None, str]]) -> bool:
    """Hints and assists are on by default only at a table with at most one person."""
    return sum(level is None for level, _name in plan) <= 1


@dataclass(frozen=True)
class Progress:
    """How far a game is, for a list of tables: the seat the game waits on (None: a bot's move, or the end), the
    moves committed, the last one's seat and server time, and each seat's last move (its number)."""

    turn: int | None = None
    moves: int = 0
    last: tuple[int, int] | None = None
    mine: dict[int, int] = field(default_factory=dict)


class GameMatch(Protocol):
    """A game in a room, on the server (the authority): the rules run here with the whole state."""

    def handle(self, seat: int, msg: GameInput, now_ms: int) -> Step:
        """A seat's person's `act`/`undo`/`confirm` (or the game's own kind)."""
        ...

    def control(self, seat: int, level: str | None, now_ms: int) -> Step:
        """From now on the seat is played by a bot of `level`, or by its person (None)."""
        ...

    def tick(self, now_ms: int) -> Step:
        """Time passed: bots that finished thinking act, clocks run out."""
        ...

    def next_tick_ms(self) -> int | None:
        """When `tick` has something to do next (None: only after an input)."""
        ...

    def restore(self, done: Input) -> None:
        """Apply a stored input again (a restarted server rebuilding the room); nothing is sent."""
        ...

    def clock_from(self, started_ms: int) -> None:
        """A restored game: its clocks as they were when it started, at `started_ms` (its inputs follow)."""
        ...

    def resume_clock(self, alive_ms: int, now_ms: int) -> None:
        """After a restart: the clocks counted up to `alive_ms` (the server's last known moment), then run on from
        `now_ms` (the time the server was down is nobody's)."""
        ...

    def clock_runs(self) -> bool:
        """Whether a seat's clock is running now."""
        ...

    def clock_now(self, now_ms: int) -> ClockTimes | None:
        """Each seat's time at `now_ms` as members are told it (None: the game has no turn clock)."""
        ...

    def progress(self) -> Progress:
        """Whose turn it is and the moves so far (`Progress`)."""
        ...

    def snapshot(self, seat: int | None, now_ms: int) -> GameFrame:
        """The `game` frame for a member at `seat` (None: a watcher): what it may see."""
        ...

    @property
    def over(self) -> bool:
        ...

    def result(self) -> GameResult:
        """The `result` frame's fields: `outcome` and `replay` (a replay file's JSON)."""
        ...

    def close(self) -> None:
        """Stop the bots' work (the room is closed)."""
        ...


class GameSide(Protocol):
    """A game's side of rooms (`G/room.py`)."""

    leaver_level: str      # the bot level that plays for a person away

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The bot levels a room of this game may seat."""

    def seat_plan(self, setup: GameJson) -> list[tuple[str | None, str]]:
        """Each seat of a setup: its bot level (None for a person's seat) and its name; `GameError` if the setup
        is not playable."""
        ...

    def new_match(self, setup: GameJson, names: list[str | None], seed: int, options: Options,
                  now_ms: int) -> GameMatch:
        """A new game (`names`: the person of each seat, None for a bot seat)."""
        ...

    @property
    def concedes(self) -> bool:
        """Whether a person may concede (their seat's bot plays on to the end)."""

    def again_setup(self, setup: GameJson, next_level: bool) -> GameJson:
        """The setup of the game after `setup`'s in the same room (`next_level`: the next one, where the game has
        levels); `GameError` when there is no such game."""
        ...


Send = Callable[[str], None]


@dataclass(eq=False)
class Member:
    """One connection in a room: where its frames go, its token's hash, its seat (None: watching)."""

    send: Send
    token: str
    seat: int | None
    addr: str = ""
    name: str = ""
    chat_allowance: float = CHAT_BURST   # chat lines it may send now (a token bucket refilled by the server's clock)
    chat_at_ms: int | None = None

    def take_chat(self, now_ms: int) -> bool:
        """One chat line off its allowance (CHAT_PER_S a second, bursts of CHAT_BURST); False when over it."""
        if self.chat_at_ms is not None:
            self.chat_allowance = min(CHAT_BURST, self.chat_allowance + max(0, now_ms - self.chat_at_ms)
                                      * CHAT_PER_S / 1000)
        self.chat_at_ms = now_ms
        if self.chat_allowance >= 1.0:
            self.chat_allowance -= 1.0
            return True
        return False


@dataclass
class Seat:
    """A seat: a bot seat (`bot`: its level), open, or a person's (`token`: the hash of their token)."""

    name: str
    bot: str | None = None
    token: str | None = None
    ready: bool = False
    member: Member | None = None
    away_since: int | None = None
    zombie: str | None = None     # the bot level playing for its person now
    conceded: bool = False        # its person conceded this game: its bot plays it to the end
    again: bool = False           # after the end: its person wants to play again in this room

    def status(self) -> Literal["open", "here", "away", "bot"]:
        if self.bot is not None or self.zombie is not None:
            return "bot"
        if self.token is None:
            return "open"
        return "here" if self.member is not None else "away"

    def to_record(self) -> dict[str, object]:
        return {"name": self.name, "bot": self.bot, "token": self.token, "ready": self.ready, "zombie": self.zombie,
                "conceded": self.conceded, "again": self.again}


class Store(Protocol):
    """Where rooms are kept (`common.net.store.Store`)."""

    def save_room(self, code: str, game: str, record: dict[str, object], now_ms: int) -> None: ...
    def add_inputs(self, code: str, first: int, inputs: list[Input]) -> None: ...
    def clear_inputs(self, code: str) -> None: ...
    def add_watcher(self, code: str, token: str) -> None: ...
    def forget_watcher(self, code: str, token: str) -> None: ...
    def delete_room(self, code: str) -> None: ...


class Room:
    """One room: its game, seats, members and match."""

    def __init__(self, code: str, game: str, side: GameSide, setup: GameJson, options: Options,
                 creator: str, store: Store | None, now_ms: int) -> None:
        self.code, self.game, self.side, self.setup, self.options = code, game, side, setup, options
        self.seats = [Seat(name if level else "", bot=level) for level, name in seat_names(side, setup)]
        self.creator = creator            # the creator's token hash
        self.addr = ""                    # the address that created it (for the rooms an address may hold)
        self.maker = ""                   # ... as a short hash, stored (for the turn-based tables it may hold)
        self.watchers: set[str] = set()   # watchers' token hashes
        self.gone: dict[str, int] = {}    # watchers not connected: since when (forgotten after the grace)
        self.members: list[Member] = []
        self.phase: Phase = "lobby"
        self.seed = 0
        self.match: GameMatch | None = None
        self.inputs = 0                   # accepted inputs stored so far
        self.store = store
        self.idle_since: int | None = now_ms
        self.over_at: int | None = None
        self._ended: dict[int | str | None, str] = {}  # a finished game's frames, by seat (and "result")
        self.closed = False
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)  # the room's chat, in memory only
        self.chat_lines = 0               # chat lines said so far (each `chat` frame's `n`)
        self.numbers: dict[str, int] = {}  # token hash -> the member's number in this room's chat
        self.numbered = 0                 # numbers given so far
        self.names: dict[str, str] = {}    # a watcher's token hash -> its name
        self.alive_ms = now_ms            # the last moment this room was stored (the server alive then)
        self.started_ms = now_ms          # when the game started (its clocks count from then)
        self.games = 1                    # the games started in this room (the number of the one now)
        self.next_level = False           # after the end: the creator chose the next level for the next game
        self.played: list[str | None] | None = None  # each seat's person (None: a bot) as the game began
        self.can_next = False             # after the end: the game has a next level to go on to

    # -- records -------------------------------------------------------------------------------------------
    def record(self) -> dict[str, object]:
        """What the store keeps of the room besides its inputs."""
        return {"setup": self.setup, "options": self.options.to_json(), "creator": self.creator,
                "phase": self.phase, "seed": self.seed, "seats": [s.to_record() for s in self.seats],
                "inputs": self.inputs, "alive_ms": self.alive_ms, "started_ms": self.started_ms, "games": self.games,
                "next": self.next_level, "over_ms": self.over_at, "maker": self.maker, "played": self.played}

    def _save(self, now_ms: int) -> None:
        self.alive_ms = max(self.alive_ms, now_ms)
        if self.store is not None:
            self.store.save_room(self.code, self.game, self.record(), now_ms)

    def _add_watcher(self, token: str) -> None:
        self.watchers.add(token)
        if self.store is not None:
            self.store.add_watcher(self.code, token)

    def _forget_watcher(self, token: str) -> None:
        self.watchers.discard(token)
        self.gone.pop(token, None)
        self._forget_token(token)
        if self.store is not None:
            self.store.forget_watcher(self.code, token)

    def _forget_token(self, token: str | None) -> None:
        """A token that no longer brings anyone back: its chat number and watcher's name go (a newcomer is
        given a number never used before)."""
        if token is not None:
            self.numbers.pop(token, None)
            self.names.pop(token, None)

    def forget_watchers(self, now_ms: int) -> list[str]:
        """Forget the watchers gone for longer than the room's grace (their tokens no longer bring them back);
        their token hashes."""
        old = [t for t, since in self.gone.items() if now_ms - since >= self.options.grace_s * 1000]
        for token in old:
            self._forget_watcher(token)
        return old

    @classmethod
    def restore(cls, code: str, game: str, side: GameSide, record: GameJson, inputs: list[Input],
                watchers: list[str], store: Store | None, now_ms: int) -> Room:
        """A stored room rebuilt (after a restart): its game replayed from its inputs; every person is away
        from now (their grace starts again); the turn clocks resume with the time they had when the server was
        last known alive. `ValueError` (or the game's own error) if the record is not one."""
        check_record(record)
        room = cls(code, game, side, record["setup"], Options.from_json(record["options"]), record["creator"], store,
                   now_ms)
        older = [t for t in record.get("watchers", []) if isinstance(t, str) and t not in watchers]
        room.watchers = set(watchers)
        for token in older:  # a record of an earlier layout kept its watchers itself: they move to their rows
            room._add_watcher(token)
        room.gone = dict.fromkeys(room.watchers - {room.creator}, now_ms)
        room.phase, room.seed = record["phase"], record["seed"]
        room.games, room.next_level = record.get("games", 1), record.get("next", False)
        room.maker = record.get("maker") or ""
        for seat, saved in zip(room.seats, record["seats"], strict=True):
            seat.name, seat.bot, seat.token, seat.ready = saved["name"], saved["bot"], saved["token"], saved["ready"]
            seat.zombie = saved["zombie"]
            seat.conceded, seat.again = saved.get("conceded", False), saved.get("again", False)
            if seat.token is not None and room.phase == "playing":
                seat.away_since = now_ms
        started = record.get("started_ms")
        room.started_ms = started if isinstance(started, int) else now_ms
        if room.phase != "lobby":  # the game as it began, though a person may have left its seat since the end
            room.match = room._new_match(now_ms, record.get("played"))
            room.match.clock_from(room.started_ms)
            for done in inputs:
                room.match.restore(done)
            room.inputs = len(inputs)
            alive = record.get("alive_ms")
            room.match.resume_clock(alive if isinstance(alive, int) else now_ms, now_ms)
            if room.match.over:
                over = record.get("over_ms")
                room.phase, room.over_at = "over", over if isinstance(over, int) else now_ms
                room.can_next = room._has_next()
        return room

    def _new_match(self, now_ms: int, played: list[str | None] | None = None) -> GameMatch:
        """The game of the seats as they are now (or as `played`, a restored game's seats when it began)."""
        self.played = played or [None if s.bot is not None else s.name for s in self.seats]
        return self.side.new_match(self.setup, self.played, self.seed, self.options, now_ms)

    # -- members -------------------------------------------------------------------------------------------
    def seat_of_token(self, token_hash_: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.token == token_hash_), None)

    def knows(self, token_hash_: str) -> bool:
        """Whether a token still brings somebody back to this room (a seat's or a kept watcher's)."""
        return token_hash_ in self.watchers or self.seat_of_token(token_hash_) is not None

    def add_creator(self, send: Send, name: str, seat: int | None, token: str, addr: str, now_ms: int) -> Member:
        """The creator joins their new room (at `seat`, or watching)."""
        if seat is None:
            member = Member(send, token_hash(token), None, addr, name)
            self.names[member.token] = name
            self._add_watcher(member.token)
        else:
            if seat >= len(self.seats) or self.seats[seat].bot is not None:
                raise ProtocolError("seat_taken", f"seat {seat} is not a person's seat")
            member = self._sit(send, seat, name, token, addr)
        self.members.append(member)
        self._joined(member, token)
        self._save(now_ms)
        self.broadcast_room(now_ms)
        return member

    def join(self, send: Send, name: str, want: int | str, addr: str, now_ms: int) -> tuple[Member, str]:
        """A newcomer takes a free seat (`want`: its index or "any") or watches ("watch"); its token."""
        token = new_token()
        if want == "watch":
            if not self.options.spectators:
                raise ProtocolError("no_spectators", "this room has no spectators")
            if sum(m.seat is None for m in self.members) >= MAX_WATCHERS:
                raise ProtocolError("room_full", f"this room has as many watchers as it takes ({MAX_WATCHERS})")
            if len(self.watchers) >= KNOWN_WATCHERS:
                if not self.gone:
                    raise ProtocolError("room_full", f"this room has as many watchers as it takes ({MAX_WATCHERS})")
                self._forget_watcher(min(self.gone, key=self.gone.__getitem__))
            member = Member(send, token_hash(token), None, addr, name)
            self.names[member.token] = name
            self._add_watcher(member.token)
        else:
            if self.phase == "playing":
                raise ProtocolError("not_lobby", "the game has started: only watching is possible")
            free = [i for i, s in enumerate(self.seats) if s.status() == "open"]
            if not free:
                raise ProtocolError("room_full", "every seat is taken")
            if want == "any":
                seat = free[0]
            elif isinstance(want, int) and want in free:
                seat = want
            else:
                raise ProtocolError("seat_taken", f"seat {want} is not free")
            member = self._sit(send, seat, name, token, addr)
            self._save(now_ms)
        self.members.append(member)
        self.idle_since = None
        self._joined(member, token)
        self.broadcast_room(now_ms)
        if self.match is not None and member.seat is None:
            member.send(encode(self.match.snapshot(None, now_ms)))
        return member, token

    def _sit(self, send: Send, seat: int, name: str, token: str, addr: str) -> Member:
        member = Member(send, token_hash(token), seat, addr, name)
        s = self.seats[seat]
        s.name, s.token, s.member, s.ready = name, member.token, member, False
        return member

    def _joined(self, member: Member, token: str) -> None:
        member.send(encode({"kind": "joined", "code": self.code, "token": token, "seat": member.seat,
                            "game": self.game, "creator": member.token == self.creator,
                            "member": self.number(member)}))
        for line in self.chat:  # what was said while it was away (the app keeps what it has seen by `n`)
            member.send(encode(line))

    def number(self, member: Member) -> int:
        """The member's number in this room's chat (the same after a rejoin; never its token)."""
        if member.token not in self.numbers:
            self.numbered += 1
            self.numbers[member.token] = self.numbered
        return self.numbers[member.token]

    # -- chat ----------------------------------------------------------------------------------------------
    def say(self, member: Member, text: str | None, phrase: str | None, now_ms: int) -> None:
        """A chat line (free `text`, already made safe, or a quick `phrase` id) to every member; kept in memory
        while the room lives, never stored nor put in the replay."""
        if text is not None and member.seat is None and not self.options.watcher_chat:
            raise ProtocolError("chat_off", "the host turned watchers' free text off: quick phrases still go")
        if not member.take_chat(now_ms):
            raise ProtocolError("chat_rate", "too many chat lines: wait a few seconds")
        self.chat_lines += 1
        name = self.seats[member.seat].name if member.seat is not None else member.name
        line: ChatLine = {"kind": "chat", "n": self.chat_lines, "member": self.number(member), "seat": member.seat,
                          "name": name}
        if text is not None:
            line["text"] = text
        elif phrase is not None:
            line["phrase"] = phrase
        self.chat.append(line)
        frame = encode(line)
        for m in self.members:
            m.send(frame)

    def set_rules(self, member: Member, assists: bool | None, watcher_chat: bool | None, now_ms: int) -> None:
        """The creator sets the table's rules: hints and assists (before the start), watchers' free text."""
        if member.token != self.creator:
            raise ProtocolError("not_creator", "only the room's creator sets the table's rules")
        if assists is not None and assists != self.options.assists and self.phase != "lobby":
            raise ProtocolError("not_lobby", "hints and assists are decided before the start")
        self.options = replace(self.options, assists=self.options.assists if assists is None else assists,
                               watcher_chat=self.options.watcher_chat if watcher_chat is None else watcher_chat)
        self._save(now_ms)
        self.broadcast_room(now_ms)

    def rejoin(self, send: Send, token: str, addr: str, now_ms: int) -> Member:
        """A member comes back with its token: its seat (taken back from its bot) or its place as a watcher. A
        token is one member: its earlier connection, if still here, stops counting (and the others are sent
        nothing new when nothing they see changed)."""
        hashed = token_hash(token)
        seat = self.seat_of_token(hashed)
        member = Member(send, hashed, seat, addr, self.seats[seat].name if seat is not None else
                        self.names.get(hashed, ""))
        earlier = [m for m in self.members if m.token == hashed]
        for old in earlier:  # the same member on a new connection
            old.seat = None
            self.members.remove(old)
        changed = not earlier
        if seat is not None:
            s = self.seats[seat]
            s.member, s.away_since = member, None
            if s.zombie is not None and self.match is not None and self.phase == "playing" and not s.conceded:
                self._run(self.match.control(seat, None, now_ms), now_ms)
                s.zombie = None
                self._save(now_ms)
                changed = True
        elif hashed not in self.watchers:
            raise ProtocolError("bad_token", "no seat or watcher has that token")
        else:
            self.gone.pop(hashed, None)
        self.members.append(member)
        self.idle_since = None
        self._joined(member, token)
        if changed:
            self.broadcast_room(now_ms)
        else:
            member.send(encode(self.room_frame(member, now_ms)))
        if self.match is not None and self.phase == "over":  # the same frames for every rejoin: made once
            for text in self._over_frames(seat, now_ms):
                member.send(text)
        elif self.match is not None:
            member.send(encode(self.match.snapshot(seat, now_ms)))
        return member

    def _over_frames(self, seat: int | None, now_ms: int) -> tuple[str, str]:
        """A finished game's `game` frame for `seat` and its `result` frame, encoded once each."""
        assert self.match is not None
        if seat not in self._ended:
            self._ended[seat] = encode(self.match.snapshot(seat, now_ms))
        return self._ended[seat], self.result_text()

    def result_text(self) -> str:
        """The finished game's `result` frame as every member is sent it (encoded once)."""
        if "result" not in self._ended:
            self._ended["result"] = self._result_frame()
        return self._ended["result"]

    def _result_frame(self) -> str:
        """The `result` frame of the game just finished (which seats conceded with it, the game's number)."""
        assert self.match is not None
        conceded = [i for i, s in enumerate(self.seats) if s.conceded]
        return encode({"kind": "result", **self.match.result(), "conceded": conceded, "game": self.games})

    def drop(self, member: Member, now_ms: int) -> None:
        """`member`'s connection closed: a seated person is away (the grace period starts)."""
        if member not in self.members:
            return
        self.members.remove(member)
        if member.seat is not None:
            s = self.seats[member.seat]
            if s.member is member:
                s.member = None
                if self.phase == "playing":
                    s.away_since = now_ms
                elif s.ready:
                    s.ready = False
                    self._save(now_ms)
        elif member.token in self.watchers and member.token != self.creator and not any(
                m.token == member.token for m in self.members):
            self.gone[member.token] = now_ms
        if not self.members:
            self.idle_since = now_ms
        self.broadcast_room(now_ms)

    def leave(self, member: Member, now_ms: int) -> None:
        """`member` leaves on purpose, told to every member: in the lobby and after the end its seat is free
        again (for a bot or a new person); in play its bot takes over at once (the token still brings the
        person back)."""
        seat = member.seat
        if seat is not None and self.options.turn_based and self.phase == "playing":
            self.drop(member, now_ms)  # a turn-based table waits for its person: closing the app is no leaving
            return
        if seat is not None:
            self.notice("left", seat)
        if seat is not None and self.phase != "playing":
            self.seats[seat] = Seat("")
            member.seat = None
            if not self._maybe_again(now_ms):
                self._save(now_ms)
            self._forget_token(member.token)
        elif seat is not None and self.match is not None:
            self._hand_to_bot(seat, None, now_ms)
        self.drop(member, now_ms)
        if member.seat is None and member.token in self.gone:  # a watcher who left on purpose is not awaited
            self._forget_watcher(member.token)

    def notice(self, what: Literal["left", "conceded", "removed"], seat: int) -> None:
        """Tell every member what happened to a seat (`left`, `conceded`, `removed`): each app words it in its
        player's language."""
        frame: Notice = {"kind": "notice", "what": what, "seat": seat, "name": self.seats[seat].name}
        text = encode(frame)
        for m in self.members:
            m.send(text)

    # -- the lobby -----------------------------------------------------------------------------------------
    def set_ready(self, member: Member, ready: bool, now_ms: int) -> None:
        if self.phase != "lobby":
            raise ProtocolError("not_lobby", "the game has started")
        if member.seat is None:
            raise ProtocolError("not_seated", "only a seated person can be ready")
        self.seats[member.seat].ready = ready
        self._save(now_ms)
        self.broadcast_room(now_ms)

    def start(self, member: Member, seed: int, now_ms: int) -> None:
        """The creator starts the game (every open seat taken, every other seated person ready)."""
        if member.token != self.creator:
            raise ProtocolError("not_creator", "only the room's creator can start the game")
        if self.phase != "lobby":
            raise ProtocolError("not_lobby", "the game has started")
        waiting = [i for i, s in enumerate(self.seats) if s.status() == "open" or (
            s.bot is None and not s.ready and s.token != self.creator)]
        if waiting:
            raise ProtocolError("not_ready", f"seat {waiting[0]} is open or its person is not ready")
        self.seed, self.phase, self.started_ms = seed, "playing", now_ms
        self.match = self._new_match(now_ms)
        self._save(now_ms)
        self.broadcast_room(now_ms)
        for m in self.members:
            m.send(encode(self.match.snapshot(m.seat, now_ms)))

    def hand_to_bot(self, member: Member, seat: int, level: str | None, now_ms: int) -> None:
        """The creator hands a seat to a bot: in the lobby it becomes a bot seat; in play its bot plays it."""
        if member.token != self.creator:
            raise ProtocolError("not_creator", "only the room's creator can hand a seat to a bot")
        if seat >= len(self.seats):
            raise ProtocolError("bad_message", f"bot.seat: no seat {seat}")
        if level is not None and level not in self.side.bot_levels:
            raise ProtocolError("bad_message", f"bot.level: one of {', '.join(self.side.bot_levels)}")
        if self.phase == "playing":
            self._hand_to_bot(seat, level, now_ms)
            return
        s = self.seats[seat]  # in the lobby or after the end: a bot seat from now
        if s.member is not None:  # its person watches from now
            s.member.seat = None
            self.names[s.member.token] = s.member.name
            self._add_watcher(s.member.token)
        name = next((n for lv, n in self.side.seat_plan(self.setup)[seat:seat + 1] if lv), "")
        self.seats[seat] = Seat(name or f"Bot {seat + 1}", bot=level or self.side.leaver_level)
        self._save(now_ms)
        self.broadcast_room(now_ms)
        self._maybe_again(now_ms)

    def _hand_to_bot(self, seat: int, level: str | None, now_ms: int) -> None:
        s = self.seats[seat]
        if s.bot is not None or self.match is None:
            return
        s.zombie = level or self.side.leaver_level
        self._run(self.match.control(seat, s.zombie, now_ms), now_ms)
        self._save(now_ms)
        self.broadcast_room(now_ms)

    def reclaim(self, member: Member, now_ms: int) -> None:
        """A seated person takes their seat back from its bot (a seat no bot plays: the room frame answers)."""
        if member.seat is None:
            raise ProtocolError("not_seated", "only a seated person can take a seat back")
        s = self.seats[member.seat]
        if s.conceded:
            raise ProtocolError("not_playing", "you conceded this game: its bot plays your seat to the end")
        if s.zombie is not None and self.match is not None and self.phase == "playing":
            self._run(self.match.control(member.seat, None, now_ms), now_ms)
            s.zombie = None
            self._save(now_ms)
            self.broadcast_room(now_ms)
        else:  # nothing to take back (its bot gave the seat back already): the room as it is, to the sender
            member.send(encode(self.room_frame(member, now_ms)))

    def move(self, member: Member, seat: int, to: int, now_ms: int) -> None:
        """The creator moves the person at `seat` to `to` before the start (an open seat, or a person's: the two
        change places; each is not ready again)."""
        self._creator_in_lobby(member, "move people")
        if max(seat, to) >= len(self.seats):
            raise ProtocolError("bad_message", f"move: no seat {max(seat, to)}")
        a, b = self.seats[seat], self.seats[to]
        if a.token is None or a.bot is not None or b.bot is not None:
            raise ProtocolError("seat_taken", f"move: seat {seat} holds no person, or seat {to} is a bot's")
        a.ready = b.ready = False
        self.seats[seat], self.seats[to] = b, a
        for m in self.members:
            if m.seat in (seat, to):
                m.seat = to if m.seat == seat else seat
        self._save(now_ms)
        self.broadcast_room(now_ms)

    def remove(self, member: Member, seat: int, now_ms: int) -> tuple[str, Member | None]:
        """The creator removes the person at `seat` (not their own) before the start or after the end: the seat
        is open again and their token no longer counts. The token's hash, and the member removed if connected
        (its connection is to be closed)."""
        self._creator_in_lobby(member, "remove people")
        if seat >= len(self.seats):
            raise ProtocolError("bad_message", f"remove.seat: no seat {seat}")
        s = self.seats[seat]
        if s.token is None or s.bot is not None or s.token == self.creator:
            raise ProtocolError("not_seated", f"remove: seat {seat} holds no other person")
        self.notice("removed", seat)
        token, gone = s.token, s.member
        self.seats[seat] = Seat("")
        self._forget_token(token)
        if gone is not None:
            gone.seat = None
            self.members.remove(gone)
        self._save(now_ms)
        self.broadcast_room(now_ms)
        self._maybe_again(now_ms)
        return token, gone

    def _creator_in_lobby(self, member: Member, what: str) -> None:
        if member.token != self.creator:
            raise ProtocolError("not_creator", f"only the room's creator can {what}")
        if self.phase == "playing":
            raise ProtocolError("not_lobby", f"the game is being played: {what} before the start or after the end")

    def concede(self, member: Member, now_ms: int) -> None:
        """A seated person concedes: told to every member, their seat's bot plays it to the end (they cannot take
        it back in this game) and the result says so."""
        if not self.side.concedes:
            raise ProtocolError("not_allowed", "this game has no conceding: leave instead")
        if self.phase != "playing" or self.match is None:
            raise ProtocolError("not_playing", "the game is not being played")
        if member.seat is None:
            raise ProtocolError("not_seated", "only a seated person can concede")
        s = self.seats[member.seat]
        if s.conceded:
            return
        s.conceded = True
        self.notice("conceded", member.seat)
        if s.zombie is None:
            self._hand_to_bot(member.seat, None, now_ms)
        else:
            self._save(now_ms)
            self.broadcast_room(now_ms)

    # -- after the end: the next game in the same room ----------------------------------------------------------
    def again(self, member: Member, game: int, want: bool, next_level: bool, seed: int, now_ms: int) -> None:
        """After game number `game`, a seated person says whether they want to play again (the creator also picks
        the next level or the same one, where the game has levels). When every seat is taken and every seated
        person wants to, the next game starts for everyone: once, however many say so at the same moment (an
        answer to a game already followed by the next is a repeat and does nothing)."""
        if game < self.games:
            return
        if game > self.games:
            raise ProtocolError("bad_message", f"again.game: this room is at game {self.games}")
        if self.phase != "over":
            raise ProtocolError("not_over", "the game is not over")
        if member.seat is None:
            raise ProtocolError("not_seated", "only a seated person can play again")
        if next_level:
            if member.token != self.creator:
                raise ProtocolError("not_creator", "only the room's creator picks the level")
            if not self.can_next:
                raise ProtocolError("bad_setup", "again.next: there is no next level")
        if member.token == self.creator:
            self.next_level = next_level
        self.seats[member.seat].again = want
        if not self._maybe_again(now_ms, seed):
            self._save(now_ms)
            self.broadcast_room(now_ms)

    def _maybe_again(self, now_ms: int, seed: int | None = None) -> bool:
        """Start the next game (its `seed`: a fresh one from `secrets` unless given) if the room is over, every seat
        taken and every seated person wants it; whether it did."""
        if self.phase != "over":
            return False
        if any(s.status() == "open" or (s.bot is None and not s.again) for s in self.seats):
            return False
        try:
            setup = self.side.again_setup(self.setup, self.next_level)
        except GameError as exc:
            raise ProtocolError("bad_setup", str(exc)) from None
        if self.match is not None:
            self.match.close()
        self.setup, self.phase, self.games, self.started_ms = setup, "playing", self.games + 1, now_ms
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.next_level = self.can_next = False
        self.over_at = None
        self._ended = {}
        for s in self.seats:
            s.again = s.conceded = False
            s.zombie = None
            s.away_since = now_ms if s.token is not None and s.member is None else None
        self.inputs = 0
        if self.store is not None:
            self.store.clear_inputs(self.code)
        self.match = self._new_match(now_ms)
        self._save(now_ms)
        self.broadcast_room(now_ms)
        for m in self.members:
            m.send(encode(self.match.snapshot(m.seat, now_ms)))
        return True

    def _has_next(self) -> bool:
        try:
            self.side.again_setup(self.setup, True)
        except GameError:
            return False
        return True

    # -- the game ------------------------------------------------------------------------------------------
    def game_input(self, member: Member, msg: GameInput, msg_id: int | None, now_ms: int) -> None:
        """A seated person's move; refused with the rules' reason, or stored and sent to every member."""
        if self.phase != "playing" or self.match is None:
            raise ProtocolError("not_playing", "the game is not being played")
        if member.seat is None:
            raise ProtocolError("not_seated", "watchers cannot play")
        if self.seats[member.seat].zombie is not None:
            raise ProtocolError("not_playing", "a bot plays this seat now: take it back first (reclaim)")
        step = self.match.handle(member.seat, msg, now_ms)
        if step.refused is not None:
            frame: Refused = {"kind": "refused", "reason": step.refused}
            if msg_id is not None:
                frame["id"] = msg_id
            member.send(encode(frame))
            return
        self._run(step, now_ms, member, msg_id)

    def _run(self, step: Step, now_ms: int, sender: Member | None = None, msg_id: int | None = None) -> None:
        """Store the step's inputs, then send its frames; the end of the game, if it came."""
        if step.inputs:
            if self.store is not None:
                self.store.add_inputs(self.code, self.inputs, step.inputs)
            self.inputs += len(step.inputs)
        for target, frame in step.frames:
            text = encode(frame)
            reply = encode({**frame, "id": msg_id}) if sender is not None and msg_id is not None else text
            for m in self.members:
                if target is None or m.seat == target:
                    m.send(reply if m is sender else text)
        if self.match is not None and self.match.over and self.phase == "playing":
            self._over(now_ms)

    def _over(self, now_ms: int) -> None:
        """The game ended: every member gets the result (which seats conceded with it); the seats of people gone
        for good (their bot played on) are open again for the next game."""
        assert self.match is not None
        self.phase, self.over_at = "over", now_ms
        self.can_next = self._has_next()
        self._ended = {"result": self._result_frame()}
        for i, s in enumerate(self.seats):
            if s.zombie is not None and s.member is None and not s.conceded:
                self._forget_token(s.token)
                self.seats[i] = Seat("")
        self._save(now_ms)
        result = self._ended["result"]
        for m in self.members:
            m.send(result)
        self.broadcast_room(now_ms)

    def tick(self, now_ms: int) -> None:
        """Time passed: graces run out (the seat's bot takes over), the game's bots and clocks act; while a clock
        runs the room is stored now and then, so that a restart knows how long the server was alive."""
        if self.phase == "playing" and self.match is not None:
            for i in self._graces():
                if now_ms - (self.seats[i].away_since or now_ms) >= self.options.grace_s * 1000:
                    self._hand_to_bot(i, None, now_ms)
            self._run(self.match.tick(now_ms), now_ms)
            if self.match.clock_runs() and now_ms - self.alive_ms >= self._alive_every():
                self._save(now_ms)

    def _graces(self) -> list[int]:
        """The seats whose person is away with a grace running (none at a turn-based table)."""
        if self.options.turn_based:
            return []
        return [i for i, s in enumerate(self.seats)
                if s.away_since is not None and s.zombie is None and s.bot is None]

    def _alive_every(self) -> int:
        return ALIVE_EVERY_TURN_MS if self.options.turn_based else ALIVE_EVERY_MS

    def next_tick_ms(self) -> int | None:
        """When `tick` has something to do next."""
        if self.phase != "playing" or self.match is None:
            return None
        times = [(self.seats[i].away_since or 0) + self.options.grace_s * 1000 for i in self._graces()]
        game = self.match.next_tick_ms()
        if game is not None:
            times.append(game)
        if self.store is not None and self.match.clock_runs():
            times.append(self.alive_ms + self._alive_every())
        return min(times) if times else None

    def expired(self, now_ms: int) -> bool:
        """Whether the room has been idle too long (or finished long enough ago) to be kept. A turn-based table is
        kept while it is played, its lobby for a week and, once finished, for a month (its members see how it
        ended and take its replay)."""
        turn = self.options.turn_based
        if self.phase == "over":  # kept while its members decide whether to play again
            ended = max(self.over_at or 0, self.idle_since or 0)
            return not self.members and now_ms - ended >= (TURN_OVER_KEEP_MS if turn else OVER_KEEP_MS)
        if self.phase == "lobby":
            return self.idle_since is not None and now_ms - self.idle_since >= (TURN_LOBBY_IDLE_MS if turn else
                                                                                LOBBY_IDLE_MS)
        if turn:
            return False
        people = any(s.member is not None for s in self.seats)
        if people:
            return False
        since = min((s.away_since for s in self.seats if s.away_since is not None), default=None)
        return since is not None and now_ms - since >= PLAY_IDLE_MS

    def close(self) -> None:
        if self.match is not None:
            self.match.close()
        self.closed = True

    # -- the room frame ------------------------------------------------------------------------------------
    def room_frame(self, member: Member, now_ms: int) -> RoomFrame:
        grace_ms = self.options.grace_s * 1000
        seats: list[SeatLine] = []
        for s in self.seats:
            status = s.status()
            seats.append({
                "name": s.name, "kind": "bot" if s.bot is not None else "person", "status": status,
                "level": s.bot or s.zombie, "ready": s.ready or s.bot is not None,
                "grace_ms": max(0, grace_ms - (now_ms - s.away_since))
                if status == "away" and s.away_since is not None and not self.options.turn_based else None,
                "conceded": s.conceded})
        o = self.options
        again: Again | None = {"want": [i for i, s in enumerate(self.seats) if s.again], "next": self.next_level,
                 "can_next": self.can_next} if self.phase == "over" else None
        return {"kind": "room", "code": self.code, "game": self.game, "phase": self.phase,
                "you": {"seat": member.seat, "creator": member.token == self.creator},
                "spectators": o.spectators, "watchers": sum(m.seat is None for m in self.members),
                "watching": [m.name for m in self.members if m.seat is None],
                "grace_s": o.grace_s, "clock": o.clock.to_json(),
                "turn_clock_s": o.clock.bank_ms // 1000 if o.clock.mode == "turn" else 0, "assists": o.assists,
                "watcher_chat": o.watcher_chat, "seats": seats, "setup": self.setup, "games": self.games,
                "again": again, "pace": o.pace}

    def broadcast_room(self, now_ms: int) -> None:
        for m in self.members:
            m.send(encode(self.room_frame(m, now_ms)))


def seat_names(side: GameSide, setup: GameJson) -> list[tuple[str | None, str]]:
    """The setup's seats (bot level, name) with every name through the one check of names (`GameError` for a
    name that is not one: a client's setup carries names every member is shown)."""
    plan = []
    for i, (level, name) in enumerate(side.seat_plan(setup)):
        clean = clean_name(name) if name else ""
        if clean is None or clean != name:
            raise GameError(f"setup: seat {i + 1}'s name: at most {NAME_LIMIT} characters, on one line")
        plan.append((level, clean or (f"Bot {i + 1}" if level else "")))
    return plan


def check_record(record: GameJson) -> None:
    """`ValueError` naming the first field of a stored room's record that is missing or of the wrong type (the
    fields a record of an earlier layout lacks may be missing)."""
    def want(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"its record's {what} is missing or wrong")

    def maybe(data: GameJson, key: str, ok: Callable[[object], bool]) -> bool:
        return key not in data or ok(data[key])

    o = record.get("options")
    if not isinstance(o, dict):
        raise ValueError("its record's options is missing or wrong")
    want( isinstance(o.get("spectators"), bool) and _is_int(o.get("grace_s"))
         and maybe(o, "turn_clock_s", _is_int) and all(maybe(o, k, _is_bool) for k in ("assists", "watcher_chat"))
         and maybe(o, "pace", lambda p: p in PACES),
         "options")
    if "clock" in o:
        ClockRule.from_json(o["clock"], "options.clock")  # a `ClockError` (a `ValueError`) naming the field
    want(isinstance(record.get("setup"), dict), "setup")
    want(isinstance(record.get("creator"), str), "creator")
    want(record.get("phase") in PHASES, "phase")
    want(_is_int(record.get("seed")), "seed")
    for key in ("alive_ms", "started_ms"):
        want(maybe(record, key, _is_int), key)
    want(maybe(record, "games", lambda n: isinstance(n, int) and not isinstance(n, bool) and n >= 1), "games")
    want(maybe(record, "next", _is_bool), "next")
    want(maybe(record, "over_ms", lambda v: v is None or _is_int(v)), "over_ms")
    want(maybe(record, "maker", lambda v: isinstance(v, str)), "maker")
    want(maybe(record, "watchers", lambda w: isinstance(w, list)), "watchers")
    seats = record.get("seats")
    want(isinstance(seats, list) and all(
        isinstance(s, dict) and isinstance(s.get("name"), str)
        and (s["name"] == "" or clean_name(s["name"]) == s["name"]) and isinstance(s.get("ready"), bool)
        and all(s.get(k) is None or isinstance(s.get(k), str) for k in ("bot", "token", "zombie"))
        and all(maybe(s, k, _is_bool) for k in ("conceded", "again"))
        for s in seats), "seats")
    seat_count = len(seats) if isinstance(seats, list) else 0
    want(maybe(record, "played", lambda p: p is None or (
        isinstance(p, list) and len(p) == seat_count and all(
            n is None or (isinstance(n, str) and n != "" and clean_name(n) == n) for n in p))), "played")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def refuse(member: Member, exc: ProtocolError, msg_id: int | None) -> None:
    """Tell `member` its message was wrong (one line and a code)."""
    member.send(encode(error(exc.code, str(exc), msg_id)))
