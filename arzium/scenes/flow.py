"""Which Arzium screen follows which: setup -> table (with the bid dialog over it) -> result -> a new table
(Play again) or back to where the setup was opened from (the menu).

The one module that builds the Arzium scenes; each scene hands over through the callbacks given here,
so the scenes do not import each other.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from arzium.rules.actions import Action
from arzium.rules.state import GameState
from arzium.scenes.bid_table import BidTable
from arzium.scenes.bidding import BidScene
from arzium.scenes.play import PlayScene
from arzium.scenes.result import ResultScene
from arzium.scenes.setup import SetupScene

if TYPE_CHECKING:
    from arzium.save import SavedGame
    from common.engine.app import App


def setup_scene(app: App) -> SetupScene:
    """The seats-and-mode screen; Start and Resume replace it with the table."""
    return SetupScene(app, lambda state: start_game(app, state), lambda saved: resume_game(app, saved))


def start_game(app: App, state: GameState) -> None:
    """A new game at the table in place of the top scene (saved at once, so it can be resumed)."""
    scene = play_scene(app, state, [])
    scene.table.autosave()
    app.replace(scene)


def resume_game(app: App, saved: SavedGame) -> None:
    """The saved game at the table in place of the top scene, its turn in progress still undoable."""
    scene = play_scene(app, saved.state, saved.actions, assisted=saved.assisted)
    scene.table.resume_turn(saved.pending)
    app.replace(scene)


def play_scene(app: App, state: GameState, actions: list[Action] | None = None,
               replay: list[Action] | None = None, autosave: bool = True, assisted: bool = False) -> PlayScene:
    """The table for `state` (see `PlayScene`), followed by its result screen."""
    scene: PlayScene

    def show_result(final: GameState, replay_path: str | None, watching: bool, was_assisted: bool) -> None:
        app.replace(result_scene(app, final, replay_path, watching, was_assisted, scene.table.actions))

    scene = PlayScene(app, state, show_result, lambda table: ask_bid(app, table), actions, replay, autosave, assisted)
    return scene


def ask_bid(app: App, table: BidTable) -> None:
    """The bid dialog over the table that gives `table`."""
    app.push(BidScene(app, table))


def result_scene(app: App, state: GameState, replay_path: str | None = None, watching: bool = False,
                 assisted: bool = False, actions: Sequence[Action] = ()) -> ResultScene:
    """The scores of the finished `state` (reached by `actions`); Play again puts a new game of the same seats on
    the table."""
    return ResultScene(app, state, lambda again: app.replace(play_scene(app, again)), replay_path, watching,
                       assisted, actions)
