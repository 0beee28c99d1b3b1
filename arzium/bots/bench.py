"""Speed figures of the rules and the hard bot: random-legal full games and Hard's iterations per second.

`python -m arzium.bots.bench` prints them. Times are CPU seconds of this process (`time.process_time`):
on a busy machine they still compare two versions fairly. The script only uses the public rules API and `HardBot`
with a fixed iteration budget, so it runs unchanged against an older checkout of the code
(``PYTHONPATH=OLD python arzium/bots/bench.py``) for an old-versus-new comparison in one run.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from arzium.bots.hard import HardBot
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.state import GameState, clone, default_setup, new_game


def random_game_ms(players: int, seed: int) -> float:
    """CPU milliseconds of one full game of uniformly random legal moves (deal and moves from `seed`)."""
    rng = random.Random(seed)
    start = time.process_time()
    state = new_game(default_setup(players, True), seed)
    while not is_over(state):
        apply(state, rng.choice(legal_actions(state)))
    return (time.process_time() - start) * 1000


def hard_positions(players: int, seed: int, count: int) -> list[tuple[GameState, int]]:
    """`count` positions with a real choice, taken from a random-legal game (state, player to act)."""
    rng = random.Random(seed)
    state = new_game(default_setup(players, True), seed)
    out: list[tuple[GameState, int]] = []
    while not is_over(state) and len(out) < count:
        actions = legal_actions(state)
        p = current_player(state)
        if len(actions) > 3 and p is not None and rng.random() < 0.3:
            out.append((clone(state), p))
        apply(state, rng.choice(actions))
    return out


def hard_work(players: int, seed: int, positions: int, iterations: int) -> tuple[int, float]:
    """Hard's iterations and CPU seconds over `positions` decisions of `iterations` iterations each."""
    total_iter = 0
    total_s = 0.0
    for i, (state, p) in enumerate(hard_positions(players, seed, positions)):
        rng = random.Random(seed * 1000 + i)
        bot = HardBot(rng, iterations)
        start = time.process_time()
        bot.decide(state, p)
        total_s += time.process_time() - start
        total_iter += bot.last_iterations
    return total_iter, total_s


def main(argv: list[str] | None = None) -> int:
    """Print the random-game median (ms) and Hard's iterations per second."""
    parser = argparse.ArgumentParser(prog="python -m arzium.bots.bench", description=__doc__)
    parser.add_argument("--players", type=int, default=4, help="players of the random games (default 4)")
    parser.add_argument("--games", type=int, default=60, help="random-legal games (default 60)")
    parser.add_argument("--hard-players", type=int, default=2, help="players of Hard's positions (default 2)")
    parser.add_argument("--positions", type=int, default=8, help="Hard decisions (default 8)")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per Hard decision (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("random", "hard"),
                        help="run one of the two (e.g. under valgrind --tool=callgrind, which counts instructions)")
    args = parser.parse_args(argv)
    if args.only != "hard":
        times = [random_game_ms(args.players, args.seed * 10_000 + g) for g in range(args.games)]
        print(f"random-legal {args.players}-player full game: median {statistics.median(times):.2f} ms "
              f"over {args.games} games")
    if args.only != "random":
        done, seconds = hard_work(args.hard_players, args.seed, args.positions, args.iterations)
        print(f"hard ({args.hard_players} players): {done / seconds:.0f} iterations/s over {args.positions} "
              f"decisions ({done} iterations)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
