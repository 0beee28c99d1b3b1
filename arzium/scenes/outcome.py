"""What the ghost's search would bring about, in words for the note over the ghost: the lands it fills, who
would claim each (or that a bid would follow, between whom) and who gets the helper's coin, as the rules
work it out (`arzium.rules.preview.search_outcome`). Worked out once per ghost (the choice keeps a ghost
until the mouse moves to another square), so a frame costs nothing more.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arzium.rules.actions import Search
from arzium.rules.board import SIZE, slot_squares
from arzium.rules.preview import LandOutcome, SearchOutcome, search_outcome
from arzium.rules.state import GameState
from arzium.wording import group, land_name, person
from common.data.i18n import _, language, pgettext
from common.data.rules_api import IllegalAction
from common.engine.layers import Part

if TYPE_CHECKING:
    from arzium.scenes.board_view import BoardView

FRAME_INK, FRAME_EDGE = (255, 236, 170), (40, 24, 12)


def land_line(land: LandOutcome, state: GameState, names: list[str]) -> str:
    """One filled land: who claims it or bids for it, and who gets the helper's coin."""
    land_title = land_name(state.cards.card(land.card))
    if land.claimer is not None:
        line = person(names[land.claimer], _("Fills {land}: you claim it"), _("Fills {land}: {name} claims it"),
                      land=land_title)
    else:
        line = group([names[p] for p in land.bidders],
                     pgettext("you among them", "Fills {land}: a tie, {names} bid for it "
                                        "(whoever loses gets the helper's coin)"),
                     _("Fills {land}: a tie, {names} bid for it (whoever loses gets the helper's coin)"),
                     land=land_title)
    helpers = [person(names[p], _("you get the helper's coin"), _("{name} gets the helper's coin"))
               for p in land.helpers]
    return " · ".join([line, *helpers])


def outcome_words(outcome: SearchOutcome, state: GameState, names: list[str]) -> list[str]:
    """The lines for the note: one per land the search fills, in the order the claims go."""
    return [land_line(land, state, names) for land in outcome.lands]


def land_frame_parts(board_view: BoardView, outcome: SearchOutcome | None) -> list[Part]:
    """A bright frame around every land the search would fill (the note names them)."""
    parts = []
    for land in outcome.lands if outcome is not None else ():
        cells = [board_view.cell_rect(*divmod(sq, SIZE)) for sq in slot_squares(land.slot)]
        box = cells[0].unionall(cells[1:])
        width = max(3, board_view.square // 14)
        parts.append(Part(box.inflate(2, 2), ("land frame", tuple(box), width), frame_painter(box, width)))
    return parts


def frame_painter(box: pygame.Rect, width: int) -> Callable[[pygame.Surface], None]:
    """Paints a frame (a dark edge, then the bright line) just inside `box`."""
    def paint(surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, FRAME_EDGE, box.inflate(2, 2), width + 2, border_radius=width * 2)
        pygame.draw.rect(surface, FRAME_INK, box.inflate(-2, -2), width, border_radius=width * 2)
    return paint


class OutcomeNotes:
    """The search's outcome for the ghost on show and its words (kept until the ghost changes)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.outcome: SearchOutcome | None = None
        self.lines: list[str] = []

    def lines_for(self, state: GameState, search: Search, names: list[str]) -> list[str]:
        """The lines for `search` in `state` (none if the rules refuse it)."""
        key = (search, state.active, tuple(state.board), tuple(state.slots), tuple(names), language())
        if key != self.key:
            self.key = key
            try:
                self.outcome = search_outcome(state, search)
                self.lines = outcome_words(self.outcome, state, names)
            except IllegalAction:
                self.outcome, self.lines = None, []
        return self.lines
