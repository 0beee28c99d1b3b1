"""The Arenas online table as the catalog shows it: the room's lines (a slow connection, who is away or played by
a bot for now, this player's card on its way) stand over the board above the prompt line, off the top bar's
timer names, in both sizes."""
from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from arenas.match import Phase
from arenas.scenes.online import OnlinePlayScene
from common import catalog
from helpers import close_app, make_app, run


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
def test_the_rooms_lines_stand_above_the_prompt_off_the_top_bar(size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        spec = catalog.get("arenas-online")
        assert spec is not None
        scene = spec.build(app)
        app.stack.clear_to(scene)
        run(app, 3)
        assert isinstance(scene, OnlinePlayScene) and scene.table is not None
        pills = {p.key[1]: p.rect for p in scene.frame_parts() or [] if isinstance(p.key, tuple) and p.key[0] == "pill"}
        assert list(pills) == ["Slow connection: 210 ms to the server",
                               "Bruno: away: 41 s left  ·  Carla: a bot for now",
                               "Your card is on its way to the server…"]
        table = scene.table
        for rect in pills.values():
            assert table.board.contains(rect) and not rect.colliderect(table.hud)
            assert rect.bottom < table.prompt_y - app.px(12)
        rects = list(pills.values())
        assert all(a.bottom <= b.top for a, b in pairwise(rects))
    finally:
        close_app(app)


def test_a_team_mate_elsewhere_on_turn_is_their_turn_not_yours_and_shows_no_keys() -> None:
    app = make_app()
    try:
        spec = catalog.get("arenas-online")
        assert spec is not None
        scene = spec.build(app)
        assert isinstance(scene, OnlinePlayScene)
        scene.remote.seat = 1  # the same room on Bruno's screen: Ana's turn
        scene.remote.pending.clear()
        app.stack.clear_to(scene)
        run(app, 2)
        drawn: dict[int, bool] = {}
        painter = scene.view.seats
        real = painter.picture

        def picture(*args: Any, **kwargs: Any) -> Any:
            drawn[args[1]] = kwargs["keys"]
            return real(*args, **kwargs)
        painter.picture = picture  # type: ignore[method-assign]
        scene.frame_parts()
        assert drawn == {0: False, 1: True, 2: False}  # Ana elsewhere, Bruno here, Carla a bot for now
    finally:
        close_app(app)


def test_at_the_end_a_team_mate_gone_to_their_result_is_not_told_as_away() -> None:
    app = make_app()
    try:
        spec = catalog.get("arenas-online")
        assert spec is not None
        scene = spec.build(app)
        assert isinstance(scene, OnlinePlayScene)
        app.stack.clear_to(scene)
        run(app, 2)

        def pills() -> list[str]:
            return [str(p.key[1]) for p in scene.frame_parts() or [] if isinstance(p.key, tuple) and p.key[0] == "pill"]
        assert any(words.startswith("Bruno: away") for words in pills())
        scene.remote.phase = Phase.OVER  # the held final board, Bruno's app already on its result screen
        assert not any("away" in words or "bot for now" in words for words in pills())
    finally:
        close_app(app)
