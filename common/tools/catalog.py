"""Registered scenes for the screenshot and timedemo tools, each with scripted input."""
from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from common.games import GAMES

if TYPE_CHECKING:
    from common.engine.app import App
    from common.engine.scene import Scene

Script = Callable[[int, random.Random, tuple[int, int]], list[pygame.event.Event]]

SHELL_CATALOG = "common.scenes.catalog"  # the shell's scenes (the engine names the shell's modules, never imports them)


def wander(frame: int, rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """Harmless scripted input: the mouse drifts over the window, hovering everything."""
    w, h = size
    x = w / 2 + math.sin(frame / 23) * w * 0.42
    y = h / 2 + math.sin(frame / 37 + 1) * h * 0.42
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))]


def hold(frame: int, rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """No input: the mouse stays where the scene put it (on a card, on a ghost) while the scene runs."""
    return []


def random_input(frame: int, rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """Random mouse and keyboard events for robustness tests (clicks and keys included)."""
    w, h = size
    events = []
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    if roll < 0.15:
        events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif roll < 0.3:
        key = rng.choice((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
                          pygame.K_SPACE, pygame.K_TAB, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_h,
                          pygame.K_u, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_a, pygame.K_ESCAPE))
        events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    elif roll < 0.35:
        events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False,
                                         precise_x=0.0, precise_y=0.0))
    return events


@dataclass(frozen=True)
class SceneSpec:
    """A scene the tools can build by name, with its scripted input."""

    name: str
    description: str
    build: Callable[[App], Scene]
    script: Script = wander


_SPECS: dict[str, SceneSpec] = {}


def register(spec: SceneSpec) -> None:
    _SPECS[spec.name] = spec


def specs() -> list[SceneSpec]:
    """Every registered scene: the shell's, then each game's (`common.games.Game.catalog`), loaded on first use."""
    importlib.import_module(SHELL_CATALOG)
    for game in GAMES.values():
        game.catalog()
    return list(_SPECS.values())


def get(name: str) -> SceneSpec | None:
    return next((s for s in specs() if s.name == name), None)
