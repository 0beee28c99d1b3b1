"""Hot-seat: between two human seats the table waits behind a hand-off ("Bo's turn"); until Bo says ready
(one key or a click on its button, after a grace time) nothing reaches the table, and its button never
stands where a sidebar button (the last one Ann pressed) stands."""
from __future__ import annotations

import pygame
import pytest

from arzium.rules.actions import Search
from arzium.rules.engine import legal_actions
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.flow import play_scene
from arzium.scenes.handoff import GRACE_MS, HandOff
from arzium.scenes.play import PlayScene
from common.engine.app import App
from helpers import close_app, make_app, tick
from table_spy import ANN, BO, BOT, FRAME, click, key, record_table, run


def _table(app: App, seats: tuple[SeatSetup, ...]) -> tuple[PlayScene, list[str]]:
    scene = play_scene(app, new_game(Setup(seats, False, 0), 3), autosave=False)
    banners, _sounds = record_table(app, scene)
    return scene, banners


def _settle(app: App, scene: PlayScene) -> None:
    for _ in range(3000):
        if app.stack.top is not scene or (not scene.timeline.busy and not scene.board_view.turning):
            return
        tick(app)
    raise AssertionError("the table never came to rest")


def _search_and_confirm(app: App, scene: PlayScene) -> pygame.Rect:
    """The acting human searches, then clicks Confirm turn; where that button was."""
    st = scene.table.state
    assert scene.act(next(a for a in legal_actions(st) if type(a) is Search))
    _settle(app, scene)
    run(app, 2)
    confirm = scene.sidebar.confirm_btn
    assert confirm in scene.group.widgets
    where = confirm.rect.copy()
    run(app, 1, click(where.center))
    assert scene.table.work is None, "the click confirmed the turn"
    return where


def test_the_next_human_gets_the_screen_only_by_saying_ready(app: App) -> None:
    scene, banners = _table(app, (ANN, BO))
    run(app, 2)
    assert app.stack.top is scene  # the first seat is not handed the screen: nobody had it
    confirm = _search_and_confirm(app, scene)
    _settle(app, scene)
    handoff = app.stack.top
    assert isinstance(handoff, HandOff) and handoff.title_text == "Bo's turn"
    actions = list(scene.table.actions)
    # Ann's quick extra clicks and keys where her last button was, during the grace time and after it
    run(app, 3, [*click(confirm.center), key(pygame.K_RETURN), key(pygame.K_SPACE)])
    run(app, round(GRACE_MS / FRAME) + 1)
    run(app, 1, [*click(confirm.center), key(pygame.K_r), key(pygame.K_1)])
    assert app.stack.top is handoff and scene.table.actions == actions and scene.table.work is None
    assert "Bo, your turn" not in banners
    assert not handoff.start_button.colliderect(confirm)
    run(app, 1, click(handoff.start_button.center))
    assert app.stack.top is scene and scene.table.acting_human() == 1
    _settle(app, scene)
    run(app, 2)
    assert banners.count("Bo, your turn") == 1 and scene.table.actions == actions


def _handed_over(app: App) -> tuple[PlayScene, HandOff]:
    """Ann's and Bo's table after Ann's first turn, the screen handed to Bo."""
    scene, _banners = _table(app, (ANN, BO))
    run(app, 2)
    _search_and_confirm(app, scene)
    _settle(app, scene)
    handoff = app.stack.top
    assert isinstance(handoff, HandOff)
    return scene, handoff


def test_a_key_during_the_grace_time_starts_nothing(app: App) -> None:
    scene, handoff = _handed_over(app)
    run(app, round(GRACE_MS / FRAME) - 2, [key(pygame.K_RETURN)])
    assert app.stack.top is handoff
    run(app, 3)
    run(app, 1, [key(pygame.K_RETURN)])
    assert app.stack.top is scene


def test_a_bot_between_two_humans_still_hands_the_screen_over(app: App) -> None:
    scene, _banners = _table(app, (ANN, BOT, BO))
    run(app, 2)
    _search_and_confirm(app, scene)
    for _ in range(3000):
        if app.stack.top is not scene:
            break
        tick(app)
    handoff = app.stack.top
    assert isinstance(handoff, HandOff) and handoff.title_text == "Bo's turn"
    assert len(scene.table.actions) >= 2  # the bot has played its turn behind it


def test_one_human_against_bots_is_never_handed_the_screen(app: App) -> None:
    scene, _banners = _table(app, (ANN, BOT))
    run(app, 2)
    st = scene.table.state
    assert scene.act(next(a for a in legal_actions(st) if type(a) is Search))
    for _ in range(1500):
        assert app.stack.top is scene
        tick(app)
        if scene.table.acting_human() == 0 and len(scene.table.actions) >= 2:
            break
    assert len(scene.table.actions) >= 2 and app.stack.top is scene


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_ready_button_stands_clear_of_every_sidebar_button(size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        scene, handoff = _handed_over(app)
        start = handoff.start_button
        assert start.w > 0 and pygame.Rect((0, 0), size).contains(start)
        assert not any(start.colliderect(slot) for slot in scene.sidebar.button_slots)
        assert not start.colliderect(scene.sidebar.hint_btn.rect)
    finally:
        close_app(app)


def _contrast(surface: pygame.Surface, area: pygame.Rect) -> int:
    """How far apart the darkest and the lightest grey of `area` are (0..255)."""
    grey = [sum(surface.get_at((x, y))[:3]) // 3 for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)]
    return max(grey) - min(grey)


def test_nothing_of_the_next_seat_is_readable_before_ready(app: App) -> None:
    scene, _banners = _table(app, (ANN, BO))
    run(app, 2)
    _search_and_confirm(app, scene)
    _settle(app, scene)
    assert isinstance(app.stack.top, HandOff)
    header = scene.sidebar.header  # already Bo's: "Bo, your turn", what to choose, the Hint button
    frame = pygame.Surface(app.size)
    app.stack.draw(frame)
    assert _contrast(frame, header) <= 8, "the next seat's prompt shows through the hand-off"
    scene.draw(frame)
    assert _contrast(frame, header) > 100, "the header holds no text to hide"
