"""The numbers a player decides by, painted into the character cards' cached pictures: every card's points are
at least as tall as the table's body text (the move log's), on the table and on the result screen, at both
supported window sizes."""
from __future__ import annotations

from typing import Any

import pytest

from arzium.scenes import art
from common import catalog
from helpers import close_app, make_app


@pytest.mark.parametrize(("name", "size"), [("arzium-play", (960, 540)), ("arzium-play", (1280, 720)),
                                            ("arzium-result-4", (960, 540))])
def test_card_points_are_as_tall_as_the_body_text(name: str, size: tuple[int, int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size)
    try:
        painted: list[tuple[str, int]] = []
        render, make, pattern = art.text.render, art.CardArt._make_character, art.CardArt.draw_pattern
        making = [False]

        def spy(string: str, px: int, *args: Any, **kwargs: Any) -> Any:
            if making[0]:
                painted.append((string, px))
            return render(string, px, *args, **kwargs)

        def card(self: art.CardArt, *args: Any) -> Any:
            making[0] = True
            try:
                return make(self, *args)
            finally:
                making[0] = False

        spec = catalog.get(name)
        assert spec is not None
        scene = spec.build(app)
        monkeypatch.setattr(art.text, "render", spy)
        def well(self: art.CardArt, *args: Any) -> None:  # the pattern's squares: its blanks' "2" is not the points
            was, making[0] = making[0], False
            try:
                pattern(self, *args)
            finally:
                making[0] = was

        monkeypatch.setattr(art.CardArt, "_make_character", card)
        monkeypatch.setattr(art.CardArt, "draw_pattern", well)
        app.stack.clear_to(scene)
        for _ in range(3):
            app.step([], 1000 / 60)
        points = [px for string, px in painted if string.isdigit()]
        assert points, "no card was painted"
        body = app.font_px(art.NUMBER_PX)
        assert min(points) >= body, f"a card's points at {min(points)} px, the body text at {body} px"
    finally:
        close_app(app)
