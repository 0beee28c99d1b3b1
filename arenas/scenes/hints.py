"""The hint on show: the team-mate bot's card for the active human, what it would turn, and its fading."""
from __future__ import annotations

from dataclasses import dataclass

from arenas.rules.actions import Action, PlayWild
from arenas.rules.preview import Turn, preview
from arenas.rules.state import GameState
from arenas.wording import and_list, card_name, timer_code
from common.data.i18n import _

HINT_MS = 3000
HINT_FADE_MS = 500
HINT_COLOUR = (120, 236, 255)


@dataclass(frozen=True)
class Hint:
    """A hint on show: the suggested action, the turn it is for, when it appeared, the timers it would turn."""

    action: Action
    turn: int  # how many cards had been played when it was asked for
    start: float
    timers: tuple[str, ...]  # in level order
    message: str

    def alpha(self, now: float) -> float:
        """How visible the hint is (0..1): it fades in quickly and out over its last half second."""
        age = now - self.start
        return max(0.0, min(1.0, age / 120, (HINT_MS - age) / HINT_FADE_MS))

    def over(self, now: float, state: GameState) -> bool:
        """True once its time is up or a card has been played since."""
        return now - self.start >= HINT_MS or len(state.actions) != self.turn


def describe_hint(state: GameState, action: Action, now: float) -> Hint:
    """The hint for `action` (a legal action of the active player): the rules say what it would turn."""
    turns = preview(state, action)
    turned = {t.timer for t in turns}
    timers = tuple(tid for tid in state.timers if tid in turned)
    n = action.hand_index + 1
    if isinstance(action, PlayWild):
        code = timer_code(action.timer)
        recover = turns[0].turn in (Turn.RECOVERED, Turn.STAYS_LOST)
        message = (_("Hint: wild card {n} to recover {timer}") if recover
                   else _("Hint: wild card {n} on {timer}: flip it and move it on")).format(n=n, timer=code)
    else:
        card = card_name(state.hands[action.player][action.hand_index])
        if timers:
            codes = and_list([timer_code(t) for t in timers])
            message = _("Hint: card {n}, {card}: it turns {timers}").format(n=n, card=card, timers=codes)
        else:
            message = _("Hint: card {n}, {card}: it turns nothing, but you draw a fresh card").format(n=n, card=card)
    return Hint(action, len(state.actions), now, timers, message)
