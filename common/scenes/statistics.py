"""The Statistics screen: one page per game (from its records, see `common.games.pages.StatsPage`) with the
totals on top and a table below (Arenas: per level; Arzium: per bot level and number of players)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene, beside_foot_button
from common.games import GAMES
from common.games.pages import StatsPage
from common.scenes.backdrop import Backdrop
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, WidgetGroup, draw_scrollbar

if TYPE_CHECKING:
    from common.engine.app import App

ROW_H = 32


def statistics_pages() -> list[StatsPage]:
    """Every game's statistics page, in menu order."""
    return [game.statistics() for game in GAMES.values()]


class StatisticsScene(Scene):
    """Tabs for the games, the chosen game's page; Left/Right switch, Up/Down or the wheel scroll."""

    title = "Statistics"

    def __init__(self, app: App, pages: list[StatsPage] | None = None, game: str | None = None) -> None:
        super().__init__(app)
        self.pages = pages if pages is not None else statistics_pages()
        self.current = next((i for i, p in enumerate(self.pages) if p.game == game), 0)
        self.scroll = 0
        self.backdrop = Backdrop(50)
        self.tabs = [Button(_(GAMES[p.game].title) if p.game in GAMES else p.game, self._tab(i), font=22)
                     for i, p in enumerate(self.pages)]
        self.back = Button(_("Back"), app.pop, icon="ui/icon_back", font=22, sound="ui_back")
        self.group = WidgetGroup(app, [*self.tabs, self.back])
        self.group.keyboard_mode = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.table = pygame.Rect(0, 0, 0, 0)

    def _tab(self, i: int) -> Callable[[], None]:
        def choose() -> None:
            self.current, self.scroll = i, 0
        return choose

    @property
    def page(self) -> StatsPage:
        return self.pages[self.current]

    def visible_rows(self) -> int:
        return max(1, self.table.h // self.app.px(ROW_H) - 1)

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        tw, gap = app.px(260), app.px(16)
        x = w // 2 - (len(self.tabs) * tw + (len(self.tabs) - 1) * gap) // 2
        for tab in self.tabs:
            tab.rect = pygame.Rect(x, app.px(84), tw, app.px(46))
            x += tw + gap
        pw = min(w - app.px(40), app.px(1100))
        top = app.px(146)
        self.panel = pygame.Rect(w // 2 - pw // 2, top, pw, h - top - app.px(90))
        self.table = pygame.Rect(self.panel.left + app.px(28), self.panel.top + app.px(118), pw - app.px(70),
                                 self.panel.h - app.px(118) - app.px(56))
        self.back.rect = pygame.Rect(w // 2 - app.px(120), self.panel.bottom + app.px(18), app.px(240), app.px(54))

    def toast_area(self) -> pygame.Rect:
        """Toasts go right of the Back button, off the panel and the keys line."""
        return beside_foot_button(self.back.rect, self.app.size[0], self.app.px(16))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            match event.key:
                case pygame.K_ESCAPE:
                    self.app.sounds.play("ui_back")
                    self.app.pop()
                    return True
                case pygame.K_LEFT | pygame.K_RIGHT:
                    self._tab((self.current + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.pages))()
                    return True
                case pygame.K_UP | pygame.K_DOWN:
                    self._scroll(1 if event.key == pygame.K_DOWN else -1)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
            return True
        return self.group.handle(event)

    def _scroll(self, delta: int) -> None:
        most = max(0, len(self.page.rows) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll + delta))

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        return widget_screen(self.backdrop.picture(app, app.size, [("ui/panel", self.panel)]), self.group,
                             window_part(app, (self.current, self.scroll, id(self.page)), self._draw_page))

    def _draw_page(self, surface: pygame.Surface) -> None:
        app = self.app
        w = surface.get_width()
        text.draw_text(surface, _("Statistics"), app.font_px(46), app.theme.text_light, (w // 2, app.px(20)),
                       "midtop", bold=True, shadow=app.theme.shadow)
        for i, tab in enumerate(self.tabs):
            if i == self.current:
                mark = tab.rect.inflate(app.px(8), app.px(8))
                pygame.draw.rect(surface, app.theme.accent, mark, max(2, app.px(3)), border_radius=app.px(10))
        page = self.page
        self._draw_totals(surface, page)
        self._draw_table(surface, page)
        foot = [line for line in (page.message, *page.notes) if line]
        for i, line in enumerate(reversed(foot)):
            ink = app.theme.danger if line == page.message else app.theme.muted
            text.draw_text(surface, line, text.fit_px(line, app.font_px(16), self.panel.w - app.px(60)), ink,
                           (self.panel.centerx, self.panel.bottom - app.px(16) - i * app.px(20)), "midbottom")

    def _draw_totals(self, surface: pygame.Surface, page: StatsPage) -> None:
        app = self.app
        n = max(1, len(page.totals))
        cell = (self.panel.w - app.px(60)) // n
        for i, (label, value) in enumerate(page.totals):
            cx = self.panel.left + app.px(30) + cell * i + cell // 2
            text.draw_text(surface, value, app.font_px(36), app.theme.text, (cx, self.panel.top + app.px(26)),
                           "midtop", bold=True)
            text.draw_text(surface, label, text.fit_px(label, app.font_px(18), cell - app.px(12)), app.theme.muted,
                           (cx, self.panel.top + app.px(70)), "midtop")

    def _draw_table(self, surface: pygame.Surface, page: StatsPage) -> None:
        app = self.app
        table = self.table
        if not page.rows:
            text.draw_text(surface, page.empty, text.fit_px(page.empty, app.font_px(22), table.w), app.theme.text,
                           (table.centerx, table.top + app.px(40)), "midtop")
            return
        n = len(page.columns)
        first = table.w * 0.34  # the first column (level, bot level) is the wide one
        widths = [first, *([(table.w - first) / max(1, n - 1)] * (n - 1))]
        lefts = [table.left + sum(widths[:i]) for i in range(n)]
        rh = app.px(ROW_H)

        def row(cells: tuple[str, ...], y: int, bold: bool, ink: tuple[int, int, int]) -> None:
            for j, cell in enumerate(cells[:n]):
                width = round(widths[j]) - app.px(10)
                px = text.fit_px(cell, app.font_px(18), width, bold=bold, min_px=app.font_px(12))
                if j == 0:
                    text.draw_text(surface, cell, px, ink, (round(lefts[j]), y), "midleft", bold=bold)
                else:
                    text.draw_text(surface, cell, px, ink, (round(lefts[j] + widths[j] / 2), y), "center",
                                   bold=bold)

        row(page.columns, table.top + rh // 2, True, app.theme.muted)
        pygame.draw.line(surface, app.theme.muted, (table.left, table.top + rh), (table.right, table.top + rh))
        shown = page.rows[self.scroll:self.scroll + self.visible_rows()]
        for i, cells in enumerate(shown):
            y = table.top + rh * (i + 1)
            if (i + self.scroll) % 2:
                stripe = pygame.Surface((table.w, rh), pygame.SRCALPHA)
                stripe.fill((*app.theme.muted, 40))
                surface.blit(stripe, (table.left, y))
            row(cells, y + rh // 2, False, app.theme.text)
        if len(page.rows) > self.visible_rows():
            draw_scrollbar(surface, app, pygame.Rect(table.right + app.px(8), table.top + rh, app.px(10),
                                                     rh * self.visible_rows()), self.scroll, self.visible_rows(),
                           len(page.rows))
