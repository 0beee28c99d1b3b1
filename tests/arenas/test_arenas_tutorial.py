"""The Arenas tutorial: it runs to its end with the right actions, the sand stands still while a step is shown,
every wrong action is explained and not played, and leaving and resuming restores the step."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from arenas.bots import TeammateBot
from arenas.match import Phase
from arenas.rules.actions import PlayCard
from arenas.rules.engine import legal_actions
from arenas.rules.state import GameState
from arenas.scenes.setup import SetupScene
from arenas.scenes.tutorial import TutorialScene, consequence
from arenas.scenes.tutorial_steps import REACT_MS, SPECS, free_index, position
from common.engine.app import App
from common.engine.layers import paint_all
from common.engine.scene import Scene
from common.games import GAMES
from common.tutorials.launch import open_tutorial, start_tutorial
from common.tutorials.progress import game_progress
from common.ui.dialog import Dialog
from helpers import key, run
from text_record import Drawn, record

WAITING = [i for i, s in enumerate(SPECS) if s.right is not None]


def frame(app: App, events: list[pygame.event.Event] | None = None, dt_ms: float = 100) -> None:
    """One frame, not drawn (the drawing is checked by the screenshots and the layers tests)."""
    app.step(events or [], dt_ms, draw=False)


def timers(state: GameState) -> dict[str, tuple[Any, ...]]:
    return {t.id: (t.tile, t.lost_beside, t.remaining_ms) for t in state.timers.values()}


@pytest.fixture()
def quick(app: App) -> App:
    app.settings.animation_speed = 0.0
    app.stack.clear_to(Scene(app))
    return app


def test_the_tutorial_runs_to_its_end_with_the_right_actions_on_exactly_the_boards_it_describes(quick: App) -> None:
    base = quick.stack.top
    start_tutorial(quick, GAMES["arenas"])
    bot = TeammateBot(0, seed=1)
    seen: list[str] = []
    for _frame in range(600):
        top = quick.stack.top
        if not isinstance(top, TutorialScene):
            break
        spec = top.spec
        if not seen or seen[-1] != spec.id:
            seen.append(spec.id)
            if not spec.free and top.run.phase != Phase.OVER:  # the board is the one the step's words describe
                assert timers(top.run.state) == timers(position(top.script.index)), spec.id
        if spec.free:
            action = bot.decide(top.run.state)
            if action is not None:
                top.apply(action, None)
            frame(quick)
        elif top.reacting > 0 or (top.run.phase == Phase.OVER and spec.right is not None):
            frame(quick, dt_ms=300)
        elif spec.right is None:
            frame(quick, key(pygame.K_RETURN))
        else:
            top.apply(spec.right, None)
            assert top.reacting == REACT_MS
    assert seen == [s.id for s in SPECS]
    assert isinstance(quick.stack.top, SetupScene) and quick.stack.scenes[-2] is base  # as its last step says
    progress = game_progress("arenas")[0]
    assert progress.finished and not progress.midway
    assert any("Tutorial complete" in t.message for t in quick.toasts)


def test_the_sand_stands_still_while_a_step_is_shown_and_flows_after_the_right_card(quick: App) -> None:
    scene = TutorialScene(quick, 2)  # "turn": S1 has 12 s
    quick.push(scene)
    for _ in range(30):
        frame(quick)
    assert scene.run.state.time_ms == 0 and scene.run.state.timers["slow1"].remaining_ms == 12_000
    scene.play_card(0)  # key 1: the Yellow card
    assert scene.run.state.timers["slow1"].remaining_ms == 48_000 and scene.run.state.timers["slow1"].tile == 1
    for _ in range(30):
        frame(quick)
    assert scene.run.state.time_ms == REACT_MS and scene.script.step.id == "turned"


def test_at_every_waiting_step_a_wrong_action_is_explained_and_not_played(quick: App) -> None:
    for index in WAITING:
        scene = TutorialScene(quick, index)
        quick.push(scene)
        state = scene.run.state
        wrong = next(a for a in legal_actions(state) if a != SPECS[index].right)
        before = state.to_dict()
        said = consequence(state, wrong)
        scene.apply(wrong, None)
        assert state.to_dict() == before and scene.script.index == index and scene.reacting == 0, SPECS[index].id
        assert scene.coach.wrong_why is not None and scene.coach.wrong_why.startswith(said)
        quick.pop()


def test_the_not_quite_line_says_what_the_card_would_do(quick: App) -> None:
    scene = TutorialScene(quick, 2)
    quick.push(scene)
    scene.apply(PlayCard(0, 1), None)  # Gray
    assert scene.coach.wrong_why == "Gray would turn M1. Play the Yellow card."
    trap = TutorialScene(quick, 5)
    quick.push(trap)
    trap.apply(PlayCard(0, 2), None)  # Square
    assert trap.coach.wrong_why == "Square would turn S1. Play the Gray card."
    lose = TutorialScene(quick, 19)
    quick.push(lose)
    assert consequence(lose.run.state, PlayCard(0, 0)) == "Orange would turn M1, and M1 would be empty at once"
    scene.apply(PlayCard(0, 0), None)
    assert quick.stack.top is lose  # the other scene is not on top: nothing else happened


def test_an_explain_step_takes_no_card(quick: App) -> None:
    scene = TutorialScene(quick, 0)
    quick.push(scene)
    run(quick, 1, key(pygame.K_1))
    assert scene.script.index == 0 and scene.run.state.actions == []
    assert scene.coach.wrong_why == "First read this step, then press Next"


def test_leaving_and_resuming_restores_the_step(quick: App) -> None:
    base = quick.stack.top
    start_tutorial(quick, GAMES["arenas"], 10)
    run(quick, 1, key(pygame.K_ESCAPE))
    assert isinstance(quick.stack.top, Dialog)
    run(quick, 1, key(pygame.K_RETURN))  # Leave
    assert quick.stack.top is base and game_progress("arenas")[0].step == 10
    open_tutorial(quick, GAMES["arenas"])
    run(quick, 1, key(pygame.K_RETURN))  # Resume at step 11
    scene = quick.stack.top
    assert isinstance(scene, TutorialScene) and scene.script.step.id == "blocked"
    assert timers(scene.run.state) == timers(position(10))


def test_losing_the_real_level_says_why_and_offers_to_try_again(quick: App) -> None:
    scene = TutorialScene(quick, free_index())
    quick.push(scene)
    for _ in range(90):  # no card: both timers are lost, then a lost one runs out
        scene.fixed_update(1000)
    assert scene.run.state.result == "lost"
    frame(quick, dt_ms=100)
    assert quick.stack.top is scene  # the final board is held ...
    frame(quick, key(pygame.K_1), dt_ms=100)  # ... a card key in its first moment goes nowhere
    assert quick.stack.top is scene
    frame(quick, dt_ms=600)
    frame(quick, key(pygame.K_RETURN))  # ... until a key says it was seen
    offer = quick.stack.top
    assert isinstance(offer, Dialog) and offer.title_text == "The sand won this time"
    failed = scene.run.state.failed_timer
    assert failed is not None and "ran out while lost beside gear" in offer.message
    assert "must be recovered with a wild card" in offer.message
    assert [b.label for b in offer.buttons] == ["Leave the tutorial", "Try again"]
    drawn = Drawn()
    with pytest.MonkeyPatch.context() as patch:
        record(drawn, patch)
        quick.step([], 16)  # drawn: the dialog speaks, the held board's words and prompt are gone from under it
    assert "The sand won this time" in drawn.strings
    assert "The sand ran out" not in drawn.strings and not any(s.startswith("On in ") for s in drawn.strings)
    frame(quick, key(pygame.K_ESCAPE))  # Esc: the last button, Try again
    again = quick.stack.top
    assert isinstance(again, TutorialScene) and again.script.index == free_index() and again.spec.free
    assert again.run.state.result is None and again.coach.wrong_why is None


def test_the_tutorial_through_the_layers_equals_a_full_redraw(quick: App) -> None:
    scene = TutorialScene(quick, 16)  # "recover": a ring on the wild card, then on S1
    quick.push(scene)
    for f in range(24):
        if f == 4:
            scene.play_card(0)  # the wild card waits for its target: the ring moves to S1
        if f == 10:
            scene.apply(PlayCard(0, 1), None)  # wrong: the "not quite" line
        quick.step(key(pygame.K_RIGHT) if f == 14 else [], 16)
        parts = quick.stack.frame_parts()
        assert parts is not None
        full = pygame.Surface(quick.size)
        paint_all(full, parts + quick._toast_parts())
        assert pygame.image.tobytes(quick.screen, "RGB") == pygame.image.tobytes(full, "RGB"), f"frame {f}"
