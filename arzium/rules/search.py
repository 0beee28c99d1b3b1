"""Searches in Arzium: where a pattern lands (the placement preview), which searches are legal,
and the checked plan of one search that `arzium.rules.engine` then carries out.

Search details: markers are placed in pattern order (occupied squares skipped, except the Displace
square; coins collected at once), then the chosen blanks, the one with the most coins first, each
paid (2, or 0 with Free blank) from coins that include everything collected so far. One artifact
of each search kind (Turn, Free blank, Displace) per search.
A search must place at least one marker (blanks and displacement count) whenever that character,
turned as chosen, has a placement reaching a free square: "place all markers if possible" read
so that a fully blocked placement cannot be used as a pass.
"""
from __future__ import annotations

from dataclasses import dataclass

from arzium.rules.actions import IllegalAction, Search
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
    elif not markers and _must_place(state, p, shape):
        reason = "no marker would be placed here, but the character can reach a free square elsewhere"
    return Placement(card_id, anchor, turn, rotation, marker_cells, blank_cells, markers, skipped, blanks,
                     blank_open, sum(state.coin_at[sq] for sq in markers), not reason, reason)


def _on_map(state: GameState, row: int, col: int) -> int:
    if 0 <= row < SIZE and 0 <= col < SIZE:
        sq = row * SIZE + col
        if not state.offmap >> sq & 1:
            return sq
    return -1




# Searches without artifacts are shared objects (a bounded set: card x anchor x blanks), which keeps
# listing the legal actions cheap.
_PLAIN_SEARCHES: dict[tuple[str, int, tuple[int, ...]], Search] = {}


def _search(card: str, anchor: int, blanks: tuple[int, ...] = (), turn: str | None = None,
            fb: str | None = None, fbi: int | None = None, disp: str | None = None,
            dsq: int | None = None) -> Search:
    if turn is None and fb is None and disp is None:
        key = (card, anchor, blanks)
        s = _PLAIN_SEARCHES.get(key)
        if s is None:
            s = _PLAIN_SEARCHES[key] = Search(card, anchor, blanks)
        return s
    return Search(card, anchor, blanks, turn, fb, fbi, disp, dsq)


def first_artifact(state: GameState, p: int, ability: str) -> str | None:
    ps = state.players[p]
    arts = state.cards.artifacts
    for a, up in zip(ps.artifacts, ps.artifacts_up):
        if up and arts[a].ability == ability:
            return a
    return None


def searches(state: GameState, p: int) -> list[Search]:
    ps = state.players[p]
    off = state.offmap
    turn_art = first_artifact(state, p, Ability.TURN)
    fb_art = first_artifact(state, p, Ability.FREE_BLANK)
    disp_art = first_artifact(state, p, Ability.DISPLACE)
    shapes = state.cards.shapes
    turns = (None, turn_art) if turn_art else (None,)
    occ = state.occ
    out: list[Search] = []
    for cid, up in zip(ps.cards, ps.face_up):
        if not up:
            continue
        for t in turns:
            shape = shapes[cid][(state.rot[p] + (t is not None)) % 4]
            must_place = _must_place(state, p, shape)
            simple = not shape.blanks and disp_art is None
            for anchor, fit in shape.fits.items():
                if fit.mask & off:
                    continue
                if simple:
                    if not must_place or fit.mask & ~occ:
                        out.append(_search(cid, anchor, (), t))
                else:
                    _search_variants(state, p, cid, fit, t, fb_art, disp_art, must_place, out)
    return out


def _must_place(state: GameState, p: int, shape: Shape) -> bool:
    """True when some placement of this turned pattern puts a marker square on a free square:
    then a search placing no marker at all is illegal (no empty "pass" searches)."""
    if not state.players[p].supply:
        return False
    blocked = state.offmap
    free = ~state.occ
    return any(fit.mask & free and not fit.mask & blocked for fit in shape.fits.values())


def _search_variants(state: GameState, p: int, cid: str, fit: Fit, t: str | None, fb_art: str | None,
                     disp_art: str | None, must_place: bool, out: list[Search]) -> None:
    """All blank / free blank / displace variants of one placement that `apply` accepts."""
    occ, board = state.occ, state.board
    blocked = occ | state.offmap
    blanks = fit.blanks
    targets: list[int | None] = [None]
    if disp_art is not None:  # squares of empty slots never hold markers
        targets += [sq for sq in fit.markers if board[sq] >= 0 and board[sq] != p]
        targets += [sq for sq in blanks if sq >= 0 and board[sq] >= 0 and board[sq] != p]
    ps = state.players[p]
    rich = ps.coins >= BLANK_COST * len(blanks) and ps.supply >= len(fit.markers) + len(blanks)
    fresh = fit.mask & ~occ
    for dsq in targets:
        avail = [i for i, sq in enumerate(blanks) if sq >= 0 and (not blocked >> sq & 1 or sq == dsq)]
        subsets: list[tuple[int, ...]] = [()]
        subsets += [(i,) for i in avail]
        if len(avail) == 2:
            subsets.append((avail[0], avail[1]))
        on_blank = blanks.index(dsq) if dsq is not None and dsq in blanks else None
        for subset in subsets:
            if on_blank is not None and on_blank not in subset:
                continue
            if not subset:
                if dsq is not None or fresh or not must_place:
                    out.append(_search(cid, fit.anchor, (), t, None, None, disp_art if dsq is not None else None, dsq))
                continue
            frees: list[int | None] = [None] + (list(subset) if fb_art is not None else [])
            for fbi in frees:
                if rich or _search_cost_problem(state, p, fit, subset, fbi, dsq) is None:
                    out.append(_search(cid, fit.anchor, subset, t, fb_art if fbi is not None else None, fbi,
                                       disp_art if dsq is not None else None, dsq))


def any_search(state: GameState, p: int) -> bool:
    ps = state.players[p]
    off = state.offmap
    turns = (0, 1) if first_artifact(state, p, Ability.TURN) else (0,)
    for cid, up in zip(ps.cards, ps.face_up):
        if up:
            for t in turns:
                for fit in state.cards.shapes[cid][(state.rot[p] + t) % 4].fits.values():
                    if not fit.mask & off:
                        return True
    return False


def artifact_index(state: GameState, artifact: str, ability: str) -> int:
    ps = state.players[state.active]
    if artifact not in ps.artifacts:
        raise IllegalAction(f"you do not own artifact {artifact}")
    i = ps.artifacts.index(artifact)
    real = state.cards.artifact(artifact).ability
    if real != ability:
        raise IllegalAction(f"artifact {artifact} is a {real} artifact, not {ability}")
    if not ps.artifacts_up[i]:
        raise IllegalAction(f"artifact {artifact} is face down (used since your last rest)")
    return i


@dataclass(slots=True)
class SearchPlan:
    card_index: int
    fit: Fit
    blank_order: list[int]  # blank indices in payment order
    artifacts: list[tuple[str, str]]  # (artifact, ability) used


def _search_cost_problem(state: GameState, p: int, fit: Fit, blanks: tuple[int, ...], free: int | None,
                         dsq: int | None) -> str | None:
    """Why the markers, displacement and blanks cannot be paid for or supplied, or None."""
    ps = state.players[p]
    board, coin_at = state.board, state.coin_at
    supply = ps.supply
    coins = ps.coins
    for sq in fit.markers:
        if board[sq] < 0 or sq == dsq:
            if supply:
                supply -= 1
                coins += coin_at[sq]
    if len(blanks) > supply:
        return f"not enough markers left in your supply for {len(blanks)} blank(s)"
    for i in _blank_order(state, fit, blanks):
        cost = 0 if i == free else BLANK_COST
        if coins < cost:
            return f"not enough coins for blank {i}: it costs {cost}, you would have {coins}"
        coins += coin_at[fit.blanks[i]] - cost
    return None


def _blank_order(state: GameState, fit: Fit, blanks: tuple[int, ...]) -> list[int]:
    if len(blanks) < 2:
        return list(blanks)
    return sorted(blanks, key=lambda i: (-state.coin_at[fit.blanks[i]], i))


def plan_search(state: GameState, a: Search) -> SearchPlan:
    p = state.active
    ps = state.players[p]
    if a.card not in ps.cards:
        raise IllegalAction(f"{a.card} is not one of your characters")
    ci = ps.cards.index(a.card)
    if not ps.face_up[ci]:
        raise IllegalAction(f"character {a.card} is face down")
    used: list[tuple[str, str]] = []
    for art, ability in ((a.turn_artifact, Ability.TURN), (a.free_blank_artifact, Ability.FREE_BLANK),
                         (a.displace_artifact, Ability.DISPLACE)):
        if art is not None:
            artifact_index(state, art, ability)
            used.append((art, ability))
    if isinstance(a.anchor, bool) or not isinstance(a.anchor, int) or not 0 <= a.anchor < SQUARES:
        raise IllegalAction(f"anchor {a.anchor!r} is not a square 0-{SQUARES - 1}")
    shape = state.cards.shape(a.card, state.rot[p] + (a.turn_artifact is not None))
    fit = shape.fits.get(a.anchor)
    if fit is None:
        raise IllegalAction(f"the pattern does not fit at anchor {a.anchor}: a marker square would be "
                            "outside the map")
    if fit.mask & state.offmap:
        sq = next(sq for sq in fit.markers if state.offmap >> sq & 1)
        raise IllegalAction(f"marker square {sq} is on an empty slot (off the map)")
    nb = len(fit.blanks)
    if len(set(a.blanks)) != len(a.blanks) or any(not isinstance(i, int) or isinstance(i, bool)
                                                  or not 0 <= i < nb for i in a.blanks):
        raise IllegalAction(f"blanks must be different blank numbers 0-{nb - 1}" if nb else
                            "this pattern has no blank squares")
    if (a.free_blank_artifact is None) != (a.free_blank is None):
        raise IllegalAction("free_blank_artifact and free_blank go together")
    if a.free_blank is not None and a.free_blank not in a.blanks:
        raise IllegalAction(f"the free blank {a.free_blank} is not one of the chosen blanks")
    if (a.displace_artifact is None) != (a.displace_square is None):
        raise IllegalAction("displace_artifact and displace_square go together")
    dsq = a.displace_square
    chosen = [fit.blanks[i] for i in a.blanks]
    if dsq is not None:
        if dsq not in fit.markers and dsq not in chosen:
            raise IllegalAction(f"square {dsq} is not a marker square or chosen blank of this placement")
        if state.board[dsq] < 0 or state.board[dsq] == p:
            raise IllegalAction(f"square {dsq} does not hold another player's marker")
    for i, sq in zip(a.blanks, chosen):
        if sq < 0 or state.offmap >> sq & 1:
            raise IllegalAction(f"blank {i} is off the map")
        if state.board[sq] >= 0 and sq != dsq:
            raise IllegalAction(f"blank {i} (square {sq}) already holds a marker")
    problem = _search_cost_problem(state, p, fit, a.blanks, a.free_blank, dsq)
    if problem:
        raise IllegalAction(problem)
    if not a.blanks and dsq is None and not fit.mask & ~state.occ and _must_place(state, p, shape):
        raise IllegalAction("this placement would place no marker, but the character can reach a free "
                            "square elsewhere")
    return SearchPlan(ci, fit, _blank_order(state, fit, a.blanks), used)

