"""Arenas' side of `net-bench`: the rooms it creates and a scripted person who plays cards at a person's pace.

The scripted person follows the room through the same `RemoteRun` the play scene uses (the sand at the
server's time, a card pending until confirmed), and plays a legal card of its own hand when its turn comes
(the bench pauses it `--think-ms` first). Every client checks its state's digest after each update.
"""
from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from arenas.match import CardDone, Phase, Refused
from arenas.remote_run import Link, RemoteRun
from arenas.room import ASSISTS
from arenas.rules import IllegalAction, legal_actions

LEVELS = (1, 2, 3, 4, 5, 6)


def room_setup(index: int, seats: int) -> dict[str, Any]:
    """The setup of the bench's room `index`: people in every seat, the levels in turn, slower sand (so that
    people at the bench's pace finish whole games)."""
    return {"level": LEVELS[index % len(LEVELS)], "players": [f"Bench {i + 1}" for i in range(seats)],
            "first_player": index % seats, "sand_speed_pct": 50, "allow_pause": False, "bots": []}


class ScriptedPerson:
    """One seat's scripted person."""

    poll_s = 0.25  # the sand runs without frames: look again this often

    def __init__(self, seat: int, link: Link) -> None:
        self.seat = seat
        self.link = link
        self.run: RemoteRun | None = None
        self.desyncs = 0
        self.refused: list[str] = []  # the server's reasons for this seat's refused cards
        self.confirmed = 0  # this seat's cards the server confirmed
        self._counted = 0

    def frame(self, frame: dict[str, Any]) -> None:
        if frame.get("kind") == "game":
            self.run = RemoteRun(self.seat, self.link, frame)
        elif self.run is not None:
            self.run.receive([frame])
        self.catch_up()

    def catch_up(self) -> None:
        """Take in what came and run the sand on to the server's time now."""
        run = self.run
        if run is None:
            return
        if run.phase == Phase.COUNTDOWN and run.countdown_left <= 0:
            run.start()
        for happening in run.step(0):
            match happening:
                case Refused(reason=reason):
                    self.refused.append(reason)
                case CardDone(action=action) if action.player == self.seat:
                    self.confirmed += 1
        self.desyncs += run.desyncs - self._counted
        self._counted = run.desyncs

    def move(self, rng: random.Random) -> dict[str, Any] | None:
        """Play a legal card of this seat's hand when it is this seat's turn and the sand runs (sent by the run)."""
        self.catch_up()
        run = self.run
        if run is None or run.phase != Phase.RUNNING or run.paused or run.pending or run.state.active != self.seat:
            return None
        choices = legal_actions(run.state)
        if choices:
            with contextlib.suppress(IllegalAction):
                run.play(rng.choice(choices))
        return None

    def replay_key(self, entry: Any) -> str | None:
        """A card as the replay file keeps it (`{"t", **action}`); the room's assists are not in it."""
        if not isinstance(entry, dict) or entry.get("type") in ASSISTS:
            return None
        return json.dumps(entry, sort_keys=True)


def new_player(seat: int, link: Link) -> ScriptedPerson:
    return ScriptedPerson(seat, link)
