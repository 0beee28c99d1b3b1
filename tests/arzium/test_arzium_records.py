"""Arzium's records: per bot level and number of players, written atomically and versioned, a bad file set
aside; the table counts a finished game (and says how it ended in the replay's meta)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from arzium.match import Match
from arzium.records import RECORDS_FILE, RECORDS_VERSION, Records, record_game, table_kind
from arzium.rules.score import outcome
from arzium.rules.state import GameState, SeatSetup
from arzium.scenes.statistics import statistics
from arzium_testkit import play_random
from common.data.paths import data_dir, replays_dir
from common.replays.replay import read_replay

ANN = SeatSetup("Ann", "red", "south", "human")
EASY = SeatSetup("Snorebert", "blue", "north", "bot", "easy")
HARD = SeatSetup("Dora", "green", "west", "bot", "hard")


def finished(seats: tuple[SeatSetup, ...], seed: int = 5) -> GameState:
    """A finished random game, its seats then named and typed as `seats`."""
    state, _, _ = play_random(len(seats), False, seed)
    state.setup = replace(state.setup, seats=seats)
    return state


def test_the_table_kind_is_the_bots_level_and_the_number_of_players() -> None:
    assert table_kind(finished((ANN, EASY))) == ("easy", 2)
    assert table_kind(finished((ANN, EASY, HARD))) == ("mixed", 3)
    assert table_kind(finished((ANN, replace(ANN, name="Bo")))) == ("people", 2)
    assert table_kind(finished((ANN, replace(EASY, bot_level="greedy")))) == ("normal", 2)


def test_a_game_counts_your_result_and_score(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    records = Records.load(path)
    game = finished((ANN, EASY))
    out = outcome(game)
    won = 0 in out.winners
    assert records.record(game, assisted=True)
    assert records.record(game, assisted=False)
    assert not records.record(finished((EASY, replace(EASY, name="Mo"))), assisted=False)  # bots alone: watched
    records.save()
    again = Records.load(path)
    rec = again.tables[("easy", 2)]
    score = out.scores[0].total
    assert (rec.played, rec.wins, rec.losses, rec.assisted) == (2, 2 * won, 2 * (not won), 1)
    assert (rec.points, rec.best_score, rec.average) == (2 * score, score, float(score))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == RECORDS_VERSION and list(data["tables"]) == ["easy-2"]


def test_a_corrupt_records_file_is_set_aside_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text('{"version": 1, "tables": {"easy-2": {"played": -3}}}', encoding="utf-8")
    records = Records.load(path)
    assert records.message is not None and "\n" not in records.message and "moved to" in records.message
    assert not records.tables
    assert not path.exists() and len(list(tmp_path.glob(f"{path.name}.bad-*"))) == 1


def test_a_newer_records_file_is_used_but_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"version": RECORDS_VERSION + 1, "tables": {"hard-3": {"played": 4, "wins": 1}},
                                "medals": 2}), encoding="utf-8")
    original = path.read_bytes()
    records = Records.load(path)
    assert records.read_only and records.tables[("hard", 3)].played == 4 and records.message is not None
    records.record(finished((ANN, EASY, HARD)), assisted=False)
    records.save()
    assert path.read_bytes() == original


def test_unknown_fields_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"version": 1, "player": "Ann", "tables": {"easy-2": {"played": 1, "wins": 1,
                                                                                     "trophy": "cup"}}}))
    records = Records.load(path)
    records.record(finished((ANN, EASY)), assisted=False)
    records.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["player"] == "Ann" and data["tables"]["easy-2"]["trophy"] == "cup"
    assert data["tables"]["easy-2"]["played"] == 2


def test_the_end_of_a_game_at_the_table_is_recorded_and_told_in_the_replay() -> None:
    game = finished((ANN, EASY), seed=8)
    _, actions, _ = play_random(2, False, 8)
    table = Match(game, lambda ms: 0.0, actions=actions, autosave=True)
    table.controllers = {}  # the game is over: no bot is asked anything
    path = table.finish()
    table.leave()
    assert path is not None
    rec = Records.load().tables[("easy", 2)]
    assert rec.played == 1 and (data_dir() / RECORDS_FILE).is_file()
    meta = read_replay(Path(path)).meta
    out = outcome(game)
    assert meta["winners"] == [game.setup.seats[w].name for w in out.winners]
    assert meta["scores"] == [s.total for s in out.scores] and Path(path).parent == replays_dir()
    page = statistics()
    assert page.totals[0][1] == "1" and page.rows[0][:3] == ("Bots: Easy", "2", "1")


def test_record_game_reports_a_bad_file_in_one_line() -> None:
    data_dir().mkdir(parents=True, exist_ok=True)
    (data_dir() / RECORDS_FILE).write_text("{ nope", encoding="utf-8")
    problems = record_game(finished((ANN, EASY)), assisted=False)
    assert len(problems) == 1 and "\n" not in problems[0] and "Arzium records" in problems[0]
    assert Records.load().tables[("easy", 2)].played == 1


def test_online_games_are_a_kind_of_table_of_their_own_with_their_hints_and_the_bots_turns(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    records = Records.load(path)
    bo = replace(ANN, name="Bo")
    records.record(finished((ANN, bo)), assisted=True, online_seat=0, bot_turns=3)
    records.record(finished((ANN, bo), seed=6), assisted=False, online_seat=1, bot_turns=0)
    records.record(finished((ANN, EASY)), assisted=False)
    records.save()
    again = Records.load(path)
    online = again.tables[("online", 2)]
    assert (online.played, online.assisted, online.bot_turns) == (2, 1, 3)
    page = statistics(again)
    assert page.columns[0] == "Table" and page.columns[-1] == "Assisted"
    assert [(r[0], r[-1]) for r in page.rows] == [("Bots: Easy", "0"), ("Online", "1")]
    assert "Online, your bot played 3 of your turns (your time ran out, or you were away)." in page.notes


def test_a_bot_turns_count_that_is_not_one_is_named_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"version": 1, "tables": {"online-2": {"played": 1, "bot_turns": 5000}}}))
    records = Records.load(path)
    assert records.tables == {} and records.message is not None and "bot_turns" in records.message


def test_the_turns_a_bot_played_for_a_seat_are_counted_from_the_replays_bot_moves() -> None:
    from arzium.replay_model import ArziumReplay
    from arzium.rules.engine import apply, current_player
    from arzium.rules.replay import Replay as RulesReplay
    from arzium.rules.state import new_game

    state, actions, _ = play_random(2, False, 8)
    start = new_game(state.setup, state.seed)
    turns: dict[int, list[tuple[int, int]]] = {0: [], 1: []}  # seat -> (action number, turn) of its actions
    for n, action in enumerate(actions, start=1):
        p = current_player(start)
        assert p is not None
        turns[p].append((n, start.turn))
        apply(start, action)
    first_turn = [n for n, t in turns[0] if t == turns[0][0][1]]
    later = next(n for n, t in turns[0] if t != turns[0][0][1])
    meta = {"bot_moves": [[n, "clock"] for n in (*first_turn, later)]}
    watched = ArziumReplay.load(RulesReplay(state.setup, state.seed, list(actions)).to_file(meta), "test")
    assert watched.bot_turns(0) == 2 and watched.bot_turns(1) == 0  # two of seat 0's turns, however many moves
