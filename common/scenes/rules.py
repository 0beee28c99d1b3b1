"""A scrollable rules screen rendered from a game's rules text (a small markdown subset with figures)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from common.data.files import DataError, Kind, normalise_newlines, read_text
from common.data.i18n import _, language
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.scene import Scene, beside_foot_button
from common.games import GAMES
from common.scenes.backdrop import Backdrop
from common.scenes.figures import draw_figure
from common.ui.figure_book import Figure, FigureBook
from common.ui.widget_parts import app_look, group_parts
from common.ui.widgets import Button, WidgetGroup, draw_scrollbar

if TYPE_CHECKING:
    from common.engine.app import App

FIGURE_LINE = re.compile(r"\[figure:\s*([a-z0-9-]+)\s*\]")
CAPTION_PX = 20
FIGURE_SHARE = 0.66  # a figure with its caption is at most this share of the visible page high
_FIGURES: dict[tuple[str, str, int, int, str, int, bool], Figure] = {}  # made figures, by game, name, size...


def parse_rules(source: str) -> list[tuple[str, str]]:
    """Split the text into blocks: ("h1"|"h2"|"bullet"|"para"|"figure", text or figure name)."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("para", " ".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(("h2", line[3:]))
        elif line.startswith("# "):
            flush()
            blocks.append(("h1", line[2:]))
        elif line.startswith("- "):
            flush()
            blocks.append(("bullet", line[2:]))
        elif (found := FIGURE_LINE.fullmatch(line)) is not None:
            flush()
            blocks.append(("figure", found.group(1)))
        elif blocks and blocks[-1][0] == "bullet" and not para and raw.startswith("  "):
            blocks[-1] = ("bullet", blocks[-1][1] + " " + line)
        else:
            para.append(line)
    flush()
    return blocks


class RulesScene(Scene):
    """Shows one game's rules and its figures (drawn by the game's figure book in `update`, as the page comes
    near them); wheel, arrows, PgUp/PgDn, Home/End scroll; Esc goes back."""

    title = "Rules"

    def __init__(self, app: App, game: str) -> None:
        super().__init__(app)
        self.backdrop = Backdrop(80)
        self.game = GAMES[game]
        self.figures: FigureBook = self.game.rules_figures()
        self.scroll = 0.0
        self.target = 0.0
        self.page: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self.figure_tops: dict[str, int] = {}  # where each figure begins on the page
        self.retranslate()

    def retranslate(self) -> None:
        """Read the rules text of the current language (English when there is none) and name the button."""
        try:
            source = normalise_newlines(read_text(self.game.rules_text_file(), Kind.DATA))
        except DataError as exc:
            source = "# {title}\n\n{problem}".format(title=self.game.title, problem=_(
                "The rules text could not be read: {problem}").format(problem=exc.detail))
        self.blocks = parse_rules(source)
        self.back = Button(_("Back"), self.close, icon="ui/icon_back", sound="ui_back")
        self.group = WidgetGroup(self.app, [self.back])

    def close(self) -> None:
        self.app.pop()

    def status_line(self) -> str | None:
        """A line shown beside Back that may change every frame (the Arenas run under the rules), or None."""
        return None

    def figure(self, name: str, width: int, height: int, make: bool = True) -> Figure | None:
        """The game's figure `name` drawn to fit width x height (made once per size, language and look); None if
        the game has no such figure, or (`make` False) it is not made yet."""
        maker = self.figures.get(name)
        if maker is None:
            return None
        app = self.app
        key = (self.game.key, name, width, height, language(), app.sprites.version, app.theme.high_contrast)
        made = _FIGURES.get(key)
        if made is None and make:
            if len(_FIGURES) > 40:
                _FIGURES.clear()
            made = _FIGURES[key] = draw_figure(app, maker, width, height)
        return made

    def figure_size(self) -> tuple[int, int]:
        """The box a figure of this layout is drawn to fit (its caption goes below)."""
        caption_room = 3 * text.font(self.app.font_px(CAPTION_PX)).get_linesize()
        return self.view.w, max(40, round(self.view.h * FIGURE_SHARE) - caption_room)

    def _figure_lines(self, name: str, width: int) -> list[tuple[pygame.Surface, int]]:
        """A figure block as (picture, x) rows: the figure, then its caption's lines (a blank of its box while it
        is not made yet); a one-line notice instead for a name the game has no figure for."""
        app, th = self.app, self.app.theme
        px = app.font_px(CAPTION_PX)
        if name not in self.figures:
            notice = text.render(_("(No figure called “{name}” here)").format(name=name), px, th.muted)
            return [(notice, 0)]
        made = self.figure(name, *self.figure_size(), make=False)
        if made is None:
            return [(pygame.Surface((1, self.figure_size()[1]), pygame.SRCALPHA), 0)]
        rows = [(made.image, (width - made.image.get_width()) // 2)]
        for line in text.wrap(made.caption, px, width - app.px(40)):
            img = text.render(line, px, th.muted)
            rows.append((img, (width - img.get_width()) // 2))
        return rows

    def _next_figure(self) -> str | None:
        """A figure not made yet within a page's height of what is shown, if any."""
        for name, top in self.figure_tops.items():
            near = self.scroll - self.view.h <= top <= self.scroll + 2 * self.view.h
            if near and name in self.figures and self.figure(name, *self.figure_size(), make=False) is None:
                return name
        return None

    def _make_next_figure(self) -> None:
        """Draw one figure near the view and lay the page out again with it (the text in view stays put)."""
        name = self._next_figure()
        if name is None or self.page is None:
            return
        self.figure(name, *self.figure_size())
        old, at_end = self.page.get_height(), self.target >= self.max_scroll - 0.5
        self.page = self._render_page(self.view.w)
        if self.figure_tops[name] < self.scroll:
            shift = self.page.get_height() - old
            self.scroll, self.target = self.scroll + shift, self.target + shift
        if at_end:  # End stays at the end
            self.target = self.max_scroll
        self.scroll = min(self.max_scroll, max(0.0, self.scroll))
        self.target = min(self.max_scroll, max(0.0, self.target))

    def _render_page(self, width: int) -> pygame.Surface:
        """Lay the whole text out once on a tall transparent surface (scrolling is one blit)."""
        app, th = self.app, self.app.theme
        styles = {"h1": (40, True, th.text), "h2": (30, True, th.text if th.high_contrast else th.accent),
                  "para": (22, False, th.text), "bullet": (22, False, th.text)}
        placed: list[tuple[pygame.Surface, int, int]] = []
        dots: list[tuple[int, int]] = []
        self.figure_tops = {}
        y = 0
        for kind, body in self.blocks:
            if kind == "figure":
                y += app.px(6)
                self.figure_tops[body] = y
                for img, x in self._figure_lines(body, width):
                    placed.append((img, x, y))
                    y += img.get_height() + app.px(3)
                y += app.px(14)
                continue
            size, bold, colour = styles[kind]
            px = app.font_px(size)
            indent = app.px(30) if kind == "bullet" else 0
            lh = text.font(px, bold).get_linesize()
            if kind == "h2":
                y += app.px(14)
            if kind == "bullet":
                dots.append((app.px(12), y + lh // 2))
            for line in text.wrap(body, px, width - indent, bold):
                placed.append((text.render(line, px, colour, bold), indent, y))
                y += lh
            y += app.px(4 if kind == "bullet" else 10)
        page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for img, x, top in placed:
            page.blit(img, (x, top))
        for centre in dots:
            pygame.draw.circle(page, th.text, centre, max(2, app.px(4)))
        return page

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        pw = min(w - app.px(60), app.px(900))
        self.panel = pygame.Rect(w // 2 - pw // 2, app.px(24), pw, h - app.px(110))
        self.view = self.panel.inflate(-app.px(90), -app.px(70))
        self.page = self._render_page(self.view.w)
        self.back.rect = pygame.Rect(w // 2 - app.px(110), self.panel.bottom + app.px(14), app.px(220), app.px(52))
        self.target = min(self.target, self.max_scroll)
        self.scroll = min(self.scroll, self.max_scroll)

    def toast_area(self) -> pygame.Rect:
        """Toasts go right of the Back button, off the panel and the keys line."""
        return beside_foot_button(self.back.rect, self.app.size[0], self.app.px(16))

    @property
    def max_scroll(self) -> float:
        return max(0.0, (self.page.get_height() if self.page else 0) - self.view.h)

    def scroll_by(self, dy: float) -> None:
        self.target = min(self.max_scroll, max(0.0, self.target + dy))

    def handle(self, event: pygame.event.Event) -> bool:
        app = self.app
        if event.type == pygame.KEYDOWN:
            step = app.px(60)
            keys = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.view.h * 0.9,
                    pygame.K_PAGEUP: -self.view.h * 0.9, pygame.K_SPACE: self.view.h * 0.9,
                    pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1):
                app.sounds.play("ui_back")
                self.close()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * app.px(70))
            return True
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        self._make_next_figure()
        k = min(1.0, dt_ms / 90)
        self.scroll += (self.target - self.scroll) * k
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def _draw_status(self, surface: pygame.Surface, status: str, room: pygame.Rect) -> None:
        """The status line right-aligned in `room`, on two lines when one would be too small to read."""
        app = self.app
        px = app.font_px(18)
        lines = text.wrap_balanced(status, px, room.w, bold=True)
        if len(lines) > 2:
            lines = [status]
        size = min(text.fit_px(line, px, room.w, bold=True) for line in lines)
        lh = text.font(size, True).get_linesize()
        top = room.centery - lh * len(lines) // 2
        for k, line in enumerate(lines):
            text.draw_text(surface, line, size, app.theme.text_light, (room.right, top + k * lh), "topright",
                           bold=True, shadow=app.theme.shadow)

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        parts = [image_part(self.backdrop.picture(app, app.size, [("ui/panel", self.panel)]), (0, 0))]
        page, view, scroll = self.page, self.view, self.scroll
        if page is not None:
            area = pygame.Rect(0, round(scroll), view.w, view.h)
            moving = scroll != self.target  # while it scrolls the page is drawn each frame, not cached
            parts.append(Part(view, None if moving else ("page", page, tuple(area), tuple(view)),
                              lambda surface: surface.blit(page, view.topleft, area)))
            if self.max_scroll > 0:
                track = pygame.Rect(view.right + app.px(18), view.top, app.px(10), view.h)
                parts.append(Part(track, None if moving else ("bar", scroll, tuple(track), app_look(app)),
                                  lambda surface: draw_scrollbar(surface, app, track, scroll, view.h,
                                                                 page.get_height())))
        status = self.status_line()
        if status:
            room = pygame.Rect(self.panel.left, self.back.rect.top, self.back.rect.left - app.px(16) - self.panel.left,
                               self.back.rect.h)
            parts.append(Part(room, ("status", status, tuple(room), app_look(app)),
                              lambda surface: self._draw_status(surface, status, room)))
        return parts + group_parts(self.group)
