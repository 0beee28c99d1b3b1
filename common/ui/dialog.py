"""A modal dialog: a title, a message and a row of buttons over the current scene."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from common.engine import text
from common.engine.scene import Scene
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App


class Dialog(Scene):
    """A modal message with buttons over the current scene; Esc picks the last button."""

    opaque = False
    shade_alpha = 150  # how much the screen under it is darkened (of 255)

    def __init__(self, app: App, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], object]]]) -> None:
        super().__init__(app)
        self.title_text = title
        self.message = message
        self.buttons = [Button(label, self._closing(fn), font=24) for label, fn in buttons]
        self.group = WidgetGroup(app, self.buttons)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.shade: pygame.Surface | None = None

    def _closing(self, fn: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            self.app.stack.pop()
            fn()
        return run

    def layout(self, size: tuple[int, int]) -> None:
        app, n = self.app, max(1, len(self.buttons))
        fit = max((text.font(app.font_px(24), True).size(b.label)[0] + app.px(24) for b in self.buttons), default=0)
        w = min(size[0] - app.px(40), max(app.px(620), n * (min(fit, app.px(300)) + app.px(12)) + app.px(60)))
        self.lines = text.wrap(self.message, app.font_px(22), w - app.px(80))
        lh = text.font(app.font_px(22)).get_linesize()
        h = app.px(150) + lh * len(self.lines) + app.px(56)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        bw = min(max(app.px(220), fit), (w - app.px(60)) // n - app.px(12))  # wider for a long label
        total = len(self.buttons) * bw + (len(self.buttons) - 1) * app.px(16)
        x = self.box.centerx - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.box.bottom - app.px(84), bw, app.px(52))
            x += bw + app.px(16)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.buttons[-1].activate(self.app)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.group._move_focus(1 if event.key == pygame.K_RIGHT else -1)
            self.group.keyboard_mode = True
            return True
        self.group.handle(event)
        return True

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        if self.shade is None or self.shade.get_size() != surface.get_size():
            self.shade = pygame.Surface(surface.get_size())
            self.shade.fill((10, 8, 20))
            self.shade.set_alpha(self.shade_alpha)
        surface.blit(self.shade, (0, 0))
        surface.blit(app.sprites.nine_slice("ui/dialog", self.box.size), self.box)
        text.draw_text(surface, self.title_text, app.font_px(32), app.theme.text,
                       (self.box.centerx, self.box.top + app.px(44)), "midtop", bold=True)
        lh = text.font(app.font_px(22)).get_linesize()
        for i, line in enumerate(self.lines):
            text.draw_text(surface, line, app.font_px(22), app.theme.text,
                           (self.box.centerx, self.box.top + app.px(96) + i * lh), "midtop")
        self.group.draw(surface)
