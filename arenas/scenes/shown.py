"""What the play scene's drawing reads (a Protocol the scene satisfies), and the sand fraction drawn."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from arenas.match import Phase

if TYPE_CHECKING:
    from arenas.match import Run
    from arenas.remote_run import RemoteRun
    from arenas.scenes.board import BoardView
    from arenas.scenes.hands import TableLayout
    from arenas.scenes.hints import HintView
    from arenas.scenes.messages import Messages
    from arenas.scenes.motion import Motion
    from common.app import App
    from common.widgets import Button

Point = tuple[float, float]
HoverKey = tuple[str | None, int | None]  # (timer, gear) under the mouse


class Shown(Protocol):
    """The play scene as its view sees it: read only."""

    @property
    def app(self) -> App: ...
    @property
    def run(self) -> Run | RemoteRun: ...
    @property
    def motion(self) -> Motion: ...
    @property
    def messages(self) -> Messages: ...
    @property
    def now(self) -> float: ...
    @property
    def board(self) -> BoardView | None: ...
    @property
    def table(self) -> TableLayout | None: ...
    @property
    def area(self) -> tuple[int, int]: ...
    @property
    def wild(self) -> int | None: ...
    @property
    def wild_focus(self) -> str | None: ...
    @property
    def card_focus(self) -> int | None: ...
    @property
    def hint(self) -> HintView | None: ...
    @property
    def mouse(self) -> tuple[int, int]: ...
    @property
    def hover_key(self) -> HoverKey | None: ...
    @property
    def hover_ms(self) -> float: ...
    @property
    def ended_at(self) -> float | None: ...
    @property
    def last_home(self) -> str | None: ...
    @property
    def hint_button(self) -> Button: ...
    @property
    def leave_button(self) -> Button: ...
    @property
    def over_prompt(self) -> str: ...

    def hint_blocker(self) -> str | None: ...
    def drawn_place(self, timer_id: str) -> tuple[Point, float]: ...
    def timer_at(self, pos: tuple[int, int]) -> str | None: ...


def fraction(p: Shown, timer_id: str) -> float:
    """Sand in the top bulb as drawn (true remaining / capacity; empty top before the start flip)."""
    t = p.run.state.timers[timer_id]
    if p.run.phase == Phase.COUNTDOWN:
        return 0.0
    return t.remaining_ms / t.capacity_ms
