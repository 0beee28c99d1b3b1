"""The shared level file: one level as players pass it on, with its maker and its proof. No pygame.

A shared level file is a JSON object::

    {"format": "arenas-level", "version": 1, "level": {...a level file's object...},
     "fingerprint": "<12 hex digits: the level's version>", "maker": "Ana",
     "proof": {"fingerprint", "seeds", "expert_wins", "person_wins", "label", "replay"} | null}

`proof` (see `arenas.level_proof`) carries one winning replay of the expert team, which an importer plays
again in a moment (`open_shared`) before believing the proof. Every problem with a file is one line and nothing
is kept of it: a file of a newer format version is refused; a file whose proof does not hold for its level
(another version of the level, a replay that does not win it) is opened without its proof, saying why. A
plain level file (the shipped levels' format) opens too, with no maker and no proof. The player's own levels
(`arenas.my_levels`) are kept in this same format.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeGuard

from arenas.level_proof import LevelProof, proof_fingerprint, proof_from_json, proof_problem
from arenas.rules.levels import Level, LevelError, is_fingerprint, level_from_dict
from common.data.files import Kind, Problem
from common.data.i18n import _
from common.data.jsonio import DataFileError, read_json_file, to_json_bytes
from common.data.rules_api import FieldError, json_int, json_str
from common.data.safe_text import one_line, short_number

FORMAT = "arenas-level"
SHARED_VERSION = 1  # the newest format this app reads and the one it writes
MAX_MAKER = 24  # characters of the maker's name (as names in rooms)
_FIELDS = ("format", "version", "level", "fingerprint", "maker", "proof")


class SharedLevelError(DataFileError):
    """A shared level file that cannot be used; str() is one line: the file, then the problem."""


@dataclass(frozen=True)
class SharedLevel:
    """A level with its maker's name and (if it has been proved) its proof."""

    level: Level
    maker: str = ""
    proof: LevelProof | None = None

    @property
    def proven(self) -> bool:
        """Its proof holds a winning replay of the expert team (checked when the file was opened)."""
        return self.proof is not None and self.proof.proven

    def to_json(self) -> dict[str, object]:
        """The shared level file's object."""
        return {"format": FORMAT, "version": SHARED_VERSION, "level": self.level.to_dict(),
                "fingerprint": self.level.fingerprint, "maker": self.maker,
                "proof": self.proof.to_json() if self.proof is not None else None}

    def to_bytes(self) -> bytes:
        """The file's bytes as the app writes them."""
        return to_json_bytes(self.to_json())

    def with_level(self, level: Level) -> SharedLevel:
        """The same with `level` in its place; the proof stays only while it is of the same version
        (editing drops it)."""
        keep = self.proof is not None and self.proof.fingerprint == proof_fingerprint(level)
        return replace(self, level=level, proof=self.proof if keep else None)


@dataclass(frozen=True)
class Opened:
    """A shared level as opened, and one line when its proof was dropped (why), else None."""

    shared: SharedLevel
    note: str | None = None
    plain: bool = False  # a plain level file (the shipped levels' format), not a shared level file


def is_shared(data: object) -> TypeGuard[Mapping[str, object]]:
    """True when `data` says it is a shared level file (whatever its version)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def open_shared(data: object, source: str) -> Opened:
    """A shared level file's (or a plain level file's) parsed JSON, checked; `SharedLevelError` (one line naming
    `source` and the field) when it cannot be used. The proof's replay is played again: a proof that does not
    hold is dropped, and `note` says why."""
    if not is_shared(data):
        try:
            return Opened(SharedLevel(level_from_dict(data, source)), plain=True)
        except LevelError as exc:
            raise SharedLevelError(source, Problem.INVALID, exc.detail) from None
    try:
        version = json_int(data.get("version"), "version")
    except FieldError as bad:
        raise SharedLevelError(source, Problem.INVALID, f"{bad.field}: {bad.problem}") from None
    if version < 1:
        raise SharedLevelError(source, Problem.INVALID, f"version: must be 1 or more, got {short_number(version)}")
    if version > SHARED_VERSION:
        raise SharedLevelError(source, Problem.NEWER, _(
            "a shared level of format version {version}, newer than this app's {ours}; update the app to open "
            "it").format(version=short_number(version), ours=SHARED_VERSION))
    try:
        return _parse(data, source)
    except FieldError as bad:
        raise SharedLevelError(source, Problem.INVALID, f"{bad.field}: {bad.problem}") from None
    except LevelError as exc:
        raise SharedLevelError(source, Problem.INVALID, f"level.{exc.detail}") from None


def _parse(data: Mapping[str, object], source: str) -> Opened:
    for key in data:
        if key not in _FIELDS:
            raise FieldError(one_line(key, 40), "unknown field")
    if "level" not in data:
        raise FieldError("level", "missing field")
    level = level_from_dict(data["level"], source)
    fingerprint = json_str(data.get("fingerprint"), "fingerprint")
    if not is_fingerprint(fingerprint):
        raise FieldError("fingerprint", "expected 12 hex digits")
    maker = json_str(data.get("maker", ""), "maker").strip()
    if len(maker) > MAX_MAKER or not maker.isprintable():
        raise FieldError("maker", f"must be at most {MAX_MAKER} printable characters")
    raw = data.get("proof")
    proof = proof_from_json(raw) if raw is not None else None
    shared = SharedLevel(level, maker, proof)
    if proof is None:
        return Opened(shared)
    if fingerprint != level.fingerprint:
        return Opened(replace(shared, proof=None), _("the level was changed after it was proved"))
    problem = proof_problem(level, proof)
    if problem is not None:
        return Opened(replace(shared, proof=None), one_line(problem))
    return Opened(shared)


def read_shared(path: Path | str, within: Path | None = None) -> Opened:
    """Read a shared level file (or a plain level file) through the one gate and open it (`open_shared`);
    `SharedLevelError` (one line) for any problem, a file out of reach included."""
    path = Path(path)
    return open_shared(read_json_file(path, Kind.SHARED_LEVEL, SharedLevelError, within), str(path))
