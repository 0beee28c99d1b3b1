"""The setup screen's little map: the north and south seats' names sit on the parchment outside the map's
frame, never over it (at either window size)."""
from __future__ import annotations

import pygame
import pytest

from arzium.scenes.flow import setup_scene
from common.engine.app import App
from text_record import Drawn, RecordingSurface, record


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_north_and_south_seat_names_stay_off_the_map(app: App, size: tuple[int, int],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    app.resize_window(size)
    scene = setup_scene(app)
    app.stack.clear_to(scene)
    app.step([], 1000 / 60)
    names = {edge: seat["name"] for edge, seat in zip(scene.edges, scene.seats)}
    assert set(names) == {"south", "north"}
    drawn = Drawn()
    record(drawn, monkeypatch)
    scene.draw(RecordingSurface(app.size, drawn))
    by_map = scene.map_rect.inflate(0, scene.map_rect.h)  # the labels round the map, not the seat rows' fields
    where = {p.string: p.rect for p in drawn.placed if by_map.collidepoint(p.rect.center)}
    north = where[names["north"]]
    south = where[next(s for s in where if s.startswith(names["south"]))]  # "Player 1 (1st)"
    assert north.bottom <= scene.map_rect.top and south.top >= scene.map_rect.bottom
    assert not north.colliderect(scene.map_rect) and not south.colliderect(scene.map_rect)
    assert pygame.Rect((0, 0), size).contains(north)
