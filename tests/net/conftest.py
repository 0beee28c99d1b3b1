"""Make this folder's helper module (`netkit`) importable under --import-mode=importlib; a room server on
127.0.0.1 (an ephemeral port) for each test that asks for one."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from netkit import Served, serve_in_thread


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[Served]:
    with serve_in_thread(tmp_path / "server") as s:
        yield s
