"""Who plays each seat, behind one interface: a person whose actions come through `Match.submit` (at this
screen, or at the server for a person connected to the room), a bot, a replay, or a person elsewhere whose
committed actions a room sends.

The match asks `poll(state, seat, key)` each frame for a seat that does not submit; the first call starts
the work, later calls return None until the action is ready. `key` names the decision (how many actions the
game has committed), so an answer to an older question is never used.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from arzium.bots import make_bot
from arzium.rules.actions import Action, ActionJSON, action_from_json
from arzium.rules.state import GameState, clone
from arzium.thinking import THINK_LIMIT_S, BotSpec, Task, decide_job, decision_seed, state_job_args
from common.data.i18n import _


class Controller(Protocol):
    """A seat's player, as the match sees it."""

    @property
    def submits(self) -> bool:
        """Whether the seat's actions come through `Match.submit`, a turn in progress that can be undone until
        confirmed (a person); else `poll` brings committed actions."""
        ...

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        """The seat's action for decision `key`, or None while it is not ready."""
        ...

    def stop(self) -> None:
        """Forget any work in progress (the game is left)."""
        ...


class Person:
    """A person: their actions come through `Match.submit`."""

    submits = True

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        return None

    def stop(self) -> None:
        """Nothing runs in the background."""


class BotController:
    """Runs the bot's decision in the worker on a copy of the state, so the window (or the server's event loop)
    never waits."""

    submits = False

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec
        self.asked = 0  # questions sent to the worker so far (one a decision; a bench counts them)
        self._key: int | None = None
        self._task: Task[ActionJSON] | None = None

    @property
    def thinking(self) -> bool:
        return self._task is not None and not self._task.done

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        if self._task is not None and self._key == key:
            try:
                value = self._task.result()
            except Exception as exc:
                raise RuntimeError(_("bot failed: {reason}").format(reason=exc)) from exc
            return action_from_json(value) if value is not None else None
        if self.thinking:  # still busy with an older question; ask again later
            return None
        self._key = key
        self._task = Task(decide_job, self.spec, seat, key, *state_job_args(state))
        self.asked += 1
        return None

    def stop(self) -> None:
        """Forget the question in progress (the game is left)."""
        if self._task is not None:
            self._task.cancel()
        self._task, self._key = None, None


class InlineBot:
    """A cheap bot (Easy, Normal: a millisecond or two a decision, 20 ms at most) deciding at once on the
    caller's thread, as `BotController`'s worker would (same seed per decision): the room server's bot for a
    person away, where a trip to the worker process would cost more than the thinking."""

    submits = False

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        bot = make_bot(self.spec.level, decision_seed(self.spec.seed, key), self.spec.iterations, THINK_LIMIT_S)
        return bot.decide(clone(state), seat)

    def stop(self) -> None:
        """Nothing runs in the background."""


class ReplayController:
    """Plays back recorded actions in order, whoever's turn it is."""

    submits = False

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        return self.actions[key] if key < len(self.actions) else None

    def stop(self) -> None:
        """Nothing runs in the background."""


class RemotePerson:
    """People elsewhere (one controller for all their seats): the actions a room committed, by number, with the
    cards each batch turned up (put on top of the decks when the batch's first action is asked for, so the
    rules draw what the server drew)."""

    submits = False

    def __init__(self, before: int = 0) -> None:
        """`before`: how many actions the room had committed before the state the match started from (a
        `game` frame's `seq`): the match's decision `key` is the room's action number less that."""
        self.before = before
        self.actions: dict[int, Action] = {}
        self.reveals: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def push(self, first: int, actions: Sequence[Action], lands: Sequence[str] = (), artifacts: Sequence[str] = ()) \
            -> None:
        """Committed actions numbered from `first` (0-based: the number of actions the room had before them),
        and the cards they drew in the order drawn."""
        for i, action in enumerate(actions):
            self.actions[first + i] = action
        if lands or artifacts:
            self.reveals[first] = (tuple(lands), tuple(artifacts))

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        """The committed action `key`, asked again until the match takes it (it waits while the table is still
        showing something), so it is kept until a later one is asked for."""
        number = key + self.before
        for done in [k for k in self.actions if k < number]:
            del self.actions[done]
        action = self.actions.get(number)
        if action is not None and number in self.reveals:
            lands, artifacts = self.reveals.pop(number)
            put_on_top(state, lands, artifacts)
        return action

    def stop(self) -> None:
        """Nothing runs in the background."""


def put_on_top(state: GameState, lands: Sequence[str], artifacts: Sequence[str]) -> None:
    """Move the cards `lands` and `artifacts` (in the order they will be drawn) to the top of their decks; a
    card not in its deck is an error (the view and the server differ)."""
    for deck, cards in ((state.deck, lands), (state.art_deck, artifacts)):
        for card in cards:
            deck.remove(card)  # ValueError: not in this deck
        deck.extend(reversed(cards))
