"""What the animations of the table draw on and move: the play scene as `effects.Animator` sees it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from arzium.scenes.art import CardArt
from arzium.scenes.board_view import BoardView
from arzium.scenes.party_view import PartyView
from arzium.scenes.shown import Shown
from arzium.scenes.timeline import Timeline

if TYPE_CHECKING:
    from common.app import App


class Stage(Protocol):
    """What the animations draw on and move: the play scene as the animator sees it."""

    app: App
    timeline: Timeline
    board_view: BoardView
    parties: list[PartyView]
    art: CardArt
    names: list[str]
    colours: list[str]
    shown: Shown

    def show_lines(self, count: int) -> None:
        """Put the next `count` waiting log lines on show."""
        ...

    def resync(self) -> None:
        """Every animation scheduled so far has run: show the rules state."""
        ...

    def turn_changed(self, player: int) -> None:
        """The animations reached the start of `player`'s turn."""
        ...

    def game_ended(self) -> None:
        """The animations reached the end of the game."""
        ...

    def announce(self, message: str, player: int | None) -> None:
        """A banner about `player` (None: about nobody in particular)."""
        ...

    def sparkle(self, pos: tuple[int, int]) -> None:
        ...

    def row_rect(self, i: int) -> pygame.Rect:
        """Where artifact `i` of the row for sale lies."""
        ...

    def land_name(self, slot: int) -> str:
        """The name of the land in `slot` now."""
        ...
