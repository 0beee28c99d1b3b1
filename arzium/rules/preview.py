"""Previews of actions before they are made, for the table and for bots: where a search would put its
markers, which blanks and displace targets it offers and what they cost, what it then brings about (the
lands it fills, who claims each or bids for it, the coins each player gets), what resting early costs,
and where a slide may go.

Pure (no pygame). Every answer is the engine's: a blank is buyable, a displacement possible and a
search legal exactly when `apply` accepts that search (tests/arzium/test_arzium_preview.py checks
them against `apply` and `legal_actions`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from arzium.rules.actions import IllegalAction, Search
from arzium.rules.board import NEIGHBOURS, READING_ORDER, SIZE, slot_of_square, slot_squares
from arzium.rules.engine import apply
from arzium.rules.events import BlankPaid, MarkerDisplaced, MarkerPlaced
from arzium.rules.search import BLANK_COST, placement
from arzium.rules.state import GameState, clone


@dataclass(frozen=True, slots=True)
class BlankPreview:
    """Blank `index` of a placement: its board cell, its square (-1 off the map), whether it is free to
    take (`open`), whether a search buying it alone is legal now (`buyable`: coins and markers after
    the pattern's markers) and the coins on it."""

    index: int
    cell: tuple[int, int]
    square: int
    open: bool
    buyable: bool
    coins: int


@dataclass(frozen=True, slots=True)
class SearchPreview:
    """A character's pattern at an anchor, with the search artifacts given (several of a kind allowed).

    `markers` get a marker, `skipped` hold one already (a Displace target among them gets one
    anyway); `displace_targets` are the squares of the pattern (markers, then blanks) holding another
    player's marker that a Displace artifact, when given, may take now (a blank one is paid for).
    `coins` is what the markers collect. `legal`: some search at this anchor with these artifacts is
    legal now (one placing nothing, all its marker squares occupied, included); `reason` says why not.
    """

    card: str
    anchor: int
    turn_artifacts: tuple[str, ...]
    free_blank_artifacts: tuple[str, ...]
    displace_artifacts: tuple[str, ...]
    marker_cells: tuple[tuple[int, int], ...]
    markers: tuple[int, ...]
    skipped: tuple[int, ...]
    blanks: tuple[BlankPreview, ...]
    displace_targets: tuple[int, ...]
    coins: int
    legal: bool
    reason: str

    @property
    def has_options(self) -> bool:
        """Whether the player has something to choose here: a blank to buy or a marker to displace."""
        return bool(self.displace_targets) or any(b.open and b.buyable for b in self.blanks)

    def search(self, blanks: tuple[int, ...] = (), displace_squares: tuple[int, ...] = ()) -> Search:
        """The search buying `blanks` (the first of them free, one per Free blank artifact given) and
        displacing the markers on `displace_squares` (one per Displace artifact; a displaced blank is
        bought too)."""
        dsqs = tuple(sorted(set(displace_squares)))[:len(self.displace_artifacts)]
        chosen = set(blanks) | {b.index for b in self.blanks if b.square in dsqs}
        ordered = tuple(sorted(chosen))
        frees = ordered[:len(self.free_blank_artifacts)]
        return Search(self.card, self.anchor, ordered, self.turn_artifacts, self.free_blank_artifacts[:len(frees)],
                      frees, self.displace_artifacts[:len(dsqs)], dsqs)

    def cost(self, search: Search) -> int:
        """What `search` (made from this preview) pays for its blanks."""
        return BLANK_COST * len([i for i in search.blanks if i not in search.free_blanks])

    def gains(self, search: Search) -> int:
        """The coins the markers and the bought blanks of `search` collect."""
        return self.coins + sum(b.coins for b in self.blanks if b.index in search.blanks and b.square >= 0)


def accepts(state: GameState, search: Search) -> bool:
    """Whether `apply` takes `search` in `state` (tried on a copy)."""
    try:
        apply(clone(state), search)
    except IllegalAction:
        return False
    return True


def _on_map(state: GameState, sq: int) -> bool:
    return state.slots[slot_of_square(sq)] is not None


def search_preview(state: GameState, card: str, anchor: int, turn_artifacts: tuple[str, ...] = (),
                   free_blank_artifacts: tuple[str, ...] = (),
                   displace_artifacts: tuple[str, ...] = ()) -> SearchPreview:
    """The preview of the acting player's `card` at `anchor` (a board square), turned a quarter more per
    Turn of `turn_artifacts`, paying a blank per Free blank of `free_blank_artifacts`, displacing with
    `displace_artifacts`."""
    p = state.active
    pl = placement(state, card, anchor, len(turn_artifacts), p)
    board = state.board
    on_board = all(0 <= r < SIZE and 0 <= c < SIZE and _on_map(state, r * SIZE + c) for r, c in pl.marker_cells)
    coin_at = state.coin_at
    targets: list[int] = []
    if displace_artifacts and on_board:
        targets = [sq for r, c in pl.marker_cells if board[sq := r * SIZE + c] >= 0 and board[sq] != p]
        targets += [sq for sq in pl.blanks if sq >= 0 and board[sq] >= 0 and board[sq] != p]
    cells = tuple(zip(pl.blank_cells, pl.blanks))
    arts = (turn_artifacts, free_blank_artifacts, displace_artifacts)
    base = SearchPreview(card, anchor, *arts, pl.marker_cells,
                         pl.markers, pl.skipped,
                         tuple(BlankPreview(i, cell, sq, False, False, 0) for i, (cell, sq) in enumerate(cells)),
                         (), pl.coins, pl.legal, pl.reason)
    blanks = tuple(
        BlankPreview(i, cell, sq, pl.blank_open[i],
                     pl.blank_open[i] and on_board and accepts(state, base.search((i,))),
                     coin_at[sq] if sq >= 0 else 0)
        for i, (cell, sq) in enumerate(cells))
    possible = tuple(t for t in targets if accepts(state, base.search(displace_squares=(t,))))
    legal = pl.legal or any(b.buyable for b in blanks) or bool(possible)
    return SearchPreview(card, anchor, *arts, pl.marker_cells,
                         pl.markers, pl.skipped, blanks, possible, pl.coins, legal, "" if legal else pl.reason)


@dataclass(frozen=True, slots=True)
class LandOutcome:
    """A land a search would fill: its slot and land card, the markers on it by player (those with any, in turn
    order from the active player), and who takes it: `claimer` (the most markers), or on a tie for most a bid
    between `bidders` (in bidding order; `claimer` None)."""

    slot: int
    card: str
    markers: tuple[tuple[int, int], ...]
    claimer: int | None
    bidders: tuple[int, ...]

    @property
    def helpers(self) -> tuple[int, ...]:
        """The players sure of the helper's coin: markers on the land, neither claiming it nor bidding (the
        bidders who lose the bid get it too)."""
        return tuple(p for p, _n in self.markers if p != self.claimer and p not in self.bidders)


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """What a search by `player` would bring about: the coins of the squares it fills (`found`), what its
    blanks cost (`paid`) and the lands it fills, in the order their claims are resolved."""

    player: int
    found: int
    paid: int
    lands: tuple[LandOutcome, ...]

    def coins(self, player: int) -> int:
        """The coins `player` surely gains (negative: loses) by the search and its claims; a bid's price and
        the helper's coin of a bid's losers are not counted (nobody knows them yet)."""
        own = self.found - self.paid if player == self.player else 0
        return own + sum(player in land.helpers for land in self.lands)


def search_outcome(state: GameState, search: Search) -> SearchOutcome:
    """What `search` would bring about in `state`: the engine places it on a copy (`IllegalAction` if it may
    not), then every land left full is claimed by its majority or goes to a bid, as the claims would go."""
    p = state.active
    board = list(state.board)
    found = paid = 0
    for e in apply(clone(state), search):
        match e:
            case MarkerPlaced() | MarkerDisplaced():
                board[e.square] = e.player
                found += e.coins
            case BlankPaid():
                paid += e.cost
            case _:
                pass
    k = state.order.index(p)
    order = state.order[k:] + state.order[:k]
    lands = []
    for slot in READING_ORDER[state.setup.seats[p].edge]:
        card = state.slots[slot]
        if card is None or any(board[sq] < 0 for sq in slot_squares(slot)):
            continue
        counts = Counter(board[sq] for sq in slot_squares(slot))
        top = max(counts.values())
        tied = tuple(q for q in order if counts[q] == top)
        lands.append(LandOutcome(slot, card, tuple((q, counts[q]) for q in order if counts[q]),
                                 tied[0] if len(tied) == 1 else None, tied if len(tied) > 1 else ()))
    return SearchOutcome(p, found, paid, tuple(lands))


def rest_cost(state: GameState, player: int) -> int:
    """What resting early costs `player` now: a coin per face-up character."""
    return sum(state.players[player].face_up)


def slide_sources(state: GameState) -> tuple[int, ...]:
    """The squares holding a marker (any player's), which a Slide may move."""
    return tuple(sq for sq, owner in enumerate(state.board) if owner >= 0)


def slide_targets(state: GameState, src: int) -> tuple[int, ...]:
    """Where a Slide may move the marker on `src`: the free neighbouring squares on the map."""
    if not 0 <= src < len(state.board) or state.board[src] < 0:
        return ()
    return tuple(n for n in NEIGHBOURS[src] if state.board[n] < 0 and _on_map(state, n))
