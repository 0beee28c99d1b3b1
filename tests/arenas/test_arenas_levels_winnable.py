"""Every shipped level is won by a team of bots at its intended team size within a few seeds.

A quick check; the proof over 100 seeds per level is `main.py verify-levels` (its table is
`arenas/bots/proof.json`, checked in test_arenas_bots.py), and the slow test there replays it.
"""
from __future__ import annotations

import pytest

from arenas.bots.verify import play_level
from arenas.rules import load_levels

SEEDS = 15  # the hardest levels win about one seed in four or five


@pytest.mark.parametrize("level", load_levels(), ids=lambda lv: f"level{lv.number:02d}")
def test_a_bot_team_wins_every_level_within_a_few_seeds(level) -> None:
    assert any(play_level(level, seed)[0] for seed in range(SEEDS))
