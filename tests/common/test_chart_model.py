"""Line chart layout: end labels kept apart and in bounds, distinct dashes, axis labels with room."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common.ui.chart_model import DASHES, dash_styles, room_for, spread_labels


def test_labels_apart_stay_where_they_want():
    assert spread_labels([10.0, 50.0, 90.0], 12, 0, 100) == [10.0, 50.0, 90.0]


def test_two_labels_on_one_spot_share_it_evenly():
    assert spread_labels([50.0, 50.0], 10, 0, 100) == [45.0, 55.0]


def test_a_crowd_at_the_bottom_is_pushed_up_inside_the_bounds_keeping_its_order():
    assert spread_labels([99.0, 98.0, 99.0], 10, 0, 100) == [85.0, 75.0, 95.0]


def test_a_crowd_pushes_its_neighbour_when_they_meet():
    assert spread_labels([40.0, 48.0, 48.0, 48.0], 10, 0, 100) == [31.0, 41.0, 51.0, 61.0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 300), max_size=8), st.floats(5, 30))
def test_labels_never_overlap_and_fit_when_there_is_room(wanted, height):
    out = spread_labels(wanted, height, 0, 300)
    ordered = sorted(out)
    assert all(b - a >= height - 1e-6 for a, b in itertools.pairwise(ordered))
    if len(wanted) * height <= 300:
        assert all(height / 2 - 1e-6 <= y <= 300 - height / 2 + 1e-6 for y in out)


def test_dash_styles_are_distinct_and_the_first_is_solid():
    styles = dash_styles(len(DASHES))
    assert styles[0] == () and len(set(styles)) == len(DASHES)
    with pytest.raises(ValueError, match="at most"):
        dash_styles(len(DASHES) + 1)


def test_axis_labels_without_room_are_left_out():
    assert room_for([10, 14, 30, 31, 50], [8, 8, 8, 8, 8], gap=2) == [0, 2, 4]
