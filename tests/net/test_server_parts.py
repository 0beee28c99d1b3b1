"""The server's parts, each alone: the group commit over a store with no server, the scheduler on a test's clock
with no rooms, the per-address allowances, the rooms' index, the pulse that stopping waits on."""
from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from netkit import FakeClock

from common.net.commits import GroupCommit, Held
from common.net.limits import LOCKED_GAP_S, Allowances, Limits
from common.net.progress import Progress
from common.net.protocol import ProtocolError
from common.net.store import Batch, Store
from common.net.timers import EXPIRE_EVERY_S, SWEEP_EVERY_S, Timers


class Due:
    """A room for the scheduler: its code, whether it is closed, when it next has something to do."""

    def __init__(self, code: str, due: int | None) -> None:
        self.code, self.closed, self.due = code, False, due

    def next_tick_ms(self) -> int | None:
        return self.due


def test_a_frame_waits_for_the_commit_of_the_writes_before_it(tmp_path: Path) -> None:
    async def body() -> tuple[list[str], list[str], int]:
        store = Store(tmp_path)
        failed: list[Batch] = []
        commits: GroupCommit[str] = GroupCommit(store, lambda b, _h, _e: failed.append(b), lambda: None, Progress())
        commits.start(asyncio.get_running_loop())
        got: list[str] = []
        store.save_room("ABCD-EFGH", "arzium", {"x": 1}, 0)
        commits.post("ana", got.append, "told")
        before = list(got)  # nothing before the end of the loop turn and the commit on the writer thread
        await asyncio.wait_for(commits._progress.until(commits.idle), 10)
        rows = sqlite3.connect(tmp_path / "rooms.sqlite3").execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
        commits.stop()
        commits.end()
        store.close()
        assert failed == []
        return before, got, rows
    assert asyncio.run(body()) == ([], ["told"], 1)


def test_a_batch_that_cannot_be_committed_hands_back_its_frames_and_sends_none(tmp_path: Path) -> None:
    async def body() -> None:
        store = Store(tmp_path)
        failed: list[tuple[Batch, list[Held[str]]]] = []
        again: list[bool] = []
        progress = Progress()
        commits: GroupCommit[str] = GroupCommit(store, lambda b, h, _e: failed.append((b, h)),
                                                lambda: again.append(True), progress)
        commits.start(asyncio.get_running_loop())
        commit = store.commit

        def full(_batch: Batch) -> None:
            raise sqlite3.OperationalError("database or disk is full")
        store.commit = full  # type: ignore[method-assign]
        got: list[str] = []
        store.save_room("ABCD-EFGH", "arzium", {"x": 1}, 0)
        commits.post("ana", got.append, "told")
        await asyncio.wait_for(progress.until(lambda: bool(failed)), 10)
        assert got == [] and commits.failing  # nothing that told of the writes is sent
        (batch, held), = failed
        assert batch.codes == {"ABCD-EFGH"} and [(h.to, h.text) for h in held] == [("ana", "told")]
        store.commit = commit  # type: ignore[method-assign]
        store.save_room("IJKL-MNOP", "arzium", {"x": 2}, 0)
        commits.post("bo", got.append, "stored")
        await asyncio.wait_for(progress.until(commits.idle), 10)
        assert got == ["stored"] and again == [True] and not commits.failing
        commits.stop()
        commits.end()
        store.close()
    asyncio.run(body())


def test_the_scheduler_wakes_rooms_in_order_and_runs_the_sweeps_on_its_clock() -> None:
    clock = FakeClock()
    t0 = clock.now_ms()
    woke: list[tuple[str, int]] = []
    sweeps: list[str] = []

    async def body() -> None:
        timers: Timers[Due] = Timers(clock, lambda r: woke.append((r.code, clock.now_ms() - t0)),
                                     lambda _now: sweeps.append("expire"), lambda _now: sweeps.append("sweep"))
        timers.start(asyncio.get_running_loop())
        late, soon, gone = Due("LATE", t0 + 700), Due("SOON", t0 + 300), Due("GONE", t0 + 500)
        for room in (late, soon, gone):
            timers.arm(room)
        timers.forget("GONE")
        late.due = t0 + 900
        timers.arm(late)  # later than it is set for: stays set for 700 (it finds nothing due then, and says so)
        clock.advance(1.0)
        assert woke == [("SOON", 300), ("LATE", 700)] and sweeps == ["sweep"]
        clock.advance(EXPIRE_EVERY_S - 1.0)
        assert sweeps.count("expire") == 1 and sweeps.count("sweep") == EXPIRE_EVERY_S / SWEEP_EVERY_S
        timers.stop()
        clock.advance(60)
        assert sweeps.count("expire") == 1  # stopped: nothing is woken
    asyncio.run(body())


def test_an_address_past_its_wrong_guesses_has_one_join_looked_at_every_gap() -> None:
    clock = FakeClock()
    allowances = Allowances(Limits(wrong_guesses=3, creates=2, rooms_per_address=5, turn_tables_per_address=32), clock)
    for _ in range(3):
        allowances.guess_allowed("10.0.0.1")
        allowances.guessed_wrong("10.0.0.1")
    allowances.guess_allowed("10.0.0.1")  # the one looked at
    with pytest.raises(ProtocolError, match="wrong codes"):
        allowances.guess_allowed("10.0.0.1")
    allowances.guess_allowed("10.0.0.2")  # another address is not held up
    clock.advance(LOCKED_GAP_S)
    allowances.guess_allowed("10.0.0.1")
    clock.advance(61)
    allowances.guess_allowed("10.0.0.1")
    allowances.guess_allowed("10.0.0.1")  # a minute on: its wrong guesses are forgotten
    for _ in range(2):
        allowances.create_allowed("10.0.0.3", False, lambda: 0)
        allowances.created("10.0.0.3")
    with pytest.raises(ProtocolError, match="too many rooms"):
        allowances.create_allowed("10.0.0.3", False, lambda: 0)
    with pytest.raises(ProtocolError, match="holds 5 rooms"):
        allowances.create_allowed("10.0.0.4", False, lambda: 5)
    allowances.create_allowed("10.0.0.4", True, lambda: 5)  # turn-based tables are counted apart
    with pytest.raises(ProtocolError, match="32 turn-based tables"):
        allowances.create_allowed("10.0.0.4", True, lambda: 32)


def test_a_pulse_wakes_a_wait_only_once_its_condition_holds() -> None:
    async def body() -> list[int]:
        progress, seen, state = Progress(), [], [0]

        async def wait() -> None:
            await progress.until(lambda: state[0] >= 2)
            seen.append(state[0])
        waiting = asyncio.create_task(wait())
        await asyncio.sleep(0)
        for n in (1, 2):
            state[0] = n
            progress.pulse()
            await asyncio.sleep(0)
        await waiting
        return seen
    assert asyncio.run(body()) == [2]
