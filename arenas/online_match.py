"""A run whose rules run on the server: a client's side of an Arenas room, with the surface of `arenas.match.Match`.

The play scene drives it exactly as a local run (`step`, `play`, `count_down`, `start`, `pause`, `hint`), so it
cannot tell a team-mate elsewhere from one at this screen. Underneath, the sand is drawn at the server's
time: `state` is the last state the server confirmed (`base`, at the game ms of its last input) with the
sand run on to the game clock now (`link.server_now_ms()` on the room's clock anchor). A card of this
screen's person is sent and kept `pending` until the server's update confirms it (it then takes effect at
the server's ms, like everyone's) or refuses it (`Refused`, with the rules' reason); what happened is told in
`happenings`, as a local run tells it. The sand is never let run to a loss before the server says so: a client
never decides an outcome.
"""
from __future__ import annotations

from itertools import count
from typing import Protocol

from arenas.bots import hint as bot_hint
from arenas.match import BEEP_MARKS, CardDone, Happening, Phase, Refused, SandRan
from arenas.room import digest, follow, setup_from_json, view_state
from arenas.rules.actions import Action
from arenas.rules.engine import advance, mark_assisted
from arenas.rules.events import Event, GameLost, GameWon
from arenas.rules.state import clone
from arenas.session import RunRecord, SetupError, replay_outcome
from common.data.outbox import Outbox
from common.data.rules_api import IllegalAction
from common.net.messages import ClientMessage, Received
from common.replays.replay import Replay, ReplayError, replay_from_dict


class Link(Protocol):
    """What a remote run needs of its connection (`common.net.client.Link` has it)."""

    def send(self, msg: ClientMessage) -> None: ...

    def server_now_ms(self) -> int: ...


class OnlineMatch:
    """The client's run of an Arenas room, fed the room's frames (`receive`) and stepped by the scene."""

    replay = None  # never a replay being watched

    def __init__(self, seat: int | None, link: Link, game: Received) -> None:
        """`game`: the room's `game` frame (`SetupError` if its setup cannot be played here)."""
        self.setup = setup_from_json(game["view"]["setup"], 0)
        self.seat = seat
        self.link = link
        self.record: RunRecord | None = None
        self.result_replay: Received | None = None  # the server's replay file once the game is over
        self.pending: dict[int, Action] = {}  # this screen's cards sent and not yet confirmed, by message id
        self.away_bots: frozenset[int] = frozenset()  # seats whose person is away and played by a bot for now
        self.desyncs = 0
        self.happenings: Outbox[Happening] = Outbox()
        self._ids = count(1)
        self._inbox: list[Received] = []
        self._beep_left = 0.0
        self.load(game)

    # ---- the server's frames ---------------------------------------------------------------
    def load(self, game: Received) -> None:
        """Take the whole game from a `game` frame (the start, a rejoin, after a desync)."""
        view = game["view"]
        self.base = view_state(view["state"])
        self.state = clone(self.base)
        self.seq: int = game["seq"]
        clock = view["clock"]
        self.go_ms: int = clock["go_ms"]
        self.anchor: tuple[int, int] = (clock["anchor"][0], clock["anchor"][1])
        self.assists = True  # the room allows hints and the pause assist (its host decides)
        self.paused: bool = clock["paused"]
        self.phase = Phase(clock["phase"])
        if self.state.result is not None:
            self.phase = Phase.OVER
        self._beep_left = self.countdown_left

    def receive(self, frames: list[Received]) -> None:
        """Frames from the room (`game`, `update`, `refused`, `result`), taken in at the next `step`."""
        self._inbox.extend(f for f in frames if f.get("kind") in ("game", "update", "refused", "result"))

    # ---- the clock -------------------------------------------------------------------------
    def game_ms(self) -> int:
        """The game clock now, on the server's clock."""
        if self.phase != Phase.RUNNING or self.paused:
            return self.state.time_ms
        return self.anchor[1] + self.link.server_now_ms() - self.anchor[0]

    @property
    def countdown_left(self) -> float:
        if self.phase != Phase.COUNTDOWN:
            return 0.0
        return float(max(0, self.go_ms - self.link.server_now_ms()))

    def count_down(self, dt_ms: float) -> int:
        """How many beep marks the countdown passed since the last call (it runs on the server's clock)."""
        before, self._beep_left = self._beep_left, self.countdown_left
        return sum(1 for mark in BEEP_MARKS if before > mark >= self._beep_left)

    def start(self) -> None:
        """The countdown is over on the server's clock (it cannot be skipped in a room)."""
        if self.phase == Phase.COUNTDOWN and self.countdown_left <= 0:
            self.phase = Phase.RUNNING
            self.anchor = (self.go_ms, self.base.time_ms)

    # ---- seats -----------------------------------------------------------------------------
    def is_bot(self, seat: int) -> bool:
        return self.setup.is_bot(seat) or seat in self.away_bots

    def elsewhere(self, seat: int) -> bool:
        """True if a person on another screen plays `seat` (not a bot, not this screen's seat)."""
        return seat != self.seat and not self.is_bot(seat)

    @property
    def countdown_skippable(self) -> bool:
        """A room's countdown runs on the server's clock: nobody can cut it short."""
        return False

    @property
    def leave_keeps_seat(self) -> bool:
        """A seated person who leaves a room keeps the seat: its bot plays it until they come back."""
        return self.seat is not None

    def bot_turn_now(self) -> bool:
        return self.is_bot(self.state.active) or self.state.active != self.seat

    def no_pause_now(self) -> bool:
        return self.phase == Phase.RUNNING and not (self.setup.allow_pause and self.assists)

    # ---- this screen's person --------------------------------------------------------------
    def _send(self, action: Received) -> int:
        n = next(self._ids)
        self.link.send({"kind": "act", "action": action, "id": n})
        return n

    def play(self, action: Action) -> None:
        """Send this screen's card: pending until the server confirms it (told then). `IllegalAction` at
        once when it cannot be this person's card now."""
        if self.seat is None:
            raise IllegalAction("you are watching this game")
        if action.player != self.seat or self.state.active != self.seat:
            raise IllegalAction(f"it is {self.state.players[self.state.active]}'s turn")
        if self.pending:
            raise IllegalAction("your card is on its way")
        if self.phase != Phase.RUNNING or self.paused:
            raise IllegalAction("the sand is not running")
        self.pending[self._send(dict(action.to_json()))] = action

    def pause(self) -> None:
        """Ask the room to pause (the pause assist): it stops for everyone when the server says so."""
        self._send({"type": "pause"})

    def resume(self) -> None:
        self._send({"type": "resume"})

    def hint(self) -> Action | None:
        """The team-mate bot's card for this person, worked out here; the room is told (the run is assisted)."""
        action = bot_hint(self.state, self.setup.humans - self.away_bots)
        if action is not None:
            mark_assisted(self.state)
            self._send({"type": "hint"})
        return action

    # ---- time passes -----------------------------------------------------------------------
    def step(self, step_ms: int) -> None:
        """Take in the room's frames, then run the sand on to the server's time now; what happened is told."""
        inbox, self._inbox = self._inbox, []
        for frame in inbox:
            try:
                happened = self._take(frame)
            except (KeyError, IndexError, TypeError, ValueError):  # a frame this run cannot read: out of step
                self.desyncs += 1
                continue
            for happening in happened:
                self.happenings.put(happening)
        if self.phase == Phase.RUNNING and not self.paused and self.state.result is None:
            self.happenings.put(SandRan(self._run_sand(self.game_ms())))

    def _run_sand(self, target: int) -> list[Event]:
        """The shown state's sand run on to game ms `target`, short of a run-out that would end the game."""
        state = self.state
        ms = target - state.time_ms
        if ms <= 0:
            return []
        low = min(t.remaining_ms for t in state.timers.values())
        if (state.sand_rem + ms * state.sand_speed_pct) // 100 >= low:  # a run-out in this step: try it first
            probe = clone(state)
            advance(probe, ms)
            if probe.result is not None:
                return []  # the server says when the game is lost
        return advance(state, ms)

    def _take(self, frame: Received) -> list[Happening]:
        match frame["kind"]:
            case "game":
                self.load(frame)
                self.pending.clear()
                return []
            case "refused":
                action = self.pending.pop(frame.get("id", -1), None)
                return [Refused(action, str(frame.get("reason", "")), replay=False)] if action is not None else []
            case "result":
                return self._finish(frame)
            case _:
                return self._update(frame)

    def _update(self, frame: Received) -> list[Happening]:
        fresh = [i for i, entry in enumerate(frame["actions"]) if entry[0] > self.seq]  # a `game` may hold some
        inputs = [frame["actions"][i][2] for i in fresh]
        drawn = [frame.get("reveal", {}).get("drawn", [])[i] for i in fresh]
        self.pending.pop(frame.get("id", -1), None)
        try:
            happened: list[Happening] = [h for h in follow(self.base, inputs, drawn) if isinstance(h, CardDone)]
        except (IllegalAction, ValueError, KeyError, TypeError):
            self.desyncs += 1
            return []
        for stamped in inputs:
            match stamped.get("type"):
                case "pause":
                    self.paused = True
                case "resume":
                    self.paused = False
                    self.anchor = (stamped["at"], stamped["t"])
        self.seq = frame["seq"]
        if frame.get("digest") is not None and frame["digest"] != digest(self.base):
            self.desyncs += 1
        shown_ms = self.state.time_ms
        self.state = clone(self.base)
        self._run_sand(max(shown_ms, self.base.time_ms))  # run-outs already shown are not shown twice
        return happened

    def _finish(self, frame: Received) -> list[Happening]:
        """The game is over on the server: the final state from its replay (the whole log, for the result)."""
        self.result_replay = frame.get("replay")
        try:
            final = replay_outcome(_replay(self.result_replay), "the room's replay")
        except (SetupError, ReplayError):
            final = self.state
        shown = self.state.time_ms
        events = [e for e in final.log if e.time_ms > shown or isinstance(e, GameWon | GameLost)]
        self.state = final
        self.phase = Phase.OVER
        self.record = RunRecord()
        return [SandRan(events)]


def _replay(data: object) -> Replay:
    if not isinstance(data, dict):
        raise ReplayError("the room sent no replay")
    return replay_from_dict(data, "the room's replay")


__all__ = ["Link", "OnlineMatch"]
