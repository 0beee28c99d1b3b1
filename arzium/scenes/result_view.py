"""The Arzium result's picture: a row per player (their characters, each named on its banner, and artifacts,
each with its points, and coins), the final map drawn small by the table's own map code, and the score over the game.

Everything here is still: the scene paints it once per size and language (`ResultView.picture`) and keeps
the rectangles of what it drew (`Drawn`) for its tooltips and for the layout tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from arzium.rules.score import Outcome
from arzium.rules.state import GameState
from arzium.scenes.art import FACE_BANNER, FACE_H, CardArt, name_lines, plate_height
from arzium.scenes.board_view import BoardView
from arzium.scenes.result_chart import draw_score_chart
from arzium.wording import points, shown_name
from common import text
from common.i18n import _
from common.layers import paint_all

if TYPE_CHECKING:
    from common.app import App

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
        rows = pygame.Rect(body.left, body.top, body.w - side_w - app.px(24), body.h)
        side = pygame.Rect(rows.right + app.px(24), body.top, side_w, body.h)
        self._players(out, rows, drawn)
        map_side = min(side.w, side.h * 9 // 20)
        caption = _("The map at the end")
        cap_px = text.fit_px(caption, app.font_px(15), side.w, bold=True)
        drawn.texts.append(text.draw_text(out, caption, cap_px, INK, (side.centerx, side.top), "midtop", bold=True))
        area = pygame.Rect(0, 0, map_side, map_side)
        area.midtop = (side.centerx, side.top + text.font(cap_px, True).get_linesize())
        self.board.layout(area)
        drawn.map = self.board.frame_rect.copy()
        seats = [(s.edge, s.colour) for s in self.state.setup.seats]
        paint_all(out, self.board.parts(tuple(self.state.slots), tuple(self.state.board),
                                        tuple(s.colour for s in self.state.setup.seats), seats))
        drawn.chart = pygame.Rect(side.left, drawn.map.bottom + app.px(10), side.w,
                                  side.bottom - drawn.map.bottom - app.px(10))
        drawn.texts += draw_score_chart(out, app, drawn.chart, self.history, self.state.setup.seats, self.art)
        return out, drawn

    # -- the players' rows ------------------------------------------------------------------

    def _players(self, out: pygame.Surface, area: pygame.Rect, drawn: Drawn) -> None:
        app = self.app
        n = len(self.order)
        gap = app.px(8)
        row_h = (area.h - (n - 1) * gap) // n
        head_h = app.px(46)
        count = max(len(p.cards) + len(p.artifacts) for p in self.state.players)
        label_h = app.px(16)
        card_h = min(app.px(110), row_h - head_h - label_h - app.px(8))
        sep = app.px(16)
        across = (area.w - app.px(24) - sep) // max(1, count)  # each tile's share of the row
        card_w = min(round(card_h / 1.5), across - app.px(4))
        step = max(card_w + app.px(4), min(across, round(card_w * 1.6)))  # spaced for the names when there is room
        for rank, i in enumerate(self.order):
            row = pygame.Rect(area.left, area.top + rank * (row_h + gap), area.w, row_h)
            drawn.rows[i] = row
            tint = pygame.Surface(row.size, pygame.SRCALPHA)
            pygame.draw.rect(tint, ROW_TINT, tint.get_rect(), border_radius=app.px(10))
            out.blit(tint, row)
            if i in self.out.winners:
                pygame.draw.rect(out, app.theme.accent, row, max(2, app.px(3)), border_radius=app.px(10))
            self._head(out, row, i, drawn)
            self._tiles(out, pygame.Rect(row.left + app.px(12), row.top + head_h, row.w - app.px(24),
                                         row.h - head_h), i, card_w, step, sep, drawn)

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

    def _tiles(self, out: pygame.Surface, area: pygame.Rect, i: int, card_w: int, step: int, sep: int,
               drawn: Drawn) -> None:
        """Every character card with its name on its banner, then every artifact, each with its points under it."""
        app = self.app
        player = self.state.players[i]
        colour = self.state.setup.seats[i].colour
        card_h = round(card_w * 1.5)
        pts_px = app.font_px(14)
        x = area.left
        for card_id in player.cards:
            card = self.state.cards.card(card_id)
            img = self.art.character(card_id, card_w, colour)
            rect = out.blit(img, (x, area.top))
            self._name(out, rect, card_id, step, drawn)
            label = text.draw_text(out, str(card.points), pts_px, INK, (rect.centerx, rect.top + card_h + app.px(1)),
                                   "midtop", bold=True)
            drawn.texts.append(label)
            drawn.tiles.append((rect.union(label), _("{name}: {points}").format(name=_(card.name),
                                                                                 points=points(card.points))))
            x += step
        if player.artifacts:
            x += sep - app.px(4)
            pygame.draw.line(out, (150, 120, 80), (x - sep // 2, area.top + app.px(4)),
                             (x - sep // 2, area.top + card_h - app.px(4)), 1)
        size = min(card_w, card_h)
        for artifact_id in player.artifacts:
            artifact = self.state.cards.artifact(artifact_id)
            rect = out.blit(self.art.artifact(artifact_id, size), (x, area.top + (card_h - size) // 2))
            label = text.draw_text(out, str(artifact.points), pts_px, INK,
                                   (rect.centerx, area.top + card_h + app.px(1)), "midtop", bold=True)
            drawn.texts.append(label)
            drawn.tiles.append((rect.union(label), _("{name}: {points}").format(name=_(artifact.name),
                                                                                 points=points(artifact.points))))
            x += step

    def _name(self, out: pygame.Surface, card: pygame.Rect, card_id: str, room: int, drawn: Drawn) -> None:
        """A character's name (or the shorter form it is called by) on a ribbon over its card's banner, at the
        largest size that fits in `room` px (none when the card is too small for 10 px letters)."""
        app = self.app
        pad = app.px(2)
        sizes = (app.font_px(15), app.font_px(13), 10)
        lines, px = name_lines(_(self.state.cards.card(card_id).name), room - 2 * pad, 1, sizes)
        if text.font(px, True).size(lines[0])[0] > room - 2 * pad:
            return
        plate = pygame.Rect(0, 0, min(room, text.font(px, True).size(lines[0])[0] + 2 * pad + app.px(6)),
                            plate_height(1, px))
        _bx, by, _bw, bh = FACE_BANNER
        plate.center = (card.centerx, card.top + round((by + bh / 2) * card.h / FACE_H))
        plate.top = max(plate.top, card.top - app.px(3))
        out.blit(self.art.name_plate(lines, px, plate.w, False), plate)
        drawn.names.append((card_id, plate, lines, px))
