"""The shipped levels' order against the committed difficulty labels (from the person model)."""
from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

from arenas.bots.proof import LABELS, Model, difficulty_label, load_proof
from arenas.bots.verify import play_level
from arenas.records import RECORDS_VERSION, RENUMBERED_IN_V2, Records
from arenas.rules.engine import outcome_json
from arenas.rules.levels import load_levels
from arenas.scenes.catalog import finished_game
from arenas.session import from_replay, is_shipped, replay_outcome, to_replay

STEPS = [label for _, label in LABELS]  # Gentle .. Brutal: a higher step is harder


def _step(label: str) -> int:
    return STEPS.index(label)


def test_labels_follow_the_thresholds() -> None:
    floors = [floor for floor, _ in LABELS]
    assert floors == sorted(floors, reverse=True) and floors[-1] == 0.0
    for floor, label in LABELS:
        assert difficulty_label(floor) == label
        if floor > 0:
            assert difficulty_label(floor - 0.0001) != label


def test_the_campaign_rises_from_gentle_to_brutal_without_a_cliff() -> None:
    """The committed proof over the shipped levels: every level is won by people often enough to be climbed, the
    labels rise one step at a time, and the experts prove every level."""
    proof = load_proof()
    people, experts = proof[Model.PERSON], proof[Model.EXPERT]
    levels = [lv.number for lv in load_levels()]
    labels = [people[n]["label"] for n in levels]
    assert labels[0] == STEPS[0] and len(set(labels)) == len(STEPS), labels  # all five labels
    steps = [_step(b) - _step(a) for a, b in itertools.pairwise(labels)]
    assert all(abs(d) <= 1 for d in steps), labels  # no step of more than one label
    downs = "".join("d" if d < 0 else "." for d in steps)
    assert "ddd" not in downs, labels  # never more than two levels in a row going down
    for n in levels:
        assert people[n]["seeds"] >= 100 and people[n]["win_rate"] >= 0.10 and people[n]["ci95"][0] > 0.05, n
        assert experts[n]["win_rate"] >= 0.35, n
    hardest = min(people[n]["win_rate"] for n in levels)
    assert people[levels[-1]]["win_rate"] <= hardest + 0.05  # the last level is the hardest or close to it


def test_a_level_plays_the_same_games_whatever_its_number() -> None:
    level = load_levels()[0]
    moved = dataclasses.replace(level, number=17)
    for model in Model:
        assert play_level(moved, 2, model) == play_level(level, 2, model)


def test_records_of_the_old_order_follow_their_levels(tmp_path: Path) -> None:
    assert RECORDS_VERSION >= 2 and RENUMBERED_IN_V2
    assert sorted(RENUMBERED_IN_V2) == sorted(RENUMBERED_IN_V2.values())  # a permutation
    old, new = next(iter(RENUMBERED_IN_V2.items()))
    file = tmp_path / "arenas_records.json"
    file.write_text(json.dumps({"version": 1, "levels": {
        str(old): {"wins": 3, "losses": 1, "assisted_wins": 0, "best_ms": 61_000},
        "1": {"wins": 1, "losses": 0, "assisted_wins": 0, "best_ms": 50_000},
        **{str(n): {"wins": 1} for n in range(2, min(old, new))}}}), encoding="utf-8")
    records = Records.load(file)
    assert records.message is None
    assert records.best_ms(new) == 61_000 and records.get(new).wins == 3 and records.best_ms(1) == 50_000
    assert (old == new) or records.best_ms(old) is None
    assert records.is_unlocked(new) and records.is_unlocked(new + 1)  # a level won before stays open where it moved
    records.save()
    again = json.loads(file.read_text(encoding="utf-8"))
    assert again["version"] == RECORDS_VERSION and again["levels"][str(new)]["best_ms"] == 61_000
    assert Records.load(file).best_ms(new) == 61_000  # a version-2 file is not renumbered again


def test_a_replay_written_in_the_old_order_still_plays_its_own_level() -> None:
    old, new = 6, 7  # The Fast One was level 6 in records format 1
    assert RENUMBERED_IN_V2[old] == new
    setup, state = finished_game(level_number=new)  # a whole seeded game on it
    before = dataclasses.replace(setup.level, number=old)  # a replay embeds the whole level as it was
    replay = to_replay(dataclasses.replace(setup, level=before), state)
    again, _actions, _assisted = from_replay(replay, "old.json")
    assert again.level == before and again.level.name == "The Fast One"
    assert outcome_json(replay_outcome(replay, "old.json")) == {**outcome_json(state), "level": old}
    assert not is_shipped(again.level)  # it plays its own level and is not taken for today's level 6
