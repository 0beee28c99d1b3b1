"""Where bots and hints think: one worker process, started on first use, and the jobs it runs.

Thinking happens off the frame loop in one worker process, started on first use: Python threads
share one interpreter lock, so a search on a thread of the window's process makes its frames late.
The state travels as `GameState.to_dict()`. When no process can be started (or the worker dies),
the same job runs on a daemon thread instead. The worker ends itself when the window's process is
gone, however it ended (kill -9 included). This module must not import pygame: the worker process
imports it to find the jobs. The room server uses the same worker, so a Hard bot's search never runs
on its event loop.
"""
from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Generic, TypeVar, TypeVarTuple

from arzium.bots import hint as hard_hint
from arzium.bots import make_bot
from arzium.rules.actions import ActionJSON
from arzium.rules.cards import CardSet, default_cards
from arzium.rules.state import GameState, StateJSON
from common.workers.memory import settle_worker
from common.workers.process import start_worker

R = TypeVar("R")
Ts = TypeVarTuple("Ts")

THINK_LIMIT_S = 0.8  # bots and hints in the window stop searching after this many seconds (wall clock)


# ----------------------------------------------------------------------------------------------
# the worker

_pool: ProcessPoolExecutor | None = None
_pool_failed = False
_pool_lock = threading.Lock()


def _ready() -> bool:
    """Worker side: load the rules and cards ahead of the first real job."""
    default_cards()
    return True


def _submit(fn: Callable[[*Ts], R], args: tuple[*Ts]) -> Future[R] | None:
    """`fn(*args)` in the worker process (started on first use), or None when there is none."""
    global _pool
    with _pool_lock:
        if _pool_failed:
            return None
        try:
            if _pool is None:
                # spawn, not fork: the window's process has SDL and other threads a fork would copy mid-work
                _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                            initializer=start_worker)
            return _pool.submit(fn, *args)
        except Exception:  # no processes here (sandbox, interpreter shutting down, ...): threads from now on
            _give_up_pool()
            return None


def _give_up_pool() -> None:
    global _pool, _pool_failed
    _pool_failed = True
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def _in_thread(fn: Callable[[*Ts], R], args: tuple[*Ts]) -> Future[R]:
    future: Future[R] = Future()

    def work() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(fn(*args))
        except BaseException as exc:  # handed to whoever asks the future
            future.set_exception(exc)

    threading.Thread(target=work, daemon=True, name="arzium-worker").start()
    return future


def warm_up() -> None:
    """Start the worker process now (it takes a moment) so the first bot move is not late."""
    _submit(_ready, ())


class Task(Generic[R]):
    """One job off the frame loop: in the worker process when possible, else on a daemon thread.

    A job that fails in the process (a lost worker, a state the worker cannot read) is run once
    more on a thread; its error there is the job's error.
    """

    def __init__(self, fn: Callable[[*Ts], R], *args: *Ts) -> None:
        self.fn: Callable[[], R] = lambda: fn(*args)
        future = _submit(fn, args)
        self.in_process = future is not None
        self.future = future if future is not None else _in_thread(self.fn, ())

    @property
    def done(self) -> bool:
        return self.future.done()

    def result(self) -> R | None:
        """The job's value once it is done, else None; raises the job's error."""
        if not self.future.done():
            return None
        if self.future.cancelled():
            return None
        error = self.future.exception()
        if error is not None and self.in_process:
            if isinstance(error, BrokenProcessPool):
                with _pool_lock:
                    _give_up_pool()
            self.in_process = False
            self.future = _in_thread(self.fn, ())
            return None
        if error is not None:
            raise error
        return self.future.result()

    def cancel(self) -> None:
        """Drop the job if it has not started (a started one finishes and is ignored)."""
        self.future.cancel()


@dataclass(frozen=True)
class BotSpec:
    """A bot by level and seed (`iterations`: the hard bot's search budget, None for its default)."""

    level: str
    seed: int
    iterations: int | None = None


def _cards_arg(state: GameState) -> CardSet | None:
    """The card set to send along: None for the shipped one (the worker loads it itself)."""
    return None if state.cards is default_cards() else state.cards


def state_job_args(state: GameState) -> tuple[StateJSON, CardSet | None]:
    """How a state travels to the worker: its JSON form and its card set (None: the shipped one)."""
    return state.to_dict(), _cards_arg(state)


def decision_seed(seed: int, key: int) -> int:
    """The seed of a bot's generator for decision `key` (so a decision does not depend on where it ran)."""
    return seed * 1_000_003 + key


def decide_job(spec: BotSpec, seat: int, key: int, data: StateJSON, cards: CardSet | None) -> ActionJSON:
    """Worker side: the action (as JSON) the bot of `spec` takes as `seat` in the state `data`."""
    state = GameState.from_dict(data, cards)
    bot = make_bot(spec.level, decision_seed(spec.seed, key), spec.iterations, THINK_LIMIT_S)
    action = bot.decide(state, seat).to_json()
    settle_worker()
    return action


def hint_job(data: StateJSON, cards: CardSet | None) -> ActionJSON:
    """Worker side: the hard bot's suggestion (as JSON) for the player to act in the state `data`."""
    action = hard_hint(GameState.from_dict(data, cards), max_seconds=THINK_LIMIT_S).to_json()
    settle_worker()
    return action


def start_hint(state: GameState) -> Task[ActionJSON]:
    """Ask for a hint for the player to act in `state` off the frame loop."""
    return Task(hint_job, *state_job_args(state))
