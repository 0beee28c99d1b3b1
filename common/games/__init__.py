"""The games of the collection: each game gives one typed `Game` (its `G/plugin.py`), and the launcher
(`common.cli`) installs them here before the app starts. The engine and the shell read `GAMES` and import no
game; a game's hooks import its scenes only when called, so the menu's first frame loads none of them (nor
the data its list screens get, `common.games.pages`). Imports common.data (type hints: the rooms that
define what a hook takes and gives)."""
from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, ParamSpec, TypedDict, TypeVar, cast

from common.data.i18n import language

if TYPE_CHECKING:
    from common.engine.app import App
    from common.engine.scene import Scene
    from common.games.pages import StatsPage
    from common.net.bench import Player
    from common.net.clock import ServerClock
    from common.net.room import GameSide
    from common.online.room import Hosted
    from common.online.session import OnlineSession
    from common.replays.index import ReplayRow
    from common.replays.playback import Playback
    from common.replays.replay import Replay
    from common.ui.figure_book import FigureBook

P = ParamSpec("P")
R = TypeVar("R")

RoomSetup = dict[str, object]
"""A room's setup as a game writes it and the room server keeps it: the game's own JSON form of its setup."""

MakeApp = Callable[[bool], "App"]
"""What the launcher gives a command that needs a window: the app, headless (True) or in a window."""


def no_flags(parser: argparse.ArgumentParser) -> None:
    """A command that takes only the flags every command takes."""


@dataclass(frozen=True)
class Command:
    """A command-line command a game brings: its name, its help (marked with N_), its own flags and what it
    runs (the parsed arguments and the launcher's app maker -> the exit code)."""

    name: str
    help: str
    run: Callable[[argparse.Namespace, MakeApp], int]
    flags: Callable[[argparse.ArgumentParser], None] = no_flags


@dataclass(frozen=True)
class Game:
    """One game of the collection: what the menu shows of it and every hook the app and the tools call."""

    key: str  # also the name of its command (`main.py KEY`) and the first word of its replay files
    title: str  # a name, the same in every language
    tagline: str  # marked with N_: shown through _()
    icon: str
    rules_file: Path
    start: Callable[[App], Scene]  # its first scene (the setup screen); `DataError` if its data cannot be used
    open: Callable[[App, argparse.Namespace], int]  # `main.py KEY`: push its scene over the menu; the exit code
    open_help: str  # the help of `main.py KEY` (marked with N_)
    replay_headless: Callable[[Replay, Path], int]  # print a replay's outcome as JSON; the exit code
    replay_summary: Callable[[Path, Replay], ReplayRow]  # a line of the Replays screen
    replay_viewer: Callable[[App, Replay, str], Playback]  # the game's side of the replay viewer
    statistics: Callable[[], StatsPage]  # its page of the Statistics screen
    rules_figures: Callable[[], FigureBook]  # the figures of its rules text
    tutorial: Callable[[App, int], Scene]  # its tutorial at a step (0: the start)
    catalog: Callable[[], None]  # registers its scenes for `screenshot` and `timedemo` (common.tools.catalog)
    room: Callable[[], GameSide]  # its side of online rooms (the room server, common.net.server)
    bench_room: Callable[[int, int], RoomSetup]  # net-bench: room i's setup for so many seats
    bench_player: Callable[[int, ServerClock], Player]  # net-bench: the scripted player of a seat (on its clock)
    online_setup: Callable[[App, Callable[[RoomSetup], None]], Scene]  # the setup screen to host a room
    online_play: Callable[[App, OnlineSession, Hosted | None], Scene]  # the online table of a started room
    open_flags: Callable[[argparse.ArgumentParser], None] = no_flags  # the flags of `main.py KEY`
    commands: tuple[Command, ...] = ()  # its tools (`main.py NAME ...`)
    room_words: Callable[[RoomSetup], list[str]] = lambda setup: []  # a room's setup in words (the lobby)
    dropped: Callable[[Path], str | None] | None = None  # a file dropped onto the window: one line if it is the
    # game's (what it did with it), None if it is not

    def rules_text_file(self) -> Path:
        """The rules text in the current language (rules_text.<lang>.md beside the English one), else English."""
        translated = self.rules_file.with_name(f"{self.rules_file.stem}.{language()}.md")
        return translated if language() != "en" and translated.is_file() else self.rules_file


@dataclass(frozen=True)
class Lazy(Generic[P, R]):
    """A hook that imports `module` only when called and calls its `name` (None: importing it is the work), so a
    game's plugin loads nothing else of the game. Made by `lazy`, which takes its signature from where it goes."""

    module: str
    name: str | None = None

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        module = importlib.import_module(self.module)
        if self.name is None:
            return cast(R, None)
        result: R = getattr(module, self.name)(*args, **kwargs)
        return result


def lazy(module: str, name: str | None = None) -> Callable[P, R]:
    """A `Lazy` hook typed as the hook it is given for (`name` in `module` must have that signature)."""
    return Lazy[P, R](module, name)


class Hooks(TypedDict):
    """The hooks every game gives from the same modules of its package (`hooks_in`)."""

    start: Callable[[App], Scene]
    open: Callable[[App, argparse.Namespace], int]
    replay_headless: Callable[[Replay, Path], int]
    replay_summary: Callable[[Path, Replay], ReplayRow]
    replay_viewer: Callable[[App, Replay, str], Playback]
    statistics: Callable[[], StatsPage]
    rules_figures: Callable[[], FigureBook]
    tutorial: Callable[[App, int], Scene]
    catalog: Callable[[], None]
    room: Callable[[], GameSide]
    bench_room: Callable[[int, int], RoomSetup]
    bench_player: Callable[[int, ServerClock], Player]
    online_setup: Callable[[App, Callable[[RoomSetup], None]], Scene]
    online_play: Callable[[App, OnlineSession, Hosted | None], Scene]
    room_words: Callable[[RoomSetup], list[str]]


def hooks_in(package: str) -> Hooks:
    """The hooks of the game in `package`: the same function of the same module in each game, imported when
    called (a plugin passes them on: `Game(..., **hooks_in("arzium"))`)."""
    return Hooks(
        start=lazy(f"{package}.scenes.flow", "setup_scene"),
        open=lazy(f"{package}.cli", "open_from_command_line"),
        replay_headless=lazy(f"{package}.cli", "replay_headless"),
        replay_summary=lazy(f"{package}.replay_model", "summarize"),
        replay_viewer=lazy(f"{package}.scenes.replay_view", "playback"),
        statistics=lazy(f"{package}.scenes.statistics", "statistics"),
        rules_figures=lazy(f"{package}.scenes.rules_figures", "figure_book"),
        tutorial=lazy(f"{package}.scenes.tutorial", "tutorial_scene"),
        catalog=lazy(f"{package}.scenes.catalog"),  # importing it registers its scenes
        room=lazy(f"{package}.room", "game_side"),
        bench_room=lazy(f"{package}.bench", "room_setup"),
        bench_player=lazy(f"{package}.bench", "new_player"),
        online_setup=lazy(f"{package}.scenes.online", "setup_scene"),
        online_play=lazy(f"{package}.scenes.online", "play_scene"),
        room_words=lazy(f"{package}.scenes.online", "room_words"),
    )


GAMES: dict[str, Game] = {}
"""The installed games by key, in the order the menu shows them."""


def install(games: Iterable[Game]) -> None:
    """Make `games` the collection (the launcher calls this once, before the app starts)."""
    GAMES.clear()
    GAMES.update((game.key, game) for game in games)


def room_sides() -> dict[str, GameSide]:
    """Every game's side of online rooms, by key: what a room server is given (`common.net.server`)."""
    return {key: game.room() for key, game in GAMES.items()}
