"""The level editor's model: every edit and its undo, gestures as one step, and every rule it shows checked
against the level loader (by example and by random sequences of edits)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arenas.my_levels import list_my_levels, save_my_level
from arenas.rules.components import LAYOUTS, TILE_COLOURS, TILE_SHAPES, TIMER_SPECS, Tile
from arenas.rules.level_editor import (
    Edit,
    LevelEditor,
    PlaceTimer,
    RemoveTimer,
    SetBlock,
    SetCardRemoved,
    SetColour,
    SetDeactivator,
    SetDescription,
    SetGearCount,
    SetHandSize,
    SetLayout,
    SetName,
    SetShape,
    SetTeamSize,
    apply_edit,
    new_level,
)
from arenas.rules.levels import (
    MAX_DESCRIPTION,
    MAX_NAME,
    MAX_PATH,
    MIN_PATH,
    Fault,
    Level,
    LevelError,
    check_level,
    level_from_dict,
    level_path,
    level_problems,
    load_level,
)

BASE = load_level(level_path(3))  # 14 gears, Deactivator before gear 11, slow1/slow2/medium1 on 0/1/2, team 2


def test_the_box_levels_have_no_problem() -> None:
    assert level_problems(BASE) == ()
    assert check_level(BASE.to_dict()) == (BASE, ())


# (edit, what it makes of BASE)
EDITS: list[tuple[Edit, Level]] = [
    (SetLayout("spiral"), replace(BASE, layout="spiral")),
    (SetGearCount(16), replace(BASE, path=(*BASE.path, Tile("orange", "square"), Tile("gray", "crescent")),
                               deactivator=13)),
    (SetGearCount(12), replace(BASE, path=BASE.path[:12], deactivator=9)),
    (SetColour(4, "yellow"), replace(BASE, path=(*BASE.path[:4], Tile("yellow", "circle"), *BASE.path[5:]))),
    (SetShape(0, "crescent"), replace(BASE, path=(Tile("orange", "crescent"), *BASE.path[1:]))),
    (PlaceTimer("medium1", 5), replace(BASE, timers=(("slow1", 0), ("slow2", 1), ("medium1", 5)))),
    (PlaceTimer("fast2", 4), replace(BASE, timers=(*BASE.timers, ("fast2", 4)))),
    (RemoveTimer("slow2"), replace(BASE, timers=(("slow1", 0), ("medium1", 2)))),
    (SetDeactivator(9), replace(BASE, deactivator=9)),
    (SetBlock(7, True), replace(BASE, blocks=frozenset({7}))),
    (SetCardRemoved("crescent", True), replace(BASE, removed_cards=("crescent",))),
    (SetHandSize(2), replace(BASE, hand_size=2)),
    (SetTeamSize(4), replace(BASE, team_size=4)),
    (SetName("Dunes"), replace(BASE, name="Dunes")),
    (SetDescription("Mind the block."), replace(BASE, description="Mind the block.")),
]


@pytest.mark.parametrize(("edit", "after"), EDITS, ids=[type(e).__name__ for e, _ in EDITS])
def test_each_edit_its_undo_and_redo(edit: Edit, after: Level) -> None:
    editor = LevelEditor(BASE)
    editor.do(edit)
    assert editor.level == after
    assert len(editor.undo_steps) == 1
    assert editor.undo() and editor.level == BASE
    assert editor.redo() and editor.level == after
    assert not editor.redo()


@pytest.mark.parametrize("edit", [SetLayout("maze"), SetGearCount(14), SetColour(14, "gray"), SetColour(0, "red"),
                                  SetShape(-1, "circle"), PlaceTimer("slow3", 0), PlaceTimer("slow1", 20),
                                  SetDeactivator(0), SetDeactivator(14), SetBlock(14, True), SetBlock(3, False),
                                  SetCardRemoved("wild", True), SetHandSize(4), SetTeamSize(8), SetName(BASE.name)])
def test_an_edit_that_changes_nothing_is_no_step(edit: Edit) -> None:
    editor = LevelEditor(BASE)
    editor.do(edit)
    assert editor.level == BASE and editor.undo_steps == []


def test_gear_count_stays_within_what_a_level_file_may_have() -> None:
    assert len(apply_edit(BASE, SetGearCount(3)).path) == MIN_PATH
    assert len(apply_edit(BASE, SetGearCount(40)).path) == MAX_PATH
    for count in (MIN_PATH - 1, MAX_PATH + 1):  # what the editor never makes, the loader refuses
        data = BASE.to_dict() | {"path": [pattern.name for pattern in (BASE.path * 2)[:count]], "deactivator": 5}
        with pytest.raises(LevelError, match="path: too"):
            level_from_dict(data)


def test_fewer_gears_take_their_timers_and_blocks_away() -> None:
    level = apply_edit(apply_edit(BASE, SetBlock(12, True)), PlaceTimer("fast1", 11))
    cut = apply_edit(level, SetGearCount(10))
    assert cut.timers == BASE.timers and cut.blocks == frozenset() and cut.deactivator == 7


def test_a_drag_is_one_step_and_a_new_step_drops_the_redo() -> None:
    editor = LevelEditor(BASE)
    editor.do(SetName("One"))
    editor.begin()
    for gear in (4, 5, 6):
        editor.extend(SetColour(gear, "orange"))
    assert editor.level.path[4:7] == (Tile("orange", "circle"),) * 2 + (Tile("orange", "triangle"),)
    assert len(editor.undo_steps) == 1  # shown at once, a step only when finished
    editor.finish()
    assert len(editor.undo_steps) == 2
    assert editor.undo_steps[1].edits == tuple(SetColour(g, "orange") for g in (4, 5, 6))
    assert editor.undo() and editor.level == replace(BASE, name="One")
    editor.do(SetHandSize(2))
    assert editor.redo_steps == [] and not editor.redo()
    assert editor.undo() and editor.undo() and editor.level == BASE and not editor.undo()


def test_undo_finishes_the_gesture_in_progress() -> None:
    editor = LevelEditor(BASE)
    editor.begin()
    editor.extend(SetName("Half typed"))
    assert editor.undo() and editor.level == BASE
    assert editor.redo() and editor.level.name == "Half typed"


# (edits from BASE, the fault the editor shows, the gear it shows it on)
RULES: list[tuple[tuple[Edit, ...], Fault, int | None]] = [
    ((SetName(""),), Fault.NO_NAME, None),
    ((SetName("x" * (MAX_NAME + 1)),), Fault.LONG_NAME, None),
    ((SetName("tab\there"),), Fault.LONG_NAME, None),
    ((SetDescription("y" * (MAX_DESCRIPTION + 1)),), Fault.LONG_DESCRIPTION, None),
    ((RemoveTimer("slow1"), RemoveTimer("slow2"), RemoveTimer("medium1")), Fault.NO_TIMER, None),
    ((SetBlock(2, True),), Fault.TIMER_ON_BLOCK, 2),
    ((PlaceTimer("slow2", 0),), Fault.TWO_TIMERS, 0),
    ((PlaceTimer("fast1", 12),), Fault.TIMER_IN_DANGER, 12),
    ((SetBlock(6, True),), Fault.BLOCKED_WAY, 2),
    ((SetDeactivator(13),), Fault.NO_ROOM, 1),
    ((*(SetCardRemoved(c, True) for c in (*TILE_COLOURS, "triangle", "circle")),), Fault.TOO_FEW_CARDS, None),
]


@pytest.mark.parametrize(("edits", "fault", "gear"), RULES, ids=[f.value for _, f, _ in RULES])
def test_each_rule_the_editor_shows_is_the_loaders(edits: tuple[Edit, ...], fault: Fault, gear: int | None) -> None:
    editor = LevelEditor(BASE)
    for edit in edits:
        editor.do(edit)
    assert not editor.playable
    shown = [p for p in editor.problems if p.fault is fault]
    assert shown and shown[0].gear == gear
    if gear is not None:
        assert shown[0] in editor.gear_problems(gear)
    with pytest.raises(LevelError) as refused:
        level_from_dict(json.loads(json.dumps(editor.level.to_dict())), "mine.json")
    assert str(refused.value).endswith(editor.problems[0].line)
    while editor.undo():
        pass
    assert editor.playable and editor.level == BASE


def test_every_problem_is_found_not_only_the_first() -> None:
    level = replace(BASE, name="", timers=(("slow1", 12), ("slow2", 12)))
    faults = [(p.fault, p.gear) for p in level_problems(level)]
    assert faults == [(Fault.NO_NAME, None), (Fault.TIMER_IN_DANGER, 12), (Fault.TWO_TIMERS, 12),
                      (Fault.TIMER_IN_DANGER, 12)]


def test_a_new_level_says_what_it_still_needs() -> None:
    editor = LevelEditor(new_level(1))
    assert [p.fault for p in editor.problems] == [Fault.NO_NAME, Fault.NO_TIMER]
    editor.do(SetName("Mine"))
    editor.do(PlaceTimer("slow1", 0))
    assert editor.playable
    assert level_from_dict(editor.level.to_dict()) == editor.level


EDIT_STRATEGY = st.one_of(
    st.builds(SetLayout, st.sampled_from((*LAYOUTS, "maze"))),
    st.builds(SetGearCount, st.integers(MIN_PATH - 3, MAX_PATH + 3)),
    st.builds(SetColour, st.integers(-1, MAX_PATH + 1), st.sampled_from((*TILE_COLOURS, "red"))),
    st.builds(SetShape, st.integers(-1, MAX_PATH + 1), st.sampled_from((*TILE_SHAPES, "star"))),
    st.builds(PlaceTimer, st.sampled_from((*TIMER_SPECS, "slow9")), st.integers(-1, MAX_PATH + 1)),
    st.builds(RemoveTimer, st.sampled_from(tuple(TIMER_SPECS))),
    st.builds(SetDeactivator, st.integers(-1, MAX_PATH + 1)),
    st.builds(SetBlock, st.integers(-1, MAX_PATH + 1), st.booleans()),
    st.builds(SetCardRemoved, st.sampled_from((*TILE_COLOURS, *TILE_SHAPES, "wild")), st.booleans()),
    st.builds(SetHandSize, st.integers(1, 4)),
    st.builds(SetTeamSize, st.integers(0, 8)),
    st.builds(SetName, st.text(max_size=MAX_NAME + 3)),
    st.builds(SetDescription, st.text(max_size=30)),
)
STEPS = st.lists(st.one_of(EDIT_STRATEGY, st.sampled_from(("undo", "redo", "drag"))), max_size=40)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(STEPS)
def test_random_edits_never_make_a_level_the_loader_refuses_unsaid(steps: list[Edit | str]) -> None:
    """Whatever is done, the board can be drawn, each problem stands on a gear of the path, and the loader
    refuses the level written out exactly when the editor shows a problem, with the editor's first line."""
    editor = LevelEditor(BASE)
    for step in steps:
        match step:
            case "undo":
                editor.undo()
            case "redo":
                editor.redo()
            case "drag":
                editor.begin()
            case str():
                raise AssertionError(step)
            case _:
                editor.extend(step)
        level = editor.level
        n = len(level.path)
        assert MIN_PATH <= n <= MAX_PATH and 1 <= level.deactivator <= n - 1
        assert all(0 <= at < n for _t, at in level.timers) and all(0 <= b < n for b in level.blocks)
        assert all(p.gear is None or 0 <= p.gear < n for p in editor.problems)
        data = json.loads(json.dumps(level.to_dict()))
        if editor.playable:
            assert level_from_dict(data) == replace(level, name=level.name.strip())
        else:
            with pytest.raises(LevelError) as refused:
                level_from_dict(data)
            assert str(refused.value).endswith(editor.problems[0].line)
    editor.finish()
    while editor.undo():
        pass
    assert editor.level == BASE


def test_my_levels_keep_only_playable_levels(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="name: must not be empty"):
        save_my_level(replace(BASE, name=""), folder=tmp_path)
    assert list(tmp_path.iterdir()) == []
    mine = replace(BASE, name="Dunes")
    first = save_my_level(mine, folder=tmp_path)
    second = save_my_level(replace(mine, name="Aardvark"), folder=tmp_path)
    assert first != second
    assert save_my_level(replace(mine, hand_size=2), first) == first
    (tmp_path / "broken.json").write_text('{"name": 3}')
    levels, problems = list_my_levels(tmp_path)
    assert [m.level.name for m in levels] == ["Aardvark", "Dunes"]
    assert levels[1].level.hand_size == 2 and levels[1].path == first
    assert len(problems) == 1 and "broken.json" in problems[0] and "\n" not in problems[0]
