"""Atomic JSON files that are set aside, never lost, when they are corrupt. Pure Python."""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` via a temp file and rename, so a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path:
    """Rename a bad file to `<name>.bad-<time>` next to it and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target


def read_json_or_set_aside(path: Path, what: str) -> tuple[Any | None, str | None]:
    """Read JSON from `path`.

    Returns (data, None) on success, (None, None) when the file does not exist, and
    (None, message) when it is unreadable or corrupt: the file is then renamed aside and
    `message` is one line naming `what`, the file and the problem.
    """
    path = Path(path)
    if not path.exists():
        return None, None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else type(exc).__name__
        try:
            moved = set_aside(path)
            where = f"moved to {moved.name}"
        except OSError:
            where = "could not be moved aside"
        return None, f"{what} file {path} was unreadable ({reason}); {where}, using defaults"


class DataFileError(ValueError):
    """A data file that cannot be read or is not JSON; str() is one line naming the file and where."""


def read_json_file(path: Path) -> Any:
    """Parse a JSON data file; `DataFileError` (one line: file, line and column, problem) if bad."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(f"{path}: (file): cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(f"{path}: line {exc.lineno} column {exc.colno}: JSON syntax error: {exc.msg}") from None
