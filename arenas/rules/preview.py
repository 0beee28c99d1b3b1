"""What a card would do, asked before it is played (pure, no pygame): scenes and hints ask here.

`preview(state, action)` lists the timers a legal action would turn, in the order the engine turns
them (most advanced first), each with what its turn would do: move on to the next gear, be
blocked (the next gear is taken or blocked), end the chain (it stands on the last gear), or for a
wild card's recovery go back on its gear or stay lost. It agrees with the events `apply` produces
(tests/arenas/test_arenas_preview.py checks that on random positions).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from arenas.rules.actions import Action, PlayCard, PlayWild
from arenas.rules.engine import legal_actions
from arenas.rules.levels import Level
from arenas.rules.state import GameState
from common.data.rules_api import IllegalAction


class Turn(StrEnum):
    """What turning one timer would do (after its flip)."""

    MOVES = "moves"            # on to the next gear
    BLOCKED = "blocked"        # the next gear holds a timer or a block: it stays
    END = "end"                # it stands on the last gear: the chain ends there
    RECOVERED = "recovered"    # (wild, recover) back on the gear it lay beside
    STAYS_LOST = "stays_lost"  # (wild, recover) that gear is taken: flipped, it stays lost


@dataclass(frozen=True, slots=True)
class TimerTurn:
    """One timer a card would turn: where it is, what happens, where it ends and the sand it then holds."""

    timer: str
    turn: Turn
    tile: int          # the gear it stands on (or lies beside, when lost) before the card
    to_tile: int       # the gear it stands on (or still lies beside) after the card
    remaining_ms: int  # sand in its top bulb after the flip

    @property
    def empties(self) -> bool:
        """True if the flip leaves no sand on top (a full timer flipped): it runs out at once."""
        return self.remaining_ms == 0


def wild_only_gears(level: Level) -> frozenset[int]:
    """Gears no card but a wild can turn: the level's deck lacks both their colour and their shape."""
    removed = set(level.removed_cards)
    return frozenset(i for i, tile in enumerate(level.path) if tile.colour in removed and tile.shape in removed)


def wild_choices(state: GameState, hand_index: int) -> dict[str, PlayWild]:
    """The choices of the active player's wild card at `hand_index`, by timer: activate a timer on the
    path, or recover a lost one (empty if that card is not a wild card or the game is over)."""
    return {a.timer: a for a in legal_actions(state) if isinstance(a, PlayWild) and a.hand_index == hand_index}


def preview(state: GameState, action: Action) -> tuple[TimerTurn, ...]:
    """The timers `action` would turn, in the engine's order, and what each turn would do.

    () for a colour or shape card that matches no timer. `IllegalAction` if the action is not legal now.
    """
    if action not in legal_actions(state):
        raise IllegalAction(f"cannot preview {action!r}: it is not a legal action now")
    path, blocks = state.level.path, state.level.blocks
    taken = {t.tile for t in state.timers.values() if t.tile is not None}
    match action:
        case PlayWild() if state.timers[action.timer].tile is None:
            t = state.timers[action.timer]
            beside = t.position
            turn = Turn.STAYS_LOST if beside in taken else Turn.RECOVERED
            return (TimerTurn(t.id, turn, beside, beside, t.capacity_ms - t.remaining_ms),)
        case PlayWild():
            chosen = [state.timers[action.timer]]
        case PlayCard():
            card = state.hands[action.player][action.hand_index]
            chosen = sorted((t for t in state.timers.values() if t.tile is not None and path[t.tile].matches(card)),
                            key=lambda t: -t.position)
        case _:
            assert_never(action)
    out = []
    for t in chosen:
        here = t.position
        nxt = here + 1
        if nxt >= len(path):
            turn, to = Turn.END, here
        elif nxt in blocks or nxt in taken:
            turn, to = Turn.BLOCKED, here
        else:
            turn, to = Turn.MOVES, nxt
            taken.discard(here)
            taken.add(nxt)
        out.append(TimerTurn(t.id, turn, here, to, t.capacity_ms - t.remaining_ms))
    return tuple(out)
