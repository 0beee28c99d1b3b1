"""Watching an Arzium replay in the viewer (`common.scenes.replay_viewer`): the table, built after any number
of actions from the rules replayed up to there (with the move log so far), plays the actions still to come."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from arzium.replay_model import ArziumReplay, seats_text
from arzium.scenes.play import PlayScene
from common.data.i18n import _
from common.replays.cursor import Timeline
from common.replays.replay import Replay

if TYPE_CHECKING:
    from common.engine.app import App


class ArziumPlayback:
    """An Arzium replay for the viewer: positions are the number of actions made."""

    game = "arzium"

    def __init__(self, app: App, watched: ArziumReplay) -> None:
        self.app = app
        self.watched = watched
        self.timeline: Timeline = watched.timeline
        self.title = _("Replay · Arzium · {seats}").format(seats=seats_text(watched.rules))
        self.scene: PlayScene | None = None

    def seek(self, position: int, on_end: Callable[[], None]) -> PlayScene:
        """The table after `position` actions: one action on is played on the table already shown (its
        animations finished at once); any other position is a new table, dealt and played up to there."""
        scene = self.scene
        if scene is not None and position == self.position() + 1 and scene.table.work is None \
                and scene.table.submit(self.watched.actions[position - 1]):
            scene.skip_animations()
            return scene
        actions = list(self.watched.actions)
        self.scene = PlayScene(self.app, self.watched.state_at(position), lambda *_: on_end(), lambda *_: None,
                               actions[:position], replay=actions, autosave=False, bot_moves=self.watched.bot_moves)
        return self.scene

    def position(self) -> int:
        return len(self.scene.table.actions) if self.scene is not None else 0

    def describe(self, position: int) -> str:
        return _("{n} of {total} actions played").format(n=position, total=self.timeline.end)


def playback(app: App, replay: Replay, source: str) -> ArziumPlayback:
    """The viewer's side of an Arzium replay; `ReplayError` (one line) if it cannot be watched."""
    return ArziumPlayback(app, ArziumReplay.load(replay, source))
