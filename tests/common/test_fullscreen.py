"""F11: fullscreen at the desktop's size (the window moved to the corner first, for X servers with no window
manager), and back to the window as it was; the key's repeat does not toggle again."""
from __future__ import annotations

import pygame

from common.engine.app import F11_REPEAT_MS, fullscreen_size
from helpers import key, make_app


def test_f11_opens_fullscreen_at_the_desktop_size_and_twice_gives_the_window_back() -> None:
    app = make_app((1000, 600))
    desktop = fullscreen_size(pygame.display.get_desktop_sizes())
    app.step(key(pygame.K_F11), 16)
    assert app.fullscreen and app.size == desktop and app.settings.fullscreen
    app.step(key(pygame.K_F11), 16)  # the key's repeat (or a new window missing its release): no second toggle
    assert app.fullscreen
    app.f11_at -= F11_REPEAT_MS + 1  # pressed again later
    app.step(key(pygame.K_F11), 16)
    assert not app.fullscreen and app.size == (1000, 600) and not app.settings.fullscreen


def test_the_fullscreen_size_is_the_first_desktop() -> None:
    assert fullscreen_size([(3840, 2160), (1920, 1080)]) == (3840, 2160)
    assert fullscreen_size([]) == (0, 0)
