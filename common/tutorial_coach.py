"""The tutorial's coach: a panel with the step's words, Next and Leave, rings around what to use, and a short
"not quite" line after a wrong action. Game-neutral: a game's tutorial scene owns one and gives it a place.

Keys: Enter is Next (explain-only steps), Esc asks whether to leave the tutorial. Clicks on the panel's
buttons are taken; every other event is left to the game (so its own keys and clicks still work).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from common import text
from common.i18n import _
from common.layers import Part
from common.tutorial import Script
from common.widget_parts import app_look, group_parts
from common.widgets import Button, Dialog, WidgetGroup

if TYPE_CHECKING:
    from common.app import App

WRONG_MS = 6000  # how long a "not quite" line stays
RING = (255, 214, 90)
WRONG = (190, 40, 24)


class Coach:
    """The coach panel of one tutorial `script`; `on_next` after Next, `on_leave` when the player leaves."""

    def __init__(self, app: App, script: Script[Any], on_next: Callable[[], None],
                 on_leave: Callable[[], None]) -> None:
        self.app = app
        self.script = script
        self.on_next = on_next
        self.on_leave = on_leave
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
            self.on_next()

    def say_wrong(self, why: str) -> None:
        """Show "Not quite: <why>" for a while (the action was not applied; the step stays)."""
        self.wrong_why, self.wrong_at = why, self.now
        self.app.sounds.play("ui_error")

    def ask_leave(self) -> None:
        """Esc or the Leave button: a dialog asks first."""
        self.app.push(Dialog(self.app, _("Leave the tutorial?"),
                             _("You can come back to this step later: Learn to play in the main menu."),
                             [(_("Leave"), self.on_leave), (_("Stay"), lambda: None)]))

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
    def _texts(self) -> tuple[str, str, str, str | None]:
        script = self.script
        counter = _("Tutorial · step {k} of {n}").format(k=min(script.index + 1, script.count), n=script.count)
        wrong = _("Not quite: {why}").format(why=self.wrong_why) if self.wrong_why else None
        return counter, _(script.step.title), _(script.step.body), wrong

    def _panel_key(self) -> tuple[Any, ...]:
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
        grow = app.px(8 + 8 * pulse)
        box = rect.inflate(grow, grow)
        width = max(3, app.px(5))
        pygame.draw.rect(surface, (30, 18, 8), box.inflate(4, 4), width + 4, border_radius=app.px(14))
        pygame.draw.rect(surface, RING, box, width, border_radius=app.px(12))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        app = self.app
        r = self.rect
        surface.blit(app.sprites.nine_slice("ui/panel", r.size), r)
        counter, title, body, wrong = self._texts()
        pad = app.px(16)
        width = r.w - 2 * pad
        bottom = self.leave_button.rect.top - app.px(8)
        y = r.top + pad
        small = text.fit_px(counter, app.font_px(16), width)
        text.draw_text(surface, counter, small, app.theme.muted, (r.left + pad, y))
        y += text.font(small).get_linesize() + app.px(2)
        title_px = text.fit_px(title, app.font_px(24), width, bold=True)
        text.draw_text(surface, title, title_px, app.theme.text, (r.left + pad, y), bold=True)
        y += text.font(title_px, True).get_linesize() + app.px(6)
        px = app.font_px(20)
        while True:  # the body (and the "not quite" line) shrink until they fit above the buttons
            lines = text.wrap(body, px, width)
            bad = text.wrap(wrong, px, width, bold=True) if wrong else []
            lh = text.font(px).get_linesize()
            need = lh * len(lines) + (lh * len(bad) + app.px(8) if bad else 0)
            if y + need <= bottom or px <= 11:
                break
            px -= 1
        for line in lines:
            text.draw_text(surface, line, px, app.theme.text, (r.left + pad, y))
            y += lh
        if bad:
            y = bottom - lh * len(bad)
            for line in bad:
                text.draw_text(surface, line, px, WRONG, (r.left + pad, y), bold=True)
                y += lh
