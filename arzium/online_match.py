"""A game of Arzium in an online room, as one member's app plays it (no pygame): the shared `Match`, fed by
the room's frames. The other seats are `RemotePerson`s whose committed actions arrive numbered, with the
cards they drew; this app's seat (if it has one) is a `Person` whose turn in progress is played here for
the screen and sent to the server action by action, Undo and Confirm included.

The server holds the truth and the face-down cards: this app's view has its decks in a canonical order, so
an action of its own that would draw a card is not played here but waits for the server's update; and a
turn is committed here only as the server committed it (its actions, with the cards they drew, applied to
the committed view). What the screen was already told of the turn in progress is kept (the same events),
and what the turn held back (the next turn's start, a bought artifact's replacement) is told then.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from arzium.match import Committed, Match, Refused, Told, Untold, _held_back, _unveils
from arzium.room import digest, view_of, view_state
from arzium.rules.actions import Action, action_from_json
from arzium.rules.engine import apply, current_player
from arzium.rules.events import Event
from arzium.rules.state import GameState, clone
from arzium.seats import Controller, Person, RemotePerson, put_on_top
from common.data.rules_api import IllegalAction
from common.net.messages import ClientMessage, Received

Send = Callable[[ClientMessage], None]


class OnlineMatch(Match):
    """The `Match` of a room's game for the member at `seat` (None: watching), from the `game` frame's view
    (`state`, after `seq` actions). Give it the room's frames with `absorb`; it sends this seat's `act`,
    `undo` and `confirm` through `send`."""

    def __init__(self, state: GameState, seq: int, seat: int | None, anim_ms: Callable[[float], float],
                 send: Send) -> None:
        self.remote = RemotePerson()
        controllers: dict[int, Controller] = dict.fromkeys(range(len(state.setup.seats)), self.remote)
        if seat is not None:
            controllers[seat] = Person()
        super().__init__(state, anim_ms, autosave=False, controllers=controllers)
        # a turn stands by itself only for one person against bots: with another person at the table it is
        # undone until its player confirms it
        self.auto_confirm = seat is not None and all(s.kind == "bot" for i, s in enumerate(self.seats) if i != seat)
        self.base = seq  # actions before this app's view began (numbered 1..seq on the server)
        self.seat = seat
        self.send = send
        self.waiting = False  # an action of this seat went to the server and its answer decides what follows
        self.batches: deque[tuple[int, int, list[Action], tuple[str, ...], tuple[str, ...]]] = deque()
        self.adopting = False
        self.unanswered = 0  # this seat's inputs sent whose `turn` or `refused` reply has not come yet
        self.server_turn: list[Action] = []  # this seat's turn in progress as the server last told it
        self.check: tuple[int, str] | None = None  # the last update's number and digest, compared once reached
        self.desynced = False  # this view and the server's differ: the game must be taken again (`take_again`)

    @property
    def number(self) -> int:
        """How many actions the game has committed (the server's numbering)."""
        return self.base + len(self.actions)

    # -- this seat ---------------------------------------------------------------------------------

    def acting_human(self) -> int | None:
        return None if self.waiting else super().acting_human()

    def elsewhere(self, seat: int) -> bool:
        """Whether a person on another screen plays `seat` (a person's seat that is not this member's)."""
        return seat != self.seat and self.seats[seat].kind != "bot"

    def _play(self, action: Action) -> bool:
        p = self.acting_human()
        if p is None:
            return False
        trial = clone(self.work if self.work is not None else self.state)
        try:
            events = apply(trial, action)
        except IllegalAction as exc:
            self.happenings.put(Refused(exc.reason))
            return False
        self._send({"kind": "act", "action": dict(action.to_json())})
        held = next((i for i, e in enumerate(events) if _held_back(e)), len(events))
        if any(_unveils(e) for e in events[:held]) or p != self.state.active:
            self.waiting = True  # it draws a card, or a bid out of turn stands at once: the server's update follows
            return True
        return super()._play(action)

    def _commit(self) -> None:
        if self.work is not None and not self.adopting:
            if not self.waiting:
                self._send({"kind": "confirm"})  # committed here when the server's update brings it
                self.waiting = True
            return
        super()._commit()

    def undo(self) -> bool:
        if self.waiting or not super().undo():
            return False
        self._send({"kind": "undo"})
        return True

    def _send(self, msg: ClientMessage) -> None:
        self.unanswered += 1
        self.send(msg)

    def mark_assisted(self) -> None:
        """A hint was shown to this seat: the room records it for this seat (the replay says so)."""
        if not self.assisted and self.seat is not None:
            self.send({"kind": "assist"})  # answered by nothing: it is stored with the game's inputs
        super().mark_assisted()

    def resume_pending(self, actions: Sequence[Action]) -> None:
        """This seat's turn in progress as the server holds it (after a rejoin), played here again unsent."""
        self._retell_turn(list(actions))

    # -- the room's frames -------------------------------------------------------------------------

    def absorb(self, msg: Received) -> None:
        """A game frame of the room: `update` (committed actions, queued in order), `turn` (this seat's turn in
        progress as the server holds it) or `refused`."""
        match msg.get("kind"):
            case "update":
                reveal = msg.get("reveal") or {}
                if isinstance(msg.get("seq"), int) and isinstance(msg.get("digest"), str):
                    self.check = (msg["seq"], msg["digest"])
                lands, artifacts = tuple(reveal.get("lands", ())), tuple(reveal.get("artifacts", ()))
                self.note_bots(msg.get("bots"))
                known = self.number + sum(len(q[2]) for q in self.batches)
                for n, seat, action in msg.get("actions", []):
                    if int(n) <= known:
                        continue  # told before (a repeated frame after a reconnect)
                    last = self.batches[-1] if self.batches else None
                    if last is not None and last[1] == seat and last[0] + len(last[2]) == n:
                        # the same seat's next move, still queued: one batch, the cards they drew in the order drawn
                        last[2].append(action_from_json(action))
                        self.batches[-1] = (*last[:3], (*last[3], *lands), (*last[4], *artifacts))
                    else:
                        self.batches.append((int(n), int(seat), [action_from_json(action)], lands, artifacts))
                    lands, artifacts = (), ()  # the cards drawn go on top once, before the first draw
                    known = int(n)
            case "turn":
                self.unanswered = max(0, self.unanswered - 1)
                self.server_turn = [action_from_json(a) for a in msg.get("actions", [])]
                self._agree()
            case "refused":
                self.unanswered = max(0, self.unanswered - 1)
                self.waiting = False
                self.happenings.put(Refused(str(msg.get("reason", ""))))
                self._agree()

    def note_bots(self, bots: object) -> None:
        """The actions a person's seat's bot made, as a frame lists them ([[n, "clock" | "away"], ...])."""
        if isinstance(bots, list):
            for entry in bots:
                if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and \
                        entry[1] in ("clock", "away"):
                    self.bot_moves[entry[0] - self.base] = entry[1]

    def update(self, dt_ms: float, idle: bool) -> None:
        self._take_batches()
        super().update(dt_ms, idle)
        if self.check is not None and self.number >= self.check[0] and self.work is None:
            seq, told = self.check
            self.check = None
            if seq == self.number and digest(view_of(self.state)) != told:
                self.desynced = True

    def _agree(self) -> None:
        """Once every input of this seat is answered, the turn in progress shown is the server's."""
        if self.unanswered == 0 and not self.batches and not self.waiting and self.server_turn != self.pending:
            self._retell_turn(self.server_turn)

    def _take_batches(self) -> None:
        """Hand the queued batches on in order: the other seats' to their controller (played at the table's
        pace), this seat's committed here at once."""
        while self.batches:
            first, seat, actions, lands, artifacts = self.batches[0]
            if first - 1 > self.number:
                return  # the previous batch is still being played
            if self.seat is not None and seat == self.seat:
                self.batches.popleft()
                try:
                    self._adopt(actions, lands, artifacts)
                except (IllegalAction, ValueError):  # not this view's to play: it is out of step with the room's
                    self.desynced = True
                    self.batches.clear()
                    return
                continue
            if self.work is not None:
                return  # this seat's turn in progress is on show: the server's word on it comes first
            self.batches.popleft()
            self.remote.push(first - 1 - self.base, actions, lands, artifacts)
            return

    def _adopt(self, actions: Sequence[Action], lands: Sequence[str], artifacts: Sequence[str]) -> None:
        """This seat's actions as the server committed them: the turn in progress is kept where it agrees."""
        pending = list(self.pending)
        agrees = actions[:len(pending)] == pending
        if not agrees:
            self._retell_turn([])
        state = clone(self.state)
        put_on_top(state, lands, artifacts)
        told = len(pending) if agrees else 0
        player = self.seat if self.seat is not None else 0
        turn, final = self.state.turn, self.state.final_round
        for i, action in enumerate(actions):
            events = apply(state, action)
            if i < told:
                held = next((k for k, e in enumerate(events) if _held_back(e)), len(events))
                events = events[held:]
            if events:
                self.happenings.put(Told(events, state.turn, False, (len(self.actions) + i + 1, player)))
        self.adopting = True
        self.server_turn = []
        self.work, self.pending, self.next_turn = None, [], []
        self.state = state
        self.actions.extend(actions)
        self.adopting = False
        self.waiting = False
        self.happenings.put(Committed())
        if actions:
            self._follow(player, actions[-1], turn, final)

    def _retell_turn(self, actions: list[Action]) -> None:
        """Replace the turn in progress shown with `actions` (the server's)."""
        for _action in self.pending:
            self.happenings.put(Untold())
        self.work, self.pending, self.next_turn = None, [], []
        self.waiting = False
        for action in actions:
            if not Match._play(self, action):
                break


def story_events(frame: Received) -> tuple[int, list[tuple[list[Event], int]]] | None:
    """What a `game` frame's story tells of the moves so far: how many earlier moves it leaves out, then each
    move's events with the turn after it. None when the frame has no story, or its story does not lead to the
    frame's view (the digest differs): the frame is then taken without it."""
    story = frame.get("story")
    if not isinstance(story, dict):
        return None
    try:
        state = view_state(story["view"])
        told: list[tuple[list[Event], int]] = []
        for _n, action, lands, artifacts in story["moves"]:
            put_on_top(state, lands, artifacts)
            told.append((apply(state, action_from_json(action)), state.turn))
        first = story["seq"]
        if not isinstance(first, int) or first + len(told) != frame.get("seq") or \
                digest(view_of(state)) != frame.get("digest"):
            return None
    except (KeyError, TypeError, ValueError, IllegalAction):
        return None
    return first, told


def last_move_of(frame: Received, seat: int) -> int | None:
    """The number of `seat`'s last move in a `game` frame's story (None: none told, or no story that fits)."""
    story = frame.get("story")
    if not isinstance(story, dict) or story_events(frame) is None:
        return None
    state = view_state(story["view"])
    last = None
    for n, action, lands, artifacts in story["moves"]:
        mover = current_player(state)
        put_on_top(state, lands, artifacts)
        apply(state, action_from_json(action))
        if mover == seat:
            last = int(n)
    return last
