"""My levels: the levels the player made or imported, kept in the data folder. No pygame.

Each level is one shared level file (`arenas.shared_level`: the level, its maker, its proof) named by an id
the store draws, `<data dir>/my_levels/<id>.json`; a level's name is never part of a path. Their records are
apart from the box levels' (`arenas.my_records`). Every file is read through the one gate and checked as an
imported file is: a corrupt one is set aside (`<name>.bad-<time>`) with one line, one that cannot be read now
or of a newer format version is left as it is with one line, and nothing is ever written over a newer file.
Each operation that fails raises `MyLevelsError`, one line, having changed nothing.
"""
from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from arenas.level_proof import LevelProof, proof_fingerprint
from arenas.rules.levels import Level, LevelError, level_from_dict, level_problems
from arenas.shared_level import Opened, SharedLevel, SharedLevelError, read_shared
from common.data.files import DataError, Kind, Problem
from common.data.i18n import _
from common.data.jsonio import clean_temps_in, set_aside, write_json_versioned, write_new_file
from common.data.os_words import os_problem
from common.data.paths import data_dir
from common.data.safe_text import one_line

FOLDER = "my_levels"
EXPORTS = "shared levels"
MAX_LEVELS = 500  # the most levels listed (a folder flooded with files is not read to its end)
_ID = re.compile(r"[0-9a-f]{8}")
_SLUG = re.compile(r"[^A-Za-z0-9]+")


class MyLevelsError(DataError):
    """An operation on My levels that could not be done; str() is one line. Nothing was changed."""


@dataclass(frozen=True)
class MyLevel:
    """One of the player's levels: its id in the store and the shared level it is."""

    id: str
    shared: SharedLevel

    @property
    def level(self) -> Level:
        return self.shared.level

    @property
    def proof(self) -> LevelProof | None:
        return self.shared.proof


@dataclass(frozen=True)
class Shelf:
    """What the store holds now: the levels (by name), and one line for each file that could not be used."""

    levels: tuple[MyLevel, ...]
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Imported:
    """What an import did: the level now in My levels (None: nothing changed) and one line saying so."""

    level: MyLevel | None
    line: str


def default_folder() -> Path:
    """Where My levels are kept: `my_levels` in the user's data folder."""
    return data_dir() / FOLDER


def export_folder() -> Path:
    """Where Export writes shared level files for the player to pass on: `shared levels` in the data folder."""
    return data_dir() / EXPORTS


def file_stem(name: str) -> str:
    """A file name (without extension) made of a level's name: ASCII letters, digits and dashes only."""
    return _SLUG.sub("-", name).strip("-")[:40].lower() or "level"


class MyLevels:
    """The player's levels in `folder` (default: `default_folder()`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()

    def _path(self, level_id: str) -> Path:
        if not isinstance(level_id, str) or not _ID.fullmatch(level_id):
            raise MyLevelsError(self.folder, Problem.INVALID, _("{id} is not the id of a level of mine").format(
                id=repr(one_line(level_id, 20))))
        return self.folder / f"{level_id}.json"

    # ---- reading ---------------------------------------------------------------------------
    def list(self) -> Shelf:
        """Every usable level, by name; a line for each file that is not (set aside when corrupt)."""
        try:
            names = sorted(n for n in os.listdir(self.folder) if n.endswith(".json") and _ID.fullmatch(n[:-5]))
        except FileNotFoundError:
            return Shelf(())
        except OSError as exc:
            return Shelf((), (one_line(_("My levels: cannot read {folder} ({problem})").format(
                folder=self.folder, problem=os_problem(exc))),))
        clean_temps_in(self.folder)
        levels: list[MyLevel] = []
        problems: list[str] = []
        for name in names[:MAX_LEVELS]:
            try:
                levels.append(self.load(name[:-5]))
            except MyLevelsError as exc:
                problems.append(str(exc))
        if len(names) > MAX_LEVELS:
            problems.append(_("My levels: only the first {n} of {total} files are listed").format(
                n=MAX_LEVELS, total=len(names)))
        levels.sort(key=lambda m: (m.level.name.casefold(), m.id))
        return Shelf(tuple(levels), tuple(problems))

    def load(self, level_id: str) -> MyLevel:
        """One level by its id; `MyLevelsError` (one line) when it cannot be used (a corrupt file is set aside,
        a newer or unreadable one left as it is)."""
        path = self._path(level_id)
        try:
            opened = read_shared(path, within=self.folder)
        except SharedLevelError as exc:
            raise self._unusable(path, exc) from None
        return MyLevel(level_id, opened.shared)

    def _unusable(self, path: Path, exc: SharedLevelError) -> MyLevelsError:
        if exc.problem is Problem.MISSING:
            return MyLevelsError(path, exc.problem, _("no such level in My levels"))
        if not exc.corrupt:
            return MyLevelsError(path, exc.problem, _("{problem}; left as it is").format(problem=exc.detail))
        try:
            where = _("moved to {name}").format(name=set_aside(path).name)
        except OSError:
            where = _("could not be moved aside")
        return MyLevelsError(path, exc.problem, f"{exc.detail}; {where}")

    def find(self, fingerprint: str) -> MyLevel | None:
        """The level of mine of this version, if there is one."""
        return next((m for m in self.list().levels if m.level.fingerprint == fingerprint), None)

    # ---- writing ---------------------------------------------------------------------------
    def _write(self, level_id: str, shared: SharedLevel) -> MyLevel:
        path = self._path(level_id)
        try:
            write_json_versioned(path, shared.to_json(), "version", Kind.SHARED_LEVEL)
        except DataError as exc:
            raise MyLevelsError(path, exc.problem, exc.detail) from None
        except OSError as exc:
            raise MyLevelsError(path, Problem.UNREADABLE, _("could not be written ({problem})").format(
                problem=os_problem(exc))) from None
        return MyLevel(level_id, shared)

    def add(self, shared: SharedLevel) -> MyLevel:
        """Keep `shared` as a new level of mine (a fresh id)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            ids: dict[int, str] = {}  # the n-th name tried, drawn once: a taken id (rare) gives way to another
            path = write_new_file(self.folder, lambda n: f"{ids.setdefault(n, secrets.token_hex(4))}.json",
                                  shared.to_bytes())
        except OSError as exc:
            raise MyLevelsError(self.folder, Problem.UNREADABLE, _("could not be written ({problem})").format(
                problem=os_problem(exc))) from None
        return MyLevel(path.stem, shared)

    def save(self, level: Level, level_id: str | None = None, maker: str = "") -> MyLevel:
        """Save `level` as a new level of mine (no `level_id`) or over the one with `level_id`, keeping that one's
        maker and, while the level's version is the same, its proof (an edit drops it). A level the loader would
        refuse is not saved (its first problem is the line)."""
        problems = level_problems(level)
        if problems:
            raise MyLevelsError(self.folder if level_id is None else self._path(level_id), Problem.INVALID,
                                problems[0].line)
        if level_id is None:
            return self.add(SharedLevel(level, maker))
        return self._write(level_id, self.load(level_id).shared.with_level(level))

    def rename(self, level_id: str, name: str) -> MyLevel:
        """Give a level of mine a new name (its version, records and proof stay: a name is not the game)."""
        mine = self.load(level_id)
        try:
            level = level_from_dict({**mine.level.to_dict(), "name": name}, _("the new name"))
        except LevelError as exc:
            raise MyLevelsError(self._path(level_id), Problem.INVALID, exc.detail) from None
        return self._write(level_id, mine.shared.with_level(level))

    def set_proof(self, level_id: str, proof: LevelProof) -> MyLevel:
        """Keep `proof` with a level of mine; `MyLevelsError` when it is of another version (it was edited)."""
        mine = self.load(level_id)
        if proof.fingerprint != proof_fingerprint(mine.level):
            raise MyLevelsError(self._path(level_id), Problem.INVALID,
                                _("the proof is of another version of the level; prove it again"))
        return self._write(level_id, replace(mine.shared, proof=proof))

    def delete(self, level_id: str) -> None:
        """Remove a level of mine (its records stay in the records file, apart)."""
        path = self._path(level_id)
        self.load(level_id)  # a file of a newer version (or unreadable now) is not deleted
        try:
            path.unlink()
        except OSError as exc:
            raise MyLevelsError(path, Problem.UNREADABLE, _("could not be removed ({problem})").format(
                problem=os_problem(exc))) from None

    # ---- sharing ---------------------------------------------------------------------------
    def import_file(self, path: Path | str) -> Imported:
        """Check a shared (or plain) level file and add its level to My levels: one line saying what happened.
        A bad file changes nothing; a level already here is not added twice (its proof is added if it had
        none)."""
        try:
            opened = read_shared(path)
        except SharedLevelError as exc:
            return Imported(None, str(exc))
        return self.take(opened)

    def take(self, opened: Opened) -> Imported:
        """Add an opened shared level (see `import_file`)."""
        shared = opened.shared
        name = shared.level.name
        try:
            known = self.find(shared.level.fingerprint)
            if known is not None:
                if shared.proven and not known.shared.proven:
                    assert shared.proof is not None
                    mine = self.set_proof(known.id, shared.proof)
                    return Imported(mine, _("“{name}” was already in My levels; its proof is added").format(
                        name=known.level.name))
                return Imported(None, _("“{name}” is already in My levels").format(name=known.level.name))
            mine = self.add(shared)
        except MyLevelsError as exc:
            return Imported(None, str(exc))
        if shared.proven:
            assert shared.proof is not None
            return Imported(mine, _("“{name}” added to My levels: {proof}").format(
                name=name, proof=shared.proof.summary()))
        if opened.note is not None:
            return Imported(mine, one_line(_("“{name}” added to My levels as unproven: {why}").format(
                name=name, why=opened.note)))
        return Imported(mine, _("“{name}” added to My levels (not proven yet)").format(name=name))

    def export(self, level_id: str, folder: Path) -> Path:
        """Write a level of mine as a shared level file in `folder`, named after the level (never over another
        file), and return its path."""
        mine = self.load(level_id)
        stem = file_stem(mine.level.name)
        try:
            return write_new_file(Path(folder), lambda n: f"{stem}.level.json" if n == 1 else f"{stem}-{n}.level.json",
                                  mine.shared.to_bytes())
        except OSError as exc:
            raise MyLevelsError(folder, Problem.UNREADABLE, _("could not be written ({problem})").format(
                problem=os_problem(exc))) from None



def import_dropped(path: Path) -> str | None:
    """A file dropped onto the window: a level file (JSON) joins My levels, one line saying how; None for any
    other file."""
    if path.suffix.lower() != ".json":
        return None
    return MyLevels().import_file(path).line
