"""What the table's parts ask the play scene to do: small frozen values in one closed union, which the scene
carries out (`PlayScene.carry_out`, a `match` ending in `assert_never`). A part holds no scene and no
callback into it; it returns or queues these instead.
"""
from __future__ import annotations

from dataclasses import dataclass

from arzium.rules.actions import Action


@dataclass(frozen=True)
class Submit:
    """The acting human's action for their turn in progress (refused with a message if not theirs or illegal)."""

    action: Action


@dataclass(frozen=True)
class Undo:
    """Take back the last pending action of the turn in progress."""


@dataclass(frozen=True)
class Confirm:
    """Commit the finished turn in progress."""


@dataclass(frozen=True)
class OpenMenu:
    """Pause: the menu over the table."""


@dataclass(frozen=True)
class AskHint:
    """A hint for the acting human (again: hide the one on show)."""


@dataclass(frozen=True)
class PlacePinned:
    """Search with the pinned pattern."""


@dataclass(frozen=True)
class SkipAnimations:
    """Every animation scheduled so far runs to its end at once (silently)."""


@dataclass(frozen=True)
class ShowLines:
    """The next `count` waiting lines of the move log go on show."""

    count: int


@dataclass(frozen=True)
class Announce:
    """A banner in the sidebar's header about `player` (None: about nobody in particular)."""

    message: str
    player: int | None


@dataclass(frozen=True)
class Sparkle:
    """A sparkle at `pos` on the screen."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class TurnReached:
    """The animations reached the start of `player`'s turn."""

    player: int


@dataclass(frozen=True)
class GameReached:
    """The animations reached the end of the game."""


@dataclass(frozen=True)
class AtRest:
    """Every animation scheduled so far has run: the table shows the rules state."""


TableCommand = (Submit | Undo | Confirm | OpenMenu | AskHint | PlacePinned | SkipAnimations | ShowLines | Announce
                | Sparkle | TurnReached | GameReached | AtRest)
