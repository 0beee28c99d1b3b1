"""A bot that picks uniformly among the legal actions: for tests, playouts and as a sparring partner."""
from __future__ import annotations

import random

from arzium.rules.actions import Action
from arzium.rules.engine import legal_actions
from arzium.rules.state import GameState


class RandomBot:
    """Random legal moves, reproducible from its seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, state: GameState, seat: int) -> Action:
        """One of `seat`'s legal actions, chosen at random (`seat` must be the current player)."""
        return self.rng.choice(legal_actions(state))
