"""Arzium's side of a room: the server runs the same `Match` as the table (turn in progress, undo, confirm,
bots), with a `Person` for each seat whose person plays through the network; and what a member may see.

Hidden information stays on the server. A member's **view** is the game state without the random
generator, with seed 0, and with the land and artifact decks in sorted order (which cards are left is
public, their order is not). An update carries the committed actions and the cards they drew (`reveal`), in
the order drawn: a client puts those on top of its decks and applies the actions with the same rules, so
its view follows the server's (`digest` checks it). Other members see a turn once it is committed (see
PROTOCOL.md, "Arzium turns and undo").

Bots: a Hard bot thinks in the worker process (`arzium.thinking`: at most THINK_LIMIT_S of wall clock per
decision, one decision at a time for all rooms), so its search never holds up the event loop or another
room: the room only polls for its answer on ticks. The cheap levels (Easy, Normal: the bot of a person away)
decide at once on the loop, a millisecond or two (20 ms at most), less than a trip to the worker.
"""
from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Literal

from arzium.match import Match, Refused, Stopped, bot_spec
from arzium.rules.actions import Action, action_from_json
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.events import Event
from arzium.rules.score import outcome_json
from arzium.rules.state import GameState, SeatSetup, Setup, SetupError, StateError, clone, new_game
from arzium.seats import BotController, Controller, InlineBot, Person, put_on_top
from common.data.rules_api import IllegalAction
from common.net.messages import (
    Act,
    ClockFrame,
    ClockTimes,
    Confirm,
    GameFrame,
    GameInput,
    GameJson,
    GameResult,
    Received,
    Story,
    Turn,
    Update,
)
from common.net.room import GameError, Input, Options, Progress, Step
from common.net.turn_clock import TurnClock, allowance_ms

TICK_MS = 50            # how often a room with a bot to move is looked at
STORY_BYTES = 40_000    # a `game` frame's story of the moves so far stays under this (the frame's cap is 64 KiB)
LEAVER_LEVEL = "normal"
BOT_LEVELS = ("easy", "normal", "hard")
WORKER_LEVELS = frozenset({"hard"})  # bots that search: they think in the worker process, off the event loop


def server_bot(state: GameState, seat: int, level: str | None = None) -> Controller:
    """The bot of `seat` on the server: a searching one in the worker, a cheap one at once on the loop."""
    spec = bot_spec(state, seat, level)
    return BotController(spec) if spec.level in WORKER_LEVELS else InlineBot(spec)


# ---- the view: what a member may see -----------------------------------------------------------------------
def view_of(state: GameState) -> GameJson:
    """The state as a member may see it: no generator, seed 0, decks in sorted order."""
    data: GameJson = dict(state.to_dict())
    del data["rng"]
    data["seed"] = 0
    data["deck"] = sorted(data["deck"])
    data["art_deck"] = sorted(data["art_deck"])
    return data


_FRESH_RNG = random.Random(0).getstate()


def view_state(view: GameJson) -> GameState:
    """A view as a `GameState` a client can run the rules on (a placeholder generator: the rules draw no random
    numbers after the deal); `StateError` (one line) if the view is malformed."""
    if not isinstance(view, dict):
        raise StateError("view: expected an object")
    version, internal, gauss = _FRESH_RNG
    return GameState.from_dict({**view, "rng": [version, list(internal), gauss]})


def digest(view: GameJson) -> str:
    """The fingerprint of a view both sides compare."""
    text = json.dumps(view, separators=(",", ":"))  # both sides build views in the same key order
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def apply_update(state: GameState, actions: Sequence[Action], reveal: GameJson) -> list[Event]:
    """A client's side of an update: the drawn cards on top of the decks, then the actions; their events.
    ValueError or `IllegalAction` if the update does not fit this state (the client is out of step)."""
    put_on_top(state, reveal.get("lands", ()), reveal.get("artifacts", ()))
    events: list[Event] = []
    for action in actions:
        events += apply(state, action)
    return events


def game_story(setup: Setup, seed: int, actions: Sequence[Action]) -> Story:
    """The moves of a game as a member may see them, for an app that comes back without its move log: the view
    before the first move told (`seq` moves in: the start, or later when the whole game would not fit
    STORY_BYTES), then `moves` [n, action, lands drawn, artifacts drawn], each with the cards every member was
    shown in its update."""
    state = new_game(setup, seed)
    start = view_of(state)
    moves: list[tuple[int, GameJson, list[str], list[str]]] = []
    for i, action in enumerate(actions):
        lands, arts = list(state.deck), list(state.art_deck)
        apply(state, action)
        moves.append((i + 1, dict(action.to_json()), _drawn(lands, state.deck), _drawn(arts, state.art_deck)))
    first, size = len(moves), 0
    while first > 0 and size + len(json.dumps(moves[first - 1])) <= STORY_BYTES:
        first -= 1
        size += len(json.dumps(moves[first]))
    if first:  # a long game: the view that many moves in
        state = new_game(setup, seed)
        for action in actions[:first]:
            apply(state, action)
        start = view_of(state)
    return {"seq": first, "view": start, "moves": moves[first:]}


def _drawn(before: list[str], after: list[str]) -> list[str]:
    """The cards drawn from a deck (popped from its end), in the order drawn."""
    return before[len(after):][::-1]


def ran_out_winners(outcome: GameJson, out: int) -> GameJson:
    """A game ended because seat `out` ran out of time: the winners are the other seats with the best score."""
    players = outcome["players"]
    best = max((p["score"] for i, p in enumerate(players) if i != out), default=0)
    won = [i for i, p in enumerate(players) if i != out and p["score"] == best]
    return {"winners": [players[i]["name"] for i in won], "winner_indices": won, "ran_out": [out]}


# ---- the match on the server -------------------------------------------------------------------------------
class ArziumMatch:
    """An Arzium game in a room (satisfies `common.net.room.GameMatch`)."""

    def __init__(self, setup: Setup, seed: int, options: Options, now_ms: int) -> None:
        state = new_game(setup, seed)
        controllers: dict[int, Controller] = {i: server_bot(state, i) if s.kind == "bot" else Person()
                                              for i, s in enumerate(setup.seats)}
        self.match = Match(state, lambda ms: 0.0, autosave=False, controllers=controllers, warm=False)
        self.match.auto_confirm = False  # each person confirms their own turn
        self.started_ms = now_ms
        self.people = {i for i, s in enumerate(setup.seats) if s.kind == "human"}
        self.rule = options.clock
        self.clock = TurnClock.new(self.rule, len(setup.seats))
        self.turn_key: tuple[int | None, int] = (None, -1)
        self.shown_from = 0  # the number of actions when a person's clock last started (the tables show the rest)
        self.live = options.pace == "live"  # a live table's clock waits for the tables to show what happened
        self.clock_bot: tuple[int, int] | None = None  # (seat, turn) a bot plays because the clock ran out
        self.bot_moves: dict[int, str] = {}  # a person's seat's actions its bot made, by number: "clock" or "away"
        self.told: tuple[int, Story | None] = (0, None)  # the story of the first n moves, once made
        self.assists = options.assists
        self.assisted: set[int] = set()  # the seats whose person was shown a hint
        self.ran_out: int | None = None  # the seat whose time ran out under the rule that ends the game
        self.stamps: list[tuple[int, int]] = []  # each committed action's seat and server time
        self._follow_clock(now_ms)

    # -- inputs --------------------------------------------------------------------------------------------
    def handle(self, seat: int, msg: GameInput, now_ms: int) -> Step:
        m = self.match
        kind = msg["kind"]
        if msg["kind"] == "act":
            try:
                action = action_from_json(msg.get("action"))
            except (ValueError, KeyError, TypeError) as exc:
                return Step(refused=str(exc))
            if m.acting_human() != seat:
                return Step(refused="It is not your turn")
            return self._step(seat, lambda: None if m.submit(action) else self._told() or "Not possible now",
                              Input(seat, "act", {"action": action.to_json()}, now_ms), now_ms)
        if msg["kind"] == "undo":
            if m.work is None or m.work_player != seat or m.undo_blocked or not m.pending:
                return Step(refused="Nothing to undo")
            return self._step(seat, lambda: None if m.undo() else "Not possible now", Input(seat, "undo", {}, now_ms),
                              now_ms)
        if msg["kind"] == "confirm":
            if m.work is None or m.work_player != seat:
                return Step(refused="Nothing to confirm")
            return self._step(seat, m.confirm, Input(seat, "confirm", {}, now_ms), now_ms)
        if msg["kind"] == "assist":
            if not self.assists:
                return Step(refused="This table plays without hints")
            if seat in self.assisted:
                return Step()
            self.assisted.add(seat)
            return Step(inputs=[Input(seat, "assist", {}, now_ms)])
        if msg["kind"] == "let_bot":
            target = msg["seat"]
            if self.rule.out != "ask" or target == seat or target not in self.clock.out or self.clock_bot is not None:
                return Step(refused=f"seat {target} is not out of time, or it is yours")
            step = Step()
            self._bot_for_clock(target, "bot", now_ms, step, seat)
            return step
        return Step(refused=f"Arzium has no {kind!r}")

    def _step(self, seat: int, do: Callable[[], str | None], done: Input, now_ms: int) -> Step:
        """Run `do` (a change of the match; why it was refused, or None); the step with its input and frames,
        or its refusal."""
        m = self.match
        before_n = len(m.actions)
        lands, arts = list(m.state.deck), list(m.state.art_deck)
        self._told()  # what came before is not this input's answer
        refused = do()
        self._told()
        if refused is not None:
            return Step(refused=refused)
        step = Step(inputs=[done])
        if len(m.actions) > before_n:
            step.frames.append((None, self._update(before_n, seat, lands, arts, now_ms)))
        step.frames.append((seat, self.turn_frame(seat)))
        return step

    def _update(self, first: int, seat: int | None, lands: list[str], arts: list[str], now_ms: int) -> Update:
        """The `update` frame of the actions committed from number `first` (0-based) on."""
        m = self.match
        self._stamp(seat, now_ms)
        self._release_clock_bot()
        self._follow_clock(now_ms)
        view = view_of(m.state)
        frame: Update = {
            "kind": "update", "seq": len(m.actions),
            "actions": [(first + i + 1, seat, dict(a.to_json())) for i, a in enumerate(m.actions[first:])],
            "reveal": {"lands": _drawn(lands, m.state.deck), "artifacts": _drawn(arts, m.state.art_deck)},
            "deadline_ms": self.clock.deadline_ms(), "digest": digest(view), "server_ms": now_ms,
            "bots": self._bots(first + 1)}
        if self.rule.on:
            frame["clock"] = self.clock.to_json(now_ms)
        return frame

    def _stamp(self, seat: int | None, now_ms: int) -> None:
        """The actions committed since the last stamp: by `seat` (the sender), at `now_ms`."""
        who = seat if seat is not None else -1
        self.stamps.extend((who, now_ms) for _ in range(len(self.match.actions) - len(self.stamps)))

    def _bots(self, first: int = 1) -> list[tuple[int, str]]:
        """The actions from number `first` on that a person's seat's bot made, and why: [[n, "clock" | "away"]]."""
        return [(n, why) for n, why in sorted(self.bot_moves.items()) if n >= first]

    def turn_frame(self, seat: int) -> Turn:
        """The `turn` frame for `seat`: its turn in progress as the server holds it."""
        m = self.match
        mine = m.work is not None and m.work_player == seat
        return {"kind": "turn", "seat": seat, "actions": [dict(a.to_json()) for a in m.pending] if mine else [],
                "undo": mine and bool(m.pending) and not m.undo_blocked}

    def control(self, seat: int, level: str | None, now_ms: int) -> Step:
        step = Step(inputs=[Input(seat, "control", {"level": level}, now_ms)])
        before_n = len(self.match.actions)
        self._control(seat, level)
        self._told()
        if len(self.match.actions) > before_n:  # cannot happen: taking a turn back commits nothing
            step.frames.append((None, self._update(before_n, seat, [], [], now_ms)))
        self._follow_clock(now_ms)
        step.frames.append((seat, self.turn_frame(seat)))
        return step

    def _control(self, seat: int, level: str | None) -> None:
        m = self.match
        if level is not None and m.work is not None and m.work_player == seat:
            while m.pending and m.undo():  # the bot starts the turn afresh
                pass
            m.work = None
        if seat in self.people:
            m.controllers[seat] = Person() if level is None else server_bot(m.state, seat, level)
        m.auto_confirm = False

    def restore(self, done: Input) -> None:
        m = self.match
        match done.kind:
            case "act":
                self._note_bot(done.seat, len(m.actions) + 1)
                m.submit(action_from_json(done.body["action"]))
            case "undo":
                m.undo()
            case "confirm":
                m.confirm()
            case "assist":
                self.assisted.add(done.seat)
            case "control":
                level = done.body.get("level")
                if done.body.get("clock"):
                    self.clock_bot = (done.seat, m.state.turn)
                self._control(done.seat, level if isinstance(level, str) else None)
            case "timeout":
                self._end_out(done.seat, done.at_ms)
        self._told()
        self._stamp(done.seat, done.at_ms)
        self._release_clock_bot()
        self._follow_clock(done.at_ms)

    def clock_from(self, started_ms: int) -> None:
        self.clock = TurnClock.new(self.rule, len(self.clock.left))
        self.turn_key = (None, -1)
        self.shown_from = len(self.match.actions)
        self._follow_clock(started_ms)

    def resume_clock(self, alive_ms: int, now_ms: int) -> None:
        self.clock.charge(max(alive_ms, self.clock.since_ms))
        self.clock.resume(now_ms)

    def clock_runs(self) -> bool:
        return self.clock.deadline_ms() is not None

    def clock_now(self, now_ms: int) -> ClockTimes | None:
        return self.clock.to_json(now_ms) if self.rule.on else None

    def progress(self) -> Progress:
        mine: dict[int, int] = {}
        for n, (seat, _at) in enumerate(self.stamps, start=1):
            if seat >= 0:
                mine[seat] = n
        last = self.stamps[-1] if self.stamps else None
        return Progress(None if self.over else current_player(self.match.state), len(self.stamps), last, mine)

    def _told(self) -> str | None:
        """What the match told since last asked, taken (nobody watches it on the server): the reason of the last
        refusal in it, if any."""
        reasons = [h.reason for h in self.match.happenings.take() if isinstance(h, Refused | Stopped)]
        return reasons[-1] if reasons else None

    def _note_bot(self, seat: int, number: int) -> None:
        """Action `number` of `seat` is its bot's when a person's seat is played by a bot now."""
        if seat in self.people and not self.match.submits(seat):
            self.bot_moves[number] = "clock" if self.clock_bot is not None and self.clock_bot[0] == seat else "away"

    # -- time ----------------------------------------------------------------------------------------------
    def tick(self, now_ms: int) -> Step:
        m = self.match
        step = Step()
        deadline = self.clock.deadline_ms()
        if deadline is not None and now_ms >= deadline and self.clock_bot is None:
            p = self.clock.running
            assert p is not None
            self.clock.charge(now_ms)
            self.clock.out.add(p)
            if self.rule.out == "end":  # the game ends here: the result names the seat out of time
                self._end_out(p, now_ms)
                step.inputs.append(Input(p, "timeout", {}, now_ms))
                step.frames.append((None, self._clock_frame("out", p, now_ms)))
                return step
            if self.rule.out == "ask" and self.people - {p}:  # the other people choose: told, the turn waits
                step.frames.append((None, self._clock_frame("out", p, now_ms)))
            else:
                self._bot_for_clock(p, "out", now_ms, step)
        p = current_player(m.state)
        if self.over:
            return step
        if m.work is None and p is not None and not m.submits(p) and not is_over(m.state):
            before_n = len(m.actions)
            lands, arts = list(m.state.deck), list(m.state.art_deck)
            self._note_bot(p, before_n + 1)
            m.update(TICK_MS, True)
            self.bot_moves = {n: why for n, why in self.bot_moves.items() if n <= len(m.actions)}
            if len(m.actions) > before_n:
                action = m.actions[before_n]
                step.inputs.append(Input(p, "act", {"action": action.to_json()}, now_ms))
                step.frames.append((None, self._update(before_n, p, lands, arts, now_ms)))
        self._told()
        return step

    def next_tick_ms(self) -> int | None:
        m = self.match
        p = current_player(m.state)
        if self.over:
            return None
        if m.work is None and p is not None and not m.submits(p) and not is_over(m.state):
            return 0  # a bot is to move: look at it on the next tick
        return self.clock.deadline_ms()

    def _end_out(self, seat: int, now_ms: int) -> None:
        """`seat`'s time ran out under the rule that ends the game: its turn in progress is dropped, no clock runs."""
        m = self.match
        while m.pending and m.undo():
            pass
        self._told()
        m.work = None
        self.ran_out = seat
        self.clock.charge(now_ms)
        self.clock.out.add(seat)
        self.clock.running = None

    def _bot_for_clock(self, seat: int, event: Literal["out", "bot"], now_ms: int, step: Step,
                       by: int | None = None) -> None:
        """`seat`'s time ran out: its bot plays the rest of this turn (the seat is its person's again after);
        everyone is told (`event`: "out" when the rule says so at once, "bot" when another person chose it)."""
        self.clock_bot = (seat, self.match.state.turn)
        body: GameJson = {"level": LEAVER_LEVEL, "clock": True}
        if by is not None:
            body["by"] = by
        step.inputs.append(Input(seat, "control", body, now_ms))
        self._control(seat, LEAVER_LEVEL)
        step.frames.append((None, self._clock_frame(event, seat, now_ms)))
        step.frames.append((seat, self.turn_frame(seat)))

    def _clock_frame(self, event: Literal["out", "bot"], seat: int, now_ms: int) -> ClockFrame:
        """The `clock` frame: `seat`'s time ran out ("out"), or the others let its bot play ("bot")."""
        return {"kind": "clock", "event": event, "seat": seat, "clock": self.clock.to_json(now_ms),
                "server_ms": now_ms}

    def _follow_clock(self, now_ms: int) -> None:
        """The clock runs for the seat the game waits on when a person plays it here (a new turn: with the
        increment), at a live table once the tables have had time to show the actions since a person's clock last
        started (a turn-based one's players open it when they like); a seat handed to its bot stops its clock."""
        m = self.match
        p = current_player(m.state)
        key = (p, m.state.turn)
        timed = p if p is not None and p in self.people and m.submits(p) and not self.over else None
        if key != self.turn_key or self.clock.running != timed:
            self.turn_key = key
            shown = len(m.actions) - self.shown_from
            self.clock.start(timed, now_ms, allowance_ms(shown) if timed is not None and self.live else 0)
            if timed is not None:
                self.shown_from = len(m.actions)

    def _release_clock_bot(self) -> None:
        """The turn a bot played because the clock ran out is over: the seat is its person's again."""
        if self.clock_bot is None:
            return
        seat, turn = self.clock_bot
        m = self.match
        if current_player(m.state) != seat or m.state.turn != turn or is_over(m.state):
            self.clock_bot = None
            if not isinstance(m.controllers.get(seat), Person) and seat in self.people:
                m.controllers[seat] = Person()

    # -- what members see ----------------------------------------------------------------------------------
    def snapshot(self, seat: int | None, now_ms: int) -> GameFrame:
        m = self.match
        view = view_of(m.state)
        mine = seat is not None and m.work is not None and m.work_player == seat
        frame: GameFrame = {"kind": "game", "seq": len(m.actions), "seat": seat, "view": view,
                            "pending": [dict(a.to_json()) for a in m.pending] if mine else [],
                            "deadline_ms": self.clock.deadline_ms(), "digest": digest(view), "story": self.story(),
                            "server_ms": now_ms, "bots": self._bots()}
        if self.rule.on:
            frame["clock"] = self.clock.to_json(now_ms)
        return frame

    def story(self) -> Story | None:
        """The committed moves so far as a member may see them (`game_story`), made once a move."""
        m = self.match
        n = len(m.actions)
        if n and self.told[0] != n:
            self.told = (n, game_story(m.state.setup, m.state.seed, m.actions))
        return self.told[1] if n else None

    @property
    def over(self) -> bool:
        return self.ran_out is not None or is_over(self.match.state)

    def result(self) -> GameResult:
        m = self.match
        meta: GameJson = {"online": True, "clock": self.rule.to_json(), "bot_moves": [list(b) for b in self._bots()],
                                "assisted": bool(self.assisted), "assisted_seats": sorted(self.assisted)}
        outcome = outcome_json(m.state)
        if self.ran_out is not None:  # the game ended on a clock: the others' best score wins
            meta["ran_out"] = [self.ran_out]
            outcome = {**outcome, **ran_out_winners(outcome, self.ran_out)}
        result: GameResult = {"outcome": outcome, "replay": m.replay_file(**meta).to_dict()}
        if self.ran_out is not None:
            result["ran_out"] = [self.ran_out]
        return result

    def close(self) -> None:
        self.match.leave()


class ArziumSide:
    """Arzium's side of rooms (satisfies `common.net.room.GameSide`)."""

    leaver_level = LEAVER_LEVEL
    bot_levels = BOT_LEVELS
    concedes = True

    def seat_plan(self, setup: GameJson) -> list[tuple[str | None, str]]:
        try:
            parsed = Setup.from_dict(setup)
        except SetupError as exc:
            raise GameError(str(exc)) from None
        return [(s.bot_level if s.kind == "bot" else None, s.name) for s in parsed.seats]

    def new_match(self, setup: GameJson, names: list[str | None], seed: int, options: Options,
                  now_ms: int) -> ArziumMatch:
        parsed = Setup.from_dict(setup)
        seats = tuple(SeatSetup(name, s.colour, s.edge, s.kind, s.bot_level) if name is not None and s.kind == "human"
                      else s for s, name in zip(parsed.seats, names, strict=True))
        return ArziumMatch(Setup(seats, parsed.full_game, parsed.first_player), seed, options, now_ms)

    def again_setup(self, setup: GameJson, next_level: bool) -> GameJson:
        """The same seats, the next seat clockwise playing first (as at a table's Play again)."""
        if next_level:
            raise GameError("Arzium has no levels")
        try:
            parsed = Setup.from_dict(setup)
        except SetupError as exc:
            raise GameError(str(exc)) from None
        return dict(replace(parsed, first_player=(parsed.first_player + 1) % len(parsed.seats)).to_dict())


def game_side() -> ArziumSide:
    """Arzium's side of rooms, for `common.games`."""
    return ArziumSide()




# ---- a client's copy -----------------------------------------------------------------------------------------
class Mirror:
    """A client's copy of an Arzium room's game from the frames it is sent, and a cheap scripted player for its
    seat (a seeded choice among the legal actions): the tests and `net-bench` play whole games with it.
    `desyncs` counts updates after which the copy's digest differed from the server's."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.state: GameState | None = None
        self.seat: int | None = None
        self.pending: list[Action] = []
        self.seq = 0
        self.desyncs = 0
        self.check_every = 1  # compare the digest after every update (net-bench: the seats of a room take turns)
        self.awaiting: int | None = None   # the id of the message whose answer has not come yet
        self.next_id = 1
        self.result: Received | None = None

    def absorb(self, frame: Received) -> None:
        """Take in one frame from the server."""
        kind = frame.get("kind")
        if kind == "game":
            self.state = view_state(frame["view"])
            self.seat, self.seq = frame["seat"], frame["seq"]
            self.pending = [action_from_json(a) for a in frame.get("pending", [])]
            self.awaiting = None
        elif kind == "update" and self.state is not None:
            try:
                apply_update(self.state, [action_from_json(a) for _n, _s, a in frame["actions"]], frame["reveal"])
                checked = (frame["seq"] + (self.seat or 0)) % self.check_every == 0
                ok = not checked or digest(view_of(self.state)) == frame["digest"]
            except (ValueError, IllegalAction):
                ok = False
            if not ok:
                self.desyncs += 1
            self.seq, self.pending = frame["seq"], []
        elif kind == "turn":
            self.pending = [action_from_json(a) for a in frame["actions"]]
        elif kind == "result":
            self.result = frame
        if kind in ("turn", "refused", "error") and frame.get("id") == self.awaiting:
            self.awaiting = None

    def work(self) -> GameState | None:
        """The committed game with this seat's turn in progress applied."""
        if self.state is None:
            return None
        if not self.pending:
            return self.state
        work = clone(self.state)
        for action in self.pending:
            apply(work, action)
        return work

    def next_message(self) -> Act | Confirm | None:
        """What this seat sends now (an `act` or a `confirm`, with an id), or None: not its turn, or an answer
        is awaited."""
        if self.awaiting is not None or self.result is not None or self.seat is None:
            return None
        work = self.work()
        if work is None or (is_over(work) and not self.pending):
            return None
        msg: Act | Confirm
        if current_player(work) == self.seat and not is_over(work):
            msg = {"kind": "act", "action": dict(self.rng.choice(legal_actions(work)).to_json())}
        elif self.pending:
            msg = {"kind": "confirm"}
        else:
            return None
        msg["id"] = self.awaiting = self.next_id
        self.next_id += 1
        return msg
