"""Test setup: SDL's dummy drivers, and a throwaway user folder for settings, records and saves."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def user_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty user folder (settings, records, saves, user packs)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(home))
    return home
