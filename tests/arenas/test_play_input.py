"""The Arenas play scene's input as values: from the scene's `Moment` and one event, what the input wants
done (`TableCommand`s), which the scene then carries out. A moment is a snapshot, so each case is a changed copy."""
from __future__ import annotations

from dataclasses import replace

import pygame

from arenas.match import Phase
from arenas.rules.actions import PlayCard
from arenas.rules.components import WILD
from arenas.rules.levels import level_path, load_level
from arenas.rules.preview import wild_choices
from arenas.scenes import flow
from arenas.scenes.play import PlayScene
from arenas.scenes.play_input import Do, FocusCard, FocusWild, Play, Say, TakeWild, handle, play_card
from arenas.session import GameSetup
from common.engine.app import App


def down(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def press(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def level_1(app: App, countdown: bool) -> PlayScene:
    setup = GameSetup(load_level(level_path(1)), ("Ana",), seed=11, counts=False)
    scene = flow.play_scene(app, setup, countdown=countdown)
    app.stack.clear_to(scene)
    app.step([], 50.0, draw=False)
    return scene


def test_keys_play_cards_and_a_card_that_is_not_there_is_said(app: App) -> None:
    scene = level_1(app, countdown=False)
    m = scene.moment()
    assert m.run.phase == Phase.RUNNING
    assert handle(m, down(pygame.K_1)) == (Play(PlayCard(0, 0), None),)
    assert handle(m, down(pygame.K_KP2)) == (Play(PlayCard(0, 1), None),)
    count = len(m.run.state.hands[0])
    assert play_card(m, count) == (Say(f"There is no card {count + 1}: this hand holds {count}"),)
    assert handle(m, down(pygame.K_RIGHT)) == (FocusCard(0),)
    assert handle(replace(m, card_focus=count - 1), down(pygame.K_RIGHT)) == (FocusCard(0),)  # round the hand
    assert handle(m, down(pygame.K_ESCAPE)) == (Do.ASK_LEAVE,)  # no pause assist: Esc asks
    assert handle(m, down(pygame.K_x)) is None  # not the play's key
    assert handle(m, pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))) is None
    assert scene.wild is None and scene.card_focus is None  # reading input changed nothing


def test_the_wild_card_waits_for_its_target_and_the_scene_carries_it_out(app: App) -> None:
    scene = level_1(app, countdown=False)
    state = scene.run.state
    state.hands[0][0] = WILD
    m = scene.moment()
    targets = sorted((t for t in state.timers if t in wild_choices(state, 0)), key=lambda t: m.drawn_place(t)[0])
    assert len(targets) >= 2
    (take,) = play_card(m, 0)
    assert take == TakeWild(0, targets[0])  # the leftmost target first
    waiting = replace(m, wild=0, wild_focus=targets[0])
    assert play_card(waiting, 0) == (Do.CANCEL_WILD,)  # the same card again puts it back
    assert handle(waiting, down(pygame.K_ESCAPE)) == (Do.CANCEL_WILD,)
    assert handle(waiting, press((1, 1), button=3)) == (Do.CANCEL_WILD,)
    assert handle(m, press((1, 1), button=3)) is None  # no wild card waiting: not the play's click
    assert handle(waiting, down(pygame.K_RIGHT)) == (FocusWild(targets[1]),)
    assert handle(waiting, down(pygame.K_RETURN)) == (Play(wild_choices(state, 0)[targets[0]], None),)
    scene.carry_out((take,))
    assert (scene.wild, scene.wild_focus) == (0, targets[0])
    scene.carry_out((Do.CANCEL_WILD,))
    assert (scene.wild, scene.wild_focus) == (None, None)
    assert scene.messages.floating[-1].message == "Wild card kept in hand"


def test_the_countdown_and_the_pause_take_their_own_keys_and_clicks(app: App) -> None:
    scene = level_1(app, countdown=True)
    m = scene.moment()
    assert m.run.phase == Phase.COUNTDOWN
    assert handle(m, press((3, 3))) == (Do.SKIP_COUNTDOWN,)
    (said,) = handle(m, down(pygame.K_1)) or ()
    assert isinstance(said, Say) and said.message.startswith("Get ready")
    scene.carry_out((Do.SKIP_COUNTDOWN,))
    assert scene.run.phase == Phase.RUNNING
    scene.run.pause()
    paused = scene.moment()
    assert handle(paused, down(pygame.K_ESCAPE)) == (Do.RESUME_PLAY,)
    assert handle(paused, down(pygame.K_l)) == (Do.PRESS_LEAVE,)
    assert handle(paused, down(pygame.K_1)) == ()  # used up: no card while paused
    assert handle(paused, press(scene.leave_button.rect.center)) == (Do.PRESS_LEAVE,)
    assert handle(paused, press((1, 1))) == (Do.RESUME_PLAY,)
