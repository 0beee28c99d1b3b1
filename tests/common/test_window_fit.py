"""The window opens at most at the desktop's size: one too big for the desktop (less room for panels and a
title bar) opens maximized, and may shrink until it fits that room."""
from __future__ import annotations

import pytest

from common.app import BASE_SIZE, DESKTOP_ROOM, MIN_SIZE, WindowFit, windowed_fit


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
