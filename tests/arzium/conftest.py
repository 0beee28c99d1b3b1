"""Make this folder's helper modules (`arzium_testkit`, `table_spy`) importable under --import-mode=importlib,
answer the table's bot and hint jobs before a test goes on (unless it asks for `background_thinking`), and
record them (`jobs`). The headless `app` is the root conftest's (a test file may define its own)."""
from __future__ import annotations

import sys
from concurrent import futures
from pathlib import Path
from typing import Any

import pytest

from arzium import seats, thinking

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture()
def background_thinking() -> None:
    """Asked for by a test of the frame loop going on while a bot or a hint thinks: the jobs run as in play."""


@pytest.fixture(autouse=True)
def answered_before_the_next_frame(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bot decision and hint the table asks for is answered (in the worker process, as in play) before the
    test goes on, so a test's frames never race the worker's start on a busy machine; a test that asks for
    `background_thinking` keeps the jobs in the background."""
    if "background_thinking" in request.fixturenames:
        return

    class Answered(thinking.Task):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            futures.wait([self.future])

        def result(self) -> Any | None:
            value = super().result()
            if value is None and not self.future.done():  # the process failed it: run again on a thread
                futures.wait([self.future])
                value = super().result()
            return value

    monkeypatch.setattr(thinking, "Task", Answered)  # hints
    monkeypatch.setattr(seats, "Task", Answered)  # bots' decisions


@pytest.fixture()
def jobs(background_thinking: None, monkeypatch: pytest.MonkeyPatch) -> list[thinking.Task]:
    """Every bot decision and hint the table asks for from now on (in the background), to wait for
    (`table_spy.step_until`)."""
    started: list[thinking.Task] = []

    class Recorded(thinking.Task):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            started.append(self)

    monkeypatch.setattr(thinking, "Task", Recorded)  # hints
    monkeypatch.setattr(seats, "Task", Recorded)  # bots' decisions
    return started
