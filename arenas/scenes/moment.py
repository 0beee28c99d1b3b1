"""The play scene at one moment, as its parts read it: the run, the animations, the words, the layout, the
card being chosen, the mouse and the time. The scene takes one (`PlayScene.moment`) for each frame drawn
(`view`, `hud`, `previews`) and each input read (`play_input`): a part reads these values and holds nothing
of the scene."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arenas.match import Phase

if TYPE_CHECKING:
    from arenas.match import Match
    from arenas.online_match import OnlineMatch
    from arenas.rules.state import GameState
    from arenas.scenes.board import BoardView
    from arenas.scenes.hands import TableLayout
    from arenas.scenes.hints import Hint
    from arenas.scenes.messages import Messages
    from arenas.scenes.motion import Motion
    from common.data.settings import Settings
    from common.ui.widgets import Button

Point = tuple[float, float]
HoverKey = tuple[str | None, int | None]  # (timer, gear) under the mouse


END_HOLD_MS = 8000   # the final board stays this long (a key or a click goes on sooner) ...


@dataclass(frozen=True)
class Moment:
    """What the play scene's drawing and input read, as it is now."""

    run: Match | OnlineMatch
    motion: Motion
    messages: Messages
    now: float  # the scene's animation clock, ms
    board: BoardView | None  # None before the first layout
    table: TableLayout | None
    area: tuple[int, int]  # the window part the table fills (the tutorial keeps a column for its coach)
    wild: int | None  # the hand index of the wild card waiting for its target
    wild_focus: str | None  # the target the keyboard would choose for it
    card_focus: int | None  # the active hand's card the arrows rest on
    hint: Hint | None
    mouse: tuple[int, int]
    hover_key: HoverKey | None
    hover_ms: float  # how long the mouse has rested on `hover_key`
    ended_at: float | None  # when the run ended, on the animation clock
    last_home: str | None  # the last timer that crossed the Deactivator
    hint_button: Button
    leave_button: Button  # on the pause overlay
    over_prompt: str  # the prompt once the run is over (a msgid with {seconds}: how long until it goes on)
    hint_blocked: str | None  # why no hint can be asked for now ("": nothing to explain), None if one can
    settings: Settings
    dialog_over: bool  # a dialog stands over the board (Leave?, the tutorial's Try again): it speaks, not the board
    level_title: str  # the level's name in the top bar (`names.level_title`)

    def drawn_place(self, timer_id: str) -> tuple[Point, float]:
        """(centre, tilt) where a timer is drawn now."""
        return drawn_place(self.motion, timer_id, self.now)

    def timer_at(self, pos: tuple[int, int]) -> str | None:
        """The timer drawn under `pos` (standing or lost), if any."""
        return timer_at(self.board, self.motion, self.run.state, self.now, pos)

    def seconds_held(self) -> int:
        """Whole seconds (rounded up) until the held final board goes on by itself."""
        shown = 0.0 if self.ended_at is None else self.now - self.ended_at
        return max(1, math.ceil((END_HOLD_MS - shown) / 1000))


def drawn_place(motion: Motion, timer_id: str, now: float) -> tuple[Point, float]:
    """(centre, tilt) where a timer is drawn at `now`."""
    centre, tilt, _lift = motion.place(timer_id, now)
    return centre, tilt


def timer_at(board: BoardView | None, motion: Motion, state: GameState, now: float,
             pos: tuple[int, int]) -> str | None:
    """The timer drawn under `pos` at `now` (standing or lost), if any."""
    if board is None:
        return None
    geo = board.geo
    for tid in motion.looks:
        centre, _tilt, _lift = motion.place(tid, now)
        # A lost timer answers wherever it is drawn (its tilted glass, name tag and badge).
        r = geo.lost_parts(centre).outline if state.timers[tid].lost else geo.glass_rect(centre)
        if pygame.Rect(r.left, r.top, r.w, r.h).inflate(4, 4).collidepoint(pos):
            return tid
    return None


def fraction(m: Moment, timer_id: str) -> float:
    """Sand in the top bulb as drawn (true remaining / capacity; empty top before the start flip)."""
    t = m.run.state.timers[timer_id]
    if m.run.phase == Phase.COUNTDOWN:
        return 0.0
    return t.remaining_ms / t.capacity_ms
