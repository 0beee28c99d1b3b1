"""The easy bot: a beginner who plays sensibly but not sharply.

It sees the same evaluation as the greedy bot, with a beginner's blind spots drawn afresh each
turn: it often forgets what its move hands to rivals, often does not think of paying for blank
squares or playing its Turn and Displace artifacts, sometimes forgets that resting early is
possible, never slides markers, and picks among its few best-looking searches at random, weighted
by how good they look (a softmax over the greedy values). It bids timidly, buys only clear
bargains (a Purse first when only that makes one affordable), uses Purse at once, and after the search
uses only a Purse before the claims.
"""
from __future__ import annotations

import math
import random

from arzium.bots.greedy import (
    ABILITY_VALUE,
    after_options,
    bid_options,
    make_view,
    progress_only,
    scored_turn_actions,
)
from arzium.rules.actions import Action, Buy, ResolveClaims, RestEarly, Search, SkipBuy, UsePurse, UseSlide, UseWake
from arzium.rules.engine import legal_actions
from arzium.rules.state import GameState, Phase

TEMPERATURE = 0.4        # points: a search 0.4 points worse is chosen e times less often
TOP = 5                  # only the best few choices look worth considering
IGNORE_DENIAL = 0.5      # chance per turn to forget what rivals gain
SKIP_BLANKS = 0.7        # chance per turn not to consider paying for blank squares
FORGET_REST = 0.5        # chance per turn not to think of resting early or waking a character
BID_SHARE = 0.3          # greedy bids up to half a card's worth; the beginner under a third
BUY_MARGIN = 1.0         # buys only when the artifact looks clearly worth its price


class EasyBot:
    """Softmax over the greedy evaluation with a beginner's blind spots; deterministic from its seed."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, state: GameState, seat: int) -> Action:
        """The action `seat` (the current player) takes now."""
        if state.phase == Phase.BID:
            return bid_options(state, seat, BID_SHARE)[0]
        if state.phase == Phase.BUY:
            return self._buy(state, seat)
        if state.phase == Phase.AFTER:
            return next((a for _, a in after_options(state, seat) if isinstance(a, UsePurse)), ResolveClaims())
        rng = self.rng
        view = make_view(state, seat, deny=0.0 if rng.random() < IGNORE_DENIAL else None)
        scored = progress_only(state, scored_turn_actions(state, seat, view=view))
        purse = next((a for _, a in scored if isinstance(a, UsePurse)), None)
        if purse is not None:
            return purse
        skip_blanks = rng.random() < SKIP_BLANKS
        forget_rest = rng.random() < FORGET_REST
        options: list[tuple[float, Action]] = []
        for value, a in scored:
            match a:
                case UseSlide():
                    continue
                case Search(blanks=blanks, turn_artifacts=turn, displace_artifacts=displace) \
                        if skip_blanks and (blanks or turn or displace):
                    continue
                case RestEarly() | UseWake() if forget_rest:
                    continue
            options.append((value, a))
        if not options:  # only blank or artifact searches fit: take what the greedy view offers
            options = [(v, a) for v, a in scored if isinstance(a, Search)]
        options = options[:TOP]
        top = options[0][0]
        weights = [math.exp((v - top) / TEMPERATURE) for v, _ in options]
        return rng.choices([a for _, a in options], weights)[0]

    def _buy(self, state: GameState, seat: int) -> Action:
        coin = make_view(state, seat).coin
        coins = state.players[seat].coins
        purse = next((a for a in legal_actions(state) if isinstance(a, UsePurse)), None)
        best: tuple[float, Action] = (BUY_MARGIN, SkipBuy())
        for a in state.art_row:
            art = state.cards.artifact(a)
            if art.cost <= coins + (purse is not None):
                value = art.points + ABILITY_VALUE[art.ability] - art.cost * coin
                if value > best[0]:
                    best = (value, Buy(a) if art.cost <= coins else purse or SkipBuy())
        return best[1]
