"""A room, whatever its game: seats and their tokens, members (seated people and watchers), the lobby, the
grace period and the seat's bot for a person away (BGA's zombie mode, but reversible), and what every
member is sent. The game's side (`G/room.py`, found through `common.games`) checks, applies and shows.

Everything here runs on the server's event loop and never waits: a room is changed by one call at a time,
and each accepted input is handed to the store before any member is sent a frame about it (the server sends
a frame only once the writes before it are committed).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from common.net.protocol import NAME_LIMIT, ProtocolError, clean_name, encode, error, new_token, token_hash

LOBBY_IDLE_MS = 5 * 60_000       # a lobby nobody is connected to is closed after this long
PLAY_IDLE_MS = 24 * 3600_000     # a game no person is connected to ...
OVER_KEEP_MS = 10 * 60_000       # a finished room is kept this long for late readers of its result
MAX_WATCHERS = 32                # watchers connected to a room at once
KNOWN_WATCHERS = 64              # watchers' tokens a room keeps (those connected, and those gone for less than
                                 # the room's grace, who may come back with their token)
PHASES = ("lobby", "playing", "over")


class GameError(Exception):
    """A setup or an option the game cannot play (one line)."""


@dataclass(frozen=True)
class Input:
    """One accepted input of a game, as stored: who, what (`act`, `undo`, `confirm`, `control`, or a game's
    own kind), its fields, and the server's clock then."""

    seat: int
    kind: str
    body: dict[str, Any]
    at_ms: int


@dataclass
class Step:
    """What the game made of an input or of time passing: the inputs to store, in order, the frames to send
    (to a seat's person, or None: to every member) and, for a refused input, the rules' reason."""

    inputs: list[Input] = field(default_factory=list)
    frames: list[tuple[int | None, dict[str, Any]]] = field(default_factory=list)
    refused: str | None = None


@dataclass(frozen=True)
class Options:
    """A room's settings."""

    spectators: bool = True
    grace_s: int = 60
    turn_clock_s: int = 0


class GameMatch(Protocol):
    """A game in a room, on the server (the authority): the rules run here with the whole state."""

    def handle(self, seat: int, kind: str, body: dict[str, Any], now_ms: int) -> Step:
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

    def snapshot(self, seat: int | None, now_ms: int) -> dict[str, Any]:
        """The `game` frame for a member at `seat` (None: a watcher): what it may see."""
        ...

    @property
    def over(self) -> bool:
        ...

    def result(self) -> dict[str, Any]:
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

    def seat_plan(self, setup: dict[str, Any]) -> list[tuple[str | None, str]]:
        """Each seat of a setup: its bot level (None for a person's seat) and its name; `GameError` if the setup
        is not playable."""
        ...

    def new_match(self, setup: dict[str, Any], names: list[str | None], seed: int, options: Options,
                  now_ms: int) -> GameMatch:
        """A new game (`names`: the person of each seat, None for a bot seat)."""
        ...


Send = Callable[[str], None]


@dataclass(eq=False)
class Member:
    """One connection in a room: where its frames go, its token's hash, its seat (None: watching)."""

    send: Send
    token: str
    seat: int | None
    addr: str = ""


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

    def status(self) -> str:
        if self.bot is not None or self.zombie is not None:
            return "bot"
        if self.token is None:
            return "open"
        return "here" if self.member is not None else "away"

    def to_record(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "token": self.token, "ready": self.ready, "zombie": self.zombie}


class Store(Protocol):
    """Where rooms are kept (`common.net.store.Store`)."""

    def save_room(self, code: str, game: str, record: dict[str, Any], now_ms: int) -> None: ...
    def add_inputs(self, code: str, first: int, inputs: list[Input]) -> None: ...
    def add_watcher(self, code: str, token: str) -> None: ...
    def forget_watcher(self, code: str, token: str) -> None: ...
    def delete_room(self, code: str) -> None: ...


class Room:
    """One room: its game, seats, members and match."""

    def __init__(self, code: str, game: str, side: GameSide, setup: dict[str, Any], options: Options,
                 creator: str, store: Store | None, now_ms: int) -> None:
        self.code, self.game, self.side, self.setup, self.options = code, game, side, setup, options
        self.seats = [Seat(name if level else "", bot=level) for level, name in seat_names(side, setup)]
        self.creator = creator            # the creator's token hash
        self.addr = ""                    # the address that created it (for the rooms an address may hold)
        self.watchers: set[str] = set()   # watchers' token hashes
        self.gone: dict[str, int] = {}    # watchers not connected: since when (forgotten after the grace)
        self.members: list[Member] = []
        self.phase = "lobby"
        self.seed = 0
        self.match: GameMatch | None = None
        self.inputs = 0                   # accepted inputs stored so far
        self.store = store
        self.idle_since: int | None = now_ms
        self.over_at: int | None = None
        self._over: dict[int | str | None, str] = {}  # a finished game's frames, by seat (and "result")
        self.closed = False

    # -- records -------------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """What the store keeps of the room besides its inputs."""
        o = self.options
        return {"setup": self.setup, "options": {"spectators": o.spectators, "grace_s": o.grace_s,
                                                  "turn_clock_s": o.turn_clock_s},
                "creator": self.creator, "phase": self.phase, "seed": self.seed,
                "seats": [s.to_record() for s in self.seats], "inputs": self.inputs}

    def _save(self, now_ms: int) -> None:
        if self.store is not None:
            self.store.save_room(self.code, self.game, self.record(), now_ms)

    def _add_watcher(self, token: str) -> None:
        self.watchers.add(token)
        if self.store is not None:
            self.store.add_watcher(self.code, token)

    def _forget_watcher(self, token: str) -> None:
        self.watchers.discard(token)
        self.gone.pop(token, None)
        if self.store is not None:
            self.store.forget_watcher(self.code, token)

    def forget_watchers(self, now_ms: int) -> list[str]:
        """Forget the watchers gone for longer than the room's grace (their tokens no longer bring them back);
        their token hashes."""
        old = [t for t, since in self.gone.items() if now_ms - since >= self.options.grace_s * 1000]
        for token in old:
            self._forget_watcher(token)
        return old

    @classmethod
    def restore(cls, code: str, game: str, side: GameSide, record: dict[str, Any], inputs: list[Input],
                watchers: list[str], store: Store | None, now_ms: int) -> Room:
        """A stored room rebuilt (after a restart): its game replayed from its inputs; every person is away
        from now (their grace starts again). `ValueError` (or the game's own error) if the record is not one."""
        check_record(record)
        o = record["options"]
        room = cls(code, game, side, record["setup"], Options(o["spectators"], o["grace_s"], o["turn_clock_s"]),
                   record["creator"], store, now_ms)
        older = [t for t in record.get("watchers", []) if isinstance(t, str) and t not in watchers]
        room.watchers = set(watchers)
        for token in older:  # a record of an earlier layout kept its watchers itself: they move to their rows
            room._add_watcher(token)
        room.gone = dict.fromkeys(room.watchers - {room.creator}, now_ms)
        room.phase, room.seed = record["phase"], record["seed"]
        for seat, saved in zip(room.seats, record["seats"], strict=True):
            seat.name, seat.bot, seat.token, seat.ready = saved["name"], saved["bot"], saved["token"], saved["ready"]
            seat.zombie = saved["zombie"]
            if seat.token is not None and room.phase == "playing":
                seat.away_since = now_ms
        if room.phase != "lobby":
            room.match = room._new_match(now_ms)
            for done in inputs:
                room.match.restore(done)
            room.inputs = len(inputs)
            if room.match.over:
                room.phase, room.over_at = "over", now_ms
        return room

    def _new_match(self, now_ms: int) -> GameMatch:
        names = [None if s.bot is not None else s.name for s in self.seats]
        return self.side.new_match(self.setup, names, self.seed, self.options, now_ms)

    # -- members -------------------------------------------------------------------------------------------
    def seat_of_token(self, token_hash_: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.token == token_hash_), None)

    def knows(self, token_hash_: str) -> bool:
        return token_hash_ in self.watchers or self.seat_of_token(token_hash_) is not None

    def add_creator(self, send: Send, name: str, seat: int | None, token: str, addr: str, now_ms: int) -> Member:
        """The creator joins their new room (at `seat`, or watching)."""
        if seat is None:
            member = Member(send, token_hash(token), None, addr)
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
            member = Member(send, token_hash(token), None, addr)
            self._add_watcher(member.token)
        else:
            if self.phase != "lobby":
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
            member.send(encode({"kind": "game", **self.match.snapshot(None, now_ms)}))
        return member, token

    def _sit(self, send: Send, seat: int, name: str, token: str, addr: str) -> Member:
        member = Member(send, token_hash(token), seat, addr)
        s = self.seats[seat]
        s.name, s.token, s.member, s.ready = name, member.token, member, False
        return member

    def _joined(self, member: Member, token: str) -> None:
        member.send(encode({"kind": "joined", "code": self.code, "token": token, "seat": member.seat,
                            "game": self.game, "creator": member.token == self.creator}))

    def rejoin(self, send: Send, token: str, addr: str, now_ms: int) -> Member:
        """A member comes back with its token: its seat (taken back from its bot) or its place as a watcher. A
        token is one member: its earlier connection, if still here, stops counting (and the others are sent
        nothing new when nothing they see changed)."""
        hashed = token_hash(token)
        seat = self.seat_of_token(hashed)
        member = Member(send, hashed, seat, addr)
        earlier = [m for m in self.members if m.token == hashed]
        for old in earlier:  # the same member on a new connection
            old.seat = None
            self.members.remove(old)
        changed = not earlier
        if seat is not None:
            s = self.seats[seat]
            s.member, s.away_since = member, None
            if s.zombie is not None:
                if self.match is not None and self.phase == "playing":
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
            member.send(encode({"kind": "game", **self.match.snapshot(seat, now_ms)}))
        return member

    def _over_frames(self, seat: int | None, now_ms: int) -> tuple[str, str]:
        """A finished game's `game` frame for `seat` and its `result` frame, encoded once each."""
        assert self.match is not None
        if seat not in self._over:
            self._over[seat] = encode({"kind": "game", **self.match.snapshot(seat, now_ms)})
        if "result" not in self._over:
            self._over["result"] = encode({"kind": "result", **self.match.result()})
        return self._over[seat], self._over["result"]

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
        """`member` leaves on purpose: in the lobby its seat is free again; in play its bot takes over at once
        (the token still brings the person back)."""
        seat = member.seat
        if seat is not None and self.phase == "lobby":
            self.seats[seat] = Seat("")
            member.seat = None
            self._save(now_ms)
        elif seat is not None and self.phase == "playing" and self.match is not None:
            self._hand_to_bot(seat, None, now_ms)
        self.drop(member, now_ms)
        if member.seat is None and member.token in self.gone:  # a watcher who left on purpose is not awaited
            self._forget_watcher(member.token)

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
        self.seed, self.phase = seed, "playing"
        self.match = self._new_match(now_ms)
        self._save(now_ms)
        self.broadcast_room(now_ms)
        for m in self.members:
            m.send(encode({"kind": "game", **self.match.snapshot(m.seat, now_ms)}))

    def hand_to_bot(self, member: Member, seat: int, level: str | None, now_ms: int) -> None:
        """The creator hands a seat to a bot: in the lobby it becomes a bot seat; in play its bot plays it."""
        if member.token != self.creator:
            raise ProtocolError("not_creator", "only the room's creator can hand a seat to a bot")
        if seat >= len(self.seats):
            raise ProtocolError("bad_message", f"bot.seat: no seat {seat}")
        if level is not None and level not in self.side.bot_levels:
            raise ProtocolError("bad_message", f"bot.level: one of {', '.join(self.side.bot_levels)}")
        if self.phase == "lobby":
            s = self.seats[seat]
            if s.member is not None:  # its person watches from now
                s.member.seat = None
                self._add_watcher(s.member.token)
            name = next((n for lv, n in self.side.seat_plan(self.setup)[seat:seat + 1] if lv), "")
            self.seats[seat] = Seat(name or f"Bot {seat + 1}", bot=level or self.side.leaver_level)
            self._save(now_ms)
            self.broadcast_room(now_ms)
        elif self.phase == "playing":
            self._hand_to_bot(seat, level, now_ms)
        else:
            raise ProtocolError("not_playing", "the game is over")

    def _hand_to_bot(self, seat: int, level: str | None, now_ms: int) -> None:
        s = self.seats[seat]
        if s.bot is not None or self.match is None:
            return
        s.zombie = level or self.side.leaver_level
        self._run(self.match.control(seat, s.zombie, now_ms), now_ms)
        self._save(now_ms)
        self.broadcast_room(now_ms)

    def reclaim(self, member: Member, now_ms: int) -> None:
        """A seated person takes their seat back from its bot."""
        if member.seat is None:
            raise ProtocolError("not_seated", "only a seated person can take a seat back")
        s = self.seats[member.seat]
        if s.zombie is not None and self.match is not None and self.phase == "playing":
            self._run(self.match.control(member.seat, None, now_ms), now_ms)
            s.zombie = None
            self._save(now_ms)
            self.broadcast_room(now_ms)

    # -- the game ------------------------------------------------------------------------------------------
    def game_input(self, member: Member, kind: str, body: dict[str, Any], msg_id: int | None, now_ms: int) -> None:
        """A seated person's move; refused with the rules' reason, or stored and sent to every member."""
        if self.phase != "playing" or self.match is None:
            raise ProtocolError("not_playing", "the game is not being played")
        if member.seat is None:
            raise ProtocolError("not_seated", "watchers cannot play")
        if self.seats[member.seat].zombie is not None:
            raise ProtocolError("not_playing", "a bot plays this seat now: take it back first (reclaim)")
        step = self.match.handle(member.seat, kind, body, now_ms)
        if step.refused is not None:
            frame: dict[str, Any] = {"kind": "refused", "reason": step.refused}
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
            self.phase, self.over_at = "over", now_ms
            self._save(now_ms)
            result = encode({"kind": "result", **self.match.result()})
            for m in self.members:
                m.send(result)
            self.broadcast_room(now_ms)

    def tick(self, now_ms: int) -> None:
        """Time passed: graces run out (the seat's bot takes over), the game's bots and clocks act."""
        if self.phase == "playing" and self.match is not None:
            for i, s in enumerate(self.seats):
                if s.away_since is not None and s.zombie is None and s.bot is None and \
                        now_ms - s.away_since >= self.options.grace_s * 1000:
                    self._hand_to_bot(i, None, now_ms)
            self._run(self.match.tick(now_ms), now_ms)

    def next_tick_ms(self) -> int | None:
        """When `tick` has something to do next."""
        if self.phase != "playing" or self.match is None:
            return None
        times = [s.away_since + self.options.grace_s * 1000 for s in self.seats
                 if s.away_since is not None and s.zombie is None and s.bot is None]
        game = self.match.next_tick_ms()
        if game is not None:
            times.append(game)
        return min(times) if times else None

    def expired(self, now_ms: int) -> bool:
        """Whether the room has been idle too long (or finished long enough ago) to be kept."""
        if self.phase == "over":
            return self.over_at is not None and now_ms - self.over_at >= OVER_KEEP_MS
        if self.phase == "lobby":
            return self.idle_since is not None and now_ms - self.idle_since >= LOBBY_IDLE_MS
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
    def room_frame(self, member: Member, now_ms: int) -> dict[str, Any]:
        grace_ms = self.options.grace_s * 1000
        seats = []
        for s in self.seats:
            status = s.status()
            seats.append({
                "name": s.name, "kind": "bot" if s.bot is not None else "person", "status": status,
                "level": s.bot or s.zombie, "ready": s.ready or s.bot is not None,
                "grace_ms": max(0, grace_ms - (now_ms - s.away_since))
                if status == "away" and s.away_since is not None else None})
        o = self.options
        return {"kind": "room", "code": self.code, "game": self.game, "phase": self.phase,
                "you": {"seat": member.seat, "creator": member.token == self.creator},
                "spectators": o.spectators, "watchers": sum(m.seat is None for m in self.members),
                "grace_s": o.grace_s, "turn_clock_s": o.turn_clock_s, "seats": seats}

    def broadcast_room(self, now_ms: int) -> None:
        for m in self.members:
            m.send(encode(self.room_frame(m, now_ms)))


def seat_names(side: GameSide, setup: dict[str, Any]) -> list[tuple[str | None, str]]:
    """The setup's seats (bot level, name) with every name through the one check of names (`GameError` for a
    name that is not one: a client's setup carries names every member is shown)."""
    plan = []
    for i, (level, name) in enumerate(side.seat_plan(setup)):
        clean = clean_name(name) if name else ""
        if clean is None or clean != name:
            raise GameError(f"setup: seat {i + 1}'s name: at most {NAME_LIMIT} characters, on one line")
        plan.append((level, clean or (f"Bot {i + 1}" if level else "")))
    return plan


def check_record(record: dict[str, Any]) -> None:
    """`ValueError` naming the first field of a stored room's record that is missing or of the wrong type."""
    def want(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"its record's {what} is missing or wrong")

    o = record.get("options")
    want(isinstance(o, dict) and isinstance(o.get("spectators"), bool) and _is_int(o.get("grace_s"))
         and _is_int(o.get("turn_clock_s")), "options")
    want(isinstance(record.get("setup"), dict), "setup")
    want(isinstance(record.get("creator"), str), "creator")
    want(record.get("phase") in PHASES, "phase")
    want(_is_int(record.get("seed")), "seed")
    seats = record.get("seats")
    want(isinstance(seats, list) and all(
        isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("ready"), bool)
        and all(s.get(k) is None or isinstance(s.get(k), str) for k in ("bot", "token", "zombie"))
        for s in seats), "seats")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def refuse(member: Member, exc: ProtocolError, msg_id: int | None) -> None:
    """Tell `member` its message was wrong (one line and a code)."""
    member.send(encode(error(exc.code, str(exc), msg_id)))
