"""A toast on the Arzium table (F5 reloading the sprite pack) covers no text a player reads: not the names
and numbers of the hand at the window's foot, nor a hint's line on the map's edge, at every window size."""
from __future__ import annotations

import pygame
import pytest

from common.tools import catalog
from helpers import FRAME, close_app, make_app
from text_record import Drawn, RecordingSurface, record

QUICK = {((960, 540), "arzium-play-hint"), ((1280, 720), "arzium-play")}  # the rest: slow


@pytest.mark.parametrize(("size", "scene"), [
    pytest.param(size, scene, id=f"{size[0]}x{size[1]}-{scene}",
                 marks=() if (size, scene) in QUICK else pytest.mark.slow)
    for size in ((960, 540), (1280, 720), (1920, 1080)) for scene in ("arzium-play", "arzium-play-hint")])
def test_the_reload_toast_covers_no_text_of_the_table(size: tuple[int, int], scene: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size)
    try:
        drawn = Drawn()
        record(drawn, monkeypatch)
        spec = catalog.get(scene)
        assert spec is not None
        app.stack.clear_to(spec.build(app))
        app.step([], FRAME)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode="", scancode=0)], FRAME)
        drawn.placed.clear()
        screen, app.screen = app.screen, RecordingSurface(app.size, drawn)
        try:
            app.draw(whole=True)
        finally:
            app.screen = screen
        toast = next(p for p in drawn.placed if p.string.startswith("Reloaded sprite pack"))
        others = [p for p in drawn.placed if p.string != toast.string and p.cover == toast.cover]
        assert len(others) > 30, "the recording saw too little of the table"
        panel = toast.rect.inflate(app.px(28), app.px(14))  # the toast's parchment round its words
        under = [f"{p.string!r} at {tuple(p.rect)}" for p in others if p.rect.colliderect(panel)]
        assert not under, f"the toast at {tuple(panel)} covers " + ", ".join(under)
    finally:
        close_app(app)
