"""The Arzium tutorial: its scripted game is legal and shows what each step says, every waiting step takes
exactly the script's action (anything else gets its reason and changes nothing), the tutorial runs to its
end at the real table (the guided game, then the practice game of the other artifacts, whose steps take the
very clicks their notes tell), and leaving then resuming comes back to the same step."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import partial

import pygame
import pytest

from arzium.rules.actions import Action, Bid, RestEarly, Search, SkipBuy, UseSlide, UseWake
from arzium.rules.board import SIZE
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.events import (
    BiddingStarted,
    BidPlaced,
    BlankPaid,
    CardClaimed,
    CharacterFlipped,
    CoinsGained,
    ConsolationCoin,
    FinalRound,
    GameEnded,
    MarkerDisplaced,
    MarkerPlaced,
    MarkerSlid,
    Rested,
    SquareSkipped,
)
from arzium.rules.score import outcome
from arzium.scenes.bidding import BidScene
from arzium.scenes.setup import SetupScene
from arzium.scenes.tutorial import TutorialScene
from arzium.scenes.tutorial_script import PRACTICE, RIVAL, SCRIPT, SCRIPTS, YOU, position, start_position
from arzium.scenes.tutorial_steps import LESSONS, STEPS, lesson_of, waiting_step
from common.engine.app import App
from common.engine.scene import Scene
from common.tutorials.progress import game_progress
from common.tutorials.steps import Script
from helpers import click, close_app, key, make_app, run


def test_the_script_is_legal_and_shows_each_lesson() -> None:
    state = start_position()
    told = []
    for action in SCRIPT:
        assert current_player(state) is not None
        told.append(apply(state, action))
    assert MarkerPlaced(YOU, 25, 1) in told[0]                                   # a coin under a marker
    assert SquareSkipped(31) in told[2]                                          # skipped square
    claim = next(e for e in told[2] if isinstance(e, CardClaimed))
    assert (claim.player, claim.markers_returned) == (YOU, ((YOU, 4), (RIVAL, 2)))  # "4 markers, Snorebert 2"
    assert ConsolationCoin(RIVAL, 3) in told[2]                                  # the helper's coin
    assert Rested(RIVAL, 0, True) in told[2]                                     # the free rest
    before = position(4).players[YOU].coins
    assert before == 1 and told[4].index(MarkerPlaced(YOU, 28, 1)) < told[4].index(BlankPaid(YOU, 23, 2))
    assert ConsolationCoin(YOU, 1) in told[5]                                    # your helper's coin
    assert Rested(YOU, 1, False) in told[6]                                      # resting early for 1
    assert BiddingStarted(4, (YOU, RIVAL)) in told[7] and BidPlaced(YOU, 0) in told[8]
    assert any(isinstance(e, CardClaimed) and e.paid == 0 and e.player == YOU for e in told[9])
    assert any(isinstance(e, FinalRound) for e in told[12])
    assert len(state.players[YOU].cards) == 10
    assert any(isinstance(e, GameEnded) for e in told[-1])
    assert [s.total for s in outcome(state).scores] == [21, 7]                   # the score step's numbers
    assert not any(isinstance(e, CoinsGained) for events in told for e in events)  # no Purse: coins as told


def test_the_practice_game_uses_each_other_artifact_as_told() -> None:
    state = position(0, part=1)
    told = [apply(state, action) for action in PRACTICE]
    assert CoinsGained(YOU, 1, "purse") in told[0] and state.players[YOU].coins == 1       # "gains you 1 coin"
    assert CharacterFlipped(YOU, "guide-red", True) in told[1]                           # the Guide wakes
    assert MarkerSlid(YOU, RIVAL, 20, 14) in told[2]                                     # out of the way
    assert BlankPaid(YOU, 19, 0) in told[3]                                              # the west blank, free
    assert MarkerDisplaced(YOU, 9, RIVAL, 0) in told[5]                                  # no coins there
    assert not any(isinstance(e, CardClaimed) for events in told for e in events)
    assert state.players[YOU].coins == 1 and min(state.cards.artifact(a).cost for a in state.art_row) == 5
    assert state.phase == "start" and state.active == RIVAL                              # no buy step came up


def test_the_ringed_squares_are_where_the_markers_go() -> None:
    for lesson in LESSONS:
        script = SCRIPTS[lesson.part]
        action = script[lesson.at] if lesson.step.waits and lesson.at < len(script) else None
        if not isinstance(action, Search):
            continue
        events = apply(position(lesson.at, part=lesson.part), action)
        placed = {e.square for e in events if isinstance(e, MarkerPlaced | MarkerDisplaced)}
        skipped = {e.square for e in events if isinstance(e, SquareSkipped)}
        marks = dict(lesson.marks.squares)
        assert {sq for sq, kind in marks.items() if kind != "skip"} | set(lesson.marks.rings) == placed, \
            lesson.step.id
        assert {sq for sq, kind in marks.items() if kind == "skip"} == skipped, lesson.step.id


def test_no_ghost_hides_a_marker_on_the_map() -> None:
    """A step shows the markers already on the map ringed, never under a ghost of the player's own."""
    for lesson in LESSONS:
        board = position(lesson.at, part=lesson.part).board
        covered = [sq for sq, kind in lesson.marks.squares if kind in ("ok", "blank_on") and board[sq] != -1]
        assert covered == [], lesson.step.id


def test_each_of_your_actions_has_its_waiting_step_and_the_rival_none() -> None:
    yours = 0
    for part, script in enumerate(SCRIPTS):
        for index in range(len(script)):
            mine = current_player(position(index, part=part)) == YOU
            assert (waiting_step(index, part) is not None) == mine, (part, index)
            yours += mine
    assert sum(step.waits for step in STEPS) == yours


def test_a_wrong_action_at_each_waiting_step_is_explained_and_does_not_advance() -> None:
    for index, lesson in enumerate(LESSONS):
        if not lesson.step.waits:
            continue
        script = Script(STEPS, index)
        others = [a for a in legal_actions(position(lesson.at, part=lesson.part)) if a != lesson.action]
        for wrong in (others[0], others[-1], RestEarly() if lesson.action != RestEarly() else SkipBuy()):
            verdict = script.attempt(wrong)
            assert not verdict.ok and verdict.why, (lesson.step.id, wrong)
            assert script.index == index
        assert script.attempt(lesson.action).ok and script.index == index + 1


@pytest.mark.parametrize(("step_id", "wrong", "why"), [
    ("purse", Search("scout-red", 0), "Use the ringed Bottomless Sock first: click it."),
    ("wake", UseWake("A21", "scout-red"), "Click the Rooster Bell, then your Guide."),
    ("slide", UseSlide("A17", 20, 21), "Slide the marker onto the ringed empty square above it."),
    ("free_blank", Search("dreamer-red", 20, (0,)), "Fill the west blank only, with the Feather Quill."),
    ("free_blank", Search("scout-red", 20), "Use the Dreamer: it is ringed in your party."),
    ("displace", Search("guide-red", 3),
     "Click the ringed Elbowing Umbrella first, then Snorebert's marker in the pattern."),
])
def test_each_artifact_step_explains_a_wrong_use(step_id: str, wrong: Action, why: str) -> None:
    index = next(i for i, s in enumerate(STEPS) if s.id == step_id)
    script = Script(STEPS, index)
    verdict = script.attempt(wrong)
    assert (verdict.ok, verdict.why, script.index) == (False, why, index)


def test_explain_steps_take_no_action() -> None:
    script = Script(STEPS, 0)
    assert not STEPS[0].waits and not script.attempt(SCRIPT[0]).ok and script.index == 0


# ---- at the table ------------------------------------------------------------------------------------------


@pytest.fixture()
def fast_app() -> Iterator[App]:
    a = make_app()
    a.settings = dataclasses.replace(a.settings, animation_speed=0.0)
    a.stack.clear_to(Scene(a))
    yield a
    close_app(a)


def _open(app: App, step: int) -> TutorialScene:
    scene = TutorialScene(app, step)
    app.push(scene)
    return scene


def _until_coach(app: App, scene: TutorialScene, frames: int = 40) -> None:
    """Step until the coach shows its step (the auto-confirmed turn and the rival's move take a while), then
    draw that frame."""
    for _ in range(frames):
        app.step([], 100, draw=False)
        if scene.coach_on:
            app.draw()
            return
    raise AssertionError(f"the coach did not show step {scene.script.step.id}")


def _do_step(app: App, scene: TutorialScene) -> None:
    lesson = lesson_of(scene.script.index)
    if not lesson.step.waits:
        run(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
        return
    action = lesson.action
    top = app.stack.top
    if isinstance(top, BidScene):  # the bid comes through the real bid window
        assert isinstance(action, Bid)
        top.amount = action.amount
        top.place()
    else:
        assert scene.act(action)


def test_the_tutorial_runs_to_its_end_at_the_table(fast_app: App) -> None:
    scene = _open(fast_app, 0)
    tables = [scene]
    while not scene.script.finished:
        _until_coach(fast_app, scene)
        index = scene.script.index
        _do_step(fast_app, scene)
        assert scene.script.index == index + 1
        top = fast_app.stack.top
        if isinstance(top, TutorialScene) and top is not scene:  # the practice game, at a new table
            assert top.script.index == index + 1 and top.part == 1
            scene = top
            tables.append(scene)
    assert isinstance(fast_app.stack.top, SetupScene)  # as its last step says
    assert len(tables) == 2 and tables[0].table.state.phase == "over"
    assert scene.played() == len(PRACTICE) and scene.table.view_state().players[YOU].artifacts_up == [False] * 5
    progress, _message = game_progress("arzium")
    assert progress.finished and not progress.midway


def test_a_wrong_action_at_the_table_is_not_applied(fast_app: App) -> None:
    index = STEPS.index(next(s for s in STEPS if s.id == "skip"))
    scene = _open(fast_app, index)
    _until_coach(fast_app, scene)
    before = scene.table.view_state().to_dict()
    assert not scene.act(Search("dreamer-red", 22))
    assert scene.coach.wrong_why == "Use the Scout: it is ringed in your party."
    assert scene.script.index == index and scene.table.view_state().to_dict() == before


def test_leaving_and_resuming_restores_the_step(fast_app: App) -> None:
    scene = _open(fast_app, 0)
    while scene.script.step.id != "blank":
        _until_coach(fast_app, scene)
        _do_step(fast_app, scene)
    reached = scene.script.index
    run(fast_app, 1, key(pygame.K_ESCAPE))  # the coach asks: the scene opens "Leave the tutorial?"
    run(fast_app, 1, key(pygame.K_RETURN))  # Leave
    assert scene not in fast_app.stack.scenes
    progress, _message = game_progress("arzium")
    assert (progress.step, progress.step_id, progress.midway) == (reached, "blank", True)
    again = _open(fast_app, progress.step)
    _until_coach(fast_app, again)
    assert again.script.step.id == "blank"
    assert again.table.state.to_dict() == position(lesson_of(reached).at).to_dict()
    assert [line.text for line in again.log.lines[1:]] == [line.text for line in scene.log.lines[1:]]  # the story
    _do_step(fast_app, again)
    assert again.script.step.id == "blank_paid"


def test_the_hint_shows_the_steps_move_and_undo_takes_the_step_back(fast_app: App) -> None:
    index = STEPS.index(next(s for s in STEPS if s.id == "rest_early"))
    scene = _open(fast_app, index)
    _until_coach(fast_app, scene)
    scene.hints.request()
    assert scene.hints.hint is not None and scene.hints.hint.action == RestEarly()
    _do_step(fast_app, scene)
    _until_coach(fast_app, scene)
    assert scene.script.step.id == "tie_search" and scene.played() == 7
    scene.undo()
    assert scene.script.step.id == "rest_early" and scene.played() == 6
    assert game_progress("arzium")[0].step_id == "rest_early"


def test_resuming_in_the_practice_game_comes_back_to_its_step(fast_app: App) -> None:
    index = next(i for i, s in enumerate(STEPS) if s.id == "displace")
    scene = _open(fast_app, index)
    _until_coach(fast_app, scene)
    assert scene.script.step.id == "displace" and scene.part == 1
    assert scene.table.state.to_dict() == position(5, part=1).to_dict()
    assert game_progress("arzium")[0].step_id == "displace"
    assert not scene.act(Search("guide-red", 3))
    assert scene.coach.wrong_why == "Click the ringed Elbowing Umbrella first, then Snorebert's marker in the pattern."
    _do_step(fast_app, scene)
    _until_coach(fast_app, scene)
    assert scene.script.step.id == "done"


def test_the_practice_steps_take_the_clicks_their_notes_tell(fast_app: App) -> None:
    scene = _open(fast_app, next(i for i, s in enumerate(STEPS) if s.id == "purse"))
    party, board = scene.parties[YOU], scene.board_view

    def artifact(aid: str) -> tuple[int, int]:
        return party.artifact_rect(scene.shown, scene.shown.artifacts[YOU].index(aid)).center

    def card(cid: str) -> tuple[int, int]:
        return party.card_rect(scene.shown, scene.shown.cards[YOU].index(cid)).center

    def cell(sq: int) -> tuple[int, int]:
        return board.cell_rect(*divmod(sq, SIZE)).center

    notes = {"purse": [artifact("A09")], "wake": [artifact("A21"), card("guide-red")],
             "slide": [artifact("A17"), cell(20), cell(14)],
             "free_blank": [artifact("A01"), card("dreamer-red"), cell(20), cell(19), cell(20)],
             "displace": [artifact("A05"), card("guide-red"), cell(3), cell(9), cell(3)]}
    for step_id, points in notes.items():
        _until_coach(fast_app, scene)
        assert scene.script.step.id == step_id
        index = scene.script.index
        for point in points:
            fast_app.step(click(point), 16)
        assert scene.script.index == index + 1 and scene.coach.wrong_why is None, step_id


@pytest.mark.parametrize("size", [(1280, 720)])
def test_the_bid_window_leaves_the_coach_and_the_land_in_sight(fast_app: App, size: tuple[int, int]) -> None:
    fast_app.resize_window(size)
    index = next(i for i in range(len(STEPS)) if isinstance(lesson_of(i).action, Bid) and lesson_of(i).step.waits)
    scene = _open(fast_app, index)
    _until_coach(fast_app, scene)
    run(fast_app, 3)
    bid = fast_app.stack.top
    assert isinstance(bid, BidScene)
    land = bid.table.board.slot_rect(bid.slot)
    assert not bid.box.colliderect(scene.coach.rect), (bid.box, scene.coach.rect)
    assert not bid.box.colliderect(land) and pygame.Rect((0, 0), size).contains(bid.box)


def test_a_tip_is_drawn_over_the_coachs_rings(fast_app: App) -> None:
    """At a step that rings a character, the tip of the artifact under the mouse comes last, over the ring."""
    step = next(i for i, lesson in enumerate(LESSONS)
                if lesson.marks.cards and position(lesson.at, part=lesson.part).players[YOU].artifacts)
    scene = _open(fast_app, step)
    _until_coach(fast_app, scene)
    assert scene.coach.highlights  # the ringed character
    scene.view.hover_key, scene.view.hover_ms = ("artifact", YOU, 0), 10_000
    parts = scene.frame_parts()
    tip = parts[-1].paint if parts else None
    assert isinstance(tip, partial) and tip.func == scene.view._draw_hover
