"""Arzium's scenes headless: random input, placing with the ghost, undo, bidding (with a hint),
autosave and a corrupt save. Bots and hints at the table: `test_scene_bots.py`."""
from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from arzium import save
from arzium.bots import make_bot
from arzium.match import AUTO_CONFIRM_MS
from arzium.rules.actions import Bid, PassBid, Search
from arzium.rules.builders import put_markers
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.state import GameState, SeatSetup, Setup, new_game
from arzium.scenes.bidding import BidScene
from arzium.scenes.flow import play_scene, setup_scene
from arzium.scenes.play import PlayScene
from arzium.scenes.setup import SetupScene
from arzium.scenes.shown import Shown
from arzium.thinking import Task
from arzium.wording import points
from arzium_testkit import (
    artifact_of,
    give_artifacts,
    make_cards,
    make_state,
    set_characters,
    sq,
)
from common.engine import text
from common.engine.app import App
from common.engine.scene import Scene
from common.games import GAMES
from common.replays.replay import read_replay
from common.tools import catalog
from helpers import close_app, make_app, tick
from table_spy import FRAME, click, key, motion, put_on_table, run, step_until

ARZIUM_SCENES = ["arzium-setup", "arzium-play", "arzium-play-hint", "arzium-result", "arzium-result-online"]


def seats(*kinds: str) -> tuple[SeatSetup, ...]:
    colours, edges = ("red", "blue", "green", "yellow"), {2: ("south", "north"), 3: ("south", "west", "north"),
                                                           4: ("south", "west", "north", "east")}[len(kinds)]
    return tuple(SeatSetup(f"P{i + 1}", colours[i], edges[i], kind) for i, kind in enumerate(kinds))


def assert_table_at_rest_shows_the_rules(app: App, where: str) -> None:
    """Whatever random input did, a table shows the rules state once its animations are skipped."""
    scene = app.stack.top
    if isinstance(scene, PlayScene):
        scene.skip_animations()
        assert scene.shown == Shown.of(scene.table.view_state()), where


@pytest.mark.sweep
@pytest.mark.parametrize("name", ARZIUM_SCENES)
def test_every_arzium_scene_runs_300_frames_of_random_input(app: App, name: str) -> None:
    spec = catalog.get(name)
    assert spec is not None
    base = Scene(app)  # an inert scene below: leaving the game does not wander into other games
    app.stack.clear_to(base)
    app.push(spec.build(app))
    seed = len(name)
    rng = random.Random(seed)
    for frame in range(300):
        if app.stack.top is base or not app.running:
            app.running = True
            app.stack.clear_to(base)
            app.push(spec.build(app))
        app.step(catalog.random_input(frame, rng, app.size), FRAME)
    assert app.frame_count == 300 and app.stack.top is not None, f"seed {seed}"
    app.stack.top.draw(app.screen)
    assert_table_at_rest_shows_the_rules(app, f"{name}, seed {seed}")


def test_the_menu_opens_the_setup_screen_and_start_deals_a_table(app: App) -> None:
    app.stack.clear_to(Scene(app))
    setup = GAMES["arzium"].start(app)
    assert isinstance(setup, SetupScene)
    app.push(setup)
    setup.start()
    assert isinstance(app.stack.top, PlayScene) and save.load_saved_game()[0] is not None  # saved at once


def test_hot_seat_and_bots_survive_random_clicks_over_a_whole_table(app: App) -> None:
    state = new_game(Setup(seats("human", "human", "bot", "bot"), True, 0), 5)
    base = Scene(app)
    app.stack.clear_to(base)
    scene = play_scene(app, state, autosave=False)
    app.push(scene)
    seed = 9
    rng = random.Random(seed)
    for frame in range(600):
        if app.stack.top is base or not app.running:
            break
        app.step(catalog.random_input(frame, rng, app.size), FRAME)
    replayed = new_game(state.setup, state.seed)
    for action in scene.table.actions:  # what was committed is a legal game (apply refuses anything else)
        apply(replayed, action)
    assert replayed.to_dict() == scene.table.state.to_dict(), f"seed {seed}"
    assert_table_at_rest_shows_the_rules(app, f"seed {seed}")


def fresh_scene(app: App, kinds=("human", "bot"), seed: int = 3) -> PlayScene:
    state = new_game(Setup(seats(*kinds), False, 0), seed)
    scene = play_scene(app, state, autosave=False)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    run(app, 5)
    return scene


def pick_card_without_blanks(scene: PlayScene) -> int:
    cards = scene.table.state.players[0].cards
    return next(i for i, c in enumerate(cards) if "B" not in "".join(scene.cards.card(c).pattern))


def test_clicking_the_map_searches_exactly_where_the_ghost_is_green(app: App) -> None:
    scene = fresh_scene(app)
    before = scene.table.state.to_dict()
    i = pick_card_without_blanks(scene)
    app.step(click(scene.parties[0].card_rect(scene.shown, i).center), FRAME)
    assert scene.choice.selected == i
    target = scene.board_view.square_center(14)
    app.step([motion(target)], FRAME)
    ghost = scene.choice.ghost()
    assert ghost is not None and ghost.legal and ghost.markers
    green = {r * 6 + c for r, c, kind in ghost.cells if kind == "ok"}
    assert green == set(ghost.markers)
    app.step(click(target), FRAME)
    assert len(scene.table.pending) == 1 and isinstance(scene.table.pending[0], Search)
    placed = {sq for sq in range(36) if scene.table.work.board[sq] == 0 and before["board"][sq] != 0}
    assert placed == green
    run(app, 120)  # the markers land on the shown board too
    assert {sq for sq in range(36) if scene.shown.board[sq] == 0} == green


def test_undo_restores_the_turn_and_confirm_commits_it(app: App) -> None:
    scene = fresh_scene(app)
    before = scene.table.state.to_dict()
    i = pick_card_without_blanks(scene)
    app.step(click(scene.parties[0].card_rect(scene.shown, i).center), FRAME)
    app.step(click(scene.board_view.square_center(20)), FRAME)
    assert scene.table.pending and scene.table.awaiting_confirm
    scene.undo()
    assert scene.table.work is None and not scene.table.pending
    assert scene.table.view_state().to_dict() == before
    assert scene.shown.board == before["board"]
    assert scene.table.state.to_dict() == before  # the committed game never moved
    app.step(click(scene.parties[0].card_rect(scene.shown, i).center), FRAME)
    app.step(click(scene.board_view.square_center(20)), FRAME)
    app.step([key(pygame.K_RETURN)], FRAME)
    assert scene.table.work is None and len(scene.table.actions) == 1 and current_player(scene.table.state) == 1


def search_once(app: App, scene: PlayScene, square: int = 20) -> None:
    """The acting human searches with a character without blanks at `square` (a whole basic-game turn)."""
    i = pick_card_without_blanks(scene)
    app.step(click(scene.parties[scene.table.acting_human()].card_rect(scene.shown, i).center), FRAME)
    app.step(click(scene.board_view.square_center(square)), FRAME)
    assert scene.table.pending and scene.table.awaiting_confirm


def test_a_lone_humans_turn_stands_by_itself_after_a_moment_that_undo_can_use(app: App) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    scene = fresh_scene(app)
    before = scene.table.state.to_dict()
    search_once(app, scene)
    assert scene.sidebar.instructions()[0] == "P1: turn done"
    run(app, round(AUTO_CONFIRM_MS * 0.8 / FRAME))
    # the bot has not started: still undoable
    assert scene.table.awaiting_confirm and scene.table.state.to_dict() == before
    app.step([key(pygame.K_z, pygame.KMOD_LCTRL)], FRAME)
    assert scene.table.work is None and not scene.table.pending and scene.table.state.to_dict() == before
    run(app, round(AUTO_CONFIRM_MS * 1.5 / FRAME))
    # nothing to confirm: the turn is the human's again
    assert not scene.table.actions and scene.table.acting_human() == 0
    search_once(app, scene)
    turn = list(scene.table.pending)
    run(app, round(AUTO_CONFIRM_MS * 1.2 / FRAME))
    assert scene.table.work is None and scene.table.actions[:1] == turn  # committed (the bot may have answered already)


def test_hot_seat_turns_still_wait_for_confirm(app: App) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    scene = fresh_scene(app, ("human", "human"))
    search_once(app, scene)
    run(app, round(AUTO_CONFIRM_MS * 3 / FRAME))
    assert scene.table.awaiting_confirm and not scene.table.actions
    assert scene.sidebar.instructions()[0] == "P1: confirm your turn"


def tie_state() -> GameState:
    """A 2-player game played by bots up to a tie bidding where both bidders have coins (the first found)."""
    for seed in range(200):
        state = new_game(Setup(seats("bot", "bot"), False, 0), seed)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        for _ in range(400):
            if state.phase == "bid" and state.bid is not None and state.bid.high < 0 and \
                    all(state.players[p].coins > 0 for p in state.bid.bidders):  # an opening bid can be raised
                return state
            if state.phase == "over":
                break
            p = current_player(state)
            apply(state, bots[p].decide(state, p))
    raise AssertionError("no tie found")


def human_tie_table(app: App) -> PlayScene:
    """`tie_state()` with both seats played by people, on the table."""
    state = tie_state()
    state.setup = dataclasses.replace(state.setup, seats=tuple(
        dataclasses.replace(s, kind="human") for s in state.setup.seats))
    return put_on_table(app, play_scene(app, state, autosave=False))


def test_a_human_in_a_tie_gets_the_bid_dialog_and_bids(app: App) -> None:
    scene = human_tie_table(app)
    bidder = current_player(scene.table.state)
    run(app, 10)
    dialog = app.stack.top
    assert isinstance(dialog, BidScene) and dialog.player == bidder
    app.step(click(dialog.bid_btn.rect.center), FRAME)
    assert app.stack.top is scene
    assert isinstance(scene.table.pending[-1], (Bid, PassBid)) and scene.table.pending[-1] == Bid(0)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_bid_dialog_leaves_the_contested_land_in_sight_and_shows_the_character(
        app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    app.resize_window(size)
    scene = human_tie_table(app)
    run(app, 10)
    dialog = app.stack.top
    assert isinstance(dialog, BidScene)
    land = scene.board_view.slot_rect(dialog.slot)
    assert not dialog.box.colliderect(land) and pygame.Rect((0, 0), size).contains(dialog.box)
    drawn: list[str] = []
    original = text.draw_text
    monkeypatch.setattr(text, "draw_text", lambda surface, s, *a, **k: drawn.append(s) or original(surface, s, *a, **k))
    app.step([], FRAME)
    card = scene.cards.card(dialog.card)
    assert points(card.points) in drawn and f"Tie for {card.land_name or card.name}!" in drawn


def test_h_in_the_bid_dialog_suggests_a_bid_and_sets_its_amount(app: App, jobs: list[Task]) -> None:
    scene = human_tie_table(app)
    run(app, 10)
    dialog = app.stack.top
    assert isinstance(dialog, BidScene)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)], FRAME)
    step_until(app, lambda: scene.hints.hint is not None, jobs)
    hint = scene.hints.hint.action
    assert isinstance(hint, Bid) and hint in legal_actions(scene.table.view_state())  # an opening bid: no passing
    assert scene.table.assisted and app.stack.top is dialog and dialog.amount == hint.amount
    run(app, 2)  # drawn with the hint
    app.step([key(pygame.K_RETURN)], FRAME)
    assert app.stack.top is scene and [*scene.table.actions, *scene.table.pending][-1] == hint


def test_autosave_after_a_committed_move_and_resume_from_the_setup_screen(app: App, jobs: list[Task]) -> None:
    state = new_game(Setup(seats("bot", "human"), False, 0), 21)
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    scene = play_scene(app, state)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    step_until(app, lambda: bool(scene.table.actions), jobs)
    saved, message = save.load_saved_game()
    assert message is None and saved is not None and not saved.assisted
    assert saved.state.to_dict() == scene.table.state.to_dict() and saved.actions == scene.table.actions
    setup = setup_scene(app)
    app.push(setup)
    assert setup.resume_btn in setup.group.widgets
    setup.resume_saved()
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed.table.state.to_dict() == scene.table.state.to_dict()


def test_a_game_resumed_after_a_hint_stays_assisted(app: App) -> None:
    state = new_game(Setup(seats("human", "bot"), False, 0), 21)
    scene = play_scene(app, state)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    run(app, 2)
    scene.hints.show(next(a for a in legal_actions(state) if isinstance(a, Search)))  # as H does once it is ready
    setup = setup_scene(app)  # leave without another move: the save already says so
    app.push(setup)
    setup.resume_saved()
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed is not scene and resumed.table.assisted
    path = resumed.table.write_replay()
    assert path is not None and read_replay(path, "arzium").meta["assisted"] is True


def test_a_corrupt_save_is_set_aside_with_one_toast_and_the_screen_works(app: App) -> None:
    path = save.save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"game": "arzium", "format": 1, "state": {"trunc', encoding="utf-8")
    app.toasts.clear()
    app.stack.clear_to(Scene(app))
    setup = setup_scene(app)
    app.push(setup)
    assert len(app.toasts) == 1 and str(path) in app.toasts[0].message and "\n" not in app.toasts[0].message
    assert not path.exists() and list(path.parent.glob(path.name + ".bad-*"))
    assert setup.resume_btn not in setup.group.widgets
    run(app, 30)
    setup.start()
    assert isinstance(app.stack.top, PlayScene)


def test_a_pattern_with_blanks_is_pinned_then_blanks_are_bought_with_clicks(app: App) -> None:
    state = new_game(Setup(seats("human", "bot"), False, 0), 3)
    state.players[0].coins = 4
    scene = play_scene(app, state, autosave=False)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    run(app, 5)
    dreamer = next(i for i, c in enumerate(state.players[0].cards) if "B" in "".join(scene.cards.card(c).pattern))
    app.step(click(scene.parties[0].card_rect(scene.shown, dreamer).center), FRAME)
    target = scene.board_view.square_center(27)
    app.step(click(target), FRAME)  # the first click pins the ghost: its blanks can be bought
    assert scene.choice.pinned is not None and not scene.table.pending
    ghost = scene.choice.ghost()
    blank = next((r, c) for r, c, kind in ghost.cells if kind == "blank")
    app.step(click(scene.board_view.cell_rect(*blank).center), FRAME)
    ghost = scene.choice.ghost()
    assert any(kind == "blank_on" for _, _, kind in ghost.cells) and ghost.cost == 2
    app.step(click(target), FRAME)  # a click on the pattern places it
    search = scene.table.pending[-1]
    assert isinstance(search, Search) and len(search.blanks) == 1
    gained = sum(scene.table.work.coin_at[sq] for sq in (*ghost.markers, blank[0] * 6 + blank[1]))
    assert scene.table.work.players[0].coins == 4 - 2 + gained


def test_the_hinted_displace_search_is_shown_placeable_and_placed_by_clicking(app: App) -> None:
    """The Displace bug: a pattern on nothing but a rival's markers was refused by the ghost (red, "no marker
    would be placed here") although legal_actions lists it and the hint recommends it."""
    state = make_state(full=True, cards=make_cards(patterns={"C01": ["XX"]}))
    set_characters(state, 0, ["C01", "C02", "C03"])
    disp = artifact_of(state, "displace")
    give_artifacts(state, 0, [disp])
    put_markers(state, 1, [sq(5, 0), sq(5, 1)])
    hinted = Search("C01", sq(5, 0), displace_artifacts=(disp,), displace_squares=(sq(5, 1),))
    assert hinted in legal_actions(state)
    scene = put_on_table(app, play_scene(app, state, autosave=False))
    run(app, 5)
    scene.hints.show(hinted)  # as H shows it once the hard bot answers
    assert scene.hints.hint.cells == [(5, 0, "skip"), (5, 1, "displace_on")]
    app.step([key(pygame.K_1)], FRAME)  # the first face-up character: C01
    app.step(click(scene.parties[0].artifact_rect(scene.shown, 0).center), FRAME)  # arm Displace
    assert scene.choice.selected == 0 and scene.choice.armed == {disp: "displace"}
    app.step([motion(scene.board_view.square_center(sq(5, 0)))], FRAME)
    ghost = scene.choice.ghost()
    assert ghost is not None and ghost.legal and ghost.options, ghost
    assert {(r, c): kind for r, c, kind in ghost.cells} == {(5, 0): "displace", (5, 1): "displace"}
    app.step(click(scene.board_view.square_center(sq(5, 0))), FRAME)  # pins the pattern (it has options)
    assert scene.choice.pinned == (5, 0)
    app.step(click(scene.board_view.square_center(sq(5, 1))), FRAME)  # the marker to displace
    assert scene.choice.ghost().search == hinted
    app.step(click(scene.sidebar.place_btn.rect.center), FRAME)
    assert (scene.table.pending or scene.table.actions)[:1] == [hinted]
    assert scene.table.view_state().board[sq(5, 1)] == 0 and scene.table.view_state().board[sq(5, 0)] == 1


def test_the_header_says_the_bidding_is_over_while_its_last_bid_is_shown(app: App) -> None:
    scene = put_on_table(app, play_scene(app, tie_state(), autosave=False))  # two bots bid it out
    heads = []
    for _ in range(2000):
        tick(app)
        on_show = scene.table.playing
        if on_show is not None and isinstance(on_show.action, (Bid, PassBid)):
            heads.append((scene.table.state.phase == "bid", scene.sidebar.instructions()[0]))
        if heads and scene.table.state.phase != "bid" and on_show is None:
            break
    assert (False, "The bidding is over") in heads
    assert all(head.endswith(" bid") for still_bidding, head in heads if still_bidding)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_ghosts_two_line_note_stays_out_of_every_party(size: tuple[int, int]) -> None:
    """The note over the map (here two lines: who would bid for a tied land) lies whole in the window and
    reaches into no party, whose picture would be painted over it."""
    app = make_app(size)
    try:
        spec = catalog.get("arzium-play-outcome")
        assert spec is not None
        scene = spec.build(app)
        assert isinstance(scene, PlayScene)
        note = scene.view._overlays(0)[-1].rect
        one_line = text.font(app.font_px(16), True).get_linesize()
        assert note.h >= 2 * one_line  # the case of a note of more than one line
        assert pygame.Rect((0, 0), size).contains(note)
        assert note.collidelist([party.rect for party in scene.parties]) == -1, note
    finally:
        close_app(app)
