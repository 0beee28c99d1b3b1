"""The saved replays of both games as lines of a list, and the statistics pages, without pygame.

Each game gives its own summary and page through its `common.games.Game` (common imports no game).
A file that cannot be read or watched is a line too, with the one-line reason, never an exception."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from common.files import DataError
from common.games import GAMES, ReplayRow, StatsPage
from common.i18n import _
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
    return replace(row, when=when)


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
        return one_line(_("could not delete {name}: {reason}").format(name=path.name, reason=exc.strerror or exc))
    return None


def opener_command(folder: Path, platform: str = sys.platform) -> list[str]:
    """The command that shows `folder` in the platform's file manager."""
    if platform == "darwin":
        return ["open", str(folder)]
    if platform.startswith("win"):
        return ["explorer", str(folder)]
    return ["xdg-open", str(folder)]


def open_folder(folder: Path | None = None) -> subprocess.Popen[bytes] | str:
    """Show the replays folder in the file manager (made if missing): the started process, or one line
    saying why it could not start."""
    folder = folder if folder is not None else replays_dir()
    command = opener_command(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=os.name == "posix")
    except OSError as exc:
        return one_line(_("could not open the folder {folder} with {program}: {reason}").format(
            folder=folder, program=command[0], reason=exc.strerror or exc))


def opener_failed(process: subprocess.Popen[bytes]) -> str | None:
    """Once the file manager's opener has exited: one line if it failed, else None (also while it runs)."""
    code = process.poll()
    program = process.args[0] if isinstance(process.args, list) else process.args
    if code is None or code == 0 or program == "explorer":  # explorer exits 1 even when it opened the folder
        return None
    with contextlib.suppress(OSError):
        process.wait(0)
    return one_line(_("could not open the folder: {program} exited with code {code}").format(program=program,
                                                                                              code=code))


def statistics_pages() -> list[StatsPage]:
    """Every game's statistics page, in menu order."""
    return [game.statistics() for game in GAMES.values()]
