"""The window opens at most at the desktop's size: one too big for the desktop (less room for panels and a
title bar) opens maximized, and may shrink until it fits that room."""
from __future__ import annotations

import argparse

import pygame
import pytest

from common import cli
from common.engine import app as app_module
from common.engine.app import BASE_SIZE, DESKTOP_ROOM, MIN_SIZE, WindowFit, windowed_fit
from helpers import close_app


@pytest.mark.parametrize("desktop", [(1920, 1080), (2560, 1440), (1400, 900), (3840, 2160)])
def test_a_window_that_fits_opens_at_its_size(desktop: tuple[int, int]) -> None:
    assert windowed_fit(BASE_SIZE, [desktop, (800, 600)]) == WindowFit(BASE_SIZE, MIN_SIZE, False)


@pytest.mark.parametrize("desktop", [(960, 540), (1024, 600), (1280, 720), (1366, 768)])
def test_a_window_too_big_for_the_desktop_opens_on_it_maximized(desktop: tuple[int, int]) -> None:
    fit = windowed_fit(BASE_SIZE, [desktop])
    assert fit.maximized
    assert fit.size[0] <= desktop[0] and fit.size[1] <= desktop[1]
    room = (desktop[0] - DESKTOP_ROOM[0], desktop[1] - DESKTOP_ROOM[1])
    assert fit.minimum[0] <= room[0] and fit.minimum[1] <= room[1]  # the usable area is reachable
    assert abs(fit.minimum[0] / fit.minimum[1] - 16 / 9) < 0.01 or fit.minimum == MIN_SIZE


def test_no_desktop_known_keeps_the_size() -> None:
    assert windowed_fit((1600, 900), []) == WindowFit((1600, 900))
    assert windowed_fit((1600, 900), [(0, 0)]) == WindowFit((1600, 900))


@pytest.mark.parametrize("desktop", [(1280, 800), (1280, 720), (1366, 768)])
def test_a_size_asked_for_that_the_desktop_holds_opens_at_exactly_that_size(desktop: tuple[int, int]) -> None:
    assert windowed_fit(BASE_SIZE, [desktop], asked=True) == WindowFit(BASE_SIZE, MIN_SIZE, False)
    assert windowed_fit(BASE_SIZE, [desktop]).maximized  # the size by default leaves room for panels
    assert windowed_fit((1600, 900), [desktop], asked=True).maximized  # too big for the desktop itself


def test_the_window_is_the_size_asked_on_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--size 1280x720` on a 1280x800 desktop: a 1280x720 window, not maximized, the scenes laid out for it."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    maximized: list[bool] = []

    class Window:  # the window as the window manager would be asked to show it
        position, minimum_size = (0, 0), (0, 0)

        def maximize(self) -> None:
            maximized.append(True)
    monkeypatch.setattr(app_module, "_window", Window)
    app = cli._app(argparse.Namespace(**{**cli.COMMON_DEFAULTS, "size": (1280, 720), "mute": True}))
    try:
        assert app.size == (1280, 720) and not maximized and app.fit == WindowFit((1280, 720))
    finally:
        close_app(app)
    app = cli._app(argparse.Namespace(**{**cli.COMMON_DEFAULTS, "mute": True}))  # no size asked: room for panels
    try:
        assert maximized and app.fit.minimum[1] <= 800 - DESKTOP_ROOM[1]
    finally:
        close_app(app)
