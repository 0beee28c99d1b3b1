"""Arenas Movedizas as the launcher gives it to the app (`common.games.Game`): what the menu shows, its
hooks (scenes, replays, statistics, rules figures, tutorial, catalog, rooms: the same modules in every game,
`common.games.hooks_in`; a level file dropped onto the window joins My levels) and its commands with their
flags. Only this module is loaded at start; each hook imports what it needs when called."""
from __future__ import annotations

import argparse
from pathlib import Path

from common.data.i18n import N_, _
from common.data.paths import shipped
from common.games import Command, Game, MakeApp, hooks_in, lazy


def _open_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", metavar="N|PATH", help=_("level number or level file to start at once"))


def _verify_levels_flags(p: argparse.ArgumentParser) -> None:
    from common.arguments import positive
    p.add_argument("files", nargs="*", type=Path, metavar="FILE",
                   help=_("level files to prove (a shared level or a plain level file) instead of the shipped levels"))
    p.add_argument("--seeds", type=positive, default=100, help=_("seeds per level"))
    p.add_argument("--model", choices=["expert", "person", "solo", "both", "all"], default="both",
                   help=_("expert team-mates (the winnability proof), the person model (the labels), one person "
                          "with expert team-mates (solo), expert and person (both) or all three"))
    p.add_argument("--level", type=positive, action="append", metavar="N", help=_("only this level (repeatable)"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the table as JSON"))
    p.add_argument("--why", action="store_true",
                   help=_("also say how each level's games ended: which timer ran dry, where, after what"))


def _verify_levels(args: argparse.Namespace, make_app: MakeApp) -> int:
    from arenas.cli import verify_levels_command
    return verify_levels_command(args)


GAME = Game(
    "arenas", "Arenas Movedizas", N_("Real-time co-op: keep the sand timers alive"), "ui/icon_arenas",
    shipped("arenas", "rules_text.md"), open_help=N_("play Arenas Movedizas (setup screen, or a level directly)"),
    open_flags=_open_flags, dropped=lazy("arenas.my_levels", "import_dropped"), **hooks_in("arenas"),
    commands=(Command("verify-levels", N_("play every Arenas level with team-mate bots over N seeds; print win "
                                          "rates"), _verify_levels, _verify_levels_flags),))
