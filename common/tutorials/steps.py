"""A tutorial as plain data, shared by both games: its steps and the one shown (no pygame, no game).

A `Step` explains one idea. An explain-only step has no `check` and is left with Next; a step with a
`check` waits for an action of the player: the game hands every attempted action to `Script.attempt`,
which asks the check; `OK` moves on, `wrong(why)` keeps the step (the game must not apply the action).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from common.data.i18n import _

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a step's check says of an attempted action: right (`why` is None) or why it is not."""

    why: str | None = None

    @property
    def ok(self) -> bool:
        """True for the action the step waits for."""
        return self.why is None


OK = Verdict()


def wrong(why: str) -> Verdict:
    """The verdict for a wrong action; `why` is a short sentence already translated."""
    return Verdict(why)


@dataclass(frozen=True)
class Step(Generic[A]):
    """One step: an id (saved in the progress file), a title and a body (msgids marked with N_, shown
    through _()), for a waiting step the game's check of an attempted action, and what to do in a few words
    (a msgid too, shown under the body; "" for none)."""

    id: str
    title: str
    body: str
    check: Callable[[A], Verdict] | None = None
    todo: str = ""

    @property
    def waits(self) -> bool:
        """True if the step waits for an action (no Next button)."""
        return self.check is not None


class Script(Generic[A]):
    """A tutorial in progress: its steps and the index of the one shown (`len(steps)` once finished)."""

    def __init__(self, steps: Sequence[Step[A]], index: int = 0) -> None:
        if not steps:
            raise ValueError("a tutorial needs at least one step")
        self.steps = tuple(steps)
        self.index = min(max(0, index), len(self.steps))

    @property
    def finished(self) -> bool:
        """True once the last step is done."""
        return self.index >= len(self.steps)

    @property
    def step(self) -> Step[A]:
        """The step shown (the last one once finished)."""
        return self.steps[min(self.index, len(self.steps) - 1)]

    @property
    def count(self) -> int:
        """How many steps there are."""
        return len(self.steps)

    def next(self) -> bool:
        """Next on an explain-only step: on to the following step; False (nothing changes) on a waiting one."""
        if self.finished or self.step.waits:
            return False
        self.index += 1
        return True

    def attempt(self, action: A) -> Verdict:
        """An action the player tries: the step's verdict; a right one moves on. An explain-only step (or a
        finished script) takes no action."""
        check = None if self.finished else self.step.check
        if check is None:
            return wrong(_("First read this step, then press Next"))
        verdict = check(action)
        if verdict.ok:
            self.index += 1
        return verdict

    def index_of(self, step_id: str) -> int | None:
        """The index of the step with `step_id`, or None (a progress file of another version)."""
        return next((i for i, s in enumerate(self.steps) if s.id == step_id), None)
