"""The Arenas tests' shared setup: this folder's helper modules (`arenas_support`, `scene_support`) importable under
--import-mode=importlib, and the headless `app` fixture of the scene tests."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common.app import App
from scene_support import headless_app


@pytest.fixture
def app() -> Iterator[App]:
    """A headless, muted 1280x720 app with default settings; its sounds stopped after the test."""
    a = headless_app()
    yield a
    a.sounds.stop_all()
