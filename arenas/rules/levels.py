"""Levels: what a level sets, and the loader that turns a level file into a checked `Level` (`check_level` finds
every problem of a level, with the gear it stands on: the loader and the level editor both use it).

A level file is a JSON object, for example::

    {"number": 1, "name": "First Grains", "layout": "arc",
     "path": ["gray triangle", "yellow circle", ...],
     "deactivator": 10,
     "timers": [{"id": "slow1", "tile": 0}, {"id": "slow2", "tile": 1}],
     "blocks": [], "removed_cards": [], "hand_size": 3, "team_size": 1,
     "description": "..."}

`deactivator` is the index of the first danger-zone tile (the Deactivator stands just before it).
`blocks`, `removed_cards`, `hand_size` (3), `team_size` (1), `description` ("") and `theme` ("", what the
level is about in one short line) are optional.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TypedDict

from arenas.rules.components import (
    LAYOUTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TILE_COLOURS,
    TILE_SHAPES,
    TIMER_SPECS,
    Tile,
    standard_deck,
)
from common.data.files import Kind, Problem
from common.data.i18n import _
from common.data.jsonio import DataFileError, read_json_file
from common.data.paths import shipped
from common.data.rules_api import FieldError, json_int, json_list, json_str

LEVELS_DIR = shipped("arenas", "levels")
MIN_PATH = 10
MAX_PATH = 19
HAND_SIZES = (2, 3)
MAX_LEVEL_NUMBER = 999  # level numbers are 1-999
MAX_NAME = 40  # characters of a level's name (the setup list and the top bar show it whole)
MAX_DESCRIPTION = 400
_REQUIRED = ("number", "name", "layout", "path", "deactivator", "timers")
MAX_THEME = 60  # characters of a level's theme: one line in the level picker
_OPTIONAL = ("blocks", "removed_cards", "hand_size", "team_size", "description", "theme")


class LevelError(DataFileError):
    """A level file or level data is bad; str() is one line naming the file, the field and the problem."""


class TimerPlaceJSON(TypedDict):
    """A timer of a level file and the tile it starts on."""

    id: str
    tile: int


class LevelJSON(TypedDict):
    """A level file's JSON object, as `Level.to_dict` writes it."""

    number: int
    name: str
    layout: str
    path: list[str]
    deactivator: int
    timers: list[TimerPlaceJSON]
    blocks: list[int]
    removed_cards: list[str]
    hand_size: int
    team_size: int
    description: str
    theme: str


@dataclass(frozen=True)
class Level:
    """One level: the path, the Deactivator, the timers and their start tiles, blocks and challenges."""

    number: int
    name: str
    path: tuple[Tile, ...]
    layout: str
    deactivator: int
    timers: tuple[tuple[str, int], ...]
    blocks: frozenset[int] = frozenset()
    removed_cards: tuple[str, ...] = ()
    hand_size: int = 3
    team_size: int = 1
    description: str = ""
    theme: str = ""  # what the level is about, in one short line

    @property
    def timer_ids(self) -> tuple[str, ...]:
        """Ids of the level's timers in level order."""
        return tuple(t for t, _ in self.timers)

    @property
    def fingerprint(self) -> str:
        """12 hex digits that change whenever the game the level plays changes (its path, Deactivator, timers,
        blocks, removed cards or hand size) and not with its number, name, texts, layout or suggested team."""
        game = [[t.name for t in self.path], self.deactivator, [list(t) for t in self.timers], sorted(self.blocks),
                sorted(self.removed_cards), self.hand_size]
        return hashlib.sha256(json.dumps(game, separators=(",", ":")).encode()).hexdigest()[:12]

    def to_dict(self) -> LevelJSON:
        """The level as the JSON object of a level file."""
        return {
            "number": self.number,
            "name": self.name,
            "layout": self.layout,
            "path": [t.name for t in self.path],
            "deactivator": self.deactivator,
            "timers": [{"id": i, "tile": tile} for i, tile in self.timers],
            "blocks": sorted(self.blocks),
            "removed_cards": list(self.removed_cards),
            "hand_size": self.hand_size,
            "team_size": self.team_size,
            "description": self.description,
            "theme": self.theme,
        }


def is_fingerprint(value: object) -> bool:
    """True for a level version as `Level.fingerprint` writes it: 12 lowercase hex digits."""
    return isinstance(value, str) and len(value) == 12 and all(c in "0123456789abcdef" for c in value)


class Fault(StrEnum):
    """What a problem of a level is, for a screen to word it: the checks an editor can run into, and `FILE` for
    a file's own mistakes (a wrong type, an unknown field or piece, a number out of range)."""

    FILE = "file"
    NO_NAME = "no_name"
    LONG_NAME = "long_name"
    LONG_DESCRIPTION = "long_description"
    LONG_THEME = "long_theme"
    NO_TIMER = "no_timer"
    TIMER_ON_BLOCK = "timer_on_block"
    TWO_TIMERS = "two_timers"
    TIMER_IN_DANGER = "timer_in_danger"
    BLOCKED_WAY = "blocked_way"
    NO_ROOM = "no_room"
    TOO_FEW_CARDS = "too_few_cards"
    HAND_SIZE = "hand_size"


@dataclass(frozen=True)
class LevelProblem:
    """One thing wrong with a level: the field (`timers[1].tile`), why in one line (English, as a file's error
    says it), what kind of fault, and the gear (path index) and timer it stands on, if any."""

    field: str
    reason: str
    fault: Fault = Fault.FILE
    gear: int | None = None
    timer: str | None = None

    @property
    def line(self) -> str:
        """`field: reason`, as a level file's error names it."""
        return f"{self.field}: {self.reason}"


def check_level(data: object) -> tuple[Level | None, tuple[LevelProblem, ...]]:
    """Check level data (a parsed level file, or an edited level's `to_dict`): the `Level` if it is good, and
    every problem found, in the order of the file's fields. A file's own mistake (a wrong type, an unknown
    field) ends the check at once; the rules of a level (timers, blocks, names, cards) are all checked."""
    problems: list[LevelProblem] = []
    try:
        level = _parse(data, problems)
    except FieldError as bad:
        problems.append(LevelProblem(bad.field, bad.problem))
        return None, tuple(problems)
    return (None if problems else level), tuple(problems)


def level_problems(level: Level) -> tuple[LevelProblem, ...]:
    """Every problem the loader would find in `level` written as a level file (none: it loads as it is)."""
    return check_level(level.to_dict())[1]


def level_from_dict(data: object, source: str = "<level>") -> Level:
    """Check level data (a parsed level file) and build the `Level`; `LevelError` (its first problem) if bad."""
    level, problems = check_level(data)
    if level is None:
        raise LevelError(source, Problem.INVALID, problems[0].line)
    return level


def _parse(data: object, problems: list[LevelProblem]) -> Level:
    """The level `data` describes; a file's own mistake raises `FieldError`, a broken rule of a level is
    added to `problems` (the level returned is then not to be used)."""

    def bad(fault: Fault, field: str, reason: str, gear: int | None = None, timer: str | None = None) -> None:
        problems.append(LevelProblem(field, reason, fault, gear, timer))

    if not isinstance(data, dict):
        raise FieldError(_("(top level)"), _("expected a JSON object"))
    for key in data:
        if key not in _REQUIRED and key not in _OPTIONAL:
            raise FieldError(str(key), _("unknown field"))
    for key in _REQUIRED:
        if key not in data:
            raise FieldError(key, _("missing field"))

    number = json_int(data["number"], "number", 1, MAX_LEVEL_NUMBER)
    name = json_str(data["name"], "name").strip()
    if not name:
        bad(Fault.NO_NAME, "name", "must not be empty")
    elif len(name) > MAX_NAME or not name.isprintable():  # control characters, NUL, a 1 MB name: no level to show
        bad(Fault.LONG_NAME, "name", _("must be at most {n} printable characters").format(n=MAX_NAME))
    layout = json_str(data["layout"], "layout")
    if layout not in LAYOUTS:
        raise FieldError("layout", _("unknown layout {layout!r} (one of {names})").format(
            layout=layout, names=", ".join(LAYOUTS)))

    raw_path = json_list(data["path"], "path")
    path: list[Tile] = []
    for i, item in enumerate(raw_path):
        try:
            path.append(Tile.from_name(json_str(item, f"path[{i}]")))
        except ValueError as exc:
            raise FieldError(f"path[{i}]", str(exc)) from None
    if len(path) < MIN_PATH:
        raise FieldError("path", _("too short: {n} tiles, at least {least}").format(n=len(path), least=MIN_PATH))
    if len(path) > MAX_PATH:
        raise FieldError("path", _("too long: {n} tiles, at most {most}").format(n=len(path), most=MAX_PATH))

    deactivator = json_int(data["deactivator"], "deactivator")
    if not 1 <= deactivator <= len(path) - 1:
        raise FieldError("deactivator", _("{tile} is outside the path (must be 1..{last})").format(
            tile=deactivator, last=len(path) - 1))

    blocks: set[int] = set()
    for i, item in enumerate(json_list(data.get("blocks", []), "blocks")):
        tile = json_int(item, f"blocks[{i}]")
        if not 0 <= tile < len(path):
            raise FieldError(f"blocks[{i}]", _("tile {tile} is outside the path (0..{last})").format(
                tile=tile, last=len(path) - 1))
        if tile in blocks:
            raise FieldError(f"blocks[{i}]", _("tile {tile} is blocked twice").format(tile=tile))
        blocks.add(tile)

    timers: list[tuple[str, int]] = []
    before_timers = len(problems)
    raw_timers = json_list(data["timers"], "timers")
    if not raw_timers:
        bad(Fault.NO_TIMER, "timers", "a level needs at least one timer")
    for i, item in enumerate(raw_timers):
        where = f"timers[{i}]"
        if not isinstance(item, dict):
            raise FieldError(where, 'expected an object like {"id": "slow1", "tile": 0}')
        for key in item:
            if key not in ("id", "tile"):
                raise FieldError(f"{where}.{key}", _("unknown field"))
        for key in ("id", "tile"):
            if key not in item:
                raise FieldError(f"{where}.{key}", _("missing field"))
        timer_id = json_str(item["id"], f"{where}.id")
        if timer_id not in TIMER_SPECS:
            raise FieldError(f"{where}.id", _("unknown timer {timer!r} (one of {names})").format(
                timer=timer_id, names=", ".join(TIMER_SPECS)))
        if any(timer_id == t for t, _ in timers):
            raise FieldError(f"{where}.id", _("timer {timer!r} is used twice").format(timer=timer_id))
        tile = json_int(item["tile"], f"{where}.tile")
        if not 0 <= tile < len(path):
            raise FieldError(f"{where}.tile", _("tile {tile} is outside the path (0..{last})").format(
                tile=tile, last=len(path) - 1))
        if tile in blocks:
            bad(Fault.TIMER_ON_BLOCK, f"{where}.tile", _("timer {timer!r} stands on blocked tile {tile}").format(
                timer=timer_id, tile=tile), tile,
                timer_id)
        other = next((t for t, at in timers if at == tile), None)
        if other is not None:
            bad(Fault.TWO_TIMERS, f"{where}.tile", _("two timers on tile {tile} ({one!r} and {other!r})").format(
                tile=tile, one=other, other=timer_id), tile,
                timer_id)
        if tile >= deactivator:
            danger = _("timer {timer!r} starts in the danger zone (tile {tile})").format(timer=timer_id, tile=tile)
            bad(Fault.TIMER_IN_DANGER, f"{where}.tile", danger, tile, timer_id)
        timers.append((timer_id, tile))

    if len(problems) == before_timers:  # where each timer can get to means something once they stand as they may
        problems += _unreachable(timers, blocks, deactivator, len(path))

    removed: list[str] = []
    for i, item in enumerate(json_list(data.get("removed_cards", []), "removed_cards")):
        value = json_str(item, f"removed_cards[{i}]")
        if value not in TILE_COLOURS and value not in TILE_SHAPES:
            raise FieldError(f"removed_cards[{i}]", _("{value!r} is not a colour or a shape").format(value=value))
        if value in removed:
            raise FieldError(f"removed_cards[{i}]", _("{value!r} is removed twice").format(value=value))
        removed.append(value)
    if len(standard_deck(tuple(removed))) <= MAX_PLAYERS * max(HAND_SIZES):
        bad(Fault.TOO_FEW_CARDS, "removed_cards", "too many cards removed to deal a full table")

    hand_size = json_int(data.get("hand_size", 3), "hand_size")
    if hand_size not in HAND_SIZES:
        bad(Fault.HAND_SIZE, "hand_size", _("must be 2 or 3, got {n}").format(n=hand_size))
    team_size = json_int(data.get("team_size", 1), "team_size", MIN_PLAYERS, MAX_PLAYERS)
    description = json_str(data.get("description", ""), "description")
    if len(description) > MAX_DESCRIPTION or not description.isprintable():
        bad(Fault.LONG_DESCRIPTION, "description", _("must be at most {n} printable characters").format(
            n=MAX_DESCRIPTION))
    theme = json_str(data.get("theme", ""), "theme")
    if len(theme) > MAX_THEME or not theme.isprintable():
        bad(Fault.LONG_THEME, "theme", _("must be at most {n} printable characters").format(n=MAX_THEME))

    return Level(
        number=number,
        name=name,
        path=tuple(path),
        layout=layout,
        deactivator=deactivator,
        timers=tuple(timers),
        blocks=frozenset(blocks),
        removed_cards=tuple(removed),
        hand_size=hand_size,
        team_size=team_size,
        description=description,
        theme=theme,
    )


def _unreachable(timers: list[tuple[str, int]], blocks: set[int], deactivator: int,
                 length: int) -> list[LevelProblem]:
    """Every timer must be able to end in its own free danger-zone tile: one problem (on its start gear) for
    each that cannot.

    Timers never pass one another nor a block, so place them from the most advanced back, each on
    the furthest free tile it can reach below the one ahead of it.
    """
    problems = []
    limit = length
    for timer_id, start in sorted(timers, key=lambda t: -t[1]):
        reach = start
        while reach + 1 < limit and reach + 1 not in blocks:
            reach += 1
        if reach < deactivator:
            if reach + 1 in blocks:
                problems.append(LevelProblem(
                    "blocks", _("timer {timer!r} from tile {start} cannot reach the danger zone past the block on "
                                "tile {block}").format(timer=timer_id, start=start, block=reach + 1),
                    Fault.BLOCKED_WAY, start, timer_id))
            else:
                problems.append(LevelProblem(
                    "deactivator", _("too few free danger-zone tiles: timer {timer!r} from tile {start} cannot "
                                     "get past the Deactivator").format(timer=timer_id, start=start),
                    Fault.NO_ROOM, start, timer_id))
        limit = reach
    return problems


def load_level(path: str | Path) -> Level:
    """Read and check one level file; `LevelError` (one line: file, field, problem) if it is bad."""
    path = Path(path)
    return level_from_dict(read_json_file(path, Kind.LEVEL, LevelError), str(path))


def level_path(number: int) -> Path:
    """Path of the shipped level file with this number."""
    return LEVELS_DIR / f"{number:02d}.json"


def load_levels() -> list[Level]:
    """All shipped levels, in number order; `LevelError` if one is bad or two share a number."""
    levels: dict[int, Level] = {}
    for file in sorted(LEVELS_DIR.glob("*.json")):
        level = load_level(file)
        if level.number in levels:
            raise LevelError(file, Problem.INVALID, f"number: level {level.number} is defined twice")
        levels[level.number] = level
    return [levels[n] for n in sorted(levels)]
