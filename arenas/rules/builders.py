"""Building an exact Arenas position (for tests and tools): timers where you want them, any hands.

`build_game` skips the level loader's checks, so it also builds layouts a level file may not
have (timers in the danger zone, unreachable tiles), and it deals nothing: the hands, deck and
discards are exactly those given.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from arenas.rules.components import TIMER_SPECS, Card, Tile
from arenas.rules.levels import Level
from arenas.rules.state import MAX_SAND_SPEED_PCT, GameState, TimerState


@dataclass(frozen=True, slots=True)
class OnTile:
    """A timer standing on path tile `tile` with `remaining_ms` of sand above."""

    tile: int
    remaining_ms: int


@dataclass(frozen=True, slots=True)
class LostBeside:
    """A lost timer standing beside path tile `tile` with `remaining_ms` of sand above."""

    tile: int
    remaining_ms: int


def build_level(path: Sequence[Tile], deactivator: int, timers: Sequence[tuple[str, int]],
                blocks: frozenset[int] = frozenset(), removed_cards: tuple[str, ...] = (),
                hand_size: int = 3, number: int = 99, name: str = "Test", layout: str = "arc") -> Level:
    """A level as given, unchecked (the loader would refuse some of them)."""
    return Level(number=number, name=name, path=tuple(path), layout=layout, deactivator=deactivator,
                 timers=tuple(timers), blocks=blocks, removed_cards=removed_cards, hand_size=hand_size)


def build_game(level: Level, timers: Mapping[str, OnTile | LostBeside], hands: Sequence[Sequence[Card]],
               deck: Sequence[Card] = (), discard: Sequence[Card] = (), *, active: int = 0,
               time_ms: int = 0, sand_speed_pct: int = MAX_SAND_SPEED_PCT, seed: int = 0) -> GameState:
    """A game in progress on `level`: `timers` in that order, one player per hand, `deck[-1]` on top.

    The level's own timer places are ignored; the state's random generator is seeded with `seed`.
    """
    states: dict[str, TimerState] = {}
    for tid, place in timers.items():
        cap = TIMER_SPECS[tid].capacity_ms
        match place:
            case OnTile(tile, remaining):
                states[tid] = TimerState(tid, cap, remaining, tile, None)
            case LostBeside(tile, remaining):
                states[tid] = TimerState(tid, cap, remaining, None, tile)
            case _:
                assert_never(place)
    return GameState(level=level, players=[f"P{i + 1}" for i in range(len(hands))], seed=seed,
                     first_player=0, sand_speed_pct=sand_speed_pct, rng=random.Random(seed),
                     time_ms=time_ms, active=active, hands=[list(h) for h in hands], deck=list(deck),
                     discard=list(discard), timers=states, assisted=sand_speed_pct < MAX_SAND_SPEED_PCT)
