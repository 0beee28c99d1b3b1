"""Replays: re-running a game from its setup, seed and actions.

The file is the app's common replay container (`common.replays.replay`, game "arzium"): its setup is
`Setup.to_dict()` and its actions are the actions' JSON forms. Card data is not stored: a replay
plays with the shipped card set, so its meta records the card data version (`"cards"`; a file without
it has version 1) and a replay of other card data is refused in one line naming both versions.

Replay format 2 (`REPLAY_VERSION`) writes every search artifact as a list and has the `ResolveClaims`
action that ends the artifacts after the search. Format 1 files (the rules before artifacts could be
used after the search) still play: their searches read as one-element tuples, and `run_replay` with
`legacy` supplies the steps the old rules made by themselves - the claims right after the search, and
no buy when the coins alone afforded nothing - whenever the next recorded action needs them (and after
the last one).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arzium.rules.actions import Action, IllegalAction, ResolveClaims, SkipBuy, action_from_json
from arzium.rules.cards import default_cards
from arzium.rules.engine import apply
from arzium.rules.events import Event
from arzium.rules.state import GameState, Phase, Setup, SetupError, new_game
from common.replays.replay import Replay as ReplayFile
from common.replays.replay import ReplayError

REPLAY_VERSION = 2  # the replay format Arzium writes; format 1 is read with `legacy`
CARDS_META = "cards"  # the meta field holding the card data version


def run_replay(setup: Setup, seed: int, actions: list[Action] | tuple[Action, ...],
               legacy: bool = False) -> tuple[GameState, list[Event]]:
    """Replay a game; the final state and every event. `IllegalAction` "action N: reason" (N from 1).

    `legacy`: the actions were recorded under the rules of replay format 1 (see the module doc).
    """
    state = new_game(setup, seed)
    events: list[Event] = []
    for n, action in enumerate(actions, start=1):
        try:
            events.extend(_apply_recorded(state, action, legacy))
        except IllegalAction as exc:
            raise IllegalAction(f"action {n}: {exc.reason}") from None
    while legacy and (step := _old_rules_step(state)) is not None:  # what the old rules did after the last one
        events += apply(state, step)
    return state, events


def _apply_recorded(state: GameState, action: Action, legacy: bool) -> list[Event]:
    """`apply`, first making the implicit steps of the format 1 rules when `legacy` and `action` needs them."""
    events: list[Event] = []
    while True:
        try:
            return events + apply(state, action)
        except IllegalAction:
            step = _old_rules_step(state) if legacy else None
            if step is None:
                raise
            events += apply(state, step)


def _old_rules_step(state: GameState) -> Action | None:
    """What the format 1 rules did by themselves here: claim right after the search, skip a buy the coins miss."""
    if state.phase == Phase.AFTER:
        return ResolveClaims()
    coins = state.players[state.active].coins
    if state.phase == Phase.BUY and all(state.cards.artifact(a).cost > coins for a in state.art_row):
        return SkipBuy()
    return None


@dataclass(frozen=True)
class Replay:
    """Everything needed to re-run a game exactly."""

    setup: Setup
    seed: int
    actions: tuple[Action, ...]
    legacy: bool = False  # recorded under the rules of replay format 1
    cards_version: int | None = None  # the card data it was played with (None: the shipped card data)

    def run(self) -> tuple[GameState, list[Event]]:
        """The replayed state and events (see `run_replay`)."""
        return run_replay(self.setup, self.seed, self.actions, self.legacy)

    def to_file(self, meta: Mapping[str, object] | None = None) -> ReplayFile:
        """The replay as the app's common replay container (format `REPLAY_VERSION`; 1 for a legacy replay)."""
        return ReplayFile("arzium", self.setup.to_dict(), self.seed, [a.to_json() for a in self.actions],
                          {**(meta or {}), CARDS_META: self.cards_version or default_cards().version},
                          1 if self.legacy else REPLAY_VERSION)

    @classmethod
    def from_file(cls, replay: ReplayFile, source: str = "<replay>") -> Replay:
        """Check a replay container's content; `ReplayError` (one line naming source and field) if bad."""
        if replay.game != "arzium":
            raise ReplayError(f"{source}: this is a replay of {replay.game}, not of arzium")
        try:
            setup = Setup.from_dict(replay.setup)
        except SetupError as exc:
            raise ReplayError(f"{source}: {exc}") from None
        actions = []
        for i, item in enumerate(replay.actions):
            try:
                actions.append(action_from_json(item))
            except ValueError as exc:
                raise ReplayError(f"{source}: actions[{i}]: {exc}") from None
        recorded, shipped = replay.meta.get(CARDS_META, 1), default_cards().version
        if recorded != shipped:
            raise ReplayError(f"{source}: recorded with card data version {str(recorded)[:20]}, but this version "
                              f"has card data {shipped} (patterns and land coins changed): it would not "
                              "play the same")
        return cls(setup, replay.seed, tuple(actions), replay.version < REPLAY_VERSION, shipped)


def replay_from(state: GameState, actions: list[Action] | tuple[Action, ...]) -> Replay:
    """The replay of `state`'s game given every action applied to it so far."""
    return Replay(state.setup, state.seed, tuple(actions), cards_version=state.cards.version)
