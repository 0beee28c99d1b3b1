"""An Arenas room over the network: the real server in this process, scripted people on the bench's clients
(one asyncio loop), a card pending until confirmed or refused, a game to its end, the clock estimate."""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from arenas.bench import ScriptedPerson
from arenas.match import Phase
from arenas.rules.actions import PlayCard
from common.games import room_sides
from common.net.bench import Bench, Faults
from common.net.clock import ClockEstimate, ServerClock
from common.net.server import Server

PATH = ["yellow circle", "orange circle", "yellow crescent", "orange crescent"] * 3
QUICK = {"number": 900, "name": "Quick", "layout": "arc", "path": PATH, "deactivator": 9,
         "timers": [{"id": "fast1", "tile": 8}], "blocks": [], "removed_cards": [], "hand_size": 3, "team_size": 1}
"""One timer a gear short of the Deactivator: the first card that matches its gear (or a wild) wins."""
SHORT_COUNTDOWN_MS = 200  # a room's countdown in these runs: the sand starts on the server's clock, sooner


def quick_setup(index: int, seats: int) -> dict[str, Any]:
    return {"level": QUICK, "players": [f"P{i + 1}" for i in range(seats)], "bots": []}


class FirstCardWrong(ScriptedPerson):
    """A scripted person whose first card names a card it does not hold (the server refuses it)."""

    def __init__(self, seat: int, clock: ServerClock) -> None:
        super().__init__(seat, clock)
        self.tried = False

    def next_message(self) -> dict[str, Any] | None:
        self.catch_up()  # the countdown may have just ended
        run = self.run
        if (not self.tried and run is not None and run.phase == Phase.RUNNING and not run.pending
                and run.state.active == self.seat and self.seat is not None):
            self.tried = True
            run.play(PlayCard(self.seat, 7))
        return super().next_message()


def play(seats: int, sent: list[str]) -> Bench:
    """A room of `seats` scripted people played to its end through a server in this process, what it sent kept in
    `sent`; its countdown a short one (the sand starts on the server's clock all the same)."""
    async def main() -> Bench:
        server = Server(None, room_sides())
        server.transport.tap = lambda _addr, text: sent.append(text)
        port = await server.start("127.0.0.1", 0)
        try:
            bench = Bench(f"ws://127.0.0.1:{port}", "arenas", 1, seats, (0, 0), quick_setup, FirstCardWrong, seed=5)
            await bench.run(30.0, Faults())
            return bench
        finally:
            await server.stop()
    return asyncio.run(main())


def test_an_arenas_room_is_played_to_its_end_with_cards_pending_confirmed_and_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("arenas.room.COUNTDOWN_MS", SHORT_COUNTDOWN_MS)
    sent: list[str] = []
    wall0, mono0 = time.time(), time.monotonic()
    bench = play(2, sent)
    tally = bench.tally
    assert tally.finished == 1 and tally.desyncs == 0 and not tally.errors and tally.lost == 0
    players = [c.player for c in bench.clients]
    assert all(isinstance(p, FirstCardWrong) for p in players)
    runs = [p.run for p in players if isinstance(p, FirstCardWrong)]
    assert all(r is not None and r.phase == Phase.OVER and r.state.result == "won" for r in runs)
    assert all(r is not None and r.result_replay is not None and not r.pending for r in runs)
    refused = [reason for p in players if isinstance(p, FirstCardWrong) for reason in p.refused]
    assert refused and all(reason == "no card 8 in a hand of 3" for reason in refused)
    assert tally.refused == len(refused) and sum(p.confirmed for p in players if isinstance(p, FirstCardWrong)) >= 1
    assert tally.acked >= 1 and len(tally.rtts) >= tally.acked + tally.refused
    assert {c.seat: c.clock.known for c in bench.clients} == {0: True, 1: True}
    # how far this machine's wall clock (the server's) and its monotonic clock (the clients') drifted apart during
    # the game: a wall clock being slewed by NTP runs up to a few milliseconds a second off the monotonic one
    drift_ms = abs((time.time() - wall0) - (time.monotonic() - mono0)) * 1000
    for client in bench.clients:  # the server's clock is this machine's wall clock: the truth is known here
        # the trusted ping's pong was stamped between its sending and its coming back: off by at most half its
        # round trip (and the milliseconds' rounding on both sides, and how far the clocks drifted apart meanwhile)
        rtt = client.clock.rtt_ms
        assert rtt is not None
        assert abs(client.clock.server_ms(time.monotonic() * 1000) - time.time() * 1000) <= rtt / 2 + 3 + drift_ms
    # what the game keeps face down never went out: the generator, the seed (before the end), the deck's order
    frames = [json.loads(text) for text in sent]
    result = next(f for f in frames if f["kind"] == "result")
    seed = str(result["replay"]["seed"])
    games = [f for f in frames if f["kind"] == "game"]
    assert games and all(f["view"]["state"]["seed"] == 0 and "rng" not in f["view"]["state"] for f in games)
    assert all(f["view"]["state"]["deck"] == sorted(f["view"]["state"]["deck"]) for f in games)
    assert not [f for f in frames if f["kind"] != "result" and ('"rng"' in json.dumps(f) or seed in json.dumps(f))]


def test_the_clock_estimate_trusts_the_least_delayed_of_its_last_pings() -> None:
    clock = ClockEstimate()
    assert not clock.known
    clock.sample(1_000, 1_100, 5_050)  # a 100 ms round trip: offset 5050 + 50 - 1100 = 4000
    assert clock.known and clock.rtt_ms == 100 and clock.offset_ms == 4_000
    clock.sample(2_000, 2_400, 6_350)  # slow and lopsided (the pong waited): not trusted
    assert clock.offset_ms == 4_000 and clock.server_ms(3_000) == 7_000
    clock.sample(3_000, 3_010, 7_006)  # 10 ms round trip: the best sample now
    assert clock.rtt_ms == 10 and clock.offset_ms == 4_001
    for i in range(8):  # the good sample ages out of the last eight
        clock.sample(4_000 + i * 100, 4_040 + i * 100, 8_020 + i * 100)
    assert clock.rtt_ms == 40 and clock.offset_ms == 4_000
