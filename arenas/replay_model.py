"""An Arenas replay being watched, without pygame: its timeline (the ms of every card), the rules state at any
moment (replayed from the start: the sand as it was then) and its line in the replays list."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arenas.rules.actions import Action
from arenas.rules.engine import advance, apply
from arenas.rules.state import GameState
from arenas.session import GameSetup, SetupError, format_ms, from_replay, replay_outcome
from common.data.i18n import _, ngettext, pgettext
from common.replays.cursor import Timeline
from common.replays.index import ReplayRow
from common.replays.replay import Replay, ReplayError


@dataclass(frozen=True)
class ArenasReplay:
    """A checked Arenas replay: its setup, timed cards and final state."""

    setup: GameSetup
    actions: tuple[tuple[int, Action], ...]
    assisted: bool
    final: GameState

    @classmethod
    def load(cls, replay: Replay, source: str) -> ArenasReplay:
        """The replay, played through once; `ReplayError` (one line) if it cannot be watched."""
        try:
            final = replay_outcome(replay, source)
            setup, actions, assisted = from_replay(replay, source)
        except SetupError as exc:
            raise ReplayError(str(exc)) from None
        return cls(setup, tuple(actions), assisted, final)

    @property
    def timeline(self) -> Timeline:
        return Timeline(tuple(at for at, _ in self.actions), self.final.time_ms)

    def state_at(self, ms: int) -> GameState:
        """The rules state `ms` into the run: every card up to then (one at exactly `ms` included) played."""
        state = self.setup.new_state()
        state.assisted = state.assisted or self.assisted
        for at, action in self.actions:
            if at > ms:
                break
            advance(state, at - state.time_ms)
            apply(state, action)
        advance(state, max(0, ms - state.time_ms))
        return state

    def after(self, ms: int) -> list[tuple[int, Action]]:
        """The cards still to come after `ms`."""
        return [(at, action) for at, action in self.actions if at > ms]


def result_text(state: GameState) -> str:
    """Won, lost or left, in words."""
    if state.result == "won":
        return pgettext("replay result", "Won")
    return pgettext("replay result", "Lost") if state.result == "lost" else pgettext("replay result", "Left")


def summarize(path: Path, replay: Replay) -> ReplayRow:
    """The replays list's line for `path`; `ReplayError` (one line) if it cannot be watched."""
    watched = ArenasReplay.load(replay, str(path))
    level = watched.setup.level
    players = len(watched.setup.players)
    where = _("Level {number} · {name}").format(number=level.number, name=_(level.name)) + " · " + \
        ngettext("{n} player", "{n} players", players).format(n=players)
    cards = len(watched.actions)
    length = format_ms(watched.final.time_ms) + " · " + ngettext("{n} card", "{n} cards", cards).format(n=cards)
    return ReplayRow(path, "arenas", where, result_text(watched.final), length)
