"""Replay files: JSON with the game, a format version, the setup, the seed and the actions."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.jsonio import write_json_atomic

FORMAT_VERSION = 2  # the newest version any game writes (Arzium 2: issue 11); older ones are read
GAMES = ("arenas", "arzium")


class ReplayError(Exception):
    """A replay file that cannot be used; str() is one line naming the file and the problem."""


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


def read_replay(path: Path, game: str | None = None) -> Replay:
    """Read and check a replay file; raise ReplayError with one clear line on any problem."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such replay file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path}: cannot read replay ({type(exc).__name__})") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        hint = "not valid JSON" if raw.rstrip().endswith(("}", "]")) else "truncated"
        raise ReplayError(f"{path}: replay is {hint} (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
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
