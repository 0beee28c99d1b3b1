"""The score over a game: every player's points after each turn, from the start and the actions."""
from __future__ import annotations

from collections.abc import Sequence

from arzium.rules.actions import Action
from arzium.rules.engine import apply
from arzium.rules.score import outcome
from arzium.rules.state import GameState, Phase, clone


def points_by_turn(start: GameState, actions: Sequence[Action]) -> tuple[tuple[int, ...], ...]:
    """Per turn, every player's points (cards + artifacts): row 0 at `start`, row k once k turns are over.

    `start` is not changed; the actions are applied to a copy in order (`IllegalAction` if one does not
    fit). A turn still in progress after the last action has no row.
    """
    state = clone(start)
    rows = [_totals(state)]
    for action in actions:
        turn = state.turn
        apply(state, action)
        if state.turn != turn or state.phase == Phase.OVER:
            rows.append(_totals(state))
    return tuple(rows)


def _totals(state: GameState) -> tuple[int, ...]:
    return tuple(s.total for s in outcome(state).scores)
