"""Arenas' scripted person for `net-bench` and the network tests: the rooms the bench creates, and a person who
plays cards at a person's pace.

The scripted person follows the room through the same `OnlineMatch` the play scene uses (the sand at the
server's time, a card pending until confirmed), and plays a random legal card of its own hand when its turn
comes (the bench pauses it `--think-ms` first). It checks its state's digest after every update.
"""
from __future__ import annotations

import json
import random

from arenas.match import CardDone, Phase, Refused
from arenas.online_match import OnlineMatch
from arenas.room import ASSISTS
from arenas.rules.engine import legal_actions
from common.data.rules_api import IllegalAction
from common.net.clock import ServerClock
from common.net.messages import ClientMessage, GameJson, Received

LEVELS = (1, 2, 3, 4, 5, 6)


def room_setup(index: int, seats: int) -> GameJson:
    """The setup of the bench's room `index`: people in every seat, the levels in turn, slower sand (so that
    people at the bench's pace finish whole games)."""
    return {"level": LEVELS[index % len(LEVELS)], "players": [f"Bench {i + 1}" for i in range(seats)],
            "first_player": index % seats, "sand_speed_pct": 50, "allow_pause": False, "bots": []}


class ScriptedPerson:
    """One seat's scripted person: takes the room's frames in (`absorb`), says what to send (`next_message`)."""

    poll_s = 0.25  # the sand runs without frames: the bench asks again this often

    def __init__(self, seed: int = 0, clock: ServerClock | None = None) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        self.run: OnlineMatch | None = None
        self.seat: int | None = None
        self.result: Received | None = None
        self.desyncs = 0
        self.refused: list[str] = []  # the server's reasons for this seat's refused cards
        self.confirmed = 0  # this seat's cards the server confirmed
        self.outbox: list[ClientMessage] = []
        self._counted = 0

    # what the run needs of a link: the messages it sends wait in the outbox; the clock is the bench's
    def send(self, msg: ClientMessage) -> None:
        self.outbox.append(msg)

    def server_now_ms(self) -> int:
        assert self.clock is not None, "a scripted person needs the server's clock"
        return round(self.clock.server_now_ms())

    def absorb(self, frame: Received) -> None:
        """Take in one frame from the server."""
        kind = frame.get("kind")
        if kind == "game":
            self.seat = frame.get("seat")
            self.run = OnlineMatch(self.seat, self, frame)
        elif kind == "result":
            self.result = frame
        if kind != "game" and self.run is not None:
            self.run.receive([frame])
        self.catch_up()

    def catch_up(self) -> None:
        """Take in what came and run the sand on to the server's time now."""
        run = self.run
        if run is None:
            return
        if run.phase == Phase.COUNTDOWN and run.countdown_left <= 0:
            run.start()
        run.step(0)
        for happening in run.happenings.take():
            match happening:
                case Refused(reason=reason):
                    self.refused.append(reason)
                case CardDone(action=action) if action.player == self.seat:
                    self.confirmed += 1
        self.desyncs += run.desyncs - self._counted
        self._counted = run.desyncs

    def next_message(self) -> ClientMessage | None:
        """A legal card of this seat's hand when it is this seat's turn and the sand runs (an `act` with an id),
        or None."""
        self.catch_up()
        run = self.run
        if self.outbox:
            return self.outbox.pop(0)
        if run is None or run.phase != Phase.RUNNING or run.paused or run.pending or run.state.active != self.seat:
            return None
        choices = legal_actions(run.state)
        if choices:
            try:
                run.play(self.rng.choice(choices))
            except IllegalAction:
                return None
        return self.outbox.pop(0) if self.outbox else None

    def replay_key(self, entry: object) -> str | None:
        """A card as the replay file keeps it (`{"t", **action}`); the room's assists are not in it."""
        if not isinstance(entry, dict) or entry.get("type") in ASSISTS:
            return None
        return json.dumps(entry, sort_keys=True)


def new_player(seat: int, clock: ServerClock) -> ScriptedPerson:
    """The bench's scripted person for `seat`, on the bench client's clock."""
    return ScriptedPerson(seat, clock)
