"""Building an exact Arzium position (for tests and tools) from a board description.

The position starts as the deal of `new_game` and then gets the given land cards, markers,
parties, coins, active player and phase; the rules' derived caches are refreshed here, so callers
never touch them. Land cards are not rebalanced: a position built with cards taken from nowhere
plays, but its `to_dict` is not a loadable save.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from arzium.rules.cards import CardSet
from arzium.rules.state import GameState, Phase, Setup, new_game


@dataclass(frozen=True, slots=True)
class Party:
    """A player's characters and artifacts (default: all face up) and coins (None: as dealt)."""

    cards: tuple[str, ...]
    face_up: tuple[bool, ...] | None = None
    artifacts: tuple[str, ...] = ()
    artifacts_up: tuple[bool, ...] | None = None
    coins: int | None = None


def put_markers(state: GameState, player: int, squares: Iterable[int]) -> None:
    """Put `player`'s markers, taken from their supply, on the free `squares`; ValueError if one is taken."""
    for sq in squares:
        if state.board[sq] >= 0:
            raise ValueError(f"square {sq} already holds a marker of player {state.board[sq]}")
        state.board[sq] = player
        state.players[player].supply -= 1
    state._refresh()


def set_slot(state: GameState, slot: int, card: str | None) -> None:
    """Lay land card `card` in `slot` (None: leave it empty, its squares off the map)."""
    state.slots[slot] = card
    state._refresh_slot(slot)


def set_party(state: GameState, player: int, party: Party) -> None:
    """Give `player` exactly this party."""
    ps = state.players[player]
    ps.cards = list(party.cards)
    ps.face_up = list(party.face_up) if party.face_up is not None else [True] * len(party.cards)
    ps.artifacts = list(party.artifacts)
    ps.artifacts_up = (list(party.artifacts_up) if party.artifacts_up is not None
                       else [True] * len(party.artifacts))
    if party.coins is not None:
        ps.coins = party.coins


def build_position(setup: Setup, *, seed: int = 0, cards: CardSet | None = None,
                   slots: Mapping[int, str | None] | None = None,
                   markers: Mapping[int, Iterable[int]] | None = None,
                   parties: Mapping[int, Party] | None = None, coins: Mapping[int, int] | None = None,
                   active: int | None = None, phase: Phase = Phase.START) -> GameState:
    """A position: the deal of (`setup`, `seed`, `cards`), then `slots` (slot -> land card or None),
    `markers` (player -> squares), `parties` and `coins` (player -> ...), `active` and `phase`."""
    state = new_game(setup, seed, cards)
    for slot, card in (slots or {}).items():
        state.slots[slot] = card
    for player, party in (parties or {}).items():
        set_party(state, player, party)
    for player, amount in (coins or {}).items():
        state.players[player].coins = amount
    if active is not None:
        state.active = active
    state.phase = phase
    state._refresh()
    for player, squares in (markers or {}).items():
        put_markers(state, player, squares)
    return state
