"""Helpers for the Arenas tests: build exact, hand-made game states; wait for the boards fitted off the frame
loop."""
from __future__ import annotations

import functools
import threading

import pytest

from arenas.rules.builders import LostBeside, OnTile, build_game, build_level
from arenas.rules.components import Card, Tile
from arenas.rules.levels import Level
from arenas.rules.state import GameState
from arenas.scenes import layouts

_COLOURS = {"G": "gray", "Y": "yellow", "O": "orange"}
_SHAPES = {"T": "triangle", "C": "circle", "S": "square", "M": "crescent"}


def tiles(codes: str) -> tuple[Tile, ...]:
    """'GT YC OM' -> gray triangle, yellow circle, orange crescent."""
    return tuple(Tile(_COLOURS[c[0]], _SHAPES[c[1]]) for c in codes.split())


def card(name: str) -> Card:
    return Card.from_name(name)


def cards(names: str) -> list[Card]:
    return [Card.from_name(n) for n in names.split()]


def make_level(path: str = "GT YC OS GM YT OC GS YM OT GC YS OM GT", deactivator: int = 10,
               timers: tuple[tuple[str, int], ...] = (("slow1", 0), ("slow2", 1), ("medium1", 2)),
               blocks: frozenset[int] = frozenset(), removed: tuple[str, ...] = (),
               hand_size: int = 3) -> Level:
    return build_level(tiles(path), deactivator, timers, blocks, removed, hand_size)


def make_state(level: Level, timers: dict[str, tuple[int | None, int] | tuple[str, int, int]],
               hands: list[str], deck: str = "", discard: str = "", sand_speed_pct: int = 100,
               time_ms: int = 0, active: int = 0) -> GameState:
    """timers: id -> (tile, remaining_ms) on the path, or ("lost", beside, remaining_ms)."""
    places = {tid: LostBeside(spec[1], spec[2]) if spec[0] == "lost" else OnTile(spec[0], spec[1])
              for tid, spec in timers.items()}
    return build_game(level, places, [cards(h) for h in hands], cards(deck), cards(discard),
                      active=active, time_ms=time_ms, sand_speed_pct=sand_speed_pct)


def where(state: GameState) -> dict[str, tuple]:
    """id -> (tile or ('lost', beside), remaining_ms), compact for exact assertions."""
    return {t.id: ((t.tile if t.tile is not None else ("lost", t.lost_beside)), t.remaining_ms)
            for t in state.timers.values()}


def empty_fit_caches(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """Empty caches for the named cached functions of `arenas.scenes.layouts` (`fit_board`, `_shapes`) for one test,
    to count or watch what it fits; the worker's own caches stay filled for the tests after it."""
    for name in names:
        cached = getattr(layouts, name)
        empty = functools.lru_cache(maxsize=cached.cache_parameters()["maxsize"])(cached.__wrapped__)
        monkeypatch.setattr(layouts, name, empty)


def fits_finished() -> None:
    """Wait until the background board fitting (`arenas.scenes.fitting.FitQueue`) has fitted what it was given:
    join its thread."""
    for thread in threading.enumerate():
        if thread.name == "board-fits":
            thread.join()
