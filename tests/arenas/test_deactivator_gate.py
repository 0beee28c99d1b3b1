"""The Deactivator's bar across the path: long below the path (toward its stone), short above it, so it stops
short of a glass standing on the first danger gear, on every level's board (the first, a loop and the last in the
default suite, every level with -m slow: each board is fitted from scratch)."""
from __future__ import annotations

import math

import pytest

from arenas.rules.levels import load_levels
from arenas.scenes.layouts import fit_board
from helpers import evidence


@pytest.mark.parametrize("level", evidence(load_levels(), {0, 7, 20}), ids=lambda lv: str(lv.number))
def test_the_gate_reaches_further_down_than_up(level) -> None:  # type: ignore[no-untyped-def]
    geo = fit_board(level.layout, len(level.path), level.deactivator, frozenset(level.blocks), (0, 0, 1200, 560), 64)
    a, b = geo.gears[level.deactivator - 1], geo.gears[level.deactivator]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    low, high = sorted(geo.gate, key=lambda p: -p[1])  # the lower end first (larger y)
    assert math.dist(low, mid) == pytest.approx(0.62 * geo.s)
    assert math.dist(high, mid) == pytest.approx(0.34 * geo.s)
    assert high[1] <= mid[1] <= low[1]
