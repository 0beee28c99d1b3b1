"""Make this folder's helper modules (`arzium_testkit`, `table_spy`) importable under --import-mode=importlib,
give tests a headless app (`app`; a test file may define its own) and the bot and hint jobs the table starts
(`jobs`)."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from arzium import seats, thinking
from common.app import App, AppOptions
from common.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture()
def jobs(monkeypatch: pytest.MonkeyPatch) -> list[thinking.Task]:
    """Every bot decision and hint the table asks for from now on, to wait for (`table_spy.step_until`)."""
    started: list[thinking.Task] = []

    class Recorded(thinking.Task):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            started.append(self)

    monkeypatch.setattr(thinking, "Task", Recorded)  # hints
    monkeypatch.setattr(seats, "Task", Recorded)  # bots' decisions
    return started


@pytest.fixture()
def app() -> App:
    a = App(AppOptions(headless=True, save_settings=False), settings=Settings())
    yield a
    pygame.quit()
