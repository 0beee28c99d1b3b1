"""Why a team lost a level: which timer ran dry, where, after what — from a finished game's log.

`loss_of` reads one finished `GameState`; `Diagnosis` sums many games of a level and
`format_diagnosis` prints them, one block per level (`main.py verify-levels --why`).
"""
from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from arenas.rules.components import CardKind
from arenas.rules.events import CardPlayed, TimerFlipped, TimerLost
from arenas.rules.preview import wild_only_gears
from arenas.rules.state import GameState, Result

LOW_FLIP_PCT = 34  # a flip that leaves less than this share of the glass is "a flip too soon"


class Cause(StrEnum):
    """How a game ended, the losses told apart by where the sand ran out."""

    WON = "won"
    ZONE_RUSTED = "dry in the zone, rusted gear"  # only a wild could have turned it
    ZONE = "dry in the zone"  # a colour or shape card could have turned it
    LOST_TIMER = "lost glass dry"  # a timer ran out before the Deactivator and no wild recovered it in time
    TIME_LIMIT = "time limit"


@dataclass(frozen=True, slots=True)
class Ending:
    """One finished game as the diagnosis sees it."""

    cause: Cause
    timer: str | None  # the timer that ran dry
    at_ms: int  # when the game ended
    last_flip_left_ms: int | None  # what the failing timer held just after its last flip
    capacity_ms: int | None
    timers_lost: int  # run-outs before the Deactivator during the game
    wilds_played: int
    wild_in_hand: bool  # a wild card was in someone's hand when the game was lost
    card_in_hand: bool  # a card that turns the failing timer's gear was in someone's hand

    @property
    def flipped_too_soon(self) -> bool:
        """The failing timer's last flip left it less than `LOW_FLIP_PCT` of its sand."""
        return (self.last_flip_left_ms is not None and self.capacity_ms is not None
                and self.last_flip_left_ms * 100 < self.capacity_ms * LOW_FLIP_PCT)


def loss_of(state: GameState) -> Ending:
    """How the game in `state` ended (not over: stopped at the time limit)."""
    played = [e.card for e in state.log if isinstance(e, CardPlayed)]
    lost = sum(isinstance(e, TimerLost) for e in state.log)
    wilds = sum(c.kind == CardKind.WILD for c in played)
    if state.result == Result.WON or state.failed_timer is None:
        cause = Cause.WON if state.result == Result.WON else Cause.TIME_LIMIT
        return Ending(cause, None, state.time_ms, None, None, lost, wilds, False, False)
    timer = state.timers[state.failed_timer]
    flips, after_loss = [], False
    for e in state.log:  # the card flips of the failing timer, not the flip the rules give a timer as it is lost
        if isinstance(e, TimerFlipped) and e.timer == timer.id and not after_loss:
            flips.append(e.remaining_ms)
        after_loss = isinstance(e, TimerLost) and e.timer == timer.id
    hands = [c for h in state.hands for c in h]
    if timer.tile is None:
        cause, card = Cause.LOST_TIMER, False
    else:
        tile = state.level.path[timer.tile]
        rusted = timer.tile in wild_only_gears(state.level)
        cause = Cause.ZONE_RUSTED if rusted else Cause.ZONE
        card = any(c.kind != CardKind.WILD and tile.matches(c) for c in hands)
    return Ending(cause, timer.id, state.time_ms, flips[-1] if flips else None, timer.capacity_ms, lost, wilds,
                  any(c.kind == CardKind.WILD for c in hands), card)


@dataclass
class Diagnosis:
    """Many games of one level by one team: how they ended."""

    endings: list[Ending] = field(default_factory=list)

    @property
    def losses(self) -> list[Ending]:
        """The games not won."""
        return [e for e in self.endings if e.cause != Cause.WON]

    def causes(self) -> Counter[Cause]:
        """How many games ended each way."""
        return Counter(e.cause for e in self.endings)

    def lines(self) -> list[str]:
        """The diagnosis as a few lines of text."""
        n, losses = len(self.endings), self.losses
        won = n - len(losses)
        out = [f"won {won}/{n}; " + ", ".join(f"{c}: {k}" for c, k in self.causes().most_common() if c != Cause.WON)]
        if not losses:
            return out
        timers = Counter(e.timer for e in losses if e.timer)
        soon = sum(e.flipped_too_soon for e in losses)
        out.append(f"  ran dry: {', '.join(f'{t} {k}' for t, k in timers.most_common(3))}; "
                   f"median end {statistics.median(e.at_ms for e in losses) / 1000:.0f} s; "
                   f"last flip left <{LOW_FLIP_PCT}% in {soon}")
        out.append(f"  per lost game: {statistics.mean(e.timers_lost for e in losses):.1f} glasses lost, "
                   f"{statistics.mean(e.wilds_played for e in losses):.1f} wilds played; at the end a wild in hand "
                   f"in {sum(e.wild_in_hand for e in losses)}, a card for the gear in hand in "
                   f"{sum(e.card_in_hand for e in losses)}")
        return out


def format_diagnosis(rows: dict[int, dict[str, Diagnosis]]) -> str:
    """Level number -> team name -> its diagnosis, as text (one block per level)."""
    lines = []
    for number, teams in rows.items():
        lines.append(f"level {number}")
        for team, diagnosis in teams.items():
            first, *rest = diagnosis.lines()
            lines += [f"  {team:<7} {first}", *(f"  {'':<7}{line}" for line in rest)]
    return "\n".join(lines)
