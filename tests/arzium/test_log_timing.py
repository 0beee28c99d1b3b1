"""The move log keeps step with the board: a line goes on show when the timeline animates what it tells
(a search's line once its markers and coins have landed, a purchase as the artifact leaves the row), for
bots, humans and replays; at rest every line is there exactly once; an undone action's lines leave the
log; with instant animations the lines are there at once."""
from __future__ import annotations

import dataclasses

from arzium.bots import make_bot
from arzium.rules.actions import Buy, Search
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.events import ArtifactBought, CardFull, CharacterUsed, MarkerPlaced, TurnStarted
from arzium.rules.state import GameState, Setup, clone, new_game
from arzium.scenes.log_panel import LogLine, describe, describe_at
from arzium.thinking import Task
from common.engine.app import App
from helpers import tick
from table_spy import BOT, FRAME, YOU, step_until, table


def texts(lines: list[LogLine]) -> list[str]:
    return [line.text for line in lines]


def told(state: GameState, action) -> list[str]:
    """The log lines of `action` played on a copy of `state`."""
    after = clone(state)
    events = apply(after, action)
    return texts(describe(events, after.setup, after.cards, after.turn))


def search_line(lines: list[str]) -> str:
    return next(line for line in lines if " searched with " in line)


def coin_search(state: GameState) -> Search:
    """The acting seat's legal search that earns the most coins (first in order on a tie)."""
    p = current_player(state)
    best, gain = None, -1
    for action in legal_actions(state):
        if type(action) is Search:
            trial = clone(state)
            before = trial.players[p].coins
            apply(trial, action)
            if trial.players[p].coins - before > gain:
                best, gain = action, trial.players[p].coins - before
    assert best is not None
    return best


def test_a_search_line_is_told_after_the_search_and_every_other_line_at_its_own_event() -> None:
    setup = Setup((YOU, BOT), False, 0)
    events = [CharacterUsed(0, "C01"), MarkerPlaced(0, 3, 1), MarkerPlaced(0, 4, 0), CardFull(0, "C02"),
              TurnStarted(1)]
    told = describe_at(events, setup, new_game(setup, 1).cards, 2)
    assert [at for at, _ in told] == [3, 3, 4]  # the search is told when the next event comes: after it
    assert [line for _, line in told] == describe(events, setup, new_game(setup, 1).cards, 2)
    assert [at for at, _ in describe_at(events[:3], setup, new_game(setup, 1).cards)] == [3]  # after the end


def test_a_bots_search_line_waits_until_its_markers_and_coins_have_landed(app: App, jobs: list[Task]) -> None:
    game = new_game(Setup((BOT, YOU), False, 0), 3)
    scene = table(app, clone(game))
    start = texts(scene.log.lines)
    step_until(app, lambda: bool(scene.table.actions), jobs)  # the bot's answer, not the clock, moves it on
    lines = told(game, scene.table.actions[0])
    line = search_line(lines)
    assert texts(scene.log.lines) == start  # committed, not yet shown
    board = [sq for sq in range(36) if scene.table.state.board[sq] == 0]
    coins = scene.table.state.players[0].coins
    assert board and coins > 0  # this seed's first search places markers and earns coins
    frames_hidden = 0
    while line not in texts(scene.log.lines):
        assert scene.timeline.busy, "the timeline finished without showing the line"
        frames_hidden += 1
        tick(app)
    assert frames_hidden > 10  # the player watched the markers drop before reading about them
    assert [sq for sq in range(36) if scene.shown.board[sq] == 0] == board  # every marker has landed...
    assert scene.shown.coins[0] == coins                                   # ...and every coin
    while scene.timeline.busy:
        tick(app)
    assert texts(scene.log.lines) == start + lines and not scene.log.waiting  # each line once


def test_a_humans_lines_follow_the_animation_and_leave_with_an_undo(app: App) -> None:
    scene = table(app, new_game(Setup((YOU, BOT), False, 0), 3))
    app.step([], FRAME)
    start = texts(scene.log.lines)
    search = coin_search(scene.table.state)
    line = search_line(told(scene.table.state, search))
    assert scene.act(search)
    for _ in range(5):
        tick(app)
        assert texts(scene.log.lines) == start  # the markers are still dropping
    scene.undo()
    assert texts(scene.log.lines) == start and not scene.log.waiting
    for _ in range(90):
        tick(app)
    assert texts(scene.log.lines) == start  # the undone search is never told
    assert scene.act(coin_search(scene.table.state))
    while scene.timeline.busy:
        tick(app)
    assert texts(scene.log.lines).count(line) == 1 and scene.table.awaiting_confirm
    scene.undo()  # shown, still undoable: its lines leave
    assert texts(scene.log.lines) == start and not scene.log.waiting


def test_a_later_action_shows_the_earlier_ones_lines_first_and_undo_keeps_them(app: App) -> None:
    scene = table(app, new_game(Setup((YOU, BOT), True, 0), 5))
    app.step([], FRAME)
    start = texts(scene.log.lines)
    search = coin_search(scene.table.state)
    first = told(scene.table.state, search)
    assert scene.act(search)
    app.step([], FRAME)
    second = next(a for a in legal_actions(scene.table.work) if type(a) is not Buy)  # a buy would commit the turn
    assert scene.act(second)  # acting skips the first action's animation: its lines are all on show
    assert texts(scene.log.lines)[len(start):] == first
    scene.undo()
    assert texts(scene.log.lines) == start + first and not scene.log.waiting


def test_with_instant_animations_the_lines_are_there_at_once(app: App, jobs: list[Task]) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    scene = table(app, new_game(Setup((BOT, YOU), False, 0), 3))
    step_until(app, lambda: bool(scene.table.actions), jobs)
    assert not scene.log.waiting
    assert " searched with " in " ".join(texts(scene.log.lines))
    human = table(app, new_game(Setup((YOU, BOT), False, 0), 3))
    assert human.act(coin_search(human.table.state))
    assert " searched with " in " ".join(texts(human.log.lines)) and not human.log.waiting


def bought_game() -> tuple[GameState, list]:
    """A full 2-bot game from its start up to its first purchase, and the actions."""
    for seed in range(50):
        setup = Setup((BOT, dataclasses.replace(BOT, name="Mo", colour="red", edge="south")), True, 0)
        state = new_game(setup, seed)
        bots = [make_bot("easy", seed), make_bot("easy", seed + 1)]
        actions = []
        for _ in range(40):
            p = current_player(state)
            action = bots[p].decide(state, p)
            apply(state, action)
            actions.append(action)
            if type(action) is Buy:
                return new_game(setup, seed), actions
    raise AssertionError("no purchase found")


def test_a_replay_tells_a_purchase_as_the_artifact_leaves_the_row(app: App) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=4.0)
    start_state, actions = bought_game()
    expected_game = clone(start_state)
    expected: list[str] = []
    for action in actions:
        events = apply(expected_game, action)
        expected += texts(describe(events, expected_game.setup, expected_game.cards, expected_game.turn))
        if type(action) is Buy:
            buy = next(e for e in events if type(e) is ArtifactBought)
    buy_line = next(t for t in expected if " buys " in t)
    scene = table(app, start_state, replay=actions)
    start = texts(scene.log.lines)
    in_row = told = False
    for _ in range(20000):
        shown = texts(scene.log.lines)
        assert shown == (start + expected)[:len(shown)]  # in order, never ahead of its place, never twice
        if buy_line in shown and not told:  # the frame it shows: the artifact has just left the row
            assert in_row and buy.artifact not in scene.shown.art_row
            told = True
        in_row = buy.artifact in scene.shown.art_row
        if len(scene.table.actions) == len(actions) and not scene.timeline.busy:
            break
        tick(app)
    assert told
    assert texts(scene.log.lines) == start + expected and not scene.log.waiting
