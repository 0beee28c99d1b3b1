"""Arzium bots: every bot has `decide(state, seat) -> Action`, deterministic from its seed.

Levels: "easy" (a sensible beginner), "normal" (the greedy bot; "greedy" is the same), "hard"
(Monte Carlo tree search against the clock) and "random" (uniform legal moves, for tests). `hint(state)` is
the hard bot's move for the player to act.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from arzium.bots.easy import EasyBot
from arzium.bots.greedy import GreedyBot
from arzium.bots.hard import DEFAULT_ITERATIONS, MAX_ITERATIONS, THINK_SECONDS, HardBot, hint
from arzium.bots.random_bot import RandomBot
from arzium.rules.actions import Action
from arzium.rules.state import GameState


class Bot(Protocol):
    """The player interface bots share with the scenes."""

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now; `state` is not modified."""
        ...


BOT_LEVELS: dict[str, Callable[[random.Random], Bot]] = {
    "easy": EasyBot, "normal": GreedyBot, "greedy": GreedyBot, "hard": HardBot, "random": RandomBot}
HARD_LEVELS = ("hard",)  # the levels that take an iteration budget and a time cap
LEVELS = ("easy", "normal", "hard")  # the levels a player chooses from, weakest first


def make_bot(level: str, seed: int, iterations: int | None = None, max_seconds: float | None = None) -> Bot:
    """A bot of `level` (see `BOT_LEVELS`) with its own generator seeded by `seed`.

    `iterations` sets a hard bot's search budget per decision and `max_seconds` caps it by wall-clock
    time (a decision that hits the cap is no longer reproducible). Without either, "hard" thinks up
    to `THINK_SECONDS` (at most `MAX_ITERATIONS` iterations); with only `iterations`, "hard" runs exactly
    that many (reproducible). Other levels ignore both.
    """
    try:
        factory = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    rng = random.Random(seed)
    if level == "hard":
        if iterations is None and max_seconds is None:
            max_seconds = THINK_SECONDS
        return HardBot(rng, iterations or MAX_ITERATIONS, max_seconds)
    return factory(rng)


__all__ = ["BOT_LEVELS", "DEFAULT_ITERATIONS", "HARD_LEVELS", "LEVELS", "MAX_ITERATIONS", "THINK_SECONDS", "Bot",
           "EasyBot", "GreedyBot", "HardBot", "RandomBot", "hint", "make_bot"]
