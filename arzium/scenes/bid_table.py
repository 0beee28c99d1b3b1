"""What the bid dialog is given of the table under it, and where it leaves its answer."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from arzium.match import Match
from arzium.scenes.art import CardArt
from arzium.scenes.board_view import BoardView
from arzium.scenes.hints import HintDesk
from arzium.scenes.table_commands import TableCommand
from common.data.outbox import Outbox


@dataclass(frozen=True)
class BidTable:
    """The match (its state shown), the bidding human, the hints, the pictures and seats, the map (the dialog
    sits beside the land at stake) and what else it must leave in sight; `answer` is where the dialog leaves
    what it asks of the table, which the table carries out as it is on top again."""

    match: Match
    player: int
    hints: HintDesk
    art: CardArt
    names: list[str]
    colours: list[str]
    board: BoardView
    answer: Outbox[TableCommand]
    keep_clear: tuple[pygame.Rect, ...] = ()
