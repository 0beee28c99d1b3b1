"""The rules read in the middle of a run (F1): the sand keeps running underneath, as at the table."""
from __future__ import annotations

from typing import TYPE_CHECKING

from arenas.match import Match, Phase
from arenas.online_match import OnlineMatch
from common.data.i18n import _
from common.scenes.rules import RulesScene

if TYPE_CHECKING:
    from common.engine.app import App


class RunningRulesScene(RulesScene):
    """The Arenas rules over a run that does not stop: the scene underneath (the board) goes on taking its rules
    steps and animating (`keeps_below_running`), the bottom line tells the sand of the lowest timer of `run`, and
    the run's end closes the rules so the board shows it."""

    keeps_below_running = True

    def __init__(self, app: App, run: Match | OnlineMatch) -> None:
        super().__init__(app, "arenas")
        self.run = run

    def status_line(self) -> str | None:
        run = self.run
        if run.phase != Phase.RUNNING:
            return None
        low = min(run.state.timers.values(), key=lambda t: t.remaining_ms)
        return _("The sand is running: {n} s left in the lowest timer").format(n=-(-low.remaining_ms // 1000))

    def update(self, dt_ms: float) -> None:
        if self.run.state.result is not None:  # won or lost while reading: back to the board to see it
            self.close()
            return
        super().update(dt_ms)
