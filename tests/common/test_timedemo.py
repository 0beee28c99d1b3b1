"""The timedemo tool: a sweep over window sizes, with or without the present in the measured frame."""
from __future__ import annotations

import pytest

from common.cli import main
from common.engine.app import App
from common.tools.timedemo import format_table, run_sweep


def test_a_sweep_times_every_size_it_is_given_in_order(app: App) -> None:
    runs = run_sweep(app, [(960, 540), (1024, 600)], frames=3, only=["menu"], present=True)
    assert [r["size"] for r in runs] == [[960, 540], [1024, 600]]
    assert app.size == (1024, 600)
    for run in runs:
        assert run["present"] is True
        assert set(run["scenes"]) == {"menu"}
        assert run["scenes"]["menu"]["p50"] <= run["scenes"]["menu"]["p95"] <= run["scenes"]["menu"]["p99"]
    assert "(update + draw + present)" in format_table(runs[0])


def test_without_present_the_table_says_so(app: App) -> None:
    (run,) = run_sweep(app, [app.size], frames=2, only=["menu"])
    assert run["present"] is False
    assert "(update + draw, no present)" in format_table(run)


def test_a_bad_size_in_the_sweep_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["timedemo", "--sizes", "1280x720,huge"])
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("size must look like 1280x720, not 'huge'")


def test_a_paced_run_reports_the_gaps_between_frames_and_their_work() -> None:
    stats = {"p50": 16.0, "p95": 17.0, "p99": 33.0}
    results = {"size": [3840, 2160], "frames": 60, "paced": True,
               "scenes": {"arenas-play": {"gap": stats, "work": {"p50": 4.25, "p95": 6.5, "p99": 9.0},
                                          "cpu": {"p50": 3.0, "p95": 5.125, "p99": 8.0}}}}
    lines = format_table(results).splitlines()
    assert lines[0] == "timedemo 3840x2160, 60 frames per scene, paced at 60 fps in the window (wall clock)"
    assert lines[2].split() == ["arenas-play", "16.0", "17.0", "33.0", "4.25", "6.50", "5.12"]
