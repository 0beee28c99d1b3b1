"""The games of the collection: each game gives one typed `Game` (its `G/plugin.py`), and the launcher
(`common.cli`) installs them here before the app starts. The engine and the shell read `GAMES` and import no
game; a game's hooks import its scenes only when called, so the menu's first frame loads none of them (nor
the data its list screens get, `common.game_pages`)."""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common.i18n import language

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
    catalog: Callable[[], None]  # registers its scenes for `screenshot` and `timedemo` (common.catalog)
    room: Callable[[], GameSide]  # its side of online rooms (the room server, common.net.server)
    bench_room: Callable[[int, int], dict[str, Any]]  # net-bench: room i's setup for so many seats
    bench_player: Callable[[int, ServerClock], Player]  # net-bench: the scripted player of a seat (on its clock)
    online_setup: Callable[[App, Callable[[dict[str, Any]], None]], Scene]  # the setup screen to host a room
    online_play: Callable[[App, OnlineSession, Hosted | None], Scene]  # the online table of a started room
    open_flags: Callable[[argparse.ArgumentParser], None] = no_flags  # the flags of `main.py KEY`
    commands: tuple[Command, ...] = ()  # its tools (`main.py NAME ...`)
    room_words: Callable[[dict[str, Any]], list[str]] = lambda setup: []  # a room's setup in words (the lobby)

    def rules_text_file(self) -> Path:
        """The rules text in the current language (rules_text.<lang>.md beside the English one), else English."""
        translated = self.rules_file.with_name(f"{self.rules_file.stem}.{language()}.md")
        return translated if language() != "en" and translated.is_file() else self.rules_file


GAMES: dict[str, Game] = {}
"""The installed games by key, in the order the menu shows them."""


def install(games: Iterable[Game]) -> None:
    """Make `games` the collection (the launcher calls this once, before the app starts)."""
    GAMES.clear()
    GAMES.update((game.key, game) for game in games)
