"""A human's final turn that ends the game, while it waits for Confirm (hot-seat) or for the solo
auto-confirm, does not yet tell the game's end: no "Game over!" banner, no fanfare, no "Game over: ..."
log line, no result screen. They come once, when the turn is confirmed, and the result screen follows;
an Undo before that leaves no trace of them."""
from __future__ import annotations

import dataclasses

from arzium.match import AUTO_CONFIRM_MS
from arzium.rules.actions import Action, Search
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.events import ArtifactRowRefilled, CardReplaced
from arzium.rules.state import GameState, SeatSetup, Setup, clone
from arzium.scenes.catalog import played
from arzium.scenes.flow import play_scene
from arzium.scenes.result import ResultScene
from common.engine.app import App
from helpers import run, tick
from table_spy import ANN, BO, BOT, FRAME, record_table


def last_turn(seats: tuple[SeatSetup, SeatSetup], seed: int) -> tuple[GameState, list[Action], Search]:
    """Greedy play up to seat 1's turn that closes the final round, and a search there that ends the game
    without drawing from a pile (so it stays undoable)."""
    state, actions = played(Setup(seats, False, 0), seed,
                            lambda s: s.final_round and current_player(s) == 1 and s.phase == "start")
    assert not is_over(state) and current_player(state) == 1 and state.order[-1] == 1
    for action in legal_actions(state):
        after = clone(state)
        events = apply(after, action)
        if type(action) is Search and is_over(after) and not any(
                (type(e) is CardReplaced and e.card) or (type(e) is ArtifactRowRefilled and e.artifact)
                for e in events):
            return state, actions, action
    raise AssertionError("no undoable game-ending search")


class Table:
    """A play scene at the human's last turn, with every banner announced and every sound played recorded."""

    def __init__(self, app: App, seats: tuple[SeatSetup, SeatSetup], seed: int) -> None:
        self.app = app
        state, self.actions, self.final = last_turn(seats, seed)
        self.scene = play_scene(app, state, self.actions, autosave=False)
        self.banners, self.sounds = record_table(app, self.scene)
        self.step()
        self.start = self.told()

    def step(self, frames: int = 1) -> None:
        """`frames` frames; only the last is drawn."""
        run(self.app, frames)

    def told(self) -> list[str]:
        """Every log line, on show or waiting for the timeline."""
        return [line.text for line in self.scene.log.lines + self.scene.log.waiting]

    def game_over_told(self) -> int:
        return sum(text.startswith("Game over") for text in self.told())

    def play_final(self) -> None:
        assert self.scene.act(self.final) and self.scene.table.awaiting_confirm and is_over(self.scene.table.work)

    def assert_untold(self) -> None:
        """Nothing of the game's end is on show or on its way, and the table is still up."""
        assert "Game over!" not in self.banners and "fanfare" not in self.sounds
        assert self.game_over_told() == 0 and self.app.stack.top is self.scene

    def end_once(self) -> ResultScene:
        """The confirmed end: told once on the table, then the result screen (with its own fanfare)."""
        scene = self.scene
        for _ in range(3000):
            if self.app.stack.top is not scene:
                break
            assert self.banners.count("Game over!") <= 1 and self.sounds.count("fanfare") <= 1
            tick(self.app)
        result = self.app.stack.top
        assert isinstance(result, ResultScene)
        assert self.banners.count("Game over!") == 1 and self.game_over_told() == 1
        assert self.sounds.count("fanfare") == 2 and self.sounds[-1] == "fanfare"  # the table's, the result's
        assert is_over(scene.table.state) and scene.table.actions == self.actions + [self.final]
        assert result.state is scene.table.state
        return result


def test_hot_seat_the_games_end_waits_for_confirm_and_undo_leaves_no_trace(app: App) -> None:
    t = Table(app, (BO, ANN), seed=8)
    scene = t.scene
    t.play_final()
    t.step(round(AUTO_CONFIRM_MS * 3 / FRAME))  # the search shown, then a long wait: no confirmation by itself
    assert not scene.timeline.busy and scene.table.awaiting_confirm
    t.assert_untold()
    assert scene.sidebar.instructions() == ("Ann: confirm your turn",
                                    "Confirm to pass play on, or Undo to take your last action back.")
    scene.undo()
    assert scene.table.work is None and not scene.table.next_turn and t.told() == t.start
    t.step(120)
    t.assert_untold()
    assert t.told() == t.start and scene.table.acting_human() == 1 and not is_over(scene.table.state)
    t.play_final()  # the same turn again, confirmed while its markers drop
    t.step(3)
    t.assert_untold()
    scene.confirm()
    t.end_once()


def test_solo_the_games_end_comes_with_the_auto_confirm(app: App) -> None:
    t = Table(app, (BOT, ANN), seed=9)
    scene = t.scene
    t.play_final()
    frames = 0
    while scene.table.awaiting_confirm:
        t.assert_untold()
        assert scene.sidebar.instructions()[0] == "Ann: turn done"
        frames += 1
        assert frames < 1000, "the turn was never confirmed"
        tick(app)
    assert frames * FRAME >= AUTO_CONFIRM_MS and scene.table.work is None
    t.end_once()


def test_with_instant_animations_the_games_end_comes_with_the_confirm(app: App) -> None:
    app.settings = dataclasses.replace(app.settings, animation_speed=0.0)
    t = Table(app, (BO, ANN), seed=3)
    t.play_final()
    t.step(5)
    t.assert_untold()
    t.scene.confirm()
    t.step()
    assert isinstance(app.stack.top, ResultScene)  # told and shown at once
    t.end_once()
