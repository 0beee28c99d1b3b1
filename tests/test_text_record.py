"""The text recording the layout tests stand on sees the texts painted into cached pictures where they land: on
the Arzium table a character's name on its plate, a party's coins, a hint's line, and a toast over it all."""
from __future__ import annotations

import pytest

from common.engine.app import App
from common.tools import catalog
from helpers import FRAME
from test_layout import drawn_frame
from text_record import Drawn, RecordingSurface, record


def test_the_recording_sees_texts_inside_pictures(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Drawn()
    record(drawn, monkeypatch)
    spec = catalog.get("arzium-play-hint")
    assert spec is not None
    scene = spec.build(app)
    app.stack.clear_to(scene)
    app.toast("A toast")
    app.step([], FRAME)
    drawn.placed.clear()
    drawn_frame(app, RecordingSurface(app.size, drawn))
    where = {p.string: p for p in drawn.placed}
    party = scene.parties[0]  # type: ignore[attr-defined]
    shown = scene.shown  # type: ignore[attr-defined]
    _plate, lines, _size = party.name_plate(shown, 0)
    assert any(p.string == lines[0] and party.rect.contains(p.rect) for p in drawn.placed), "a name on its plate"
    coins = str(shown.coins[0])
    assert any(p.string == coins and party.rect.contains(p.rect) for p in drawn.placed), "the party's coins"
    assert any(s.startswith("Hint: ") for s in where), "the hint's line on the map"
    assert "A toast" in where
