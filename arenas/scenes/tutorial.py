"""The Arenas tutorial: the real play scene on the tutorial's positions, with the coach in a column at the right.

While a step is shown the rules clock stands still (the scene does not step the run); after the right action
the sand flows for `REACT_MS` while the board shows what the card did, then the next step comes. A wrong
action is not applied: the coach says what it would have done and the step stays. The last lesson is a short
level played for real, the sand running. Each step shown is saved, so Learn to play can resume there.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, assert_never

import pygame

from arenas.match import Phase
from arenas.rules.actions import Action, PlayWild, WildMode
from arenas.rules.preview import preview
from arenas.rules.state import GameState
from arenas.scenes.ending import failure_text, lesson_text
from arenas.scenes.play import PlayScene, Point
from arenas.scenes.tutorial_steps import REACT_MS, SPECS, StepSpec, free_index, lesson_of, position
from arenas.session import GameSetup, RunRecord
from arenas.wording import and_list, card_name, timer_code
from common.data.i18n import N_, _
from common.engine.layers import Part
from common.games import GAMES
from common.tutorials.coach import Coach, CoachAsks, leave_dialog
from common.tutorials.launch import to_setup_screen
from common.tutorials.progress import update_progress
from common.tutorials.steps import OK, Script, Step, Verdict, wrong
from common.ui.dialog import Dialog
from common.ui.widget_parts import app_look

if TYPE_CHECKING:
    from common.engine.app import App

GAME = "arenas"
COLUMN_PX = 380  # the coach's column at 1280x720 (scaled)
COLUMN_MIN_SHARE = 0.3


def tutorial_scene(app: App, step: int) -> TutorialScene:
    """The tutorial at step `step` (0: the start; a step past the end starts again)."""
    return TutorialScene(app, step if 0 <= step < len(SPECS) else 0)


def consequence(state: GameState, action: Action) -> str:
    """What `action` would do, in words, from the rules' preview (for a "not quite" line)."""
    turns = preview(state, action)
    played = state.hands[action.player][action.hand_index]
    if isinstance(action, PlayWild):
        timer = timer_code(action.timer)
        said = (_("the Wild card would recover {timer}") if action.mode == WildMode.RECOVER
                else _("the Wild card would turn {timer}")).format(timer=timer)
    elif not turns:
        return _("{card} matches no timer: it would do nothing").format(card=card_name(played))
    else:
        said = _("{card} would turn {timers}").format(card=card_name(played),
                                                      timers=and_list([timer_code(t.timer) for t in turns]))
    empty = [timer_code(t.timer) for t in turns if t.empties]
    if empty:
        said = _("{what}, and {timers} would be empty at once").format(what=said, timers=and_list(empty))
    return said


class TutorialScene(PlayScene):
    """The play scene on step `index`'s position, its input checked by the step, its clock held by the coach."""

    title = "Arenas Movedizas"
    over_prompt = N_("On in {seconds} s  ·  Enter goes on now")

    def __init__(self, app: App, index: int, note: str | None = None, keep_progress: bool = True) -> None:
        self.index = index
        self.keep_progress = keep_progress  # False for the tools' pictures: the player's progress stays as it is
        self.lesson, self.first = lesson_of(index)
        state = position(index)
        state.players = [_("You")]
        setup = GameSetup(state.level, tuple(state.players), counts=False)
        super().__init__(app, setup, self._over, state, countdown=False)
        self.script: Script[Action] = Script([self._step(s) for s in SPECS], index)
        self.coach = Coach(app, self.script)
        self.reacting = 0  # ms of sand still to flow after a right action
        self.column = pygame.Rect(0, 0, 0, 0)
        self.over_seen = False  # the end of a run was taken in (the play scene reports it every frame after)
        if note is not None:
            self.coach.say_wrong(note)
        self._shown()

    def _step(self, spec: StepSpec) -> Step[Action]:
        if spec.free:
            return Step(spec.id, spec.title, spec.body, lambda action: OK, spec.todo)
        if spec.right is None:
            return Step(spec.id, spec.title, spec.body)
        return Step(spec.id, spec.title, spec.body, partial(self._check, spec), spec.todo)

    def _check(self, spec: StepSpec, action: Action) -> Verdict:
        if action == spec.right:
            return OK
        return wrong(_("{what}. {todo}").format(what=consequence(self.run.state, action), todo=_(spec.todo)))

    @property
    def spec(self) -> StepSpec:
        return SPECS[min(self.script.index, len(SPECS) - 1)]

    # ---- the clock -----------------------------------------------------------------------------
    def holding(self) -> bool:
        """True while the sand stands still: a step is shown and no card's effect is being watched."""
        return not self.spec.free and self.reacting <= 0

    def fixed_update(self, step_ms: int) -> None:
        if self.holding():
            return
        super().fixed_update(step_ms)
        if self.reacting > 0:
            self.reacting -= step_ms
            if self.reacting <= 0 and self.run.phase != Phase.OVER:
                self._next_step()

    # ---- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.reacting > 0 and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return True  # the board is showing what the card did
        used = self.coach.handle(event)
        for ask in self.coach.asks.take():
            match ask:
                case CoachAsks.NEXT:
                    self._shown()
                case CoachAsks.LEAVE:
                    self.app.push(leave_dialog(self.app, self.leave_game))
                case _:
                    assert_never(ask)
        return used or super().handle(event)

    def apply(self, action: Action, pos: Point | None) -> None:
        """A card the player tries: the step decides; a wrong one is explained and not played."""
        step = self.script.step
        if self.spec.free or self.run.phase == Phase.OVER:
            super().apply(action, pos)
            return
        verdict = step.check(action) if step.check is not None else self.script.attempt(action)
        if not verdict.ok:
            self.wild = None
            self.coach.say_wrong(verdict.why or "")
            return
        super().apply(action, pos)
        self.coach.set_highlights([])
        self.reacting = REACT_MS

    def hint_blocker(self) -> str | None:
        return _("No hints in the tutorial: the panel on the right shows what to do")

    @property
    def rules_game(self) -> str | None:  # type: ignore[override]
        """F1 opens the rules at any time: the sand waits for the tutorial anyway."""
        return "arenas"

    def pause(self) -> None:
        """A dialog or the rules over the tutorial: only the hiss stops (there is no pause to mark)."""
        self._stop_hiss()

    def resume(self) -> None:
        self.app.fixed_clock.reset()
        self._start_hiss()

    def _start_hiss(self) -> None:
        """The sand's hiss only while the sand runs for real (the level played at the end)."""
        if self.spec.free:
            super()._start_hiss()

    # ---- steps -----------------------------------------------------------------------------------
    def _shown(self) -> None:
        """A step is shown (at the start or after Next): saved; a step of another lesson gets its own board."""
        index = self.script.index
        if self.script.finished:
            self._finish()
            return
        if lesson_of(index)[1] != self.first:
            self.app.replace(TutorialScene(self.app, index, keep_progress=self.keep_progress))
            return
        if self.keep_progress:
            problem = update_progress(GAME, step=index, step_id=self.spec.id, offered=True)
            if problem is not None:
                self.app.toast(problem)
        self._start_hiss()

    def _next_step(self) -> None:
        """The right action's effect has been seen: on to the next step."""
        self.reacting = 0
        self.script.index += 1
        self.coach.refresh()
        self._shown()

    def _over(self, setup: GameSetup, state: GameState, record: RunRecord, watched: bool) -> None:
        """The run was won or lost: the lesson goes on (the real level starts again after a loss)."""
        if self.over_seen:
            return
        self.over_seen = True
        if self.spec.free and state.result != "won":
            why = ". ".join(line for line in (failure_text(state), lesson_text(state)) if line)
            self.app.push(Dialog(self.app, _("The sand won this time"), why,
                                 [(_("Leave the tutorial"), self.leave_game), (_("Try again"), self._again)]))
            return
        self._next_step()

    def _again(self) -> None:
        """The real level lost: played again from its start (Try again, or Esc)."""
        self.app.replace(TutorialScene(self.app, free_index(), keep_progress=self.keep_progress))

    def _finish(self) -> None:
        if self.keep_progress:
            problem = update_progress(GAME, step=0, step_id="", finished=True, offered=True)
            if problem is not None:
                self.app.toast(problem)
        self.app.toast(_("Tutorial complete: you are ready for level 1"))
        self.leave_game()
        to_setup_screen(self.app, GAMES[GAME])

    # ---- layout and drawing ----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        column = min(self.app.px(COLUMN_PX), round(w * COLUMN_MIN_SHARE * 1.2))
        super().layout((w - column, h))
        self.column = pygame.Rect(w - column, 0, column, h)
        pad = self.app.px(10)
        self.coach.layout(self.column.inflate(-2 * pad, -2 * pad))

    def retranslate(self) -> None:
        super().retranslate()
        self.coach.retranslate()

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.coach.update(dt_ms)
        self.coach.set_highlights([] if self.reacting > 0 or self.ended_at is not None else self._rings())

    def _rings(self) -> list[pygame.Rect]:
        """The window rectangles of what the step rings: a card, a timer, the danger zone."""
        if self.board is None or self.table is None:
            return []
        spec, state, geo = self.spec, self.run.state, self.board.geo
        wants_card = any(kind == "card" for kind, _name in spec.rings)
        out = []
        for kind, name in spec.rings:
            if kind == "card" and (self.wild is None or spec.right is None):
                hand = state.hands[state.active]
                rects = self.table.card_rects(state.active, len(hand))
                out += [rects[i] for i, c in enumerate(hand) if c.name == name][:1]
            elif kind == "timer" and (not wants_card or self.wild is not None) and name in state.timers:
                centre, _tilt = self.drawn_place(name)
                lost = state.timers[name].lost
                r = geo.glass_rect(centre, geo.lost_scale if lost else 1.0)
                tag = round(r.h * 0.22)  # the name tag above the glass is inside the ring too
                out.append(pygame.Rect(round(r.left), round(r.top) - tag, round(r.w), round(r.h) + tag))
            elif kind == "zone":
                s = round(geo.s)
                gears = [pygame.Rect(0, 0, s, s).move(round(x - s / 2), round(y - s / 2))
                         for x, y in geo.gears[state.level.deactivator:]]
                out.append(gears[0].unionall(gears[1:]))
        return out

    def frame_parts(self) -> list[Part] | None:
        parts = super().frame_parts() or []
        column = self.column
        look = (tuple(column), app_look(self.app))
        parts.insert(0, Part(column, look, lambda surface: surface.fill((30, 19, 12), column), opaque=True))
        return parts + self.coach.parts()
