"""Replay files: JSON with the game, a format version, the setup, the seed and the actions."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from common.data.files import DataError, Kind, Problem, normalise_newlines, parse_json, read_text
from common.data.i18n import _
from common.data.jsonio import to_json_bytes, write_json_atomic, write_new_file
from common.data.safe_text import one_line, short_number

FORMAT_VERSION = 2  # the newest version any game writes (Arzium 2: artifacts after the search); older ones are read
MAX_SEED = 2**64  # seeds are whole numbers within ±MAX_SEED (the command line's --seed too)
GAMES = ("arenas", "arzium")


class ReplayError(Exception):
    """A replay file that cannot be used; str() is one line naming the file and the problem."""

    def __init__(self, message: object) -> None:
        super().__init__(one_line(message))


@dataclass
class Replay:
    """The content of a replay file. `setup` and `actions` are the game's JSON forms (as read: not checked here,
    the game reads them); `meta` what the game noted beside them (its result, who the bots were)."""

    game: str
    setup: Mapping[str, object]
    seed: int
    actions: Sequence[object]
    meta: dict[str, object] = field(default_factory=dict)
    version: int = FORMAT_VERSION

    def to_dict(self) -> dict[str, object]:
        return {"format": "arenas-arzium-replay", "version": self.version, "game": self.game,
                "setup": self.setup, "seed": self.seed, "actions": self.actions, "meta": self.meta}


def write_replay(path: Path, replay: Replay) -> None:
    """Write `replay` atomically."""
    write_json_atomic(Path(path), replay.to_dict())


def write_new_replay(folder: Path, stem: str, replay: Replay) -> Path:
    """Write `replay` as `stem.json` in `folder`, else `stem-2.json`, ... (two games finishing at once never
    share a name) and return its path; it appears only whole (`common.data.jsonio.write_new_file`). `OSError` if the
    write failed (nothing is left)."""
    return write_new_file(folder, lambda n: f"{stem}.json" if n == 1 else f"{stem}-{n}.json", to_json_bytes(
        replay.to_dict()))


def read_replay(path: Path, game: str | None = None) -> Replay:
    """Read and check a replay file; raise ReplayError with one clear line on any problem."""
    path = Path(path)
    try:
        raw = read_text(path, Kind.REPLAY)
    except DataError as exc:
        if exc.problem is Problem.MISSING:
            raise ReplayError(_("{path}: no such replay file").format(path=path)) from None
        raise ReplayError(_("{path}: cannot read replay: {problem}").format(path=path, problem=exc.detail)) from None
    try:
        data = parse_json(normalise_newlines(raw), path)
    except DataError as exc:
        if exc.problem is not Problem.SYNTAX:
            raise ReplayError(_("{path}: replay is not usable: {problem}").format(path=path,
                                                                                problem=exc.detail)) from None
        told = _("{path}: replay is not valid JSON ({problem})") if raw.rstrip().endswith(("}", "]")) \
            else _("{path}: replay is truncated ({problem})")
        raise ReplayError(told.format(path=path, problem=exc.detail)) from None
    return replay_from_dict(data, str(path), game)


def replay_from_dict(data: object, source: str, game: str | None = None) -> Replay:
    """Check a replay's JSON (read from a file, or sent by a room server); ReplayError (one line naming
    `source`) on any problem."""
    if not isinstance(data, dict) or data.get("format") != "arenas-arzium-replay":
        raise ReplayError(_("{source}: not an Arenas & Arzium replay file").format(source=source))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ReplayError(_("{source}: field 'version' must be an integer").format(source=source))
    if version > FORMAT_VERSION:
        raise ReplayError(_("{source}: replay format version {version} is newer than this app supports ({supported}); "
                            "update the app").format(source=source, version=short_number(version),
                                                     supported=FORMAT_VERSION))
    if version < 1:
        raise ReplayError(_("{source}: replay format version {version} is not a version (1 or more)").format(
            source=source, version=short_number(version)))
    kind = data.get("game")
    if kind not in GAMES:
        raise ReplayError(_("{source}: unknown game {kind} (expected one of {games})").format(
            source=source, kind=repr(kind), games=", ".join(GAMES)))
    if game is not None and kind != game:
        raise ReplayError(_("{source}: this is a replay of {kind}, not of {game}").format(source=source, kind=kind,
                                                                                       game=game))
    for name, typ in (("setup", dict), ("seed", int), ("actions", list)):
        if not isinstance(data.get(name), typ) or isinstance(data.get(name), bool):
            raise ReplayError(_("{source}: field '{name}' is missing or not a {kind}").format(
                source=source, name=name, kind=typ.__name__))
    if not -MAX_SEED <= data["seed"] <= MAX_SEED:
        raise ReplayError(_("{source}: field 'seed': {seed} is outside ±2**64").format(
            source=source, seed=short_number(data["seed"])))
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise ReplayError(_("{source}: field 'meta' must be an object").format(source=source))
    return Replay(game=kind, setup=data["setup"], seed=data["seed"], actions=data["actions"], meta=meta,
                  version=version)
