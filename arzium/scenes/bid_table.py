"""What the bid dialog is given of the table under it, and where it leaves its answer."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from arzium.rules import GameState
from arzium.scenes.art import CardArt
from arzium.scenes.hints import HintDesk
from arzium.scenes.table_commands import TableCommand


@dataclass(frozen=True)
class BidTable:
    """The state shown, the bidding human, the hints, the pictures and seats, where a land lies on screen (the
    dialog sits beside it) and what else it must leave in sight; `answer` is where the dialog leaves what it
    asks of the table, which the table carries out as it is on top again."""

    state: Callable[[], GameState]
    player: int
    hints: HintDesk
    art: CardArt
    names: list[str]
    colours: list[str]
    slot_rect: Callable[[int], pygame.Rect]
    answer: list[TableCommand]
    keep_clear: tuple[pygame.Rect, ...] = ()
