"""Which Arenas screen follows which: setup -> play -> result -> another run, the setup again or the menu;
setup -> My levels -> the level editor -> a try of the level and back.

The one module that knows the order of the scenes: it builds them with their exits as callbacks,
so the setup, play and result scenes never import one another.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from arenas.my_levels import MyLevels
from arenas.rules.actions import Action
from arenas.rules.levels import Level
from arenas.rules.state import GameState
from arenas.scenes.editor import EditorScene
from arenas.scenes.fitting import Fits
from arenas.scenes.my_levels import MyLevelsScene
from arenas.scenes.play import PlayScene
from arenas.scenes.result import ResultExits, ResultScene
from arenas.scenes.setup import SetupScene
from arenas.scenes.try_play import TryScene
from arenas.session import GameSetup, RunRecord

if TYPE_CHECKING:
    from common.engine.app import App


def setup_scene(app: App, level: int | None = None) -> SetupScene:
    """The setup screen (level `level` selected, if given); Start pushes the run over it, My levels the player's
    own levels."""
    return SetupScene(app, lambda setup: app.push(play_scene(app, setup)), level,
                      my_levels=lambda: app.push(my_levels_scene(app)))


def my_levels_scene(app: App, play: Callable[[GameSetup], None] | None = None, *, hosting: bool = False,
                    store: MyLevels | None = None) -> MyLevelsScene:
    """The player's own levels: Play pushes the run over them (its result leads back to them), or `play` takes
    the setup (hosting: a room opens with it); each way into the editor pushes it over them."""
    store = store if store is not None else MyLevels()
    return MyLevelsScene(app, play if play is not None else lambda setup: app.push(play_scene(app, setup)),
                         lambda level, level_id: app.push(editor_scene(app, level, level_id, store)),
                         hosting=hosting, store=store)


def editor_scene(app: App, level: Level, level_id: str | None, store: MyLevels | None = None,
                 fits: Fits | None = None) -> EditorScene:
    """The level editor on `level` (the level `level_id` of My levels, None: not saved yet); Try it pushes a run of
    the level over it, and Esc in the run comes back to it."""
    return EditorScene(app, level, level_id, lambda tried: app.push(TryScene(app, tried)),
                       store if store is not None else MyLevels(), fits)


def play_scene(app: App, setup: GameSetup, state: GameState | None = None, *,
               replay_actions: list[tuple[int, Action]] | None = None, countdown: bool = True) -> PlayScene:
    """A run of `setup` (from `state`, or driven by a replay's timed actions); its end shows the result."""

    def show_result(setup: GameSetup, state: GameState, record: RunRecord, watched: bool) -> None:
        app.replace(result_scene(app, setup, state, record, watched))

    return PlayScene(app, setup, show_result, state, replay_actions=replay_actions, countdown=countdown)


def result_scene(app: App, setup: GameSetup, state: GameState, record: RunRecord,
                 watched: bool = False) -> ResultScene:
    """The result of a run (or of a watched replay): its buttons lead to another run or the level select."""

    def play(setup: GameSetup, replay_actions: list[tuple[int, Action]] | None) -> None:
        app.replace(play_scene(app, setup, replay_actions=replay_actions))

    return ResultScene(app, setup, state, record, ResultExits(play, lambda number: level_select(app, number)),
                       watched)


def level_select(app: App, level: int) -> None:
    """Back to the setup screen (or My levels) under the result if there is one, else a new setup screen with
    `level` selected."""
    scenes = app.stack.scenes
    if len(scenes) >= 2 and isinstance(scenes[-2], SetupScene | MyLevelsScene):
        app.pop()
    else:
        app.replace(setup_scene(app, level))
