"""The system's notification of a new turn: asked for once per new turn of a table, only when the player opted in,
the window is elsewhere and the table is not on screen; the notifier on its own thread, where a missing library,
a missing service or a failing one is one line and never a traceback; the Settings row and its line."""
from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from common.engine.app import App
from common.engine.system_notifier import Asked, DesktopNotifierService, SystemNotifier
from common.online.session import OnlineSession
from common.online.turn_watch import TurnWatch
from common.scenes import my_tables
from common.scenes.catalog import SAMPLE_KEPT, SAMPLE_SERVER, sample_tables
from common.scenes.my_tables import TurnTeller
from common.scenes.settings import SettingsScene
from helpers import key, run

WAIT_S = 30.0  # a notifier's thread that has not answered by then is stuck: the test fails instead of hanging


class Recorder(SystemNotifier):
    """A notifier that keeps what it was asked to show."""

    def __init__(self) -> None:
        super().__init__("test")
        self.sent: list[tuple[str, str]] = []

    def send(self, title: str, body: str) -> Asked:
        self.sent.append((title, body))
        asked = Asked()
        asked.give(True)
        return asked


class FakeService:
    """A notification service that is there (or not) and shows (or fails)."""

    def __init__(self, ready: bool = True, fails: Exception | None = None) -> None:
        self.is_ready, self.fails = ready, fails
        self.shown: list[tuple[str, str]] = []

    async def ready(self) -> bool:
        return self.is_ready

    async def show(self, title: str, body: str) -> None:
        if self.fails is not None:
            raise self.fails
        self.shown.append((title, body))


class Turns:
    """The sample server's answers, where table CCCC-3333 (Ana, this player, at seat 0; Bruno at 1) waits on `turn`
    after `moves`, the last made by the other seat."""

    def __init__(self) -> None:
        self.turn, self.moves = 1, 12

    def __call__(self, server: str, tokens: list[str]) -> dict[str, Any]:
        frame = sample_tables(server, tokens)
        table = frame["tables"][2]
        table["turn"] = table["time"]["running"] = self.turn
        table["moves"], table["last"][0] = self.moves, 1 - self.turn
        return frame


@pytest.fixture
def turns(monkeypatch: pytest.MonkeyPatch) -> tuple[Turns, TurnWatch]:
    answers = Turns()
    watch = TurnWatch(answers, clock=lambda: 1000.0)
    monkeypatch.setattr(my_tables, "WATCH", watch)
    monkeypatch.setattr(my_tables, "kept_seats", lambda: (SAMPLE_KEPT, ""))
    watch.check(SAMPLE_KEPT, wait=True)
    return answers, watch


def teller(app: App, notifier: SystemNotifier, on: bool = True, focused: bool = False) -> TurnTeller:
    app.settings.turn_notices = on
    told = TurnTeller(app, notifier, lambda: focused)
    told(16)  # the first look: what waits on the player already is not news
    return told


def bruno_moves(answers: Turns, watch: TurnWatch, told: TurnTeller, frames: int = 3) -> None:
    answers.turn, answers.moves = 0, answers.moves + 1
    watch.check(SAMPLE_KEPT, wait=True)
    for _ in range(frames):
        told(16)


def test_a_new_turn_asks_for_one_notification_naming_who_moved_and_where(app: App, turns: tuple[Turns, TurnWatch]
                                                                          ) -> None:
    answers, watch = turns
    notifier = Recorder()
    told = teller(app, notifier)
    assert notifier.sent == []
    bruno_moves(answers, watch, told)
    assert notifier.sent == [("Bruno moved in Arzium — your turn", f"Table CCCC-3333 on {SAMPLE_SERVER}")]
    watch.check(SAMPLE_KEPT, wait=True)  # asked again: the same turn is no news
    told(16)
    assert len(notifier.sent) == 1
    answers.turn = 1  # the player moved, then Bruno again: another turn of the same table
    watch.check(SAMPLE_KEPT, wait=True)
    told(16)
    bruno_moves(answers, watch, told)
    assert len(notifier.sent) == 2


def test_a_turn_that_comes_again_between_two_looks_is_still_news(app: App, turns: tuple[Turns, TurnWatch]) -> None:
    answers, watch = turns
    notifier = Recorder()
    told = teller(app, notifier)
    bruno_moves(answers, watch, told)
    answers.moves += 2  # the player moved and Bruno answered, all between two looks
    watch.check(SAMPLE_KEPT, wait=True)
    told(16)
    assert len(notifier.sent) == 2


@pytest.mark.parametrize(("on", "focused"), [(False, False), (True, True)])
def test_no_notification_when_the_setting_is_off_or_the_window_has_the_focus(
        app: App, turns: tuple[Turns, TurnWatch], on: bool, focused: bool) -> None:
    answers, watch = turns
    notifier = Recorder()
    told = teller(app, notifier, on, focused)
    bruno_moves(answers, watch, told)
    assert notifier.sent == []
    assert any(t.message == "Your turn at Arzium CCCC-3333: Bruno played" for t in app.toasts)  # the line still


def test_no_notification_nor_line_for_the_table_on_screen(app: App, turns: tuple[Turns, TurnWatch]) -> None:
    answers, watch = turns
    at_table = OnlineSession(SAMPLE_SERVER, "Ana")
    at_table.code = "CCCC-3333"  # the app is in the room (its screen shows the table)
    notifier = Recorder()
    told = teller(app, notifier)
    bruno_moves(answers, watch, told)
    assert notifier.sent == [] and not any("CCCC-3333" in t.message for t in app.toasts)
    at_table.leave()
    bruno_moves(answers, watch, told)
    assert len(notifier.sent) == 1


def test_a_notifier_in_trouble_is_told_by_one_line(app: App, turns: tuple[Turns, TurnWatch]) -> None:
    answers, watch = turns
    notifier = Recorder()
    notifier.state, notifier.problem = "missing", "no notification service answers"
    told = teller(app, notifier)
    told(16)
    assert not any("Notifications" in t.message for t in app.toasts)  # nothing asked for yet: no news
    bruno_moves(answers, watch, told)
    bruno_moves(answers, watch, told)
    lines = [t.message for t in app.toasts if t.message.startswith("Notifications")]
    assert lines == ["Notifications are not available on this system (no notification service answers)"]


def test_the_notifier_shows_on_its_own_thread_and_asks_the_service_once() -> None:
    service = FakeService()
    made: list[FakeService] = []

    def connect(name: str, icon: Path | None) -> FakeService:
        made.append(service)
        return service
    notifier = SystemNotifier("Arenas & Arzium", None, connect)
    assert notifier.send("Ana moved in Arzium — your turn", "Table\nK7QM-3XPA").wait(WAIT_S)
    assert notifier.send("Your turn in Arzium", "Table B").wait(WAIT_S)
    assert service.shown == [("Ana moved in Arzium — your turn", "Table K7QM-3XPA"), ("Your turn in Arzium",
                                                                                     "Table B")]
    assert len(made) == 1 and notifier.state == "ready" and notifier.problem is None


@pytest.mark.parametrize(("service", "state", "problem"), [
    (ImportError("No module named 'desktop_notifier'"), "missing", "the desktop-notifier library is not installed"),
    (FakeService(ready=False), "missing", "no notification service answers"),
    (OSError("the bus hung up"), "missing", "OSError: the bus hung up"),
    (FakeService(fails=RuntimeError("Notify: no\nanswer")), "ready", "RuntimeError: Notify: no answer"),
])
def test_a_missing_or_broken_library_or_service_is_one_line_and_no_traceback(
        capfd: pytest.CaptureFixture[str], service: Any, state: str, problem: str) -> None:
    def connect(name: str, icon: Path | None) -> Any:
        if isinstance(service, Exception):
            raise service
        return service
    notifier = SystemNotifier("Arenas & Arzium", None, connect)
    assert not notifier.send("Your turn in Arzium", "Table A").wait(WAIT_S)
    assert (notifier.state, notifier.problem) == (state, problem)
    assert capfd.readouterr() == ("", "")


def test_the_library_absent_from_the_system_is_a_missing_service(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "desktop_notifier", None)  # importing it fails as on a system without it
    notifier = SystemNotifier("Arenas & Arzium")
    assert not notifier.check().wait(WAIT_S)
    assert (notifier.state, notifier.problem) == ("missing", "the desktop-notifier library is not installed")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the D-Bus service of Linux desktops")
def test_the_library_with_no_session_bus_fails_in_one_line_without_its_traceback(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    for name in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    notifier = SystemNotifier("Arenas & Arzium")
    assert not notifier.check().wait(WAIT_S)
    assert notifier.state == "missing" and notifier.problem and "\n" not in notifier.problem
    service = DesktopNotifierService("Arenas & Arzium", None)
    with pytest.raises(RuntimeError) as failed:  # the library logs a failed notification: it is raised here
        asyncio.run(service.show("Your turn in Arzium", "Table A"))
    assert str(failed.value) and "\n" not in str(failed.value)
    assert capfd.readouterr() == ("", "")


def test_settings_says_when_the_system_has_no_notifications_and_the_setting_is_kept(app: App) -> None:
    notifier = SystemNotifier("Arenas & Arzium", None, lambda name, icon: FakeService(ready=False))
    scene = SettingsScene(app, notifier)
    app.stack.clear_to(scene)
    row = scene.notices_row
    assert row.label == "Tell me when it is my turn (system notification)" and not row.value
    notifier.check().wait(WAIT_S)  # after the screen's own ask
    run(app, 1)
    assert row.tooltip == "Notifications are not available on this system (no notification service answers)"
    scene.group.set_focus(row)
    run(app, 1, key(pygame.K_RETURN))
    notifier.check().wait(WAIT_S)
    run(app, 1)
    assert app.settings.turn_notices
    assert [t.message for t in app.toasts] == ["Notifications are not available on this system"]


def test_settings_on_a_system_with_notifications_shows_what_the_row_does(app: App) -> None:
    notifier = SystemNotifier("Arenas & Arzium", None, lambda name, icon: FakeService())
    scene = SettingsScene(app, notifier)
    app.stack.clear_to(scene)
    notifier.check().wait(WAIT_S)
    run(app, 1)
    assert notifier.state == "ready" and scene.notices_row.tooltip is not None
    assert scene.notices_row.tooltip.startswith("Turn-based tables: your system tells you")
