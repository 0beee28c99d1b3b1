"""JSON files that are written atomically and never lost: corrupt ones are set aside, newer ones kept.

Pure Python. Reading goes through the one gate of `common.data.files` (regular file, size cap, every parser
failure one line). The rule: never overwrite what the app could not fully understand.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeGuard, TypeVar

from common.data.files import DataError, Kind, Problem, read_bytes, read_json
from common.data.i18n import _
from common.data.os_words import os_problem
from common.data.safe_text import one_line

T = TypeVar("T")

STALE_TEMP_S = 60.0  # a temp file this old is debris of a write that was killed
_TEMP_SUFFIX = ".tmp"
# `<name>.<writer's process id>-<random>.tmp` (the id lets a start clean the debris of a writer that is gone at
# once); `<name>.<random>.tmp` as older versions named them. The random part is what tempfile.mkstemp makes.
_TEMP_TAIL = r"\.(?:(?P<pid>[0-9]{1,10})-)?[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX)
_ANY_TEMP = re.compile(r".+" + _TEMP_TAIL)

# What a loader's check may raise for data it cannot use (a bad type reaching a constructor, a missing
# key, a number out of range, structures nested past the recursion limit).
DATA_ERRORS: tuple[type[Exception], ...] = (ValueError, TypeError, KeyError, IndexError, AttributeError,
                                            ArithmeticError, RecursionError)


def _temp_pattern(name: str) -> re.Pattern[str]:
    return re.compile(re.escape(name) + _TEMP_TAIL)


def temp_file(folder: Path, name: str) -> tuple[int, str]:
    """A new temp file beside `folder / name`, open for writing: its descriptor and path (a name
    `clean_stale_temps` knows, carrying this process's id)."""
    return tempfile.mkstemp(prefix=f"{name}.{os.getpid()}-", suffix=_TEMP_SUFFIX, dir=folder)


def _writer_gone(pid: str | None) -> bool:
    """Whether the process that named a temp file has ended (never assumed where it cannot be asked)."""
    if pid is None or os.name != "posix" or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):  # another user's process, or not a process id at all
        return False
    return False


def clean_stale_temps(path: Path, older_than_s: float = STALE_TEMP_S) -> list[Path]:
    """Remove the temp files earlier killed writes of `path` left next to it (only names this module
    makes, only regular files older than `older_than_s` or whose writer has ended); return what was removed."""
    path = Path(path)
    return _clean(path.parent, _temp_pattern(path.name), older_than_s)


def clean_temps_in(folder: Path, older_than_s: float = STALE_TEMP_S) -> list[Path]:
    """`clean_stale_temps` for every file of `folder`: the debris of any killed write there."""
    return _clean(Path(folder), _ANY_TEMP, older_than_s)


def clean_empty_files(folder: Path, suffix: str) -> list[Path]:
    """Remove the empty regular files named `*<suffix>` in `folder` (the names older versions reserved before a
    write that was then killed: nothing can be read from them); return what was removed."""
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for path in Path(folder).iterdir():
            with contextlib.suppress(OSError):
                info = path.lstat()
                if path.name.endswith(suffix) and stat.S_ISREG(info.st_mode) and info.st_size == 0:
                    path.unlink()
                    removed.append(path)
    return removed


def _clean(folder: Path, pattern: re.Pattern[str], older_than_s: float) -> list[Path]:
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        match = pattern.fullmatch(name)
        if match is None:
            continue
        debris = folder / name
        with contextlib.suppress(OSError):
            info = debris.lstat()
            if debris.is_file() and not debris.is_symlink() and (now - info.st_mtime > older_than_s
                                                                  or _writer_gone(match["pid"])):
                debris.unlink()
                removed.append(debris)
    return removed


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (no-op where folders cannot be opened, e.g. Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json_atomic(path: Path, data: object) -> None:
    """Write `data` as JSON to `path` via a temp file, fsync and rename (and fsync of the folder), so a
    crash never leaves half a file; stale temp files of earlier killed writes are removed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temps(path)
    write_bytes_atomic(path, to_json_bytes(data))


def to_json_bytes(data: object) -> bytes:
    """`data` as the app writes JSON files: indented, keys sorted, UTF-8."""
    return json.dumps(data, indent=2, sort_keys=True).encode("utf-8")


def write_bytes_atomic(path: Path, raw: bytes) -> None:
    """Write `raw` to `path` through a temp file beside it: fsync, rename, fsync of the folder."""
    tmp = _synced_temp(path.parent, path.name, raw)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(path.parent)


def _synced_temp(folder: Path, name: str, raw: bytes) -> str:
    """A temp file beside `folder / name` holding `raw`, on disk (fsync); removed again if that fails."""
    fd, tmp = temp_file(folder, name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def write_new_file(folder: Path, names: Callable[[int], str], raw: bytes) -> Path:
    """Write `raw` under the first name `names(1)`, `names(2)`, ... that no file in `folder` has, and return its
    path. The file appears under that name only whole: written to a temp file, fsynced, then linked to the name
    (which fails if another writer took it) and the folder fsynced; a kill at any moment leaves at most a temp
    file, which `clean_temps_in` removes. `OSError` if the write fails (nothing is left)."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = _synced_temp(folder, names(1), raw)
    try:
        n = 1
        while not _link_new(tmp, folder / names(n)):
            n += 1
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _fsync_folder(folder)
    return folder / names(n)


def _link_new(tmp: str, path: Path) -> bool:
    """Give the file `tmp` the name `path` unless a file has it (False); by a hard link, else by a rename that
    does not replace (Windows), else by a rename after a look (a file system without hard links)."""
    try:
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    except (OSError, NotImplementedError):
        pass
    try:
        if os.name != "nt" and os.path.lexists(path):
            return False
        os.rename(tmp, path)  # on Windows: FileExistsError if the name is taken
    except FileExistsError:
        return False
    return True


def save_json_versioned(path: Path, data: Mapping[str, object], version_key: str, kind: Kind, kept: str,
                        failed: str) -> str | None:
    """`write_json_versioned`, saying what went wrong in one line instead of raising: `kept` (translated, with
    {problem}) when the file there is kept, `failed` (with {path} and {problem}) when the write fails."""
    try:
        write_json_versioned(path, data, version_key, kind)
    except DataError as exc:
        return one_line(kept.format(problem=exc))
    except OSError as exc:
        return one_line(failed.format(path=path, problem=os_problem(exc)))
    return None


def write_json_versioned(path: Path, data: Mapping[str, object], version_key: str = "version",
                         kind: Kind = Kind.DATA) -> None:
    """`write_json_atomic`, unless that would lose something: a `DataError` (file left as it is) when the
    file on disk is of a newer format version than `data[version_key]`, or cannot be read now; a corrupt
    file there is set aside first. `OSError` when the write itself fails."""
    path = Path(path)
    ours = data[version_key]
    try:
        existing = read_json(path, kind)
    except DataError as exc:
        if exc.problem is not Problem.MISSING:
            if not exc.corrupt:
                raise DataError(path, exc.problem, f"{exc.detail}; not overwritten") from None
            set_aside(path)
    else:
        theirs = existing.get(version_key) if isinstance(existing, dict) else None
        if _is_int(theirs) and _is_int(ours) and theirs > ours:
            raise DataError(path, Problem.NEWER, f"format version {theirs} is newer than this app's {ours}; "
                                                 "not overwritten")
    write_json_atomic(path, data)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _bad_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    return target


def set_aside(path: Path) -> Path:
    """Rename a bad file to `<name>.bad-<time>` next to it and return the new path."""
    target = _bad_name(path)
    os.replace(path, target)
    return target


def keep_copy(path: Path, kind: Kind = Kind.DATA) -> Path:
    """Copy a file that is about to be rewritten (it held bad values) to `<name>.bad-<time>` and return the
    copy; an identical earlier copy is reused, so a file read at every start is copied once. `DataError`
    when the file cannot be read, `OSError` when the copy cannot be written."""
    path = Path(path)
    raw = read_bytes(path, kind)
    for earlier in sorted(path.parent.glob(glob_escape(path.name) + ".bad-*")):
        with contextlib.suppress(OSError, DataError):
            if earlier.stat().st_size == len(raw) and read_bytes(earlier, kind) == raw:
                return earlier
    target = _bad_name(path)
    write_bytes_atomic(target, raw)
    return target


def glob_escape(name: str) -> str:
    """`name` with the glob special characters quoted."""
    return re.sub(r"([*?\[])", r"[\1]", name)


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What `load_json` found: the checked value (None: use defaults), one line to show, and whether the
    file must be kept as it is this run (unreadable for now, or of a newer format version)."""

    value: T | None
    message: str | None = None
    read_only: bool = False


def load_json(path: Path, what: str, check: Callable[[object], T], kind: Kind = Kind.DATA,
              version: int | None = None, version_key: str = "version") -> Loaded[T]:
    """Read a user file through the gate and `check` its JSON (raise any of `DATA_ERRORS` to refuse it).

    - missing: `Loaded(None)`;
    - corrupt (bad JSON, too large, too deep, refused by `check`): set aside as `<name>.bad-<time>`;
    - unreadable for now (permission denied, not a regular file): left as it is, `read_only`;
    - `data[version_key]` newer than `version`: `check`ed and used read-only, never rewritten.
    """
    path = Path(path)
    try:
        data = read_json(path, kind)
    except DataError as exc:
        if exc.problem is Problem.MISSING:
            return Loaded(None)
        if not exc.corrupt:
            return Loaded(None, one_line(_("{what} file {path} {problem}; left as it is, using defaults").format(
                what=_(what), path=path, problem=exc.detail)), True)
        return Loaded(None, _set_aside_line(path, what, _("was unreadable ({problem})").format(problem=exc.detail)))
    theirs: object = data.get(version_key) if isinstance(data, dict) else None
    if version is not None and _is_int(theirs) and theirs > version:
        try:
            value: T | None = check(data)
        except DATA_ERRORS:
            value = None
        use = _("used read-only") if value is not None else _("not used")
        return Loaded(value, one_line(_("{what} file {path} is format version {theirs}, newer than this app's "
                                        "{version}: {use}, never rewritten").format(
            what=_(what), path=path, theirs=theirs, version=version, use=use)), True)
    try:
        return Loaded(check(data))
    except DATA_ERRORS as exc:
        reason = one_line(exc if str(exc) else type(exc).__name__, 200)
        return Loaded(None, _set_aside_line(path, what, _("is not usable ({problem})").format(problem=reason)))


def _set_aside_line(path: Path, what: str, why: str) -> str:
    """The toast for a file set aside; `what` (marked with N_ by the caller) is translated here."""
    try:
        where = _("moved to {name}").format(name=set_aside(path).name)
    except OSError:
        where = _("could not be moved aside")
    return one_line(_("{what} file {path} {problem}; {where}, using defaults").format(
        what=_(what), path=path, problem=why, where=where))


class DataFileError(DataError):
    """A shipped data file (level, card data) that cannot be read or used; one line, file first. Each kind
    of data file has its own subclass (`LevelError`, `CardDataError`)."""


def read_json_file(path: Path, kind: Kind = Kind.DATA, error: type[DataFileError] = DataFileError,
                   within: Path | None = None) -> object:
    """Parse a JSON data file through the gate (inside `within`, if given); `error` (one line: file, line and
    column, problem) if bad."""
    path = Path(path)
    try:
        return read_json(path, kind, within)
    except DataError as exc:
        if exc.problem is Problem.SYNTAX:
            raise error(path, exc.problem, exc.detail) from None
        if exc.problem in (Problem.TOO_DEEP, Problem.NUMBER_TOO_LONG, Problem.TOO_LARGE):
            raise error(path, exc.problem, f"(file): {exc.detail}") from None
        raise error(path, exc.problem, f"(file): cannot read: {exc.detail}") from None


def cannot_write(path: Path) -> str | None:
    """Why a file could not be written at `path`, or None; checked before a long run by writing and removing
    a probe file (and any folders made for it), so nothing is left on disk."""
    path = Path(path)
    if path.is_dir():
        return f"{path} is a folder"
    if path.exists() and not path.is_file():
        return f"{path} is not a regular file"
    made: list[Path] = []
    folder = path.parent
    try:
        missing = [f for f in (folder, *folder.parents) if not f.exists()]
        for f in reversed(missing):
            f.mkdir()
            made.append(f)
        fd, probe = temp_file(folder, path.name)
        os.close(fd)
        os.unlink(probe)
        if path.exists():
            with open(path, "ab"):
                pass
    except OSError as exc:
        return f"cannot write in {folder} ({exc.strerror or type(exc).__name__})"
    finally:
        for f in reversed(made):
            with contextlib.suppress(OSError):
                f.rmdir()
    return None
