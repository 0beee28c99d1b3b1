"""Replay files: JSON with the game, a format version, the setup, the seed and the actions."""
from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.files import DataError, Kind, Problem, normalise_newlines, parse_json, read_text
from common.jsonio import write_json_atomic
from common.safe_text import one_line

FORMAT_VERSION = 2  # the newest version any game writes (Arzium 2: artifacts after the search); older ones are read
GAMES = ("arenas", "arzium")


class ReplayError(Exception):
    """A replay file that cannot be used; str() is one line naming the file and the problem."""

    def __init__(self, message: object) -> None:
        super().__init__(one_line(message))


@dataclass
class Replay:
    """The content of a replay file. `actions` are each game's JSON action forms."""

    game: str
    setup: dict[str, Any]
    seed: int
    actions: list[Any]
    meta: dict[str, Any] = field(default_factory=dict)
    version: int = FORMAT_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {"format": "arenas-arzium-replay", "version": self.version, "game": self.game,
                "setup": self.setup, "seed": self.seed, "actions": self.actions, "meta": self.meta}


def write_replay(path: Path, replay: Replay) -> None:
    """Write `replay` atomically."""
    write_json_atomic(Path(path), replay.to_dict())


def new_replay_path(folder: Path, stem: str) -> Path:
    """A replay file name no other replay has: `stem.json`, else `stem-2.json`, ... The file is created
    empty (exclusively, so two games finishing at once never get the same name) for the caller to replace."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            n += 1
            continue
        return path


def write_new_replay(folder: Path, stem: str, replay: Replay) -> Path:
    """Write `replay` under a new name in `folder` (see `new_replay_path`) and return it; `OSError` if that
    failed (then the reserved name is removed again)."""
    path = new_replay_path(folder, stem)
    try:
        write_replay(path, replay)
    except BaseException:
        with contextlib.suppress(OSError):
            path.unlink()  # the reserved name, still empty
        raise
    return path


def read_replay(path: Path, game: str | None = None) -> Replay:
    """Read and check a replay file; raise ReplayError with one clear line on any problem."""
    path = Path(path)
    try:
        raw = read_text(path, Kind.REPLAY)
    except DataError as exc:
        if exc.problem is Problem.MISSING:
            raise ReplayError(f"{path}: no such replay file") from None
        raise ReplayError(f"{path}: cannot read replay: {exc.detail}") from None
    try:
        data = parse_json(normalise_newlines(raw), path)
    except DataError as exc:
        if exc.problem is not Problem.SYNTAX:
            raise ReplayError(f"{path}: replay is not usable: {exc.detail}") from None
        hint = "not valid JSON" if raw.rstrip().endswith(("}", "]")) else "truncated"
        raise ReplayError(f"{path}: replay is {hint} ({exc.detail})") from None
    if not isinstance(data, dict) or data.get("format") != "arenas-arzium-replay":
        raise ReplayError(f"{path}: not an Arenas & Arzium replay file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ReplayError(f"{path}: field 'version' must be an integer")
    if version > FORMAT_VERSION:
        raise ReplayError(f"{path}: replay format version {version} is newer than this app supports "
                          f"({FORMAT_VERSION}); update the app")
    kind = data.get("game")
    if kind not in GAMES:
        raise ReplayError(f"{path}: unknown game {kind!r} (expected one of {', '.join(GAMES)})")
    if game is not None and kind != game:
        raise ReplayError(f"{path}: this is a replay of {kind}, not of {game}")
    for name, typ in (("setup", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(name), typ) or isinstance(data.get(name), bool):
            raise ReplayError(f"{path}: field '{name}' is missing or not a {typ.__name__}")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise ReplayError(f"{path}: field 'meta' must be an object")
    return Replay(game=kind, setup=data["setup"], seed=data["seed"], actions=data["actions"], meta=meta,
                  version=version)
