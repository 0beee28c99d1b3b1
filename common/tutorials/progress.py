"""How far the player got in each game's tutorial: a small JSON file in the user's data folder (no pygame).

Per game: whether the first-launch question was answered (`offered`), the step reached (its index and
id) and whether the tutorial was finished. Written atomically; a corrupt file is set aside with one
line, a file of a newer format version is used read-only, keys this version does not know are kept (at the top
and inside each game's entry).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypedDict, Unpack

from common.data.files import Kind
from common.data.i18n import N_, _
from common.data.jsonio import clean_stale_temps, load_json, save_json_versioned
from common.data.paths import data_dir

PROGRESS_VERSION = 1
VERSION_KEY = "version"
PROGRESS_FILE = "tutorials.json"
MAX_STEP = 999


@dataclass(frozen=True)
class GameProgress:
    """One game's tutorial: first-launch question answered, step reached (index and id), finished."""

    offered: bool = False
    step: int = 0
    step_id: str = ""
    finished: bool = False
    extra: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """Keys of the game's entry this version does not know: written back unchanged."""

    @property
    def midway(self) -> bool:
        """True if the tutorial was left after its first step and not finished (Resume is offered)."""
        return self.step > 0 and not self.finished

    def to_json(self) -> dict[str, object]:
        return {**self.extra, "offered": self.offered, "step": self.step, "step_id": self.step_id,
                "finished": self.finished}


class Changes(TypedDict, total=False):
    """Fields of a `GameProgress` to change."""

    offered: bool
    step: int
    step_id: str
    finished: bool


@dataclass
class Progress:
    """Every game's tutorial progress, and the keys of the file this version does not know."""

    games: dict[str, GameProgress] = field(default_factory=dict)
    unknown: dict[str, object] = field(default_factory=dict)

    def of(self, game: str) -> GameProgress:
        """The progress of `game` (a fresh one if it has none)."""
        return self.games.get(game, GameProgress())

    def to_json(self) -> dict[str, object]:
        data = dict(self.unknown)
        data["games"] = {key: p.to_json() for key, p in sorted(self.games.items())}
        data[VERSION_KEY] = PROGRESS_VERSION
        return data


def progress_path() -> Path:
    """Where the tutorial progress is kept."""
    return data_dir() / PROGRESS_FILE


def _game_from_json(key: str, data: object) -> GameProgress:
    if not isinstance(data, dict):
        raise ValueError(f"games.{key} is not an object")
    offered, step, step_id, finished = (data.get("offered", False), data.get("step", 0), data.get("step_id", ""),
                                        data.get("finished", False))
    if not isinstance(offered, bool) or not isinstance(finished, bool):
        raise ValueError(f"games.{key}: offered and finished must be true or false")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= MAX_STEP:
        raise ValueError(f"games.{key}.step must be a whole number 0..{MAX_STEP}")
    if not isinstance(step_id, str) or len(step_id) > 64:
        raise ValueError(f"games.{key}.step_id must be a short text")
    extra = {k: v for k, v in data.items() if k not in ("offered", "step", "step_id", "finished")}
    return GameProgress(offered, step, step_id, finished, extra)


def _from_json(data: object) -> Progress:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    games = data.get("games", {})
    if not isinstance(games, dict):
        raise ValueError("games is not an object")
    unknown = {k: v for k, v in data.items() if k not in ("games", VERSION_KEY)}
    return Progress({str(k): _game_from_json(str(k), v) for k, v in games.items()}, unknown)


def load_progress(path: Path | None = None) -> tuple[Progress, str | None]:
    """The saved progress and a one-line message (a bad file set aside, a newer one read-only), or None."""
    clean_stale_temps(path or progress_path())
    loaded = load_json(path or progress_path(), N_("tutorial progress"), _from_json, Kind.DATA, PROGRESS_VERSION,
                       VERSION_KEY)
    return (loaded.value if loaded.value is not None else Progress()), loaded.message


def save_progress(progress: Progress, path: Path | None = None) -> str | None:
    """Write atomically; a one-line message if the file was not written, else None."""
    return save_json_versioned(path or progress_path(), progress.to_json(), VERSION_KEY, Kind.DATA,
                               _("tutorial progress not saved: {problem}"),
                               _("could not save the tutorial progress to {path}: {problem}"))


def game_progress(game: str, path: Path | None = None) -> tuple[GameProgress, str | None]:
    """The progress of one game, and the loading message if any."""
    progress, message = load_progress(path)
    return progress.of(game), message


def update_progress(game: str, path: Path | None = None, **changes: Unpack[Changes]) -> str | None:
    """Change fields of one game's progress (`offered`, `step`, `step_id`, `finished`) and save; the one-line
    message of loading or saving, or None."""
    progress, message = load_progress(path)
    progress.games[game] = replace(progress.of(game), **changes)
    return message or save_progress(progress, path)
