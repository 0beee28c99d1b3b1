"""A game of Arzium being played, without pygame: the committed state, a person's turn in progress, undo and
confirm, autosave and the replay file, and the seats' controllers (`arzium.seats`: a person, a bot, a replay,
a person elsewhere) that act for them. The table on screen, the room server and the replay viewer all run it.

Truth and undo: `state` is the committed game, autosaved with the turn in progress after every action
(`resume_turn` puts a saved turn in progress back). A human plays their turn on `work`, a clone,
action by action; Undo rebuilds the clone from `state` and the remaining pending actions, Confirm
commits them. A turn commits by itself when undoing would unveil hidden information (a land or
artifact drawn from a pile), and, with a single human seat, once it is finished and has been on
show for AUTO_CONFIRM_MS: Undo until then, and the bots wait for it, as does what follows the turn
(the next turn's start or the game's end: `next_turn`, told once committed). People, bots and replays
all hand their actions to `submit`; what happened (the rules' events for the move log and the animations,
an undone action, a refusal, a notice) goes into `happenings`, which the table on screen (or the room
serving the game) takes after each call. A committed action is told with its `Playing`: a table that is
still showing it keeps that seat `playing` until its animations reach the turn change.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from arzium import save
from arzium.records import record_game
from arzium.replay_model import result_meta
from arzium.rules.actions import Action
from arzium.rules.engine import apply, current_player, is_over
from arzium.rules.events import ArtifactRowRefilled, CardReplaced, Event, GameEnded, TurnStarted
from arzium.rules.replay import replay_from
from arzium.rules.state import GameState, clone
from arzium.seats import BotController, Controller, Person, ReplayController
from arzium.thinking import BotSpec, warm_up
from common.data.files import DataError
from common.data.i18n import _
from common.data.os_words import os_problem
from common.data.outbox import Outbox
from common.data.paths import replays_dir
from common.data.rules_api import IllegalAction
from common.replays.replay import Replay, write_new_replay

BOT_PAUSE_MS = 650       # a bot waits this long (at speed 1) after the last animation before acting
AUTO_CONFIRM_MS = 1000   # a lone human's finished turn stands after this long (real time, animations done)


@dataclass(frozen=True)
class Playing:
    """A committed action on show before its turn change: who made it, what it was, and the turn (number, final
    round) it was made in. Told as it is committed; a table still animating it keeps it as `Match.playing`."""

    player: int
    action: Action
    turn: int
    final_round: bool


@dataclass(frozen=True)
class Told:
    """The rules' `events` of an action, made in `turn`: `provisional` while its turn is in progress (undoable
    until confirmed); `by`: the committed action's number and seat (None for a turn in progress's)."""

    events: list[Event]
    turn: int
    provisional: bool
    by: tuple[int, int] | None = None


@dataclass(frozen=True)
class Untold:
    """The last provisional action told is taken back (undone, or replaced by the server's word)."""


@dataclass(frozen=True)
class Committed:
    """What was told provisionally is for good now."""


@dataclass(frozen=True)
class Refused:
    """A person's action was illegal: the rules' `reason`."""

    reason: str


@dataclass(frozen=True)
class Stopped:
    """The bot's or the replay's action `number` (from 1) was illegal: the rules' `reason`; they stop."""

    number: int
    reason: str


@dataclass(frozen=True)
class Notice:
    """Something the player should know (a failed save, a record not written)."""

    message: str


Happening = Told | Untold | Committed | Playing | Refused | Stopped | Notice  # what a match tells


def _held_back(event: Event) -> bool:
    """What a pending turn holds back, from the first of them on, until confirmed: the turn's end and a
    bought artifact's replacement (so a buy can be undone before its new artifact is seen)."""
    return isinstance(event, (TurnStarted, GameEnded, ArtifactRowRefilled))


def _unveils(event: Event) -> bool:
    """Whether `event` shows hidden information (a land or an artifact drawn from a pile)."""
    return (isinstance(event, CardReplaced) and bool(event.card)) or \
        (isinstance(event, ArtifactRowRefilled) and bool(event.artifact))


class Match:
    """One game: `state`, the `actions` that led to it, a person's turn in progress and who acts next."""

    def __init__(self, state: GameState, anim_ms: Callable[[float], float],
                 actions: list[Action] | None = None, replay: list[Action] | None = None, autosave: bool = True,
                 assisted: bool = False, controllers: dict[int, Controller] | None = None, warm: bool = True) -> None:
        """`anim_ms` scales a duration by the animation speed; `controllers`: who plays each seat (by default a
        `Person` for a human seat and a bot for a bot seat); `warm`: start the worker bots and hints think in
        now (else on first use); see `PlayScene` for the rest."""
        self.state = state
        self.happenings: Outbox[Happening] = Outbox()
        self.anim_ms = anim_ms
        self.actions: list[Action] = list(actions or [])
        self.replay = replay
        self.autosave_enabled = autosave and replay is None
        self.save_refused = False  # the save file there is not this app's to overwrite (or delete)
        self.assisted = assisted
        self.seats = state.setup.seats
        self.controllers: dict[int, Controller] = {}
        if replay is not None:
            shared = ReplayController(replay)
            self.controllers = dict.fromkeys(range(len(self.seats)), shared)
        else:
            self.controllers = controllers if controllers is not None else {
                i: seat_bot(state, i) if seat.kind == "bot" else Person() for i, seat in enumerate(self.seats)}
            if warm:
                warm_up()  # the worker process starts while the table is dealt: the first bot move or hint is on time
        self.work: GameState | None = None
        self.work_player = -1
        self.pending: list[Action] = []
        self.undo_blocked = False
        self.next_turn: list[Event] = []
        self.auto_confirm = replay is None and sum(c.submits for c in self.controllers.values()) == 1
        self.confirm_ms = 0.0  # how long a finished turn has waited for its automatic confirmation
        self.bot_idle_ms = 0.0
        self.playing: Playing | None = None
        self.bot_moves: dict[int, str] = {}  # a person's seat's actions its bot made, by number: "clock" or "away"

    # -- who acts ---------------------------------------------------------------------------

    def view_state(self) -> GameState:
        """The state the table shows: the human's work in progress, else the committed game."""
        return self.work if self.work is not None else self.state

    def acting_human(self) -> int | None:
        """The human seat whose input is taken now, or None (bot, replay, awaiting confirmation, or another
        seat's action still on show)."""
        if self.replay is not None:
            return None
        if self.work is not None:
            p = current_player(self.work)
            return p if p == self.work_player and not is_over(self.work) else None
        p = current_player(self.state)
        if self.playing is not None and self.playing.player != p:
            return None  # the board has not shown the turn change yet
        return p if p is not None and self.submits(p) else None

    def elsewhere(self, seat: int) -> bool:
        """Whether a person on another screen plays `seat` (never at one table)."""
        return False

    def turn_on_show(self) -> int | None:
        """The seat whose turn the table shows: the one playing its turn in progress, else the one whose
        committed action is still on show, else the one to act."""
        if self.work is not None:
            return self.work_player
        if self.playing is not None:
            return self.playing.player
        return current_player(self.state)

    def submits(self, seat: int) -> bool:
        """Whether `seat`'s actions come through `submit` as a turn in progress (a person's)."""
        controller = self.controllers.get(seat)
        return controller is not None and controller.submits

    @property
    def awaiting_confirm(self) -> bool:
        return self.work is not None and self.acting_human() is None

    def position(self) -> tuple[int, tuple[Action, ...]]:
        """Names the moment (for hints): the committed actions and the turn in progress."""
        return len(self.actions), tuple(self.pending)

    # -- actions ----------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """The one way an action enters the game. A bot's or the replay's is committed at once; a human's
        joins their turn in progress (committed at once when it cannot be undone). False if refused."""
        p = current_player(self.state)
        if self.work is None and p is not None and p in self.controllers and not self.submits(p):
            return self._commit_controlled(p, action)
        return self._play(action)

    def _play(self, action: Action) -> bool:
        p = self.acting_human()
        if p is None:
            return False
        if self.work is None:
            self.work, self.work_player = clone(self.state), p
            self.pending, self.undo_blocked = [], False
        try:
            events = apply(self.work, action)
        except IllegalAction as exc:
            if not self.pending:
                self.work = None
            self.happenings.put(Refused(exc.reason))
            return False
        self.pending.append(action)
        held = next((i for i, e in enumerate(events) if _held_back(e)), len(events))
        if any(_unveils(e) for e in events[:held]):
            self.undo_blocked = True
        stands = self.undo_blocked or self.work_player != self.state.active  # a bid out of turn stands at once
        change = len(events) if stands else held
        events, self.next_turn = events[:change], events[change:]
        self.happenings.put(Told(events, self.work.turn, True))
        if stands:
            turn, final = self.state.turn, self.state.final_round
            self._commit()
            self._follow(p, action, turn, final)
        else:
            self.autosave()  # a crash loses no action of the turn in progress either
        return True

    def resume_turn(self, pending: Sequence[Action]) -> None:
        """Put a saved turn in progress back on the table, still undoable (its actions are played again)."""
        for action in pending:
            if not self._play(action):
                break

    def _commit_controlled(self, p: int, action: Action) -> bool:
        turn, final = self.state.turn, self.state.final_round
        try:
            events = apply(self.state, action)
        except IllegalAction as exc:
            self.happenings.put(Stopped(len(self.actions) + 1, exc.reason))
            self.replay = [] if self.replay is not None else None
            self.controllers = {}
            return False
        self.actions.append(action)
        self.happenings.put(Told(events, self.state.turn, False, (len(self.actions), p)))
        self._follow(p, action, turn, final)
        self.autosave()
        return True

    def _commit(self) -> None:
        """Make the pending actions the truth (and save); the next turn's start or the game's end, held until
        now, is told."""
        if self.work is None:
            return
        self.state = self.work
        self.actions.extend(self.pending)
        self.work, self.pending, self.undo_blocked = None, [], False
        self.happenings.put(Committed())
        self.autosave()
        if self.next_turn:
            events, self.next_turn = self.next_turn, []
            self.happenings.put(Told(events, self.state.turn, False))

    def _follow(self, player: int, action: Action, turn: int, final_round: bool) -> None:
        """`player`'s committed `action` (made in `turn`) is on show: a table still animating it makes it
        `playing` (its turn shown, no input for the next seat) until its animations reach the turn change."""
        self.happenings.put(Playing(player, action, turn, final_round))

    def confirm(self) -> str | None:
        """Commit the finished turn in progress; else why not (None when there is nothing to confirm)."""
        if self.work is not None and self.acting_human() is None:
            p, last, turn, final = self.work_player, self.pending[-1], self.state.turn, self.state.final_round
            self._commit()
            self._follow(p, last, turn, final)
        elif self.work is not None:
            return _("Finish your turn first (search, then buy or end the turn)")
        return None

    def undo(self) -> bool:
        """Take back the last pending action of the turn in progress; False if there is none to take back."""
        if not self.pending or self.undo_blocked:
            return False
        self.playing = None
        self.pending.pop()
        self.next_turn = []  # only the last action can have ended the turn
        self.happenings.put(Untold())
        work = clone(self.state)
        for action in self.pending:
            apply(work, action)
        self.work = work if self.pending else None
        self.autosave()
        return True

    # -- time -------------------------------------------------------------------------------

    def update(self, dt_ms: float, idle: bool) -> None:
        """A frame: `idle` when nothing is on show. A lone human's finished turn commits once shown for
        AUTO_CONFIRM_MS; a bot (or the replay) acts once shown its pause."""
        if not (self.auto_confirm and self.awaiting_confirm):
            self.confirm_ms = 0.0
        else:
            if idle:
                self.confirm_ms += dt_ms
            if self.confirm_ms >= AUTO_CONFIRM_MS:
                self._commit()
        self._drive_controllers(dt_ms, idle)

    def _drive_controllers(self, dt_ms: float, idle: bool) -> None:
        if self.work is not None or is_over(self.state):
            return
        p = current_player(self.state)
        controller = self.controllers.get(p) if p is not None else None
        if controller is None or p is None or controller.submits:
            self.bot_idle_ms = 0.0
            return
        action = controller.poll(self.state, p, len(self.actions))
        if not idle:
            self.bot_idle_ms = 0.0
            return
        self.bot_idle_ms += dt_ms
        pause = self.anim_ms(BOT_PAUSE_MS * (0.6 if self.state.phase == "bid" else 1.0))
        if action is not None and self.bot_idle_ms >= pause:
            self.bot_idle_ms = 0.0
            self.submit(action)

    # -- files ------------------------------------------------------------------------------

    def mark_assisted(self) -> None:
        """A hint was shown: the game counts as assisted (and is saved so)."""
        if not self.assisted:
            self.assisted = True
            self.autosave()

    def autosave(self) -> None:
        """Save the game; a save file this app must not overwrite (of a newer format, or unreadable for now)
        is kept, said once."""
        if not self.autosave_enabled:
            return
        try:
            save.save_game(self.state, self.actions, assisted=self.assisted, pending=self.pending)
        except DataError as exc:
            if not self.save_refused:
                self.happenings.put(Notice(_("the game is not saved: {reason}").format(reason=exc)))
            self.save_refused = True
            return
        except OSError as exc:
            self.happenings.put(Notice(_("could not save the game to {path}: {reason}").format(
                path=save.save_path(), reason=os_problem(exc))))
        self.save_refused = False

    def finish(self) -> str | None:
        """The game is over and shown: count it in the records, write its replay and forget the save (never one
        it was refused to overwrite); the replay's path."""
        if not self.autosave_enabled:
            return None
        for problem in record_game(self.state, self.assisted):
            self.happenings.put(Notice(problem))
        path = self.write_replay()
        if not self.save_refused:
            save.delete_save()
        return path

    def write_replay(self) -> str | None:
        """Write the game to a new file in the replays folder; its path (None, with a notice, if that failed)."""
        stem = f"arzium-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            path = write_new_replay(replays_dir(), stem, self.replay_file())
        except OSError as exc:
            self.happenings.put(Notice(_("could not write the replay {path}: {reason}").format(
                path=f"{replays_dir() / stem}.json", reason=os_problem(exc))))
            return None
        return str(path)

    def replay_file(self, **meta: object) -> Replay:
        """The game as a replay file, its meta saying who played, how it ended (and `meta`)."""
        return replay_from(self.state, self.actions).to_file({
            "players": [s.name for s in self.seats], "turns": self.state.turn, "assisted": self.assisted,
            **result_meta(self.state), **meta})

    def leave(self) -> None:
        """The game is left: stop the bots' work."""
        for controller in set(self.controllers.values()):
            controller.stop()


def bot_spec(state: GameState, seat: int, level: str | None = None) -> BotSpec:
    """The bot of `seat` in the game `state` was dealt from (its level from the setup, or `level`), seeded
    from the game's seed."""
    return BotSpec(level or state.setup.seats[seat].bot_level, state.seed * 31 + seat * 7919 + 1)


def seat_bot(state: GameState, seat: int, level: str | None = None) -> BotController:
    """`bot_spec`'s bot, thinking in the worker."""
    return BotController(bot_spec(state, seat, level))
