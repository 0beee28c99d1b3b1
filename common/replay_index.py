"""The saved replays of both games as lines of a list, and the statistics pages, without pygame.

Each game gives its own summary and page through its `common.games.Game` (common imports no game).
A file that cannot be read or watched is a line too, with the one-line reason, never an exception."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from common.files import DataError
from common.game_pages import ReplayRow, StatsPage
from common.games import GAMES
from common.i18n import _
from common.os_words import os_problem
from common.paths import replays_dir
from common.replay import ReplayError, read_replay
from common.safe_text import one_line

MESSAGE_LIMIT = 160  # characters of a broken replay's reason shown in its line


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


def _guess_game(path: Path) -> str:
    return next((key for key in GAMES if path.name.startswith(key)), "")


def summarize(path: Path) -> ReplayRow:
    """The list's line for one replay file: its game's summary, or a broken line saying what is wrong."""
    when = _mtime(path)
    try:
        replay = read_replay(path)
        row = GAMES[replay.game].replay_summary(path, replay)
    except (ReplayError, DataError) as exc:
        return broken_row(path, exc, when)
    return replace(row, when=when, online=replay.meta.get("online") is True)


def placeholder_row(path: Path) -> ReplayRow:
    """The line of a replay not read yet: its file's time and the game its name starts with."""
    return ReplayRow(path, _guess_game(path), when=_mtime(path))


def broken_row(path: Path, problem: object, when: float | None = None) -> ReplayRow:
    """The line of a replay that cannot be watched, with its reason."""
    reason = _("cannot read: {reason}").format(reason=_reason(path, problem))
    return ReplayRow(path, _guess_game(path), error=reason, when=_mtime(path) if when is None else when)


def delete_replay(path: Path) -> str | None:
    """Remove a replay file; None when done, else one line saying why not."""
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return one_line(_("could not delete {name}: {reason}").format(name=path.name, reason=os_problem(exc)))
    return None


def statistics_pages() -> list[StatsPage]:
    """Every game's statistics page, in menu order."""
    return [game.statistics() for game in GAMES.values()]
