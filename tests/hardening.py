"""Shared helpers of the hardening tests: a snapshot of a folder, to prove nothing else changed on disk."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, TypeGuard

import pytest

from common.data.paths import APP_DIR_NAME

Snapshot = dict[str, str | bytes]


def snapshot(folder: Path) -> Snapshot:
    """Every entry under `folder`: a file's bytes, else what it is (folder, FIFO, symlink target)."""
    found: Snapshot = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            key = str(path.relative_to(folder))
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                found[key] = f"symlink -> {os.readlink(path)}"
            elif stat.S_ISREG(info.st_mode):
                found[key] = path.read_bytes()
            else:
                found[key] = "folder" if stat.S_ISDIR(info.st_mode) else f"special {stat.S_IFMT(info.st_mode)}"
    return found


def file_bytes(folder: Path) -> dict[str, bytes]:
    """Every regular file under `folder` (relative name) and its bytes, but the cache's (parsed manifests: what
    the app can always make again, kept by any start)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.relative_to(folder).parts[:2] != (APP_DIR_NAME, "cache")}


def changes(before: Snapshot, after: Snapshot) -> dict[str, str]:
    """What differs: "added", "removed" or "changed" per entry."""
    out = {k: "removed" for k in before if k not in after}
    out.update({k: "added" for k in after if k not in before})
    out.update({k: "changed" for k in before if k in after and before[k] != after[k]})
    return out


def is_one_line(message: str | None, limit: int = 500) -> TypeGuard[str]:
    """A message fit for a terminal or a toast: one line, no control character, capped."""
    return (message is not None and 0 < len(message) <= limit and message.isprintable())


def replace_value(data: Any, value: Any, index: int) -> Any:
    """A copy of JSON `data` with its `index`-th (mod count) leaf or container replaced by `value`."""
    data = json.loads(json.dumps(data))
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            spots.append((node, k))
            walk(v)

    walk(data)
    parent, key = spots[index % len(spots)]
    parent[key] = value
    return data


def deny_open(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """From now on `os.open` of `path` fails with permission denied (a file of another user); others open."""
    real_open = os.open

    def denied(file: Any, flags: int, *args: Any) -> int:
        if Path(str(file)) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, flags, *args)
    monkeypatch.setattr(os, "open", denied)
