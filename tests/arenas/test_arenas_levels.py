"""The shipped levels, and the loader's one-line rejection of every kind of bad level file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from arenas.rules.components import LAYOUTS, TIMER_SPECS
from arenas.rules.levels import Level, LevelError, level_from_dict, level_path, load_level, load_levels


def good_level() -> dict:
    return json.loads(level_path(1).read_text(encoding="utf-8"))


def test_at_least_21_levels_numbered_in_order() -> None:
    levels = load_levels()
    assert len(levels) >= 21
    assert [lv.number for lv in levels] == list(range(1, len(levels) + 1))
    for lv in levels:
        assert load_level(level_path(lv.number)) == lv


def test_level_one_is_the_gentle_box_level() -> None:
    lv = load_level(level_path(1))
    assert len(lv.path) == 13 and lv.deactivator == 10
    assert lv.timers == (("slow1", 0), ("slow2", 1), ("medium1", 2))
    assert lv.hand_size == 3 and lv.team_size == 1 and not lv.blocks and not lv.removed_cards


def test_levels_cover_the_range_of_designs() -> None:
    levels = load_levels()
    assert {len(lv.path) for lv in levels} >= {10, 19}
    assert {lv.layout for lv in levels} == set(LAYOUTS)
    assert any(lv.hand_size == 2 for lv in levels)
    assert any(lv.blocks for lv in levels)
    assert {r for lv in levels for r in lv.removed_cards} & {"gray", "yellow", "orange"}
    assert {r for lv in levels for r in lv.removed_cards} & {"triangle", "circle", "square", "crescent"}
    first_extra_fast = next(lv.number for lv in levels if "fast2" in lv.timer_ids)
    assert 13 <= first_extra_fast <= 16
    assert "fast2" in levels[-1].timer_ids and sum("fast2" in lv.timer_ids for lv in levels[14:]) >= 3
    for lv in levels:
        free_danger = [t for t in range(lv.deactivator, len(lv.path)) if t not in lv.blocks]
        assert len(lv.path) - lv.deactivator >= len(lv.timers)
        assert len(free_danger) >= len(lv.timers)
        assert lv.description and lv.name


def test_level_dict_round_trip() -> None:
    for lv in load_levels():
        assert level_from_dict(json.loads(json.dumps(lv.to_dict()))) == lv


def _with(**changes: object) -> dict:
    data = good_level()
    for key, value in changes.items():
        if value is _DROP:
            del data[key]
        else:
            data[key] = value
    return data


_DROP = object()
_PATH13 = good_level()["path"]

BAD_LEVELS = [
    ("unknown tile kind", _with(path=_PATH13[:4] + ["purple circle"] + _PATH13[5:]), "path[4]",
     "unknown tile kind 'purple circle'"),
    ("tile not a string", _with(path=_PATH13[:2] + [7] + _PATH13[3:]), "path[2]", "expected a string"),
    ("deactivator past the end", _with(deactivator=13), "deactivator", "outside the path"),
    ("deactivator at the start", _with(deactivator=0), "deactivator", "outside the path"),
    ("timer on a block", _with(blocks=[1]), "timers[1].tile", "blocked tile 1"),
    ("two timers on a tile", _with(timers=[{"id": "slow1", "tile": 0}, {"id": "slow2", "tile": 0}]),
     "timers[1].tile", "two timers on tile 0"),
    ("unknown timer", _with(timers=[{"id": "turbo", "tile": 0}]), "timers[0].id", "unknown timer 'turbo'"),
    ("timer twice", _with(timers=[{"id": "slow1", "tile": 0}, {"id": "slow1", "tile": 1}]),
     "timers[1].id", "used twice"),
    ("timer off the path", _with(timers=[{"id": "slow1", "tile": 40}]), "timers[0].tile", "outside the path"),
    ("timer in the danger zone", _with(timers=[{"id": "slow1", "tile": 11}]), "timers[0].tile",
     "starts in the danger zone"),
    ("no timers", _with(timers=[]), "timers", "at least one timer"),
    ("path too short", _with(path=_PATH13[:9], deactivator=6), "path", "too short: 9 tiles"),
    ("path too long", _with(path=_PATH13 + _PATH13[:7]), "path", "too long: 20 tiles"),
    ("path not a list", _with(path="gray triangle"), "path", "expected a list"),
    ("deactivator not an integer", _with(deactivator="10"), "deactivator", "expected an integer"),
    ("boolean hand size", _with(hand_size=True), "hand_size", "expected an integer"),
    ("hand of four", _with(hand_size=4), "hand_size", "must be 2 or 3"),
    ("team of eight", _with(team_size=8), "team_size", "outside 1..7"),
    ("unknown layout", _with(layout="spaghetti"), "layout", "unknown layout"),
    ("unknown key", _with(colour="red"), "colour", "unknown field"),
    ("missing field", _with(deactivator=_DROP), "deactivator", "missing field"),
    ("removed card unknown", _with(removed_cards=["purple"]), "removed_cards[0]", "not a colour or a shape"),
    ("too many removed", _with(removed_cards=["gray", "yellow", "orange", "circle", "square"]), "removed_cards",
     "too many cards removed"),
    ("block cuts the path", _with(blocks=[5]), "blocks", "past the block on tile 5"),
    ("danger zone too small", _with(deactivator=11), "deactivator", "too few free danger-zone tiles"),
    ("block fills the danger zone", _with(blocks=[12, 11]), "deactivator", "too few free danger-zone"),
    ("not an object", [1, 2], "(top level)", "expected a JSON object"),
    ("timer entry not an object", _with(timers=["slow1"]), "timers[0]", "expected an object"),
    ("timer entry without tile", _with(timers=[{"id": "slow1"}]), "timers[0].tile", "missing field"),
    ("empty name", _with(name="  "), "name", "must not be empty"),
]


@pytest.mark.parametrize(("case", "data", "field", "problem"), BAD_LEVELS, ids=[c[0] for c in BAD_LEVELS])
def test_bad_level_file_gives_one_line_naming_file_field_and_problem(
        tmp_path: Path, case: str, data: object, field: str, problem: str) -> None:
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(data, indent=2), encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_level(file)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{file}: {field}: ")
    assert problem in message


def test_json_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    file = tmp_path / "broken.json"
    file.write_text('{\n  "number": 1,\n  "name": "x"\n  "layout": "arc"\n}\n', encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_level(file)
    message = str(info.value)
    assert message.startswith(f"{file}: line 4 column 3: JSON syntax error")
    assert "\n" not in message


def test_missing_file_and_binary_file(tmp_path: Path) -> None:
    with pytest.raises(LevelError, match=r"nope\.json: \(file\): cannot read"):
        load_level(tmp_path / "nope.json")
    file = tmp_path / "binary.json"
    file.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(LevelError, match=r"binary\.json: \(file\): cannot read"):
        load_level(file)


def test_good_level_file_loads(tmp_path: Path) -> None:
    file = tmp_path / "mine.json"
    data = _with(blocks=[12], deactivator=9, removed_cards=["crescent"], hand_size=2, team_size=3)
    file.write_text(json.dumps(data), encoding="utf-8")
    lv = load_level(file)
    assert isinstance(lv, Level)
    assert lv.blocks == frozenset({12}) and lv.removed_cards == ("crescent",) and lv.hand_size == 2
    assert lv.deactivator == 9
    assert all(t in TIMER_SPECS for t in lv.timer_ids)
