"""What a click or a drag on a gear does in the level editor: the brush chosen, and the edit it makes on a gear
(no pygame)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from arenas.rules.components import TILE_COLOURS, TILE_SHAPES, TIMER_SPECS
from arenas.rules.level_editor import (
    Edit,
    PlaceTimer,
    RemoveTimer,
    SetBlock,
    SetColour,
    SetDeactivator,
    SetShape,
)
from arenas.rules.levels import Level


class Mark(StrEnum):
    """The brushes that are not a colour, a shape or a timer."""

    BLOCK = "block"
    DEACTIVATOR = "deactivator"


@dataclass(frozen=True, slots=True)
class Colour:
    colour: str


@dataclass(frozen=True, slots=True)
class Shape:
    shape: str


@dataclass(frozen=True, slots=True)
class Timer:
    timer: str


Brush = Colour | Shape | Timer | Mark

BRUSHES: tuple[Brush, ...] = (*(Colour(c) for c in TILE_COLOURS), *(Shape(s) for s in TILE_SHAPES),
                              *(Timer(t) for t in TIMER_SPECS), Mark.BLOCK, Mark.DEACTIVATOR)


@dataclass(frozen=True, slots=True)
class Stroke:
    """A gesture of the brush begun on a gear: whether it puts things (a block, a timer) or takes them away,
    decided by the gear it began on, so a drag does the same all along."""

    brush: Brush
    puts: bool


def begin_stroke(level: Level, brush: Brush, gear: int) -> Stroke:
    """The stroke a press on `gear` starts: a block brush on a blocked gear takes blocks away, a timer brush on
    the gear its timer stands on takes the timer away; anything else puts."""
    match brush:
        case Mark.BLOCK:
            return Stroke(brush, gear not in level.blocks)
        case Timer(timer):
            return Stroke(brush, (timer, gear) not in level.timers)
        case Colour() | Shape() | Mark.DEACTIVATOR:
            return Stroke(brush, True)
        case _:
            assert_never(brush)


def stroke_edit(stroke: Stroke, gear: int) -> Edit:
    """What the stroke does to `gear` (a timer being put follows the pointer from gear to gear)."""
    brush = stroke.brush
    match brush:
        case Colour(colour):
            return SetColour(gear, colour)
        case Shape(shape):
            return SetShape(gear, shape)
        case Timer(timer):
            return PlaceTimer(timer, gear) if stroke.puts else RemoveTimer(timer)
        case Mark.BLOCK:
            return SetBlock(gear, stroke.puts)
        case Mark.DEACTIVATOR:
            return SetDeactivator(gear)
        case _:
            assert_never(brush)
