"""The Arzium tutorial: the real table (`PlayScene`) playing the guided game of `tutorial_script`, with the
coach (`common.tutorials.coach`) beside the map telling the steps of `tutorial_steps`.

Every action the player tries goes through the step on show: the right one is played, any other is not
applied and the coach says why (the step repeats). The scripted rival acts only once the coach has said
what comes before its move; the coach appears when the table is at the step's place in the game and the
animations are done. Leaving keeps the step reached (the tutorial progress file); resuming rebuilds the
game up to that step. Hints show the step's move; Undo takes the step back with it.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, assert_never

import pygame

from arzium.match import Match
from arzium.rules.actions import Action, Bid
from arzium.rules.board import SIZE
from arzium.rules.cards import CardSet
from arzium.rules.engine import apply
from arzium.rules.state import GameState
from arzium.scenes.bid_table import BidTable
from arzium.scenes.flow import ask_bid
from arzium.scenes.hints import HintDesk
from arzium.scenes.log_panel import describe
from arzium.scenes.play import PlayScene
from arzium.scenes.tutorial_script import RIVAL, SCRIPTS, YOU, ScriptedController, first_position, position
from arzium.scenes.tutorial_steps import LESSONS, STEPS, lesson_of, waiting_step
from common.data.i18n import _
from common.engine.layers import Part
from common.games import GAMES
from common.tutorials.coach import Coach, CoachAsks, leave_dialog
from common.tutorials.launch import to_setup_screen
from common.tutorials.progress import update_progress
from common.tutorials.steps import Script

if TYPE_CHECKING:
    from common.engine.app import App

GAME = "arzium"


def tutorial_scene(app: App, step: int) -> TutorialScene:
    """The tutorial at step `step` (0: the start), for `common.games`."""
    return TutorialScene(app, step)


class TutorialHints(HintDesk):
    """Hints in the tutorial: the move the step on show waits for, at once (no bot is asked)."""

    def __init__(self, app: App, table: Match, cards: CardSet, colours: list[str], script: Script[Action]) -> None:
        super().__init__(app, table, cards, colours)
        self.script = script
        self.coach_on = False  # whether the coach shows its step (the scene tells it every frame)

    def expected(self) -> Action | None:
        """The action the step on show waits for (None on an explain-only step)."""
        if not self.coach_on or not self.script.step.waits:
            return None
        return lesson_of(self.script.index).action

    def request(self) -> None:
        action = self.expected()
        if action is None or self.table.acting_human() is None:
            self.app.toast(_("No hint now: read the note, then press Next"))
            return
        if self.hint is not None and self.hint.key == self.table.position():
            self.hint = None
            return
        self.show(action)


class TutorialScene(PlayScene):
    """The guided game at the table, with the coach."""

    hints: TutorialHints

    def __init__(self, app: App, step: int, keep_progress: bool = True) -> None:
        self.keep_progress = keep_progress  # False for the tools' pictures: the player's progress stays as it is
        self.script: Script[Action] = Script(STEPS, step)
        lesson = lesson_of(self.script.index)
        self.offset, self.part = lesson.at, lesson.part  # the part of the tutorial this table plays
        self.actions = SCRIPTS[self.part]
        super().__init__(app, position(self.offset, _("You"), self.part), self._game_over, self._ask_bid,
                         autosave=False)
        stops = [(lesson.part, lesson.at) for lesson in LESSONS]
        self.table.controllers[RIVAL] = ScriptedController(self.offset, self.script, stops, self.part, self.actions)
        past = first_position(self.part, _("You"))
        for action in self.actions[:self.offset]:  # a resumed tutorial: the log tells the game so far
            self.log.add(describe(apply(past, action), past.setup, self.cards, past.turn))
        self.coach = Coach(app, self.script)
        self.shown_step = -1  # the step whose coach panel is on show (it stays until the step changes)
        self.coach_on = False
        self._save()

    # -- where the tutorial is ----------------------------------------------------------------

    def played(self) -> int:
        """How many actions of the script the table has played (its turn in progress included)."""
        return self.offset + len(self.table.actions) + len(self.table.pending)

    def _coach_ready(self) -> bool:
        """Whether the coach shows its step now: the game is at the step's place and at rest."""
        if self.script.index == self.shown_step:
            return True
        lesson = lesson_of(self.script.index)
        if lesson.part != self.part or self.played() != lesson.at or self.timeline.busy or self.board_view.turning:
            return False
        self.shown_step = self.script.index
        self.coach.refresh()
        return True

    def _save(self) -> None:
        if not self.keep_progress:
            return
        if self.script.finished:
            problem = update_progress(GAME, finished=True, step=0, step_id="", offered=True)
        else:
            problem = update_progress(GAME, step=self.script.index, step_id=self.script.step.id)
        if problem is not None:
            self.app.toast(problem)

    def _moved_on(self) -> None:
        """Next was pressed on an explain-only step (the next part of the tutorial plays at a new table)."""
        self._save()
        if self.script.finished:
            self.app.pop()
            to_setup_screen(self.app, GAMES[GAME])
        elif lesson_of(self.script.index).part != self.part:
            self.app.replace(TutorialScene(self.app, self.script.index, self.keep_progress))

    def _quit(self) -> None:
        self.app.pop()

    def make_hints(self) -> TutorialHints:
        return TutorialHints(self.app, self.table, self.cards, self.colours, self.script)

    def _ask_bid(self, table: BidTable) -> None:
        """The bid window opens once the coach waits for the bid (not over the steps that explain the tie)."""
        if self.coach_on and self.script.step.waits:
            ask_bid(self.app, dataclasses.replace(table, keep_clear=(self.coach.rect,)))  # the coach stays in sight

    def _game_over(self, final: GameState, replay_path: str | None, watching: bool, assisted: bool) -> None:
        """The guided game is over: the coach's last steps say the score (no result screen, no records)."""

    # -- the player's moves, through the step on show --------------------------------------------

    def act(self, action: Action) -> bool:
        if self.table.acting_human() is None or not self.coach_on:
            return False
        verdict = self.script.attempt(action)
        if not verdict.ok:
            self.coach.say_wrong(verdict.why or "")
            return False
        if not super().act(action):  # the script's own action is always legal: a safeguard
            self.script.index -= 1
            return False
        self.coach.refresh()
        self._save()
        return True

    def undo(self) -> None:
        before = self.played()
        super().undo()
        step = waiting_step(self.played(), self.part)
        if self.played() < before and step is not None:
            self.script.index = self.shown_step = step
            self.coach.refresh()
            self._save()

    def open_menu(self) -> None:
        self.app.push(leave_dialog(self.app, self._quit))

    # -- frame -------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if self.coach_on:
            used = self.coach.handle(event)
            for ask in self.coach.asks.take():
                match ask:
                    case CoachAsks.NEXT:
                        self._moved_on()
                    case CoachAsks.LEAVE:
                        self.open_menu()
                    case _:
                        assert_never(ask)
            if used:
                return True
        return super().handle(event)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._place_coach()

    def _place_coach(self) -> None:
        """Beside the map; over the move log while the bid window (which covers the map's sides) is open."""
        bidding = self.script.step.waits and isinstance(lesson_of(self.script.index).action, Bid)
        rect = self.log.rect if bidding else self.view.strips["right"]
        if rect != self.coach.rect:
            self.coach.layout(rect)

    def retranslate(self) -> None:
        super().retranslate()
        self.coach.retranslate()

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.coach_on = self.hints.coach_on = self._coach_ready()
        self._place_coach()
        self.coach.update(dt_ms)
        self.coach.set_highlights(self._rings() if self.coach_on else [])

    def _rings(self) -> list[pygame.Rect]:
        """The screen rectangles the step rings (its board squares are shown as a hint ghost instead)."""
        marks = lesson_of(self.script.index).marks
        shown = self.shown
        rings: list[pygame.Rect] = []
        for p, card in marks.cards:
            if card in shown.cards[p]:  # the card with its name plate, so the ring crosses no name
                i = shown.cards[p].index(card)
                plate = self.parties[p].name_plate(shown, i)[0]
                rings.append(self.parties[p].card_rect(shown, i).union(plate).inflate(self.app.px(12), self.app.px(12)))
        for p, art in marks.artifacts:
            if art in shown.artifacts[p]:
                rings.append(self.parties[p].artifact_rect(shown, shown.artifacts[p].index(art)))
        for art in marks.row:
            if art in shown.art_row:
                rings.append(self.sidebar.row_rects[shown.art_row.index(art)])
        buttons = {"rest": self.sidebar.rest_btn}
        for name in marks.buttons:
            button = buttons[name]
            if button in self.group.widgets:
                rings.append(button.rect)
        rings += [self.parties[p].rect.inflate(-self.app.px(12), -self.app.px(12)) for p in marks.parties]
        for p in marks.coins:  # the purse and the count right of it
            purse = pygame.Rect(0, 0, self.app.px(62), self.app.px(34))
            purse.midleft = self.parties[p].purse_center(shown)
            rings.append(purse.move(-self.app.px(17), 0))
        rings += [self.board_view.cell_rect(*divmod(sq, SIZE)) for sq in marks.rings]
        return rings

    def frame_parts(self) -> list[Part] | None:
        if not self.coach_on:
            return self.view.parts(self.moment())
        parts: list[Part] = []
        squares = lesson_of(self.script.index).marks.squares
        if squares:
            cells = [(sq // SIZE, sq % SIZE, kind) for sq, kind in squares]
            parts.append(self.board_view.ghost_part(cells, self.colours[YOU], hint=True))
        return self.view.parts(self.moment(), parts + self.coach.parts())
