"""The state of one game of Arzium, its setup, cheap copying and exact JSON round trip."""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypedDict

from arzium.rules.board import (
    DEFAULT_EDGES,
    EDGE_ROTATION,
    EDGES,
    LOCAL_TO_SQUARE,
    SLOT_MASKS,
    SLOTS,
    SQUARES,
)
from arzium.rules.cards import CardSet, default_cards

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MARKERS_PER_COLOUR = 24
START_COINS = (0, 1, 1, 2)  # by position in turn order from the first player
ROW_SIZE = 4
SEAT_KINDS = ("human", "bot")
STATE_FORMAT = 2  # 2: artifacts are used after the search (phase "after")


class Phase(StrEnum):
    """Where the game is: a turn's start, its search, the artifacts after it, a tie bidding, the buy, or over."""

    START = "start"
    SEARCH = "search"
    AFTER = "after"
    BID = "bid"
    BUY = "buy"
    OVER = "over"


class SetupError(ValueError):
    """The game setup is impossible (one line naming the field)."""


class StateError(ValueError):
    """A saved state is malformed (one line)."""


class SeatJSON(TypedDict):
    """The JSON form of a `SeatSetup`."""

    name: str
    colour: str
    edge: str
    kind: str
    bot_level: str


class SetupJSON(TypedDict):
    """The JSON form of a `Setup`."""

    seats: list[SeatJSON]
    full_game: bool
    first_player: int


class PlayerJSON(TypedDict):
    """The JSON form of a `PlayerState`."""

    coins: int
    cards: list[str]
    face_up: list[bool]
    artifacts: list[str]
    artifacts_up: list[bool]
    supply: int


class BidJSON(TypedDict):
    """The JSON form of a `BidState`."""

    slot: int
    bidders: list[int]
    index: int
    high: int
    high_player: int


class StateJSON(TypedDict):
    """The exact JSON form of a `GameState` (`rng`: the generator's state as `random.Random.getstate` gives it,
    its tuple a list)."""

    format: int
    setup: SetupJSON
    seed: int
    rng: list[object]
    players: list[PlayerJSON]
    order: list[int]
    active: int
    phase: str
    board: list[int]
    slots: list[str | None]
    deck: list[str]
    art_row: list[str]
    art_deck: list[str]
    pending: list[int]
    bid: BidJSON | None
    turn: int
    final_round: bool


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One seat: who plays, in which colour, from which edge of the map."""

    name: str
    colour: str
    edge: str
    kind: str = "human"
    bot_level: str = "greedy"

    def to_dict(self) -> SeatJSON:
        """JSON-able copy."""
        return {"name": self.name, "colour": self.colour, "edge": self.edge, "kind": self.kind,
                "bot_level": self.bot_level}


@dataclass(frozen=True, slots=True)
class Setup:
    """Seats (player index = position here), basic or full game, and the first player's index."""

    seats: tuple[SeatSetup, ...]
    full_game: bool = False
    first_player: int = 0

    def to_dict(self) -> SetupJSON:
        """JSON-able copy."""
        return {"seats": [s.to_dict() for s in self.seats], "full_game": self.full_game,
                "first_player": self.first_player}

    @classmethod
    def from_dict(cls, data: object) -> Setup:
        """Inverse of `to_dict`; `SetupError` (one line) if `data` is malformed or impossible."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise SetupError("setup: expected an object with a list of seats")
        seats = []
        for i, s in enumerate(data["seats"]):
            if not isinstance(s, dict) or not all(isinstance(s.get(k), str) for k in
                                                  ("name", "colour", "edge", "kind", "bot_level")):
                raise SetupError(f"setup: seats[{i}]: expected name, colour, edge, kind and bot_level strings")
            seats.append(SeatSetup(s["name"], s["colour"], s["edge"], s["kind"], s["bot_level"]))
        full, first = data.get("full_game"), data.get("first_player")
        if not isinstance(full, bool):
            raise SetupError(f"setup: full_game: expected true or false, got {full!r}")
        if isinstance(first, bool) or not isinstance(first, int):
            raise SetupError(f"setup: first_player: expected a seat index, got {first!r}")
        setup = cls(tuple(seats), full, first)
        check_setup(setup)
        return setup


def default_setup(players: int, full_game: bool = False, bots: int = 0) -> Setup:
    """A ready setup: `players` seats on the default edges, the last `bots` of them bots."""
    colours = default_cards().colours
    seats = tuple(SeatSetup(f"Player {i + 1}" if i < players - bots else f"Bot {i + 1}", colours[i],
                            DEFAULT_EDGES[players][i], "human" if i < players - bots else "bot")
                  for i in range(players))
    return Setup(seats, full_game, 0)


def check_setup(setup: Setup, cards: CardSet | None = None) -> None:
    """Raise `SetupError` (one line) unless the setup can be played."""
    cards = cards or default_cards()
    n = len(setup.seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise SetupError(f"setup: seats: {n} seats (2-4 players)")
    for field_name, values, allowed in (("colour", [s.colour for s in setup.seats], cards.colours),
                                        ("edge", [s.edge for s in setup.seats], EDGES)):
        for i, v in enumerate(values):
            if v not in allowed:
                raise SetupError(f"setup: seats[{i}].{field_name}: {v!r} is not one of {', '.join(allowed)}")
        if len(set(values)) != n:
            raise SetupError(f"setup: seats: two seats share the same {field_name}")
    for i, s in enumerate(setup.seats):
        if s.kind not in SEAT_KINDS:
            raise SetupError(f"setup: seats[{i}].kind: {s.kind!r} is not human or bot")
        if not s.name.strip():
            raise SetupError(f"setup: seats[{i}].name: empty name")
    if not 0 <= setup.first_player < n:
        raise SetupError(f"setup: first_player: {setup.first_player} is not a seat index 0-{n - 1}")


@dataclass(slots=True)
class PlayerState:
    """One player's party (characters and artifacts with their face), coins and marker supply."""

    coins: int
    cards: list[str]
    face_up: list[bool]
    artifacts: list[str] = field(default_factory=list)
    artifacts_up: list[bool] = field(default_factory=list)
    supply: int = MARKERS_PER_COLOUR

    def copy(self) -> PlayerState:
        """Independent copy."""
        return PlayerState(self.coins, self.cards[:], self.face_up[:], self.artifacts[:],
                           self.artifacts_up[:], self.supply)

    def to_dict(self) -> PlayerJSON:
        """JSON-able copy."""
        return {"coins": self.coins, "cards": self.cards[:], "face_up": self.face_up[:],
                "artifacts": self.artifacts[:], "artifacts_up": self.artifacts_up[:], "supply": self.supply}


@dataclass(slots=True)
class BidState:
    """A tie bidding for the full card in `slot`: `bidders[index]` is to act; `high` -1 before the opening."""

    slot: int
    bidders: list[int]
    index: int = 0
    high: int = -1
    high_player: int = -1

    def to_dict(self) -> BidJSON:
        """JSON-able copy."""
        return {"slot": self.slot, "bidders": self.bidders[:], "index": self.index, "high": self.high,
                "high_player": self.high_player}


@dataclass(eq=False)
class GameState:
    """Everything about a game in progress; mutated by `apply`.

    Players are indexed by their seat in `setup.seats`; `order` is the turn order (clockwise from
    the first player). `board[sq]` is the player whose marker is on square `sq`, or -1. `slots[s]`
    is the land card in slot `s` (None: empty, its squares are off the map). `deck[-1]` and
    `art_deck[-1]` are the tops. `pending` lists full slots still to resolve, in claim order.
    `occ`, `offmap`, `coin_at` and `rot` read derived caches (not serialized) that the rules keep
    up to date. Compare states with `to_dict()`.
    """

    setup: Setup
    seed: int
    rng: random.Random
    cards: CardSet
    players: list[PlayerState]
    order: tuple[int, ...]
    active: int
    phase: Phase
    board: list[int]
    slots: list[str | None]
    deck: list[str]
    art_row: list[str]
    art_deck: list[str]
    pending: list[int] = field(default_factory=list)
    bid: BidState | None = None
    turn: int = 1
    final_round: bool = False
    _occ: int = field(default=0, init=False, repr=False)
    _offmap: int = field(default=0, init=False, repr=False)
    _coin_at: list[int] = field(default_factory=lambda: [0] * SQUARES, init=False, repr=False)
    _rot: tuple[int, ...] = field(default=(), init=False, repr=False)

    @property
    def occ(self) -> int:
        """Bit set of the squares holding a marker."""
        return self._occ

    @property
    def offmap(self) -> int:
        """Bit set of the squares off the map (on an empty slot)."""
        return self._offmap

    @property
    def coin_at(self) -> Sequence[int]:
        """Coins printed on each square (0 off the map)."""
        return self._coin_at

    @property
    def rot(self) -> tuple[int, ...]:
        """Per player, the quarter turns clockwise their seat's edge gives their patterns."""
        return self._rot

    def _refresh(self) -> None:
        """Recompute the derived caches from the serialized fields."""
        self._occ = sum(1 << sq for sq, owner in enumerate(self.board) if owner >= 0)
        self._offmap = 0
        for s in range(SLOTS):
            self._refresh_slot(s)
        self._rot = tuple(EDGE_ROTATION[seat.edge] for seat in self.setup.seats)

    def _refresh_slot(self, slot: int) -> None:
        """Recompute coins and the off-map mask of one slot after its card changed."""
        card_id = self.slots[slot]
        squares = LOCAL_TO_SQUARE[slot]
        if card_id is None:
            self._offmap |= SLOT_MASKS[slot]
            for sq in squares:
                self._coin_at[sq] = 0
        else:
            self._offmap &= ~SLOT_MASKS[slot]
            for sq, coins in zip(squares, self.cards.card(card_id).land_coins):
                self._coin_at[sq] = coins

    def to_dict(self) -> StateJSON:
        """Exact JSON-able copy, random generator state included."""
        version, internal, gauss = self.rng.getstate()
        return {
            "format": STATE_FORMAT, "setup": self.setup.to_dict(), "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "players": [p.to_dict() for p in self.players], "order": list(self.order),
            "active": self.active, "phase": str(self.phase), "board": self.board[:], "slots": self.slots[:],
            "deck": self.deck[:], "art_row": self.art_row[:], "art_deck": self.art_deck[:],
            "pending": self.pending[:], "bid": self.bid.to_dict() if self.bid else None,
            "turn": self.turn, "final_round": self.final_round,
        }

    @classmethod
    def from_dict(cls, data: object, cards: CardSet | None = None) -> GameState:
        """Inverse of `to_dict`; `StateError` (one line) if `data` is malformed."""
        cards = cards or default_cards()
        try:
            state = _state_from_dict(data, cards)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
            if isinstance(exc, StateError):
                raise
            raise StateError(f"saved state: {type(exc).__name__}: {exc}") from None
        return state


def _state_from_dict(d: object, cards: CardSet) -> GameState:
    if not isinstance(d, dict):
        raise StateError(f"saved state: expected an object, got {type(d).__name__}")
    if d.get("format") == 1:
        raise StateError(f"saved state: format 1 is from the rules before format {STATE_FORMAT} (artifacts after "
                         "the search, several of a kind, empty searches) and cannot be resumed")
    if d.get("format") != STATE_FORMAT:
        raise StateError(f"saved state: format {d.get('format')!r} is not {STATE_FORMAT}")
    setup = Setup.from_dict(d["setup"])
    version, internal, gauss = d["rng"]
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    players = [PlayerState(p["coins"], list(p["cards"]), list(p["face_up"]), list(p["artifacts"]),
                           list(p["artifacts_up"]), p["supply"]) for p in d["players"]]
    bid = d["bid"]
    try:
        phase = Phase(d["phase"])
    except ValueError:
        raise StateError(f"saved state: bad phase {d['phase']!r}") from None
    state = GameState(setup, d["seed"], rng, cards, players, tuple(d["order"]), d["active"], phase,
                      list(d["board"]), list(d["slots"]), list(d["deck"]), list(d["art_row"]),
                      list(d["art_deck"]), list(d["pending"]),
                      BidState(bid["slot"], list(bid["bidders"]), bid["index"], bid["high"], bid["high_player"])
                      if bid is not None else None, d["turn"], d["final_round"])
    _check_state(state)
    state._refresh()
    return state


def _check_state(state: GameState) -> None:
    n = len(state.setup.seats)
    if len(state.players) != n or state.order != turn_order(state.setup):
        raise StateError("saved state: players and turn order do not match the seats")
    if state.active not in range(n):
        raise StateError(f"saved state: bad active player {state.active!r}")
    if len(state.board) != SQUARES or any(o not in range(-1, n) for o in state.board):
        raise StateError("saved state: board must be 36 squares of player indices or -1")
    if len(state.slots) != SLOTS:
        raise StateError("saved state: slots must list 6 land cards or null")
    lands = [c for c in state.slots + state.deck if c is not None]
    land_ids = set(state.cards.land_ids)
    for p in state.players:
        if len(p.cards) != len(p.face_up) or len(p.artifacts) != len(p.artifacts_up):
            raise StateError("saved state: a party's faces do not match its cards")
        lands += [c for c in p.cards if c in land_ids]
        unknown = [c for c in p.cards if c not in state.cards.cards] + \
                  [a for a in p.artifacts if a not in state.cards.artifacts]
        if unknown:
            raise StateError(f"saved state: unknown card or artifact {unknown[0]!r}")
    if sorted(lands) != sorted(state.cards.land_ids):
        raise StateError("saved state: the land cards on the map, in the deck and in parties are not the 43 cards")
    arts = state.art_row + state.art_deck + [a for p in state.players for a in p.artifacts]
    if (state.setup.full_game and sorted(arts) != sorted(state.cards.artifact_ids)) or \
            (not state.setup.full_game and arts):
        raise StateError("saved state: the artifacts in the row, the pile and parties are not the 24 tiles")


def clone(state: GameState, share_rng: bool = False) -> GameState:
    """A cheap independent copy (the card set and setup are shared: they never change).

    `share_rng`: the copy uses the same generator object instead of a copy of it (the rules draw
    from it only while setting up, so a search that plays on a throw-away copy may skip the copy).
    """
    if share_rng:
        rng = state.rng
    else:
        rng = random.Random.__new__(random.Random)  # skips seeding from the OS: setstate fills it all
        rng.setstate(state.rng.getstate())
    bid = state.bid
    copy = GameState(state.setup, state.seed, rng, state.cards, [p.copy() for p in state.players],
                     state.order, state.active, state.phase, state.board[:], state.slots[:], state.deck[:],
                     state.art_row[:], state.art_deck[:], state.pending[:],
                     BidState(bid.slot, bid.bidders[:], bid.index, bid.high, bid.high_player) if bid else None,
                     state.turn, state.final_round)
    copy._occ, copy._offmap, copy._coin_at, copy._rot = state._occ, state._offmap, state._coin_at[:], state._rot
    return copy


def to_dict(state: GameState) -> StateJSON:
    """The state's exact JSON-able form (`GameState.to_dict`)."""
    return state.to_dict()


def from_dict(data: object) -> GameState:
    """Inverse of `to_dict` on the shipped cards (`GameState.from_dict`)."""
    return GameState.from_dict(data)


def turn_order(setup: Setup) -> tuple[int, ...]:
    """Seat indices clockwise (south, west, north, east) starting from the first player."""
    first = EDGES.index(setup.seats[setup.first_player].edge)
    return tuple(sorted(range(len(setup.seats)), key=lambda i: (EDGES.index(setup.seats[i].edge) - first) % 4))


def new_game(setup: Setup, seed: int, cards: CardSet | None = None) -> GameState:
    """Deal a new game: shuffled land deck (6 on the map), artifact row in the full game, coins by order."""
    cards = cards or default_cards()
    check_setup(setup, cards)
    rng = random.Random(seed)
    deck = list(cards.land_ids)
    rng.shuffle(deck)
    slots: list[str | None] = [deck.pop() for _ in range(SLOTS)]
    art_deck: list[str] = []
    art_row: list[str] = []
    if setup.full_game:
        art_deck = list(cards.artifact_ids)
        rng.shuffle(art_deck)
        art_row = [art_deck.pop() for _ in range(ROW_SIZE)]
    order = turn_order(setup)
    players = []
    for i, seat in enumerate(setup.seats):
        start = list(cards.starting_ids[seat.colour])
        players.append(PlayerState(START_COINS[order.index(i)], start, [True] * len(start)))
    state = GameState(setup, seed, rng, cards, players, order, order[0], Phase.START, [-1] * SQUARES, slots,
                      deck, art_row, art_deck)
    state._refresh()
    return state
