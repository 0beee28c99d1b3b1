"""Which app instance owns a file: an advisory lock on `<file>.lock` beside it (standard library only:
`fcntl.flock` on POSIX, `msvcrt.locking` on Windows). Pure Python (no pygame).

The instance that takes the lock keeps it until it lets go (`release`, which removes the lock file) or ends; the
operating system lets go of a killed instance's lock at once, so a crash never leaves a file locked (only an
empty lock file, which the next instance takes). A lock counts only while its file is still the one at the lock
file's name, so a file removed by a release is never held by two instances."""
from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

_held: dict[Path, int] = {}  # lock file -> its open descriptor, for the locks this process holds


def lock_path(path: Path) -> Path:
    """The lock file of `path`."""
    return path.with_name(path.name + ".lock")


def _try_lock(fd: int, where: Path) -> bool:
    """Take the lock of the open file `fd` (the lock file `where`) without waiting; False when another process
    has it, or when the file was removed or replaced by the holder's release in the meantime."""
    try:
        if sys.platform == "win32":
            import msvcrt
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return os.path.samestat(os.fstat(fd), os.stat(where))
    except OSError:
        return False


def hold(path: Path) -> bool:
    """Own `path`: True when this process holds its lock (now or already), False when another does. A lock file
    that cannot be made (a read-only folder) owns nothing: True, as without locks."""
    where = lock_path(Path(path)).absolute()
    if where in _held:
        return True
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by child processes
    except OSError:
        return True
    if not _try_lock(fd, where):
        os.close(fd)
        return False
    _held[where] = fd
    return True


def held_elsewhere(path: Path) -> bool:
    """Whether another process holds the lock of `path` (this one takes it only to look)."""
    if holds(path):
        return False
    if not hold(path):
        return True
    release(path)
    return False


def holds(path: Path) -> bool:
    """Whether this process holds the lock of `path`."""
    return lock_path(Path(path)).absolute() in _held


def release(path: Path) -> None:
    """Let go of the lock of `path` if this process holds it, and remove the lock file."""
    where = lock_path(Path(path)).absolute()
    fd = _held.pop(where, None)
    if fd is not None:
        with contextlib.suppress(OSError):
            where.unlink()  # first: whoever opens it now finds a lock of a file no longer there
        with contextlib.suppress(OSError):
            os.close(fd)  # closing the descriptor lets go of its lock


@contextlib.contextmanager
def exclusive(path: Path, wait_s: float = 2.0) -> Iterator[bool]:
    """Hold the lock of `path` for a short read-modify-write (waiting up to `wait_s` for another instance's
    to end); yields whether it was had (without it the caller goes on, as without locks)."""
    if holds(path):
        yield True
        return
    deadline = time.monotonic() + wait_s
    while not hold(path):
        if time.monotonic() > deadline:
            yield False
            return
        time.sleep(0.02)
    try:
        yield True
    finally:
        release(path)


def clean_stale_locks(folder: Path) -> list[Path]:
    """Remove the lock files in `folder` no instance holds (a killed instance's); return them."""
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for lock in Path(folder).glob("*.lock"):
            owned = lock.with_name(lock.name.removesuffix(".lock"))
            if not holds(owned) and lock.is_file() and hold(owned) and holds(owned):
                release(owned)
                removed.append(lock)
    return removed
