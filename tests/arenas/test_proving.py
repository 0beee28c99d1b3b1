"""Proving a level: progress after every game, the experts before the person model, cancel at any time (the
worker processes end), a level no expert team wins is unproven without person games, and the wins are the
ones `verify-levels` counts for the same seeds."""
from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from arenas.bots.proof import Model
from arenas.bots.verify import play_levels, table_of
from arenas.level_proof import proof_problem
from arenas.proving import Cancelled, ProveStatus, Proving, _prove, prove
from arenas.rules.levels import Level, level_path, load_level

LEVEL = load_level(level_path(1))


def test_progress_after_every_game_experts_first() -> None:
    seen: list[ProveStatus] = []
    proof = prove(LEVEL, seeds=2, workers=1, report=seen.append)
    assert [(s.model, s.done, s.total) for s in seen] == [
        (Model.EXPERT, 0, 4), (Model.EXPERT, 1, 4), (Model.EXPERT, 2, 4),
        (Model.PERSON, 2, 4), (Model.PERSON, 3, 4), (Model.PERSON, 4, 4)]
    assert seen[-1].share == 1.0 and proof.proven and proof_problem(LEVEL, proof) is None


def test_the_wins_are_those_verify_levels_counts() -> None:
    proof = prove(LEVEL, seeds=3, workers=1)
    for model, wins in ((Model.EXPERT, proof.expert_wins), (Model.PERSON, proof.person_wins)):
        row = table_of([LEVEL], play_levels([LEVEL], 3, 1, model), model)[LEVEL.number]
        assert row["wins"] == wins
    assert proof.replay is not None and proof.replay.seed == 0  # the first seed the experts won


def test_cancel_stops_between_games() -> None:
    stop = threading.Event()
    seen: list[int] = []

    def report(status: ProveStatus) -> None:
        seen.append(status.done)
        if status.done == 1:
            stop.set()
    with pytest.raises(Cancelled):
        prove(LEVEL, seeds=5, workers=1, report=report, stop=stop)
    assert seen == [0, 1]


def test_a_level_no_expert_wins_is_unproven_and_plays_no_person_games() -> None:
    asked: list[Model] = []

    def games(tasks: list[tuple[Level, int, Model]]) -> Iterator[tuple[int, bool, dict[str, Any] | None]]:
        for _level, seed, model in tasks:
            asked.append(model)
            yield seed, False, None
    proof = _prove(LEVEL, 3, games, lambda status: None, threading.Event())
    assert asked == [Model.EXPERT] * 3
    assert not proof.proven and proof.label is None and proof.expert_wins == 0
    assert proof.summary() == "Unproven — no expert team won in 3 games"


def test_worker_processes_give_the_same_proof_and_cancel_ends_them() -> None:
    others = set(multiprocessing.active_children())  # another test's worker may live on in this process
    here = prove(LEVEL, seeds=2, workers=1)
    proving = Proving(LEVEL, seeds=2, workers=2)
    there = proving.wait()
    assert proving.finished and proving.error is None and not proving.cancelled
    assert there is not None and (there.expert_wins, there.person_wins) == (here.expert_wins, here.person_wins)
    assert there.replay is not None and here.replay is not None and there.replay.actions == here.replay.actions
    assert proving.status == ProveStatus(Model.PERSON, 4, 4)
    cancelled = Proving(LEVEL, seeds=100, workers=2)
    cancelled.cancel()
    assert cancelled.wait() is None and cancelled.cancelled and cancelled.error is None
    assert set(multiprocessing.active_children()) <= others  # the proofs' own workers have ended
