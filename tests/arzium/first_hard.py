"""The first Hard bot, a yardstick for changes to the Hard level: a tournament against it tells whether Hard
got stronger. It is not a level of the game: it ships in no package and no player meets it.

It searches like Hard, but spends its whole budget (300 iterations a move unless told), lists every new leaf's
candidates at once, and its rollouts play any search valued at least as high as the first one listed, where
Hard plays the best-valued one. Against it, Hard at the window's 0.8 s cap (2 players, full game):

    python -m tests.arzium.first_hard --seed 11 --games 200 --time-cap 0.8
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from arzium.bots import LEVELS, Bot
from arzium.bots.greedy import GreedyBot
from arzium.bots.hard import DEFAULT_ITERATIONS, HardBot, Node, iterate
from arzium.bots.tournament import format_table, tournament
from arzium.rules.state import GameState

NAME = "hard-v1"


class FirstHardBot(HardBot):
    """The first version of Hard's search (see the module's text)."""

    def _search(self, root: Node, state: GameState, seat: int, rng: random.Random, policy: GreedyBot,
                start: float) -> int:
        deadline = None if self.max_seconds is None else start + self.max_seconds
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            iterate(root, state, seat, rng, policy, lazy=False, pick=policy.choose)
            done += 1
        return done


def first_hard(seed: int, iterations: int | None = None, time_cap: float | None = None) -> Bot:
    """The first Hard with its own generator seeded by `seed`, `iterations` a move (300 by default), capped at
    `time_cap` seconds if given."""
    return FirstHardBot(random.Random(seed), iterations or DEFAULT_ITERATIONS, time_cap)


def budget(iterations: int | None, time_cap: float | None) -> str:
    """How much the first Hard thinks per move with these settings."""
    text = f"{iterations or DEFAULT_ITERATIONS} iterations"
    return text + (f", capped at {time_cap:g} s" if time_cap else "")


def main(argv: list[str] | None = None) -> int:
    """Run a tournament of a level against the first Hard; print its table (and write JSON if asked)."""
    parser = argparse.ArgumentParser(prog="python -m tests.arzium.first_hard", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", choices=LEVELS, default="hard", help="the level playing the first Hard")
    parser.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="iterations a move of both hard bots")
    parser.add_argument("--time-cap", type=float, help="wall-clock seconds a move of both hard bots")
    parser.add_argument("--basic", action="store_true", help="the basic game (no artifacts)")
    parser.add_argument("--rotate-first", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, help="each game as it ends; a run given it again resumes")
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    args = parser.parse_args(argv)
    try:
        res = tournament(args.players, [args.against, NAME], args.games, args.seed, not args.basic, args.workers,
                         args.iterations, args.time_cap, args.rotate_first, args.log, others={NAME: first_hard})
    except ValueError as exc:
        print(f"tournament: {exc}")
        return 2
    res["budgets"][NAME] = budget(args.iterations, args.time_cap)
    print(format_table(res))
    if args.json is not None:
        args.json.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
