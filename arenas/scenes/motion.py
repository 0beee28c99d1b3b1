"""How a timer flips and slides, and how the gears turn: queued animations on the play scene's own clock.

A flip turns a glass over 180° showing its sand as it was before; a slide carries it to the next
gear, lifted mid-way; a lost timer falls over (tilted) beside its gear and stands up again when
recovered; every slide turns all gears by one step. Each timer queues its animations (a flip,
then its slide) and they never hold the rules up. No pygame here.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from arenas.scenes.layouts import LOST_TILT
from common.engine.tween import ease_in_out_cubic, ease_out_back, ease_out_quad

Point = tuple[float, float]

FLIP_MS = 250
SLIDE_MS = 300
FALL_MS = 450
TURN_MS = 420
STAGGER_MS = 90        # between the timers one card turns
START_STAGGER_MS = 80  # between the timers flipped full at the start
TURN_PER_MOVE = 60.0   # how far every gear turns when a timer moves (a gear sprite repeats after 60°)


@dataclass
class Flip:
    start: float
    ms: float
    before: float  # fraction of sand in the top bulb before this flip


@dataclass
class Move:
    start: float
    ms: float
    src: Point
    dst: Point
    tilt_from: float
    tilt_to: float


@dataclass
class TimerLook:
    """How a timer is drawn right now: queued flips and moves, and where it rests after them."""

    rest: Point
    tilt: float = 0.0
    busy_until: float = 0.0
    flips: list[Flip] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    def add_flip(self, now: float, delay: float, ms: float, before: float) -> float:
        start = max(now + delay, self.busy_until)
        self.flips.append(Flip(start, ms, before))
        self.busy_until = start + ms
        return start

    def add_move(self, now: float, delay: float, ms: float, dst: Point, tilt: float) -> float:
        start = max(now + delay, self.busy_until)
        self.moves.append(Move(start, ms, self.rest, dst, self.tilt, tilt))
        self.rest, self.tilt = dst, tilt
        self.busy_until = start + ms
        return start

    def place(self, now: float) -> tuple[Point, float, float]:
        """(centre, tilt degrees, lift 0..1) at animation time `now`."""
        for m in self.moves:
            if now < m.start:
                return m.src, m.tilt_from, 0.0
            if now < m.start + m.ms:
                t = (now - m.start) / m.ms if m.ms > 0 else 1.0
                e = ease_in_out_cubic(t)
                return ((m.src[0] + (m.dst[0] - m.src[0]) * e, m.src[1] + (m.dst[1] - m.src[1]) * e),
                        m.tilt_from + (m.tilt_to - m.tilt_from) * ease_out_quad(t), math.sin(math.pi * t))
        return self.rest, self.tilt, 0.0

    def flip_now(self, now: float) -> tuple[float, float] | None:
        """(fraction shown, turn angle) while a flip is pending or running, else None."""
        for f in self.flips:
            if now < f.start:
                return f.before, 0.0
            if now < f.start + f.ms:
                t = (now - f.start) / f.ms if f.ms > 0 else 1.0
                return f.before, 180.0 * ease_in_out_cubic(t)
        return None

    def prune(self, now: float) -> None:
        self.flips = [f for f in self.flips if now < f.start + f.ms]
        self.moves = [m for m in self.moves if now < m.start + m.ms]


class Motion:
    """Every timer's look, the gears' turns and the sounds timed with them; `anim_ms` scales durations
    by the animation-speed setting."""

    def __init__(self, anim_ms: Callable[[float], float]) -> None:
        self.anim_ms = anim_ms
        self.looks: dict[str, TimerLook] = {}
        self.turns: list[tuple[float, float]] = []  # (start, ms) of each turn of the gears
        self.sounds: list[tuple[float, str]] = []   # (when, sound name) still to play

    def place_all(self, rests: dict[str, tuple[Point, bool]]) -> None:
        """Put every timer at rest: timer id -> (centre, lost)."""
        self.looks = {tid: TimerLook(centre, LOST_TILT if lost else 0.0) for tid, (centre, lost) in rests.items()}

    def stagger(self, k: int) -> float:
        """The delay of the k-th timer one card turns."""
        return k * self.anim_ms(STAGGER_MS)

    def flip(self, timer: str, now: float, delay: float, before: float) -> None:
        """Turn `timer` over, showing `before` (the top fraction it had) while it turns."""
        self.looks[timer].add_flip(now, delay, self.anim_ms(FLIP_MS), before)

    def flip_all_full(self, order: list[str], now: float) -> None:
        """The start: every timer (in `order`) turned over one after the other, its sand below."""
        for k, tid in enumerate(order):
            self.looks[tid].add_flip(now, k * self.anim_ms(START_STAGGER_MS), self.anim_ms(FLIP_MS), 0.0)

    def slide(self, timer: str, now: float, delay: float, dst: Point) -> None:
        """Carry `timer` (upright) to `dst`; the gears turn and click as it goes."""
        start = self.looks[timer].add_move(now, delay, self.anim_ms(SLIDE_MS), dst, 0.0)
        self.turns.append((start, self.anim_ms(TURN_MS)))
        self.sounds.append((start, "gear_click"))

    def fall(self, timer: str, now: float, dst: Point) -> None:
        """A timer lost: it falls over beside its gear, at `dst`."""
        self.looks[timer].add_move(now, 0.0, self.anim_ms(FALL_MS), dst, LOST_TILT)

    def stand_up(self, timer: str, now: float, delay: float, dst: Point) -> None:
        """A lost timer recovered: it stands up on its gear, at `dst`."""
        self.looks[timer].add_move(now, delay, self.anim_ms(FALL_MS), dst, 0.0)

    def schedule(self, at: float, sound: str) -> None:
        self.sounds.append((at, sound))

    def due_sounds(self, now: float) -> list[str]:
        """The sounds due by `now` (at most three at once), taken off the queue."""
        due = [s for s in self.sounds if s[0] <= now]
        if not due:
            return []
        self.sounds = [s for s in self.sounds if s[0] > now]
        return [name for _, name in due[:3]]

    def place(self, timer: str, now: float) -> tuple[Point, float, float]:
        """(centre, tilt, lift) of `timer` at `now`."""
        return self.looks[timer].place(now)

    def gear_turn(self, now: float) -> float:
        """How far the gears are turned at `now` (a multiple of 60° means at rest)."""
        total = 0.0
        for start, ms in self.turns:
            t = 1.0 if ms <= 0 else min(1.0, max(0.0, (now - start) / ms))
            total += TURN_PER_MOVE * ease_out_back(t)
        return total

    def turning(self, now: float) -> bool:
        """True while some turn of the gears is under way."""
        return any(start <= now < start + ms for start, ms in self.turns)

    def prune(self, now: float) -> None:
        """Forget the animations that are over."""
        for look in self.looks.values():
            look.prune(now)
        self.turns = [t for t in self.turns if now < t[0] + t[1]]
