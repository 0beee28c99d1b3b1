"""One run of a level, without pygame: the rules state, its phase, the countdown, the pause, the seats, replay
feeding. The play scene, the server's room and the replay viewer all run it.

The rules clock is fed only by `step(step_ms)` (exact integer ms); a replay-driven run applies its
recorded actions at their exact milliseconds inside those steps. Every seat has a controller behind one
interface (`Controller`): a bot (`GameSetup.bots`, or a person's seat handed to one while they are away) is
polled every step after the sand has advanced; a person, at this screen or elsewhere, plays through `play`
when they play. Either way the card is recorded in the state's actions (a replay plays those back and never
asks the bot again). What happened (the sand, each card, a refused one) goes into `happenings`, which the
scene showing the run (or the room serving it) takes after each call. When the game ends the run is finished:
its replay saved and its records counted.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from arenas.bots import BotController
from arenas.bots import hint as bot_hint
from arenas.rules.actions import Action
from arenas.rules.engine import advance, apply, mark_assisted
from arenas.rules.events import Event
from arenas.rules.state import GameState
from arenas.session import GameSetup, RunRecord, finish_run
from common.data.outbox import Outbox
from common.data.rules_api import IllegalAction

COUNTDOWN_MS = 3000
BEEP_MARKS = (2000, 1000)  # countdown left (ms) at which a beep sounds, after the first one


class Phase(StrEnum):
    """Where a run is: counting down to the start, running, or over (won or lost)."""

    COUNTDOWN = "countdown"
    RUNNING = "running"
    OVER = "over"


@dataclass(frozen=True)
class SandRan:
    """Time passed: what the sand did (run-outs, the end)."""

    events: list[Event]


@dataclass(frozen=True)
class CardDone:
    """A card was played (a bot's, or a replay's) and what it did."""

    action: Action
    events: list[Event]


@dataclass(frozen=True)
class Refused:
    """A bot's or a replay's card was illegal; a refused replay stops there."""

    action: Action
    reason: str
    replay: bool


Happening = SandRan | CardDone | Refused  # what a run tells in its `happenings`


class Controller(Protocol):
    """Who plays a seat: asked every step, after the sand, for the card it plays now (None: not now)."""

    def poll(self, state: GameState) -> Action | None: ...


class Person:
    """A person's seat, at this screen or elsewhere: their cards come in through `Match.play` when played."""

    def poll(self, state: GameState) -> Action | None:
        return None


class Match:
    """A run of `setup` (from `state`, or its start), live or driven by a replay's timed actions."""

    def __init__(self, setup: GameSetup, state: GameState | None = None,
                 replay_actions: list[tuple[int, Action]] | None = None, countdown: bool = True) -> None:
        self.setup = setup
        self.state = state if state is not None else setup.new_state()
        self.replay = deque(replay_actions) if replay_actions is not None else None
        self.phase = Phase.COUNTDOWN if countdown else Phase.RUNNING
        self.countdown_left = float(COUNTDOWN_MS) if countdown else 0.0
        self.paused = False
        bots = setup.bot_seats() if self.replay is None else {}
        self.seats: dict[int, Controller] = {seat: bots.get(seat) or Person() for seat in range(len(setup.players))}
        self.record: RunRecord | None = None  # set when the game ends
        self.happenings: Outbox[Happening] = Outbox()

    # ---- seats -----------------------------------------------------------------------------
    def is_bot(self, seat: int) -> bool:
        """True if a team-mate bot plays `seat` (live, for now, or in the replay being watched)."""
        return self.setup.is_bot(seat) or isinstance(self.seats.get(seat), BotController)

    def elsewhere(self, seat: int) -> bool:
        """True if a person on another screen plays `seat` (never at one table)."""
        return False

    @property
    def countdown_skippable(self) -> bool:
        """True if a person may start the sand before the countdown ends (at one table: yes)."""
        return True

    @property
    def leave_keeps_seat(self) -> bool:
        """True if leaving hands this screen's seat to its bot until the person comes back (a room), rather
        than ending the run."""
        return False

    def hand_over(self, seat: int, controller: Controller) -> None:
        """From now on `controller` plays `seat` (a bot for a person who left, the person back again)."""
        self.seats[seat] = controller

    def bot_turn_now(self) -> bool:
        """True while a bot holds the turn of a live game (human input waits)."""
        return self.replay is None and self.is_bot(self.state.active)

    def no_pause_now(self) -> bool:
        """True while nothing may stop the sand: a live game of people running without the pause assist."""
        return (self.phase == Phase.RUNNING and not self.setup.allow_pause and self.replay is None
                and not self.setup.watch)

    # ---- phases ----------------------------------------------------------------------------
    def count_down(self, dt_ms: float) -> int:
        """Run the start countdown on by `dt_ms`; how many beep marks it passed."""
        before = self.countdown_left
        self.countdown_left -= dt_ms
        return sum(1 for mark in BEEP_MARKS if before > mark >= self.countdown_left)

    def start(self) -> None:
        """The countdown is over (or skipped): the sand runs."""
        self.phase = Phase.RUNNING
        self.countdown_left = 0.0

    def pause(self) -> None:
        """The pause assist: time stops; the run is marked assisted."""
        self.paused = True
        mark_assisted(self.state)

    def resume(self) -> None:
        self.paused = False

    def hint(self) -> Action | None:
        """The team-mate bot's card for the active human; asking marks the run assisted (no best time)."""
        action = bot_hint(self.state, self.setup.humans)
        if action is not None:
            mark_assisted(self.state)
        return action

    # ---- the rules clock -------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Play a card now, a person's or a bot's (told: `CardDone`); `IllegalAction` (nothing changes) if
        illegal."""
        self.happenings.put(CardDone(action, apply(self.state, action)))
        self._check_end()

    def step(self, step_ms: int) -> None:
        """Let `step_ms` of game time pass (unless counting down, paused or over): sand, then a replay's or
        a bot's cards due in it, told in order."""
        state = self.state
        if self.phase != Phase.RUNNING or self.paused or state.result is not None:
            return
        tell = self.happenings.put
        if self.replay is None:
            tell(SandRan(advance(state, step_ms)))
            if state.result is None:
                action = self.seats[state.active].poll(state)
                if action is not None:
                    self._card(action, replay=False)
        else:
            target = state.time_ms + step_ms
            while self.replay and self.replay[0][0] <= target and state.result is None:
                at, action = self.replay.popleft()
                tell(SandRan(advance(state, max(0, at - state.time_ms))))
                if state.result is None:
                    self._card(action, replay=True)
            if state.result is None:
                tell(SandRan(advance(state, target - state.time_ms)))
        self._check_end()

    def _card(self, action: Action, replay: bool) -> None:
        """A bot's or the replay's card, played (`CardDone`) or refused (`Refused`)."""
        try:
            self.play(action)
        except IllegalAction as exc:
            if replay and self.replay is not None:
                self.replay.clear()
            self.happenings.put(Refused(action, exc.reason, replay))

    def _check_end(self) -> None:
        """Once the game is won or lost: the run is over, its replay saved and its result recorded."""
        if self.state.result is None or self.phase == Phase.OVER:
            return
        self.phase = Phase.OVER
        self.record = finish_run(self.setup, self.state) if self.setup.counts else RunRecord()
