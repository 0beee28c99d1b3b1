"""Events: what happened, at which millisecond, returned by `apply`/`advance` and kept in the log."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from arenas.rules.components import Card


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event: the game time (ms) it happened at."""

    time_ms: int

    def to_json(self) -> dict[str, object]:
        """The event as a JSON-able dict with a 'type' key."""
        out: dict[str, object] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.name if isinstance(value, Card) else value
        return out


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    player: int
    card: Card
    hand_index: int


@dataclass(frozen=True, slots=True)
class TimerFlipped(Event):
    timer: str
    remaining_ms: int


@dataclass(frozen=True, slots=True)
class TimerMoved(Event):
    timer: str
    from_tile: int
    to_tile: int


@dataclass(frozen=True, slots=True)
class TimerBlocked(Event):
    """The timer was flipped but could not move (next tile occupied, blocked, or end of the chain)."""

    timer: str
    tile: int


@dataclass(frozen=True, slots=True)
class TimerLost(Event):
    """The timer ran out before the Deactivator: it now stands (flipped) beside `tile`."""

    timer: str
    tile: int


@dataclass(frozen=True, slots=True)
class TimerRecovered(Event):
    """A wild card recovered a lost timer; `back_on_path` is False when its tile was occupied."""

    timer: str
    tile: int
    back_on_path: bool


@dataclass(frozen=True, slots=True)
class CardHadNoEffect(Event):
    pass


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    size: int


@dataclass(frozen=True, slots=True)
class TurnChanged(Event):
    player: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    pass


@dataclass(frozen=True, slots=True)
class GameLost(Event):
    """`timer` ran out at `where` (its tile, or the tile it stood beside when `lost`)."""

    timer: str
    where: int
    lost: bool


# Every kind of event: a closed union for `match` ... `assert_never`, and the same classes as a tuple
# (`isinstance(event, EVENT_TYPES)` narrows an `Event` to `AnyEvent`).
AnyEvent = (CardPlayed | TimerFlipped | TimerMoved | TimerBlocked | TimerLost | TimerRecovered | CardHadNoEffect
            | CardDrawn | DeckReshuffled | TurnChanged | GameWon | GameLost)
EVENT_TYPES = (CardPlayed, TimerFlipped, TimerMoved, TimerBlocked, TimerLost, TimerRecovered, CardHadNoEffect,
               CardDrawn, DeckReshuffled, TurnChanged, GameWon, GameLost)

_EVENT_TYPES: dict[str, type[Event]] = {cls.__name__: cls for cls in EVENT_TYPES}


def event_from_json(data: object) -> Event:
    """Inverse of `Event.to_json`; ValueError if `data` is not an event."""
    if not isinstance(data, dict):
        raise ValueError(f"not an event: {data!r}")
    try:
        cls = _EVENT_TYPES[data["type"]]
        kwargs = {f.name: data[f.name] for f in dataclasses.fields(cls)}
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an event: {exc}") from None
    if "card" in kwargs:
        kwargs["card"] = Card.from_name(kwargs["card"])
    return cls(**kwargs)
