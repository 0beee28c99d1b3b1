"""A game's side of watching a replay (`Playback`): its play scene built at any position of the replay's
timeline (`common.replays.cursor`). The replay viewer (`common.scenes.replay_viewer`) drives it; each game
gives one through its `replay_viewer` hook."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from common.engine.scene import Scene
    from common.replays.cursor import Timeline


class Playback(Protocol):
    """A game's side of the viewer."""

    game: str  # "arenas" / "arzium" (F1 opens its rules)
    title: str
    timeline: Timeline

    def seek(self, position: int, on_end: Callable[[], None]) -> Scene:
        """The game's play scene showing the replay from `position` on; `on_end` once it has shown the end.
        It may be the scene shown before, moved on (the viewer has left it and enters it again)."""
        ...

    def position(self) -> int:
        """Where the play scene last built has got to."""
        ...

    def describe(self, position: int) -> str:
        """`position` in words for the bar (time, action n of N)."""
        ...
