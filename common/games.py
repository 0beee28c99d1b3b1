"""The games the menu offers: title, rules text and how to start each (imported lazily)."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common.i18n import N_, language
from common.paths import shipped

if TYPE_CHECKING:
    from common.app import App
    from common.scene import Scene


@dataclass(frozen=True)
class GameEntry:
    """One game of the collection."""

    key: str
    title: str  # a name, the same in every language
    tagline: str  # marked with N_: shown through _()
    icon: str
    rules_file: Path
    start: str | None  # "module:function" returning the first scene, or None while not built
    replay_summary: str | None = None  # "module:function": (path, Replay) -> ReplayRow (common.replay_index)
    replay_viewer: str | None = None   # "module:function": (app, Replay, source) -> the viewer's Playback
    statistics: str | None = None      # "module:function": () -> StatsPage (common.replay_index)
    rules_figures: str | None = None   # "module:function": () -> the FigureBook (common.scenes.figures) of its rules
    tutorial: str | None = None        # "module:function": (app, step) -> the tutorial's scene at step `step`
    room: str | None = None            # "module:function": () -> the game's side of rooms (common.net.room.GameSide)
    online_setup: str | None = None    # "module:function": (app, chosen(setup JSON)) -> the setup screen to host
    online_play: str | None = None     # "module:function": (app, OnlineSession, hosted server) -> the online table

    def rules_text_file(self) -> Path:
        """The rules text in the current language (rules_text.<lang>.md beside the English one), else English."""
        translated = self.rules_file.with_name(f"{self.rules_file.stem}.{language()}.md")
        return translated if language() != "en" and translated.is_file() else self.rules_file

    def make_start_scene(self, app: App) -> Scene:
        """Import the game lazily and build its first scene (setup screen); `DataError` if the game's data
        cannot be used (the menu shows it in one line)."""
        assert self.start is not None
        factory: Callable[[App], Scene] = hook(self.start)
        return factory(app)


    def make_tutorial_scene(self, app: App, step: int) -> Scene:
        """Import the game lazily and build its tutorial scene at step `step` (0: the start); `DataError` if
        the game's data cannot be used."""
        assert self.tutorial is not None
        factory: Callable[[App, int], Scene] = hook(self.tutorial)
        return factory(app, step)


def hook(ref: str) -> Callable[..., Any]:
    """The function a "module:function" reference names (the module imported now)."""
    module, func = ref.split(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), func)
    return found


GAMES: dict[str, GameEntry] = {
    "arenas": GameEntry("arenas", "Arenas Movedizas", N_("Real-time co-op: keep the sand timers alive"),
                        "ui/icon_arenas", shipped("arenas", "rules_text.md"), "arenas.scenes.flow:setup_scene",
                        "arenas.replay_model:summarize", "arenas.scenes.replay_view:playback",
                        "arenas.scenes.statistics:statistics", rules_figures="arenas.scenes.rules_figures:figure_book",
                        tutorial="arenas.scenes.tutorial:tutorial_scene", room="arenas.room:game_side",
                        online_setup="arenas.scenes.online:setup_scene", online_play="arenas.scenes.online:play_scene"),
    "arzium": GameEntry("arzium", "Arzium", N_("Wake the sleepwalkers: win the lands by majority"),
                        "ui/icon_arzium", shipped("arzium", "rules_text.md"), "arzium.scenes.flow:setup_scene",
                        "arzium.replay_model:summarize", "arzium.scenes.replay_view:playback",
                        "arzium.scenes.statistics:statistics", rules_figures="arzium.scenes.rules_figures:figure_book",
                        tutorial="arzium.scenes.tutorial:tutorial_scene", room="arzium.room:game_side",
                        online_setup="arzium.scenes.online:setup_scene", online_play="arzium.scenes.online:play_scene"),
}
