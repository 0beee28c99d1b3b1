"""Both games' rules through the one `GameRules` shape: seeded random playouts with invariants,
determinism, clone independence and an exact to_dict/from_dict round trip after every action."""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, TypeVar, get_args

import pytest

from arenas.rules import actions as arenas_actions
from arenas.rules import engine as arenas_engine
from arenas.rules import events as arenas_events
from arenas.rules import state as arenas_state
from arenas.rules.levels import load_levels
from arzium.rules import actions as arzium_actions
from arzium.rules import engine as arzium_engine
from arzium.rules import events as arzium_events
from arzium.rules import state as arzium_state
from arzium.rules.score import outcome as arzium_outcome
from common.data.rules_api import GameRules, IllegalAction

S = TypeVar("S")
U = TypeVar("U")
A = TypeVar("A")
E = TypeVar("E")

ARENAS: GameRules[arenas_state.GameState, arenas_state.Setup, arenas_actions.Action, arenas_events.Event] = GameRules(
    arenas_state.new_game, arenas_engine.legal_actions, arenas_engine.apply, arenas_engine.is_over,
    arenas_engine.outcome, arenas_state.to_dict, arenas_state.from_dict, arenas_state.clone)
ARZIUM: GameRules[arzium_state.GameState, arzium_state.Setup, arzium_actions.Action, arzium_events.Event] = GameRules(
    arzium_state.new_game, arzium_engine.legal_actions, arzium_engine.apply, arzium_engine.is_over,
    arzium_outcome, arzium_state.to_dict, arzium_state.from_dict, arzium_state.clone)
MAX_STEPS = 400


def playout(rules: GameRules[S, U, A, E], setup: U, seed: int,
            between: Callable[[S, random.Random], object] | None = None) -> list[dict[str, Any]]:
    """Play random legal actions from the deal of (`setup`, `seed`), checking after every one; the states seen."""
    rng = random.Random(seed)
    state = rules.new_game(setup, seed)
    seen = [rules.to_dict(state)]
    for step in range(MAX_STEPS):
        if between is not None:
            between(state, rng)
        legal = rules.legal_actions(state)
        assert rules.is_over(state) == (not legal), f"seed {seed} step {step}: over iff nothing is legal"
        if not legal:
            break
        action = rng.choice(list(legal))
        before = rules.to_dict(state)
        twin = rules.clone(state)
        events = rules.apply(state, action)
        assert events, f"seed {seed} step {step}: {action!r} reported no event"
        assert rules.to_dict(twin) == before, f"seed {seed} step {step}: the clone changed with the original"
        rules.apply(twin, action)
        data = json.loads(json.dumps(rules.to_dict(state)))
        assert rules.to_dict(twin) == data, f"seed {seed} step {step}: the same action on a clone differs"
        assert rules.to_dict(rules.from_dict(data)) == data, f"seed {seed} step {step}: round trip differs"
        seen.append(data)
    assert rules.is_over(state), f"seed {seed}: no end after {MAX_STEPS} actions"
    final = rules.to_dict(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, action)
    assert rules.to_dict(state) == final, f"seed {seed}: a refused action changed the state"
    assert rules.outcome(state) is not None
    return [*seen, final]


def _arenas_time(state: arenas_state.GameState, rng: random.Random) -> None:
    """Sand flows between the cards of Arenas (the rules' actions are the cards alone)."""
    arenas_engine.advance(state, rng.randint(0, 6_000))


ARENAS_LEVELS = [lv for lv in load_levels() if lv.number in (1, 9, 17, 21)]


@pytest.mark.parametrize("seed", range(8), ids=lambda s: f"seed{s}")
def test_arenas_playouts_conform(seed: int) -> None:
    level = ARENAS_LEVELS[seed % len(ARENAS_LEVELS)]
    setup = arenas_state.Setup(level, tuple(f"P{i}" for i in range(1 + seed % 4)), seed % (1 + seed % 4),
                               100 if seed % 3 else 70)
    first = playout(ARENAS, setup, seed, _arenas_time)
    assert playout(ARENAS, setup, seed, _arenas_time) == first, f"seed {seed}: not deterministic"
    assert len(first) > 1


@pytest.mark.parametrize("seed", range(4), ids=lambda s: f"seed{s}")
def test_arzium_playouts_conform(seed: int) -> None:
    setup = arzium_state.default_setup(2 + seed % 3, full_game=seed % 2 == 1)
    first = playout(ARZIUM, setup, seed)
    assert playout(ARZIUM, setup, seed) == first, f"seed {seed}: not deterministic"
    assert len(first) > 1


def test_both_games_raise_the_one_illegal_action() -> None:
    assert arenas_actions.IllegalAction is arzium_actions.IllegalAction is IllegalAction


@pytest.mark.parametrize("events", [arenas_events, arzium_events], ids=["arenas", "arzium"])
def test_the_event_union_is_closed_over_every_event_class(events: Any) -> None:
    assert get_args(events.AnyEvent) == events.EVENT_TYPES
    assert {c.__name__ for c in events.EVENT_TYPES} == {c.__name__ for c in events.Event.__subclasses__()}
