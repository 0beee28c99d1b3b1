"""The Arzium table's still picture is made again on a move, a resize and a pack reload, and not otherwise."""
from __future__ import annotations

from arzium.rules.actions import Search
from arzium.rules.engine import legal_actions
from arzium.scenes.catalog import midgame_scene
from common.engine.app import App
from helpers import FRAME


def still_frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step([], FRAME)


def test_the_table_is_remade_only_when_what_it_shows_changes(app: App) -> None:
    scene = midgame_scene(app)
    app.stack.clear_to(scene)
    still_frames(app, 5)
    layers = app.layers
    counts = (layers.builds, layers.repaints)
    still_frames(app, 20)
    assert (layers.builds, layers.repaints) == counts  # nothing changed: nothing made again
    action = next(a for a in legal_actions(scene.table.view_state()) if isinstance(a, Search))
    assert scene.act(action)
    still_frames(app, 3)
    assert layers.builds == counts[0] and layers.repaints > counts[1]  # a move: regions painted again
    app.resize_window((1000, 600))
    still_frames(app, 2)
    assert layers.builds == counts[0] + 1  # a new size: a new picture
    repaints = layers.repaints
    still_frames(app, 5)
    assert layers.repaints == repaints
    app.reload_sprites()
    still_frames(app, 2)
    assert layers.builds == counts[0] + 1 and layers.repaints > repaints  # F5: every part is new
