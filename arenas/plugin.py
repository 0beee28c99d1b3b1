"""Arenas Movedizas as the launcher gives it to the app (`common.games.Game`): what the menu shows, its scenes,
replays, statistics, rules figures, tutorial and catalog, and its commands with their flags. Only this module is
loaded at start; each hook imports what it needs when called."""
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
    from arenas.scenes.flow import setup_scene
    return setup_scene(app)


def _open_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", metavar="N|PATH", help=_("level number or level file to start at once"))


def _open(app: App, args: argparse.Namespace) -> int:
    from arenas.cli import open_from_command_line
    return open_from_command_line(app, args)


def _replay_headless(replay: Replay, path: Path) -> int:
    from arenas.cli import replay_headless
    return replay_headless(replay, path)


def _replay_summary(path: Path, replay: Replay) -> ReplayRow:
    from arenas.replay_model import summarize
    return summarize(path, replay)


def _replay_viewer(app: App, replay: Replay, source: str) -> Playback:
    from arenas.scenes.replay_view import playback
    return playback(app, replay, source)


def _statistics() -> StatsPage:
    from arenas.scenes.statistics import statistics
    return statistics()


def _rules_figures() -> FigureBook:
    from arenas.scenes.rules_figures import figure_book
    return figure_book()


def _tutorial(app: App, step: int) -> Scene:
    from arenas.scenes.tutorial import tutorial_scene
    return tutorial_scene(app, step)


def _room() -> GameSide:
    from arenas.room import game_side
    return game_side()


def _bench_room(index: int, seats: int) -> dict[str, Any]:
    from arenas.bench import room_setup
    return room_setup(index, seats)


def _bench_player(seat: int, clock: ServerClock) -> Player:
    from arenas.bench import new_player
    return new_player(seat, clock)

def _online_setup(app: App, chosen: Callable[[dict[str, Any]], None]) -> Scene:
    from arenas.scenes.online import setup_scene
    return setup_scene(app, chosen)


def _room_words(setup: dict[str, Any]) -> list[str]:
    from arenas.scenes.online import room_words
    return room_words(setup)


def _online_play(app: App, session: OnlineSession, hosted: Hosted | None) -> Scene:
    from arenas.scenes.online import play_scene
    return play_scene(app, session, hosted)


def _catalog() -> None:
    import arenas.scenes.catalog  # noqa: F401  (registers its scenes)


def _verify_levels_flags(p: argparse.ArgumentParser) -> None:
    from common.arguments import positive
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
    shipped("arenas", "rules_text.md"), start=_start, open=_open,
    open_help=N_("play Arenas Movedizas (setup screen, or a level directly)"), open_flags=_open_flags,
    replay_headless=_replay_headless, replay_summary=_replay_summary, replay_viewer=_replay_viewer,
    statistics=_statistics, rules_figures=_rules_figures, tutorial=_tutorial, catalog=_catalog, room=_room,
    bench_room=_bench_room, bench_player=_bench_player, online_setup=_online_setup, online_play=_online_play,
    room_words=_room_words,
    commands=(Command("verify-levels", N_("play every Arenas level with team-mate bots over N seeds; print win "
                                          "rates"), _verify_levels, _verify_levels_flags),))
