"""Arzium's side of `net-bench`: the rooms it creates and a scripted person for each seat (the client copy and
cheap policy of `arzium.room.Mirror`: a seeded choice among the legal actions, then confirm)."""
from __future__ import annotations

import json

from arzium.room import Mirror
from arzium.rules.state import default_setup
from common.net.clock import ServerClock


def room_setup(index: int, seats: int) -> dict[str, object]:
    """The full game for `seats` people."""
    return dict(default_setup(seats, full_game=True).to_dict())


class BenchMirror(Mirror):
    """A scripted person as the bench drives it: it moves only when a frame came (turns do not run out), and
    the seats of a room take turns comparing digests (a copy that went wrong stays wrong: the next check of
    that seat finds it), so the bench's clients spend their time playing."""

    poll_s = None

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.check_every = 4

    def replay_key(self, entry: object) -> str:
        """An action as the replay file keeps it (its JSON)."""
        return json.dumps(entry, sort_keys=True)


def new_player(seat: int, clock: ServerClock) -> BenchMirror:
    """The bench's scripted person for `seat` (its choices seeded by the seat)."""
    return BenchMirror(seat * 7919 + 1)
