"""The sidebar header keeps step with the board: while the timeline shows a bot's (or a replayed, or a
confirmed) action it names that seat's turn, its party is the active one and the next player's input waits;
the header moves on when the timeline reaches the turn change; with instant animations it moves on at once."""
from __future__ import annotations

import dataclasses

from arzium.rules.actions import Search
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.state import SeatSetup, Setup, clone, new_game
from arzium.scenes.play import PlayScene
from common.engine.app import App
from helpers import tick
from table_spy import BOT, FRAME, YOU, click, table


def until_acted(app: App, scene: PlayScene, count: int = 1) -> None:
    for _ in range(3000):
        if len(scene.table.actions) >= count:
            return
        tick(app)
    raise AssertionError("no action was committed")


def banner(scene: PlayScene) -> str | None:
    return scene.sidebar.announcement.message if scene.sidebar.announcement is not None else None


def actives(scene: PlayScene) -> list[bool]:
    return [scene.view.look(p, scene.table.acting_human(), None).active for p in range(len(scene.table.seats))]


def test_the_header_names_the_bot_until_the_board_shows_the_turn_change(app: App) -> None:
    scene = table(app, new_game(Setup((BOT, YOU), False, 0), 3))
    until_acted(app, scene)
    assert current_player(scene.table.state) == 1 and scene.timeline.busy  # the rules are past the bot's move
    head, hint = scene.sidebar.instructions()
    assert head == "Snorebert's turn" and hint.startswith("Snorebert is searching")
    assert scene.table.acting_human() is None and actives(scene) == [True, False]
    assert banner(scene) != "Your turn"
    frames = 0
    while scene.sidebar.instructions()[0] == "Snorebert's turn":
        assert scene.timeline.busy, "the timeline rested before the header moved on"
        assert banner(scene) != "Your turn" and scene.table.acting_human() is None
        frames += 1
        tick(app)
    assert frames > 10  # the player watched the bot's markers drop under its name
    # the header moved on as the timeline reached the turn change: the bot's markers have all landed
    assert [sq for sq in range(36) if scene.shown.board[sq] == 0] == \
        [sq for sq in range(36) if scene.table.state.board[sq] == 0]
    assert "Your turn (turn 2)" in [line.text for line in scene.log.lines]
    assert scene.sidebar.instructions()[0] == "You, your turn" and actives(scene) == [False, True]
    assert scene.table.acting_human() == 1
    while scene.timeline.busy or scene.board_view.turning:
        tick(app)
    app.step([], FRAME)
    assert banner(scene) == "Your turn" and scene.sidebar.instructions()[0] == "You, your turn"


def test_a_click_during_the_bots_animation_is_not_taken_for_the_human(app: App) -> None:
    scene = table(app, new_game(Setup((BOT, YOU), False, 0), 3))
    until_acted(app, scene)
    card = scene.parties[1].card_rect(scene.shown, 0).center
    app.step(click(card), FRAME)
    assert scene.choice.selected is None and scene.table.work is None
    assert scene.timeline.busy and scene.sidebar.instructions()[0] == "Snorebert's turn"  # the animation goes on
    while scene.timeline.busy:
        tick(app)
    app.step(click(card), FRAME)
    assert scene.choice.selected == 0  # the same click once the board has shown the human's turn


def test_with_instant_animations_the_header_names_the_human_at_once(app: App) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    scene = table(app, new_game(Setup((BOT, YOU), False, 0), 3))
    until_acted(app, scene)
    assert scene.table.playing is None and scene.table.acting_human() == 1
    assert scene.sidebar.instructions()[0] == "You, your turn" and actives(scene) == [False, True]


def test_a_confirmed_turn_holds_the_next_human_until_its_turn_change_is_shown(app: App) -> None:
    ann, bo = dataclasses.replace(YOU, name="Ann"), SeatSetup("Bo", "blue", "north", "human")
    scene = table(app, new_game(Setup((ann, bo), False, 0), 3))
    app.step([], FRAME)
    search = next(a for a in legal_actions(scene.table.state) if type(a) is Search)
    assert scene.act(search) and scene.table.awaiting_confirm  # a basic game's turn ends with its search
    scene.confirm()  # at once, while the markers drop
    assert current_player(scene.table.state) == 1 and scene.timeline.busy
    assert scene.sidebar.instructions()[0] == "Ann's turn" and scene.table.acting_human() is None
    assert actives(scene) == [True, False]
    while scene.sidebar.instructions()[0] == "Ann's turn":
        assert scene.timeline.busy
        tick(app)
    assert scene.sidebar.instructions()[0] == "Bo, your turn" and scene.table.acting_human() == 1


def test_a_replay_names_the_seat_whose_action_is_on_show(app: App) -> None:
    start = new_game(Setup((BOT, dataclasses.replace(BOT, name="Mo", colour="red", edge="south")), False, 0), 3)
    game, actions = clone(start), []
    for _ in range(2):
        action = next(a for a in legal_actions(game) if type(a) is Search)
        apply(game, action)
        actions.append(action)
    scene = table(app, start, replay=actions)
    until_acted(app, scene)
    assert scene.sidebar.instructions() == ("Snorebert's turn", "1 of 2 actions played")
    while scene.timeline.busy and scene.sidebar.instructions()[0] == "Snorebert's turn":
        tick(app)
    assert scene.sidebar.instructions() == ("Mo's turn", "1 of 2 actions played")  # Mo's is next: not played yet
