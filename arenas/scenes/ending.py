"""How a run ended, in words a player learns from (no pygame): which timer decided it, what happened to it, and
why that ends a run. The held final board and the result screen both say it."""
from __future__ import annotations

from arenas.rules.state import GameState
from arenas.wording import timer_name
from common.data.i18n import _


def deciding_timer(state: GameState, last_home: str | None) -> str | None:
    """The timer to point at on the final board: the one that ran dry, else (a win) the last one home."""
    if state.result == "lost":
        return state.failed_timer
    return last_home if state.result == "won" else None


def failure_text(state: GameState) -> str:
    """Which timer failed and where, in words."""
    if state.result != "lost" or state.failed_timer is None or state.failed_where is None:
        return ""
    t = state.timers[state.failed_timer]
    gear = state.failed_where + 1
    failed = (_("{timer} ran out while lost beside gear {n}") if t.lost
              else _("{timer} ran out in the danger zone on gear {n}"))
    return failed.format(timer=timer_name(t.id), n=gear)


def lesson_text(state: GameState) -> str:
    """Why that timer's running dry ended the run: the rule a player can use next time."""
    if state.result != "lost" or state.failed_timer is None:
        return ""
    if state.timers[state.failed_timer].lost:
        return _("A lost timer must be recovered with a wild card before its sand runs out.")
    return _("In the danger zone a timer still needs sand until every timer is there: turn it before it runs "
             "dry.")


def ending_lines(state: GameState, last_home: str | None) -> list[str]:
    """What happened, under the held final board's headline."""
    if state.result == "lost":
        return [line for line in (failure_text(state), lesson_text(state)) if line]
    if state.result == "won" and last_home is not None:
        return [_("{timer} was the last one home").format(timer=timer_name(last_home))]
    return []
