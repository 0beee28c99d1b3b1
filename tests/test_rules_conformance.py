"""Both games' rules through the one `GameRules` Protocol: seeded random playouts with invariants,
determinism, clone independence and an exact to_dict/from_dict round trip after every action."""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, TypeVar, get_args

import pytest

import arenas.rules as arenas_rules
import arzium.rules as arzium_rules
from common.rules_api import GameRules, IllegalAction

S = TypeVar("S")
U = TypeVar("U")
A = TypeVar("A")
E = TypeVar("E")

ARENAS: GameRules[arenas_rules.GameState, arenas_rules.Setup, arenas_rules.Action, arenas_rules.Event] = arenas_rules
ARZIUM: GameRules[arzium_rules.GameState, arzium_rules.Setup, arzium_rules.Action, arzium_rules.Event] = arzium_rules
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


def _arenas_time(state: arenas_rules.GameState, rng: random.Random) -> None:
    """Sand flows between the cards of Arenas (the Protocol's actions are the cards alone)."""
    arenas_rules.advance(state, rng.randint(0, 6_000))


ARENAS_LEVELS = [lv for lv in arenas_rules.load_levels() if lv.number in (1, 9, 17, 21)]


@pytest.mark.parametrize("seed", range(8), ids=lambda s: f"seed{s}")
def test_arenas_playouts_conform(seed: int) -> None:
    level = ARENAS_LEVELS[seed % len(ARENAS_LEVELS)]
    setup = arenas_rules.Setup(level, tuple(f"P{i}" for i in range(1 + seed % 4)), seed % (1 + seed % 4),
                               100 if seed % 3 else 70)
    first = playout(ARENAS, setup, seed, _arenas_time)
    assert playout(ARENAS, setup, seed, _arenas_time) == first, f"seed {seed}: not deterministic"
    assert len(first) > 1


@pytest.mark.parametrize("seed", range(4), ids=lambda s: f"seed{s}")
def test_arzium_playouts_conform(seed: int) -> None:
    setup = arzium_rules.default_setup(2 + seed % 3, full_game=seed % 2 == 1)
    first = playout(ARZIUM, setup, seed)
    assert playout(ARZIUM, setup, seed) == first, f"seed {seed}: not deterministic"
    assert len(first) > 1


def test_both_games_raise_the_one_illegal_action() -> None:
    assert arenas_rules.IllegalAction is arzium_rules.IllegalAction is IllegalAction


@pytest.mark.parametrize("rules", [arenas_rules, arzium_rules], ids=["arenas", "arzium"])
def test_the_event_union_is_closed_over_every_event_class(rules: Any) -> None:
    assert get_args(rules.AnyEvent) == rules.EVENT_TYPES
    assert {c.__name__ for c in rules.EVENT_TYPES} == {c.__name__ for c in rules.Event.__subclasses__()}
