"""The level editor's model: a draft level, the edits that change it, undo and redo by finished gesture, and
the problems of the draft, which are the level loader's own (`levels.level_problems`).

An edit is a frozen value; `apply_edit` gives the level it makes. Edits keep what the board needs to be drawn
(10..19 gears, the Deactivator inside the path, timers and blocks on gears of the path) and leave every rule of
a level to the loader's check, so what the editor says is wrong is exactly what a level file would be refused
for. One finished gesture (a click, a drag across gears, a name typed) is one step of the history.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import assert_never

from arenas.rules.components import LAYOUTS, MAX_PLAYERS, MIN_PLAYERS, TILE_COLOURS, TILE_SHAPES, TIMER_SPECS, Tile
from arenas.rules.levels import HAND_SIZES, MAX_PATH, MIN_PATH, Level, LevelProblem, level_problems

NEW_GEARS = 12
NEW_DANGER = 2  # danger-zone gears of a new level


def pattern_tile(i: int) -> Tile:
    """The gear a new level (or a new gear at index `i`) starts with: colours and shapes in turn."""
    return Tile(TILE_COLOURS[i % len(TILE_COLOURS)], TILE_SHAPES[i % len(TILE_SHAPES)])


def new_level(number: int) -> Level:
    """An empty level to start from: 12 gears, two of them past the Deactivator, no timer and no name yet."""
    return Level(number=number, name="", path=tuple(pattern_tile(i) for i in range(NEW_GEARS)), layout=LAYOUTS[0],
                 deactivator=NEW_GEARS - NEW_DANGER, timers=())


@dataclass(frozen=True, slots=True)
class SetLayout:
    """Lay the gears along another curve."""

    layout: str


@dataclass(frozen=True, slots=True)
class SetGearCount:
    """Add gears at the end (in the new-level pattern) or take the last ones away (with their timers and
    blocks); the danger zone keeps its length where it can."""

    count: int


@dataclass(frozen=True, slots=True)
class SetColour:
    """Paint gear `gear` (a path index) with a colour."""

    gear: int
    colour: str


@dataclass(frozen=True, slots=True)
class SetShape:
    """Give gear `gear` another emblem."""

    gear: int
    shape: str


@dataclass(frozen=True, slots=True)
class PlaceTimer:
    """Stand timer `timer` on gear `gear` (added to the level if it was not in it)."""

    timer: str
    gear: int


@dataclass(frozen=True, slots=True)
class RemoveTimer:
    """Take timer `timer` out of the level."""

    timer: str


@dataclass(frozen=True, slots=True)
class SetDeactivator:
    """Move the Deactivator to stand just before gear `gear` (the first gear of the danger zone)."""

    gear: int


@dataclass(frozen=True, slots=True)
class SetBlock:
    """Put a block on gear `gear`, or take it away."""

    gear: int
    blocked: bool


@dataclass(frozen=True, slots=True)
class SetCardRemoved:
    """Take every card of a colour or a shape out of the deck, or put them back."""

    card: str
    removed: bool


@dataclass(frozen=True, slots=True)
class SetHandSize:
    hand_size: int


@dataclass(frozen=True, slots=True)
class SetTeamSize:
    team_size: int


@dataclass(frozen=True, slots=True)
class SetName:
    name: str


@dataclass(frozen=True, slots=True)
class SetDescription:
    description: str


Edit = (SetLayout | SetGearCount | SetColour | SetShape | PlaceTimer | RemoveTimer | SetDeactivator | SetBlock
        | SetCardRemoved | SetHandSize | SetTeamSize | SetName | SetDescription)


def apply_edit(level: Level, edit: Edit) -> Level:
    """The level `edit` makes of `level` (`level` itself when the edit changes nothing or does not fit it: a
    gear that is not on the path, a value that is not one of the game's)."""
    n = len(level.path)
    match edit:
        case SetLayout(layout):
            return replace(level, layout=layout) if layout in LAYOUTS else level
        case SetGearCount(count):
            count = min(MAX_PATH, max(MIN_PATH, count))
            if count == n:
                return level
            path = level.path[:count] + tuple(pattern_tile(i) for i in range(n, count))
            deactivator = min(count - 1, max(1, count - (n - level.deactivator)))
            return replace(level, path=path, deactivator=deactivator,
                           timers=tuple((t, at) for t, at in level.timers if at < count),
                           blocks=frozenset(b for b in level.blocks if b < count))
        case SetColour(gear, colour):
            if not 0 <= gear < n or colour not in TILE_COLOURS:
                return level
            return _with_tile(level, gear, Tile(colour, level.path[gear].shape))
        case SetShape(gear, shape):
            if not 0 <= gear < n or shape not in TILE_SHAPES:
                return level
            return _with_tile(level, gear, Tile(level.path[gear].colour, shape))
        case PlaceTimer(timer, gear):
            if not 0 <= gear < n or timer not in TIMER_SPECS:
                return level
            if timer in level.timer_ids:
                return replace(level, timers=tuple((t, gear if t == timer else at) for t, at in level.timers))
            return replace(level, timers=(*level.timers, (timer, gear)))
        case RemoveTimer(timer):
            return replace(level, timers=tuple((t, at) for t, at in level.timers if t != timer))
        case SetDeactivator(gear):
            return replace(level, deactivator=gear) if 1 <= gear <= n - 1 else level
        case SetBlock(gear, blocked):
            if not 0 <= gear < n:
                return level
            return replace(level, blocks=(level.blocks | {gear}) if blocked else (level.blocks - {gear}))
        case SetCardRemoved(card, removed):
            if card not in TILE_COLOURS and card not in TILE_SHAPES:
                return level
            kept = tuple(c for c in level.removed_cards if c != card)
            return replace(level, removed_cards=(*kept, card) if removed else kept)
        case SetHandSize(hand_size):
            return replace(level, hand_size=hand_size) if hand_size in HAND_SIZES else level
        case SetTeamSize(team_size):
            return replace(level, team_size=team_size) if MIN_PLAYERS <= team_size <= MAX_PLAYERS else level
        case SetName(name):
            return replace(level, name=name)
        case SetDescription(description):
            return replace(level, description=description)
        case _:
            assert_never(edit)


def _with_tile(level: Level, gear: int, tile: Tile) -> Level:
    return replace(level, path=(*level.path[:gear], tile, *level.path[gear + 1:]))


@dataclass(frozen=True)
class Step:
    """One finished gesture: its edits, and the level it started from (what undoing it gives back)."""

    edits: tuple[Edit, ...]
    before: Level


@dataclass
class LevelEditor:
    """A level being edited: `level` as it is shown (with the gesture in progress), the steps to undo and to
    redo, and the problems the loader finds in it."""

    level: Level
    undo_steps: list[Step] = field(default_factory=list)
    redo_steps: list[Step] = field(default_factory=list)
    _gesture: list[Edit] | None = None
    _gesture_base: Level | None = None
    _checked: tuple[Level, tuple[LevelProblem, ...]] | None = None

    # ---- gestures --------------------------------------------------------------------------
    def do(self, edit: Edit) -> None:
        """One edit as a whole gesture (a click, a key): one step, if it changes the level."""
        self.begin()
        self.extend(edit)
        self.finish()

    def begin(self) -> None:
        """A gesture starts (a drag, a name being typed): its edits make one step when it finishes."""
        self.finish()
        self._gesture, self._gesture_base = [], self.level

    def extend(self, edit: Edit) -> None:
        """One more edit of the gesture in progress (shown at once)."""
        if self._gesture is None:
            self.do(edit)
            return
        after = apply_edit(self.level, edit)
        if after != self.level:
            self._gesture.append(edit)
            self.level = after

    def finish(self) -> None:
        """The gesture is finished: a step of the history if it changed the level (which empties the redo list)."""
        edits, base = self._gesture, self._gesture_base
        self._gesture = self._gesture_base = None
        if edits is None or base is None or self.level == base:
            return
        self.undo_steps.append(Step(tuple(edits), base))
        self.redo_steps.clear()

    @property
    def in_gesture(self) -> bool:
        return self._gesture is not None

    # ---- history ---------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take the last step back (finishing a gesture in progress first); False if there is none."""
        self.finish()
        if not self.undo_steps:
            return False
        step = self.undo_steps.pop()
        self.redo_steps.append(Step(step.edits, step.before))
        self.level = step.before
        return True

    def redo(self) -> bool:
        """Do the last undone step again; False if there is none."""
        self.finish()
        if not self.redo_steps:
            return False
        step = self.redo_steps.pop()
        self.undo_steps.append(step)
        level = step.before
        for edit in step.edits:
            level = apply_edit(level, edit)
        self.level = level
        return True

    # ---- what the loader says --------------------------------------------------------------
    @property
    def problems(self) -> tuple[LevelProblem, ...]:
        """What the level loader would refuse in the level as it is shown (none: it is playable)."""
        if self._checked is None or self._checked[0] is not self.level:
            self._checked = (self.level, level_problems(self.level))
        return self._checked[1]

    @property
    def playable(self) -> bool:
        """True when the level loads as it is: it can be saved, played and shared."""
        return not self.problems

    def gear_problems(self, gear: int) -> tuple[LevelProblem, ...]:
        """The problems standing on gear `gear`."""
        return tuple(p for p in self.problems if p.gear == gear)
