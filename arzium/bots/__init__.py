"""Arzium bots: every bot has `decide(state, seat) -> Action`, deterministic from its seed."""
from __future__ import annotations

import random
from typing import Protocol

from arzium.bots.greedy import GreedyBot
from arzium.bots.random_bot import RandomBot
from arzium.rules import Action, GameState


class Bot(Protocol):
    """The player interface bots share with the scenes."""

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now; `state` is not modified."""
        ...


BOT_LEVELS: dict[str, type] = {"greedy": GreedyBot, "random": RandomBot}


def make_bot(level: str, seed: int) -> Bot:
    """A bot of `level` ("greedy", "random") with its own generator seeded by `seed`."""
    try:
        cls = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    return cls(random.Random(seed))
