"""Arzium as the launcher gives it to the app (`common.games.Game`): what the menu shows, its
hooks (scenes, replays, statistics, rules figures, tutorial, catalog, rooms: the same modules in every game,
`common.games.hooks_in`) and its commands with their flags. Only this module is loaded at start; each hook
imports what it needs when called."""
from __future__ import annotations

import argparse
from pathlib import Path

from common.data.i18n import N_, _
from common.data.paths import shipped
from common.games import Command, Game, MakeApp, hooks_in


def bot_list(text: str) -> list[str]:
    """At least two bot levels, comma-separated."""
    from arzium.bots import LEVELS
    bots = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in bots if b not in LEVELS]
    if unknown or len(bots) < 2:
        raise argparse.ArgumentTypeError(_("--bots wants at least two of {levels}, comma-separated, "
                                           "not {text!r}").format(levels=", ".join(LEVELS), text=text))
    return bots


def _tournament_flags(p: argparse.ArgumentParser) -> None:
    from common.arguments import positive, seconds
    p.add_argument("game", choices=["arzium"], help=_("the game (only Arzium has competing bots)"))
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2, help=_("seats at the table"))
    p.add_argument("--bots", type=bot_list, default=["hard", "normal"],
                   help=_("comma-separated bot levels, one per competitor: easy, normal, hard"))
    p.add_argument("--games", type=positive, default=200, help=_("games to play"))
    p.add_argument("--basic", action="store_true", help=_("basic game (no artifacts); default is the full game"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the results as JSON"))
    p.add_argument("--iterations", type=positive, metavar="N",
                   help=_("search iterations per move of the hard bots (reproducible; default: they think up to "
                          "0.8 s)"))
    p.add_argument("--time-cap", type=seconds, metavar="SECONDS",
                   help=_("wall-clock cap per move of the hard bots (the window's is 0.8)"))
    p.add_argument("--rotate-first", action="store_true",
                   help=_("rotate the first player over the seats from deal to deal, and add win rates by turn "
                          "position (apart from the edges)"))
    p.add_argument("--log", type=Path, metavar="FILE",
                   help=_("write each game to FILE as it ends; run again with the same FILE to go on where a "
                          "stopped run was"))
    p.add_argument("--progress", action="store_true", help=_("print a line on stderr as each game ends"))


def _tournament(args: argparse.Namespace, make_app: MakeApp) -> int:
    from arzium.cli import tournament_command
    return tournament_command(args)


def _think_bench_flags(p: argparse.ArgumentParser) -> None:
    from common.arguments import positive
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2, help=_("seats at the table"))
    p.add_argument("--level", choices=["easy", "normal", "hard"], default="hard", help=_("every seat's bot level"))
    p.add_argument("--games", type=positive, default=1, help=_("games to play"))
    p.add_argument("--basic", action="store_true", help=_("basic game (no artifacts); default is the full game"))
    p.add_argument("--iterations", type=positive, metavar="N",
                   help=_("search iterations per move of the hard bots (reproducible; default: they think up to "
                          "0.8 s)"))


def _think_bench(args: argparse.Namespace, make_app: MakeApp) -> int:
    from arzium.cli import think_bench_command
    return think_bench_command(make_app(True), args)


GAME = Game(
    "arzium", "Arzium", N_("Wake the sleepwalkers: win the lands by majority"), "ui/icon_arzium",
    shipped("arzium", "rules_text.md"), open_help=N_("play Arzium (setup screen)"),
    **hooks_in("arzium"),
    commands=(
        Command("tournament", N_("play seeded bot-vs-bot games and print win rates with 95%% confidence intervals"),
                _tournament, _tournament_flags),
        Command("think-bench", N_("play Arzium bot games in a headless window at 60 fps; time decisions and frame "
                                  "gaps"), _think_bench, _think_bench_flags),
    ))
