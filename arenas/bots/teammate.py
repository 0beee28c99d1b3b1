"""A team-mate bot for Arenas Movedizas: it picks cards by the sand physics and plays like a person.

Pure Python (no pygame), deterministic: the same state gives the same choice, and the seed only
sets the jitter of the reaction delay.

A flip turns `remaining` into `capacity - remaining`. The bot judges a position in points:

- **progress**: `MOVE_POINTS` for every move no longer needed to put all timers in the danger zone;
- **the next turns**: hands are open, so the cards the team-mates will hold at their next turns are
  known. The bot plays those turns out in its head (each team-mate greedily plays the card that
  scores best, a turn every `turn_ms`) up to the first hand holding an unknown draw or played by a
  person. People are not counted on like bots: a person's turn is expected to take `HUMAN_TURN_MS`,
  and a person holding the card that saves a timer may still miss it (`PERSON_MISS_PCT`), so the bot
  does not hand people emergencies;
- **risk** after that: for every timer, the chance that no card able to flip it (its tile's colour
  or shape, or a wild) reaches the table before its sand runs out, times what running out would
  cost (`LOST_POINTS` before the Deactivator, `GAME_POINTS` in the danger zone). Draws are counted
  from the cards not seen yet (hands and discards are subtracted from the deck list: the deck's
  order is never read);
- a lost timer costs `LOST_POINTS` plus the chance that no wild card comes before it runs out
  (which loses the game), and `OCCUPIED_POINTS` more while another timer stands on its tile.

So the bot rescues low timers (a flip brings them back nearly full), will not flip a timer flipped
a moment ago (it would come back nearly empty — the same holds for a full timer in the danger
zone), pushes timers on towards the danger zone, and recovers a lost timer once enough of its sand
has run for the recovery to leave it enough. `decide` compares every legal card with waiting a
moment: when every card would hurt the bot lets the sand run, and a card that matches nothing is
worth playing just to draw a new one.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, assert_never

from arenas.rules.actions import Action, PlayCard, PlayWild, WildMode
from arenas.rules.components import WILD as WILD_CARD
from arenas.rules.components import Card, CardKind, Tile, standard_deck
from arenas.rules.engine import is_over, legal_actions
from arenas.rules.levels import Level
from arenas.rules.state import GameState, Result

MIN_REACTION_MS = 600
MAX_REACTION_MS = 2_000
DEFAULT_REACTION_MS = 1_000
JITTER_PCT = 20  # each turn's delay is the reaction delay ± this many percent
RETHINK_MS = 250  # how often a waiting bot looks at the sand again
TURN_ESTIMATE_PCT = 125  # how long a bot's turn is expected to take, in % of this bot's reaction delay
HUMAN_TURN_MS = 3_500  # how long a person's turn is expected to take: read the board, pick, click
PERSON_MISS_PCT = 50  # chance that a person holding the card that saves a timer does not play it in time
MARGIN_MS = 300  # a card must land this long before a timer would run out to count as a rescue
RECOVER_MIN_PCT = 15  # a recovery must leave at least this share of the timer's sand
AHEAD = 3  # gears ahead of a timer that make a card worth keeping

MOVE_POINTS = 10.0
LOST_POINTS = 150.0
OCCUPIED_POINTS = 100.0
GAME_POINTS = 3_000.0
SAND_POINTS = 2.0
TEMPO_POINTS = 2.0  # waiting a moment must gain at least this much
WIN_POINTS = 1e6

# A choice from a hand: (index in the hand, the wild mode or None for a colour/shape card, timer id or None).
_Choice = tuple[int, "WildMode | None", "str | None"]


class _Glass:
    """A light copy of one timer for looking ahead (`tile` None while lost)."""

    __slots__ = ("beside", "cap", "id", "rem", "tile")

    def __init__(self, id: str, cap: int, rem: int, tile: int | None, beside: int | None) -> None:
        self.id, self.cap, self.rem, self.tile, self.beside = id, cap, rem, tile, beside

    @property
    def position(self) -> int:
        return self.tile if self.tile is not None else self.beside  # type: ignore[return-value]

    def copy(self) -> _Glass:
        return _Glass(self.id, self.cap, self.rem, self.tile, self.beside)


@dataclass(frozen=True, slots=True)
class _Outlook:
    """Who plays the next turns and when, seen from the position being judged."""

    first: int  # the player of the next turn
    first_ms: int  # when that turn's card lands, from now
    turn_ms: tuple[int, ...]  # how long each player's turn takes
    people: frozenset[int]  # the players who are people
    hands: tuple[tuple[Card, ...], ...]  # each player's known cards at their next turn
    unknown: tuple[int, ...]  # unknown cards (draws) each player will hold at their next turn
    held: tuple[_Held, ...]  # each hand as `_no_card_in_time` reads it (`_held`)

    @classmethod
    def of(cls, first: int, turn_ms: tuple[int, ...], people: frozenset[int],
           hands: tuple[tuple[Card, ...], ...]) -> _Outlook:
        """The outlook at the start of `first`'s turn, every hand known."""
        return cls(first, 0, turn_ms, people, hands, (0,) * len(hands), tuple(_held(h) for h in hands))

    def after(self, player: int, index: int, at_ms: int) -> _Outlook:
        """The outlook once `player` has played card `index` of their hand at `at_ms` from now."""
        hands = list(self.hands)
        hands[player] = hands[player][:index] + hands[player][index + 1:]
        unknown = list(self.unknown)
        unknown[player] += 1
        held = list(self.held)
        held[player] = _held(hands[player])
        return self.waited(player, at_ms, tuple(hands), tuple(unknown), tuple(held))

    def waited(self, player: int, at_ms: int, hands: tuple[tuple[Card, ...], ...] | None = None,
               unknown: tuple[int, ...] | None = None, held: tuple[_Held, ...] | None = None) -> _Outlook:
        """The outlook once `player`'s turn has ended at `at_ms` from now (hands as given, or as they were)."""
        following = (player + 1) % len(self.hands)
        return _Outlook(following, at_ms + self.turn_ms[following], self.turn_ms, self.people,
                        self.hands if hands is None else hands, self.unknown if unknown is None else unknown,
                        self.held if held is None else held)


_Held = tuple[frozenset[str | None], bool]  # the colours and shapes a hand's cards name, and whether it has a wild


def _held(hand: tuple[Card, ...]) -> _Held:
    """A hand as `_no_card_in_time` reads it: the colours and shapes its colour and shape cards name (a tile
    matches a card of its colour or of its shape, and no colour is named as a shape), and whether it holds a
    wild."""
    return frozenset(c.value for c in hand if c.kind != CardKind.WILD), WILD_CARD in hand


def _sand_left(glass: _Glass) -> int:
    return glass.rem


def _glasses(state: GameState) -> list[_Glass]:
    return [_Glass(t.id, t.capacity_ms, t.remaining_ms, t.tile, t.lost_beside) for t in state.timers.values()]


def _choices(hand: tuple[Card, ...] | list[Card], glasses: list[_Glass]) -> list[_Choice]:
    """Every sensible way to play a card of `hand`: a wild once per timer it could activate, or
    recover when that leaves the timer enough sand (see `_worth_recovering`)."""
    out: list[_Choice] = []
    for i, card in enumerate(hand):
        if card.kind != CardKind.WILD:
            out.append((i, None, None))
        elif not any(c.kind == CardKind.WILD for c in hand[:i]):  # two wilds in a hand give the same choices
            out += [(i, WildMode.ACTIVATE, g.id) for g in glasses if g.tile is not None]
            out += [(i, WildMode.RECOVER, g.id) for g in glasses if g.tile is None and _worth_recovering(g)]
    return out


def _worth_recovering(glass: _Glass) -> bool:
    """A recovery flips the lost timer: only worth a wild once it leaves `RECOVER_MIN_PCT` of the sand."""
    return (glass.cap - glass.rem) * 100 >= glass.cap * RECOVER_MIN_PCT


def _play(level: Level, glasses: list[_Glass], card: Card, mode: WildMode | None,
          timer: str | None) -> list[_Glass]:
    """The timers just after a card's effect (flips, moves, a recovery), before run-outs."""
    out = [_Glass(g.id, g.cap, g.rem, g.tile, g.beside) for g in glasses]
    occupied = {g.tile for g in out if g.tile is not None}
    if mode == WildMode.RECOVER:
        g = next(g for g in out if g.id == timer)
        g.rem = g.cap - g.rem
        if g.beside not in occupied:
            g.tile, g.beside = g.beside, None
        return out
    if mode == WildMode.ACTIVATE:
        chosen = [g for g in out if g.id == timer]
    else:
        path, named = level.path, card.value
        if card.kind == CardKind.COLOUR:
            chosen = [g for g in out if g.tile is not None and path[g.tile].colour == named]
        else:
            chosen = [g for g in out if g.tile is not None and path[g.tile].shape == named]
        chosen.sort(key=lambda g: -g.position)
    for g in chosen:  # most advanced first, as the rules do
        g.rem = g.cap - g.rem
        nxt = g.position + 1
        if nxt < len(level.path) and nxt not in level.blocks and nxt not in occupied:
            occupied.discard(g.tile)
            occupied.add(nxt)
            g.tile = nxt
    return out


def _settle(level: Level, glasses: list[_Glass], after_card: bool) -> Result | None:
    """Resolve empty timers (lost before the Deactivator, else the game is lost); won only after a card."""
    dz = level.deactivator
    empty = [g for g in glasses if g.rem <= 0]
    if not empty and not after_card:
        return None
    for g in sorted(empty, key=lambda g: (-g.position, g.tile is None)):
        if g.tile is not None and g.tile < dz:
            g.tile, g.beside, g.rem = None, g.tile, g.cap
        else:
            return Result.LOST
    if after_card and all(g.tile is not None and g.tile >= dz for g in glasses):
        return Result.WON
    return None


@lru_cache(maxsize=64)
def _free_in_danger(deactivator: int, length: int, blocks: frozenset[int]) -> tuple[int, ...]:
    """The gears of the danger zone a timer may stand on (asked for at every position judged: kept)."""
    return tuple(t for t in range(deactivator, length) if t not in blocks)


def _moves_needed(level: Level, glasses: list[_Glass]) -> int:
    """Fewest moves that would put every timer (lost ones back beside their tile) in the danger zone."""
    free = _free_in_danger(level.deactivator, len(level.path), level.blocks)
    needed, floor = 0, -1
    for k, pos in enumerate(sorted(g.position for g in glasses)):
        target = max(pos, free[min(k, len(free) - 1)], floor + 1)
        needed += target - pos
        floor = target
    return needed


def _use_ahead(level: Level, glasses: list[_Glass], card: Card) -> int:
    """How many of the next `AHEAD` gears in front of each timer `card` would match (wild: all)."""
    ahead = [t for g in glasses for t in range(g.position + 1, min(g.position + 1 + AHEAD, len(level.path)))]
    return len(ahead) if card.kind == CardKind.WILD else sum(level.path[t].matches(card) for t in ahead)


@lru_cache(maxsize=64)
def _deck_counts(removed: tuple[str, ...]) -> Counter[str]:
    """How many cards of each colour, shape and 'wild' the deck has (copy it before changing it)."""
    return Counter(c.name for c in standard_deck(removed))


def _unseen(state: GameState) -> Counter[str]:
    """How many cards of each colour, shape and 'wild' are in no hand (the deck, or deck and discards)."""
    counts = _deck_counts(state.level.removed_cards).copy()
    counts.subtract(c.name for h in state.hands for c in h)
    in_deck = counts.copy()
    in_deck.subtract(c.name for c in state.discard)
    # Draws come from the deck; when it is nearly empty the discards are shuffled back in.
    return in_deck if sum(in_deck.values()) >= 8 else counts


class TeammateBot:
    """Plays `seat` of an Arenas game: `decide(state)` is the card to play now, or None to wait."""

    rethink_ms = RETHINK_MS

    def __init__(self, seat: int, reaction_ms: int = DEFAULT_REACTION_MS, seed: int = 0,
                 humans: frozenset[int] = frozenset()) -> None:
        """`humans`: the seats people play (their turns are expected to take `HUMAN_TURN_MS`)."""
        if not MIN_REACTION_MS <= reaction_ms <= MAX_REACTION_MS:
            raise ValueError(f"reaction_ms: {reaction_ms} is outside {MIN_REACTION_MS}..{MAX_REACTION_MS}")
        self.seat = seat
        self.reaction_ms = reaction_ms
        self.turn_ms = reaction_ms * TURN_ESTIMATE_PCT // 100
        self.humans = humans
        self.rng = random.Random(seed)

    def delay_ms(self) -> int:
        """The reaction delay of one turn: the set delay with seeded jitter."""
        spread = self.reaction_ms * JITTER_PCT // 100
        return self.reaction_ms + self.rng.randint(-spread, spread)

    def decide(self, state: GameState) -> Action | None:
        """The card this seat should play now, or None (not its turn, game over, or better to wait)."""
        if is_over(state) or state.active != self.seat:
            return None
        action, value = self._best(state)
        return action if action is not None and value >= self._wait_value(state) else None

    def best_action(self, state: GameState) -> Action | None:
        """The best card for the active player now, even when waiting would be better; None if over."""
        return self._best(state)[0]

    def _outlook(self, state: GameState) -> _Outlook:
        hands = tuple(tuple(h) for h in state.hands)
        turns = tuple(HUMAN_TURN_MS if seat in self.humans else self.turn_ms for seat in range(len(hands)))
        return _Outlook.of(state.active, turns, self.humans, hands)

    def _best(self, state: GameState) -> tuple[Action | None, float]:
        level = state.level
        glasses = _glasses(state)
        unseen = _unseen(state)
        now = self._outlook(state)
        best: Action | None = None
        best_key = (-float("inf"), 0)
        by_id = {g.id: g for g in glasses}
        for action in legal_actions(state):
            card = state.hands[action.player][action.hand_index]
            mode: WildMode | None
            timer: str | None
            match action:
                case PlayWild():
                    mode, timer = action.mode, action.timer
                    if mode == WildMode.RECOVER and not _worth_recovering(by_id[timer]):
                        continue
                case PlayCard():
                    mode, timer = None, None
                case _:
                    assert_never(action)
            after = _play(level, glasses, card, mode, timer)
            result = _settle(level, after, True)
            if result is not None:
                value = WIN_POINTS if result == Result.WON else -WIN_POINTS
            else:
                value = self.value(level, after, now.after(action.player, action.hand_index, 0), unseen)
            # Between equally good dead cards, give up the one least useful a few gears ahead.
            dead = mode is None and not any(g.tile is not None and level.path[g.tile].matches(card) for g in glasses)
            key = (value, -_use_ahead(level, glasses, card) if dead else 0)
            if key > best_key:
                best, best_key = action, key
        if best is None:  # only recoveries too early to be worth it: name one anyway
            best = next(iter(legal_actions(state)), None)
        return best, best_key[0]

    def _wait_value(self, state: GameState) -> float:
        """The position at the next look (`rethink_ms` from now), with the same hand still to play."""
        glasses = [g.copy() for g in _glasses(state)]
        for g in glasses:
            g.rem -= self.rethink_ms
        if _settle(state.level, glasses, False) == Result.LOST:
            return -WIN_POINTS
        return self.value(state.level, glasses, self._outlook(state), _unseen(state)) - TEMPO_POINTS

    def value(self, level: Level, glasses: list[_Glass], outlook: _Outlook, unseen: Counter[str]) -> float:
        """Points for a position: the known next turns played out, then progress minus risk."""
        glasses = [g.copy() for g in glasses]
        now = 0
        for _ in range(len(outlook.hands)):
            player = outlook.first
            if outlook.unknown[player] or player in outlook.people:
                break
            for g in glasses:
                g.rem -= outlook.first_ms - now
            now = outlook.first_ms
            if _settle(level, glasses, False) == Result.LOST:
                return -2 * GAME_POINTS - MOVE_POINTS * _moves_needed(level, glasses)
            waited = outlook.waited(player, now)
            best, best_value = None, self._risked(level, glasses, waited, unseen, now)
            for index, mode, timer in _choices(outlook.hands[player], glasses):
                after = _play(level, glasses, outlook.hands[player][index], mode, timer)
                result = _settle(level, after, True)
                if result == Result.WON:
                    return WIN_POINTS / 2
                if result is None:
                    value = self._risked(level, after, outlook.after(player, index, now), unseen, now)
                    if value > best_value:
                        best, best_value = (after, index), value
            if best is None:  # every card hurts: the team-mate holds their hand this turn
                outlook = waited
            else:
                glasses, outlook = best[0], outlook.after(player, best[1], now)
        return self._risked(level, glasses, outlook, unseen, now)

    def _risked(self, level: Level, glasses: list[_Glass], outlook: _Outlook, unseen: Counter[str],
                now: int) -> float:
        """Progress minus the risk of running out (see the module docstring); `now` is outlook time.

        The most urgent timers are looked at first, and a wild card rescues only one of them.
        """
        total_unseen = max(1, sum(unseen.values()))
        value = -MOVE_POINTS * _moves_needed(level, glasses)
        occupied = {g.tile for g in glasses if g.tile is not None}
        wilds_used: set[int] = set()
        for g in sorted(glasses, key=_sand_left):
            value -= SAND_POINTS * 10_000 / max(g.rem, 500)
            if g.tile is None:
                miss = _no_card_in_time(g.rem, None, unseen["wild"] / total_unseen, outlook, now, wilds_used)
                value -= LOST_POINTS + GAME_POINTS * miss
                if g.beside in occupied:
                    value -= OCCUPIED_POINTS
                continue
            tile = level.path[g.tile]
            q = (unseen[tile.colour] + unseen[tile.shape] + unseen["wild"]) / total_unseen
            miss = _no_card_in_time(g.rem, tile, q, outlook, now, wilds_used)
            value -= miss * (GAME_POINTS if g.tile >= level.deactivator else LOST_POINTS)
        return value


def _no_card_in_time(rem_ms: int, tile: Tile | None, q: float, outlook: _Outlook, now: int,
                     wilds_used: set[int]) -> float:
    """Chance that no turn before `rem_ms` runs out brings a card for a timer on `tile` (None: lost).

    A colour or shape card matching `tile` counts, or the wild card of a player not yet in
    `wilds_used` (a wild already counted on for a more urgent timer); a wild that counts is added
    there. `q` is the chance that a draw fits.
    """
    window = now + rem_ms - MARGIN_MS
    turn_ms, held, people, unknown = outlook.turn_ms, outlook.held, outlook.people, outlook.unknown
    n = len(turn_ms)
    cycle = sum(turn_ms)
    miss = 1.0
    start = outlook.first_ms
    for k in range(n):
        player = (outlook.first + k) % n
        if k:
            start += turn_ms[player]
        if start > window:
            break
        named, has_wild = held[player]
        fits = tile is not None and (tile.colour in named or tile.shape in named)
        if fits or (has_wild and player not in wilds_used):
            if player in people:
                miss *= PERSON_MISS_PCT / 100
            else:
                if not fits:
                    wilds_used.add(player)
                return 0.0
        turns = 1 + (window - start) // cycle
        miss *= (1.0 - q) ** (turns - 1 + unknown[player])
    return miss


class SeatPlayer(Protocol):
    """What a `BotController` asks of the bot behind it (the expert `TeammateBot` or the person model)."""

    @property
    def seat(self) -> int:
        """The seat the bot plays."""

    @property
    def rethink_ms(self) -> int:
        """How long a waiting bot waits before it looks at the board again."""

    def delay_ms(self) -> int:
        """The reaction delay of the turn starting now."""

    def decide(self, state: GameState) -> Action | None:
        """The card to play now, or None to wait."""


class BotController:
    """A bot at one seat of a real-time game: call `poll(state)` every fixed step.

    When the seat's turn starts it waits its reaction delay, then asks the bot; while the bot
    prefers to wait it looks again every `rethink_ms` of the bot.
    """

    def __init__(self, bot: SeatPlayer) -> None:
        self.bot = bot
        self._turn: int | None = None  # how many cards had been played when the seat's turn started
        self._act_at: int | None = None

    @property
    def seat(self) -> int:
        """The seat this bot plays."""
        return self.bot.seat

    def on_turn(self, state: GameState) -> None:
        """The seat's turn has started now: schedule its first look after the reaction delay."""
        self._turn = len(state.actions)
        self._act_at = state.time_ms + self.bot.delay_ms()

    def next_play_time(self, state: GameState) -> int | None:
        """Game time (ms) at which this seat will next look at the board, or None if not its turn."""
        if is_over(state) or state.active != self.seat:
            return None
        if self._turn != len(state.actions):
            self.on_turn(state)
        return self._act_at

    def poll(self, state: GameState) -> Action | None:
        """The action to apply now, or None (not this seat's turn, still reacting, or waiting)."""
        act_at = self.next_play_time(state)
        if act_at is None or state.time_ms < act_at:
            return None
        action = self.bot.decide(state)
        if action is None:
            self._act_at = state.time_ms + self.bot.rethink_ms
        return action


def hint(state: GameState, humans: frozenset[int] = frozenset()) -> Action | None:
    """The best card for the active player now (the H key); None once the game is over.

    `humans` are the seats people play. When every card would hurt this still names the least
    harmful one.
    """
    return TeammateBot(state.active, humans=humans).best_action(state)
