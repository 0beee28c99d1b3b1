"""The table model without pygame: a human's turn in progress, undo and confirm, a replay fed through the
same `submit` as every action, and what the model tells in its `happenings`."""
from __future__ import annotations

import subprocess
import sys

from arzium.match import Committed, Happening, Match, Playing, Refused, Stopped, Told, Untold
from arzium.rules.actions import Action, Buy, RestEarly, Search
from arzium.rules.engine import apply, legal_actions
from arzium.rules.events import ArtifactBought, ArtifactRowRefilled, TurnStarted
from arzium.rules.state import GameState, SeatSetup, Setup, new_game
from arzium.scenes.shown import at_rest

HUMANS = Setup((SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bo", "blue", "north", "human")), False, 0)


def told(happened: list[Happening]) -> list[Told]:
    return [h for h in happened if isinstance(h, Told)]


def a_table(state: GameState, replay: list[Action] | None = None) -> Match:
    return Match(state, lambda ms: 0.0, replay=replay, autosave=False)


def test_the_table_model_imports_no_pygame() -> None:
    code = "import sys, arzium.match, arzium.rules.preview; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_human_turn_is_pending_until_confirmed_and_undo_takes_it_back() -> None:
    state = new_game(HUMANS, 3)
    before = state.to_dict()
    table = a_table(state)
    search = next(a for a in legal_actions(state) if isinstance(a, Search))
    assert table.acting_human() == 0 and table.submit(search)
    assert table.pending == [search] and table.awaiting_confirm and table.state.to_dict() == before
    happened = table.happenings.take()
    assert [type(h) for h in happened] == [Told] and told(happened)[0].provisional and told(happened)[0].by is None
    assert table.undo() and table.work is None and table.state.to_dict() == before
    assert table.happenings.take() == [Untold()]
    assert not table.undo() and table.happenings.take() == []  # nothing left to take back
    assert table.submit(search) and table.confirm() is None
    happened = table.happenings.take()
    assert [type(h) for h in happened] == [Told, Committed, Told, Playing]  # the turn's end was held back
    assert [t.provisional for t in told(happened)] == [True, False]
    assert happened[-1] == Playing(0, search, 1, False)  # the committed action, for a table still showing it
    assert table.playing is None  # ... which only a table showing it sets
    assert table.actions == [search] and table.work is None and table.acting_human() == 1
    expected = new_game(HUMANS, 3)
    apply(expected, search)
    assert table.state.to_dict() == expected.to_dict()


def test_an_illegal_action_is_refused_with_the_rules_reason() -> None:
    table = a_table(new_game(HUMANS, 3))
    assert not table.submit(Search("no-such-card", 0))
    [refused] = table.happenings.take()
    assert table.work is None and not table.pending
    assert isinstance(refused, Refused) and "not one of your characters" in refused.reason


def test_a_replay_acts_through_submit_at_its_pace_until_it_is_played() -> None:
    played = new_game(HUMANS, 5)
    actions: list[Action] = []
    for _ in range(12):
        action = legal_actions(played)[-1]
        apply(played, action)
        actions.append(action)
    table = a_table(new_game(HUMANS, 5), replay=actions)
    assert table.acting_human() is None  # nobody's input is taken
    for _ in range(200):
        table.update(1000 / 60, idle=True)
    assert table.actions == actions and table.state.to_dict() == played.to_dict()
    happened = told(table.happenings.take())
    assert [t.by for t in happened] == [(n, 0 if n % 2 else 1) for n in range(1, 13)]


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
    table = a_table(state)
    buy = Buy(row[1])
    assert table.submit(buy) and table.awaiting_confirm and not table.undo_blocked
    events = [e for t in told(table.happenings.take()) for e in t.events]
    assert any(isinstance(e, ArtifactBought) for e in events)
    assert not any(isinstance(e, (ArtifactRowRefilled, TurnStarted)) for e in events)  # held back
    assert table.view_state().art_row[1] != row[1] and at_rest(table).art_row == [row[0], None, *row[2:]]
    assert table.undo() and table.work is None and table.state.to_dict() == before
    assert at_rest(table).art_row == row
    assert table.submit(buy) and table.confirm() is None
    last = told(table.happenings.take())[-1]
    refills = [e for e in last.events if isinstance(e, ArtifactRowRefilled)]
    assert refills == [ArtifactRowRefilled(1, table.state.art_row[1])] and not last.provisional
    expected = at_a_buy(Setup(HUMANS.seats, True, 0), 3)
    apply(expected, buy)
    assert table.state.to_dict() == expected.to_dict() and at_rest(table).art_row == expected.art_row


def test_a_replays_illegal_action_is_told_as_stopped_and_the_replay_ends() -> None:
    table = a_table(new_game(HUMANS, 5), replay=[Search("no-such-card", 0)])
    for _ in range(60):
        table.update(1000 / 60, idle=True)
    [stopped] = table.happenings.take()
    assert isinstance(stopped, Stopped) and stopped.number == 1 and "not one of your characters" in stopped.reason
    assert table.replay == [] and table.actions == []
