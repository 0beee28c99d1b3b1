"""Proving a level of one's own, off the frame loop: the expert team over many seeds, then the person model. No
pygame.

The games are the box levels' proof games (`arenas.bots.verify.play_game`: the same teams, drawn from the
level's name and the seed, so a level proved here and by `verify-levels FILE` gets the same wins). They run in
worker processes (spawned, at a lower priority, ending with the window's process: `common.workers.process`),
so the window keeps its frames; where no process can be started they run on the proving thread itself.
`Proving` runs one proof on a daemon thread: its `status` says how far it has got, `cancel()` stops it at any
time (the workers are ended at once), and `result` is the `LevelProof` once it is done. A level no expert
team wins gets a proof that says so (unproven) and no person games.
"""
from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.pool import Pool

from arenas.bots.proof import Model
from arenas.bots.verify import play_game
from arenas.level_proof import LevelProof, proof_fingerprint
from arenas.rules.levels import Level
from arenas.rules.state import Result
from arenas.session import GameSetup, to_replay
from common.data.safe_text import one_line
from common.replays.replay import replay_from_dict
from common.workers.process import start_worker

SEEDS = 100  # games of each team in a proof made in the app
WORKERS = 2
POLL_S = 0.05  # how often a proof waiting on its workers looks whether it was cancelled
READY_S = 60.0  # workers not ready after this long (they cannot start here): the games run on the thread
MODELS = (Model.EXPERT, Model.PERSON)


@dataclass(frozen=True)
class ProveStatus:
    """How far a proof has got: the team playing now, the games played (both teams) and of how many."""

    model: Model
    done: int
    total: int

    @property
    def share(self) -> float:
        return self.done / self.total if self.total else 1.0


class Cancelled(Exception):
    """The proof was cancelled."""


def proof_setup(level: Level, seed: int) -> GameSetup:
    """The setup of a proof game as its replay records it: the level's team, every seat a bot."""
    return GameSetup(level, tuple(f"Bot {i + 1}" for i in range(level.team_size)), seed=seed, counts=False,
                     bots=tuple(range(level.team_size)))


def prove_game(task: tuple[Level, int, Model]) -> tuple[int, bool, dict[str, object] | None]:
    """Worker side: one proof game: (its seed, whether it was won, the replay file's JSON of an expert win)."""
    level, seed, model = task
    state = play_game(level, seed, model)
    won = state.result == Result.WON
    replay = to_replay(proof_setup(level, seed), state).to_dict() if won and model == Model.EXPERT else None
    return seed, won, replay


Games = Callable[[list[tuple[Level, int, Model]]], Iterator[tuple[int, bool, dict[str, object] | None]]]


def prove(level: Level, seeds: int = SEEDS, workers: int = WORKERS,
          report: Callable[[ProveStatus], None] = lambda status: None,
          stop: threading.Event | None = None) -> LevelProof:
    """The proof of `level` over seeds 0..seeds-1 (see the module's docstring); `report` is told after each game.
    `Cancelled` as soon as `stop` is set."""
    stop = stop if stop is not None else threading.Event()
    pool = _pool(workers, stop)
    try:
        games: Games = (lambda tasks: _from_pool(pool, tasks, stop)) if pool is not None \
            else (lambda tasks: map(prove_game, tasks))
        return _prove(level, seeds, games, report, stop)
    finally:
        if pool is not None:
            pool.terminate()  # cancelled or done: nothing left for the workers
            pool.join()


def _ready() -> bool:
    """Worker side: the worker could import the proof's modules."""
    return True


def _pool(workers: int, stop: threading.Event) -> Pool | None:
    """`workers` worker processes that have started, or None (one worker or fewer asked, or none can start here:
    a pool would start them again and again). `Cancelled` when `stop` is set meanwhile."""
    if workers <= 1:
        return None
    try:  # spawn, not fork: the window's process has SDL and other threads a fork would copy mid-work
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=start_worker)
    except (OSError, ValueError, ImportError):
        return None
    probe = pool.apply_async(_ready)
    for _look in range(round(READY_S / POLL_S)):
        if stop.is_set():
            pool.terminate()
            raise Cancelled
        probe.wait(POLL_S)
        if probe.ready():
            return pool
    pool.terminate()
    return None


def _from_pool(pool: Pool, tasks: list[tuple[Level, int, Model]],
               stop: threading.Event) -> Iterator[tuple[int, bool, dict[str, object] | None]]:
    results = pool.imap_unordered(prove_game, tasks)
    for _task in tasks:
        while True:
            if stop.is_set():
                raise Cancelled
            try:
                yield results.next(timeout=POLL_S)
                break
            except multiprocessing.TimeoutError:
                continue


def _prove(level: Level, seeds: int, games: Games, report: Callable[[ProveStatus], None],
           stop: threading.Event) -> LevelProof:
    total = seeds * len(MODELS)
    done = 0
    wins: dict[Model, int] = {}
    first_win: tuple[int, dict[str, object]] | None = None
    for model in MODELS:
        report(ProveStatus(model, done, total))
        wins[model] = 0
        for seed, won, replay in games([(level, s, model) for s in range(seeds)]):
            if stop.is_set():
                raise Cancelled
            wins[model] += won
            if replay is not None and (first_win is None or seed < first_win[0]):
                first_win = (seed, replay)
            done += 1
            report(ProveStatus(model, done, total))
        if model == Model.EXPERT and first_win is None:
            return LevelProof(proof_fingerprint(level), seeds, 0, 0, None)
    assert first_win is not None
    return LevelProof(proof_fingerprint(level), seeds, wins[Model.EXPERT], wins[Model.PERSON],
                      replay_from_dict(first_win[1], "proof", "arenas"))


class Proving:
    """One proof running on a daemon thread (see the module's docstring). Read `status`, `result`, `error`
    and `finished` from any thread; `cancel()` at any time."""

    def __init__(self, level: Level, seeds: int = SEEDS, workers: int = WORKERS) -> None:
        self.level = level
        self.status = ProveStatus(Model.EXPERT, 0, seeds * len(MODELS))
        self.result: LevelProof | None = None
        self.error: str | None = None  # one line when the proof failed (not when cancelled)
        self.cancelled = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(seeds, workers), daemon=True, name="arenas-prove")
        self._thread.start()

    def _run(self, seeds: int, workers: int) -> None:
        try:
            self.result = prove(self.level, seeds, workers, self._report, self._stop)
        except Cancelled:
            self.cancelled = True
        except Exception as exc:  # a worker that died, a pool that broke: one line, never the window
            self.error = one_line(f"{type(exc).__name__}: {exc}")

    def _report(self, status: ProveStatus) -> None:
        self.status = status

    @property
    def finished(self) -> bool:
        """Done, failed or cancelled: nothing runs for it any more."""
        return not self._thread.is_alive()

    def cancel(self) -> None:
        """Stop the proof now (its workers end; `result` stays None)."""
        self._stop.set()

    def wait(self) -> LevelProof | None:
        """Block until the proof has finished (a command line's or a test's wait): its result, None if it did not
        finish."""
        self._thread.join()
        return self.result
