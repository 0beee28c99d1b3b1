"""The person model: a team-mate that plays like a person, for the difficulty labels of the levels.

The expert `TeammateBot` knows every timer's sand to the millisecond and reacts in about a second.
A person does not: `PersonBot` reacts after a delay drawn per turn (`PersonModel.reaction_ms`),
looks at a waiting board again only every `rethink_ms`, reads each timer's sand by eye (a fresh
error at every look, rounded to whole `sand_step_ms`: its spread is `sand_error_pct` of the sand
left, between `sand_error_floor_ms` and `sand_error_ms`, since a glass about to run dry is watched
closely and read well while a half-full one is only guessed), and now and then plays a card without
thinking (`misplay_pct`: any card of the hand, so a wild no more often than another card). What it
does with what it sees is the expert's judgement, with its team-mates expected to take as long as
itself.

The bot never reads the exact sand: it plans on a copy of the game whose timers hold its readings
(`perceived`). Deterministic: the same seed gives the same delays, readings and misplays.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from arenas.bots.teammate import TURN_ESTIMATE_PCT, TeammateBot
from arenas.rules.actions import Action
from arenas.rules.engine import is_over, legal_actions
from arenas.rules.state import GameState, TimerState, clone


@dataclass(frozen=True, slots=True)
class PersonModel:
    """How a person plays: reaction delays, how well they read sand, how often they misplay."""

    reaction_ms: tuple[int, int] = (2_000, 4_000)  # drawn uniformly at the start of every turn
    rethink_ms: int = 1_000  # a person who waits looks at the board again after this long
    sand_error_ms: int = 2_500  # standard deviation of a reading by eye, at most (a glass with much sand left)
    sand_error_pct: int = 10  # ... and at least this share of the sand left: an emptying glass is read closely
    sand_error_floor_ms: int = 500  # the spread of reading a glass about to run dry
    sand_step_ms: int = 1_000  # readings come in whole seconds
    caution_ms: int = 2_000  # knowing their eye, a person plans as if every glass held this much less
    misplay_pct: float = 4.0  # chance that a card the person plays is any legal card instead

    def to_json(self) -> dict[str, object]:
        """The parameters as JSON (written into the proof file beside the tables)."""
        return {"reaction_ms": list(self.reaction_ms), "rethink_ms": self.rethink_ms,
                "sand_error_ms": self.sand_error_ms, "sand_error_pct": self.sand_error_pct,
                "sand_error_floor_ms": self.sand_error_floor_ms, "sand_step_ms": self.sand_step_ms,
                "caution_ms": self.caution_ms, "misplay_pct": self.misplay_pct}


PERSON = PersonModel()


class PersonBot:
    """Plays `seat` like a person (see the module docstring); `team` are the seats people play."""

    def __init__(self, seat: int, seed: int, team: frozenset[int], model: PersonModel = PERSON) -> None:
        self.seat = seat
        self.model = model
        self.rethink_ms = model.rethink_ms
        self.rng = random.Random(seed)
        self.planner = TeammateBot(seat)
        self.planner.rethink_ms = model.rethink_ms
        self.planner.turn_ms = sum(model.reaction_ms) * TURN_ESTIMATE_PCT // 200  # team-mates as slow as oneself

    def delay_ms(self) -> int:
        """The reaction delay of the turn starting now, drawn from `PersonModel.reaction_ms`."""
        return self.rng.randint(*self.model.reaction_ms)

    def read_sand(self, timer: TimerState) -> int:
        """One look at `timer`: its sand in ms as a person reads it (never empty, never over full)."""
        step = self.model.sand_step_ms
        spread = min(self.model.sand_error_ms,
                     max(self.model.sand_error_floor_ms, timer.remaining_ms * self.model.sand_error_pct // 100))
        seen = round((timer.remaining_ms + self.rng.gauss(0.0, spread)) / step) * step
        return min(timer.capacity_ms, max(step // 2, seen))

    def perceived(self, state: GameState) -> GameState:
        """The game as the person plans on it now: a copy whose timers hold this look's readings,
        less the person's caution."""
        seen = clone(state)
        for timer in seen.timers.values():
            timer.remaining_ms = max(self.model.sand_step_ms // 2, self.read_sand(timer) - self.model.caution_ms)
        return seen

    def decide(self, state: GameState) -> Action | None:
        """The card this person plays now, or None (not their turn, game over, or they wait)."""
        if is_over(state) or state.active != self.seat:
            return None
        action = self.planner.decide(self.perceived(state))
        if action is not None and self.rng.random() * 100 < self.model.misplay_pct:
            action = self.misplay(state)
        return action

    def misplay(self, state: GameState) -> Action:
        """A card played without thinking: any card of the hand (a wild on any timer it can take)."""
        actions = legal_actions(state)
        index = self.rng.choice(sorted({a.hand_index for a in actions}))
        return self.rng.choice([a for a in actions if a.hand_index == index])
