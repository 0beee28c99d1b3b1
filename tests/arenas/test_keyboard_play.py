"""Arenas by the keyboard alone: level 1 from the countdown to the result screen, the wild card's target
chosen with the arrows and Enter, and the help overlay over running sand."""
from __future__ import annotations

import pygame
import pytest

from arenas.bots.teammate import TeammateBot
from arenas.match import Phase
from arenas.rules.actions import PlayCard, PlayWild
from arenas.rules.components import WILD
from arenas.rules.levels import level_path, load_level
from arenas.scenes import flow
from arenas.scenes.ending import deciding_timer, ending_lines
from arenas.scenes.play import LeaveDialog, PlayScene
from arenas.scenes.result import ResultScene
from arenas.session import GameSetup
from arenas.wording import timer_name
from common.engine.app import App
from common.scenes.help import HelpOverlay
from helpers import key
from text_record import Drawn, record

FRAME = 50.0  # long frames: the sand's 10 ms steps are the same, the test is quicker


def solo(app: App, countdown: bool = True, allow_pause: bool = False) -> PlayScene:
    setup = GameSetup(load_level(level_path(1)), ("Ana",), seed=11, counts=False, allow_pause=allow_pause)
    scene = flow.play_scene(app, setup, countdown=countdown)
    app.stack.clear_to(scene)
    app.step([], FRAME, draw=False)
    return scene


def press(app: App, k: int) -> None:
    app.step(key(k), FRAME, draw=False)


def aim_wild(app: App, scene: PlayScene, target: str) -> None:
    """Arrows toward `target` until the wild card's focus is on it."""
    for _step in range(12):
        if scene.wild_focus == target:
            return
        assert scene.wild_focus is not None
        (fx, fy), _t = scene.drawn_place(scene.wild_focus)
        (tx, ty), _t = scene.drawn_place(target)
        dx, dy = tx - fx, ty - fy
        press(app, (pygame.K_RIGHT if dx > 0 else pygame.K_LEFT) if abs(dx) >= abs(dy) else
              (pygame.K_DOWN if dy > 0 else pygame.K_UP))
    raise AssertionError(f"the arrows never reached {target}")


def test_level_1_from_the_countdown_to_the_result_by_the_keyboard_alone(app: App) -> None:
    scene = solo(app)
    press(app, pygame.K_RETURN)  # skip the countdown
    assert scene.run.phase == Phase.RUNNING
    bot = TeammateBot(0)
    wilds = 0
    for _frame in range(20000):
        if isinstance(app.stack.top, ResultScene):
            break
        state = scene.run.state
        if scene.run.phase == Phase.OVER:
            press(app, pygame.K_RETURN)
            continue
        action = bot.decide(state)
        match action:
            case PlayCard(hand_index=i):
                press(app, pygame.K_1 + i)
            case PlayWild(hand_index=i, timer=target):
                press(app, pygame.K_1 + i)
                aim_wild(app, scene, target)
                press(app, pygame.K_RETURN)
                wilds += 1
            case None:
                app.step([], FRAME, draw=False)
    assert isinstance(app.stack.top, ResultScene)
    assert scene.run.state.result == "won" and all(a[1].player == 0 for a in scene.run.state.actions)
    last = scene.last_home  # the final board pointed at the last timer home
    assert last is not None and deciding_timer(scene.run.state, last) == last
    assert scene.run.state.timers[last].position >= scene.run.state.level.deactivator
    assert ending_lines(scene.run.state, last) == [f"{timer_name(last)} was the last one home"]
    print(f"level 1 by keys: {scene.run.state.result} at {scene.run.state.time_ms} ms, {wilds} wild cards")


def test_the_wild_cards_target_by_arrows_and_enter_with_its_focus_shown(app: App) -> None:
    scene = solo(app, countdown=False)
    state = scene.run.state
    state.hands[0][0] = WILD
    press(app, pygame.K_1)
    first = scene.wild_focus
    assert scene.wild == 0 and first is not None
    (x0, _y), _t = scene.drawn_place(first)
    press(app, pygame.K_RIGHT)
    moved = scene.wild_focus
    assert moved is not None and moved != first and scene.drawn_place(moved)[0][0] > x0
    app.draw()  # the focused ring is drawn
    press(app, pygame.K_RETURN)
    assert state.actions[-1][1] == PlayWild(0, 0, "activate", moved) and scene.wild is None


def test_the_help_overlay_lets_the_sand_run_without_the_pause_assist_and_pauses_with_it(app: App) -> None:
    scene = solo(app, countdown=False)
    before = scene.run.state.time_ms
    press(app, pygame.K_F2)
    assert isinstance(app.stack.top, HelpOverlay)
    for _frame in range(4):
        app.step([], FRAME)
    assert scene.run.state.time_ms >= before + 200 and not scene.run.paused  # no free pause
    press(app, pygame.K_SPACE)
    assert app.stack.top is scene
    paused = solo(app, countdown=False, allow_pause=True)
    press(app, pygame.K_F2)
    assert paused.run.paused and paused.run.state.assisted  # the pause assist, as the rules open it


def test_the_arrows_rest_on_a_card_which_lifts_and_previews_and_enter_plays_it(app: App) -> None:
    from arenas.scenes.previews import card_preview
    scene = solo(app)
    press(app, pygame.K_RETURN)  # skip the countdown
    app.step([], FRAME)
    assert scene.card_focus is None and card_preview(scene.moment()) is None  # the mouse is on no card
    press(app, pygame.K_RIGHT)
    assert scene.card_focus == 0
    for _step in range(4):  # round the hand of three, on to the second card
        press(app, pygame.K_RIGHT)
    assert scene.card_focus == 1
    shown = card_preview(scene.moment())
    assert shown is not None and shown.hand_index == 1
    press(app, pygame.K_LEFT)
    assert scene.card_focus == 0
    played = scene.run.state.hands[0][0]
    press(app, pygame.K_RETURN)
    _at, action = scene.run.state.actions[-1]
    assert action == PlayCard(0, 0) and scene.run.state.discard[-1] == played


def test_the_pause_overlay_offers_leave_with_a_confirmation(app: App) -> None:
    scene = solo(app, countdown=False, allow_pause=True)
    below = app.stack.scenes[-2] if len(app.stack.scenes) > 1 else None
    press(app, pygame.K_ESCAPE)
    assert scene.run.paused
    leave = scene.leave_button.rect
    assert leave.w > 0 and pygame.Rect((0, 0), app.size).contains(leave)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=leave.center, button=1)], FRAME, draw=False)
    ask = app.stack.top
    assert isinstance(ask, LeaveDialog) and ask.message == "Leaving ends this run."  # paused: no sand running
    drawn = Drawn()
    with pytest.MonkeyPatch.context() as patch:
        record(drawn, patch)
        app.step([], FRAME)  # drawn: the question alone, the pause overlay's words not peeking out around it
    assert "Leaving ends this run." in drawn.strings and "Paused" not in drawn.strings
    press(app, pygame.K_ESCAPE)  # Keep playing: still paused
    assert app.stack.top is scene and scene.run.paused
    press(app, pygame.K_l)
    ask = app.stack.top
    assert isinstance(ask, LeaveDialog)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ask.buttons[0].rect.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ask.buttons[0].rect.center, button=1)], FRAME, draw=False)
    assert scene not in app.stack.scenes and app.stack.top is below
