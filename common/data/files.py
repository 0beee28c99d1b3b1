"""The one gate for every file the app reads. Pure Python (no pygame).

A file is read only when it is a regular file (never a FIFO, a device or a folder), inside its folder
when one is given (symlinks resolved), and no bigger than the cap of its `Kind`; reading stops at the
cap. Every problem, and every failure of a parser (syntax, nesting too deep, a number too long, bad
UTF-8), is one `DataError` whose str() is one line naming the file and the problem. Its `problem` tells
callers whether the file is corrupt (it may be set aside) or only out of reach for now (leave it be).
"""
from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

from common.data.i18n import N_, _
from common.data.safe_text import one_line

KIB = 1024
MIB = 1024 * KIB
T = TypeVar("T")
_PREAD: Callable[[int, int, int], bytes] | None = getattr(os, "pread", None)  # not on Windows


class Kind(StrEnum):
    """What a file is; `cap` is the most bytes the app reads of one."""

    SETTINGS = "settings"
    REPLAY = "replay"
    SAVE = "save"
    RECORDS = "records"
    SETUP = "setup"
    LEVEL = "level"
    SHARED_LEVEL = "shared level"  # a level with its maker and proof, as players share it
    CARDS = "card data"
    MANIFEST = "pack manifest"
    IMAGE = "image"
    LOG = "tournament log"
    DATA = "data"  # any other data file

    @property
    def cap(self) -> int:
        return _CAPS[self]


_CAPS = {Kind.SETTINGS: 1 * MIB, Kind.REPLAY: 32 * MIB, Kind.SAVE: 16 * MIB, Kind.RECORDS: 4 * MIB,
         Kind.SETUP: 1 * MIB, Kind.LEVEL: 4 * MIB, Kind.SHARED_LEVEL: 1 * MIB, Kind.CARDS: 4 * MIB,
         Kind.MANIFEST: 1 * MIB, Kind.IMAGE: 32 * MIB, Kind.LOG: 64 * MIB, Kind.DATA: 16 * MIB}


class Problem(StrEnum):
    """Why a file could not be used."""

    MISSING = "missing"
    DENIED = "denied"  # permission denied: unreadable for now, never corrupt
    NOT_A_FILE = "not a file"
    OUTSIDE = "outside its folder"
    UNREADABLE = "unreadable"  # any other error of the operating system
    TOO_LARGE = "too large"
    NOT_UTF8 = "not UTF-8"
    SYNTAX = "syntax"
    TOO_DEEP = "too deep"
    NUMBER_TOO_LONG = "number too long"
    NEWER = "newer version"
    IN_USE = "in use"  # another instance of the app owns the file (common.data.file_lock): out of reach, never corrupt
    INVALID = "invalid"  # the content parsed but a check refused it

    @property
    def corrupt(self) -> bool:
        """The file's content is bad (setting it aside loses nothing); False when it is only out of reach."""
        return self in _CORRUPT


_CORRUPT = frozenset({Problem.TOO_LARGE, Problem.NOT_UTF8, Problem.SYNTAX, Problem.TOO_DEEP,
                      Problem.NUMBER_TOO_LONG, Problem.INVALID})


class DataError(ValueError):
    """A file that cannot be used; str() is one line: the file, then the problem."""

    def __init__(self, path: Path | str, problem: Problem, detail: str) -> None:
        self.path = Path(path) if not isinstance(path, Path) else path
        self.problem = problem
        self.detail = one_line(detail)
        super().__init__(one_line(f"{path}: {detail}"))

    def __reduce__(self) -> tuple[type[DataError], tuple[Path, Problem, str]]:
        """Pickled with its own arguments (an error raised in a worker process reaches the app whole)."""
        return type(self), (self.path, self.problem, self.detail)

    @property
    def corrupt(self) -> bool:
        return self.problem.corrupt


def _file_type(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _os_error(path: Path, exc: OSError | ValueError) -> DataError:
    if isinstance(exc, FileNotFoundError):
        return DataError(path, Problem.MISSING, _("no such file"))
    if isinstance(exc, PermissionError):
        return DataError(path, Problem.DENIED, _("cannot be read now (permission denied)"))
    if isinstance(exc, IsADirectoryError):
        return DataError(path, Problem.NOT_A_FILE, _("is a folder, not a file"))
    if isinstance(exc, ValueError):  # a NUL character, or a name the file system cannot encode
        return DataError(path, Problem.UNREADABLE, _("the file name cannot be used"))
    return DataError(path, Problem.UNREADABLE, _("cannot be read ({reason})").format(
        reason=exc.strerror or type(exc).__name__))


def inside(path: Path | str, folder: Path | str) -> Path:
    """The real path of `path` (symlinks resolved) if it stays inside `folder`, else a `DataError`."""
    path = Path(path)
    try:
        base = Path(folder).resolve()
        real = path.resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # RuntimeError: a symlink loop
        raise DataError(path, Problem.UNREADABLE, _("path cannot be resolved ({reason})").format(
            reason=type(exc).__name__)) from None
    if not real.is_relative_to(base):
        raise DataError(path, Problem.OUTSIDE, _("leads outside {folder} (to {real}); not read").format(
            folder=folder, real=real))
    return real


def _open_regular(path: Path, kind: Kind, within: Path | str | None) -> tuple[int, int]:
    """An open descriptor of the regular file `path` (inside `within`, if given) and its size, at most the cap
    of `kind`; `DataError` otherwise (nothing left open)."""
    target = inside(path, within) if within is not None else path
    try:
        before = os.stat(target)
    except (OSError, ValueError) as exc:
        raise _os_error(path, exc) from None
    if not stat.S_ISREG(before.st_mode):  # checked before opening: a FIFO would block, a device never end
        raise DataError(path, Problem.NOT_A_FILE, _("is {kind}, not a regular file").format(
            kind=_file_type(before.st_mode)))
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError) as exc:
        raise _os_error(path, exc) from None
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode):  # replaced between the two looks
            raise DataError(path, Problem.NOT_A_FILE, _("is {kind}, not a regular file").format(
                kind=_file_type(now.st_mode)))
        if now.st_size > kind.cap:
            raise _too_large(path, kind)
    except OSError as exc:
        os.close(fd)
        raise _os_error(path, exc) from None
    except DataError:
        os.close(fd)
        raise
    return fd, now.st_size


def read_bytes(path: Path | str, kind: Kind = Kind.DATA, within: Path | str | None = None) -> bytes:
    """The bytes of a regular file of at most `kind.cap` bytes (inside `within`, if given); `DataError`."""
    path = Path(path)
    fd, _size = _open_regular(path, kind, within)
    try:
        chunks: list[bytes] = []
        left = kind.cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise _os_error(path, exc) from None
    finally:
        os.close(fd)
    if left <= 0:  # the file grew past the cap while being read
        raise _too_large(path, kind)
    return b"".join(chunks)


def look_into(path: Path | str, kind: Kind, look: Callable[[Callable[[int, int], bytes], int], T],
              within: Path | str | None = None) -> T:
    """What `look(read_at, size)` finds in a file that passes the gate of `read_bytes`, reading only the pieces
    it asks for (`read_at(offset, n)`: at most n bytes from there); `DataError` as `read_bytes` gives."""
    path = Path(path)
    fd, size = _open_regular(path, kind, within)

    def read_at(offset: int, n: int) -> bytes:
        if _PREAD is not None:  # one call where the system has it
            return _PREAD(fd, n, offset)
        os.lseek(fd, offset, os.SEEK_SET)
        return os.read(fd, n)
    try:
        return look(read_at, size)
    except OSError as exc:
        raise _os_error(path, exc) from None
    finally:
        os.close(fd)


def _too_large(path: Path, kind: Kind) -> DataError:
    return DataError(path, Problem.TOO_LARGE, _("too large for a {kind} file (over {cap}); not read").format(
        kind=kind, cap=_size_text(kind.cap)))


def _size_text(n: int) -> str:
    return f"{n // MIB} MB" if n >= MIB and n % MIB == 0 else f"{n} bytes"


def decode_text(raw: bytes, path: Path | str) -> str:
    """UTF-8 text of `raw`; `DataError` if it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(path, Problem.NOT_UTF8, _("not UTF-8 text (byte {n})").format(n=exc.start)) from None


def normalise_newlines(text: str) -> str:
    """`text` with CRLF and CR line ends as "\\n", as Python's text files read them."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


JSON_ERRORS = {  # the json module's own words for what it found, in the player's language
    "Expecting value": N_("a value was expected"),
    "Expecting property name enclosed in double quotes": N_("a name in double quotes was expected"),
    "Expecting ',' delimiter": N_("a comma was expected"),
    "Expecting ':' delimiter": N_("a colon was expected"),
    "Extra data": N_("there is more after the end"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Invalid control character at": N_("a control character inside a string"),
    "Invalid \\escape": N_("an escape that is not one"),
    "Invalid \\uXXXX escape": N_("a \\u escape that is not one"),
    "Illegal trailing comma before end of object": N_("a comma before the end of an object"),
    "Illegal trailing comma before end of array": N_("a comma before the end of a list"),
}


def parse_json(text: str, path: Path | str) -> object:
    """Parse JSON text; every parser failure is a `DataError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        words = JSON_ERRORS.get(exc.msg)
        raise DataError(path, Problem.SYNTAX, _("line {line} column {column}: JSON syntax error: {error}").format(
            line=exc.lineno, column=exc.colno, error=_(words) if words is not None else exc.msg)) from None
    except RecursionError:
        raise DataError(path, Problem.TOO_DEEP, _("JSON nested too deeply")) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise DataError(path, Problem.NUMBER_TOO_LONG, _("a number is too long ({detail})").format(
            detail=_first_words(exc))) from None


def parse_toml(text: str, path: Path | str) -> dict[str, object]:
    """Parse TOML text; every parser failure is a `DataError`."""
    import tomllib  # here: a start-up with its manifests parsed already (common.data.toml_cache) never needs it
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(path, Problem.SYNTAX, _("TOML syntax error: {error}").format(error=exc)) from None
    except RecursionError:
        raise DataError(path, Problem.TOO_DEEP, _("TOML nested too deeply")) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise DataError(path, Problem.NUMBER_TOO_LONG, _("a number is too long ({detail})").format(
            detail=_first_words(exc))) from None


def _first_words(exc: Exception) -> str:
    return str(exc).split(":")[0]


def read_text(path: Path | str, kind: Kind = Kind.DATA, within: Path | str | None = None) -> str:
    """A UTF-8 text file through the gate of `read_bytes`."""
    return decode_text(read_bytes(path, kind, within), path)


def read_json(path: Path | str, kind: Kind = Kind.DATA, within: Path | str | None = None) -> object:
    """A JSON file through the gate of `read_bytes`, parsed; any problem is a `DataError`.

    Line ends are read as Python's text files give them (so error positions count lines as before)."""
    return parse_json(normalise_newlines(read_text(path, kind, within)), path)


def read_toml(path: Path | str, kind: Kind = Kind.MANIFEST, within: Path | str | None = None) -> dict[str, object]:
    """A TOML file through the gate of `read_bytes`, parsed; any problem is a `DataError`."""
    return parse_toml(read_text(path, kind, within), path)
