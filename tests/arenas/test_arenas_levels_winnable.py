"""Every shipped level is won by a team of bots at its intended team size within a few seeds.

The default run replays the recorded first winning seed of the early levels (exact game time);
`-m slow` searches the seeds of every level. The proof over 100 seeds per level is
`main.py verify-levels` (its table is `arenas/bots/proof.json`, checked in test_arenas_bots.py).
"""
from __future__ import annotations

import pytest

from arenas.bots.verify import play_level
from arenas.rules.levels import Level, load_levels

SEEDS = 15  # the hardest levels win about one seed in four or five
FAST_LEVELS = 10  # levels 1..10 win within a fraction of a second each

# Per level: the first seed a bot team wins with, and the game time of that win in ms.
FIRST_WINS = {
    1: (0, 24_420), 2: (0, 69_200), 3: (0, 23_730), 4: (0, 47_760), 5: (0, 33_920), 6: (0, 51_210),
    7: (0, 38_870), 8: (0, 33_850), 9: (0, 38_880), 10: (0, 32_910), 11: (0, 48_320), 12: (0, 52_920),
    13: (0, 42_920), 14: (0, 43_760), 15: (0, 44_460), 16: (0, 55_890), 17: (0, 46_360), 18: (0, 34_320),
    19: (0, 42_910), 20: (0, 46_220), 21: (0, 41_660),
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
