"""Helpers for the Arenas scene tests: a headless app and input events (one place, not one per file)."""
from __future__ import annotations

import pygame

from common.app import App, AppOptions
from common.settings import Settings

FRAME = 1000 / 60  # one frame at 60 fps, in ms


def headless_app(size: tuple[int, int] = (1280, 720)) -> App:
    """A headless, muted app with default settings that never writes a settings file."""
    return App(AppOptions(headless=True, save_settings=False, mute=True, size=size), settings=Settings())


def key(k: int) -> list[pygame.event.Event]:
    """One key press, as the events of one `app.step`."""
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]


def click(pos: tuple[float, float]) -> list[pygame.event.Event]:
    """A left click at `pos` (rounded to whole pixels), as the events of one `app.step`."""
    p = (round(pos[0]), round(pos[1]))
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)]
