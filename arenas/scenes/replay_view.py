"""Watching an Arenas replay in the viewer (`common.scenes.replay_viewer`): the play scene, built at any
moment of the run from the rules replayed up to there, plays the cards still to come."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from arenas.replay_model import ArenasReplay
from arenas.scenes.play import PlayScene
from arenas.session import format_ms, is_shipped
from arenas.wording import level_title
from common.data.i18n import _
from common.replays.cursor import Timeline
from common.replays.replay import Replay

if TYPE_CHECKING:
    from common.engine.app import App


class ReplayPlayScene(PlayScene):
    """The play scene of a watched replay: at the end it tells the viewer instead of opening the result."""

    def __init__(self, app: App, watched: ArenasReplay, ms: int, on_end: Callable[[], None]) -> None:
        super().__init__(app, watched.setup, lambda *_: None, watched.state_at(ms),
                         replay_actions=watched.after(ms), countdown=False)
        self.on_end = on_end

    def to_result(self) -> None:
        self.on_end()


class ArenasPlayback:
    """An Arenas replay for the viewer: positions are ms of the run, stops are the cards."""

    game = "arenas"

    def __init__(self, app: App, watched: ArenasReplay) -> None:
        self.app = app
        self.watched = watched
        self.timeline: Timeline = watched.timeline
        level = watched.setup.level
        self.title = _("Replay · {level}").format(level=level_title(level, is_shipped(level)))
        self.scene: ReplayPlayScene | None = None

    def seek(self, position: int, on_end: Callable[[], None]) -> ReplayPlayScene:
        self.scene = ReplayPlayScene(self.app, self.watched, position, on_end)
        return self.scene

    def position(self) -> int:
        return self.scene.run.state.time_ms if self.scene is not None else 0

    def describe(self, position: int) -> str:
        cards = len(self.timeline.marks)
        return f"{format_ms(position)} / {format_ms(self.timeline.end)} · " + \
            _("card {n} of {total}").format(n=self.timeline.done(position), total=cards)


def playback(app: App, replay: Replay, source: str) -> ArenasPlayback:
    """The viewer's side of an Arenas replay; `ReplayError` (one line) if it cannot be watched."""
    return ArenasPlayback(app, ArenasReplay.load(replay, source))
