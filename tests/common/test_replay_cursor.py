"""The replay viewer's position logic (pure): timeline stops, stepping, ends, scrubbing, speed, play/pause."""
from __future__ import annotations

import pytest

from common.replays.cursor import SPEEDS, Cursor, Timeline

LINE = Timeline((100, 250, 250, 900), 1200)


def test_a_timeline_counts_the_actions_made_at_a_position() -> None:
    assert [LINE.done(p) for p in (0, 99, 100, 249, 250, 899, 900, 1200)] == [0, 0, 1, 1, 3, 3, 4, 4]


def test_stops_are_the_actions_then_the_ends() -> None:
    assert [LINE.next_stop(p) for p in (0, 100, 120, 250, 900, 1200)] == [100, 250, 250, 900, 1200, 1200]
    assert [LINE.prev_stop(p) for p in (1200, 900, 500, 250, 100, 0)] == [900, 250, 250, 100, 0, 0]


def test_fractions_map_onto_the_whole_replay() -> None:
    assert LINE.at_fraction(0.5) == 600 and LINE.at_fraction(-1) == 0 and LINE.at_fraction(7) == 1200
    assert LINE.fraction(300) == 0.25 and Timeline((), 0).fraction(5) == 0.0


@pytest.mark.parametrize(("marks", "end"), [((5, 3), 10), ((-1,), 10), ((1, 20), 10)])
def test_a_timeline_refuses_marks_out_of_order_or_past_its_end(marks: tuple[int, ...], end: int) -> None:
    with pytest.raises(ValueError):
        Timeline(marks, end)


def test_stepping_forward_and_back_visits_every_action_and_pauses() -> None:
    cursor = Cursor(LINE)
    cursor.playing = True
    assert [cursor.forward() for _ in range(5)] == [100, 250, 900, 1200, 1200]
    assert not cursor.playing and cursor.at_end
    assert [cursor.back() for _ in range(5)] == [900, 250, 100, 0, 0]


def test_the_ends_and_the_scrubber() -> None:
    cursor = Cursor(LINE)
    assert cursor.to_end() == 1200 and cursor.at_end
    assert cursor.to_start() == 0
    cursor.playing = True
    assert cursor.scrub(0.25) == 300 and cursor.playing  # scrubbing keeps playing


def test_play_pause_follows_the_game_and_stops_at_the_end() -> None:
    cursor = Cursor(LINE)
    assert cursor.toggle() is False and cursor.playing
    cursor.follow(700)
    assert cursor.position == 700 and cursor.playing
    cursor.follow(5000)
    assert cursor.position == 1200 and not cursor.playing
    assert cursor.toggle() is True and cursor.position == 0 and cursor.playing  # playing at the end restarts


def test_speed_goes_from_half_to_eight_times() -> None:
    cursor = Cursor(LINE)
    assert cursor.speed == 1.0
    while cursor.change_speed(1):
        pass
    assert cursor.speed == 8.0 == SPEEDS[-1]
    while cursor.change_speed(-1):
        pass
    assert cursor.speed == 0.5 == SPEEDS[0]


def test_the_replay_models_and_statistics_pages_load_no_pygame() -> None:
    import subprocess
    import sys
    modules = ("common.replays.cursor", "common.replays.index", "arenas.replay_model",
               "arzium.replay_model", "arenas.scenes.statistics", "arzium.scenes.statistics", "arzium.records")
    code = f"import sys; import {', '.join(modules)}; assert 'pygame' not in sys.modules, 'pygame loaded'"
    subprocess.run([sys.executable, "-c", code], check=True)
