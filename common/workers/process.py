"""What every worker process the window starts does first: give way to the window, and end with it. Pure Python.

A worker (bots thinking, a level being proved) runs beside the window's frame loop on a shared machine: it
lowers its own priority so the window keeps its frames, and it ends itself as soon as the window's process is
gone, however that ended (kill -9 included), so no orphan keeps a core busy.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import threading
import time

PARENT_POLL_S = 0.5  # how often the worker looks whether the window's process is still there
NICENESS = 5


def start_worker() -> None:
    """Worker side, once (a pool's initializer): a lower priority, and a watch that ends the worker with its
    parent."""
    with contextlib.suppress(AttributeError, OSError):  # no nice on this system: same priority, still off the loop
        os.nice(NICENESS)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True, name="worker-parent-watch").start()


def _watch_parent(parent_pid: int) -> None:
    """Worker side: end this process as soon as the window's process is gone, even killed by SIGKILL (its
    end of the pipe the worker was started through closes; the parent's pid changes as a fallback).
    Once the worker is gone, multiprocessing's resource tracker sees its pipe close and ends too."""
    parent = multiprocessing.parent_process()
    while os.getppid() == parent_pid:
        if parent is None:
            time.sleep(PARENT_POLL_S)
        elif multiprocessing.connection.wait([parent.sentinel], timeout=PARENT_POLL_S):
            break
    os._exit(0)  # the work in progress is for nobody now: no clean-up to wait for
