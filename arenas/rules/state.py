"""The state of one game of Arenas Movedizas, its setup, copying and JSON round trip."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypedDict

from arenas.rules.actions import Action, ActionJSON, action_from_json
from arenas.rules.components import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIMER_SPECS,
    Card,
    standard_deck,
)
from arenas.rules.events import Event, TimerFlipped, TurnChanged, event_from_json
from arenas.rules.levels import Level, LevelJSON, level_from_dict

MIN_SAND_SPEED_PCT = 50
MAX_SAND_SPEED_PCT = 100


class Result(StrEnum):
    """How a finished game ended."""

    WON = "won"
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is dealt from: the level, the players in seat order, who starts, the sand speed."""

    level: Level
    players: tuple[str, ...]
    first_player: int = 0
    sand_speed_pct: int = MAX_SAND_SPEED_PCT


class TimerJSON(TypedDict):
    """The JSON form of a `TimerState`."""

    id: str
    capacity_ms: int
    remaining_ms: int
    tile: int | None
    lost_beside: int | None


class StateJSON(TypedDict):
    """The exact JSON form of a `GameState` (`rng`: the generator's state as `random.Random.getstate` gives it,
    its tuple a list; `actions`: each with its time)."""

    level: LevelJSON
    players: list[str]
    seed: int
    first_player: int
    sand_speed_pct: int
    rng: list[object]
    time_ms: int
    active: int
    hands: list[list[str]]
    deck: list[str]
    discard: list[str]
    timers: list[TimerJSON]
    result: str | None
    failed_timer: str | None
    failed_where: int | None
    assisted: bool
    sand_rem: int
    log: list[dict[str, object]]
    actions: list[list[int | ActionJSON]]  # [time, action]


@dataclass(slots=True)
class TimerState:
    """One hourglass in play: on the path at `tile`, or lost and standing beside `lost_beside`."""

    id: str
    capacity_ms: int
    remaining_ms: int
    tile: int | None
    lost_beside: int | None = None

    @property
    def lost(self) -> bool:
        """True while the timer is off the path."""
        return self.tile is None

    @property
    def position(self) -> int:
        """The tile it stands on, or beside when lost: how far along the chain it is."""
        where = self.tile if self.tile is not None else self.lost_beside
        assert where is not None
        return where

    def to_dict(self) -> TimerJSON:
        """JSON-able copy."""
        return {"id": self.id, "capacity_ms": self.capacity_ms, "remaining_ms": self.remaining_ms,
                "tile": self.tile, "lost_beside": self.lost_beside}


@dataclass
class GameState:
    """Everything about a game in progress; mutated by `apply` and `advance`.

    `deck[-1]` is the top of the deck. `timers` keeps level order. `log` holds every event so far
    and `actions` every applied action with its time, so a finished state is its own replay.
    `sand_rem` is the fraction of a millisecond of sand (in 1/100 ms) not yet drained when the
    sand-speed assist is below 100 %.
    """

    level: Level
    players: list[str]
    seed: int
    first_player: int
    sand_speed_pct: int
    rng: random.Random
    time_ms: int = 0
    active: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    timers: dict[str, TimerState] = field(default_factory=dict)
    result: Result | None = None
    failed_timer: str | None = None
    failed_where: int | None = None
    assisted: bool = False
    sand_rem: int = 0
    log: list[Event] = field(default_factory=list)
    actions: list[tuple[int, Action]] = field(default_factory=list)

    def timer_on(self, tile: int) -> TimerState | None:
        """The timer standing on `tile`, if any."""
        for t in self.timers.values():
            if t.tile == tile:
                return t
        return None

    @property
    def setup(self) -> Setup:
        """The setup this game was dealt from."""
        return Setup(self.level, tuple(self.players), self.first_player, self.sand_speed_pct)

    def to_dict(self) -> StateJSON:
        """JSON-able form; `from_dict` rebuilds an equal state (including the RNG)."""
        version, internal, gauss = self.rng.getstate()
        return {
            "level": self.level.to_dict(),
            "players": list(self.players),
            "seed": self.seed,
            "first_player": self.first_player,
            "sand_speed_pct": self.sand_speed_pct,
            "rng": [version, list(internal), gauss],
            "time_ms": self.time_ms,
            "active": self.active,
            "hands": [[c.name for c in h] for h in self.hands],
            "deck": [c.name for c in self.deck],
            "discard": [c.name for c in self.discard],
            "timers": [t.to_dict() for t in self.timers.values()],
            "result": None if self.result is None else str(self.result),
            "failed_timer": self.failed_timer,
            "failed_where": self.failed_where,
            "assisted": self.assisted,
            "sand_rem": self.sand_rem,
            "log": [e.to_json() for e in self.log],
            "actions": [[t, a.to_json()] for t, a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: object) -> GameState:
        """Inverse of `to_dict`; ValueError/KeyError/TypeError if `data` is not a saved state."""
        if not isinstance(data, dict):
            raise TypeError(f"a saved state must be a JSON object, got {type(data).__name__}")
        version, internal, gauss = data["rng"]
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
        return cls(
            level=level_from_dict(data["level"], "saved state"),
            players=list(data["players"]), seed=data["seed"], first_player=data["first_player"],
            sand_speed_pct=data["sand_speed_pct"], rng=rng, time_ms=data["time_ms"],
            active=data["active"],
            hands=[[Card.from_name(n) for n in h] for h in data["hands"]],
            deck=[Card.from_name(n) for n in data["deck"]],
            discard=[Card.from_name(n) for n in data["discard"]],
            timers={t["id"]: TimerState(t["id"], t["capacity_ms"], t["remaining_ms"], t["tile"],
                                        t["lost_beside"]) for t in data["timers"]},
            result=None if data["result"] is None else Result(data["result"]), failed_timer=data["failed_timer"],
            failed_where=data["failed_where"], assisted=data["assisted"],
            sand_rem=data["sand_rem"], log=[event_from_json(e) for e in data["log"]],
            actions=[(t, action_from_json(a)) for t, a in data["actions"]],
        )


def clone(state: GameState) -> GameState:
    """An independent copy (for bots looking ahead); events and cards are immutable and shared."""
    rng = random.Random()
    rng.setstate(state.rng.getstate())
    return GameState(
        level=state.level, players=list(state.players), seed=state.seed,
        first_player=state.first_player, sand_speed_pct=state.sand_speed_pct, rng=rng,
        time_ms=state.time_ms, active=state.active, hands=[list(h) for h in state.hands],
        deck=list(state.deck), discard=list(state.discard),
        timers={k: TimerState(t.id, t.capacity_ms, t.remaining_ms, t.tile, t.lost_beside)
                for k, t in state.timers.items()},
        result=state.result, failed_timer=state.failed_timer, failed_where=state.failed_where,
        assisted=state.assisted, sand_rem=state.sand_rem, log=list(state.log),
        actions=list(state.actions),
    )


def to_dict(state: GameState) -> StateJSON:
    """The state's JSON-able form (`GameState.to_dict`)."""
    return state.to_dict()


def from_dict(data: object) -> GameState:
    """Inverse of `to_dict` (`GameState.from_dict`)."""
    return GameState.from_dict(data)


def new_game(setup: Setup, seed: int) -> GameState:
    """Set a level up: timers on their tiles, seeded shuffle, deal, flip every timer full; time 0.

    A sand speed below 100 % is an assist: the state starts marked `assisted`.
    ValueError for 0 or more than 7 players, a bad first player or a sand speed outside 50..100.
    """
    level, players = setup.level, setup.players
    first_player, sand_speed_pct = setup.first_player, setup.sand_speed_pct
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"players: {len(players)} players, must be {MIN_PLAYERS}..{MAX_PLAYERS}")
    if not 0 <= first_player < len(players):
        raise ValueError(f"first_player: {first_player} is not a player (0..{len(players) - 1})")
    if not MIN_SAND_SPEED_PCT <= sand_speed_pct <= MAX_SAND_SPEED_PCT:
        raise ValueError(f"sand_speed_pct: {sand_speed_pct} is outside "
                         f"{MIN_SAND_SPEED_PCT}..{MAX_SAND_SPEED_PCT}")
    rng = random.Random(seed)
    deck = standard_deck(level.removed_cards)
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in players]
    for _ in range(level.hand_size):
        for p in range(len(players)):
            hands[(first_player + p) % len(players)].append(deck.pop())
    # Timers stand with all their sand below; the setup flip (most advanced first) fills them.
    timers = {tid: TimerState(tid, TIMER_SPECS[tid].capacity_ms, 0, tile) for tid, tile in level.timers}
    state = GameState(level=level, players=list(players), seed=seed, first_player=first_player,
                      sand_speed_pct=sand_speed_pct, rng=rng, active=first_player, hands=hands,
                      deck=deck, timers=timers, assisted=sand_speed_pct < MAX_SAND_SPEED_PCT)
    for t in sorted(timers.values(), key=lambda t: -t.position):
        t.remaining_ms = t.capacity_ms - t.remaining_ms
        state.log.append(TimerFlipped(0, t.id, t.remaining_ms))
    state.log.append(TurnChanged(0, first_player))
    return state
