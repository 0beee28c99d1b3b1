"""Playing a game: legal actions, applying a card, letting sand flow, winning and losing.

Sand runs in every timer, on the path or lost, at `sand_speed_pct`/100 ms of sand per ms of game
time (integer arithmetic: the undrained fraction is kept in `GameState.sand_rem`).

Order of simultaneous happenings (the same millisecond), followed everywhere so replays are exact:

1. `advance(state, ms)` lets sand flow up to and including its end instant, so every run-out at
   that instant is resolved before an action applied at that same millisecond.
2. Run-outs at one instant are resolved **most advanced timer first**: by position (the tile a
   timer stands on, or the tile a lost timer stands beside) from the end of the chain back; at an
   equal position the timer on the path before the lost one beside it; then level order.
   A timer running out before the Deactivator is lost (flipped full, set beside its tile, the tile
   freed). The first run-out that loses the game (a lost timer, or one in the danger zone) ends
   it; nothing after it at that instant is resolved.
3. A colour/shape card picks its timers by the tiles they stand on when it is played, then
   activates them from the most advanced back; each activation is flip, then move.
4. After a card's movement, timers left empty (a full timer flipped) run out, in the order of 2.
5. Then, if the game goes on, the win check (every timer in the danger zone with sand), then the
   draw back to hand size (reshuffling the discards when the deck is empty) and the next player.
   Run-outs never complete a win, so the win is checked only after a card.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from arenas.rules.actions import Action, IllegalAction, PlayCard, PlayWild, WildMode
from arenas.rules.components import Card, CardKind
from arenas.rules.events import (
    CardDrawn,
    CardHadNoEffect,
    CardPlayed,
    DeckReshuffled,
    Event,
    GameLost,
    GameWon,
    TimerBlocked,
    TimerFlipped,
    TimerLost,
    TimerMoved,
    TimerRecovered,
    TurnChanged,
)
from arenas.rules.state import GameState, Result, TimerState


def is_over(state: GameState) -> bool:
    """True once the game is won or lost."""
    return state.result is not None


def outcome(state: GameState) -> Result | None:
    """`Result.WON`, `Result.LOST`, or None while the game goes on."""
    return state.result


def mark_assisted(state: GameState) -> None:
    """Record that an assist (pause) was used in this run."""
    state.assisted = True


def outcome_json(state: GameState) -> dict[str, object]:
    """Result, time, assisted flag, the failing timer, and every timer's place and remaining sand."""
    return {
        "level": state.level.number,
        "result": None if state.result is None else str(state.result),
        "time_ms": state.time_ms,
        "assisted": state.assisted,
        "failed_timer": state.failed_timer,
        "failed_where": state.failed_where,
        "timers": {t.id: {"tile": t.tile, "lost": t.lost, "lost_beside": t.lost_beside,
                          "remaining_ms": t.remaining_ms} for t in state.timers.values()},
    }


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the active player (a wild card once per possible choice)."""
    if state.result is not None:
        return []
    player = state.active
    on_path = [t.id for t in _by_advance(state.timers.values()) if t.tile is not None]
    lost = [t.id for t in _by_advance(state.timers.values()) if t.tile is None]
    actions: list[Action] = []
    for i, card in enumerate(state.hands[player]):
        if card.kind != CardKind.WILD:
            actions.append(PlayCard(player, i))
            continue
        actions += [PlayWild(player, i, WildMode.ACTIVATE, tid) for tid in on_path]
        actions += [PlayWild(player, i, WildMode.RECOVER, tid) for tid in lost]
    return actions


def apply(state: GameState, action: Action) -> list[Event]:
    """Play a card at the current time: effect, run-outs, win check, draw, next player.

    Raises `IllegalAction` (state untouched) if the action is not legal now.
    """
    card = _check(state, action)
    now = state.time_ms
    hand = state.hands[action.player]
    del hand[action.hand_index]
    state.discard.append(card)
    events: list[Event] = [CardPlayed(now, action.player, card, action.hand_index)]

    match action:
        case PlayWild(mode=WildMode.RECOVER):
            _recover(state, state.timers[action.timer], events)
        case PlayWild():
            _activate(state, state.timers[action.timer], events)
        case PlayCard():
            path = state.level.path
            chosen = [t for t in _by_advance(state.timers.values())
                      if t.tile is not None and path[t.tile].matches(card)]
            if not chosen:
                events.append(CardHadNoEffect(now))
            for timer in chosen:
                _activate(state, timer, events)
        case _:
            assert_never(action)

    _resolve_runouts(state, events)
    if state.result is None and all(t.tile is not None and t.tile >= state.level.deactivator
                                    for t in state.timers.values()):
        state.result = Result.WON
        events.append(GameWon(now))
    if state.result is None:
        _draw(state, action.player, events)
        state.active = (state.active + 1) % len(state.players)
        events.append(TurnChanged(now, state.active))
    state.actions.append((now, action))
    state.log.extend(events)
    return events


def advance(state: GameState, ms: int) -> list[Event]:
    """Let `ms` of game time pass: sand flows in every timer; run-outs resolve at their exact ms.

    Stops early at the instant the game is won or lost (time then stays there).
    """
    if ms < 0:
        raise ValueError(f"cannot advance by {ms} ms")
    events: list[Event] = []
    if state.result is not None:
        return events
    timers = state.timers.values()
    pct = state.sand_speed_pct
    end = state.time_ms + ms
    while True:
        left = end - state.time_ms
        low = min(t.remaining_ms for t in timers)
        total = state.sand_rem + left * pct
        drained = total // 100
        if drained < low:  # nothing runs out before `end`: the common case, one step
            if drained:
                for t in timers:
                    t.remaining_ms -= drained
            state.sand_rem = total % 100
            state.time_ms = end
            break
        # First ms at which `low` ms of sand have drained (sand drains at most 1 ms per ms).
        step = max(0, -(-(100 * low - state.sand_rem) // pct))
        total = state.sand_rem + step * pct
        for t in timers:
            t.remaining_ms -= low
        state.sand_rem = total - 100 * low
        state.time_ms += step
        _resolve_runouts(state, events)
        if state.result is not None or state.time_ms == end:
            break
    state.log.extend(events)
    return events


def _by_advance(timers: Iterable[TimerState]) -> list[TimerState]:
    """Timers most advanced first (see the module docstring, rule 2); sort is stable for level order."""
    return sorted(timers, key=lambda t: (-t.position, t.tile is None))


def _check(state: GameState, action: Action) -> Card:
    if state.result is not None:
        raise IllegalAction(f"the game is over ({state.result})")
    if not isinstance(action, PlayCard | PlayWild):
        raise IllegalAction(f"not an action: {action!r}")
    if action.player != state.active:
        who = state.players[action.player] if 0 <= action.player < len(state.players) else action.player
        raise IllegalAction(f"it is {state.players[state.active]}'s turn, not {who}'s")
    hand = state.hands[action.player]
    if not 0 <= action.hand_index < len(hand):
        raise IllegalAction(f"no card {action.hand_index + 1} in a hand of {len(hand)}")
    card = hand[action.hand_index]
    match action:
        case PlayCard():
            if card.kind == CardKind.WILD:
                raise IllegalAction("a wild card needs a choice: activate a timer or recover a lost one")
            return card
        case PlayWild():
            if card.kind != CardKind.WILD:
                raise IllegalAction(f"card {action.hand_index + 1} is {card.name.capitalize()}, not a wild card")
            if action.mode not in tuple(WildMode):
                raise IllegalAction(f"unknown wild mode {action.mode!r}")
            timer = state.timers.get(action.timer)
            if timer is None:
                raise IllegalAction(f"there is no timer {action.timer!r} in this level")
            if action.mode == WildMode.ACTIVATE and timer.tile is None:
                raise IllegalAction(f"timer {action.timer} is lost: a wild card can recover it, not activate it")
            if action.mode == WildMode.RECOVER and timer.tile is not None:
                raise IllegalAction(f"timer {action.timer} is not lost")
            return card
        case _:
            assert_never(action)


def _flip(state: GameState, timer: TimerState, events: list[Event]) -> None:
    timer.remaining_ms = timer.capacity_ms - timer.remaining_ms
    events.append(TimerFlipped(state.time_ms, timer.id, timer.remaining_ms))


def _activate(state: GameState, timer: TimerState, events: list[Event]) -> None:
    _flip(state, timer, events)
    here = timer.tile
    assert here is not None
    nxt = here + 1
    if nxt < len(state.level.path) and nxt not in state.level.blocks and state.timer_on(nxt) is None:
        timer.tile = nxt
        events.append(TimerMoved(state.time_ms, timer.id, here, nxt))
    else:
        events.append(TimerBlocked(state.time_ms, timer.id, here))


def _recover(state: GameState, timer: TimerState, events: list[Event]) -> None:
    _flip(state, timer, events)
    tile = timer.lost_beside
    assert tile is not None
    back = state.timer_on(tile) is None
    if back:
        timer.tile, timer.lost_beside = tile, None
    events.append(TimerRecovered(state.time_ms, timer.id, tile, back))


def _resolve_runouts(state: GameState, events: list[Event]) -> None:
    empty = [t for t in state.timers.values() if t.remaining_ms <= 0]
    if not empty:
        return
    now = state.time_ms
    for timer in _by_advance(empty):
        if timer.tile is not None and timer.tile < state.level.deactivator:
            tile = timer.tile
            timer.tile, timer.lost_beside = None, tile
            events.append(TimerLost(now, timer.id, tile))
            _flip(state, timer, events)
            continue
        state.result = Result.LOST
        state.failed_timer = timer.id
        state.failed_where = timer.position
        events.append(GameLost(now, timer.id, timer.position, timer.tile is None))
        return


def _draw(state: GameState, player: int, events: list[Event]) -> None:
    hand = state.hands[player]
    while len(hand) < state.level.hand_size:
        if not state.deck:
            if not state.discard:
                return
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(DeckReshuffled(state.time_ms, len(state.deck)))
        card = state.deck.pop()
        hand.append(card)
        events.append(CardDrawn(state.time_ms, player, card))
