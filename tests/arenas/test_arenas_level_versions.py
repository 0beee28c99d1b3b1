"""A changed level is a new level version: its records are kept apart from the old version's, never mixed,
and an old replay either plays the level it holds or is refused in one line naming the change."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arenas.records import LEVELS_BEFORE_V3, RECORDS_VERSION, Records
from arenas.rules.engine import outcome_json
from arenas.rules.levels import level_path, load_level, load_levels
from arenas.scenes.catalog import finished_game
from arenas.session import SetupError, from_replay, is_shipped, replay_outcome, to_replay

LEVELS = {lv.number: lv for lv in load_levels()}
CHANGED = sorted(n for n, fp in LEVELS_BEFORE_V3.items() if LEVELS[n].fingerprint != fp)
KEPT = sorted(n for n, fp in LEVELS_BEFORE_V3.items() if LEVELS[n].fingerprint == fp)


def test_the_fingerprint_follows_the_game_not_the_words() -> None:
    level = LEVELS[1]
    assert len(level.fingerprint) == 12 and int(level.fingerprint, 16) >= 0
    same_game = dataclasses.replace(level, number=40, name="Other", description="x", theme="y", team_size=3)
    assert same_game.fingerprint == level.fingerprint
    for change in ({"deactivator": 9}, {"hand_size": 2}, {"removed_cards": ("gray",)},
                   {"blocks": frozenset({12})}, {"timers": (("slow1", 0), ("slow2", 1))}):
        assert dataclasses.replace(level, **change).fingerprint != level.fingerprint, change
    assert CHANGED and KEPT  # the campaign's later levels changed, the first ones did not


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_records_of_a_changed_level_are_kept_apart_and_still_open_the_next(tmp_path: Path) -> None:
    old, kept = CHANGED[0], KEPT[0]
    way = {str(n): {"wins": 1} for n in range(1, old) if n != kept}  # the levels before it were won
    file = _write(tmp_path / "records.json", {"version": 2, "levels": {
        **way, str(old): {"wins": 2, "losses": 5, "best_ms": 90_000},
        str(kept): {"wins": 1, "best_ms": 70_000}}})
    records = Records.load(file)
    assert records.message is None
    assert records.best_ms(old) is None and records.get(old).wins == 0  # the new level starts clean
    assert records.best_ms(kept) == 70_000 and records.get(kept).level == LEVELS[kept].fingerprint
    assert records.retired == [(old, records.retired[0][1])] and records.retired[0][1].best_ms == 90_000
    assert records.is_unlocked(old) and records.is_unlocked(old + 1)  # won before: the way on stays open
    records.record(old, won=True, time_ms=120_000, assisted=False)
    assert records.best_ms(old) == 120_000  # never the old level's 90 s
    records.save()
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["version"] == RECORDS_VERSION
    assert data["levels"][str(old)]["level"] == LEVELS[old].fingerprint and data["levels"][str(old)]["wins"] == 1
    assert data["retired"] == [{"number": old, "wins": 2, "losses": 5, "assisted_wins": 0, "assisted_losses": 0,
                                "win_streak": 0, "best_win_streak": 0, "loss_streak": 0, "best_ms": 90_000,
                                "level": LEVELS_BEFORE_V3[old]}]
    again = Records.load(file)  # read back: nothing retired twice, nothing mixed
    assert len(again.retired) == 1 and again.best_ms(old) == 120_000 and again.get(old).wins == 1


def test_a_record_of_another_version_is_retired_whatever_the_file_version(tmp_path: Path) -> None:
    file = _write(tmp_path / "records.json", {"version": RECORDS_VERSION, "levels": {
        "1": {"wins": 3, "best_ms": 40_000, "level": "0123456789ab"}}})
    records = Records.load(file, versions={1: LEVELS[1].fingerprint})
    assert records.best_ms(1) is None and records.retired[0][0] == 1 and records.retired[0][1].wins == 3


@pytest.mark.parametrize("bad", [[{"wins": 1}], [{"number": "7", "wins": 1}], {"7": {}}, [{"number": 3, "wins": -1}]])
def test_a_malformed_retired_list_is_set_aside_in_one_line(tmp_path: Path, bad: object) -> None:
    file = _write(tmp_path / "records.json", {"version": RECORDS_VERSION, "levels": {}, "retired": bad})
    records = Records.load(file)
    assert records.message is not None and "\n" not in records.message and not file.exists()


def test_an_old_replay_of_a_changed_level_plays_the_level_it_holds() -> None:
    number = CHANGED[0]
    setup, state = finished_game(level_number=number)
    before = dataclasses.replace(setup.level, deactivator=setup.level.deactivator - 1)  # as an older file had it
    replay = to_replay(dataclasses.replace(setup, level=before), state)
    assert replay.setup["level_version"] == before.fingerprint != LEVELS[number].fingerprint
    again, _actions, _assisted = from_replay(replay, "old.json")
    assert again.level == before and not is_shipped(again.level)  # its own level; it counts in no record
    assert outcome_json(replay_outcome(replay, "old.json"))["level"] == number


def test_a_replay_naming_a_changed_level_by_number_alone_is_refused_in_one_line() -> None:
    number = CHANGED[0]
    setup, state = finished_game(level_number=number)
    replay = to_replay(setup, state)
    replay.setup = {k: v for k, v in replay.setup.items() if k != "level_version"} | {"level": number}
    with pytest.raises(SetupError) as refused:
        from_replay(replay, "old.json")
    line = str(refused.value)
    assert "\n" not in line and line.startswith(f"old.json: level {number} has changed since this replay was recorded")
    assert LEVELS_BEFORE_V3[number] in line and LEVELS[number].fingerprint in line
    replay.setup["level_version"] = LEVELS[number].fingerprint  # recorded on today's level: it plays
    assert from_replay(replay, "new.json")[0].level == load_level(level_path(number))


def test_a_replay_naming_an_unchanged_level_by_number_still_plays() -> None:
    setup, state = finished_game(level_number=KEPT[0])
    replay = to_replay(setup, state)
    replay.setup = {k: v for k, v in replay.setup.items() if k != "level_version"} | {"level": KEPT[0]}
    assert outcome_json(replay_outcome(replay, "old.json")) == outcome_json(state)
