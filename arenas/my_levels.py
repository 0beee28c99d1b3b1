"""The player's own Arenas levels: level files in a folder of the data folder, listed, read and saved (no
pygame). A level is saved only when the level loader takes it as it is, so a saved level always plays."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arenas.rules.levels import Level, LevelError, level_problems, load_level
from common.files import DataError
from common.jsonio import to_json_bytes, write_bytes_atomic, write_new_file
from common.paths import data_dir

FOLDER = "arenas_levels"
MAX_FILES = 500  # files of the folder looked at: a folder flooded with files still opens at once


@dataclass(frozen=True)
class MyLevel:
    """One of the player's levels and the file it is kept in."""

    path: Path
    level: Level


def my_levels_dir() -> Path:
    """The folder of the player's own levels (made by the first save)."""
    return data_dir() / FOLDER


def list_my_levels(folder: Path | None = None) -> tuple[list[MyLevel], list[str]]:
    """The player's levels, by name, and one line for each file that could not be used (kept as it is)."""
    folder = folder if folder is not None else my_levels_dir()
    try:
        files = sorted(folder.glob("*.json"))[:MAX_FILES]
    except OSError:
        return [], []
    levels: list[MyLevel] = []
    problems: list[str] = []
    for file in files:
        try:
            levels.append(MyLevel(file, load_level(file)))
        except (LevelError, DataError) as exc:
            problems.append(str(exc))
    return sorted(levels, key=lambda m: (m.level.name.casefold(), m.path.name)), problems


def save_my_level(level: Level, path: Path | None = None, folder: Path | None = None) -> Path:
    """Write `level` over `path` (a file of the folder it was read from), or as a new file of the folder; the
    path written. `ValueError` (the first problem, one line) if the loader would refuse the level, `OSError` if
    the file cannot be written."""
    problems = level_problems(level)
    if problems:
        raise ValueError(problems[0].line)
    raw = to_json_bytes(level.to_dict())
    if path is not None:
        write_bytes_atomic(path, raw)
        return path
    return write_new_file(folder if folder is not None else my_levels_dir(), lambda n: f"level-{n}.json", raw)
