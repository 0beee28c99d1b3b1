"""Card data of Arzium: land/character cards, starting cards and artifacts, loaded from `cards.json`.

File format (one JSON object):

- ``version``: the card data version (an integer from 1). Replays and saves record it: a game made with
  other card data would play differently, so it is refused with one line naming both versions.
  Version 2 (fairer seats) turned nine patterns a quarter turn and took one coin off every land
  with two or three.
- ``colours``: the 4 player colours, in the order the setup offers them.
- ``characters``: 43 land/character cards ``{"id", "name", "story", "points" (1-4), "pattern",
  "land": {"name", "coins"}}``. ``coins`` is 3 rows of 2 coin counts (0-3, at most 3 in total) in the
  card's local layout: upright, first row at the top, last row on the scroll edge.
- ``starting``: the 3 starting patterns ``{"key", "name", "story", "points" (0-4), "pattern"}``; each
  is dealt in every colour as card id ``"<key>-<colour>"`` (12 cards, ``flag`` = colour).
- ``artifacts``: 24 tiles ``{"id", "name", "story", "ability", "cost" (2-5), "points" (0-3)}``,
  four per ability.

A pattern is a list of equal-length rows in its owner's frame (first row farthest from the owner):
``X`` marker, ``B`` blank (may be filled for 2 coins), ``.`` nothing; 2-6 markers, 0-2 blanks,
no empty outer row or column, at most 4 x 4. Blank number ``i`` is the i-th ``B`` in reading order.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from arzium.rules.board import SIZE, rotate_cells
from common.data.files import Kind, Problem
from common.data.jsonio import DataFileError, read_json_file
from common.data.paths import shipped

CARDS_PATH = shipped("arzium", "cards.json")


class Ability(StrEnum):
    """What an artifact does when it is turned face down."""

    FREE_BLANK = "free_blank"
    DISPLACE = "displace"
    PURSE = "purse"
    TURN = "turn"
    SLIDE = "slide"
    WAKE = "wake"


ABILITIES = tuple(Ability)
ABILITY_TEXT = {
    "free_blank": "Fill one blank square of the pattern you are using without paying.",
    "displace": "While searching, put your marker on a square holding another player's marker, "
                "returning theirs; collect that square's coins.",
    "purse": "Gain 1 coin.",
    "turn": "Rotate the pattern you are using 90 degrees clockwise for this search.",
    "slide": "Move any marker on the map to an orthogonally adjacent empty square (no coins).",
    "wake": "Turn one of your characters face up, or (at the start of your turn) face down.",
}
LAND_CARDS = 43
STARTING_PATTERNS = 3
ARTIFACTS_PER_ABILITY = 4
MAX_PATTERN_SIDE = 4


class CardDataError(DataFileError):
    """The card data file is unreadable or wrong; the message is one line naming card and field."""


@dataclass(frozen=True, slots=True)
class Card:
    """A character card: land/character (``flag`` None) or a starting card (``flag`` = colour)."""

    id: str
    name: str
    story: str
    points: int
    pattern: tuple[str, ...]
    land_name: str | None = None
    land_coins: tuple[int, ...] = ()  # 6 counts in card-local order (see board.py); () for starting
    flag: str | None = None

    @property
    def markers(self) -> int:
        """Number of marker squares in the pattern."""
        return sum(row.count("X") for row in self.pattern)

    @property
    def blanks(self) -> int:
        """Number of blank squares in the pattern."""
        return sum(row.count("B") for row in self.pattern)


@dataclass(frozen=True, slots=True)
class Artifact:
    """An artifact tile."""

    id: str
    name: str
    story: str
    ability: Ability
    cost: int
    points: int


@dataclass(frozen=True, slots=True)
class Fit:
    """A pattern turned and put at one anchor where every marker square is on the 6 x 6 board."""

    anchor: int
    mask: int                 # bit set of the marker squares
    markers: tuple[int, ...]  # marker squares, pattern reading order
    blanks: tuple[int, ...]   # blank squares, pattern reading order; -1 when off the board
    blank_mask: int = 0       # bit set of the blank squares on the board


@dataclass(frozen=True, slots=True)
class Shape:
    """A pattern turned clockwise by `rotation` quarter turns, in board coordinates.

    Offsets are (row, col) relative to the anchor: the top-left corner of the bounding box of the
    marker squares (blanks may lie before or after it). `fits` maps each anchor square where every
    marker square is on the board to its `Fit`, in ascending anchor order.
    """

    rotation: int
    markers: tuple[tuple[int, int], ...]
    blanks: tuple[tuple[int, int], ...]
    height: int
    width: int
    fits: dict[int, Fit]


def make_shape(pattern: tuple[str, ...], rotation: int) -> Shape:
    """Turn a pattern clockwise by `rotation` quarter turns and precompute its fits."""
    markers = [(r, c) for r, row in enumerate(pattern) for c, ch in enumerate(row) if ch == "X"]
    blanks = [(r, c) for r, row in enumerate(pattern) for c, ch in enumerate(row) if ch == "B"]
    markers, blanks = rotate_cells(markers, rotation), rotate_cells(blanks, rotation)
    top, left = min(r for r, _ in markers), min(c for _, c in markers)
    m_off = tuple((r - top, c - left) for r, c in markers)
    b_off = tuple((r - top, c - left) for r, c in blanks)
    height, width = max(r for r, _ in m_off) + 1, max(c for _, c in m_off) + 1
    fits: dict[int, Fit] = {}
    for ar in range(SIZE - height + 1):
        for ac in range(SIZE - width + 1):
            squares = tuple((ar + r) * SIZE + ac + c for r, c in m_off)
            mask = 0
            for sq in squares:
                mask |= 1 << sq
            b_sq = tuple((ar + r) * SIZE + ac + c if 0 <= ar + r < SIZE and 0 <= ac + c < SIZE else -1
                         for r, c in b_off)
            fits[ar * SIZE + ac] = Fit(ar * SIZE + ac, mask, squares, b_sq,
                                       sum(1 << sq for sq in b_sq if sq >= 0))
    return Shape(rotation, m_off, b_off, height, width, fits)


@lru_cache(maxsize=1024)
def card_shapes(card_id: str, pattern: tuple[str, ...]) -> tuple[Shape, ...]:
    """A card's pattern in the four rotations, kept: every card set holding this card with this pattern shares
    them (the searches' caches know a shape by its identity, and what they keep names its card)."""
    return tuple(make_shape(pattern, r) for r in range(4))


class CardSet:
    """All card data plus every pattern precomputed in the four rotations."""

    def __init__(self, colours: tuple[str, ...], lands: list[Card], starting: list[Card],
                 artifacts: list[Artifact], version: int = 1) -> None:
        self.version = version
        self.colours = colours
        self.land_ids: tuple[str, ...] = tuple(c.id for c in lands)
        self.starting_ids: dict[str, tuple[str, ...]] = {
            colour: tuple(c.id for c in starting if c.flag == colour) for colour in colours}
        self.artifact_ids: tuple[str, ...] = tuple(a.id for a in artifacts)
        self.cards: dict[str, Card] = {c.id: c for c in lands + starting}
        self.artifacts: dict[str, Artifact] = {a.id: a for a in artifacts}
        self.shapes: dict[str, tuple[Shape, ...]] = {c.id: card_shapes(c.id, c.pattern) for c in lands + starting}

    def card(self, card_id: str) -> Card:
        """The card with this id (KeyError if unknown)."""
        return self.cards[card_id]

    def artifact(self, artifact_id: str) -> Artifact:
        """The artifact with this id (KeyError if unknown)."""
        return self.artifacts[artifact_id]

    def shape(self, card_id: str, rotation: int) -> Shape:
        """The card's pattern turned clockwise by `rotation` quarter turns."""
        return self.shapes[card_id][rotation % 4]


class _Checker:
    """Field checks that raise `CardDataError` naming the source, the card and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, field: str, problem: str) -> CardDataError:
        return CardDataError(self.source, Problem.INVALID, f"{where}: {field}: {problem}")

    def text(self, entry: Mapping[str, object], where: str, field: str, label: str | None = None) -> str:
        value = entry.get(field)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, label or field, f"expected a non-empty string, got {value!r}")
        return value

    def integer(self, entry: Mapping[str, object], where: str, field: str, low: int, high: int) -> int:
        value = entry.get(field)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(where, field, f"expected an integer {low}-{high}, got {value!r}")
        return value

    def pattern(self, entry: Mapping[str, object], where: str) -> tuple[str, ...]:
        rows = entry.get("pattern")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) and r for r in rows):
            raise self.fail(where, "pattern", "expected a list of non-empty strings")
        if len({len(r) for r in rows}) != 1:
            raise self.fail(where, "pattern", "rows must all have the same length")
        if any(ch not in "XB." for r in rows for ch in r):
            raise self.fail(where, "pattern", "only 'X' (marker), 'B' (blank) and '.' are allowed")
        if len(rows) > MAX_PATTERN_SIDE or len(rows[0]) > MAX_PATTERN_SIDE:
            raise self.fail(where, "pattern", f"larger than {MAX_PATTERN_SIDE} x {MAX_PATTERN_SIDE}")
        if set(rows[0]) == {"."} or set(rows[-1]) == {"."} or all(r[0] == "." for r in rows) \
                or all(r[-1] == "." for r in rows):
            raise self.fail(where, "pattern", "has an empty outer row or column")
        markers = sum(r.count("X") for r in rows)
        blanks = sum(r.count("B") for r in rows)
        if not 2 <= markers <= 6:
            raise self.fail(where, "pattern", f"{markers} markers (must be 2-6)")
        if blanks > 2:
            raise self.fail(where, "pattern", f"{blanks} blanks (must be 0-2)")
        return tuple(rows)

    def coins(self, land: Mapping[str, object], where: str) -> tuple[int, ...]:
        rows = land.get("coins")
        if not (isinstance(rows, list) and len(rows) == 3
                and all(isinstance(r, list) and len(r) == 2 for r in rows)):
            raise self.fail(where, "land.coins", "expected 3 rows of 2 coin counts")
        flat = tuple(v for r in rows for v in r)
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 3 for v in flat):
            raise self.fail(where, "land.coins", "each square holds 0-3 coins")
        if sum(flat) > 3:
            raise self.fail(where, "land.coins", f"{sum(flat)} coins in total (at most 3)")
        return flat

    def entries(self, data: Mapping[str, object], field: str, count: int) -> list[Mapping[str, object]]:
        items = data.get(field)
        if not isinstance(items, list):
            raise self.fail("(top level)", field, "expected a list")
        if len(items) != count:
            raise self.fail("(top level)", field, f"expected {count} entries, got {len(items)}")
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.fail(f"{field}[{i}]", "(entry)", "expected an object")
        return items

    def ident(self, entry: Mapping[str, object], field: str, index: int, key: str, seen: set[str]) -> str:
        value = entry.get(key)
        where = f"{field}[{index}]"
        if not isinstance(value, str) or not value or not value.replace("_", "").isalnum():
            raise self.fail(where, key, f"expected a letters-and-digits id, got {value!r}")
        if value in seen:
            raise self.fail(value, key, "duplicate id")
        seen.add(value)
        return value


def cards_from_dict(data: object, source: str = "cards.json") -> CardSet:
    """Check card data (the JSON object) and build a `CardSet`; `CardDataError` (one line) if bad."""
    check = _Checker(source)
    if not isinstance(data, dict):
        raise check.fail("(top level)", "(file)", "expected a JSON object")
    colours = data.get("colours")
    if not (isinstance(colours, list) and len(colours) == 4
            and all(isinstance(c, str) and c.isalpha() for c in colours) and len(set(colours)) == 4):
        raise check.fail("(top level)", "colours", "expected 4 different colour names")
    version = check.integer(data, "(top level)", "version", 1, 999)
    seen: set[str] = set()
    lands = []
    for i, e in enumerate(check.entries(data, "characters", LAND_CARDS)):
        cid = check.ident(e, "characters", i, "id", seen)
        land = e.get("land")
        if not isinstance(land, dict):
            raise check.fail(cid, "land", "expected an object with name and coins")
        lands.append(Card(cid, check.text(e, cid, "name"), check.text(e, cid, "story"),
                          check.integer(e, cid, "points", 1, 4), check.pattern(e, cid),
                          check.text(land, cid, "name", "land.name"), check.coins(land, cid)))
    starting = []
    keys: set[str] = set()
    for i, e in enumerate(check.entries(data, "starting", STARTING_PATTERNS)):
        key = check.ident(e, "starting", i, "key", keys)
        name, story = check.text(e, key, "name"), check.text(e, key, "story")
        points, pattern = check.integer(e, key, "points", 0, 4), check.pattern(e, key)
        for colour in colours:
            cid = f"{key}-{colour}"
            if cid in seen:
                raise check.fail(cid, "key", "starting card id clashes with another card id")
            seen.add(cid)
            starting.append(Card(cid, name, story, points, pattern, flag=colour))
    artifacts = []
    per_ability = dict.fromkeys(ABILITIES, 0)
    for i, e in enumerate(check.entries(data, "artifacts", ARTIFACTS_PER_ABILITY * len(ABILITIES))):
        aid = check.ident(e, "artifacts", i, "id", seen)
        given = e.get("ability")
        ability = next((a for a in ABILITIES if a == given), None)
        if ability is None:
            raise check.fail(aid, "ability", f"expected one of {', '.join(ABILITIES)}, got {given!r}")
        per_ability[ability] += 1
        artifacts.append(Artifact(aid, check.text(e, aid, "name"), check.text(e, aid, "story"), ability,
                                  check.integer(e, aid, "cost", 2, 5), check.integer(e, aid, "points", 0, 3)))
    for ability, n in per_ability.items():
        if n != ARTIFACTS_PER_ABILITY:
            raise check.fail("(top level)", "artifacts", f"{n} {ability} artifacts (expected {ARTIFACTS_PER_ABILITY})")
    return CardSet(tuple(colours), lands, starting, artifacts, version)


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and check the card data file (default: `arzium/cards.json`); `CardDataError` if bad."""
    path = Path(path) if path is not None else CARDS_PATH
    return cards_from_dict(read_json_file(path, Kind.CARDS, CardDataError), str(path))


_DEFAULT: CardSet | None = None


def default_cards() -> CardSet:
    """The shipped card set, loaded once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_cards()
    return _DEFAULT
