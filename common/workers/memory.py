"""Short collector pauses in a worker process that keeps filling caches (the bots')."""
from __future__ import annotations

import gc
import multiprocessing


def settle_worker() -> None:
    """In a worker process (one multiprocessing started): collect what is garbage now, then take what is still
    alive out of the collector's later passes (`gc.freeze`), so that each later collection costs only what is
    new, not a pause that grows with the caches (about 200 ms after a dozen Hard games, within a decision).
    Elsewhere nothing: a window's own objects may later form cycles, and frozen objects are never collected."""
    if multiprocessing.parent_process() is not None:
        gc.collect()
        gc.freeze()
