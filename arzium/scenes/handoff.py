"""The hand-off between two human seats on one screen: the table darkened under "Lucía's turn", and one
deliberate key (Enter or Space) or a click on its button before the next seat's input is taken.

As pass-and-play apps do, the screen passed between people shows whose turn it is and nothing else: the table
under it is too dark to read, so the next seat's prompt, hints and buttons (already theirs in the sidebar)
are not read, nor clicked, before they say ready; the table itself is no secret, it is lit again at once.

It is a dialog over the table, so nothing below it takes input while it is up; for its first
`GRACE_MS` it takes none either, so a quick second click or key press of the seat that just finished
never starts the next seat's turn. Its button stands in the middle of the window, over the map, away
from the sidebar's buttons, where the previous seat's last button (Confirm, End turn, a bid) was.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.ui.dialog import Dialog

if TYPE_CHECKING:
    from common.engine.app import App

GRACE_MS = 600  # input ignored for this long after the hand-off appears
STARTS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandOff(Dialog):
    """"`title`: pass the screen to `name`"; its one button (or Enter, Space) closes it."""

    shade_alpha = 250  # the table under it too dark to read: the next seat's prompt and buttons wait for ready

    def __init__(self, app: App, title: str, name: str) -> None:
        message = _("Pass the screen to {name}. Nothing on the table answers until {name} starts.").format(name=name)
        super().__init__(app, title, message, [(_("I'm ready (Enter)"), lambda: None)])
        self.waited_ms = 0.0

    @property
    def start_button(self) -> pygame.Rect:
        return self.buttons[0].rect

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.group.handle(event)
        if self.waited_ms < GRACE_MS:
            return True
        key = event.type == pygame.KEYDOWN and event.key in STARTS
        if key or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                   and self.start_button.collidepoint(event.pos)):
            self.buttons[0].activate(self.app)
        return True

    def update(self, dt_ms: float) -> None:
        self.waited_ms += dt_ms
        super().update(dt_ms)
