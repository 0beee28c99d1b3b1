"""The tutorial's coach: a panel with the step's words, Next and Leave, rings around what to use, and a short
"not quite" line after a wrong action. Game-neutral: a game's tutorial scene owns one and gives it a place.

Keys: Enter is Next (explain-only steps), Esc asks whether to leave the tutorial. Clicks on the panel's
buttons are taken; every other event is left to the game (so its own keys and clicks still work). What the
coach wants of its scene (show the next step, ask about leaving) it keeps as `CoachAsks` for the scene to take.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from common.data.i18n import _
from common.data.outbox import Outbox
from common.engine import text
from common.engine.layers import Part
from common.tutorials.steps import Script
from common.ui.dialog import Dialog
from common.ui.widget_parts import app_look, group_parts
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

WRONG_MS = 6000  # how long a "not quite" line stays
RING = (255, 200, 40)
WRONG = (190, 40, 24)
TODO = (28, 96, 44)

A = TypeVar("A")  # the tutorial's actions


class CoachAsks(Enum):
    """What the coach asks of its tutorial scene (taken from `Coach.asks` after each event it is given)."""

    NEXT = "Next moved the script on: the scene shows the new step"
    LEAVE = "Esc or Leave tutorial: the scene asks whether to leave (`leave_dialog`)"


def leave_dialog(app: App, leave: Callable[[], None]) -> Dialog:
    """'Leave the tutorial?', `leave` on its Leave button."""
    return Dialog(app, _("Leave the tutorial?"),
                  _("You can come back to this step later: Learn to play in the main menu."),
                  [(_("Leave"), leave), (_("Stay"), lambda: None)])


class Coach(Generic[A]):
    """The coach panel of one tutorial `script`."""

    def __init__(self, app: App, script: Script[A]) -> None:
        self.app = app
        self.script = script
        self.asks: Outbox[CoachAsks] = Outbox()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.highlights: list[pygame.Rect] = []
        self.wrong_why: str | None = None
        self.wrong_at = 0.0
        self.now = 0.0
        self._build()

    def _build(self) -> None:
        """The buttons in the current language (again after a language change)."""
        self.next_button = Button(_("Next"), self.next, _("On to the next step (Enter)"), font=20)
        self.leave_button = Button(_("Leave tutorial"), self.ask_leave, _("Leave now; resume here later (Esc)"),
                                   font=18, sound="ui_back")
        self.group = WidgetGroup(self.app, [])
        self.layout(self.rect)

    def retranslate(self) -> None:
        self._build()

    # ---- place ---------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Put the panel in `rect` (window coordinates); its buttons go along its bottom."""
        app = self.app
        self.rect = pygame.Rect(rect)
        pad, bh, gap = app.px(14), app.px(40), app.px(10)
        waits = self.script.step.waits or self.script.finished
        inner = self.rect.w - 2 * pad
        y = self.rect.bottom - pad - bh
        if waits:
            self.leave_button.rect = pygame.Rect(self.rect.left + pad, y, inner, bh)
        else:
            half = (inner - gap) // 2
            self.leave_button.rect = pygame.Rect(self.rect.left + pad, y, half, bh)
            self.next_button.rect = pygame.Rect(self.rect.right - pad - half, y, half, bh)
        widgets = [self.leave_button] if waits else [self.leave_button, self.next_button]
        if self.group.widgets != widgets:
            self.group = WidgetGroup(app, widgets)

    def set_highlights(self, rects: Sequence[pygame.Rect]) -> None:
        """Rectangles to ring (the card or timer the step wants used); [] for none."""
        self.highlights = [pygame.Rect(r) for r in rects]

    # ---- what happens ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """The script moved on (or back): new words, the buttons of the new step, no old "not quite"."""
        self.wrong_why = None
        self.layout(self.rect)

    def next(self) -> None:
        """Next (button or Enter) on an explain-only step."""
        if self.script.next():
            self.refresh()
            self.asks.put(CoachAsks.NEXT)

    def say_wrong(self, why: str) -> None:
        """Show "Not quite: <why>" for a while (the action was not applied; the step stays)."""
        self.wrong_why, self.wrong_at = why, self.now
        self.app.sounds.play("ui_error")

    def ask_leave(self) -> None:
        """Esc or the Leave button: the scene is asked to ask first."""
        self.asks.put(CoachAsks.LEAVE)

    def handle(self, event: pygame.event.Event) -> bool:
        """The coach's keys and its buttons' clicks; True if the event was used."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.script.finished or self.script.step.waits:
                return False
            self.next()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.group.handle(event)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.group.handle(event)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.group.handle(event)
        return False

    def update(self, dt_ms: float) -> None:
        self.now += dt_ms
        self.group.update(dt_ms)
        if self.wrong_why is not None and self.now - self.wrong_at > WRONG_MS:
            self.wrong_why = None

    # ---- drawing -----------------------------------------------------------------------------------
    def _texts(self) -> tuple[str, str, str, str, str | None, str]:
        """The counter, title, body, what to do, the "not quite" line and the keys line, in the current language."""
        script = self.script
        step = script.step
        counter = _("Tutorial · step {k} of {n}").format(k=min(script.index + 1, script.count), n=script.count)
        wrong = _("Not quite: {why}").format(why=self.wrong_why) if self.wrong_why else None
        todo = _(step.todo) if step.todo else ""
        keys = _("Your move, on the board  ·  Esc: leave") if step.waits else _("Enter: next step  ·  Esc: leave")
        return counter, _(step.title), _(step.body), todo, wrong, keys

    def _panel_key(self) -> tuple[object, ...]:
        return (tuple(self.rect), self._texts(), self.script.step.waits, app_look(self.app))

    def parts(self) -> list[Part]:
        """The highlight rings (moving), the panel (cached while its words stay) and its buttons."""
        parts = [Part(r.inflate(self.app.px(40), self.app.px(40)), None, partial(self._draw_ring, rect=r))
                 for r in self.highlights]
        if self.rect.w > 0:
            parts.append(Part(self.rect, self._panel_key(), self._draw_panel))
            parts += group_parts(self.group)
        return parts

    def draw(self, surface: pygame.Surface) -> None:
        """Paint every part (for scenes drawn without parts)."""
        for part in self.parts():
            clip = surface.get_clip()
            surface.set_clip(part.rect.clip(clip))
            part.paint(surface)
            surface.set_clip(clip)

    def _draw_ring(self, surface: pygame.Surface, *, rect: pygame.Rect) -> None:
        app = self.app
        pulse = 0.5 + 0.5 * math.sin(self.now / 140)
        box = rect.inflate(app.px(10 + 10 * pulse), app.px(10 + 10 * pulse))
        width = max(3, app.px(6))
        radius = app.px(14)
        pygame.draw.rect(surface, (30, 18, 8), box.inflate(6, 6), width + 6, border_radius=radius + 3)
        pygame.draw.rect(surface, RING, box, width, border_radius=radius)
        pygame.draw.rect(surface, (255, 255, 235), box.inflate(-width, -width), max(1, width // 3),
                         border_radius=max(1, radius - width // 2))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        app = self.app
        r = self.rect
        surface.blit(app.sprites.nine_slice("ui/panel", r.size), r)
        counter, title, body, todo, wrong, keys = self._texts()
        pad = app.px(18)
        left, width = r.left + pad, r.w - 2 * pad
        small = text.fit_px(keys, app.font_px(16), width)
        bottom = self.leave_button.rect.top - app.px(10) - text.font(small).get_linesize()
        text.draw_text(surface, keys, small, app.theme.muted, (r.centerx, bottom + app.px(4)), "midtop")
        y = r.top + pad
        counter_px = text.fit_px(counter, app.font_px(16), width)
        text.draw_text(surface, counter, counter_px, app.theme.muted, (left, y))
        y += text.font(counter_px).get_linesize() + app.px(2)
        title_lines = text.wrap_balanced(title, app.font_px(32), width, bold=True)
        tlh = text.font(app.font_px(32), True).get_linesize()
        for line in title_lines:
            text.draw_text(surface, line, app.font_px(32), app.theme.text, (left, y), bold=True)
            y += tlh
        y += app.px(8)
        px = app.font_px(26)
        while True:  # the body, what to do and the "not quite" line shrink together until they fit
            lh = text.font(px).get_linesize()
            lines = text.wrap(body, px, width)
            todo_lines = text.wrap(todo, px, width, bold=True) if todo else []
            bad = text.wrap(wrong, px, width, bold=True) if wrong else []
            gap = app.px(12)
            need = lh * (len(lines) + len(todo_lines) + len(bad)) + gap * (bool(todo_lines) + bool(bad))
            if y + need <= bottom or px <= 11:
                break
            px -= 1
        for line in lines:
            text.draw_text(surface, line, px, app.theme.text, (left, y))
            y += lh
        if todo_lines:
            y += gap
            for line in todo_lines:
                text.draw_text(surface, line, px, TODO, (left, y), bold=True)
                y += lh
        if bad:
            y = max(y + gap, bottom - app.px(6) - lh * len(bad))
            for line in bad:
                text.draw_text(surface, line, px, WRONG, (left, y), bold=True)
                y += lh
