"""What the pieces are called on screen, in the current language: timers, their short codes, cards, gear tiles,
and levels.

The rules name pieces by id ("slow1", "crescent", "yellow crescent"); people read these names.
"""
from __future__ import annotations

from functools import reduce

from arenas.rules.components import Card, Tile
from arenas.rules.levels import Level
from common.data.i18n import N_, _

TIMER_NAMES = {
    "slow1": N_("Slow 1"),
    "slow2": N_("Slow 2"),
    "medium1": N_("Medium 1"),
    "medium2": N_("Medium 2"),
    "fast1": N_("Fast"),
    "fast2": N_("Extra fast"),
}
# The timer's code on its name tag and in the top bar (the first letters of its name).
TIMER_CODES = {
    "slow1": N_("S1"),
    "slow2": N_("S2"),
    "medium1": N_("M1"),
    "medium2": N_("M2"),
    "fast1": N_("F"),
    "fast2": N_("XF"),
}
CARD_NAMES = {
    "gray": N_("Gray"),
    "yellow": N_("Yellow"),
    "orange": N_("Orange"),
    "triangle": N_("Triangle"),
    "circle": N_("Circle"),
    "square": N_("Square"),
    "crescent": N_("Crescent"),
    "wild": N_("Wild"),
}
# Whole names, so a language can make the colour agree with the shape.
TILE_NAMES = {
    "gray triangle": N_("Gray triangle"),
    "gray circle": N_("Gray circle"),
    "gray square": N_("Gray square"),
    "gray crescent": N_("Gray crescent"),
    "yellow triangle": N_("Yellow triangle"),
    "yellow circle": N_("Yellow circle"),
    "yellow square": N_("Yellow square"),
    "yellow crescent": N_("Yellow crescent"),
    "orange triangle": N_("Orange triangle"),
    "orange circle": N_("Orange circle"),
    "orange square": N_("Orange square"),
    "orange crescent": N_("Orange crescent"),
}


def timer_name(timer_id: str) -> str:
    """A standard timer's name, e.g. 'Medium 1' or 'Extra fast'."""
    return _(TIMER_NAMES[timer_id])


def timer_code(timer_id: str) -> str:
    """A timer's short code, e.g. 'M1' ('XF' for the extra fast one); an unknown id as it is."""
    return _(TIMER_CODES[timer_id]) if timer_id in TIMER_CODES else timer_id


def card_name(card: Card | str) -> str:
    """A card's name, e.g. 'Yellow', 'Crescent' or 'Wild' (a card or its name in the rules)."""
    return _(CARD_NAMES[card if isinstance(card, str) else card.name])


def tile_name(tile: Tile) -> str:
    """A gear tile's name, e.g. 'Yellow crescent'."""
    return _(TILE_NAMES[tile.name])


def and_list(items: list[str]) -> str:
    """'a and b and c' in the current language."""
    return reduce(lambda a, b: _("{first} and {second}").format(first=a, second=b), items)


def level_title(level: Level, shipped: bool) -> str:
    """A level as a screen names it, in the language shown: "Level 3 · Sandy Steps" for a box level (`shipped`:
    exactly as the box has it), its name alone for any other (a level players make keeps the number of the box
    level it was copied from, which is not its place; the tutorial's has none)."""
    if shipped and level.number > 0:
        return _("Level {number} · {name}").format(number=level.number, name=_(level.name))
    return _(level.name)
