"""Pieces of Arenas Movedizas: gear tiles, cards, the standard deck, timers and path layouts."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

TILE_COLOURS = ("gray", "yellow", "orange")
TILE_SHAPES = ("triangle", "circle", "square", "crescent")
CARDS_PER_COLOUR = 7
CARDS_PER_SHAPE = 7
WILD_CARDS = 6
DECK_SIZE = CARDS_PER_SHAPE * len(TILE_SHAPES) + CARDS_PER_COLOUR * len(TILE_COLOURS) + WILD_CARDS

# On-screen shapes a level's path may be laid out in (the scenes draw them).
LAYOUTS = ("arc", "s_curve", "spiral", "zigzag", "wave", "horseshoe", "loop")

MIN_PLAYERS = 1
MAX_PLAYERS = 7


class CardKind(StrEnum):
    """What a card names: a tile colour, a tile shape, or nothing (wild)."""

    COLOUR = "colour"
    SHAPE = "shape"
    WILD = "wild"


@dataclass(frozen=True, slots=True)
class Tile:
    """A gear tile of the path: one colour and one shape."""

    colour: str
    shape: str

    @property
    def name(self) -> str:
        """Text used in level files, e.g. 'yellow crescent'."""
        return f"{self.colour} {self.shape}"

    def matches(self, card: Card) -> bool:
        """True if a colour or shape card names this tile's colour or shape."""
        return card.value == (self.colour if card.kind == CardKind.COLOUR else self.shape)

    @classmethod
    def from_name(cls, name: str) -> Tile:
        """Parse 'yellow crescent'; ValueError if it is not one of the 12 kinds."""
        parts = name.split() if isinstance(name, str) else []
        if len(parts) != 2 or parts[0] not in TILE_COLOURS or parts[1] not in TILE_SHAPES:
            raise ValueError(f"unknown tile kind {name!r} (expected '<colour> <shape>', e.g. 'yellow crescent')")
        return cls(parts[0], parts[1])


@dataclass(frozen=True, slots=True)
class Card:
    """A card: kind colour (value a colour), shape (value a shape) or wild (value None)."""

    kind: CardKind
    value: str | None

    @property
    def name(self) -> str:
        """Compact text used in saved states: the colour, the shape, or 'wild'."""
        return "wild" if self.kind == CardKind.WILD else str(self.value)

    @classmethod
    def from_name(cls, name: str) -> Card:
        """Inverse of `name`; ValueError for anything else."""
        if name == "wild":
            return WILD
        if name in TILE_COLOURS:
            return cls(CardKind.COLOUR, name)
        if name in TILE_SHAPES:
            return cls(CardKind.SHAPE, name)
        raise ValueError(f"unknown card {name!r}")


WILD = Card(CardKind.WILD, None)


def standard_deck(removed: tuple[str, ...] = ()) -> list[Card]:
    """The 55-card deck in a fixed order, less every card of the colours/shapes in `removed`."""
    cards = [Card(CardKind.SHAPE, s) for s in TILE_SHAPES for _ in range(CARDS_PER_SHAPE)]
    cards += [Card(CardKind.COLOUR, c) for c in TILE_COLOURS for _ in range(CARDS_PER_COLOUR)]
    cards += [WILD] * WILD_CARDS
    return [c for c in cards if c.value not in removed]


@dataclass(frozen=True, slots=True)
class TimerSpec:
    """A physical hourglass: its id, capacity of sand in ms, and the palette key of its sand colour."""

    id: str
    capacity_ms: int
    sand: str


TIMER_SPECS: dict[str, TimerSpec] = {
    spec.id: spec
    for spec in (
        TimerSpec("slow1", 60_000, "sand_slow1"),
        TimerSpec("slow2", 60_000, "sand_slow2"),
        TimerSpec("medium1", 42_000, "sand_medium1"),
        TimerSpec("medium2", 42_000, "sand_medium2"),
        TimerSpec("fast1", 27_000, "sand_fast1"),
        TimerSpec("fast2", 27_000, "sand_fast2"),
    )
}
