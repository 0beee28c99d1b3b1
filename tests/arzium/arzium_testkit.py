"""Helpers to build exact Arzium states for the rule tests (card data with chosen patterns/coins)."""
from __future__ import annotations

import copy
import json
from functools import lru_cache

from arzium.rules.board import DEFAULT_EDGES
from arzium.rules.builders import Party, set_party
from arzium.rules.cards import CARDS_PATH, CardSet, cards_from_dict
from arzium.rules.state import GameState, SeatSetup, Setup, new_game

COLOURS = ("red", "blue", "green", "yellow")


@lru_cache(maxsize=1)
def shipped_data() -> dict:
    with open(CARDS_PATH, encoding="utf-8") as f:
        return json.load(f)


def data_copy() -> dict:
    return copy.deepcopy(shipped_data())


def make_cards(patterns: dict[str, list[str]] | None = None, coins: dict[str, list[list[int]]] | None = None,
               points: dict[str, int] | None = None) -> CardSet:
    """The shipped cards with every land coin-free, then the given patterns/coins/points per card id."""
    data = data_copy()
    for c in data["characters"]:
        c["land"]["coins"] = [[0, 0], [0, 0], [0, 0]]
        if patterns and c["id"] in patterns:
            c["pattern"] = patterns[c["id"]]
        if coins and c["id"] in coins:
            c["land"]["coins"] = coins[c["id"]]
        if points and c["id"] in points:
            c["points"] = points[c["id"]]
    return cards_from_dict(data, "test cards")


def make_setup(n: int = 2, full: bool = False, first: int = 0, edges: tuple[str, ...] | None = None) -> Setup:
    """Seats P0.. in the first colours on `edges` (default: the default edges for `n`)."""
    edges = edges or DEFAULT_EDGES[n]
    return Setup(tuple(SeatSetup(f"P{i}", COLOURS[i], edges[i]) for i in range(n)), full, first)


def make_state(n: int = 2, full: bool = False, cards: CardSet | None = None, seed: int = 0, first: int = 0,
               edges: tuple[str, ...] | None = None) -> GameState:
    """A fresh game on coin-free lands (unless `cards` says otherwise), markers off the map."""
    return new_game(make_setup(n, full, first, edges), seed, cards or make_cards())


def set_characters(state: GameState, p: int, cards: list[str], face_up: list[bool] | None = None) -> None:
    """`p`'s characters become `cards` (artifacts and coins kept)."""
    ps = state.players[p]
    set_party(state, p, Party(tuple(cards), None if face_up is None else tuple(face_up),
                              tuple(ps.artifacts), tuple(ps.artifacts_up)))


def give_artifacts(state: GameState, p: int, artifacts: list[str], up: list[bool] | None = None) -> None:
    """`p`'s artifacts become `artifacts` (characters and coins kept)."""
    ps = state.players[p]
    set_party(state, p, Party(tuple(ps.cards), tuple(ps.face_up), tuple(artifacts),
                              None if up is None else tuple(up)))



def artifact_of(state: GameState, ability: str, nth: int = 0) -> str:
    ids = [a for a in state.cards.artifact_ids if state.cards.artifact(a).ability == ability]
    return ids[nth]


def sq(row: int, col: int) -> int:
    return row * 6 + col


def play_random(n: int, full: bool, seed: int, max_actions: int | None = None):
    """A seeded random game on the shipped cards: (state, actions, events), stopped after `max_actions`."""
    import random

    from arzium.rules.engine import apply, is_over, legal_actions
    from arzium.rules.state import default_setup

    state = new_game(default_setup(n, full), seed)
    rng = random.Random(seed)
    actions, events = [], []
    while not is_over(state) and (max_actions is None or len(actions) < max_actions):
        action = rng.choice(legal_actions(state))
        events.extend(apply(state, action))
        actions.append(action)
    return state, actions, events
