"""Events: what happened, in order, returned by `apply` for the scenes and the move log.

Every coin change appears in exactly one event: `MarkerPlaced.coins`, `MarkerDisplaced.coins`,
`BlankPaid.cost`, `CoinsGained`, `ConsolationCoin` (+1), `Rested.paid`, `CardClaimed.paid`,
`ArtifactBought.cost`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    def to_json(self) -> dict[str, object]:
        """The event as a JSON-able dict with a 'type' key."""
        out: dict[str, object] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int


@dataclass(frozen=True, slots=True)
class Rested(Event):
    """All characters and artifacts of `player` turned face up; `forced` when all were face down."""

    player: int
    paid: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class CharacterUsed(Event):
    """`card` turned face down to search."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class CharacterFlipped(Event):
    """`card` turned by a Wake artifact."""

    player: int
    card: str
    face_up: bool


@dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    player: int
    square: int
    coins: int


@dataclass(frozen=True, slots=True)
class SquareSkipped(Event):
    """A marker square of the pattern already held a marker (or the player ran out of markers)."""

    square: int


@dataclass(frozen=True, slots=True)
class BlankPaid(Event):
    """A blank square is about to be filled; `cost` is 2, or 0 with a Free blank artifact."""

    player: int
    square: int
    cost: int


@dataclass(frozen=True, slots=True)
class MarkerDisplaced(Event):
    """`player`'s marker replaced `victim`'s on `square` (returned to its supply); `coins` collected."""

    player: int
    square: int
    victim: int
    coins: int


@dataclass(frozen=True, slots=True)
class MarkerSlid(Event):
    """`owner`'s marker moved from `src` to `dst` by `player`'s Slide artifact."""

    player: int
    owner: int
    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class SearchSkipped(Event):
    player: int


@dataclass(frozen=True, slots=True)
class ClaimsBegun(Event):
    """The active player uses no more artifacts after the search (`ResolveClaims`): the claims follow."""

    player: int


@dataclass(frozen=True, slots=True)
class CoinsGained(Event):
    player: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class CardFull(Event):
    """All six squares of the land card in `slot` hold markers; it is resolved in this order."""

    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class BiddingStarted(Event):
    """A tie for most markers on `slot`: `bidders` bid once each in this order."""

    slot: int
    bidders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class BidPassed(Event):
    """`forced` when the player could not afford to raise."""

    player: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class CardClaimed(Event):
    """`player` claimed `card` (paying `paid` coins when won by bidding); markers went home.

    `markers_returned` is ((player, count), ...) for every player who had markers on the card.
    """

    player: int
    card: str
    slot: int
    markers_returned: tuple[tuple[int, int], ...]
    paid: int = 0


@dataclass(frozen=True, slots=True)
class ConsolationCoin(Event):
    player: int
    slot: int


@dataclass(frozen=True, slots=True)
class CardReplaced(Event):
    """A new land card in `slot` (same orientation), or None: the deck is empty, the slot is off the map."""

    slot: int
    card: str | None


@dataclass(frozen=True, slots=True)
class ArtifactUsed(Event):
    player: int
    artifact: str
    ability: str


@dataclass(frozen=True, slots=True)
class ArtifactBought(Event):
    player: int
    artifact: str
    cost: int


@dataclass(frozen=True, slots=True)
class ArtifactRowRefilled(Event):
    """Row position `position` now shows `artifact`, or None (the pile is empty: the row shrinks)."""

    position: int
    artifact: str | None


@dataclass(frozen=True, slots=True)
class FinalRound(Event):
    """`player` owns 10 characters: the round is finished, then the game ends."""

    player: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """Final scores (card + artifact points) per player, and the winners (several on a shared win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


# Every kind of event: a closed union for `match` ... `assert_never`, and the same classes as a tuple
# (`isinstance(event, EVENT_TYPES)` narrows an `Event` to `AnyEvent`).
AnyEvent = (TurnStarted | Rested | CharacterUsed | CharacterFlipped | MarkerPlaced | SquareSkipped | BlankPaid
            | MarkerDisplaced | MarkerSlid | SearchSkipped | ClaimsBegun | CoinsGained | CardFull | BiddingStarted |
            BidPlaced | BidPassed | CardClaimed | ConsolationCoin | CardReplaced | ArtifactUsed |
            ArtifactBought | ArtifactRowRefilled | FinalRound | GameEnded)
EVENT_TYPES = (TurnStarted, Rested, CharacterUsed, CharacterFlipped, MarkerPlaced, SquareSkipped, BlankPaid,
               MarkerDisplaced, MarkerSlid, SearchSkipped, ClaimsBegun, CoinsGained, CardFull, BiddingStarted,
               BidPlaced, BidPassed, CardClaimed, ConsolationCoin, CardReplaced, ArtifactUsed, ArtifactBought,
               ArtifactRowRefilled, FinalRound, GameEnded)
