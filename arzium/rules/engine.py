"""Playing Arzium: legal actions and applying one (searches are planned in `arzium.rules.search`).

A turn of the active player runs through phases:

- ``start``: may `RestEarly` (1 coin per face-up character; illegal when nothing is face down) or use
  Purse/Slide/Wake artifacts; a Wake may turn the last face-up character down, which triggers the
  free rest at once. If all characters are face down when the turn starts, the free rest is
  automatic (`Rested(forced=True)`). A `Search` may be made directly from ``start``.
- ``search``: after a rest; Purse/Slide/Wake (face up only) may still be used, then one `Search`
  (or `SkipSearch`, legal only when no face-up character fits anywhere). A search whose marker
  squares are all occupied is legal and places nothing.
- ``after`` (after the search, until the claims): Purse/Slide/Wake may still be used (a Wake only
  turns a character face up), then `ResolveClaims`. The phase is entered only while the player has
  such an artifact to use, and it ends by itself (the claims follow) as soon as none is left, so a
  turn without usable artifacts runs on exactly as before. `artifact_window(state)` tells bots and
  the table whether the active player may still use an artifact now.
- claims follow: full land cards in reading order from the active player's edge
  (`READING_ORDER`). A tie starts the ``bid`` phase: the tied players act in turn order from the
  active player; a bidder whose only option is forced (an opener with 0 coins bids 0, a later
  bidder who cannot afford highest + 1 passes) acts automatically.
- ``buy`` (full game only; skipped automatically when nothing in the row is affordable, counting a
  coin per face-up Purse: a Purse may be used during the buy to afford an artifact), then the next
  player's turn starts. When someone owns 10 characters the round is finished: the game ends after
  the turn of the last player in turn order (phase ``over``).

"""
from __future__ import annotations

from typing import assert_never

from arzium.rules.actions import (
    ACTION_TYPES,
    Action,
    Bid,
    Buy,
    IllegalAction,
    PassBid,
    ResolveClaims,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
)
from arzium.rules.artifacts import (
    apply_buy,
    apply_purse,
    apply_slide,
    apply_wake,
    artifact_uses,
    buy_options,
    can_buy,
    can_use_artifact,
    use_artifact,
)
from arzium.rules.board import (
    READING_ORDER,
    SLOT_MASKS,
    slot_squares,
)
from arzium.rules.events import (
    BiddingStarted,
    BidPassed,
    BidPlaced,
    BlankPaid,
    CardClaimed,
    CardFull,
    CardReplaced,
    CharacterUsed,
    ClaimsBegun,
    ConsolationCoin,
    Event,
    FinalRound,
    GameEnded,
    MarkerDisplaced,
    MarkerPlaced,
    Rested,
    SearchSkipped,
    SquareSkipped,
    TurnStarted,
)
from arzium.rules.score import outcome
from arzium.rules.search import (
    BLANK_COST,
    any_search,
    legal_plan,
    plan_search,
    searches,
)
from arzium.rules.state import BidState, GameState, Phase

END_CHARACTERS = 10


# ----------------------------------------------------------------------------------------------
# Who acts, and the end


def current_player(state: GameState) -> int | None:
    """The player who must act now: the active player, or the bidder in a tie; None when over."""
    if state.phase == Phase.OVER:
        return None
    if state.phase == Phase.BID:
        assert state.bid is not None
        return state.bid.bidders[state.bid.index]
    return state.active


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.phase == Phase.OVER


# ----------------------------------------------------------------------------------------------
# Legal actions


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of `current_player(state)`, complete (displace and slide included).

    Of several face-up artifacts with the same ability the first ones in the party are offered
    (`apply` accepts any of them); several of one kind in a search are listed with the
    first ones in party order. Blank, free blank and displace choices are listed as sorted tuples.
    """
    phase = state.phase
    if phase == Phase.OVER:
        return []
    p = current_player(state)
    assert p is not None
    ps = state.players[p]
    if phase == Phase.BID:
        bid = state.bid
        assert bid is not None
        if bid.high < 0:
            return [Bid(x) for x in range(ps.coins + 1)]
        bids: list[Action] = [PassBid()]
        return bids + [Bid(x) for x in range(bid.high + 1, ps.coins + 1)]
    out: list[Action] = []
    if phase == Phase.BUY:
        return [*buy_options(state, p), SkipBuy()]
    if phase == Phase.AFTER:
        return artifact_uses(state, p) + [ResolveClaims()]
    if phase == Phase.START and _rest_problem(state, p) is None:
        out.append(RestEarly())
    out.extend(artifact_uses(state, p))
    found = searches(state, p)
    out.extend(found if found else [SkipSearch()])
    return out


def _rest_problem(state: GameState, p: int) -> str | None:
    ps = state.players[p]
    cost = sum(ps.face_up)
    if all(ps.face_up) and all(ps.artifacts_up):
        return "nothing to rest: all your characters and artifacts are face up"
    if cost > ps.coins:
        return f"resting early costs {cost} coins (1 per face-up character); you have {ps.coins}"
    return None


# ----------------------------------------------------------------------------------------------
# Applying an action


def apply(state: GameState, action: Action, *, checked: bool = True) -> list[Event]:
    """Apply the current player's `action`, mutating `state`; the events in order.

    Raises `IllegalAction` (state unchanged) with a precise reason when it is not legal now.
    `checked=False` (for bots replaying actions listed by `legal_actions` of this very state) skips
    re-checking a search; anything else gives undefined results.
    """
    phase = state.phase
    if phase == Phase.OVER:
        raise IllegalAction("the game is over")
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction(f"not an Arzium action: {action!r}")
    events: list[Event] = []
    turn_phases = (Phase.START, Phase.SEARCH)
    artifact_phases = (Phase.START, Phase.SEARCH, Phase.AFTER)
    match action:
        case Search():
            _require(phase in turn_phases, phase, "search")
            _apply_search(state, action, events, checked)
        case RestEarly():
            _require(phase == Phase.START, phase, "rest early (only at the start of your turn)")
            problem = _rest_problem(state, state.active)
            if problem:
                raise IllegalAction(problem)
            ps = state.players[state.active]
            paid = sum(ps.face_up)
            ps.coins -= paid
            _rest(state, state.active, paid, False, events)
        case SkipSearch():
            _require(phase in turn_phases, phase, "skip the search")
            if any_search(state, state.active):
                raise IllegalAction("a face-up character fits on the map: you must search")
            events.append(SearchSkipped(state.active))
            _after_search(state, events)
        case ResolveClaims():
            _require(phase == Phase.AFTER, phase, "resolve the claims (only after the search)")
            events.append(ClaimsBegun(state.active))
            _end_search(state, events)
        case UsePurse(artifact):
            _require(phase in artifact_phases or phase == Phase.BUY, phase, "use a Purse")
            apply_purse(state, action, events)
            _close_window(state, phase, events)
        case UseSlide():
            _require(phase in artifact_phases, phase, "use a Slide")
            apply_slide(state, action, events)
            _close_window(state, phase, events)
        case UseWake():
            _require(phase in artifact_phases, phase, "use a Wake")
            apply_wake(state, action, events)
            ps = state.players[state.active]
            if not any(ps.face_up):  # the last face-up character turned down: the free rest
                _rest(state, state.active, 0, True, events)
            _close_window(state, phase, events)
        case Bid() | PassBid():
            _require(phase == Phase.BID, phase, "bid")
            _apply_bid(state, action, events)
        case Buy(artifact):
            _require(phase == Phase.BUY, phase, "buy")
            apply_buy(state, artifact, events)
            _end_turn(state, events)
        case SkipBuy():
            _require(phase == Phase.BUY, phase, "buy")
            _end_turn(state, events)
        case _:
            assert_never(action)
    return events


_PHASE_TEXT = {Phase.START: "the start of the turn", Phase.SEARCH: "the search",
               Phase.AFTER: "the artifacts after the search", Phase.BID: "a tie bidding",
               Phase.BUY: "the buy step", Phase.OVER: "the end of the game"}


def _require(ok: bool, phase: Phase, what: str) -> None:
    if not ok:
        raise IllegalAction(f"cannot {what} during {_PHASE_TEXT[phase]}")


def _close_window(state: GameState, phase: Phase, events: list[Event]) -> None:
    """After an artifact used after the search: the claims follow once no artifact is left to use."""
    if phase == Phase.AFTER and not can_use_artifact(state, state.active):
        _end_search(state, events)


def _rest(state: GameState, p: int, paid: int, forced: bool, events: list[Event]) -> None:
    ps = state.players[p]
    ps.face_up = [True] * len(ps.cards)
    ps.artifacts_up = [True] * len(ps.artifacts)
    state.phase = Phase.SEARCH
    events.append(Rested(p, paid, forced))


def _apply_search(state: GameState, a: Search, events: list[Event], checked: bool) -> None:
    plan = plan_search(state, a) if checked else legal_plan(state, a)  # raises before any change
    p = state.active
    ps = state.players[p]
    ps.face_up[plan.card_index] = False
    events.append(CharacterUsed(p, a.card))
    for art, ability in plan.artifacts:
        use_artifact(state, art, ability, events)
    fit = plan.fit
    dsqs = a.displace_squares
    for sq in fit.markers:
        if (state.board[sq] >= 0 and sq not in dsqs) or not ps.supply:
            events.append(SquareSkipped(sq))
        elif sq in dsqs:
            _displace(state, p, sq, events)
        else:
            _place(state, p, sq, events)
    for i in plan.blank_order:
        sq = fit.blanks[i]
        cost = 0 if i in a.free_blanks else BLANK_COST
        ps.coins -= cost
        events.append(BlankPaid(p, sq, cost))
        if sq in dsqs:
            _displace(state, p, sq, events)
        else:
            _place(state, p, sq, events)
    _after_search(state, events)


def _place(state: GameState, p: int, sq: int, events: list[Event]) -> None:
    ps = state.players[p]
    coins = state.coin_at[sq]
    state.board[sq] = p
    state._occ |= 1 << sq
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


def _after_search(state: GameState, events: list[Event]) -> None:
    """The search is made: artifacts may still be used after it (phase ``after``), else the claims follow."""
    if can_use_artifact(state, state.active):
        state.phase = Phase.AFTER
    else:
        _end_search(state, events)


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
        state.phase = Phase.BID
        events.append(BiddingStarted(slot, tuple(tied)))
        if not _advance_bidding(state, events):
            return
    if state.setup.full_game and can_buy(state, state.active):
        state.phase = Phase.BUY
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
    state.phase = Phase.SEARCH
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
    state._occ &= ~SLOT_MASKS[slot]
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
    state._refresh_slot(slot)
    events.append(CardReplaced(slot, state.slots[slot]))
    state.pending.remove(slot)
    if len(w.cards) >= END_CHARACTERS and not state.final_round:
        state.final_round = True
        events.append(FinalRound(winner))


def _end_turn(state: GameState, events: list[Event]) -> None:
    k = state.order.index(state.active)
    if state.final_round and k == len(state.order) - 1:
        state.phase = Phase.OVER
        out = outcome(state)
        events.append(GameEnded(tuple(s.total for s in out.scores), out.winners))
        return
    state.active = state.order[(k + 1) % len(state.order)]
    state.turn += 1
    state.phase = Phase.START
    events.append(TurnStarted(state.active))
    if not any(state.players[state.active].face_up):
        _rest(state, state.active, 0, True, events)

