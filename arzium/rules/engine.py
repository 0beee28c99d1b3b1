"""Playing Arzium: legal actions, applying one, placement previews, scores.

A turn of the active player runs through phases:

- ``start``: may `RestEarly` (1 coin per face-up character; illegal when nothing is face down) or use
  Purse/Slide/Wake artifacts; a Wake may turn the last face-up character down, which triggers the
  free rest at once. If all characters are face down when the turn starts, the free rest is
  automatic (`Rested(forced=True)`). A `Search` may be made directly from ``start``.
- ``search``: after a rest; Purse/Slide/Wake (face up only) may still be used, then one `Search`
  (or `SkipSearch`, legal only when no face-up character fits anywhere).
  Artifacts are only usable before the search: the search ends the active part of the turn.
- claims follow the search at once: full land cards in reading order from the active player's
  edge (`READING_ORDER`). A tie starts the ``bid`` phase: the tied players act in turn order from
  the active player; a bidder whose only option is forced (an opener with 0 coins bids 0, a later
  bidder who cannot afford highest + 1 passes) acts automatically.
- ``buy`` (full game only; skipped automatically when nothing in the row is affordable), then
  the next player's turn starts. When someone owns 10 characters the round is finished: the game
  ends after the turn of the last player in turn order (phase ``over``).

Search details: markers are placed in pattern order (occupied squares skipped, except the Displace
square; coins collected at once), then the chosen blanks, the one with the most coins first, each
paid (2, or 0 with Free blank) from coins that include everything collected so far. One artifact of each search kind (Turn, Free blank, Displace) per search.
A search must place at least one marker (blanks and displacement count) whenever that character,
turned as chosen, has a placement reaching a free square: "place all markers if possible" read
so that a fully blocked placement cannot be used as a pass.
"""
from __future__ import annotations

from dataclasses import dataclass

from arzium.rules.actions import (
    Action,
    Bid,
    Buy,
    IllegalAction,
    PassBid,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
)
from arzium.rules.board import NEIGHBOURS, READING_ORDER, SIZE, SLOT_MASKS, SQUARES, slot_squares
from arzium.rules.cards import Fit, Shape
from arzium.rules.events import (
    ArtifactBought,
    ArtifactRowRefilled,
    ArtifactUsed,
    BiddingStarted,
    BidPassed,
    BidPlaced,
    BlankPaid,
    CardClaimed,
    CardFull,
    CardReplaced,
    CharacterFlipped,
    CharacterUsed,
    CoinsGained,
    ConsolationCoin,
    Event,
    FinalRound,
    GameEnded,
    MarkerDisplaced,
    MarkerPlaced,
    MarkerSlid,
    Rested,
    SearchSkipped,
    SquareSkipped,
    TurnStarted,
)
from arzium.rules.state import BidState, GameState

END_CHARACTERS = 10
BLANK_COST = 2


# ----------------------------------------------------------------------------------------------
# Who acts, and the end


def current_player(state: GameState) -> int | None:
    """The player who must act now: the active player, or the bidder in a tie; None when over."""
    if state.phase == "over":
        return None
    if state.phase == "bid":
        assert state.bid is not None
        return state.bid.bidders[state.bid.index]
    return state.active


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.phase == "over"


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's score: card points + artifact points = total; coins break ties."""

    player: int
    card_points: int
    artifact_points: int
    total: int
    coins: int
    characters: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """Scores of every player (by player index) and the winners (several on a shared win)."""

    scores: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    over: bool


def outcome(state: GameState) -> Outcome:
    """Scores and winners (provisional while the game is not over)."""
    scores = []
    for i, p in enumerate(state.players):
        cp = sum(state.cards.card(c).points for c in p.cards)
        ap = sum(state.cards.artifact(a).points for a in p.artifacts)
        scores.append(PlayerScore(i, cp, ap, cp + ap, p.coins, len(p.cards)))
    best = max((s.total, s.coins) for s in scores)
    winners = tuple(s.player for s in scores if (s.total, s.coins) == best)
    return Outcome(tuple(scores), winners, is_over(state))


def outcome_json(state: GameState) -> dict:
    """The outcome as a JSON-able dict: per player name, colour, edge, points, coins, party; winners."""
    out = outcome(state)
    players = []
    for s, seat, p in zip(out.scores, state.setup.seats, state.players):
        players.append({"name": seat.name, "colour": seat.colour, "edge": seat.edge, "kind": seat.kind,
                        "card_points": s.card_points, "artifact_points": s.artifact_points,
                        "score": s.total, "coins": s.coins, "characters": p.cards[:],
                        "artifacts": p.artifacts[:]})
    return {"game": "arzium", "over": out.over, "turns": state.turn, "full_game": state.setup.full_game,
            "players": players, "winners": [state.setup.seats[w].name for w in out.winners],
            "winner_indices": list(out.winners)}


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


# ----------------------------------------------------------------------------------------------
# Legal actions


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


def _first_artifact(state: GameState, p: int, ability: str) -> str | None:
    ps = state.players[p]
    arts = state.cards.artifacts
    for a, up in zip(ps.artifacts, ps.artifacts_up):
        if up and arts[a].ability == ability:
            return a
    return None


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of `current_player(state)`, complete (displace and slide included).

    Of several face-up artifacts with the same ability only the first in the party is offered
    (`apply` accepts any of them). Blank subsets are listed as sorted tuples.
    """
    phase = state.phase
    if phase == "over":
        return []
    p = current_player(state)
    assert p is not None
    ps = state.players[p]
    if phase == "bid":
        bid = state.bid
        assert bid is not None
        if bid.high < 0:
            return [Bid(x) for x in range(0, ps.coins + 1)]
        return [PassBid()] + [Bid(x) for x in range(bid.high + 1, ps.coins + 1)]
    if phase == "buy":
        arts = state.cards.artifacts
        return [Buy(a) for a in state.art_row if arts[a].cost <= ps.coins] + [SkipBuy()]
    out: list[Action] = []
    if phase == "start" and _rest_problem(state, p) is None:
        out.append(RestEarly())
    out.extend(_artifact_uses(state, p))
    searches = _searches(state, p)
    out.extend(searches if searches else [SkipSearch()])
    return out


def _artifact_uses(state: GameState, p: int) -> list[Action]:
    out: list[Action] = []
    purse = _first_artifact(state, p, "purse")
    if purse:
        out.append(UsePurse(purse))
    wake = _first_artifact(state, p, "wake")
    if wake:
        ps = state.players[p]
        out.extend(UseWake(wake, c) for c, up in zip(ps.cards, ps.face_up) if state.phase == "start" or not up)
    slide = _first_artifact(state, p, "slide")
    if slide:
        blocked = state.occ | state.offmap
        for src in range(SQUARES):
            if state.occ >> src & 1:
                out.extend(UseSlide(slide, src, dst) for dst in NEIGHBOURS[src] if not blocked >> dst & 1)
    return out


def _searches(state: GameState, p: int) -> list[Search]:
    ps = state.players[p]
    off = state.offmap
    turn_art = _first_artifact(state, p, "turn")
    fb_art = _first_artifact(state, p, "free_blank")
    disp_art = _first_artifact(state, p, "displace")
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


def _rest_problem(state: GameState, p: int) -> str | None:
    ps = state.players[p]
    cost = sum(ps.face_up)
    if all(ps.face_up) and all(ps.artifacts_up):
        return "nothing to rest: all your characters and artifacts are face up"
    if cost > ps.coins:
        return f"resting early costs {cost} coins (1 per face-up character); you have {ps.coins}"
    return None


def _any_search(state: GameState, p: int) -> bool:
    ps = state.players[p]
    off = state.offmap
    turns = (0, 1) if _first_artifact(state, p, "turn") else (0,)
    for cid, up in zip(ps.cards, ps.face_up):
        if up:
            for t in turns:
                for fit in state.cards.shapes[cid][(state.rot[p] + t) % 4].fits.values():
                    if not fit.mask & off:
                        return True
    return False


# ----------------------------------------------------------------------------------------------
# Applying an action


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply the current player's `action`, mutating `state`; the events in order.

    Raises `IllegalAction` (state unchanged) with a precise reason when it is not legal now.
    """
    phase = state.phase
    if phase == "over":
        raise IllegalAction("the game is over")
    events: list[Event] = []
    kind = type(action)
    if kind is Search:
        _require(phase in ("start", "search"), phase, "search")
        _apply_search(state, action, events)  # type: ignore[arg-type]
    elif kind is RestEarly:
        _require(phase == "start", phase, "rest early (only at the start of your turn)")
        problem = _rest_problem(state, state.active)
        if problem:
            raise IllegalAction(problem)
        ps = state.players[state.active]
        paid = sum(ps.face_up)
        ps.coins -= paid
        _rest(state, state.active, paid, False, events)
    elif kind is SkipSearch:
        _require(phase in ("start", "search"), phase, "skip the search")
        if _any_search(state, state.active):
            raise IllegalAction("a face-up character fits on the map: you must search")
        events.append(SearchSkipped(state.active))
        _end_search(state, events)
    elif kind is UsePurse:
        _require(phase in ("start", "search"), phase, "use an artifact")
        _use_artifact(state, action.artifact, "purse", events)  # type: ignore[union-attr]
        state.players[state.active].coins += 1
        events.append(CoinsGained(state.active, 1, "purse"))
    elif kind is UseSlide:
        _require(phase in ("start", "search"), phase, "use an artifact")
        _apply_slide(state, action, events)  # type: ignore[arg-type]
    elif kind is UseWake:
        _require(phase in ("start", "search"), phase, "use an artifact")
        _apply_wake(state, action, events)  # type: ignore[arg-type]
    elif kind is Bid or kind is PassBid:
        _require(phase == "bid", phase, "bid")
        _apply_bid(state, action, events)  # type: ignore[arg-type]
    elif kind is Buy or kind is SkipBuy:
        _require(phase == "buy", phase, "buy")
        if kind is Buy:
            _apply_buy(state, action.artifact, events)  # type: ignore[union-attr]
        _end_turn(state, events)
    else:
        raise IllegalAction(f"not an Arzium action: {action!r}")
    return events


_PHASE_TEXT = {"start": "the start of the turn", "search": "the search", "bid": "a tie bidding",
               "buy": "the buy step"}


def _require(ok: bool, phase: str, what: str) -> None:
    if not ok:
        raise IllegalAction(f"cannot {what} during {_PHASE_TEXT[phase]}")


def _artifact_index(state: GameState, artifact: str, ability: str) -> int:
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


def _use_artifact(state: GameState, artifact: str, ability: str, events: list[Event]) -> None:
    i = _artifact_index(state, artifact, ability)
    state.players[state.active].artifacts_up[i] = False
    events.append(ArtifactUsed(state.active, artifact, ability))


def _rest(state: GameState, p: int, paid: int, forced: bool, events: list[Event]) -> None:
    ps = state.players[p]
    ps.face_up = [True] * len(ps.cards)
    ps.artifacts_up = [True] * len(ps.artifacts)
    state.phase = "search"
    events.append(Rested(p, paid, forced))


def _apply_wake(state: GameState, action: UseWake, events: list[Event]) -> None:
    p = state.active
    ps = state.players[p]
    _artifact_index(state, action.artifact, "wake")
    if action.card not in ps.cards:
        raise IllegalAction(f"{action.card} is not one of your characters")
    i = ps.cards.index(action.card)
    if ps.face_up[i] and state.phase != "start":
        raise IllegalAction("a character can only be turned face down at the start of your turn")
    _use_artifact(state, action.artifact, "wake", events)
    ps.face_up[i] = not ps.face_up[i]
    events.append(CharacterFlipped(p, action.card, ps.face_up[i]))
    if not any(ps.face_up):
        _rest(state, p, 0, True, events)


def _apply_slide(state: GameState, action: UseSlide, events: list[Event]) -> None:
    _artifact_index(state, action.artifact, "slide")
    src, dst = action.src, action.dst
    if not (0 <= src < SQUARES and 0 <= dst < SQUARES):
        raise IllegalAction(f"slide squares must be 0-{SQUARES - 1}")
    if state.board[src] < 0:
        raise IllegalAction(f"no marker on square {src} to slide")
    if dst not in NEIGHBOURS[src]:
        raise IllegalAction(f"square {dst} is not orthogonally adjacent to {src}")
    if state.offmap >> dst & 1:
        raise IllegalAction(f"square {dst} is off the map (empty slot)")
    if state.board[dst] >= 0:
        raise IllegalAction(f"square {dst} already holds a marker")
    _use_artifact(state, action.artifact, "slide", events)
    owner = state.board[src]
    state.board[src], state.board[dst] = -1, owner
    state.occ ^= (1 << src) | (1 << dst)
    events.append(MarkerSlid(state.active, owner, src, dst))


@dataclass(slots=True)
class _SearchPlan:
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


def _plan_search(state: GameState, a: Search) -> _SearchPlan:
    p = state.active
    ps = state.players[p]
    if a.card not in ps.cards:
        raise IllegalAction(f"{a.card} is not one of your characters")
    ci = ps.cards.index(a.card)
    if not ps.face_up[ci]:
        raise IllegalAction(f"character {a.card} is face down")
    used: list[tuple[str, str]] = []
    for art, ability in ((a.turn_artifact, "turn"), (a.free_blank_artifact, "free_blank"),
                         (a.displace_artifact, "displace")):
        if art is not None:
            _artifact_index(state, art, ability)
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
    return _SearchPlan(ci, fit, _blank_order(state, fit, a.blanks), used)


def _apply_search(state: GameState, a: Search, events: list[Event]) -> None:
    plan = _plan_search(state, a)  # raises before any change
    p = state.active
    ps = state.players[p]
    ps.face_up[plan.card_index] = False
    events.append(CharacterUsed(p, a.card))
    for art, ability in plan.artifacts:
        _use_artifact(state, art, ability, events)
    fit = plan.fit
    dsq = a.displace_square
    for sq in fit.markers:
        if (state.board[sq] >= 0 and sq != dsq) or not ps.supply:
            events.append(SquareSkipped(sq))
        elif sq == dsq:
            _displace(state, p, sq, events)
        else:
            _place(state, p, sq, events)
    for i in plan.blank_order:
        sq = fit.blanks[i]
        cost = 0 if i == a.free_blank else BLANK_COST
        ps.coins -= cost
        events.append(BlankPaid(p, sq, cost))
        if sq == dsq:
            _displace(state, p, sq, events)
        else:
            _place(state, p, sq, events)
    _end_search(state, events)


def _place(state: GameState, p: int, sq: int, events: list[Event]) -> None:
    ps = state.players[p]
    coins = state.coin_at[sq]
    state.board[sq] = p
    state.occ |= 1 << sq
    ps.supply -= 1
    ps.coins += coins
    events.append(MarkerPlaced(p, sq, coins))


def _displace(state: GameState, p: int, sq: int, events: list[Event]) -> None:
    ps = state.players[p]
    victim = state.board[sq]
    state.players[victim].supply += 1
    state.board[sq] = p
    ps.supply -= 1
    coins = state.coin_at[sq]
    ps.coins += coins
    events.append(MarkerDisplaced(p, sq, victim, coins))


# ----------------------------------------------------------------------------------------------
# Claims, bidding, buying, next turn


def _end_search(state: GameState, events: list[Event]) -> None:
    occ = state.occ
    edge = state.setup.seats[state.active].edge
    state.pending = [s for s in READING_ORDER[edge]
                     if state.slots[s] is not None and occ & SLOT_MASKS[s] == SLOT_MASKS[s]]
    for s in state.pending:
        events.append(CardFull(s, state.slots[s]))  # type: ignore[arg-type]
    _resolve_claims(state, events)


def _turn_order_from_active(state: GameState) -> list[int]:
    k = state.order.index(state.active)
    return list(state.order[k:] + state.order[:k])


def _resolve_claims(state: GameState, events: list[Event]) -> None:
    """Resolve pending full cards until a bidder must act or none is left; then buy or end turn."""
    while state.pending:
        slot = state.pending[0]
        counts = [0] * len(state.players)
        for sq in slot_squares(slot):
            counts[state.board[sq]] += 1
        top = max(counts)
        tied = [p for p in _turn_order_from_active(state) if counts[p] == top]
        if len(tied) == 1:
            _claim(state, slot, tied[0], 0, events)
            continue
        state.bid = BidState(slot, tied)
        state.phase = "bid"
        events.append(BiddingStarted(slot, tuple(tied)))
        if not _advance_bidding(state, events):
            return
    if state.setup.full_game:
        coins = state.players[state.active].coins
        if any(state.cards.artifact(a).cost <= coins for a in state.art_row):
            state.phase = "buy"
            return
    _end_turn(state, events)


def _advance_bidding(state: GameState, events: list[Event]) -> bool:
    """Play forced bids; claim when every bidder has acted. True when the bidding is finished."""
    bid = state.bid
    assert bid is not None
    while bid.index < len(bid.bidders):
        p = bid.bidders[bid.index]
        coins = state.players[p].coins
        if bid.high < 0 and coins == 0:
            bid.high, bid.high_player = 0, p
            events.append(BidPlaced(p, 0))
        elif bid.high >= 0 and coins <= bid.high:
            events.append(BidPassed(p, True))
        else:
            return False
        bid.index += 1
    state.bid = None
    state.phase = "search"
    _claim(state, bid.slot, bid.high_player, bid.high, events)
    return True


def _apply_bid(state: GameState, action: Bid | PassBid, events: list[Event]) -> None:
    bid = state.bid
    assert bid is not None
    p = bid.bidders[bid.index]
    if isinstance(action, PassBid):
        if bid.high < 0:
            raise IllegalAction("the first bidder must open the bidding (a bid of 0 is allowed)")
        events.append(BidPassed(p))
    else:
        amount = action.amount
        coins = state.players[p].coins
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise IllegalAction(f"a bid must be a whole number of coins, got {amount!r}")
        if amount > coins:
            raise IllegalAction(f"cannot bid {amount}: you have only {coins} coins")
        if bid.high >= 0 and amount < bid.high + 1:
            raise IllegalAction(f"a bid must be at least {bid.high + 1} (1 more than the highest, {bid.high})")
        bid.high, bid.high_player = amount, p
        events.append(BidPlaced(p, amount))
    bid.index += 1
    if _advance_bidding(state, events):
        _resolve_claims(state, events)


def _claim(state: GameState, slot: int, winner: int, paid: int, events: list[Event]) -> None:
    card = state.slots[slot]
    assert card is not None
    counts = [0] * len(state.players)
    for sq in slot_squares(slot):
        owner = state.board[sq]
        counts[owner] += 1
        state.board[sq] = -1
    state.occ &= ~SLOT_MASKS[slot]
    order = _turn_order_from_active(state)
    for p in order:
        state.players[p].supply += counts[p]
    w = state.players[winner]
    w.coins -= paid
    events.append(CardClaimed(winner, card, slot, tuple((p, counts[p]) for p in order if counts[p]), paid))
    for p in order:
        if p != winner and counts[p]:
            state.players[p].coins += 1
            events.append(ConsolationCoin(p, slot))
    w.cards.append(card)
    w.face_up.append(True)
    state.slots[slot] = state.deck.pop() if state.deck else None
    state.refresh_slot(slot)
    events.append(CardReplaced(slot, state.slots[slot]))
    state.pending.remove(slot)
    if len(w.cards) >= END_CHARACTERS and not state.final_round:
        state.final_round = True
        events.append(FinalRound(winner))


def _apply_buy(state: GameState, artifact: str, events: list[Event]) -> None:
    p = state.active
    ps = state.players[p]
    if artifact not in state.art_row:
        raise IllegalAction(f"artifact {artifact} is not in the row")
    cost = state.cards.artifact(artifact).cost
    if cost > ps.coins:
        raise IllegalAction(f"artifact {artifact} costs {cost}; you have {ps.coins} coins")
    ps.coins -= cost
    ps.artifacts.append(artifact)
    ps.artifacts_up.append(True)
    events.append(ArtifactBought(p, artifact, cost))
    pos = state.art_row.index(artifact)
    if state.art_deck:
        state.art_row[pos] = state.art_deck.pop()
        events.append(ArtifactRowRefilled(pos, state.art_row[pos]))
    else:
        del state.art_row[pos]
        events.append(ArtifactRowRefilled(pos, None))


def _end_turn(state: GameState, events: list[Event]) -> None:
    k = state.order.index(state.active)
    if state.final_round and k == len(state.order) - 1:
        state.phase = "over"
        out = outcome(state)
        events.append(GameEnded(tuple(s.total for s in out.scores), out.winners))
        return
    state.active = state.order[(k + 1) % len(state.order)]
    state.turn += 1
    state.phase = "start"
    events.append(TurnStarted(state.active))
    if not any(state.players[state.active].face_up):
        _rest(state, state.active, 0, True, events)

