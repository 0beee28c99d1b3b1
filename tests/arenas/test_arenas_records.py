"""Per-level records and the replay file format."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from arenas.records import RECORDS_FILE, Records
from common.paths import data_dir
from arenas.rules import (
    IllegalAction,
    PlayCard,
    Replay,
    ReplayError,
    advance,
    apply,
    is_over,
    legal_actions,
    load_level,
    level_path,
    load_replay,
    new_game,
    outcome_json,
    replay_from_state,
    save_replay,
)


def test_records_round_trip_and_rules(tmp_path: Path) -> None:
    file = tmp_path / "rec.json"
    records = Records.load(file)
    assert records.message is None and records.is_unlocked(1) and not records.is_unlocked(2)
    records.record(1, won=False, time_ms=50_000, assisted=False)
    records.record(1, won=True, time_ms=90_000, assisted=True)  # assisted: unlocks, sets no best
    assert records.best_ms(1) is None and records.is_unlocked(2) and not records.is_unlocked(3)
    records.record(1, won=True, time_ms=80_000, assisted=False)
    records.record(1, won=True, time_ms=85_000, assisted=False)
    records.record(2, won=True, time_ms=70_000, assisted=False)
    records.save()
    again = Records.load(file)
    assert again.message is None
    assert again.best_ms(1) == 80_000 and again.best_ms(2) == 70_000 and again.best_ms(5) is None
    rec = again.get(1)
    assert (rec.wins, rec.losses, rec.assisted_wins) == (3, 1, 1)
    assert again.is_unlocked(3) and not again.is_unlocked(4) and not again.is_unlocked(0)


def test_records_default_to_the_user_data_folder(user_home: Path) -> None:
    records = Records.load()
    records.record(4, won=True, time_ms=1, assisted=False)
    records.save()
    assert (data_dir() / RECORDS_FILE).is_file() and data_dir().is_relative_to(user_home)
    assert Records.load().best_ms(4) == 1


@pytest.mark.parametrize("content", ['{"levels": {"1": {"wins": ', '{"levels": {"1": {"wins": -3}}}',
                                     '{"levels": []}', '[1, 2]', '{"levels": {"one": {}}}'])
def test_corrupt_records_are_set_aside_with_a_message(tmp_path: Path, content: str) -> None:
    file = tmp_path / "rec.json"
    file.write_text(content, encoding="utf-8")
    records = Records.load(file)
    assert records.message is not None and "\n" not in records.message
    assert str(file) in records.message and "moved to rec.json.bad-" in records.message
    assert records.levels == {} and not file.exists()
    assert len(list(tmp_path.glob("rec.json.bad-*"))) == 1
    records.record(1, won=True, time_ms=5, assisted=False)
    records.save()
    assert Records.load(file).best_ms(1) == 5


def _finished_game():
    level = load_level(level_path(2))
    state = new_game(level, ["Ana", "Bo"], seed=4, first_player=1)
    for i in range(12):
        advance(state, 700 + 300 * i)
        if is_over(state):
            break
        apply(state, legal_actions(state)[i % len(legal_actions(state))])
    advance(state, 10 * 60_000)
    return state


def test_replay_file_round_trip_gives_the_same_outcome(tmp_path: Path) -> None:
    state = _finished_game()
    state.assisted = True
    file = tmp_path / "run.json"
    save_replay(replay_from_state(state), file)
    replay = load_replay(file)
    assert replay == replay_from_state(state)
    again = replay.run()
    assert outcome_json(again) == outcome_json(state) and again.log == state.log


@pytest.mark.parametrize(("mangle", "expected"), [
    (lambda text, data: text[: len(text) // 2], "truncated or not JSON"),
    (lambda text, data: json.dumps({**data, "game": "arzium"}), "game: not an Arenas Movedizas replay"),
    (lambda text, data: json.dumps({**data, "format": 2}), "format: format 2 is newer"),
    (lambda text, data: json.dumps({k: v for k, v in data.items() if k != "seed"}), "seed: missing field"),
    (lambda text, data: json.dumps({**data, "players": []}), "players: 0 players"),
    (lambda text, data: json.dumps({**data, "actions": [[5, {"type": "jump"}]]}), "actions[0]: unknown action"),
    (lambda text, data: json.dumps({**data, "level": {**data["level"], "deactivator": 99}}),
     "level: deactivator: 99 is outside the path"),
])
def test_bad_replay_files_give_one_line(tmp_path: Path, mangle, expected: str) -> None:
    file = tmp_path / "run.json"
    save_replay(replay_from_state(_finished_game()), file)
    text = file.read_text(encoding="utf-8")
    file.write_text(mangle(text, json.loads(text)), encoding="utf-8")
    with pytest.raises(ReplayError) as info:
        load_replay(file)
    assert str(file) in str(info.value) and expected in str(info.value) and "\n" not in str(info.value)


def test_replay_with_an_action_illegal_at_its_time(tmp_path: Path) -> None:
    replay = replay_from_state(_finished_game())
    bad = Replay(replay.level, replay.players, replay.seed, replay.first_player, replay.sand_speed_pct,
                 replay.assisted, replay.actions[:1] + ((replay.actions[0][0] + 10, PlayCard(0, 9)),))
    file = tmp_path / "bad.json"
    save_replay(bad, file)
    with pytest.raises(IllegalAction, match=r"^action 2 at \d+ ms: "):
        load_replay(file).run()
