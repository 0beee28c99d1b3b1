"""Make this folder's helper modules (`arzium_testkit`, `table_spy`) importable under --import-mode=importlib,
and give tests a headless app (`app`; a test file may define its own)."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from common.app import App, AppOptions
from common.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture()
def app() -> App:
    a = App(AppOptions(headless=True, save_settings=False), settings=Settings())
    yield a
    pygame.quit()
