"""Board geometry of Arzium: squares, land-card slots and their orientation, seats and rotations.

Conventions (everything else in the rules follows them):

- The map is 6 x 6 squares, square index ``row * 6 + col``; row 0 is the north edge, col 0 the west.
- A land card is 2 squares wide and 3 tall (portrait). Six of them lie in a 3 x 2 grid: slot
  ``s`` has slot row ``s // 3`` (0 = north half) and slot column ``s % 3`` (0 = west) and covers rows
  ``3 * (s // 3) .. +2`` and columns ``2 * (s % 3) .. +1``.
- A card's land is described in card-local coordinates as seen with the card upright, scroll at the
  bottom: local row 0..2 (2 = the scroll edge), local column 0..1, local index ``lrow * 2 + lcol``.
  The south row of slots (3, 4, 5) lies upright, scroll on the south edge; the north row (0, 1, 2)
  is turned 180 degrees, scroll on the north edge (`SLOT_ORIENTATION`). A replacement card takes
  the slot's orientation, so orientation is a property of the slot.
- Seats sit on edges. A pattern is written in its owner's frame: its first row is the farthest from
  the owner ("forward", toward the map), its first column on the owner's left. On the board it is
  turned clockwise by `EDGE_ROTATION` quarter turns: south 0, west 1, north 2, east 3.
- Clockwise play around the table (seen from above, north up) is south, west, north, east.
"""
from __future__ import annotations

SIZE = 6
SQUARES = SIZE * SIZE
SLOTS = 6

EDGES = ("south", "west", "north", "east")  # clockwise order around the table
EDGE_ROTATION = {"south": 0, "west": 1, "north": 2, "east": 3}
SLOT_ORIENTATION: tuple[str, ...] = ("north", "north", "north", "south", "south", "south")
DEFAULT_EDGES: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "west", "north"),
    4: ("south", "west", "north", "east"),
}


def square_rc(sq: int) -> tuple[int, int]:
    """(row, col) of a square index."""
    return divmod(sq, SIZE)


def rc_square(row: int, col: int) -> int:
    """Square index of (row, col), or -1 when it lies outside the 6 x 6 board."""
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return -1


def slot_of_square(sq: int) -> int:
    """The land slot (0..5) a square belongs to."""
    row, col = divmod(sq, SIZE)
    return (row // 3) * 3 + col // 2


def _local_square(slot: int, local: int) -> int:
    lrow, lcol = divmod(local, 2)
    top, left = (slot // 3) * 3, (slot % 3) * 2
    if SLOT_ORIENTATION[slot] == "south":
        return (top + lrow) * SIZE + left + lcol
    return (top + 2 - lrow) * SIZE + left + 1 - lcol


# LOCAL_TO_SQUARE[slot][local index] -> board square
LOCAL_TO_SQUARE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_local_square(s, i) for i in range(6)) for s in range(SLOTS))


def slot_squares(slot: int) -> tuple[int, ...]:
    """The six board squares of a slot, in the land card's local order (see module doc)."""
    return LOCAL_TO_SQUARE[slot]


SLOT_MASKS: tuple[int, ...] = tuple(sum(1 << sq for sq in LOCAL_TO_SQUARE[s]) for s in range(SLOTS))


def _neighbours(sq: int) -> tuple[int, ...]:
    row, col = divmod(sq, SIZE)
    out = (rc_square(row - 1, col), rc_square(row, col + 1), rc_square(row + 1, col), rc_square(row, col - 1))
    return tuple(n for n in out if n >= 0)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in range(SQUARES))


def view_rc(edge: str, row: float, col: float) -> tuple[float, float]:
    """Board (row, col) as seen from `edge`: (distance from the far edge, distance from the left)."""
    last = SIZE - 1
    if edge == "south":
        return row, col
    if edge == "north":
        return last - row, last - col
    if edge == "west":
        return last - col, row
    return col, last - row


def _reading_order(edge: str) -> tuple[int, ...]:
    def key(slot: int) -> tuple[float, float]:
        return view_rc(edge, (slot // 3) * 3 + 1.0, (slot % 3) * 2 + 0.5)
    return tuple(sorted(range(SLOTS), key=key))


# Slots in reading order (far row first, left to right) from each edge: the claim order.
READING_ORDER: dict[str, tuple[int, ...]] = {edge: _reading_order(edge) for edge in EDGES}


def rotate_cells(cells: list[tuple[int, int]], quarter_turns: int) -> list[tuple[int, int]]:
    """Turn (row, col) cells clockwise about the origin by `quarter_turns` (0..3); not re-based."""
    for _ in range(quarter_turns % 4):
        cells = [(c, -r) for r, c in cells]
    return cells
