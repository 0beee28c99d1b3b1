"""The Arenas room in real time: the server's table, what a member may see of it, and how a client follows it.

The server's clock is the truth. A `Table` runs the shared run model (`arenas.match.Match`) on the server's
milliseconds: the game clock is `anchor_game + (now - anchor_server)` while the sand runs, so a card takes
effect at the server's clock when it arrives, bots play (a bot seat of the setup, or a leaver's bot) when
their reaction delay is up, and the sand runs out when it runs out, with no player needed.

Every accepted input is a JSON object stamped with the game millisecond it happened at (`"t"`):
a card (`{"t", "type": "card"|"wild", ...}`, the replay files' form), or an assist of the room:
`{"t", "type": "pause", "at"}`, `{"t", "type": "resume", "at"}` (`at`: the server's ms) and
`{"t", "type": "hint"}` (a hint asked: the run is assisted, as locally). The pause assist pauses the room
for everyone and marks it. Feeding the stored inputs back (`Table.restore`) gives the same state; a
restored room starts again with its countdown from the last stored input's game time.

What members see (`view`): the whole state but the generator, the seed and the deck's order (the deck is
sent sorted: which cards are left is public, their order is not). Hands are open in Arenas. A client keeps
the view as a `GameState` (`view_state`) and applies accepted inputs to it (`follow`): the cards each card
drew (`drawn`, the update's reveal) are put on top of its deck, and a reshuffle lays them on top of the
reshuffled pile, so its state equals the server's; `digest` says whether it does.
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from arenas.bots import BotController, TeammateBot
from arenas.match import COUNTDOWN_MS, CardDone, Match, Person, Phase, SandRan
from arenas.rules.actions import action_from_json
from arenas.rules.components import Card
from arenas.rules.engine import advance, apply, mark_assisted, outcome_json
from arenas.rules.events import CardDrawn, Event
from arenas.rules.levels import LevelError, level_path, load_level
from arenas.rules.replay import REPLAY_VERSION
from arenas.rules.state import GameState, from_dict
from arenas.session import GameSetup, SetupError, from_replay, is_shipped, to_replay
from common.data.rules_api import IllegalAction
from common.net.messages import ClockTimes, GameFrame, GameInput, GameJson, GameResult, Update
from common.net.room import GameError, Input, Options, Progress, Step
from common.replays.replay import Replay

ASSISTS = ("pause", "resume", "hint")
MAX_LEVEL_BYTES = 4096  # a room's level as compact JSON: the biggest level the loader accepts is about half that
LEAVER_REACTION_MS = 1_000  # a leaver's bot reacts like the default team-mate


@dataclass(frozen=True)
class Accepted:
    """One accepted input: whose (`seat`), its stamped JSON, the cards it drew (names, in order) and the
    `digest` of the state just after it."""

    seat: int
    input: GameJson
    drawn: tuple[str, ...]
    digest: str


class Table:
    """The server's real-time table of one room: the run, its clock on the server's ms, assists, bots."""

    def __init__(self, setup: GameSetup, now_ms: int, assists: bool = True) -> None:
        """`assists`: the room allows the hint and the pause assist (the host's fair-play rule)."""
        self.setup = replace(setup, counts=False)  # the server saves no replay of its own and counts no records
        self.assists = assists
        self.assisted: set[int] = set()  # the seats that asked for a hint or a pause
        self.run = Match(self.setup)
        self.go_ms = now_ms + COUNTDOWN_MS  # when the sand starts (or starts again after a restore)
        self.anchor = (self.go_ms, 0)  # (server ms, game ms) the game clock runs from
        self.inputs: list[GameJson] = []
        self.unsent: list[Accepted] = []  # accepted, not yet stored and sent (`take_unsent`)

    # ---- the clock -------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.run.state

    @property
    def over(self) -> bool:
        return self.run.phase == Phase.OVER

    def game_ms(self, now_ms: int) -> int:
        """The game's clock at the server's `now_ms` (it stands still counting down, paused or over)."""
        run = self.run
        if run.phase != Phase.RUNNING or run.paused:
            return run.state.time_ms
        return max(run.state.time_ms, self.anchor[1] + now_ms - self.anchor[0])

    def catch_up(self, now_ms: int) -> list[Accepted]:
        """Bring the table to `now_ms`: the countdown's end, the sand, and the bots' cards due by then."""
        run = self.run
        if run.phase == Phase.COUNTDOWN:
            run.countdown_left = float(max(0, self.go_ms - now_ms))
            if now_ms < self.go_ms:
                return []
            run.start()
            self.anchor = (self.go_ms, run.state.time_ms)
        target = self.game_ms(now_ms)
        out: list[Accepted] = []
        for _ in range(10_000):  # each pass reaches the target or a bot's look; bounded against a stuck bot
            state = run.state
            if run.phase != Phase.RUNNING or run.paused or state.result is not None or state.time_ms >= target:
                break
            wake = self._bot_wake()
            step = target - state.time_ms if wake is None or wake > target else max(0, wake - state.time_ms)
            run.step(step)
            for happening in run.happenings.take():
                if isinstance(happening, CardDone):
                    action, events = happening.action, happening.events
                    out.append(self._accepted(action.player, {"t": events[0].time_ms, **action.to_json()}, events))
        return out

    def _bot_wake(self) -> int | None:
        """The game ms at which the active seat's bot looks next, if a bot plays it."""
        seat = self.run.seats[self.run.state.active]
        return seat.next_play_time(self.run.state) if isinstance(seat, BotController) else None

    def next_wake(self) -> int | None:
        """The server ms by which `catch_up` has something to do (start, a bot's look, a run-out); None: nothing."""
        run, state = self.run, self.run.state
        if run.phase == Phase.COUNTDOWN:
            return self.go_ms
        if run.phase != Phase.RUNNING or run.paused or state.result is not None:
            return None
        low = min(t.remaining_ms for t in state.timers.values())
        due = state.time_ms + max(0, -(-(100 * low - state.sand_rem) // state.sand_speed_pct))
        wake = self._bot_wake()
        if wake is not None:
            due = min(due, max(wake, state.time_ms))
        return self.anchor[0] + due - self.anchor[1]

    # ---- inputs ----------------------------------------------------------------------------
    def act(self, seat: int, data: object, now_ms: int) -> list[Accepted]:
        """A member's input at `now_ms`: the bots' cards due before it, then it. `IllegalAction` with the
        reason when it may not be played now (the catch-up still happened: see `catch_up`)."""
        if not isinstance(data, dict):
            raise IllegalAction(f"an action must be a JSON object, got {type(data).__name__}")
        out = self.catch_up(now_ms)
        kind = data.get("type")
        run, t = self.run, self.run.state.time_ms
        if run.phase == Phase.OVER:
            raise IllegalAction("the game is over")
        if kind in ASSISTS:
            if not self.assists:
                raise IllegalAction("this table plays without hints and assists")
            if kind == "hint":
                if run.phase != Phase.RUNNING:
                    raise IllegalAction("hints start with the sand — after the countdown")
                mark_assisted(run.state)
                self.assisted.add(seat)
                return [*out, self._accepted(seat, {"t": t, "type": "hint"})]
            if not self.setup.allow_pause:
                raise IllegalAction("this room plays without the pause assist")
            if kind == "pause":
                if run.phase != Phase.RUNNING or run.paused:
                    raise IllegalAction("the sand is not running")
                run.pause()
                self.assisted.add(seat)
            else:
                if not run.paused:
                    raise IllegalAction("the game is not paused")
                run.resume()
                self.anchor = (now_ms, t)
            return [*out, self._accepted(seat, {"t": t, "type": kind, "at": now_ms})]
        try:
            action = action_from_json(data)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if action.player != seat:
            raise IllegalAction(f"you play seat {seat + 1}, not seat {action.player + 1}")
        if run.phase == Phase.COUNTDOWN:
            raise IllegalAction("the sand has not started yet")
        if run.paused:
            raise IllegalAction("the game is paused")
        run.play(action)  # IllegalAction: nothing changed
        [done] = run.happenings.take()  # the card's own
        assert isinstance(done, CardDone)
        return [*out, self._accepted(seat, {"t": t, **action.to_json()}, done.events)]

    def _accepted(self, seat: int, stamped: GameJson, events: Sequence[Event] = ()) -> Accepted:
        self.inputs.append(stamped)
        drawn = tuple(e.card.name for e in events if isinstance(e, CardDrawn))
        accepted = Accepted(seat, stamped, drawn, digest(self.run.state))
        self.unsent.append(accepted)
        return accepted

    def take_unsent(self) -> list[Accepted]:
        """The inputs accepted since the last call (a refused input's catch-up included), to store and send."""
        out, self.unsent = self.unsent, []
        return out

    # ---- seats -----------------------------------------------------------------------------
    def bot_plays(self, seat: int) -> None:
        """A person's seat is played by a team-mate bot from now on (they left, or the creator said so)."""
        humans = frozenset(i for i, s in self.run.seats.items() if not isinstance(s, BotController) and i != seat)
        bot = TeammateBot(seat, LEAVER_REACTION_MS, self.setup.seed * 8 + seat, humans)
        self.run.hand_over(seat, BotController(bot))

    def person_plays(self, seat: int) -> None:
        """The seat's person plays it again."""
        self.run.hand_over(seat, Person())

    # ---- what members see, what is kept ----------------------------------------------------
    def view(self, now_ms: int) -> GameJson:
        """The table as any member may see it: the setup (no seed), `view_of(state)` and the clock."""
        return {"setup": setup_json(self.setup), "state": view_of(self.run.state), "clock": self.clock(now_ms)}

    def clock(self, now_ms: int) -> GameJson:
        """Where the clock is: the phase, the countdown's end, paused, and the (server ms, game ms) anchor."""
        return {"phase": str(self.run.phase), "go_ms": self.go_ms, "paused": self.run.paused,
                "anchor": list(self.anchor), "server_ms": now_ms}

    def replay(self) -> GameJson:
        """The finished (or abandoned) run's replay file, the same as a local run's."""
        replay = to_replay(self.setup, self.run.state)
        replay.meta["assisted_seats"] = sorted(self.assisted)
        return replay.to_dict()

    @classmethod
    def restore(cls, setup: GameSetup, inputs: Iterable[GameJson], now_ms: int, assists: bool = True) -> Table:
        """The table rebuilt from its stored inputs; it counts down again from the last input's game time.
        `IllegalAction` if the inputs do not replay (a store that does not belong to this setup)."""
        table = cls(setup, now_ms, assists)
        for stamped in inputs:
            table.again(stamped)
        return table

    def again(self, stamped: GameJson) -> None:
        """A stored input applied again (the table being rebuilt: it still counts down)."""
        self.inputs.append(stamped)
        follow(self.run.state, [stamped], None)
        if stamped["type"] == "pause":
            self.run.paused = True
        elif stamped["type"] == "resume":
            self.run.paused = False
        if self.run.state.result is not None:
            self.run.phase = Phase.OVER
        self.anchor = (self.go_ms, self.run.state.time_ms)


# ---- setups, views and following -----------------------------------------------------------------
def level_bytes(level: object) -> int:
    """The size of a setup's level as compact JSON (UTF-8); past the cap when it cannot be written at all."""
    try:
        return len(json.dumps(level, ensure_ascii=False, separators=(",", ":")).encode())
    except (ValueError, TypeError, RecursionError):
        return MAX_LEVEL_BYTES + 1


def setup_from_json(data: object, seed: int) -> GameSetup:
    """A room's setup from a `create` message's (the replay files' setup: `level` a shipped number or a whole
    level of at most `MAX_LEVEL_BYTES`, `players`, `first_player`, `sand_speed_pct`, `allow_pause`, `bots`,
    `reaction_ms`) and the server's secret `seed`; `SetupError` (one line naming the field) when it is not one.
    The server checks a `create`'s setup with it, and each client the setup of the `game` it is sent."""
    if not isinstance(data, dict):
        raise SetupError("setup: expected a JSON object")
    size = level_bytes(data.get("level"))
    if size > MAX_LEVEL_BYTES:
        raise SetupError(f"setup.level: too large ({size} bytes of JSON; a level is at most {MAX_LEVEL_BYTES})")
    setup, _actions, _assisted = from_replay(Replay("arenas", data, seed, [], version=REPLAY_VERSION), "setup")
    return setup


def setup_json(setup: GameSetup) -> GameJson:
    """The setup members may see (and a client's `OnlineMatch` is built from): everything but the seed."""
    return {"level": setup.level.to_dict(), "players": list(setup.players), "first_player": setup.first_player,
            "sand_speed_pct": setup.sand_speed_pct, "allow_pause": setup.allow_pause, "bots": list(setup.bots),
            "reaction_ms": setup.reaction_ms}


def view_of(state: GameState) -> GameJson:
    """The state as any member may see it: without the generator and the seed, the deck sorted; no event log."""
    data: GameJson = dict(state.to_dict())
    del data["rng"]
    data["seed"] = 0
    data["deck"] = sorted(data["deck"])
    data["log"] = []
    return data


def view_state(view: GameJson) -> GameState:
    """A client's `GameState` from a view (`ValueError`/`KeyError`/`TypeError` when it is not one)."""
    data = dict(view)
    data["rng"] = list(random.Random(0).getstate())
    data["rng"][1] = list(data["rng"][1])
    return from_dict(data)


def digest(state: GameState) -> str:
    """16 hex digits naming everything members see that play changes (a differing one is a desync)."""
    public = {"time_ms": state.time_ms, "active": state.active, "sand_rem": state.sand_rem,
              "hands": [[c.name for c in h] for h in state.hands], "deck": sorted(c.name for c in state.deck),
              "discard": [c.name for c in state.discard], "result": state.result, "assisted": state.assisted,
              "timers": [[t.id, t.remaining_ms, t.tile, t.lost_beside] for t in state.timers.values()],
              "cards": len(state.actions)}
    text = json.dumps(public, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class _Reveal(random.Random):
    """A client's stand-in for the server's generator: a reshuffle lays the cards the server says were
    drawn from it on top, in the order they were drawn."""

    def __init__(self, coming: Sequence[Card]) -> None:
        super().__init__(0)
        self.coming = list(coming)

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        x.sort(key=lambda c: c.name)
        _on_top(x, self.coming)


def _on_top(deck: list[Card], cards: Sequence[Card]) -> None:
    """Move `cards` to the top of `deck` (its end), the first of them topmost."""
    for card in reversed(cards):
        deck.remove(card)
        deck.append(card)


def follow(state: GameState, inputs: Sequence[GameJson],
           drawn: Sequence[Sequence[str]] | None) -> list[SandRan | CardDone]:
    """Apply accepted inputs (stamped JSON) to `state`, a client's or a restored one, and say what happened;
    `drawn` gives each card's drawn cards for a client's state (None: `state` has the true generator and deck).

    `IllegalAction` (or `ValueError`) when an input does not fit the state: the client is out of step."""
    out: list[SandRan | CardDone] = []
    for i, stamped in enumerate(inputs):
        at = stamped.get("t")
        if isinstance(at, bool) or not isinstance(at, int) or at < state.time_ms:
            raise IllegalAction(f"input at {at!r} ms: the state is already at {state.time_ms} ms")
        out.append(SandRan(advance(state, at - state.time_ms)))
        kind = stamped.get("type")
        if kind in ("pause", "hint"):
            mark_assisted(state)
            continue
        if kind == "resume":
            continue
        action = action_from_json(stamped)
        if drawn is None:
            out.append(CardDone(action, apply(state, action)))
            continue
        cards = [Card.from_name(n) for n in drawn[i]]
        ahead = min(len(state.deck), len(cards))
        try:
            _on_top(state.deck, cards[:ahead])
        except ValueError:
            raise IllegalAction(f"input at {at} ms drew a card the deck does not hold") from None
        rng = state.rng
        state.rng = _Reveal(cards[ahead:])
        try:
            out.append(CardDone(action, apply(state, action)))
        finally:
            state.rng = rng
    return out


# ---- the room's game on the server ----------------------------------------------------------------------
def update_frame(accepted: Sequence[Accepted], first: int, now_ms: int) -> Update:
    """The `update` frame of accepted inputs numbered from `first` + 1: the stamped inputs, the cards each
    drew (`reveal.drawn`), the digest after the last, and the server's clock."""
    return {"kind": "update", "seq": first + len(accepted),
            "actions": [(first + i + 1, a.seat, a.input) for i, a in enumerate(accepted)],
            "reveal": {"drawn": [list(a.drawn) for a in accepted]}, "deadline_ms": None,
            "digest": accepted[-1].digest, "server_ms": now_ms}


class ArenasMatch:
    """An Arenas game in a room (satisfies `common.net.room.GameMatch`): a `Table` on the server's clock."""

    def __init__(self, setup: GameSetup, now_ms: int, assists: bool = True) -> None:
        self.table = Table(setup, now_ms, assists)

    def _step(self, now_ms: int) -> Step:
        accepted = self.table.take_unsent()
        if not accepted:
            return Step()
        first = len(self.table.inputs) - len(accepted)
        return Step(inputs=[Input(a.seat, "act", {"action": a.input}, now_ms) for a in accepted],
                    frames=[(None, update_frame(accepted, first, now_ms))])

    def handle(self, seat: int, msg: GameInput, now_ms: int) -> Step:
        if msg["kind"] != "act":
            return Step(refused=f"Arenas has no {msg['kind']!r}: a card, once played, stands")
        try:
            self.table.act(seat, msg.get("action"), now_ms)
        except IllegalAction as exc:
            if self.table.over:  # the sand ran out before the card came: the end goes out now, and the refusal
                step = self._step(now_ms)
                step.frames.append((seat, {"kind": "refused", "reason": exc.reason}))
                return step
            return Step(refused=exc.reason)  # what the catch-up accepted goes out on the next tick
        return self._step(now_ms)

    def control(self, seat: int, level: str | None, now_ms: int) -> Step:
        self.table.catch_up(now_ms)
        step = self._step(now_ms)
        if level is None:
            self.table.person_plays(seat)
        else:
            self.table.bot_plays(seat)
        step.inputs.append(Input(seat, "control", {"level": level}, now_ms))
        return step

    def tick(self, now_ms: int) -> Step:
        self.table.catch_up(now_ms)
        return self._step(now_ms)

    def next_tick_ms(self) -> int | None:
        return 0 if self.table.unsent else self.table.next_wake()

    def restore(self, done: Input) -> None:
        if done.kind == "act":
            self.table.again(done.body["action"])
            if done.body["action"].get("type") in ("hint", "pause"):
                self.table.assisted.add(done.seat)
        elif done.kind == "control":
            if done.body.get("level") is None:
                self.table.person_plays(done.seat)
            else:
                self.table.bot_plays(done.seat)

    def clock_from(self, started_ms: int) -> None:
        """No turn clock."""

    def resume_clock(self, alive_ms: int, now_ms: int) -> None:
        """No turn clock: the sand is the clock (a restored run counts down again, `Table.restore`)."""

    def clock_runs(self) -> bool:
        return False

    def clock_now(self, now_ms: int) -> ClockTimes | None:
        return None

    def progress(self) -> Progress:
        """The team plays together: no seat's turn; the cards played so far."""
        return Progress(moves=len(self.table.inputs))

    def snapshot(self, seat: int | None, now_ms: int) -> GameFrame:
        table = self.table
        return {"kind": "game", "seq": len(table.inputs) - len(table.unsent), "seat": seat, "view": table.view(now_ms),
                "pending": [], "deadline_ms": None, "digest": digest(table.state), "server_ms": now_ms}

    @property
    def over(self) -> bool:
        return self.table.over

    def result(self) -> GameResult:
        return {"outcome": outcome_json(self.table.state), "replay": self.table.replay()}

    def close(self) -> None:
        pass


class ArenasSide:
    """Arenas' side of rooms (satisfies `common.net.room.GameSide`): the team-mate bot plays bot seats and
    the seats of people away."""

    leaver_level = "teammate"
    bot_levels = ("teammate",)
    concedes = False  # the team plays on together: a person leaves instead

    def seat_plan(self, setup: GameJson) -> list[tuple[str | None, str]]:
        try:
            parsed = setup_from_json(setup, 1)
        except SetupError as exc:
            raise GameError(str(exc)) from None
        return [(self.leaver_level if parsed.is_bot(i) else None, name) for i, name in enumerate(parsed.players)]

    def new_match(self, setup: GameJson, names: list[str | None], seed: int, options: Options,
                  now_ms: int) -> ArenasMatch:
        parsed = setup_from_json(setup, seed)
        players = tuple(name if name is not None else own for name, own in zip(names, parsed.players, strict=True))
        return ArenasMatch(replace(parsed, players=players), now_ms, options.assists)

    def again_setup(self, setup: GameJson, next_level: bool) -> GameJson:
        """The same level again, or the next shipped one (`GameError` after the last, or after a level of one's
        own)."""
        try:
            parsed = setup_from_json(setup, 1)
        except SetupError as exc:
            raise GameError(str(exc)) from None
        if not next_level:
            return setup
        path = level_path(parsed.level.number + 1)
        if not is_shipped(parsed.level) or not path.is_file():  # a level of one's own keeps a box level's number
            raise GameError(f"level {parsed.level.number} has no next level")
        try:
            return setup_json(replace(parsed, level=load_level(path)))
        except LevelError as exc:
            raise GameError(str(exc)) from None


def game_side() -> ArenasSide:
    """Arenas' side of rooms, for `common.games`."""
    return ArenasSide()
