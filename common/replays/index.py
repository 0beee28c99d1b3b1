"""The saved replays of both games as lines of a list, and the statistics pages, without pygame.

Each game gives its own line of a replay (its `replay_summary` hook); the caller passes the games by key.
A file that cannot be read or watched is a line too, with the one-line reason, never an exception."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from common.data.files import DataError
from common.data.i18n import _
from common.data.os_words import os_problem
from common.data.paths import replays_dir
from common.data.safe_text import one_line
from common.replays.replay import Replay, ReplayError, read_replay

MESSAGE_LIMIT = 160  # characters of a broken replay's reason shown in its line


@dataclass(frozen=True)
class ReplayRow:
    """One saved replay as the list shows it: which game, level or seats, result, length (or why it is broken)."""

    path: Path
    game: str  # the key of its game, or "" when the file does not say
    where: str = ""
    result: str = ""
    length: str = ""
    error: str | None = None
    when: float = 0.0  # when it was saved (the file's time), seconds since the epoch
    online: bool = False  # a game of an online room

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))


class Summarizer(Protocol):
    """A game as the list needs it: its line for one of its replays (the game's `replay_summary` hook)."""

    @property
    def replay_summary(self) -> Callable[[Path, Replay], ReplayRow]: ...


def replay_files(folder: Path | None = None) -> list[Path]:
    """The replay files in `folder` (default: the replays folder), newest first; none if it cannot be listed."""
    folder = folder if folder is not None else replays_dir()
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: (-_mtime(p), p.name))


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _reason(path: Path, message: object) -> str:
    """A problem's line without the file's path in front (the list shows the file)."""
    line = one_line(message, MESSAGE_LIMIT * 2)
    for prefix in (f"{path}: ", f"{path.name}: "):
        line = line.removeprefix(prefix)
    return one_line(line, MESSAGE_LIMIT)


def _guess_game(path: Path, games: Iterable[str]) -> str:
    return next((key for key in games if path.name.startswith(key)), "")


def summarize(path: Path, games: Mapping[str, Summarizer]) -> ReplayRow:
    """The list's line for one replay file: its game's summary (`games`: by key), or a broken line saying what
    is wrong."""
    when = _mtime(path)
    try:
        replay = read_replay(path)
        row = games[replay.game].replay_summary(path, replay)
    except (ReplayError, DataError) as exc:
        return broken_row(path, exc, games, when)
    return replace(row, when=when, online=replay.meta.get("online") is True)


def placeholder_row(path: Path, games: Iterable[str]) -> ReplayRow:
    """The line of a replay not read yet: its file's time and the game (of the keys `games`) its name starts with."""
    return ReplayRow(path, _guess_game(path, games), when=_mtime(path))


def broken_row(path: Path, problem: object, games: Iterable[str], when: float | None = None) -> ReplayRow:
    """The line of a replay that cannot be watched, with its reason (`games`: the keys its name may start with)."""
    reason = _("cannot read: {reason}").format(reason=_reason(path, problem))
    return ReplayRow(path, _guess_game(path, games), error=reason, when=_mtime(path) if when is None else when)


def delete_replay(path: Path) -> str | None:
    """Remove a replay file; None when done, else one line saying why not."""
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return one_line(_("could not delete {name}: {reason}").format(name=path.name, reason=os_problem(exc)))
    return None
