"""After losses in a row on a level the result offers the slower-sand assist: an offer beside Retry (which stays
the default), never forced; taken, the next run has slower sand and is marked assisted; a win ends the streak."""
from __future__ import annotations

import pygame
import pytest

from arenas.match import Phase
from arenas.records import Records
from arenas.rules.levels import level_path, load_level
from arenas.scenes import flow
from arenas.scenes.play import PlayScene
from arenas.scenes.result import LOSSES_BEFORE_OFFER, OFFERED_SPEED_PCT, ResultScene
from arenas.session import GameSetup
from common.engine.app import App


def lose(app: App, setup: GameSetup) -> ResultScene:
    """`setup` played by nobody until the sand wins, then on to its result screen."""
    scene = flow.play_scene(app, setup, countdown=False)
    app.stack.clear_to(scene)
    for _ in range(4000):
        if scene.run.phase == Phase.OVER:
            break
        app.step([], 250, draw=False)
    scene.to_result()
    result = app.stack.top
    assert isinstance(result, ResultScene)
    return result


def test_the_offer_comes_after_losses_in_a_row_and_leaves_retry_first(app: App) -> None:
    setup = GameSetup(load_level(level_path(2)), ("Ana",), seed=5)
    for n in range(1, LOSSES_BEFORE_OFFER + 1):
        result = lose(app, setup)
        assert result.record.losses_in_a_row == n
        assert (result.slower is not None) == (n >= LOSSES_BEFORE_OFFER)
    assert result.slower is not None
    assert result.buttons[0].label == "Retry" and result.group.focused is result.buttons[0]  # Enter: plain Retry
    result.layout(app.size)
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(result.slower.rect)
    assert not any(result.slower.rect.colliderect(b.rect) for b in result.buttons if b is not result.slower)
    assert not result.slower.rect.colliderect(result.chart_rect)
    result.slower.activate(app)
    again = app.stack.top
    assert isinstance(again, PlayScene) and again.run.setup.sand_speed_pct == OFFERED_SPEED_PCT
    assert again.run.state.assisted


@pytest.mark.parametrize("speed", [OFFERED_SPEED_PCT])
def test_no_offer_when_the_sand_is_already_slower(app: App, speed: int) -> None:
    setup = GameSetup(load_level(level_path(2)), ("Ana",), seed=5, sand_speed_pct=speed)
    for _ in range(LOSSES_BEFORE_OFFER):
        result = lose(app, setup)
    assert result.record.losses_in_a_row == LOSSES_BEFORE_OFFER and result.slower is None


def test_a_win_ends_the_losing_streak() -> None:
    records = Records.load()
    for won in (False, False, True, False):
        records.record(2, won=won, time_ms=1000, assisted=False)
    assert records.get(2).loss_streak == 1
    records.save()
    assert Records.load().get(2).loss_streak == 1
