"""Every shipped level is won by a team of bots at its intended team size within a few seeds.

The default run replays the recorded first winning seed of the early levels (exact game time);
`-m slow` searches the seeds of every level. The proof over 100 seeds per level is
`main.py verify-levels` (its table is `arenas/bots/proof.json`, checked in test_arenas_bots.py).
"""
from __future__ import annotations

import pytest

from arenas.bots.verify import play_level
from arenas.rules import Level, load_levels

SEEDS = 15  # the hardest levels win about one seed in four or five
FAST_LEVELS = 10  # levels 1..10 win within a fraction of a second each

# Per level: the first seed a bot team wins with, and the game time of that win in ms.
FIRST_WINS = {
    1: (0, 30_010), 2: (0, 71_560), 3: (0, 25_850), 4: (0, 47_360), 5: (0, 34_140), 6: (0, 45_120),
    7: (0, 52_420), 8: (0, 31_880), 9: (0, 44_610), 10: (0, 61_860), 11: (0, 94_710), 12: (0, 106_130),
    13: (0, 125_490), 14: (2, 125_390), 15: (2, 131_100), 16: (0, 124_200), 17: (5, 164_500),
    18: (0, 165_320), 19: (0, 119_730), 20: (9, 171_530), 21: (4, 149_530),
}
LEVELS = load_levels()


def test_every_level_has_a_recorded_first_win() -> None:
    assert sorted(FIRST_WINS) == [lv.number for lv in LEVELS]


@pytest.mark.parametrize("level", LEVELS[:FAST_LEVELS], ids=lambda lv: f"level{lv.number:02d}")
def test_the_recorded_first_win_of_an_early_level_still_wins(level: Level) -> None:
    seed, ms = FIRST_WINS[level.number]
    assert play_level(level, seed) == (True, ms), f"level {level.number} seed {seed}"


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: f"level{lv.number:02d}")
def test_a_bot_team_wins_every_level_within_a_few_seeds(level: Level) -> None:
    first = next((seed for seed in range(SEEDS) if play_level(level, seed)[0]), None)
    assert first == FIRST_WINS[level.number][0], f"level {level.number}: first win at seed {first}"
