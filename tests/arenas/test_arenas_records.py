"""Per-level records and the replay file format."""
from __future__ import annotations

from pathlib import Path

import pytest

from arenas.records import RECORDS_FILE, Records
from arenas.rules.actions import PlayCard
from arenas.rules.engine import advance, apply, is_over, legal_actions, outcome_json
from arenas.rules.levels import level_path, load_level
from arenas.rules.state import Setup, new_game
from arenas.session import GameSetup, SetupError, replay_outcome, to_replay
from common.data.paths import data_dir
from common.replays.replay import read_replay, write_replay


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


def test_only_a_win_opens_the_next_level(tmp_path: Path) -> None:
    records = Records.load(tmp_path / "rec.json")
    records.record(12, won=False, time_ms=54_000, assisted=False)  # a locked level played from the command line
    records.record(14, won=True, time_ms=60_000, assisted=False)  # even a win of a locked level opens nothing
    assert not any(records.is_unlocked(n) for n in range(2, 16))
    records.record(1, won=False, time_ms=30_000, assisted=False)
    assert not records.is_unlocked(2)  # a loss opens nothing
    for n in range(1, 11):
        records.record(n, won=True, time_ms=40_000, assisted=False)
    assert records.is_unlocked(11) and not records.is_unlocked(12)
    records.record(11, won=True, time_ms=40_000, assisted=False)
    assert records.is_unlocked(12) and not records.is_unlocked(13)  # lost on 12: 13 stays locked


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
    state = new_game(Setup(level, ("Ana", "Bo"), first_player=1), 4)
    for i in range(12):
        advance(state, 700 + 300 * i)
        if is_over(state):
            break
        apply(state, legal_actions(state)[i % len(legal_actions(state))])
    advance(state, 10 * 60_000)
    return state


def _setup_of(state) -> GameSetup:
    return GameSetup(state.level, tuple(state.players), state.first_player, state.sand_speed_pct, seed=state.seed)


def test_replay_file_round_trip_gives_the_same_outcome(tmp_path: Path) -> None:
    state = _finished_game()
    state.assisted = True
    file = tmp_path / "run.json"
    write_replay(file, to_replay(_setup_of(state), state))
    again = replay_outcome(read_replay(file, "arenas"), str(file))
    assert outcome_json(again) == outcome_json(state) and again.log == state.log and again.assisted


@pytest.mark.parametrize(("mangle", "expected"), [
    (lambda setup, actions: ({**setup, "players": []}, actions), "setup.players: expected a list of names"),
    (lambda setup, actions: (setup, [{"t": 5, "type": "jump"}]), "actions[0]: unknown action"),
    (lambda setup, actions: (setup, [{**actions[0], "t": -1}]), "actions[0].t: expected a time in ms"),
    (lambda setup, actions: ({**setup, "level": {**setup["level"], "deactivator": 99}}, actions),
     "deactivator: 99 is outside the path"),
    (lambda setup, actions: ({**setup, "first_player": "x"}, actions), "setup.first_player: expected an integer"),
    (lambda setup, actions: ({**setup, "level": 999}, actions), "no shipped level 999"),
])
def test_bad_replay_setups_give_one_line(tmp_path: Path, mangle, expected: str) -> None:
    state = _finished_game()
    replay = to_replay(_setup_of(state), state)
    replay.setup, replay.actions = mangle(replay.setup, replay.actions)
    with pytest.raises(SetupError) as info:
        replay_outcome(replay, "run.json")
    assert "run.json" in str(info.value) and expected in str(info.value) and "\n" not in str(info.value)


def test_replay_with_an_action_illegal_at_its_time() -> None:
    state = _finished_game()
    replay = to_replay(_setup_of(state), state)
    replay.actions = replay.actions[:1] + [{"t": replay.actions[0]["t"] + 10, **PlayCard(0, 9).to_json()}]
    with pytest.raises(SetupError, match=r"action 2 at \d+ ms: "):
        replay_outcome(replay, "bad.json")
