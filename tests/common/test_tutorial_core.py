"""The shared tutorial machinery: a script's steps, the progress file, the first-launch offer and resuming."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from common.engine.app import App
from common.engine.scene import Scene
from common.games import GAMES
from common.scenes.menu import MenuScene
from common.tutorials.coach import Coach, CoachAsks, leave_dialog
from common.tutorials.launch import open_tutorial
from common.tutorials.progress import game_progress, progress_path, update_progress
from common.tutorials.steps import OK, Script, Step, Verdict, wrong
from common.ui.dialog import Dialog
from helpers import click, key, run

STEPS: list[Step[int]] = [
    Step("hello", "Hello", "Read me."),
    Step("seven", "Play seven", "Play the seven.", lambda n: OK if n == 7 else wrong(f"{n} is not seven")),
    Step("bye", "Bye", "Done."),
]


class FakeTutorial(Scene):
    """A stand-in for a game's tutorial scene: remembers the step it was opened at."""

    def __init__(self, app: App, step: int) -> None:
        super().__init__(app)
        self.step = step


def fake_tutorial(app: App, step: int) -> Scene:
    return FakeTutorial(app, step)


@pytest.fixture()
def fake_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "arenas", replace(GAMES["arenas"], tutorial=fake_tutorial))


def test_a_script_waits_for_the_right_action_and_explains_a_wrong_one() -> None:
    script = Script(STEPS)
    assert not script.step.waits and script.attempt(7) == Verdict("First read this step, then press Next")
    assert script.next() and script.step.id == "seven" and not script.next()
    assert script.attempt(3) == Verdict("3 is not seven") and script.index == 1
    assert script.attempt(7).ok and script.step.id == "bye"
    assert script.next() and script.finished and script.index_of("seven") == 1


def test_the_coach_enter_is_next_only_on_an_explain_step_and_esc_asks_to_leave(app: App) -> None:
    script = Script(STEPS)
    left: list[bool] = []
    coach = Coach(app, script)
    coach.layout(pygame.Rect(900, 60, 360, 420))
    app.stack.clear_to(Scene(app))
    assert coach.handle(key(pygame.K_RETURN)[0]) and script.index == 1 and coach.asks.take() == [CoachAsks.NEXT]
    assert not coach.handle(key(pygame.K_RETURN)[0]) and script.index == 1  # waits: Enter is the game's
    assert coach.asks.take() == []
    assert [b.label for b in coach.group.widgets] == ["Leave tutorial"]
    coach.say_wrong("3 is not seven")
    surface = pygame.Surface((1280, 720))
    coach.draw(surface)
    assert coach.handle(key(pygame.K_ESCAPE)[0]) and coach.asks.take() == [CoachAsks.LEAVE]
    assert app.stack.top is not None and not isinstance(app.stack.top, Dialog)  # the scene asks, not the coach
    assert coach.handle(click(coach.leave_button.rect.center)[1]) and coach.asks.take() == [CoachAsks.LEAVE]
    app.stack.push(leave_dialog(app, lambda: left.append(True)))
    run(app, 1, key(pygame.K_RETURN))  # "Leave"
    assert left == [True]


def test_progress_is_saved_and_a_bad_file_is_set_aside_in_one_line() -> None:
    assert update_progress("arenas", step=4, step_id="wild") is None
    progress, message = game_progress("arenas")
    assert message is None and (progress.step, progress.step_id, progress.midway) == (4, "wild", True)
    progress_path().write_text('{"games": {"arenas": {"step": "four"}}, "version": 1}', encoding="utf-8")
    progress, message = game_progress("arenas")
    assert progress.step == 0 and message is not None and "\n" not in message
    assert "tutorial progress file" in message and "games.arenas.step" in message
    assert list(Path(progress_path().parent).glob("tutorials.json.bad-*"))


def test_the_first_launch_offer_is_asked_once_and_remembered(app: App, fake_game: None) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    menu.choose_game("arenas")
    offer = app.stack.top
    assert isinstance(offer, Dialog) and [b.label for b in offer.buttons] == ["Take the tutorial", "Play now"]
    run(app, 1, key(pygame.K_RETURN))  # Take the tutorial
    assert isinstance(app.stack.top, FakeTutorial) and app.stack.top.step == 0
    assert game_progress("arenas")[0].offered
    app.stack.clear_to(menu)
    menu.choose_game("arenas")
    assert type(app.stack.top).__name__ == "SetupScene"  # not asked again


def test_play_now_is_remembered_too(app: App, fake_game: None) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    menu.choose_game("arenas")
    run(app, 1, key(pygame.K_ESCAPE))  # Esc: Play now
    assert type(app.stack.top).__name__ == "SetupScene" and game_progress("arenas")[0].offered
    for fresh in (menu, MenuScene(app)):  # the same menu, and the menu of another session
        app.stack.clear_to(fresh)
        fresh.choose_game("arenas")
        assert type(app.stack.top).__name__ == "SetupScene"


def test_learn_to_play_offers_resume_at_the_step_left_or_start_over(app: App, fake_game: None) -> None:
    app.stack.clear_to(Scene(app))
    open_tutorial(app, GAMES["arenas"])
    assert isinstance(app.stack.top, FakeTutorial) and app.stack.top.step == 0
    update_progress("arenas", step=3)
    app.stack.clear_to(Scene(app))
    open_tutorial(app, GAMES["arenas"])
    resume = app.stack.top
    assert isinstance(resume, Dialog) and resume.buttons[0].label == "Resume at step 4"
    run(app, 1, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, FakeTutorial) and app.stack.top.step == 3
    app.stack.clear_to(Scene(app))
    open_tutorial(app, GAMES["arenas"])
    run(app, 1, key(pygame.K_RIGHT) + key(pygame.K_RETURN))  # Start over
    assert isinstance(app.stack.top, FakeTutorial) and app.stack.top.step == 0


def test_the_menu_learn_to_play_button_asks_which_game(app: App, fake_game: None) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    learn = next(b for b in menu.buttons if b.label == "Learn to play")
    learn.activate(app)
    which = app.stack.top
    assert isinstance(which, Dialog) and which.buttons[0].label == "Arenas Movedizas"
