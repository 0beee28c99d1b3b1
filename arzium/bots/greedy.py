"""The greedy bot (level "normal"): looks one action ahead and scores it with a fixed evaluation.

It values coins, the majority it holds on each land card (more as the card fills up), the points
of the cards it would claim, and what rivals would gain (denying them counts). It uses Purse at
once (before or after the search, or during the buy when it makes the best artifact affordable),
rests early or wakes a character when the better search is worth the price, slides a marker when
that alone gains enough (after the search too, where a slide may fill or spoil a land card before
the claims), wakes a used character after the search when it has nothing better, bids in ties up
to what the card is worth to it, and buys the artifact with the best points + ability value for its
cost. Searches with several Turns or Free blanks and searches placing nothing are scored like any
other, except when a rival is out of markers or from turn `STALL_TURN` on: then it places markers whenever
it can, so a game where it would rather not complete a rival's cards still ends (`progress_only`, which every
level applies).

The scoring is shared: `scored_turn_actions`, `bid_options` and `buy_options` list every choice of
a decision with its value, for the easy bot (which samples from them) and the hard bot (which
searches the best of them).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from arzium.rules.actions import (
    Action,
    Bid,
    Buy,
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
from arzium.rules.board import SLOT_MASKS, SLOTS, slot_of_square, slot_squares
from arzium.rules.cards import CardSet, Fit
from arzium.rules.engine import legal_actions
from arzium.rules.search import searches
from arzium.rules.state import GameState, Phase, clone

FUTURE_CHARACTER = 1.2   # points a claimed character is worth beyond its printed points (more searches)
ABILITY_VALUE = {"purse": 1.5, "free_blank": 1.0, "turn": 0.8, "displace": 1.2, "slide": 0.6, "wake": 1.0}
ARTIFACT_USE_COST = 0.4  # an artifact turned face down is unavailable until the next rest
REST_MARGIN = 0.3
SLIDE_THRESHOLD = 1.0
BID_SHARE = 0.5          # the share of a card's worth (in coins) the bot is willing to bid
PURSE_VALUE = 10.0       # Purse is used at once (a free coin): scored above nearly any search
EPS = 1e-9
STALL_TURN = 200  # far past any real game (33-54 turns on average); see `GreedyBot.decide`


@dataclass(slots=True)
class View:
    """Per-decision data for player `me`: marker counts and fill of every slot, the table's weights.

    `deny` is how much a rival's gain costs `me` (1 with one rival, less with several); the caches
    keep the worth of each slot as it is and after each distinct change of its marker counts.
    """

    me: int
    counts: list[list[int]]
    filled: list[int]
    card_value: list[float]
    coin: float
    deny: float
    coins: list[int]
    before: list[list[float] | None] = field(default_factory=lambda: [None] * SLOTS)
    gains: dict[tuple[int, tuple[int, ...], int], float] = field(default_factory=dict)
    fast: dict[int, float] = field(default_factory=dict)  # `search_values`' gains by slot, markers and coins
    coin_masks: tuple[int, int, int] | None = None


def make_view(state: GameState, me: int, deny: float | None = None) -> View:
    """The evaluation view of `state` for player `me` (`deny` overrides the default weight of rivals)."""
    n = len(state.players)
    counts = [[0] * n for _ in range(SLOTS)]
    filled = [0] * SLOTS
    board = state.board
    for s in range(SLOTS):
        row = counts[s]
        for sq in slot_squares(s):
            owner = board[sq]
            if owner >= 0:
                row[owner] += 1
                filled[s] += 1
    values = [state.cards.card(c).points + FUTURE_CHARACTER if c is not None else 0.0 for c in state.slots]
    coin = 0.6 if state.setup.full_game else 0.45
    if deny is None:
        deny = 1.0 / (n - 1) + 0.1 if n > 2 else 1.0
    return View(me, counts, filled, values, coin, deny, [p.coins for p in state.players])


def slot_worth(view: View, slot: int, counts: list[int], filled: int, coins: list[int]) -> list[float]:
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


def _slot_gain(view: View, slot: int, delta: tuple[int, ...], coin_delta: int) -> float:
    """Evaluation gain for `view.me` when the marker counts of `slot` change by `delta`."""
    before = view.counts[slot]
    after = [b + d for b, d in zip(before, delta)]
    filled = sum(after)
    key = (slot, delta, coin_delta if filled == 6 else 0)
    gain = view.gains.get(key)
    if gain is not None:
        return gain
    full = filled == 6 or view.filled[slot] == 6  # only then do the players' coins count
    shared = (view.me, view.deny, view.coin, view.card_value[slot], tuple(before), delta,
              (*view.coins, coin_delta) if full else None)
    gain = _GAINS.get(shared)
    if gain is not None:
        view.gains[key] = gain
        return gain
    old = view.before[slot]
    if old is None:
        old = view.before[slot] = slot_worth(view, slot, before, view.filled[slot], view.coins)
    coins = view.coins
    if filled == 6 and coin_delta:
        coins = coins[:]
        coins[view.me] += coin_delta
    new = slot_worth(view, slot, after, filled, coins)
    gain = 0.0
    for p in range(len(before)):
        g = new[p] - old[p]
        gain += g if p == view.me else -view.deny * g
    if len(_GAINS) >= _GAINS_LIMIT:
        _GAINS.clear()
    view.gains[key] = _GAINS[shared] = gain
    return gain


# The gains of `_slot_gain` by everything they depend on, shared by the views of one process (positions
# met in a search differ in a few lands only); emptied when it grows past the limit.
_GAINS: dict[tuple[object, ...], float] = {}
_GAINS_LIMIT = 200_000


def _score_change(view: View, changes: dict[int, list[int]], coin_delta: int) -> float:
    """Evaluation gain for `view.me` when the slots' marker counts change by `changes`."""
    total = coin_delta * view.coin
    for s, delta in changes.items():
        total += _slot_gain(view, s, tuple(delta), coin_delta)
    return total


def search_value(state: GameState, view: View, a: Search) -> float:
    """Greedy evaluation of a legal search by the current player."""
    return search_values(state, view, [a])[0]


def search_values(state: GameState, view: View, searches: list[Search]) -> list[float]:
    """`search_value` of each of `searches` (legal searches by the current player), in one pass."""
    me = view.me
    rot = state.rot[me]
    tables = [_static_table(state.cards, (rot + t) % 4) for t in range(4)]
    occ = state.occ
    supply = state.players[me].supply
    coin_masks = view.coin_masks
    if coin_masks is None:
        coin_masks = view.coin_masks = _coin_masks(state)
    m1, m2, m3 = coin_masks
    squares = _SQUARES.get(coin_masks)
    if squares is None:
        if len(_SQUARES) >= 64:
            _SQUARES.clear()
        squares = _SQUARES[coin_masks] = {}
    coin = view.coin
    fast = view.fast
    filled = view.filled
    out: list[float] = []
    for a in searches:
        table = tables[len(a.turn_artifacts)]
        static = table.get(id(a))
        if static is None:
            if len(table) >= _STATIC_LIMIT:
                table.clear()
            static = table[id(a)] = _search_static(state.cards, a, (rot + len(a.turn_artifacts)) % 4)
        _, fit, blank_bits, paid, art_cost = static
        placed = fit.mask & ~occ | blank_bits
        known = squares.get(placed)
        if known is None:
            known = squares[placed] = (placed.bit_count(), (placed & m1).bit_count() + (placed & m2).bit_count()
                                       + (placed & m3).bit_count(), _slot_parts(placed))
        count, coins, parts = known
        if a.displace_squares or count > supply:
            out.append(_search_value_slow(state, view, a, fit))
            continue
        coins -= paid
        total = coins * coin
        for s, k in parts:
            gkey = s << 12 | k << 8 | (coins + 128 if filled[s] + k == 6 else 0)
            gain = fast.get(gkey)
            if gain is None:
                delta = [0] * len(state.players)
                delta[me] = k
                gain = fast[gkey] = _slot_gain(view, s, tuple(delta), coins)
            total += gain
        out.append(total - art_cost)
    return out


# (id of a card set, a rotation) -> (the card set, kept alive so that its id stays unique; id of a search ->
# (the search, kept alive likewise; its fit; the bit set of its chosen blanks; the coins they cost; what
# its artifacts cost the evaluation)): what `search_values` needs that the position does not change.
_STATIC: dict[tuple[int, int], tuple[CardSet, dict[int, tuple[Search, Fit, int, int, float]]]] = {}
_STATIC_LIMIT = 200_000  # searches per table (emptied when full: a long tournament)


def _static_table(cards: CardSet, rotation: int) -> dict[int, tuple[Search, Fit, int, int, float]]:
    hit = _STATIC.get((id(cards), rotation))
    if hit is None:
        hit = _STATIC[id(cards), rotation] = (cards, {})
    return hit[1]


def _search_static(cards: CardSet, a: Search, rotation: int) -> tuple[Search, Fit, int, int, float]:
    fit = cards.shape(a.card, rotation).fits[a.anchor]
    bits = 0
    for i in a.blanks:
        bits |= 1 << fit.blanks[i]
    art_cost = (len(a.turn_artifacts) + len(a.free_blank_artifacts)) * ARTIFACT_USE_COST
    return a, fit, bits, 2 * (len(a.blanks) - len(a.free_blanks)), art_cost


# Coin squares of the map (`_coin_masks`) -> bit set of the squares a search places -> (how many, the coins
# under them, (slot, how many) per slot touched); a few maps are kept (the map changes when a land is claimed).
_SQUARES: dict[tuple[int, int, int], dict[int, tuple[int, int, tuple[tuple[int, int], ...]]]] = {}


def _slot_parts(placed: int) -> tuple[tuple[int, int], ...]:
    counts = ((s, (placed & SLOT_MASKS[s]).bit_count()) for s in range(SLOTS))
    return tuple((s, k) for s, k in counts if k)


def _coin_masks(state: GameState) -> tuple[int, int, int]:
    """Bit sets of the squares paying at least 1, 2 and 3 coins."""
    masks = [0, 0, 0]
    for sq, c in enumerate(state.coin_at):
        for i in range(c):
            masks[i] |= 1 << sq
    return masks[0], masks[1], masks[2]


def _search_value_slow(state: GameState, view: View, a: Search, fit: Fit) -> float:
    """`search_value` for a displacement or a search that runs out of markers (placed one by one)."""
    me = view.me
    ps = state.players[me]
    board, coin_at = state.board, state.coin_at
    n = len(state.players)
    changes: dict[int, list[int]] = {}
    coins = 0
    dsqs = a.displace_squares
    placed = [sq for sq in fit.markers if board[sq] < 0 or sq in dsqs]
    placed = placed[:ps.supply] + [fit.blanks[i] for i in a.blanks]
    for sq in placed:
        delta = changes.setdefault(slot_of_square(sq), [0] * n)
        delta[me] += 1
        if sq in dsqs:
            delta[board[sq]] -= 1
        coins += coin_at[sq]
    coins -= 2 * (len(a.blanks) - len(a.free_blanks))
    return _score_change(view, changes, coins) - len(a.artifacts) * ARTIFACT_USE_COST


def slide_value(state: GameState, view: View, a: UseSlide) -> float:
    """Greedy evaluation of moving one marker (before or after the search)."""
    n = len(state.players)
    owner = state.board[a.src]
    changes: dict[int, list[int]] = {}
    changes.setdefault(slot_of_square(a.src), [0] * n)[owner] -= 1
    changes.setdefault(slot_of_square(a.dst), [0] * n)[owner] += 1
    return _score_change(view, changes, 0)


def scored_searches(state: GameState, view: View, actions: Sequence[Action]) -> list[tuple[float, Action]]:
    """Every search among `actions` with its value (SkipSearch at 0 when there is none)."""
    found = [a for a in actions if isinstance(a, Search)]
    if not found:
        return [(0.0, SkipSearch())]
    return list(zip(search_values(state, view, found), found))


def alternatives(state: GameState, seat: int, view: View, actions: list[Action],
                 best_value: float) -> list[tuple[float, Action]]:
    """Rest, Wake and Slide options with the value of the turn they lead to (comparable to searches)."""
    ps = state.players[seat]
    options: list[tuple[float, Action]] = []
    if not all(ps.face_up):
        # the best search of each face-down character, were it face up
        rested = clone(state, share_rng=True)
        rested.phase = Phase.SEARCH
        rested.players[seat].face_up = [True] * len(ps.face_up)
        down = {c for c, up in zip(ps.cards, ps.face_up) if not up}
        best_down: dict[str, float] = {}
        found = [a for a in searches(rested, seat) if a.card in down]
        for search, v in zip(found, search_values(rested, view, found)):
            if v > best_down.get(search.card, -1e9):
                best_down[search.card] = v
        all_value = max([best_value, *best_down.values()])
        wake_down = [a for a in actions if isinstance(a, UseWake) and state.phase == Phase.START
                     and sum(ps.face_up) == 1 and ps.face_up[ps.cards.index(a.card)]]
        if wake_down:  # turning the last face-up character down rests for free
            options.append((all_value - ARTIFACT_USE_COST, wake_down[0]))
        elif any(isinstance(a, RestEarly) for a in actions):
            options.append((all_value - sum(ps.face_up) * view.coin, RestEarly()))
        for a in actions:
            if isinstance(a, UseWake) and a.card in down:
                options.append((max(best_value, best_down.get(a.card, -1e9)) - ARTIFACT_USE_COST, a))
    for a in actions:
        if isinstance(a, UseSlide):
            gain = slide_value(state, view, a)
            if gain >= SLIDE_THRESHOLD:
                options.append((best_value + gain - ARTIFACT_USE_COST, a))
    return options


def bid_options(state: GameState, seat: int, share: float = BID_SHARE) -> list[Action]:
    """Sensible bids for `seat` in the current tie, the greedy choice first.

    The greedy bid: up to `share` of what the card is worth (in coins), and, when that is enough,
    exactly what the later bidders cannot beat.
    """
    bid = state.bid
    assert bid is not None
    view = make_view(state, seat)
    card_value = view.card_value[bid.slot] * (1 + view.deny)
    coins = state.players[seat].coins
    willing = min(coins, int(card_value / view.coin * share))
    later = bid.bidders[bid.index + 1:]
    block = max((state.players[q].coins for q in later), default=0)
    low = max(bid.high + 1, 0)
    if bid.high < 0:
        greedy: Action = Bid(min(willing, block))
    elif low > willing:
        greedy = PassBid()
    else:
        greedy = Bid(max(low, min(willing, block)))
    out = [greedy]
    extra: list[Action] = [Bid(x) for x in (low, min(coins, block), willing, coins) if low <= x <= coins]
    if bid.high >= 0:
        extra.insert(0, PassBid())
    for a in extra:
        if a not in out:
            out.append(a)
    return out


def buy_options(state: GameState, seat: int, actions: list[Action] | None = None) -> list[tuple[float, Action]]:
    """Every buy choice with its greedy value, best first (SkipBuy is worth 0).

    An artifact only a Purse makes affordable is offered as that Purse (the buy follows it).
    """
    coin = make_view(state, seat).coin
    coins = state.players[seat].coins
    actions = legal_actions(state) if actions is None else actions
    purse = next((a for a in actions if isinstance(a, UsePurse)), None)
    reach = coins + sum(1 for a, up in zip(state.players[seat].artifacts, state.players[seat].artifacts_up)
                        if up and state.cards.artifact(a).ability == "purse")
    out: list[tuple[float, Action]] = [(0.0, SkipBuy())]
    best_purse = -1e9
    for a in state.art_row:
        art = state.cards.artifact(a)
        value = art.points + ABILITY_VALUE[art.ability] - art.cost * coin
        if art.cost <= coins:
            out.append((value, Buy(a)))
        elif purse is not None and art.cost <= reach:
            best_purse = max(best_purse, value)
    if purse is not None and best_purse > -1e9:
        out.append((best_purse, purse))
    out.sort(key=lambda va: -va[0])
    return out


WAKE_AFTER = 0.1  # beyond the rest coin it saves: a used character woken after the search


def after_options(state: GameState, seat: int, actions: list[Action] | None = None) -> list[tuple[float, Action]]:
    """After the search: Purse, worthwhile slides, wakes and `ResolveClaims` (worth 0) with values, best first."""
    actions = legal_actions(state) if actions is None else actions
    view = make_view(state, seat)
    out: list[tuple[float, Action]] = []
    for a in actions:
        match a:
            case UsePurse():
                out.append((PURSE_VALUE, a))
            case UseSlide():
                gain = slide_value(state, view, a)
                if gain >= SLIDE_THRESHOLD:
                    out.append((gain - ARTIFACT_USE_COST, a))
            case UseWake():
                out.append((view.coin + WAKE_AFTER - ARTIFACT_USE_COST, a))
            case ResolveClaims():
                out.append((0.0, a))
    out.sort(key=lambda va: -va[0])
    return out


def scored_turn_actions(state: GameState, seat: int, actions: list[Action] | None = None,
                        view: View | None = None) -> list[tuple[float, Action]]:
    """Every choice of the start/search phase worth considering, with its value, best first.

    Searches are scored by `search_value`; Purse by `PURSE_VALUE`; rest, wake and slide carry the
    value of the turn they lead to.
    """
    actions = legal_actions(state) if actions is None else actions
    view = view or make_view(state, seat)
    scored = scored_searches(state, view, actions)
    best = max(v for v, _ in scored)
    scored += alternatives(state, seat, view, actions, best)
    scored += [(PURSE_VALUE, a) for a in actions if isinstance(a, UsePurse)]
    scored.sort(key=lambda va: -va[0])
    return scored


def _places(state: GameState, a: Search | SkipSearch) -> bool:
    """Whether the search puts at least one marker on the map."""
    if isinstance(a, SkipSearch):
        return False
    fit = state.cards.shape(a.card, state.rot[state.active] + len(a.turn_artifacts)).fits[a.anchor]
    return bool(fit.mask & ~state.occ or a.blanks or a.displace_squares)


def progress_only(state: GameState, scored: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
    """`scored` without the searches that place nothing, when a rival is out of markers or from turn
    `STALL_TURN` on, and a search that places markers is among them; else `scored` itself. A game where
    every bot would rather not complete the lands left still ends, and a person out of markers is not kept
    waiting by a bot that places nothing."""
    if state.turn < STALL_TURN and all(p.supply for i, p in enumerate(state.players) if i != state.active):
        return scored
    placing = [(v, a) for v, a in scored if not isinstance(a, Search | SkipSearch) or _places(state, a)]
    return placing if any(isinstance(a, Search) for _, a in placing) else scored


def phase_choice(state: GameState, seat: int) -> Action | None:
    """The greedy bid, buy or after-turn choice of `seat` in those phases; None in a turn's searches."""
    if state.phase == Phase.BID:
        return bid_options(state, seat)[0]
    if state.phase == Phase.BUY:
        return buy_options(state, seat)[0][1]
    if state.phase == Phase.AFTER:
        return after_options(state, seat)[0][1]
    return None


class GreedyBot:
    """One-action-ahead greedy player; ties between equally good actions broken by its generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now."""
        chosen = phase_choice(state, seat)
        if chosen is not None:
            return chosen
        return self.choose(progress_only(state, scored_turn_actions(state, seat)))

    def choose(self, scored: list[tuple[float, Action]]) -> Action:
        """The best search, unless a purse/rest/wake/slide beats it by the margin; ties at random."""
        purse = next((a for _, a in scored if isinstance(a, UsePurse)), None)
        if purse is not None:
            return purse
        searches = [(v, a) for v, a in scored if isinstance(a, Search | SkipSearch)]
        top = searches[0][0]
        value, other = scored[0]
        if not isinstance(other, Search | SkipSearch) and value > top + REST_MARGIN:
            return other
        return self.rng.choice([a for v, a in searches if v >= top - EPS])
