"""Arzium by the keyboard alone: a whole game against an Easy bot, and the keys of each control."""
from __future__ import annotations

import dataclasses
from concurrent.futures import Future
from typing import Any

import pygame
import pytest

from arzium import thinking
from arzium.bots import make_bot
from arzium.rules.actions import Bid, Buy, RestEarly, UsePurse
from arzium.rules.engine import apply, current_player, is_over
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.bidding import BidScene
from arzium.scenes.flow import play_scene
from arzium.scenes.play import PlayScene
from arzium.scenes.result import ResultScene
from arzium_testkit import give_artifacts
from common.engine.app import App
from common.engine.scene import Scene
from common.scenes.help import HelpOverlay
from table_spy import FRAME, key

SEATS = (SeatSetup("You", "red", "south", "human"), SeatSetup("Bot", "blue", "north", "bot", "easy"))


@pytest.fixture()
def quick(app: App, monkeypatch: pytest.MonkeyPatch) -> App:
    """Instant animations, and bots that answer in the same frame (no worker process)."""
    def at_once(fn: Any, args: tuple[Any, ...]) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(fn(*args))
        return done
    monkeypatch.setattr(thinking, "_submit", at_once)
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    return app


def press(app: App, k: int, mod: int = 0) -> None:
    app.step([key(k, mod)], FRAME, draw=False)


def table(app: App, full: bool = False, seed: int = 4) -> PlayScene:
    scene = play_scene(app, new_game(Setup(SEATS, full, 0), seed), autosave=False)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    app.step([], FRAME)
    return scene


SNAKE = [pygame.K_UP] * 6 + [pygame.K_LEFT] * 6 + \
    [k for row in range(6) for k in ([pygame.K_RIGHT] * 5 if row % 2 == 0 else [pygame.K_LEFT] * 5) + [pygame.K_DOWN]]


def search_by_keys(app: App, scene: PlayScene) -> bool:
    """Try each face-up character (1-9), walking the cursor over the map with the arrows, and place it (Enter,
    Enter again if the pattern was pinned) where its ghost is legal; False if none fits anywhere."""
    p = scene.table.acting_human()
    assert p is not None
    for n in range(len(scene.choice.key_cards(p))):
        press(app, pygame.K_1 + n)
        for k in SNAKE:
            ghost = scene.choice.ghost()
            if ghost is not None and ghost.legal:
                press(app, pygame.K_RETURN)
                if scene.choice.pinned is not None:
                    press(app, pygame.K_RETURN)
                return True
            press(app, k)
        press(app, pygame.K_ESCAPE)
    return False


def play_a_turn_by_keys(app: App, scene: PlayScene) -> None:
    top = app.stack.top
    if isinstance(top, BidScene):
        press(app, pygame.K_RETURN)  # bid the least
        return
    st = scene.table.view_state()
    if scene.table.awaiting_confirm:
        press(app, pygame.K_RETURN)
    elif st.phase in ("start", "search"):
        if not search_by_keys(app, scene):  # no character fits: Skip search, reached with the arrows
            while scene.group.focused is not scene.sidebar.skip_btn:
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
    else:
        press(app, pygame.K_RETURN)  # end the buy, or on to the claims


def test_a_whole_game_against_an_easy_bot_by_the_keyboard_alone(quick: App) -> None:
    scene = table(quick)
    for _frame in range(20000):
        if isinstance(quick.stack.top, ResultScene):
            break
        if scene.table.acting_human() is not None and not scene.timeline.busy:
            play_a_turn_by_keys(quick, scene)
        else:
            quick.step([], FRAME, draw=False)
    assert isinstance(quick.stack.top, ResultScene) and is_over(scene.table.state)
    final = scene.table.state
    assert final.turn > 10 and len(final.players[0].cards) + len(final.players[1].cards) >= 10
    print(f"keyboard game: {final.turn} turns, {len(scene.table.actions)} actions")


def test_a_first_turn_by_keys_places_where_the_ghost_is(quick: App) -> None:
    scene = table(quick)
    press(quick, pygame.K_1)
    assert scene.choice.selected == scene.choice.key_cards(0)[0] and scene.choice.cursor is not None
    assert scene.choice.ghost() is not None  # shown without the mouse
    placed = search_by_keys(quick, scene)
    assert placed and scene.table.pending


def test_the_arrows_move_the_cursor_on_the_screen_whichever_way_the_map_is_turned(quick: App) -> None:
    scene = table(quick)
    press(quick, pygame.K_1)
    start = scene.choice.cursor
    assert start is not None
    bv = scene.board_view
    press(quick, pygame.K_RIGHT)
    moved = scene.choice.cursor
    assert moved is not None and bv.cell_rect(*moved).centerx > bv.cell_rect(*start).centerx
    assert bv.cell_rect(*moved).centery == bv.cell_rect(*start).centery
    press(quick, pygame.K_UP)
    up = scene.choice.cursor
    assert up is not None and bv.cell_rect(*up).centery < bv.cell_rect(*moved).centery


def test_tab_goes_through_the_characters_and_the_help_key_shows_the_controls(quick: App) -> None:
    scene = table(quick)
    ups = scene.choice.key_cards(0)
    press(quick, pygame.K_TAB)
    press(quick, pygame.K_TAB)
    assert scene.choice.selected == ups[1]
    press(quick, pygame.K_F2)
    assert isinstance(quick.stack.top, HelpOverlay)
    quick.step([], FRAME)
    press(quick, pygame.K_x)
    assert quick.stack.top is scene


def test_an_artifact_then_resting_early_then_a_search_and_a_buy_by_key(quick: App) -> None:
    scene = table(quick, full=True)
    st = scene.table.state
    purse = next(a for a in st.art_deck if st.cards.artifact(a).ability == "purse")
    st.art_deck.remove(purse)
    give_artifacts(st, 0, [purse])
    st.players[0].face_up[0] = False
    st.players[0].coins = 20
    scene.animator.resync()
    press(quick, pygame.K_a)
    assert scene.choice.artifact_focus == 0
    press(quick, pygame.K_RETURN)  # the Purse
    assert isinstance(scene.table.pending[-1], UsePurse)
    press(quick, pygame.K_BACKSPACE)
    assert not scene.table.pending
    press(quick, pygame.K_r)
    assert scene.table.pending == [RestEarly()]
    assert search_by_keys(quick, scene)
    assert scene.table.view_state().phase == "after"
    press(quick, pygame.K_RETURN)  # on to the claims, then the buy
    row = list(scene.table.view_state().art_row)
    assert scene.table.view_state().phase == "buy"
    press(quick, pygame.K_1)
    assert scene.table.pending[-1] == Buy(row[0]) and scene.table.awaiting_confirm  # Undo until confirmed
    press(quick, pygame.K_RETURN)
    assert scene.table.actions[-1] == Buy(row[0]) and not scene.table.pending


def tie_table(app: App) -> PlayScene:
    """Two people at a table where the greedy bots' play led to a tie's opening bid (both have coins)."""
    for seed in range(40):
        state = new_game(Setup((dataclasses.replace(SEATS[0], edge="south"),
                                dataclasses.replace(SEATS[1], kind="human")), False, 0), seed)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        while state.phase != "over":
            if state.phase == "bid" and state.bid is not None and state.bid.high < 0 and \
                    all(state.players[p].coins > 0 for p in state.bid.bidders):
                scene = play_scene(app, state, autosave=False)
                app.stack.clear_to(Scene(app))
                app.push(scene)
                return scene
            p = current_player(state)
            assert p is not None
            apply(state, bots[p].decide(state, p))
    raise AssertionError("no tie found")


def test_a_bid_by_keys_with_its_focus_shown_and_tab_then_enter_works_the_focused_button(quick: App) -> None:
    scene = tie_table(quick)
    for _frame in range(10):
        quick.step([], FRAME, draw=False)
    dialog = quick.stack.top
    assert isinstance(dialog, BidScene) and dialog.group.keyboard_mode and dialog.group.focused is dialog.bid_btn
    press(quick, pygame.K_RIGHT)
    assert dialog.amount == min(1, dialog.coins)
    press(quick, pygame.K_LEFT)
    press(quick, pygame.K_TAB)  # on to Pass (off at an opening bid), then the hint button
    assert dialog.group.focused is not dialog.bid_btn
    while dialog.group.focused is not dialog.bid_btn:
        press(quick, pygame.K_TAB)
    press(quick, pygame.K_RETURN)
    assert quick.stack.top is scene and [*scene.table.actions, *scene.table.pending][-1] == Bid(0)
