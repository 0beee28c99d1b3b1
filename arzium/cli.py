"""Arzium from the command line: open the setup screen, play back replay files, run the bot tools."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from arzium.rules.cards import CardDataError, default_cards
from arzium.rules.replay import Replay as RulesReplay
from arzium.rules.score import outcome_json
from arzium.rules.state import GameState
from common.data.rules_api import IllegalAction
from common.data.safe_text import MAX_MESSAGE, print_error
from common.replays.replay import ReplayError

if TYPE_CHECKING:
    from common.engine.app import App
    from common.replays.replay import Replay


def open_from_command_line(app: App, args: argparse.Namespace) -> int:
    """`main.py arzium`: the setup screen over the menu; 2 with one line if the card data is bad."""
    from arzium.scenes.flow import setup_scene
    try:
        default_cards()
    except CardDataError as exc:
        return print_error(str(exc))
    app.push(setup_scene(app))
    return 0


def _checked(replay: Replay, path: Path) -> RulesReplay:
    """The replay as rules objects; ReplayError (one line) if it is not a usable Arzium game."""
    return RulesReplay.from_file(replay, str(path))


def _run(replay: Replay, path: Path) -> tuple[RulesReplay, GameState]:
    """The replay and its final state; ReplayError (one line) if it or the card data is unusable."""
    try:
        rules = _checked(replay, path)
        state, _ = rules.run()
    except IllegalAction as exc:
        raise ReplayError(f"{path}: {exc.reason}") from None
    except CardDataError as exc:
        raise ReplayError(str(exc)) from None
    return rules, state


def replay_headless(replay: Replay, path: Path) -> int:
    """Print the outcome of a replay as JSON (scores, coins, parties, winner); 2 with one line if bad."""
    try:
        _, state = _run(replay, Path(path))
    except ReplayError as exc:
        return print_error(str(exc))
    try:
        print(json.dumps(outcome_json(state), indent=2))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`: the reader left, nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def tournament_command(args: argparse.Namespace) -> int:
    """`main.py tournament arzium`: seeded bot-vs-bot games; 2 with one line if the card data is bad."""
    from arzium.bots.tournament import tournament_main
    from arzium.rules.cards import load_cards
    try:
        load_cards()  # checked before the run, so a bad card file is one line on stderr
    except CardDataError as exc:
        return print_error(exc, MAX_MESSAGE)
    return tournament_main(args.players, args.bots, args.games, args.seed if args.seed is not None else 1,
                           args.json, not args.basic, hard_iterations=args.iterations, time_cap=args.time_cap,
                           rotate_first=args.rotate_first, log=args.log, progress=args.progress)


def think_bench_command(app: App, args: argparse.Namespace) -> int:
    """`main.py think-bench`: Arzium bot games in a headless window; print the decision and frame timings."""
    from arzium.scenes.thinkbench import format_report, think_bench
    report = think_bench(app, args.level, args.players, args.games, args.seed if args.seed is not None else 1,
                         not args.basic, iterations=args.iterations)
    print(format_report(report))
    return 0
