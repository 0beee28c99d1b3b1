"""Arenas records for the Statistics screen: win streaks, assisted runs, and the page built from them."""
from __future__ import annotations

import json
from pathlib import Path

from arenas.records import Records
from arenas.scenes.statistics import statistics


def test_streaks_count_wins_in_a_row_and_keep_the_best(tmp_path: Path) -> None:
    records = Records.load(tmp_path / "rec.json")
    for won in (True, True, False, True, True, True, False, True):
        records.record(3, won=won, time_ms=40_000, assisted=False)
    rec = records.get(3)
    assert (rec.win_streak, rec.best_win_streak, rec.wins, rec.losses) == (1, 3, 6, 2)


def test_assisted_runs_are_counted_won_or_lost(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    records = Records.load(path)
    records.record(2, won=False, time_ms=1, assisted=True)
    records.record(2, won=True, time_ms=2, assisted=True)
    records.record(2, won=False, time_ms=3, assisted=False)
    records.save()
    rec = Records.load(path).get(2)
    assert (rec.assisted_wins, rec.assisted_losses, rec.best_ms, rec.win_streak, rec.best_win_streak) == (1, 1, None,
                                                                                                           0, 1)


def test_a_file_without_the_new_fields_reads_them_as_zero(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"version": 1, "levels": {"1": {"wins": 2, "losses": 1, "best_ms": 900}}}))
    rec = Records.load(path).get(1)
    assert (rec.wins, rec.assisted_losses, rec.win_streak, rec.best_win_streak, rec.best_ms) == (2, 0, 0, 0, 900)


def test_the_statistics_page_shows_every_level_played(tmp_path: Path) -> None:
    records = Records.load(tmp_path / "rec.json")
    records.record(1, won=True, time_ms=61_500, assisted=False)
    records.record(1, won=False, time_ms=10_000, assisted=True)
    records.record(4, won=True, time_ms=90_000, assisted=True)
    page = statistics(records)
    assert page.totals == (("Games played", "3"), ("Won", "2"), ("Lost", "1"), ("Win rate", "67%"))
    assert page.rows == (("1 · First Grains", "1:01.5", "1", "1", "1", "0 / 1"),
                         (f"4 · {page.rows[1][0].split(' · ')[1]}", "—", "1", "0", "1", "1 / 1"))


def test_online_runs_are_a_row_of_their_own_with_their_assisted_runs(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    records = Records.load(path)
    records.record_online(True, assisted=True)
    records.record_online(False, assisted=False)
    records.record_online(True, assisted=False)
    records.save()
    again = Records.load(path)
    assert again.online() == (2, 1, 1)
    page = statistics(again)
    assert page.rows == (("Online (every level)", "—", "2", "1", "1", "—"),)  # not "No runs yet" above them
    assert page.totals == (("Games played", "3"), ("Won", "2"), ("Lost", "1"), ("Win rate", "67%"))
    assert "Online runs set no best time and open no level." in page.notes


def test_online_counts_that_are_not_counts_read_as_zero_and_assisted_never_above_the_runs(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"version": 3, "levels": {},
                                "online": {"wins": 1, "losses": True, "assisted": 9, "later": "kept"}}))
    records = Records.load(path)
    assert records.online() == (1, 0, 1)
    records.record_online(False, assisted=True)
    assert records.extra["online"] == {"wins": 1, "losses": 1, "assisted": 2, "later": "kept"}
    assert statistics(Records.load(tmp_path / "none.json")).rows == ()
