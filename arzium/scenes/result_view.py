"""The Arzium result's picture: a row per player (their characters, each named on its banner, and artifacts,
each with its points, and coins), the final map drawn small by the table's own map code, and the score over the game.

Everything here is still: the scene paints it once per size and language (`ResultView.picture`) and keeps
the rectangles of what it drew (`Drawn`) for its tooltips and for the layout tests.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from arzium.rules.score import Outcome
from arzium.rules.state import GameState
from arzium.scenes.art import (
    FACE_BANNER,
    FACE_H,
    NAME_FLOOR_PX,
    NUMBER_PX,
    CardArt,
    name_lines,
    name_width,
    plate_height,
)
from arzium.scenes.board_view import BoardView
from arzium.scenes.result_chart import draw_score_chart
from arzium.wording import points, shown_name
from common.data.i18n import _
from common.engine import text
from common.engine.layers import paint_all

if TYPE_CHECKING:
    from common.engine.app import App

INK = (58, 38, 22)
ROW_TINT = (255, 248, 228, 120)


@dataclass
class Drawn:
    """Where the picture put things, in window coordinates: per player their row and each card's and
    artifact's tile (with what the tile's tooltip says), each character's name plate (by card id: where, its
    lines and size; a card too small for any form of its name at a readable size has none),
    the map and the chart, and every text box."""

    rows: dict[int, pygame.Rect] = field(default_factory=dict)
    tiles: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    names: list[tuple[str, pygame.Rect, tuple[str, ...], int]] = field(default_factory=list)
    texts: list[pygame.Rect] = field(default_factory=list)
    map: pygame.Rect = field(default_factory=pygame.Rect)
    chart: pygame.Rect = field(default_factory=pygame.Rect)


CHART_BELOW_PX = 170  # the least height (at 1280x720) left under the rows for the chart to move there


class ResultView:
    """Lays out and paints the body of the result (between the headline and the buttons)."""

    def __init__(self, app: App, state: GameState, out: Outcome, order: list[int],
                 history: tuple[tuple[int, ...], ...]) -> None:
        self.app = app
        self.state = state
        self.out = out
        self.order = order
        self.history = history
        self.art = CardArt(app, state.cards)
        self.board = BoardView(app, self.art)

    def picture(self, size: tuple[int, int], body: pygame.Rect) -> tuple[pygame.Surface, Drawn]:
        """The body painted on a see-through window-sized picture, and where things are."""
        app = self.app
        out = pygame.Surface(size, pygame.SRCALPHA)
        drawn = Drawn()
        side_w = min(app.px(440), body.w * 9 // 20)
        # the rows take what they need for readable names, down to a narrower map and chart
        side_w = max(min(side_w, app.px(250)), min(side_w, body.w - app.px(24) - self._rows_width(body.h)))
        rows = pygame.Rect(body.left, body.top, body.w - side_w - app.px(24), body.h)
        side = pygame.Rect(rows.right + app.px(24), body.top, side_w, body.h)
        need = self._rows_height(rows)
        below = body.h - need - app.px(12) >= app.px(CHART_BELOW_PX)  # few rows: the chart goes under them
        if below:
            rows.h = need
        self._players(out, rows, drawn)
        caption = _("The map at the end")
        cap_px = text.fit_px(caption, app.font_px(15), side.w, bold=True)
        cap_h = text.font(cap_px, True).get_linesize()
        map_side = min(side.w, side.h - cap_h) if below else min(side.w, side.h * 9 // 20)
        area = pygame.Rect(0, 0, map_side, map_side)
        area.midtop = (side.centerx, side.top + (side.h - cap_h - map_side) // 2 + cap_h if below
                       else side.top + cap_h)
        drawn.texts.append(text.draw_text(out, caption, cap_px, INK, (side.centerx, area.top - cap_h), "midtop",
                                          bold=True))
        self.board.layout(area)
        drawn.map = self.board.frame_rect.copy()
        seats = [(s.edge, s.colour) for s in self.state.setup.seats]
        paint_all(out, self.board.parts(tuple(self.state.slots), tuple(self.state.board),
                                        tuple(s.colour for s in self.state.setup.seats), seats))
        if below:
            drawn.chart = pygame.Rect(rows.left, rows.bottom + app.px(12), rows.w,
                                      body.bottom - rows.bottom - app.px(12))
        else:
            drawn.chart = pygame.Rect(side.left, drawn.map.bottom + app.px(10), side.w,
                                      side.bottom - drawn.map.bottom - app.px(10))
        drawn.texts += draw_score_chart(out, app, drawn.chart, self.history, self.state.setup.seats, self.art)
        return out, drawn

    # -- the players' rows ------------------------------------------------------------------

    def name_sizes(self) -> tuple[int, int, int]:
        """A character's name on its ribbon: the preferred, a comfortable and the least size (never smaller than
        the table's body text)."""
        least = max(NAME_FLOOR_PX, self.app.font_px(NUMBER_PX))
        return max(least, self.app.font_px(17)), max(least, self.app.font_px(15)), least

    def _gap(self) -> int:
        return self.app.px(4)

    def _cells(self, i: int, card_w: int) -> list[int]:
        """The widths of player `i`'s tiles with cards `card_w` wide: a character's as wide as its card or as
        the narrowest form of its name at the least size (a ribbon may span the gap to the next), an
        artifact's as its card."""
        pad, least = self.app.px(2), self.name_sizes()[2]
        player = self.state.players[i]
        names = [name_width(_(self.state.cards.card(c).name), least) + 2 * pad + self.app.px(6) - self._gap()
                 for c in player.cards]
        return [max(card_w, w) for w in names] + [card_w] * len(player.artifacts)

    def _row_width(self, i: int, card_w: int) -> int:
        cells = self._cells(i, card_w)
        sep = self.app.px(16) if self.state.players[i].artifacts else 0
        return sum(cells) + (len(cells) - 1) * self._gap() + sep

    def _rows_width(self, height: int) -> int:
        """How wide the widest row's tiles are with cards as large as rows `height` px high in all allow."""
        return max(self._row_width(i, self._tallest(height)) for i in self.order) + self.app.px(24)

    def _band(self, height: int) -> tuple[int, int]:
        """A row's height, and its tiles' band under its head, when the rows take `height` px."""
        n = len(self.order)
        row_h = (height - (n - 1) * self.app.px(8)) // n
        return row_h, row_h - self.app.px(40) - self.app.px(6)

    def _tallest(self, height: int) -> int:
        """The widest card the rows' height allows."""
        return max(1, min(round(self._card_h(self._band(height)[1]) / 1.5), self.app.px(74)))

    def _plate_h(self) -> int:
        return plate_height(1, self.name_sizes()[0])

    def _card_h(self, band: int) -> int:
        """The tallest card in a band `band` px high with its name plate over its banner, reaching above it."""
        _bx, by, _bw, bh = FACE_BANNER
        return math.floor((band - self._plate_h()) / (1 - (by + bh) / FACE_H))

    def _card_w(self, area: pygame.Rect) -> int:
        """The widest cards every row's tiles still fit across at, in rows filling `area`."""
        room = area.w - self.app.px(24)
        lo, hi = 1, self._tallest(area.h)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if all(self._row_width(i, mid) <= room for i in self.order) else (lo, mid - 1)
        return lo

    def _rows_height(self, area: pygame.Rect) -> int:
        """How tall the rows need to be to show their cards as large as they are in `area` (at most its height)."""
        _bx, by, _bw, bh = FACE_BANNER
        card_h = round(self._card_w(area) * 1.5)
        band = math.ceil(card_h * (1 - (by + bh) / FACE_H)) + self._plate_h() + self.app.px(2)
        n = len(self.order)
        return min(area.h, n * (self.app.px(40) + self.app.px(6) + band) + (n - 1) * self.app.px(8))

    def _players(self, out: pygame.Surface, area: pygame.Rect, drawn: Drawn) -> None:
        app = self.app
        gap = app.px(8)
        head_h = app.px(40)
        row_h, band = self._band(area.h)  # the tiles' band under the head
        room = area.w - app.px(24)
        card_w = self._card_w(area)
        for rank, i in enumerate(self.order):
            row = pygame.Rect(area.left, area.top + rank * (row_h + gap), area.w, row_h)
            drawn.rows[i] = row
            tint = pygame.Surface(row.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, ROW_TINT, tint.get_rect(), border_radius=app.px(10))
            out.blit(tint, row)
            if i in self.out.winners:
                pygame.draw.rect(out, app.theme.accent, row, max(2, app.px(3)), border_radius=app.px(10))
            self._head(out, row, i, drawn)
            self._tiles(out, pygame.Rect(row.left + app.px(12), row.top + head_h, room, band), i, card_w, drawn)

    def _head(self, out: pygame.Surface, row: pygame.Rect, i: int, drawn: Drawn) -> None:
        """Star, marker, name; the points split; the total and the coins at the right."""
        app = self.app
        s = self.out.scores[i]
        seat = self.state.setup.seats[i]
        y = row.top + app.px(17)
        x = row.left + app.px(10)
        if i in self.out.winners:
            star = app.sprites.scaled("ui/star", (app.px(26), app.px(26)))
            out.blit(star, star.get_rect(midleft=(x, y)))
        x += app.px(30)
        out.blit(self.art.marker(seat.colour, app.px(24)), (x, y - app.px(12)))
        x += app.px(32)
        coin = self.art.coin(app.px(22))
        coins_w = app.px(22) + app.px(6) + text.font(app.font_px(20), True).size(str(s.coins))[0]
        total = points(s.total)
        total_px = app.font_px(24)
        right = row.right - app.px(12)
        coin_rect = coin.get_rect(midleft=(right - coins_w, y))
        out.blit(coin, coin_rect)
        drawn.texts.append(text.draw_text(out, str(s.coins), app.font_px(20), INK,
                                          (coin_rect.right + app.px(6), y), "midleft", bold=True))
        total_rect = text.draw_text(out, total, total_px, INK, (coin_rect.left - app.px(18), y), "midright",
                                    bold=True)
        drawn.texts.append(total_rect)
        split = _("{cards} from characters + {artifacts} from artifacts").format(cards=s.card_points,
                                                                                artifacts=s.artifact_points)
        room = total_rect.left - app.px(16) - x
        name = shown_name(seat.name)
        name_px = text.fit_px(name, app.font_px(22), room * 3 // 5, bold=True)
        name_rect = text.draw_text(out, name, name_px, INK, (x, y), "midleft", bold=True)
        drawn.texts.append(name_rect)
        split_room = total_rect.left - app.px(16) - (name_rect.right + app.px(14))
        if split_room > app.px(60):
            split_px = text.fit_px(split, app.font_px(15), split_room)
            drawn.texts.append(text.draw_text(out, split, split_px, (110, 86, 60),
                                              (name_rect.right + app.px(14), y), "midleft"))

    def _tiles(self, out: pygame.Surface, area: pygame.Rect, i: int, card_w: int, drawn: Drawn) -> None:
        """Every character card with its name on its ribbon and its points on its seal, then every artifact
        with its points under it, the tiles spread over the row's width."""
        app = self.app
        player = self.state.players[i]
        colour = self.state.setup.seats[i].colour
        card_h = round(card_w * 1.5)
        _bx, by, _bw, bh = FACE_BANNER
        top = area.top + max(0, self._plate_h() - round((by + bh) * card_h / FACE_H))  # the plate reaches above
        cells = self._cells(i, card_w)
        gap = self._gap()
        sep = app.px(16) if player.artifacts else 0
        spare = area.w - self._row_width(i, card_w)
        gap += min(app.px(12), spare // max(1, len(cells)))  # room to spare: the tiles breathe
        pts_px = app.font_px(NUMBER_PX)
        x = area.left
        for card_id, cell in zip(player.cards, cells):
            card = self.state.cards.card(card_id)
            img = self.art.character(card_id, card_w, colour, named=False)
            rect = out.blit(img, (x + (cell - card_w) // 2, top))
            self._name(out, rect, card_id, cell + gap - 3, drawn)  # neighbouring ribbons never meet
            drawn.tiles.append((rect, _("{name}: {points}").format(name=_(card.name), points=points(card.points))))
            x += cell + gap
        if player.artifacts:
            x += sep - gap
            pygame.draw.line(out, (150, 120, 80), (x - sep // 2, top + app.px(4)),
                             (x - sep // 2, top + card_h - app.px(4)), 1)
            x += gap
        label_h = text.font(pts_px, True).get_linesize()
        size = max(4, min(card_w, card_h - label_h))
        for artifact_id in player.artifacts:
            artifact = self.state.cards.artifact(artifact_id)
            rect = out.blit(self.art.artifact(artifact_id, size), (x + (card_w - size) // 2, top))
            label = text.draw_text(out, str(artifact.points), pts_px, INK, (rect.centerx, rect.bottom), "midtop",
                                   bold=True)
            drawn.texts.append(label)
            drawn.tiles.append((rect.union(label), _("{name}: {points}").format(name=_(artifact.name),
                                                                                 points=points(artifact.points))))
            x += card_w + gap

    def _name(self, out: pygame.Surface, card: pygame.Rect, card_id: str, room: int, drawn: Drawn) -> None:
        """A character's name (or the shorter form it is called by) on a ribbon over its card's banner, at the
        largest size that fits in `room` px, never smaller than the body text."""
        app = self.app
        pad = app.px(2)
        lines, px = name_lines(_(self.state.cards.card(card_id).name), room - 2 * pad - app.px(6), 1,
                               self.name_sizes())
        plate = pygame.Rect(0, 0, min(room, text.font(px, True).size(lines[0])[0] + 2 * pad + app.px(6)),
                            plate_height(1, px))
        _bx, by, _bw, bh = FACE_BANNER
        plate.midbottom = (card.centerx, card.top + round((by + bh) * card.h / FACE_H))  # off the pattern
        out.blit(self.art.name_plate(lines, px, plate.w, False), plate)
        drawn.names.append((card_id, plate, lines, px))
