"""The table model without pygame: a human's turn in progress, undo and confirm, and a replay fed through the
same `submit` as every action."""
from __future__ import annotations

import subprocess
import sys

from arzium.match import Match
from arzium.rules.actions import Action, Buy, RestEarly, Search
from arzium.rules.engine import apply, legal_actions
from arzium.rules.events import ArtifactBought, ArtifactRowRefilled, Event, TurnStarted
from arzium.rules.state import GameState, SeatSetup, Setup, new_game
from arzium.scenes.shown import at_rest

HUMANS = Setup((SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bo", "blue", "north", "human")), False, 0)


class Listener:
    """Records what the table tells; shows nothing (so nothing is ever still on show)."""

    def __init__(self) -> None:
        self.told: list[tuple[list[Event], bool]] = []
        self.untold = 0
        self.messages: list[str] = []

    def tell(self, events: list[Event], turn: int, provisional: bool) -> int:
        self.told.append((events, provisional))
        return 1

    def untell(self, lines: int) -> None:
        self.untold += lines

    def committed(self) -> None:
        pass

    def animating(self) -> bool:
        return False

    def refused(self, reason: str) -> None:
        self.messages.append(reason)

    def notify(self, message: str) -> None:
        self.messages.append(message)

    def stopped(self, number: int, reason: str) -> None:
        self.messages.append(f"stopped at {number}: {reason}")


def a_table(state: GameState, replay: list[Action] | None = None) -> tuple[Match, Listener]:
    listener = Listener()
    return Match(state, listener, lambda ms: 0.0, replay=replay, autosave=False), listener


def test_the_table_model_imports_no_pygame() -> None:
    code = "import sys, arzium.match, arzium.rules.preview; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_human_turn_is_pending_until_confirmed_and_undo_takes_it_back() -> None:
    state = new_game(HUMANS, 3)
    before = state.to_dict()
    table, listener = a_table(state)
    search = next(a for a in legal_actions(state) if isinstance(a, Search))
    assert table.acting_human() == 0 and table.submit(search)
    assert table.pending == [search] and table.awaiting_confirm and table.state.to_dict() == before
    assert listener.told and all(provisional for _, provisional in listener.told)
    assert table.undo() and table.work is None and listener.untold == 1 and table.state.to_dict() == before
    assert not table.undo()  # nothing left to take back
    assert table.submit(search) and table.confirm() is None
    assert table.actions == [search] and table.work is None and table.acting_human() == 1
    expected = new_game(HUMANS, 3)
    apply(expected, search)
    assert table.state.to_dict() == expected.to_dict()


def test_an_illegal_action_is_refused_with_the_rules_reason() -> None:
    table, listener = a_table(new_game(HUMANS, 3))
    assert not table.submit(Search("no-such-card", 0))
    assert table.work is None and not table.pending and "not one of your characters" in listener.messages[-1]


def test_a_replay_acts_through_submit_at_its_pace_until_it_is_played() -> None:
    played = new_game(HUMANS, 5)
    actions: list[Action] = []
    for _ in range(12):
        action = legal_actions(played)[-1]
        apply(played, action)
        actions.append(action)
    table, _ = a_table(new_game(HUMANS, 5), replay=actions)
    assert table.acting_human() is None  # nobody's input is taken
    for _ in range(200):
        table.update(1000 / 60, idle=True)
    assert table.actions == actions and table.state.to_dict() == played.to_dict()


def at_a_buy(setup: Setup, seed: int) -> GameState:
    """A full game, every seat given 9 coins, played on (first legal action, no early rest) to a buy step."""
    state = new_game(setup, seed)
    for ps in state.players:
        ps.coins = 9
    while state.phase != "buy":
        apply(state, next(a for a in legal_actions(state) if not isinstance(a, RestEarly)))
    return state


def test_a_buy_is_pending_with_undo_and_its_new_artifact_waits_for_the_confirm() -> None:
    state = at_a_buy(Setup(HUMANS.seats, True, 0), 3)
    before, row = state.to_dict(), list(state.art_row)
    table, listener = a_table(state)
    buy = Buy(row[1])
    assert table.submit(buy) and table.awaiting_confirm and not table.undo_blocked
    told = [e for events, _ in listener.told for e in events]
    assert any(isinstance(e, ArtifactBought) for e in told)
    assert not any(isinstance(e, (ArtifactRowRefilled, TurnStarted)) for e in told)  # held back
    assert table.view_state().art_row[1] != row[1] and at_rest(table).art_row == [row[0], None, *row[2:]]
    assert table.undo() and table.work is None and table.state.to_dict() == before
    assert at_rest(table).art_row == row
    assert table.submit(buy) and table.confirm() is None
    refills = [e for e in listener.told[-1][0] if isinstance(e, ArtifactRowRefilled)]
    assert refills == [ArtifactRowRefilled(1, table.state.art_row[1])] and not listener.told[-1][1]
    expected = at_a_buy(Setup(HUMANS.seats, True, 0), 3)
    apply(expected, buy)
    assert table.state.to_dict() == expected.to_dict() and at_rest(table).art_row == expected.art_row
