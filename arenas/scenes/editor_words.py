"""How the level editor words its brushes, its layouts and what the level loader finds wrong (one short line
each, in the current language; a file's own mistake, which an edited level never has, in the loader's line)."""
from __future__ import annotations

from typing import assert_never

from arenas.rules.levels import MAX_DESCRIPTION, MAX_NAME, Fault, LevelProblem
from arenas.scenes.editor_brush import Brush, Colour, Mark, Shape, Timer
from arenas.wording import card_name, timer_name
from common.data.i18n import N_, _

LAYOUT_NAMES = {"arc": N_("Arc"), "s_curve": N_("S curve"), "spiral": N_("Spiral"), "zigzag": N_("Zigzag"),
                "wave": N_("Wave"), "horseshoe": N_("Horseshoe"), "loop": N_("Loop")}


def layout_name(layout: str) -> str:
    """A layout curve's name, e.g. 'Horseshoe'."""
    return _(LAYOUT_NAMES[layout])


def brush_name(brush: Brush) -> str:
    """What a brush puts on a gear: a colour, a shape, a timer, a block, the Deactivator."""
    match brush:
        case Colour(colour):
            return card_name(colour)
        case Shape(shape):
            return card_name(shape)
        case Timer(timer):
            return timer_name(timer)
        case Mark.BLOCK:
            return _("Block (click again to take it away)")
        case Mark.DEACTIVATOR:
            return _("Deactivator (stands before the gear clicked)")
        case _:
            assert_never(brush)


def problem_line(problem: LevelProblem) -> str:
    """One line saying what is wrong and where (gears counted from 1, as on the board)."""
    gear = problem.gear + 1 if problem.gear is not None else 0
    timer = timer_name(problem.timer) if problem.timer is not None else ""
    match problem.fault:
        case Fault.NO_NAME:
            return _("Give the level a name")
        case Fault.LONG_NAME:
            return _("The name is too long (at most {n} letters)").format(n=MAX_NAME)
        case Fault.LONG_DESCRIPTION:
            return _("The description is too long (at most {n} letters)").format(n=MAX_DESCRIPTION)
        case Fault.LONG_THEME:
            return _("The level's theme line is too long")
        case Fault.NO_TIMER:
            return _("Place at least one timer on a gear")
        case Fault.TIMER_ON_BLOCK:
            return _("Gear {n}: {timer} stands on a block").format(n=gear, timer=timer)
        case Fault.TWO_TIMERS:
            return _("Gear {n}: two timers on one gear").format(n=gear)
        case Fault.TIMER_IN_DANGER:
            return _("Gear {n}: {timer} starts past the Deactivator").format(n=gear, timer=timer)
        case Fault.BLOCKED_WAY:
            return _("Gear {n}: a block stops {timer} before the Deactivator").format(n=gear, timer=timer)
        case Fault.NO_ROOM:
            return _("Gear {n}: no free gear past the Deactivator left for {timer}").format(n=gear, timer=timer)
        case Fault.TOO_FEW_CARDS:
            return _("Too many cards removed: the deck cannot deal a full table")
        case Fault.HAND_SIZE:
            return _("A hand holds 2 or 3 cards")
        case Fault.FILE:
            return problem.line
        case _:
            assert_never(problem.fault)
