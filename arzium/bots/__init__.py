"""Arzium bots: every bot has `decide(state, seat) -> Action`, deterministic from its seed.

Levels: "easy" (a sensible beginner), "normal" (the greedy bot; "greedy" is the same), "hard"
(Monte Carlo tree search), and "random" (uniform legal moves, for tests). `hint(state)` is the hard
bot's move for the player to act.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from arzium.bots.easy import EasyBot
from arzium.bots.greedy import GreedyBot
from arzium.bots.hard import DEFAULT_ITERATIONS, HardBot, hint
from arzium.bots.random_bot import RandomBot
from arzium.rules import Action, GameState


class Bot(Protocol):
    """The player interface bots share with the scenes."""

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now; `state` is not modified."""
        ...


BOT_LEVELS: dict[str, Callable[[random.Random], Bot]] = {
    "easy": EasyBot, "normal": GreedyBot, "greedy": GreedyBot, "hard": HardBot, "random": RandomBot}
LEVELS = ("easy", "normal", "hard")  # the levels a player chooses from, weakest first


def make_bot(level: str, seed: int, iterations: int | None = None, max_seconds: float | None = None) -> Bot:
    """A bot of `level` (see `BOT_LEVELS`) with its own generator seeded by `seed`.

    `iterations` sets the hard bot's search budget per decision (default `DEFAULT_ITERATIONS`);
    `max_seconds` optionally caps it by wall-clock time (then a decision that hits
    the cap is no longer reproducible). Other levels ignore both.
    """
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    if factory is HardBot:
        return HardBot(random.Random(seed), iterations or DEFAULT_ITERATIONS, max_seconds)
    return factory(random.Random(seed))


__all__ = ["BOT_LEVELS", "DEFAULT_ITERATIONS", "LEVELS", "Bot", "EasyBot", "GreedyBot", "HardBot", "RandomBot",
           "hint", "make_bot"]
