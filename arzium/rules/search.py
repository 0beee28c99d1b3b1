"""Searches in Arzium: where a pattern lands (the placement preview), which searches are legal,
and the checked plan of one search that `arzium.rules.engine` then carries out.

Search details: markers are placed in pattern order (occupied squares skipped, except the Displace
squares; coins collected at once), then the chosen blanks, the one with the most coins first, each
paid (2, or 0 with a Free blank) from coins that include everything collected so far. Any number of
the search artifacts (Turn, Free blank, Displace) may be used, several of one kind included: two
Turns rotate the pattern 180 degrees, two Free blanks pay two blanks, two Displaces take two squares.
A search whose marker squares are all occupied is legal and places nothing (the character still
turns face down).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from arzium.rules.actions import IllegalAction, Search
from arzium.rules.artifacts import artifact_index, face_up_artifacts
from arzium.rules.board import SIZE, SQUARES
from arzium.rules.cards import Ability, Fit, Shape
from arzium.rules.state import GameState

BLANK_COST = 2

# ----------------------------------------------------------------------------------------------
# Placement preview


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a character's pattern would land for the scene's ghost and for checks.

    `marker_cells`/`blank_cells` are board (row, col) of every pattern square in pattern order, also
    those outside the 6 x 6 board. `markers` are the squares that would receive markers (on the map
    and free), `skipped` the marker squares already holding one. `blanks[i]` is blank i's square,
    or -1 when it is off the map (outside the board or on an empty slot); `blank_open[i]` says it
    could be filled (on the map and free). `coins` is what the markers collect. `legal` is whether
    placing the character here, turned this way, is legal now (before choosing blanks); `reason`
    says why not.
    """

    card: str
    anchor: int
    turn: int
    rotation: int
    marker_cells: tuple[tuple[int, int], ...]
    blank_cells: tuple[tuple[int, int], ...]
    markers: tuple[int, ...]
    skipped: tuple[int, ...]
    blanks: tuple[int, ...]
    blank_open: tuple[bool, ...]
    coins: int
    legal: bool
    reason: str


def placement(state: GameState, card_id: str, anchor: int, turn: int = 0, player: int | None = None) -> Placement:
    """Preview `player`'s (default: the active player's) character `card_id` at `anchor`.

    The pattern is turned by the player's seat plus `turn` extra quarter turns clockwise (Turn
    artifact); the anchor is the top-left of the bounding box of its marker squares.
    """
    p = state.active if player is None else player
    if card_id not in state.cards.cards:
        raise KeyError(f"unknown card {card_id!r}")
    rotation = (state.rot[p] + turn) % 4
    shape = state.cards.shape(card_id, rotation)
    ar, ac = divmod(anchor, SIZE)
    marker_cells = tuple((ar + r, ac + c) for r, c in shape.markers)
    blank_cells = tuple((ar + r, ac + c) for r, c in shape.blanks)
    on_map = [_on_map(state, r, c) for r, c in marker_cells]
    markers = tuple(sq for sq in on_map if sq >= 0 and not state.occ >> sq & 1)
    skipped = tuple(sq for sq in on_map if sq >= 0 and state.occ >> sq & 1)
    blanks = tuple(_on_map(state, r, c) for r, c in blank_cells)
    blank_open = tuple(sq >= 0 and not state.occ >> sq & 1 for sq in blanks)
    reason = ""
    ps = state.players[p]
    if card_id not in ps.cards:
        reason = f"{card_id} is not one of your characters"
    elif not ps.face_up[ps.cards.index(card_id)]:
        reason = f"character {card_id} is face down"
    elif not 0 <= anchor < SQUARES or -1 in on_map:
        bad = marker_cells[on_map.index(-1)] if -1 in on_map else (ar, ac)
        reason = f"marker square at row {bad[0]}, col {bad[1]} would be off the map"
    return Placement(card_id, anchor, turn, rotation, marker_cells, blank_cells, markers, skipped, blanks,
                     blank_open, sum(state.coin_at[sq] for sq in markers), not reason, reason)


def _on_map(state: GameState, row: int, col: int) -> int:
    if 0 <= row < SIZE and 0 <= col < SIZE:
        sq = row * SIZE + col
        if not state.offmap >> sq & 1:
            return sq
    return -1


# Searches are shared objects (each made once per process: card x anchor x blanks x artifacts), which
# keeps listing the legal actions cheap.
_SEARCHES: dict[tuple[str, int, tuple[int, ...], tuple[str, ...], tuple[str, ...], tuple[int, ...],
                      tuple[str, ...], tuple[int, ...]], Search] = {}


def _search(card: str, anchor: int, blanks: tuple[int, ...] = (), turns: tuple[str, ...] = (),
            fbs: tuple[str, ...] = (), fbis: tuple[int, ...] = (), disps: tuple[str, ...] = (),
            dsqs: tuple[int, ...] = ()) -> Search:
    key = (card, anchor, blanks, turns, fbs, fbis, disps, dsqs)
    s = _SEARCHES.get(key)
    if s is None:
        if len(_SEARCHES) >= 4 * _CACHE_LIMIT:
            _SEARCHES.clear()
        s = _SEARCHES[key] = Search(card, anchor, blanks, turns, fbs, fbis, disps, dsqs)
    return s


def _subsets(avail: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The subsets of the blanks in bit set `avail` as `combinations` lists them by size (with their bits)."""
    hit = _SUBSETS.get(avail)
    if hit is None:
        idx = [i for i in range(avail.bit_length()) if avail >> i & 1]
        hit = _SUBSETS[avail] = tuple((c, sum(1 << i for i in c)) for n in range(len(idx) + 1)
                                      for c in combinations(idx, n))
    return hit


_SUBSETS: dict[int, tuple[tuple[tuple[int, ...], int], ...]] = {}


def searches(state: GameState, p: int) -> list[Search]:
    """Every legal search of `p`; several artifacts of one kind are the first ones in the party."""
    ps = state.players[p]
    off = state.offmap
    turn_arts = face_up_artifacts(state, p, Ability.TURN)
    fb_arts = face_up_artifacts(state, p, Ability.FREE_BLANK)
    disp_arts = face_up_artifacts(state, p, Ability.DISPLACE)
    shapes = state.cards.shapes
    rot = state.rot[p]
    blocked = state.occ | off
    coins, supply = ps.coins, ps.supply
    rivals = 0  # with a Displace: the squares holding another player's marker
    if disp_arts:
        for sq, owner in enumerate(state.board):
            if owner >= 0 and owner != p:
                rivals |= 1 << sq
    out: list[Search] = []
    for cid, up in zip(ps.cards, ps.face_up):
        if not up:
            continue
        for k in range(len(turn_arts) + 1):
            t = turn_arts[:k]
            shape = shapes[cid][(rot + k) % 4]
            if not shape.blanks and not disp_arts:
                out.extend(_simple_searches(cid, shape, off, t))
                continue
            nb = len(shape.blanks)
            rich = coins >= BLANK_COST * nb and supply >= len(shape.markers) + nb
            for fit, bits, table in _blank_tables(cid, shape, off, t, fb_arts):
                amask = 0
                for i, bit in enumerate(bits):
                    if bit and not blocked & bit:
                        amask |= 1 << i
                near = (fit.mask | fit.blank_mask) & rivals
                if near:
                    found = _variants(cid, fit, t, fb_arts, disp_arts, near, amask)
                    if rich or not (amask or near & fit.blank_mask):  # no blank to pay for
                        out.extend(found)
                    else:
                        _affordable(state, p, fit, found, out)
                elif not amask:
                    out.append(table[0][0])
                elif rich:
                    out.extend(table[amask])
                else:
                    _affordable(state, p, fit, table[amask], out)
    return out


# Caches of `searches` keyed by the identity of a shape or fit (each entry keeps its shape or fit alive,
# so an id is never reused while its entry exists): the fits of a shape on the map, the searches of a
# shape without blanks, and every blank / free blank / displace variant of a fit before their cost.
_FITS: dict[tuple[int, int], tuple[Shape, tuple[Fit, ...]]] = {}
_SIMPLE: dict[tuple[int, int, tuple[str, ...]], tuple[Shape, tuple[Search, ...]]] = {}
_VARIANTS: dict[tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...], int, int],
                tuple[Fit, tuple[Search, ...]]] = {}
_CACHE_LIMIT = 100_000  # entries of the variants above (emptied when full: a long tournament)


def _fits_on_map(shape: Shape, off: int) -> tuple[Fit, ...]:
    """The fits of `shape` (ascending anchors) whose marker squares are all on the map."""
    key = (id(shape), off)
    hit = _FITS.get(key)
    if hit is None:
        hit = _FITS[key] = (shape, tuple(fit for fit in shape.fits.values() if not fit.mask & off))
    return hit[1]


def _simple_searches(cid: str, shape: Shape, off: int, t: tuple[str, ...]) -> tuple[Search, ...]:
    """The searches of a pattern without blanks (no Displace in the party): one per fit on the map."""
    key = (id(shape), off, t)
    hit = _SIMPLE.get(key)
    if hit is None:
        hit = _SIMPLE[key] = (shape, tuple(_search(cid, fit.anchor, (), t) for fit in _fits_on_map(shape, off)))
    return hit[1]


_TABLES: dict[tuple[int, int, tuple[str, ...], tuple[str, ...]],
              tuple[Shape, tuple[tuple[Fit, tuple[int, ...], tuple[tuple[Search, ...], ...]], ...]]] = {}


def _blank_tables(cid: str, shape: Shape, off: int, t: tuple[str, ...], fb_arts: tuple[str, ...]
                  ) -> tuple[tuple[Fit, tuple[int, ...], tuple[tuple[Search, ...], ...]], ...]:
    """Without a Displace: each fit on the map with the bit of each blank square (0 when off the board)
    and its variants for every set of open blanks (index: bit i = blank i open), as `_variants` lists them."""
    key = (id(shape), off, t, fb_arts)
    hit = _TABLES.get(key)
    if hit is None:
        rows = []
        for fit in _fits_on_map(shape, off):
            bits = tuple(1 << sq if sq >= 0 and not off >> sq & 1 else 0 for sq in fit.blanks)
            rows.append((fit, bits, tuple(_variants(cid, fit, t, fb_arts, (), 0, amask)
                                          for amask in range(1 << len(bits)))))
        hit = _TABLES[key] = (shape, tuple(rows))
    return hit[1]


def _variants(cid: str, fit: Fit, t: tuple[str, ...], fb_arts: tuple[str, ...], disp_arts: tuple[str, ...],
              rivals: int, amask: int) -> tuple[Search, ...]:
    """Every blank / free blank / displace variant of one placement, whatever it costs: `rivals` are the
    squares of the fit holding another player's marker, `amask` the open blanks (bit i: blank i)."""
    key = (id(fit), t, fb_arts, disp_arts, rivals, amask)
    hit = _VARIANTS.get(key)
    if hit is not None:
        return hit[1]
    blanks = fit.blanks
    anchor = fit.anchor
    if disp_arts and rivals:
        targets = [sq for sq in fit.markers if rivals >> sq & 1] + [sq for sq in blanks if sq >= 0 and rivals >> sq & 1]
        displacements = [c for k in range(min(len(disp_arts), len(targets)) + 1) for c in combinations(targets, k)]
    else:
        displacements = [()]
    found: list[Search] = []
    nf = len(fb_arts)
    for dsqs in displacements:
        avail, need = amask, 0
        for d in dsqs:
            if d in blanks:
                bit = 1 << blanks.index(d)
                avail |= bit
                need |= bit
        disps = disp_arts[:len(dsqs)]
        for subset, bits in _subsets(avail):
            if need & ~bits:
                continue
            if not nf:
                found.append(_search(cid, anchor, subset, t, (), (), disps, dsqs))
                continue
            found.extend(_search(cid, anchor, subset, t, fb_arts[:f], frees, disps, dsqs)
                         for f in range(min(nf, len(subset)) + 1) for frees in combinations(subset, f))
    if len(_VARIANTS) >= _CACHE_LIMIT:
        _VARIANTS.clear()
    _VARIANTS[key] = (fit, tuple(found))
    return tuple(found)


def _affordable(state: GameState, p: int, fit: Fit, found: tuple[Search, ...], out: list[Search]) -> None:
    """The searches of `found` (variants of one placement) that `p` can pay for and supply."""
    board, coin_at = state.board, state.coin_at
    ps = state.players[p]
    supply, coins = ps.supply, ps.coins
    for sq in fit.markers:
        if board[sq] < 0 and supply:
            supply -= 1
            coins += coin_at[sq]
    blanks = fit.blanks
    for s in found:
        chosen = s.blanks
        if not chosen:
            out.append(s)
        elif s.displace_squares:
            if _search_cost_problem(state, p, fit, chosen, s.free_blanks, s.displace_squares) is None:
                out.append(s)
        elif len(chosen) <= supply:
            have = coins
            for i in _blank_order(state, fit, chosen):
                cost = 0 if i in s.free_blanks else BLANK_COST
                if have < cost:
                    break
                have += coin_at[blanks[i]] - cost
            else:
                out.append(s)


def any_search(state: GameState, p: int) -> bool:
    """Whether `p` has a face-up character whose pattern (turned with its Turns or not) fits the map."""
    ps = state.players[p]
    off = state.offmap
    turns = range(min(len(face_up_artifacts(state, p, Ability.TURN)), 3) + 1)
    for cid, up in zip(ps.cards, ps.face_up):
        if up:
            for t in turns:
                for fit in state.cards.shapes[cid][(state.rot[p] + t) % 4].fits.values():
                    if not fit.mask & off:
                        return True
    return False


@dataclass(slots=True)
class SearchPlan:
    """A checked search: the character's index, where it lands, the blanks in payment order, the artifacts."""

    card_index: int
    fit: Fit
    blank_order: list[int]  # blank indices in payment order
    artifacts: list[tuple[str, str]]  # (artifact, ability) used


def _search_cost_problem(state: GameState, p: int, fit: Fit, blanks: tuple[int, ...], frees: tuple[int, ...],
                         dsqs: tuple[int, ...]) -> str | None:
    """Why the markers, displacements and blanks cannot be paid for or supplied, or None."""
    ps = state.players[p]
    board, coin_at = state.board, state.coin_at
    supply = ps.supply
    coins = ps.coins
    for sq in fit.markers:
        if (board[sq] < 0 or sq in dsqs) and supply:
            supply -= 1
            coins += coin_at[sq]
    if len(blanks) > supply:
        return f"not enough markers left in your supply for {len(blanks)} blank(s)"
    for i in _blank_order(state, fit, blanks):
        cost = 0 if i in frees else BLANK_COST
        if coins < cost:
            return f"not enough coins for blank {i}: it costs {cost}, you would have {coins}"
        coins += coin_at[fit.blanks[i]] - cost
    return None


def _blank_order(state: GameState, fit: Fit, blanks: tuple[int, ...]) -> list[int]:
    if len(blanks) < 2:
        return list(blanks)
    return sorted(blanks, key=lambda i: (-state.coin_at[fit.blanks[i]], i))


def _distinct(values: tuple[int, ...] | tuple[str, ...]) -> bool:
    return len(set(values)) == len(values)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def legal_plan(state: GameState, a: Search) -> SearchPlan:
    """The plan of search `a`, known to be legal now (listed by `searches`): no checks."""
    p = state.active
    ci = state.players[p].cards.index(a.card)
    fit = state.cards.shapes[a.card][(state.rot[p] + len(a.turn_artifacts)) % 4].fits[a.anchor]
    return SearchPlan(ci, fit, _blank_order(state, fit, a.blanks), list(_artifact_uses(a)))


def _artifact_uses(a: Search) -> Iterator[tuple[str, str]]:
    """Each artifact the search uses with its ability, Turns first, then Free blanks, then Displaces (one at
    a time: `plan_search` checks each before it looks at the next field)."""
    for arts, ability in ((a.turn_artifacts, Ability.TURN), (a.free_blank_artifacts, Ability.FREE_BLANK),
                          (a.displace_artifacts, Ability.DISPLACE)):
        for art in arts:
            yield art, ability


def plan_search(state: GameState, a: Search) -> SearchPlan:
    """Check search `a` of the active player; its plan, or `IllegalAction` with the reason."""
    p = state.active
    ps = state.players[p]
    if a.card not in ps.cards:
        raise IllegalAction(f"{a.card} is not one of your characters")
    ci = ps.cards.index(a.card)
    if not ps.face_up[ci]:
        raise IllegalAction(f"character {a.card} is face down")
    used: list[tuple[str, str]] = []
    for art, ability in _artifact_uses(a):
        artifact_index(state, art, ability)
        used.append((art, ability))
    if not _distinct(a.artifacts):
        raise IllegalAction("each artifact can be used only once per search")
    if not _is_int(a.anchor) or not 0 <= a.anchor < SQUARES:
        raise IllegalAction(f"anchor {a.anchor!r} is not a square 0-{SQUARES - 1}")
    shape = state.cards.shape(a.card, state.rot[p] + len(a.turn_artifacts))
    fit = shape.fits.get(a.anchor)
    if fit is None:
        raise IllegalAction(f"the pattern does not fit at anchor {a.anchor}: a marker square would be "
                            "outside the map")
    if fit.mask & state.offmap:
        sq = next(sq for sq in fit.markers if state.offmap >> sq & 1)
        raise IllegalAction(f"marker square {sq} is on an empty slot (off the map)")
    nb = len(fit.blanks)
    if not _distinct(a.blanks) or any(not _is_int(i) or not 0 <= i < nb for i in a.blanks):
        raise IllegalAction(f"blanks must be different blank numbers 0-{nb - 1}" if nb else
                            "this pattern has no blank squares")
    if len(a.free_blank_artifacts) != len(a.free_blanks):
        raise IllegalAction("give one free blank per Free blank artifact")
    if not _distinct(a.free_blanks) or any(i not in a.blanks for i in a.free_blanks):
        raise IllegalAction("the free blanks must be different blanks among the chosen ones")
    if len(a.displace_artifacts) != len(a.displace_squares):
        raise IllegalAction("give one displace square per Displace artifact")
    dsqs = a.displace_squares
    if not _distinct(dsqs):
        raise IllegalAction("the displace squares must be different squares")
    chosen = [fit.blanks[i] for i in a.blanks]
    for dsq in dsqs:
        if dsq not in fit.markers and dsq not in chosen:
            raise IllegalAction(f"square {dsq} is not a marker square or chosen blank of this placement")
        if state.board[dsq] < 0 or state.board[dsq] == p:
            raise IllegalAction(f"square {dsq} does not hold another player's marker")
    for i, sq in zip(a.blanks, chosen):
        if sq < 0 or state.offmap >> sq & 1:
            raise IllegalAction(f"blank {i} is off the map")
        if state.board[sq] >= 0 and sq not in dsqs:
            raise IllegalAction(f"blank {i} (square {sq}) already holds a marker")
    problem = _search_cost_problem(state, p, fit, a.blanks, a.free_blanks, dsqs)
    if problem:
        raise IllegalAction(problem)
    return SearchPlan(ci, fit, _blank_order(state, fit, a.blanks), used)
