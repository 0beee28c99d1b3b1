"""Helpers for the Arenas rules tests: build exact, hand-made game states."""
from __future__ import annotations

import random

from arenas.rules import TIMER_SPECS, Card, GameState, Level, Tile, TimerState

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
    return Level(number=99, name="Test", path=tiles(path), layout="arc", deactivator=deactivator,
                 timers=timers, blocks=blocks, removed_cards=removed, hand_size=hand_size)


def make_state(level: Level, timers: dict[str, tuple[int | None, int] | tuple[str, int, int]],
               hands: list[str], deck: str = "", discard: str = "", sand_speed_pct: int = 100,
               time_ms: int = 0, active: int = 0) -> GameState:
    """timers: id -> (tile, remaining_ms) on the path, or ("lost", beside, remaining_ms)."""
    states = {}
    for tid, spec in timers.items():
        cap = TIMER_SPECS[tid].capacity_ms
        if spec[0] == "lost":
            states[tid] = TimerState(tid, cap, spec[2], None, spec[1])
        else:
            states[tid] = TimerState(tid, cap, spec[1], spec[0], None)
    return GameState(level=level, players=[f"P{i + 1}" for i in range(len(hands))], seed=0,
                     first_player=0, sand_speed_pct=sand_speed_pct, rng=random.Random(0),
                     time_ms=time_ms, active=active, hands=[cards(h) for h in hands],
                     deck=cards(deck), discard=cards(discard), timers=states)


def where(state: GameState) -> dict[str, tuple]:
    """id -> (tile or ('lost', beside), remaining_ms), compact for exact assertions."""
    return {t.id: ((t.tile if t.tile is not None else ("lost", t.lost_beside)), t.remaining_ms)
            for t in state.timers.values()}
