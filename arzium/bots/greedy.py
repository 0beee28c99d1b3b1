"""The greedy bot: looks one action ahead and scores it with a fixed evaluation.

It values coins, the majority it holds on each land card (more as the card fills up), the points
of the cards it would claim, and what rivals would gain (denying them counts). It uses Purse at
once, rests early or wakes a character when the better search is worth the price, slides a marker
when that alone gains enough, bids in ties up to what the card is worth to it, and buys the
artifact with the best points + ability value for its cost.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from arzium.rules import (
    SLOTS,
    Action,
    Bid,
    Buy,
    GameState,
    PassBid,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
    clone,
    legal_actions,
    slot_of_square,
    slot_squares,
)

FUTURE_CHARACTER = 1.2   # points a claimed character is worth beyond its printed points (more searches)
ABILITY_VALUE = {"purse": 1.5, "free_blank": 1.0, "turn": 0.8, "displace": 1.2, "slide": 0.6, "wake": 1.0}
ARTIFACT_USE_COST = 0.4  # an artifact turned face down is unavailable until the next rest
REST_MARGIN = 0.3
SLIDE_THRESHOLD = 1.0
EPS = 1e-9


@dataclass(slots=True)
class _View:
    """Per-decision data: marker counts and fill of every slot, the weights of this table."""

    me: int
    counts: list[list[int]]
    filled: list[int]
    card_value: list[float]
    coin: float
    deny: float


class GreedyBot:
    """One-action-ahead greedy player; ties between equally good actions broken by its generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now."""
        if state.phase == "bid":
            return self._bid(state, seat)
        if state.phase == "buy":
            return self._buy(state, seat)
        actions = legal_actions(state)
        purse = next((a for a in actions if isinstance(a, UsePurse)), None)
        if purse is not None:
            return purse
        view = _view(state, seat)
        best, best_value = self._best_search(state, view, actions)
        better = self._better_than_search(state, seat, view, actions, best_value)
        return better if better is not None else best

    # -- searching, resting, waking, sliding -----------------------------------------------

    def _best_search(self, state: GameState, view: _View, actions: list[Action]) -> tuple[Action, float]:
        scored = [(search_value(state, view, a), a) for a in actions if isinstance(a, Search)]
        if not scored:
            return SkipSearch(), 0.0
        top = max(v for v, _ in scored)
        return self.rng.choice([a for v, a in scored if v >= top - EPS]), top

    def _better_than_search(self, state: GameState, seat: int, view: _View, actions: list[Action],
                            best_value: float) -> Action | None:
        """A rest, wake or slide worth clearly more than searching straight away, if any."""
        ps = state.players[seat]
        options: list[tuple[float, Action]] = []
        if any(not up for up in ps.face_up):
            rested = clone(state)
            rp = rested.players[seat]
            rp.face_up = [True] * len(rp.face_up)
            all_value = self._best_search(rested, view, legal_actions(rested))[1]
            wake_down = [a for a in actions if isinstance(a, UseWake) and state.phase == "start"
                         and sum(ps.face_up) == 1 and ps.face_up[ps.cards.index(a.card)]]
            if wake_down:  # turning the last face-up character down rests for free
                options.append((all_value - ARTIFACT_USE_COST, wake_down[0]))
            elif any(isinstance(a, RestEarly) for a in actions):
                options.append((all_value - sum(ps.face_up) * view.coin, RestEarly()))
            for a in actions:
                if isinstance(a, UseWake) and not ps.face_up[ps.cards.index(a.card)]:
                    woken = clone(state)
                    woken.players[seat].face_up[ps.cards.index(a.card)] = True
                    value = self._best_search(woken, view, legal_actions(woken))[1]
                    options.append((value - ARTIFACT_USE_COST, a))
        for a in actions:
            if isinstance(a, UseSlide):
                gain = slide_value(state, view, a)
                if gain >= SLIDE_THRESHOLD:
                    options.append((best_value + gain - ARTIFACT_USE_COST, a))
        options = [(v, a) for v, a in options if v > best_value + REST_MARGIN]
        return max(options, key=lambda va: va[0])[1] if options else None

    # -- bidding and buying ----------------------------------------------------------------

    def _bid(self, state: GameState, seat: int) -> Action:
        bid = state.bid
        assert bid is not None
        view = _view(state, seat)
        card_value = view.card_value[bid.slot] * (1 + view.deny)
        coins = state.players[seat].coins
        willing = min(coins, int(card_value / view.coin * 0.5))
        later = bid.bidders[bid.index + 1:]
        block = max((state.players[q].coins for q in later), default=0)
        if bid.high < 0:
            return Bid(min(willing, block))
        if bid.high + 1 > willing:
            return PassBid()
        return Bid(max(bid.high + 1, min(willing, block)))

    def _buy(self, state: GameState, seat: int) -> Action:
        view = _view(state, seat)
        coins = state.players[seat].coins
        best: tuple[float, str] | None = None
        for a in state.art_row:
            art = state.cards.artifact(a)
            if art.cost <= coins:
                value = art.points + ABILITY_VALUE[art.ability] - art.cost * view.coin
                if best is None or value > best[0]:
                    best = (value, a)
        if best is not None and best[0] > 0:
            return Buy(best[1])
        return SkipBuy()


def _view(state: GameState, me: int) -> _View:
    n = len(state.players)
    counts = [[0] * n for _ in range(SLOTS)]
    filled = [0] * SLOTS
    for s in range(SLOTS):
        for sq in slot_squares(s):
            owner = state.board[sq]
            if owner >= 0:
                counts[s][owner] += 1
                filled[s] += 1
    values = [state.cards.card(c).points + FUTURE_CHARACTER if c is not None else 0.0 for c in state.slots]
    coin = 0.6 if state.setup.full_game else 0.45
    return _View(me, counts, filled, values, coin, 1.0 / (n - 1) + 0.1 if n > 2 else 1.0)


def _slot_worth(view: _View, slot: int, counts: list[int], filled: int, coins: list[int]) -> list[float]:
    """What the card in `slot` is worth to each player, given its marker counts."""
    value = view.card_value[slot]
    out = [0.0] * len(counts)
    if value == 0.0 or filled == 0:
        return out
    if filled == 6:  # claimed at the end of this turn
        top = max(counts)
        tied = [p for p, c in enumerate(counts) if c == top]
        richest = max(coins[p] for p in tied)
        weights = {p: 2.0 if coins[p] == richest else 1.0 for p in tied}  # the richer bidder usually wins
        total = sum(weights.values())
        for p, c in enumerate(counts):
            if p in weights:
                out[p] = value * weights[p] / total + (view.coin if len(tied) > 1 else 0.0) * (1 - weights[p] / total)
            elif c:
                out[p] = view.coin
        return out
    squares = sum(c * c for c in counts)
    certainty = filled / 6
    for p, c in enumerate(counts):
        if c:
            out[p] = value * (c * c / squares) * certainty * 0.8 + view.coin * 0.5 * certainty
    return out


def _score_change(state: GameState, view: _View, changes: dict[int, list[int]], coin_delta: int) -> float:
    """Evaluation gain for `view.me` when the slots' marker counts change by `changes`."""
    coins = [p.coins for p in state.players]
    coins[view.me] += coin_delta
    total = coin_delta * view.coin
    for s, delta in changes.items():
        before = view.counts[s]
        after = [b + d for b, d in zip(before, delta)]
        old = _slot_worth(view, s, before, view.filled[s], coins)
        new = _slot_worth(view, s, after, sum(after), coins)
        for p in range(len(before)):
            gain = new[p] - old[p]
            total += gain if p == view.me else -view.deny * gain
    return total


def search_value(state: GameState, view: _View, a: Search) -> float:
    """Greedy evaluation of a legal search by the current player."""
    me = view.me
    ps = state.players[me]
    fit = state.cards.shape(a.card, state.rot[me] + (a.turn_artifact is not None)).fits[a.anchor]
    board, coin_at = state.board, state.coin_at
    n = len(state.players)
    changes: dict[int, list[int]] = {}
    coins = 0
    supply = ps.supply
    placed = [sq for sq in fit.markers if board[sq] < 0 or sq == a.displace_square]
    placed = placed[:supply] + [fit.blanks[i] for i in a.blanks]
    for sq in placed:
        delta = changes.setdefault(slot_of_square(sq), [0] * n)
        delta[me] += 1
        if sq == a.displace_square:
            delta[board[sq]] -= 1
        coins += coin_at[sq]
    coins -= 2 * len(a.blanks) - (2 if a.free_blank is not None else 0)
    used = sum(x is not None for x in (a.turn_artifact, a.free_blank_artifact, a.displace_artifact))
    return _score_change(state, view, changes, coins) - used * ARTIFACT_USE_COST


def slide_value(state: GameState, view: _View, a: UseSlide) -> float:
    """Greedy evaluation of moving one marker (before the search)."""
    n = len(state.players)
    owner = state.board[a.src]
    changes: dict[int, list[int]] = {}
    changes.setdefault(slot_of_square(a.src), [0] * n)[owner] -= 1
    changes.setdefault(slot_of_square(a.dst), [0] * n)[owner] += 1
    return _score_change(state, view, changes, 0)
