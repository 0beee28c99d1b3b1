"""Replay files for the replay screens' tests: a finished Arenas run and a finished Arzium game, written into
the (test's own) replays folder."""
from __future__ import annotations

import os
import random
from pathlib import Path

from arenas.scenes.catalog import finished_game
from arenas.session import to_replay
from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.replay import replay_from
from arzium.rules.state import default_setup, new_game
from common.data.paths import replays_dir
from common.engine.app import App
from common.engine.scene import Scene
from common.replays.replay import Replay, write_new_replay
from common.scenes.replay_viewer import ReplayViewerScene
from common.scenes.replays import watch_file


def arenas_replay() -> Replay:
    """Level 7 (The Fast One), two players, seed 3: a whole run of a seeded random team (13 cards)."""
    setup, state = finished_game()
    return to_replay(setup, state)


def arzium_replay(seed: int = 4, full: bool = False) -> Replay:
    """A random two-player game (basic, or `full`), played to its end."""
    state = new_game(default_setup(2, full), seed)
    rng = random.Random(seed)
    actions = []
    while not is_over(state):
        action = rng.choice(legal_actions(state))
        apply(state, action)
        actions.append(action)
    return replay_from(state, actions).to_file({"turns": state.turn})


def write(stem: str, replay: Replay, age_s: int = 0) -> Path:
    """`replay` saved in the replays folder as if `age_s` seconds old (the list shows the newest first)."""
    path = write_new_replay(replays_dir(), stem, replay)
    when = 2_000_000_000 - age_s
    os.utime(path, (when, when))
    return path


def watching(app: App, path: Path) -> ReplayViewerScene:
    """The replay viewer on `path`, opened as the replays list opens it (over a blank scene)."""
    app.stack.clear_to(Scene(app))
    assert watch_file(app, path) is None
    scene = app.stack.top
    assert isinstance(scene, ReplayViewerScene)
    return scene
