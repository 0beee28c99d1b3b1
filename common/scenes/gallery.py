"""The sprite gallery: every sprite with its name and the pack it comes from."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene, beside_foot_button
from common.scenes.backdrop import Backdrop
from common.ui.tooltip import draw_tooltip, tooltip_rect
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, WidgetGroup, draw_scrollbar

if TYPE_CHECKING:
    from common.engine.app import App


class GalleryScene(Scene):
    """A scrollable grid of thumbnails; sprites overridden by the active pack are marked."""

    title = "Sprite gallery"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(90)
        self.scroll = 0
        self.cells: list[tuple[str, pygame.Rect]] = []
        self.mouse = (-1, -1)
        self.retranslate()
        self.version = -1

    def retranslate(self) -> None:
        self.back = Button(_("Back"), self.app.pop, icon="ui/icon_back", sound="ui_back")
        self.group = WidgetGroup(self.app, [self.back])

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        self.panel = pygame.Rect(app.px(30), app.px(84), w - app.px(60), h - app.px(170))
        self.view = self.panel.inflate(-app.px(40), -app.px(36))
        cell_w, cell_h = app.px(150), app.px(150)
        cols = max(1, self.view.w // cell_w)
        cell_w = self.view.w // cols
        self.cells = []
        for i, name in enumerate(self.app.sprites.names()):
            r, c = divmod(i, cols)
            self.cells.append((name, pygame.Rect(self.view.left + c * cell_w, self.view.top + r * cell_h,
                                                 cell_w, cell_h)))
        rows = (len(self.cells) + cols - 1) // cols
        self.content_h = rows * cell_h
        self.scroll = min(self.scroll, max(0, self.content_h - self.view.h))
        self.back.rect = pygame.Rect(w // 2 - app.px(110), self.panel.bottom + app.px(14), app.px(220), app.px(52))
        self.version = app.sprites.version

    def toast_area(self) -> pygame.Rect:
        """Toasts go right of the Back button, off the panel and the keys line."""
        return beside_foot_button(self.back.rect, self.app.size[0], self.app.px(16))

    def handle(self, event: pygame.event.Event) -> bool:
        app = self.app
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            app.sounds.play("ui_back")
            app.pop()
            return True
        limit = max(0, self.content_h - self.view.h)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = min(limit, max(0, self.scroll - event.y * app.px(80)))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN,
                                                          pygame.K_PAGEUP):
            step = {pygame.K_DOWN: app.px(80), pygame.K_UP: -app.px(80),
                    pygame.K_PAGEDOWN: self.view.h, pygame.K_PAGEUP: -self.view.h}[event.key]
            self.scroll = min(limit, max(0, self.scroll + step))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        if self.version != self.app.sprites.version:
            self.layout(self.app.size)
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        parts = [window_part(app, ("grid", self.scroll), self._draw_grid)]
        tip = self._tooltip()
        if tip is not None:
            mouse = self.mouse
            parts.append(Part(tooltip_rect(app, tip, mouse), None,  # moving: the grid under it is never repainted
                              lambda surface: draw_tooltip(surface, app, tip, mouse)))
        picture = self.backdrop.picture(app, app.size, [("ui/panel", self.panel)])
        return widget_screen(picture, self.group, parts[0], over=parts[1:])

    def _tooltip(self) -> str | None:
        """What the sprite under the mouse is, or None."""
        if not self.view.collidepoint(self.mouse):
            return None
        book = self.app.sprites
        for name, cell in self.cells:
            if cell.move(0, -self.scroll).collidepoint(self.mouse):
                img = book.image(name)
                return _("{name}  ·  {w}×{h} px  ·  from '{pack}'").format(
                    name=name, w=img.get_width(), h=img.get_height(), pack=book.source(name))
        return None

    def _draw_grid(self, surface: pygame.Surface) -> None:
        app = self.app
        book = app.sprites
        title = _("Sprite gallery — {pack}").format(pack=_(book.pack_name))
        text.draw_text(surface, title, text.fit_px(title, app.font_px(40), surface.get_width() - app.px(40), True),
                       app.theme.text_light,
                       (surface.get_width() // 2, app.px(20)), "midtop", bold=True, shadow=app.theme.shadow)
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip))
        for name, cell in self.cells:
            r = cell.move(0, -self.scroll)
            if r.bottom < self.view.top or r.top > self.view.bottom:
                continue
            img = book.image(name)
            box = app.px(100)
            k = min(box / img.get_width(), box / img.get_height(), 2.0)
            thumb = book.scaled(name, (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k))))
            surface.blit(thumb, thumb.get_rect(center=(r.centerx, r.top + app.px(58))))
            overridden = book.source(name) != "default"
            colour = app.theme.accent if overridden else app.theme.text
            label = name.split("/", 1)[-1]
            px = text.fit_px(label, app.font_px(15), r.w - app.px(8))
            text.draw_text(surface, label, px, colour, (r.centerx, r.top + app.px(114)), "midtop", bold=overridden)
            text.draw_text(surface, book.source(name), app.font_px(13), app.theme.muted,
                           (r.centerx, r.top + app.px(132)), "midtop")
        surface.set_clip(clip)
        if self.content_h > self.view.h:
            track = pygame.Rect(self.view.right + app.px(8), self.view.top, app.px(10), self.view.h)
            draw_scrollbar(surface, app, track, self.scroll, self.view.h, self.content_h)
