"""Tournaments: fair seat rotation on paired deals, Wilson intervals, summaries, the command's output."""
import json
from collections import Counter
from functools import partial

import pytest

from arzium.bots import make_bot
from arzium.bots.tournament import (
    lineups,
    summarize,
    tournament,
    tournament_main,
    wilson,
)
from first_hard import NAME as FIRST_HARD
from first_hard import budget as first_hard_budget
from first_hard import first_hard
from first_hard import main as first_hard_main


@pytest.mark.parametrize("players, bots", [
    (2, ["hard", "normal"]),
    (3, ["hard", "normal"]),
    (3, ["easy", "normal", "hard"]),
    (4, ["easy", "normal", "hard"]),
    (4, ["normal"] * 4),
])
def test_every_bot_takes_every_seat_equally_often(players, bots):
    games = 6 * len(bots)
    plan = lineups(players, bots, games)
    names = set(bots)
    for seat in range(players):
        seen = Counter(lineup[seat] for _, lineup in plan)
        assert set(seen) == names
        per_name = {b: bots.count(b) * games // len(bots) for b in names}
        assert seen == per_name
    # each deal is played once per rotation: the bots meet on the same cards
    assert Counter(deal for deal, _ in plan) == {d: len(bots) for d in range(games // len(bots))}


def test_two_bots_swap_seats_on_the_same_deal():
    assert lineups(2, ["hard", "normal"], 4) == [(0, ("hard", "normal")), (0, ("normal", "hard")),
                                                 (1, ("hard", "normal")), (1, ("normal", "hard"))]


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson(10, 10)
    assert round(lo, 4) == 0.7225 and hi == pytest.approx(1.0)
    lo, hi = wilson(2.5, 10)                     # shared wins count as fractions
    assert lo < 0.25 < hi


def test_summary_counts_shared_wins_as_fractions_and_seats():
    games = [
        {"lineup": ["hard", "normal"], "winners": [0], "scores": [10, 8], "turns": 30, "times": [[0.1], [0.001]]},
        {"lineup": ["normal", "hard"], "winners": [0, 1], "scores": [9, 9], "turns": 32, "times": [[0.002], [0.3]]},
    ]
    res = summarize(2, ["hard", "normal"], games)
    hard, normal = res["results"]["hard"], res["results"]["normal"]
    assert (hard["wins"], hard["games"], hard["win_rate"]) == (1.5, 2, 0.75)
    assert (normal["wins"], normal["win_rate"]) == (0.5, 0.25)
    assert hard["seat_win_rates"] == [1.0, 0.5] and normal["seat_win_rates"] == [0.5, 0.0]
    assert hard["mean_score"] == 9.5 and hard["decision_ms"]["decisions"] == 2
    assert [s["win_rate"] for s in res["seats"]] == [0.75, 0.25]
    assert res["shared_wins"] == 1 and res["mean_turns"] == 31


def test_a_small_tournament_is_reproducible_in_parallel():
    one = tournament(2, ["normal", "easy"], 4, 3, full_game=False, workers=1)
    two = tournament(2, ["normal", "easy"], 4, 3, full_game=False, workers=2)
    for res in (one, two):
        res.pop("elapsed_s")
        for r in res["results"].values():
            r.pop("decision_ms")
            r.pop("wall_ms")
    assert one == two
    assert one["balanced"] and one["games"] == 4 and set(one["results"]) == {"normal", "easy"}
    r = one["results"]["normal"]
    assert r["games"] == 4 and r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    assert sum(s["wins"] for s in one["seats"]) == pytest.approx(4)


def test_tournament_with_the_hard_bot_reports_its_decision_times():
    res = tournament(2, ["hard", "normal"], 2, 1, workers=1, hard_iterations=5)
    assert res["hard_iterations"] == 5
    d = res["results"]["hard"]["decision_ms"]
    assert d["decisions"] > 10 and 0 <= d["p50"] <= d["p95"] <= d["max"]


def test_tournament_main_prints_a_table_and_writes_json(tmp_path, capsys):
    out = tmp_path / "t.json"
    assert tournament_main(3, ["normal", "easy"], 4, 2, out, full_game=False, workers=1) == 0
    text = capsys.readouterr().out
    assert "Arzium tournament: 3 players, basic game, 4 games, seed 2" in text
    assert "not exactly balanced" not in text and "95% CI" in text and "west" in text
    data = json.loads(out.read_text())
    assert data["players"] == 3 and len(data["seats"]) == 3 and data["results"]["easy"]["games"] == 6


@pytest.mark.parametrize("args, message", [
    ((5, ["normal", "easy"], 2, 1), "tournament: players: 5 (2-4)"),
    ((2, ["normal", "genius"], 2, 1), "tournament: bots: unknown bot level 'genius'"),
    ((2, ["normal", "easy"], 0, 1), "tournament: games: 0 (must be positive)"),
])
def test_tournament_main_rejects_bad_arguments_in_one_line(args, message, capsys):
    assert tournament_main(*args, workers=1) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(message) and captured.err.count("\n") == 1 and captured.out == ""


def test_tournament_main_reports_an_unwritable_json_file(tmp_path, capsys):
    assert tournament_main(2, ["normal", "easy"], 2, 1, tmp_path / "missing" / "t.json", False, workers=1) == 1
    assert capsys.readouterr().err.splitlines() == [f"{tmp_path / 'missing' / 't.json'}: cannot write: "
                                                    "No such file or directory"]


def test_an_unbalanced_tournament_says_so(capsys):
    assert tournament_main(2, ["normal", "easy"], 3, 1, None, False, workers=1) == 0
    assert "not exactly balanced" in capsys.readouterr().out
    assert tournament_main(3, ["normal"] * 3, 2, 1, None, False, workers=1) == 0    # one level: always fair
    assert "not exactly balanced" not in capsys.readouterr().out


def test_the_tournament_flags_set_the_hard_budget():
    from common.cli import build_parser
    args = build_parser().parse_args(["tournament", "arzium", "--bots", "hard,normal", "--iterations", "50",
                                      "--time-cap", "0.5"])
    assert (args.bots, args.iterations, args.time_cap) == (["hard", "normal"], 50, 0.5)
    args = build_parser().parse_args(["tournament", "arzium"])
    assert (args.iterations, args.time_cap) == (None, None)


@pytest.mark.parametrize("argv, flag", [
    (["--time-cap", "abc"], "--time-cap"),
    (["--time-cap", "0"], "--time-cap"),
    (["--time-cap", "61"], "--time-cap"),
    (["--iterations", "0"], "--iterations"),
    (["--iterations", "2.5"], "--iterations"),
    (["--bots", "hard,hard-v2"], "--bots"),
    (["--bots", "hard,hard-v1"], "--bots"),  # the first Hard is a development yardstick, not a level
])
def test_a_bad_tournament_flag_is_one_error_line(argv, flag, capsys):
    from common.cli import build_parser
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(["tournament", "arzium", *argv])
    assert exc.value.code == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert len(errors) == 1 and f"argument {flag}:" in errors[0]


def test_each_hard_bot_budget_is_named():
    from arzium.bots.tournament import budget
    assert budget("hard", None, None) == "up to 0.8 s (at most 100000 iterations)"
    assert budget("hard", 50, None) == "50 iterations"
    assert budget("hard", None, 0.5) == "up to 0.5 s (at most 100000 iterations)"
    assert first_hard_budget(None, None) == "300 iterations"
    assert first_hard_budget(None, 0.8) == "300 iterations, capped at 0.8 s"


def test_the_header_says_which_budget_each_hard_bot_used(capsys):
    from arzium.bots.tournament import format_table
    res = tournament(2, ["hard", "normal"], 2, 1, workers=1, hard_iterations=3)
    assert res["budgets"] == {"hard": "3 iterations"}
    lines = format_table(res).splitlines()
    assert lines[1:3] == ["hard: 3 iterations per move", "bots rotated through the seats: hard, normal"]
    assert res["results"]["hard"]["wall_ms"]["max"] >= res["results"]["hard"]["wall_ms"]["p50"]


@pytest.mark.parametrize("kwargs, message", [
    ({"time_cap": -1.0}, "tournament: time cap: -1 s (must be above 0 and at most 60)"),
    ({"hard_iterations": 0}, "tournament: iterations: 0 (must be positive)"),
])
def test_a_bad_budget_given_in_code_is_one_line(kwargs, message, capsys):
    assert tournament_main(2, ["hard", "normal"], 2, 1, **kwargs) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [message] and captured.out == ""


def test_rotate_first_takes_the_first_turn_round_the_seats_and_tells_win_rates_by_turn(capsys):
    """With --rotate-first deal d starts at seat d mod players (apart from the edges), each game's turn order
    is kept, and the wins are also counted by turn position; without it seat 1 always starts."""
    from arzium.bots.tournament import GameSpec, play_game
    normal = partial(make_bot, "normal")
    specs = [GameSpec(g, 5 + g, ("normal",) * 3, (normal,) * 3, 7 + g, False, None, None, g % 3) for g in range(3)]
    played = [play_game(s) for s in specs]
    assert [g["order"][0] for g in played] == [0, 1, 2]
    res = summarize(3, ["normal"], played)
    by_seat = [s["wins"] for s in res["seats"]]
    by_turn = [k["wins"] for k in res["positions"]]
    assert sum(by_turn) == pytest.approx(3) and sum(by_seat) == pytest.approx(3)
    expected = [0.0, 0.0, 0.0]
    for g in played:
        for w in g["winners"]:
            expected[g["order"].index(w)] += 1 / len(g["winners"])
    assert by_turn == pytest.approx(expected)
    res = tournament(3, ["normal", "easy", "normal"], 9, 4, full_game=False, workers=1, rotate_first=True)
    assert res["rotate_first"] and len(res["positions"]) == 3
    assert tournament_main(2, ["normal", "easy"], 4, 2, None, full_game=False, workers=1, rotate_first=True) == 0
    assert "2nd to play" in capsys.readouterr().out
    plain = tournament(2, ["normal", "easy"], 2, 4, full_game=False, workers=1)
    assert [k["wins"] for k in plain["positions"]] == [s["wins"] for s in plain["seats"]]  # seat 1 always starts


def test_a_bot_that_is_no_level_sits_at_a_tournament_only_when_given_by_name():
    with pytest.raises(ValueError, match="unknown bot level 'hard-v1'"):
        tournament(2, ["hard", FIRST_HARD], 2, 1, workers=1, hard_iterations=3)
    res = tournament(2, ["hard", FIRST_HARD], 2, 1, workers=1, hard_iterations=3, others={FIRST_HARD: first_hard})
    assert res["results"][FIRST_HARD]["games"] == 2 and res["results"]["hard"]["games"] == 2


def test_the_first_hard_tool_prints_both_budgets(capsys):
    assert first_hard_main(["--games", "2", "--iterations", "3", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:3] == ["hard: 3 iterations per move", "hard-v1: 3 iterations per move"]
