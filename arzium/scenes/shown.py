"""What the table shows right now: the rules state as far as the animations have got.

Animations change this model step by step (a marker lands, a coin arrives); once they are done it
is rebuilt from the rules state, so it can never drift from the truth.
"""
from __future__ import annotations

from dataclasses import dataclass

from arzium.match import Match
from arzium.rules.events import ArtifactRowRefilled
from arzium.rules.state import GameState

CLAIMING = ""  # a slot whose card is flying away and whose replacement has not arrived yet


@dataclass
class Shown:
    """Board, land cards, coins, parties and artifact row as drawn."""

    board: list[int]
    slots: list[str | None]
    coins: list[int]
    supply: list[int]
    cards: list[list[str]]
    face_up: list[list[bool]]
    artifacts: list[list[str]]
    artifacts_up: list[list[bool]]
    art_row: list[str | None]

    @classmethod
    def of(cls, state: GameState) -> Shown:
        """The model of a state at rest."""
        ps = state.players
        return cls(state.board[:], list(state.slots), [p.coins for p in ps], [p.supply for p in ps],
                   [p.cards[:] for p in ps], [p.face_up[:] for p in ps], [p.artifacts[:] for p in ps],
                   [p.artifacts_up[:] for p in ps], list(state.art_row))

    def set_face(self, player: int, card: str, up: bool) -> None:
        if card in self.cards[player]:
            self.face_up[player][self.cards[player].index(card)] = up

    def set_artifact_face(self, player: int, artifact: str, up: bool) -> None:
        if artifact in self.artifacts[player]:
            self.artifacts_up[player][self.artifacts[player].index(artifact)] = up

    def rest(self, player: int) -> None:
        self.face_up[player] = [True] * len(self.cards[player])
        self.artifacts_up[player] = [True] * len(self.artifacts[player])


def at_rest(match: Match) -> Shown:
    """The display model of what the match shows at rest (`Match.view_state`): a bought artifact's place in
    the row stays empty until the turn is confirmed (its replacement is held back with the turn's end)."""
    shown = Shown.of(match.view_state())
    for e in match.next_turn:
        if isinstance(e, ArtifactRowRefilled) and e.artifact is not None and e.position < len(shown.art_row):
            shown.art_row[e.position] = None
    return shown
