"""Arzium as the launcher gives it to the app (`common.games.Game`): what the menu shows, its scenes, replays,
statistics, rules figures, tutorial and catalog, and its commands with their flags. Only this module is loaded
at start; each hook imports what it needs when called."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common.games import Command, Game, MakeApp
from common.i18n import N_, _
from common.paths import shipped

if TYPE_CHECKING:
    from common.app import App
    from common.game_pages import ReplayRow, StatsPage
    from common.net.bench import Player
    from common.net.clock import ServerClock
    from common.net.room import GameSide
    from common.online_room import Hosted
    from common.online_session import OnlineSession
    from common.replay import Replay
    from common.scene import Scene
    from common.scenes.figures import FigureBook
    from common.scenes.replay_viewer import Playback


def _start(app: App) -> Scene:
    from arzium.scenes.flow import setup_scene
    return setup_scene(app)


def _open(app: App, args: argparse.Namespace) -> int:
    from arzium.cli import open_from_command_line
    return open_from_command_line(app, args)


def _replay_headless(replay: Replay, path: Path) -> int:
    from arzium.cli import replay_headless
    return replay_headless(replay, path)


def _replay_summary(path: Path, replay: Replay) -> ReplayRow:
    from arzium.replay_model import summarize
    return summarize(path, replay)


def _replay_viewer(app: App, replay: Replay, source: str) -> Playback:
    from arzium.scenes.replay_view import playback
    return playback(app, replay, source)


def _statistics() -> StatsPage:
    from arzium.scenes.statistics import statistics
    return statistics()


def _rules_figures() -> FigureBook:
    from arzium.scenes.rules_figures import figure_book
    return figure_book()


def _tutorial(app: App, step: int) -> Scene:
    from arzium.scenes.tutorial import tutorial_scene
    return tutorial_scene(app, step)


def _room() -> GameSide:
    from arzium.room import game_side
    return game_side()


def _bench_room(index: int, seats: int) -> dict[str, Any]:
    from arzium.bench import room_setup
    return room_setup(index, seats)


def _bench_player(seat: int, clock: ServerClock) -> Player:
    from arzium.bench import new_player
    return new_player(seat, clock)

def _online_setup(app: App, chosen: Callable[[dict[str, Any]], None]) -> Scene:
    from arzium.scenes.online import setup_scene
    return setup_scene(app, chosen)


def _online_play(app: App, session: OnlineSession, hosted: Hosted | None) -> Scene:
    from arzium.scenes.online import play_scene
    return play_scene(app, session, hosted)


def _room_words(setup: dict[str, Any]) -> list[str]:
    from arzium.scenes.online import room_words
    return room_words(setup)


def _catalog() -> None:
    import arzium.scenes.catalog  # noqa: F401  (registers its scenes)


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


def _think_bench(args: argparse.Namespace, make_app: MakeApp) -> int:
    from arzium.cli import think_bench_command
    return think_bench_command(make_app(True), args)


GAME = Game(
    "arzium", "Arzium", N_("Wake the sleepwalkers: win the lands by majority"), "ui/icon_arzium",
    shipped("arzium", "rules_text.md"), start=_start, open=_open, open_help=N_("play Arzium (setup screen)"),
    replay_headless=_replay_headless, replay_summary=_replay_summary, replay_viewer=_replay_viewer,
    statistics=_statistics, rules_figures=_rules_figures, tutorial=_tutorial, catalog=_catalog, room=_room,
    bench_room=_bench_room, bench_player=_bench_player, online_setup=_online_setup, online_play=_online_play,
    room_words=_room_words,
    commands=(
        Command("tournament", N_("play seeded bot-vs-bot games and print win rates with 95%% confidence intervals"),
                _tournament, _tournament_flags),
        Command("think-bench", N_("play Arzium bot games in a headless window at 60 fps; time decisions and frame "
                                  "gaps"), _think_bench, _think_bench_flags),
    ))
