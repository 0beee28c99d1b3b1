"""The score over an Arzium game: every player's points after each turn, a stepped line each (its own dash
pattern and the player's colour) with the player's marker and name at its end."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from arzium.rules.state import SeatSetup
from arzium.scenes.art import CardArt
from arzium.wording import shown_name
from common.data.i18n import _
from common.engine import text
from common.ui.chart_lines import Point, draw_polyline, scaled
from common.ui.chart_model import dash_styles, spread_labels

if TYPE_CHECKING:
    from common.engine.app import App

INK = (58, 38, 22)
GRID = (196, 170, 128)


def _step(total: int, most: int) -> int:
    """A round gridline step giving at most `most` lines up to `total`."""
    for step in (1, 2, 5, 10, 20, 50):
        if total / step <= most:
            return step
    return 100


def draw_score_chart(out: pygame.Surface, app: App, rect: pygame.Rect, history: tuple[tuple[int, ...], ...],
                     seats: Sequence[SeatSetup], art: CardArt) -> list[pygame.Rect]:
    """Draw the chart in `rect` (title included); the rectangles of the text it drew."""
    texts: list[pygame.Rect] = []
    out.blit(app.sprites.nine_slice("ui/panel", rect.size), rect)
    title = _("Points after every turn")
    title_px = text.fit_px(title, app.font_px(15), rect.w - app.px(20), bold=True)
    texts.append(text.draw_text(out, title, title_px, INK, (rect.centerx, rect.top + app.px(8)), "midtop", bold=True))
    label_px = app.font_px(13)
    names = [shown_name(s.name) for s in seats]
    marker = app.px(14)
    ends_w = min(rect.w // 3, max(text.font(label_px).size(n)[0] for n in names) + marker + app.px(10))
    plot = pygame.Rect(rect.left + app.px(34), rect.top + app.px(12) + text.font(title_px, True).get_linesize(),
                       0, 0)
    plot.w = rect.right - app.px(12) - ends_w - plot.left
    plot.h = rect.bottom - app.px(30) - plot.top
    if plot.w < app.px(40) or plot.h < app.px(30):
        return texts
    turns = max(1, len(history) - 1)
    top = max(1, max(max(row) for row in history))

    def px(turn: float, pts: float) -> Point:
        return plot.left + plot.w * turn / turns, plot.bottom - plot.h * pts / top

    ystep = _step(top, max(2, plot.h // app.px(24)))
    for v in range(0, top + 1, ystep):
        y = px(0, v)[1]
        pygame.draw.line(out, GRID, (plot.left, y), (plot.right, y), 1)
        texts.append(text.draw_text(out, str(v), label_px, INK, (plot.left - app.px(5), y), "midright"))
    xstep = _step(turns, max(2, plot.w // app.px(40)))
    for t in range(xstep, turns + 1, xstep):  # 0 is where the point axis stands
        x = px(t, 0)[0]
        pygame.draw.line(out, GRID, (x, plot.top), (x, plot.bottom), 1)
        texts.append(text.draw_text(out, str(t), label_px, INK, (x, plot.bottom + app.px(3)), "midtop"))
    pygame.draw.line(out, INK, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(out, INK, plot.bottomleft, plot.topleft, 2)
    axis = _("turn")
    texts.append(text.draw_text(out, axis, label_px, INK, (rect.right - app.px(10), plot.bottom + app.px(3)),
                                "topright", bold=True))
    width = max(2, app.px(3))
    dashes = [scaled(d, app.scale) for d in dash_styles(len(seats))]
    for p, seat in enumerate(seats):
        line: list[Point] = [px(0, history[0][p])]
        for t in range(1, len(history)):  # the points change at a turn's end: a step, not a slope
            line += [px(t, history[t - 1][p]), px(t, history[t][p])]
        draw_polyline(out, INK, line, width + 2, dashes[p])
        draw_polyline(out, art.colour(seat.colour), line, width, dashes[p])
    ends = [px(turns, history[-1][p])[1] for p in range(len(seats))]
    line_h = max(marker, text.font(label_px).get_linesize()) + app.px(2)
    spots = spread_labels(ends, line_h, plot.top, plot.bottom)
    lx = plot.right + app.px(6)
    for seat, name, end, y in zip(seats, names, ends, spots):
        if abs(y - end) > 1:
            pygame.draw.line(out, INK, (plot.right, end), (lx, y), 1)
        out.blit(art.marker(seat.colour, marker), (lx + app.px(2), round(y) - marker // 2))
        room = rect.right - app.px(8) - (lx + marker + app.px(6))
        size = text.fit_px(name, label_px, room)
        img = text.render(name, size, INK)
        area = img.get_rect(midleft=(lx + marker + app.px(6), round(y)))
        out.blit(img, area, pygame.Rect(0, 0, room, area.h))  # a name too long even at the smallest size is cut
        texts.append(area.clip(pygame.Rect(area.left, area.top, room, area.h)))
    return texts
