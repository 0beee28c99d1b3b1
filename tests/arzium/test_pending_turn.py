"""A human's finished turn that waits for Confirm (hot-seat) or for the solo auto-confirm does not yet
announce the next turn: no "X's turn" banner, no "X's turn (turn N)" log line, no turn chime. They come
once, when the turn is confirmed (by hand or by itself); an Undo before that leaves no trace of them."""
from __future__ import annotations

import dataclasses

import pygame

from arzium.match import AUTO_CONFIRM_MS
from arzium.rules.actions import Search
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.state import SeatSetup, Setup, clone, new_game
from arzium.scenes.flow import play_scene
from arzium.scenes.handoff import GRACE_MS, HandOff
from arzium.scenes.log_panel import describe
from common.engine.app import App
from helpers import run, tick
from table_spy import ANN, BO, BOT, FRAME, key, record_table


class Table:
    """A play scene with every banner announced and every sound played recorded."""

    def __init__(self, app: App, seats: tuple[SeatSetup, ...], seed: int = 3) -> None:
        self.app = app
        self.scene = play_scene(app, new_game(Setup(seats, False, 0), seed), autosave=False)
        self.banners, self.sounds = record_table(app, self.scene)

    def step(self, frames: int = 1) -> None:
        """`frames` frames; only the last is drawn."""
        run(self.app, frames)

    def settle(self) -> None:
        """Run until the timeline rests and the board has turned."""
        for _ in range(2000):
            if not self.scene.timeline.busy and not self.scene.board_view.turning:
                return
            tick(self.app)
        raise AssertionError("the animations never ended")

    def hand_over(self) -> None:
        """The hot-seat hand-off is up: the next human says ready (after its grace time)."""
        handoff = self.app.stack.top
        assert isinstance(handoff, HandOff)
        self.step(round(GRACE_MS / FRAME) + 1)
        self.app.step([key(pygame.K_RETURN)], FRAME)
        assert self.app.stack.top is self.scene

    def told(self) -> list[str]:
        """Every log line, on show or waiting for the timeline."""
        return [line.text for line in self.scene.log.lines + self.scene.log.waiting]

    def search(self) -> tuple[Search, list[str]]:
        """The acting human searches (a whole basic-game turn); the search and every line it tells."""
        self.step()
        st = self.scene.table.state
        search = next(a for a in legal_actions(st) if type(a) is Search)
        after = clone(st)
        lines = [line.text for line in describe(apply(after, search), after.setup, after.cards, after.turn)]
        self.banners.clear()
        self.sounds.clear()
        assert self.scene.act(search) and self.scene.table.awaiting_confirm
        return search, lines


def test_hot_seat_the_bots_turn_is_announced_when_the_turn_is_confirmed(app: App) -> None:
    t = Table(app, (ANN, BOT, BO))
    scene = t.scene
    start = t.told()
    _, lines = t.search()
    assert lines[-1] == "Snorebert's turn (turn 2)"
    t.settle()
    t.step(round(AUTO_CONFIRM_MS * 2 / FRAME))  # hot-seat: no confirmation by itself
    assert scene.table.awaiting_confirm and scene.sidebar.announcement is None
    assert "Snorebert's turn" not in t.banners
    assert t.told() == start + lines[:-1]  # the search is told, the next turn is not
    assert scene.sidebar.instructions() == ("Ann: confirm your turn",
                                    "Confirm to pass play on, or Undo to take your last action back.")
    scene.confirm()
    t.settle()
    assert t.banners.count("Snorebert's turn") == 1
    assert t.told()[:len(start) + len(lines)] == start + lines  # the turn line last, once
    assert t.told().count("Snorebert's turn (turn 2)") == 1


def test_two_humans_the_next_players_turn_waits_for_confirm(app: App) -> None:
    t = Table(app, (ANN, BO))
    scene = t.scene
    start = t.told()
    _, lines = t.search()
    t.settle()
    t.step(60)
    assert scene.table.awaiting_confirm and current_player(scene.table.state) == 0
    assert t.told() == start + lines[:-1] and "Bo's turn (turn 2)" not in t.told()
    assert not any("Bo" in b for b in t.banners) and "turn_chime" not in t.sounds
    scene.confirm()
    t.settle()
    t.step(2)
    assert t.told() == start + lines and lines[-1] == "Bo's turn (turn 2)"
    assert "Bo, your turn" not in t.banners  # the hand-off first
    t.hand_over()
    t.settle()
    t.step(2)
    assert t.banners.count("Bo, your turn") == 1 and t.sounds.count("turn_chime") == 1
    assert scene.table.acting_human() == 1


def test_solo_the_bots_turn_is_announced_by_the_auto_confirm(app: App) -> None:
    t = Table(app, (ANN, BOT))
    scene = t.scene
    start = t.told()
    _, lines = t.search()
    frames = 0
    while scene.table.awaiting_confirm:
        assert "Snorebert's turn" not in t.banners
        banner = scene.sidebar.announcement
        assert banner is None or banner.message == "Your turn"  # the greeting fading out
        assert "Snorebert's turn (turn 2)" not in t.told()
        assert scene.sidebar.instructions()[0] == "Ann: turn done"
        frames += 1
        assert frames < 1000, "the turn was never confirmed"
        tick(app)
    assert frames * FRAME >= AUTO_CONFIRM_MS
    assert scene.table.work is None and len(scene.table.actions) == 1
    t.step()
    assert t.banners == ["Snorebert's turn"]
    assert t.told()[:len(start) + len(lines)] == start + lines
    assert t.told().count("Snorebert's turn (turn 2)") == 1


def test_undo_while_pending_leaves_no_trace_of_the_next_turn(app: App) -> None:
    t = Table(app, (ANN, BOT, BO))
    scene = t.scene
    start = t.told()
    t.search()
    t.settle()
    t.step(30)
    scene.undo()
    assert scene.table.work is None and t.told() == start
    t.step(120)
    assert t.told() == start and scene.table.acting_human() == 0 and not scene.table.actions
    assert "Snorebert's turn" not in t.banners
    _, lines = t.search()  # the same turn again, confirmed at once while its markers drop
    scene.confirm()
    t.settle()
    assert t.banners.count("Snorebert's turn") == 1
    assert t.told()[:len(start) + len(lines)] == start + lines
    assert t.told().count("Snorebert's turn (turn 2)") == 1


def test_with_instant_animations_the_next_turn_comes_with_the_confirm(app: App) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    t = Table(app, (ANN, BO))
    scene = t.scene
    start = t.told()
    _, lines = t.search()
    t.step(5)
    assert [line.text for line in scene.log.lines] == start + lines[:-1] and not scene.log.waiting
    scene.confirm()
    t.step()
    assert [line.text for line in scene.log.lines] == start + lines and not scene.log.waiting
    t.hand_over()
    t.step()
    assert t.banners.count("Bo, your turn") == 1 and scene.table.acting_human() == 1
