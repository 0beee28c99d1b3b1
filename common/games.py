"""The games the menu offers: title, rules text and how to start each (imported lazily)."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common.paths import shipped

if TYPE_CHECKING:
    from common.app import App
    from common.scene import Scene


@dataclass(frozen=True)
class GameEntry:
    """One game of the collection."""

    key: str
    title: str
    tagline: str
    icon: str
    rules_file: Path
    start: str | None  # "module:function" returning the first scene, or None while not built
    replay_summary: str | None = None  # "module:function": (path, Replay) -> ReplayRow (common.replay_index)
    replay_viewer: str | None = None   # "module:function": (app, Replay, source) -> the viewer's Playback
    statistics: str | None = None      # "module:function": () -> StatsPage (common.replay_index)

    def make_start_scene(self, app: App) -> Scene:
        """Import the game lazily and build its first scene (setup screen); `DataError` if the game's data
        cannot be used (the menu shows it in one line)."""
        assert self.start is not None
        factory: Callable[[App], Scene] = hook(self.start)
        return factory(app)


def hook(ref: str) -> Callable[..., Any]:
    """The function a "module:function" reference names (the module imported now)."""
    module, func = ref.split(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), func)
    return found


GAMES: dict[str, GameEntry] = {
    "arenas": GameEntry("arenas", "Arenas Movedizas", "Real-time co-op: keep the sand timers alive",
                        "ui/icon_arenas", shipped("arenas", "rules_text.md"), "arenas.scenes.flow:setup_scene",
                        "arenas.scenes.replay_model:summarize", "arenas.scenes.replay_view:playback",
                        "arenas.scenes.statistics:statistics"),
    "arzium": GameEntry("arzium", "Arzium", "Wake the sleepwalkers: win the lands by majority",
                        "ui/icon_arzium", shipped("arzium", "rules_text.md"), "arzium.scenes.flow:setup_scene",
                        "arzium.scenes.replay_model:summarize", "arzium.scenes.replay_view:playback",
                        "arzium.scenes.statistics:statistics"),
}
