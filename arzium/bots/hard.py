"""The hard bot: determinized Monte Carlo tree search over the rules, guided by the greedy evaluation.

Each iteration copies the position, re-shuffles the hidden land deck and artifact pile with the
bot's own generator (the game's generator is never touched), walks down one shared tree (an
information-set tree: a child is only followed when its action is legal in this deal), adds one
node, plays the cheap greedy policy for every seat until the bot's next turn starts and scores the
position with `rewards`. Every seat picks its moves in the tree for itself (its own seat
orientation, its own reward), so opponents are searched as carefully as the bot. Candidates at a
node are the greedy evaluation's best few (pruning), followed by PUCT with priors from a softmax of
the greedy values, so the search spends its visits on the moves the evaluation likes and looks
further only where the outcome disagrees.

The budget is a number of iterations (reproducible), optionally capped by wall-clock seconds (not
reproducible when the cap is hit). The search stops early once the most visited move cannot be
overtaken in the budget left, keeps a safety margin under its time cap, lists a new leaf's candidates
only on its second visit (the first plays the cheap rollout move from it, so most leaves cost one
rollout step, not a full evaluation) and its rollouts play the best-valued search. It places markers
whenever it can once a rival is out of markers or from turn `greedy.STALL_TURN` on, like every level
(`greedy.progress_only`), so a game it would rather not finish ends.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from arzium.bots.greedy import (
    ABILITY_VALUE,
    EPS,
    FUTURE_CHARACTER,
    GreedyBot,
    after_options,
    bid_options,
    buy_options,
    make_view,
    phase_choice,
    progress_only,
    scored_searches,
    scored_turn_actions,
    slot_worth,
)
from arzium.rules.actions import Action, Search, SkipSearch, UsePurse, UseSlide
from arzium.rules.artifacts import first_artifact
from arzium.rules.board import SLOTS
from arzium.rules.cards import Ability
from arzium.rules.engine import END_CHARACTERS, apply, current_player, is_over, legal_actions
from arzium.rules.score import outcome
from arzium.rules.search import searches
from arzium.rules.state import GameState, Phase, clone

DEFAULT_ITERATIONS = 300  # the hint's budget
THINK_SECONDS = 0.8       # the hard level's default time cap per decision (the window's limit)
MAX_ITERATIONS = 100_000  # the hard level's iteration ceiling when it thinks against the clock
TIME_MARGIN = 2.0         # a capped search stops when this many more mean iterations would pass the cap
SEARCH_CANDIDATES = 10   # searches considered at a node (the greedy evaluation's best)
SLIDE_CANDIDATES = 2
PRIOR_TEMPERATURE = 1.0  # points: the prior of a candidate 1 point worse than the best is e times smaller
BID_PRIOR = 0.5          # bids: each candidate half as likely as the one before (greedy's bid first)
FIRST_PLAY_URGENCY = 0.05  # an unvisited candidate counts as this much worse than its parent's mean
EXPLORATION = 1.0        # PUCT constant (rewards lie in [0, 1])
SCALE = 3.0              # points of lead that make a position about 73% won
MARGIN_WEIGHT = 0.1      # share of the reward that grows with the lead itself
MARGIN_RANGE = 30.0      # points of lead for the full margin share
START_CHARACTERS = 3
LOCKED = 0.85            # a majority nobody can catch up with, not yet claimed (the character waits)


def equity(state: GameState) -> list[float]:
    """Each player's expected final points: owned cards and artifacts, coins, majorities on the map."""
    view = make_view(state, 0)
    cards = state.cards
    most = max(len(p.cards) for p in state.players)
    remaining = max(0.0, min(1.0, (END_CHARACTERS - most) / (END_CHARACTERS - START_CHARACTERS)))
    board_weight = 0.4 + 0.6 * remaining
    out = []
    for p in state.players:
        lands = sum(cards.card(c).flag is None for c in p.cards)
        value = sum(cards.card(c).points for c in p.cards) + lands * FUTURE_CHARACTER * remaining
        for a in p.artifacts:
            art = cards.artifact(a)
            value += art.points + ABILITY_VALUE[art.ability] * remaining
        out.append(value + p.coins * view.coin * (0.5 + 0.5 * remaining))
    for s in range(SLOTS):
        filled = view.filled[s]
        if filled:
            counts = view.counts[s]
            worth = _locked_worth(view.card_value[s], counts, 6 - filled, view.coin) \
                or slot_worth(view, s, counts, filled, view.coins)
            for i, w in enumerate(worth):
                out[i] += w * board_weight
    return out


def _locked_worth(value: float, counts: list[int], free: int, coin: float) -> list[float] | None:
    """Worth of a card whose majority can no longer be caught up with (None if it still can)."""
    lead = max(counts)
    leader = counts.index(lead)
    if any(c + free >= lead for p, c in enumerate(counts) if p != leader):
        return None
    return [value * LOCKED if p == leader else coin if c else 0.0 for p, c in enumerate(counts)]


def rewards(state: GameState) -> list[float]:
    """Each player's reward in [0, 1]: mostly the win share at the end (before it, a sigmoid of the
    lead in equity), plus a small linear share of the lead so that a safe win can still be widened
    and a lost game narrowed."""
    n = len(state.players)
    if is_over(state):
        result = outcome(state)
        e = [float(s.total) for s in result.scores]
        win = [1.0 / len(result.winners) if p in result.winners else 0.0 for p in range(n)]
    else:
        e = equity(state)
        win = [1.0 / (1.0 + math.exp(-(e[p] - max(e[q] for q in range(n) if q != p)) / SCALE)) for p in range(n)]
    out = []
    for p in range(n):
        lead = e[p] - max(e[q] for q in range(n) if q != p)
        out.append((1 - MARGIN_WEIGHT) * win[p] + MARGIN_WEIGHT * (0.5 + max(-0.5, min(0.5, lead / MARGIN_RANGE))))
    return out


class Node:
    """Statistics of one action sequence: visits, reward sums per player, its candidates with priors."""

    __slots__ = ("children", "ranked", "sig", "total", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.total = [0.0] * players
        self.children: dict[Action, Node] = {}
        self.ranked: list[tuple[Action, float]] | None = None
        self.sig: tuple[object, ...] | None = None


def _signature(state: GameState) -> tuple[object, ...]:
    """Everything the legal actions depend on (two deals differ only after a card is drawn)."""
    bid = state.bid
    return (state.phase, state.active, tuple(state.board), tuple(state.slots), tuple(state.art_row),
            tuple((p.coins, p.supply, tuple(p.cards), tuple(p.face_up), tuple(p.artifacts), tuple(p.artifacts_up))
                  for p in state.players),
            (bid.slot, tuple(bid.bidders), bid.index, bid.high) if bid else None)


def _softmax(scored: list[tuple[float, Action]]) -> list[tuple[Action, float]]:
    top = max(v for v, _ in scored)
    weights = [math.exp((v - top) / PRIOR_TEMPERATURE) for v, _ in scored]
    total = sum(weights)
    return [(a, w / total) for (_, a), w in zip(scored, weights)]


def candidates(state: GameState, seat: int, policy: GreedyBot) -> tuple[list[tuple[Action, float]], Action]:
    """The actions worth searching for `seat` now with their prior probabilities (from the greedy
    evaluation), best first, and the greedy policy's choice."""
    if state.phase == Phase.BID:
        bids = bid_options(state, seat)
        weights = [BID_PRIOR ** i for i in range(len(bids))]
        return [(a, w / sum(weights)) for a, w in zip(bids, weights)], bids[0]
    if state.phase == Phase.BUY:
        buys = buy_options(state, seat)
        return _softmax(buys), buys[0][1]
    if state.phase == Phase.AFTER:
        after = after_options(state, seat)
        if isinstance(after[0][1], UsePurse):  # a free coin now is never worse
            return [(after[0][1], 1.0)], after[0][1]
        return _softmax(after), after[0][1]
    scored = progress_only(state, scored_turn_actions(state, seat))
    choice = policy.choose(scored)
    if isinstance(choice, UsePurse):  # a free coin now is never worse
        return [(choice, 1.0)], choice
    kept: list[tuple[float, Action]] = []
    searches = slides = 0
    for value, a in scored:
        kind = type(a)
        if kind is Search or kind is SkipSearch:
            searches += 1
            if searches > SEARCH_CANDIDATES:
                continue
        elif kind is UseSlide:
            slides += 1
            if slides > SLIDE_CANDIDATES:
                continue
        kept.append((value, a))
    return _softmax(kept), choice


class HardBot:
    """Determinized MCTS player; deterministic for a given seed and iteration budget."""

    def __init__(self, rng: random.Random, iterations: int = DEFAULT_ITERATIONS,
                 max_seconds: float | None = None) -> None:
        self.rng = rng
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.last_iterations = 0

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now; `state` is not modified."""
        start = time.perf_counter()
        actions = legal_actions(state)
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        rng = random.Random(self.rng.getrandbits(64))
        policy = GreedyBot(rng)
        ranked, choice = candidates(state, seat, policy)
        if len(ranked) == 1:
            self.last_iterations = 0
            return ranked[0][0]
        root = Node(len(state.players))
        root.ranked, root.sig = ranked, _signature(state)
        self.last_iterations = self._search(root, state, seat, rng, policy, start)
        if not root.children:  # no time for even one iteration: the greedy move
            return choice
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total[seat] / kv[1].visits))
        return best[0]

    def _search(self, root: Node, state: GameState, seat: int, rng: random.Random, policy: GreedyBot,
                start: float) -> int:
        """Run the iterations the budget allows (the time cap counts from `start`); how many ran."""
        clock = time.perf_counter
        cap = self.max_seconds
        done = 0
        if cap is not None and clock() - start > cap:  # listing the candidates took it all: the greedy move
            return 0
        while done < self.iterations:
            left = self.iterations - done
            if cap is not None and done:
                elapsed = clock() - start
                per = elapsed / done
                if elapsed + TIME_MARGIN * per > cap:
                    break
                left = min(left, int((cap - elapsed) / per))
            if _settled(root, left):
                break
            iterate(root, state, seat, rng, policy)
            done += 1
        return done


def _settled(root: Node, left: int) -> bool:
    """Whether the most visited move stays the most visited whatever `left` more iterations do."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first > second + left


SearchPick = Callable[[list[tuple[float, Action]]], Action]  # a rollout's search among the valued ones


def iterate(root: Node, state: GameState, seat: int, rng: random.Random, policy: GreedyBot, lazy: bool = True,
             pick: SearchPick | None = None) -> None:
    """One iteration: deal the hidden cards anew, walk down the tree adding one node, play greedy
    moves until `seat`'s next turn starts (so every position is scored at the same point of the
    round), score it and add the rewards along the path. `lazy`: a leaf's first visit plays the
    rollout move from it, its candidates are listed on the second; else they are listed at once.
    `pick`: the rollouts' search choice (see `rollout_action`)."""
    st = clone(state, share_rng=True)
    rng.shuffle(st.deck)
    rng.shuffle(st.art_deck)
    hidden = len(st.deck) + len(st.art_deck)
    n = len(st.players)
    node = root
    path = [root]
    reached = False  # did the last action start `seat`'s turn?
    while not is_over(st):
        mover = current_player(st)
        assert mover is not None
        if node.ranked is None:  # a leaf
            if lazy and not node.visits:  # its first visit: play it out from here
                reached = _step(st, rollout_action(st, mover, policy, pick), seat)
                break
            node.ranked, choice = candidates(st, mover, policy)
            node.sig = _signature(st)
            if not lazy:  # remember its candidates, then play it out
                reached = _step(st, choice, seat)
                break
        # until a hidden card is drawn the position is the one every deal reaches by this path
        action = _select(node, st, mover, policy, len(st.deck) + len(st.art_deck) != hidden)
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node(n)
        reached = _step(st, action, seat)
        node = child
        path.append(node)
    while not reached and not is_over(st):
        p = current_player(st)
        assert p is not None
        reached = _step(st, rollout_action(st, p, policy, pick), seat)
    reward = rewards(st)
    for node in path:
        node.visits += 1
        total = node.total
        for p in range(n):
            total[p] += reward[p]


def _step(st: GameState, action: Action, seat: int) -> bool:
    """Apply `action`; True when it ended a turn and `seat`'s turn starts."""
    turn = st.turn
    apply(st, action, checked=False)  # every action here was listed as legal in this position
    return st.turn != turn and st.active == seat


def _select(node: Node, st: GameState, mover: int, policy: GreedyBot, dealt: bool) -> Action:
    """The candidate to follow (PUCT: the mean reward plus an exploration bonus led by the prior);
    `dealt`: a hidden card has been drawn on the way here."""
    options = node.ranked
    assert options is not None
    if dealt and node.sig != _signature(st):  # another deal: keep the candidates legal here
        legal = set(legal_actions(st))
        options = [(a, p) for a, p in options if a in legal] or candidates(st, mover, policy)[0]
    children = node.children
    scale = EXPLORATION * math.sqrt(node.visits)
    first = node.total[mover] / node.visits - FIRST_PLAY_URGENCY if node.visits else 0.5
    best, action = -1e9, options[0][0]
    for a, prior in options:
        child = children.get(a)
        if child is None:
            score = first + scale * prior
        else:
            score = child.total[mover] / child.visits + scale * prior / (1 + child.visits)
        if score > best:
            best, action = score, a
    return action


def rollout_action(state: GameState, seat: int, policy: GreedyBot, pick: SearchPick | None = None) -> Action:
    """A cheap greedy move: Purse, else the best search (ties at random, or `pick`'s choice among the
    valued searches); greedy bids and buys."""
    chosen = phase_choice(state, seat)
    if chosen is not None:
        return chosen
    purse = first_artifact(state, seat, Ability.PURSE)
    if purse is not None:
        return UsePurse(purse)
    scored = progress_only(state, scored_searches(state, make_view(state, seat), searches(state, seat)))
    if pick is not None:
        return pick(scored)
    top = max(v for v, _ in scored)
    return policy.rng.choice([a for v, a in scored if v >= top - EPS])


def hint(state: GameState, iterations: int = DEFAULT_ITERATIONS, max_seconds: float | None = None) -> Action:
    """The hard bot's move for the player to act now (deterministic for the position unless
    `max_seconds` cuts the search short)."""
    seat = current_player(state)
    if seat is None:
        raise ValueError("the game is over: no move to hint")
    seed = f"hint:{state.seed}:{state.turn}:{state.phase}:{sum(state.board)}:{state.occ}"
    return HardBot(random.Random(seed), iterations, max_seconds).decide(state, seat)
