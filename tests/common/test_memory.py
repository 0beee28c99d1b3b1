"""Worker processes take what their bots keep out of the collector's later passes; the window's process never."""
from __future__ import annotations

import gc
from functools import partial
from multiprocessing import get_context

from arzium.bots import make_bot
from arzium.bots.tournament import GameSpec, play_game
from arzium.rules.state import default_setup, new_game
from arzium.thinking import BotSpec, decide_job
from common.workers.memory import settle_worker


def _in_worker() -> tuple[int, int, int]:
    """Frozen objects before anything, after a tournament game, after a window's bot decision."""
    start = gc.get_freeze_count()
    play_game(GameSpec(0, 5, ("normal", "easy"), (partial(make_bot, "normal"), partial(make_bot, "easy")), 5, False,
                       None))
    after_game = gc.get_freeze_count()
    state = new_game(default_setup(2, True), 3)
    decide_job(BotSpec("normal", 1, None), 0, 0, state.to_dict(), None)
    return start, after_game, gc.get_freeze_count()


def test_a_worker_freezes_what_its_bots_keep_and_the_window_process_does_not() -> None:
    with get_context("spawn").Pool(1) as pool:
        start, after_game, after_decision = pool.apply(_in_worker)
    assert start == 0 and after_game > 0 and after_decision >= after_game
    before = gc.get_freeze_count()
    settle_worker()
    assert gc.get_freeze_count() == before
