"""Players' seats around the table: where they go, card faces with their word, and cached seat images."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arenas.rules.components import Card
from arenas.wording import card_name
from common.data.i18n import _, language
from common.engine import text

if TYPE_CHECKING:
    from common.engine.app import App

CARD_RATIO = 200 / 144
INK = (44, 29, 18)


def card_sprite(card: Card | None) -> str:
    """Sprite name of a card face (None: the back)."""
    if card is None:
        return "arenas/card_back"
    return f"arenas/card_{card.name}"


class CardArt:
    """Card faces at a given size with their word written at real size on the banner (cached)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.cache: dict[tuple[str, int, int, str], pygame.Surface] = {}

    def image(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        key = (card.name if card is not None else "back", *size, language())
        img = self.cache.get(key)
        if img is None:
            img = self.app.sprites.scaled(card_sprite(card), size).copy()
            if card is not None:
                w, h = size
                word = card_name(card)
                band_w = round(w * (1 - 30 / 144))
                px = text.fit_px(word, max(10, round(h * 0.14)), band_w, bold=True)
                if text.font(px, True).size(word)[0] <= band_w:  # a mini card too small for its word shows none
                    text.draw_text(img, word, px, INK, (w / 2, h * 0.815), "center", bold=True)
            self.cache[key] = img
        return img


@dataclass(frozen=True)
class TableLayout:
    """Rectangles of one window: the top bar, the board box, the prompt line, each seat and card size."""

    hud: pygame.Rect
    board: pygame.Rect
    prompt_y: int
    seats: tuple[pygame.Rect, ...]
    card: tuple[int, int]
    hand_size: int

    @property
    def lift(self) -> int:
        """How far the active hand's hovered or chosen card rises (and its seat's cards may reach)."""
        return max(3, self.card[0] // 9)

    def card_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where the cards of a seat's hand lie (left to right)."""
        r = self.seats[seat]
        cw, ch = self.card
        gap = max(3, cw // 10)
        total = count * cw + (count - 1) * gap
        x = r.centerx - total // 2
        y = r.bottom - ch - max(6, cw // 7)
        return [pygame.Rect(x + i * (cw + gap), y, cw, ch) for i in range(count)]


def table_layouts(app: App, size: tuple[int, int], players: int, hand_size: int) -> list[TableLayout]:
    """Ways to seat the players around the table (the play scene keeps the one with the biggest board).

    Up to three players sit either along the bottom ("sides": suits long flat paths) or one above another at
    the right ("column": leaves a round path the window's whole height). More sit either along the bottom and
    up both sides ("sides": suits round paths) or along the bottom and the top ("rows": suits long flat paths).
    """
    if players <= 3:
        return [table_layout(app, size, players, hand_size, "sides"),
                table_layout(app, size, players, hand_size, "column")]
    return [table_layout(app, size, players, hand_size, "sides"), table_layout(app, size, players, hand_size, "rows")]


def table_layout(app: App, size: tuple[int, int], players: int, hand_size: int, arrangement: str) -> TableLayout:
    """One seating: seats in play order clockwise from the bottom left, and the board box left over."""
    w, h = size
    hud = pygame.Rect(0, 0, w, app.px(52))
    many = players > 3
    cw = app.px(62 if many else 80)
    ch = round(cw * CARD_RATIO)
    pad, gap, name_h = app.px(10), max(3, cw // 10), app.px(26)
    seat_w = hand_size * cw + (hand_size - 1) * gap + 2 * pad + app.px(16)
    seat_h = name_h + ch + pad + max(6, cw // 7)
    margin = app.px(10)
    row_gap = app.px(14)
    bottom_y = h - seat_h - margin
    in_bottom = min(3 if arrangement == "sides" else 4, players)

    def row(count: int, y: int) -> list[pygame.Rect]:
        total = count * seat_w + (count - 1) * row_gap
        x = w // 2 - total // 2
        return [pygame.Rect(x + k * (seat_w + row_gap), y, seat_w, seat_h) for k in range(count)]

    top = hud.bottom + app.px(6)
    prompt_h = app.px(30)
    if arrangement == "column":
        column_h = players * seat_h + (players - 1) * row_gap
        y = top + (h - margin - top - column_h) // 2
        x = w - margin - seat_w
        seats = [pygame.Rect(x, y + k * (seat_h + row_gap), seat_w, seat_h) for k in range(players)]
        bottom = h - app.px(62) - prompt_h - app.px(4)  # the prompt on the felt, above the table's bottom rim
        board = pygame.Rect(app.px(44), top, x - app.px(16) - app.px(44), bottom - top)
        return TableLayout(hud, board, bottom + prompt_h // 2, tuple(seats), (cw, ch), hand_size)
    seats = row(in_bottom, bottom_y)
    rest = players - in_bottom
    left_x, right_x = app.px(44), w - app.px(44)
    if arrangement == "rows":
        if rest:
            seats += list(reversed(row(rest, top)))
            top += seat_h + app.px(4)
    else:
        right = min(2, rest)
        left = rest - right
        for k in range(right):  # up the right side
            seats.append(pygame.Rect(w - margin - seat_w, bottom_y - (k + 1) * (seat_h + row_gap), seat_w, seat_h))
        for k in range(left):  # down the left side
            seats.append(pygame.Rect(margin, bottom_y - (left - k) * (seat_h + row_gap), seat_w, seat_h))
        if left:
            left_x = margin + seat_w + app.px(8)
        if right:
            right_x = w - margin - seat_w - app.px(8)
    bottom = bottom_y - prompt_h - app.px(4)
    board = pygame.Rect(left_x, top, right_x - left_x, bottom - top)
    return TableLayout(hud, board, bottom + prompt_h // 2, tuple(seats), (cw, ch), hand_size)


class SeatPainter:
    """Draws a player's seat (tray, name, a "bot" badge, cards, key numbers when active); cached per look."""

    def __init__(self, app: App, cards: CardArt) -> None:
        self.app = app
        self.cards = cards
        self.cache: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}

    def draw(self, surface: pygame.Surface, layout: TableLayout, seat: int, name: str, hand: list[Card],
             active: bool, hover: int | None, chosen: int | None, keys: bool = True, bot: bool = False) -> None:
        """`keys`: show the 1–3 key numbers on an active hand (not for a bot or a replay); `bot`: a bot's seat."""
        image = self.picture(layout, seat, name, hand, active, hover, chosen, keys, bot)
        surface.blit(image, layout.seats[seat].move(0, -layout.lift).topleft)

    def picture(self, layout: TableLayout, seat: int, name: str, hand: list[Card], active: bool, hover: int | None,
                chosen: int | None, keys: bool = True, bot: bool = False) -> pygame.Surface:
        """The seat's cached picture, drawn `layout.lift` above its place (room for lifted cards)."""
        rect = layout.seats[seat]
        key = (tuple(c.name for c in hand), name, active, hover, chosen, keys, bot, rect.size, layout.card,
               layout.hand_size, self.app.sprites.version, language())
        cached = self.cache.get(seat)
        if cached is None or cached[0] != key:
            cached = (key, self._render(layout, seat, name, hand, active, hover, chosen, keys, bot))
            self.cache[seat] = cached
        return cached[1]

    def _render(self, layout: TableLayout, seat: int, name: str, hand: list[Card], active: bool,
                hover: int | None, chosen: int | None, keys: bool, bot: bool) -> pygame.Surface:
        app = self.app
        rect = layout.seats[seat]
        lift = layout.lift
        img = pygame.Surface((rect.w, rect.h + lift), pygame.SRCALPHA)
        img.blit(app.sprites.nine_slice("arenas/seat_panel", rect.size), (0, lift))
        name_px = app.font_px(19)
        if not active:
            label = name
        elif bot:
            label = name  # the play scene adds its thinking dots beside it
        else:
            label = (_("{name} — your turn") if keys else _("{name}'s turn")).format(name=name)
        room = rect.w - app.px(30)
        if bot:
            chip = self._bot_chip(name_px)
            room -= 2 * (chip.get_width() + app.px(4))  # the name stays centred, clear of the badge
            img.blit(chip, (app.px(10), lift + app.px(8)))
        px = text.fit_px(label, name_px, room, bold=True)
        colour = (255, 226, 140) if active else (246, 232, 206)
        text.draw_text(img, label, px, colour, (rect.w // 2, lift + app.px(8)), "midtop", bold=True, shadow=(20, 10, 6))
        for i, r in enumerate(layout.card_rects(seat, len(hand))):
            r = r.move(-rect.x, -rect.y + lift)
            if active and i in (hover, chosen):
                r = r.move(0, -lift)
            if i == chosen:
                ring = r.inflate(app.px(8), app.px(8))
                pygame.draw.rect(img, app.sprites.colour("arenas_glow"), ring, max(2, app.px(3)),
                                 border_radius=app.px(8))
            img.blit(self.cards.image(hand[i], layout.card), r)
            if active and keys:
                badge = max(10, layout.card[0] // 4)
                centre = (r.left + badge // 2 + 2, r.top + badge // 2 + 2)
                pygame.draw.circle(img, (44, 29, 18), centre, badge // 2 + 1)
                pygame.draw.circle(img, app.sprites.colour("arenas_glow"), centre, badge // 2 - 1)
                text.draw_text(img, str(i + 1), max(10, round(badge * 0.85)), (44, 29, 18), centre, "center", bold=True)
        if not hand:
            text.draw_text(img, _("no cards"), app.font_px(16), (220, 200, 170), (rect.w // 2, rect.h // 2 + lift),
                           "center")
        return img

    def _bot_chip(self, name_px: int) -> pygame.Surface:
        """The small "bot" badge of a bot's seat, as tall as its name line."""
        app = self.app
        word = text.render(_("bot"), max(10, round(name_px * 0.72)), INK, bold=True)
        h = text.font(name_px, True).get_linesize()
        chip = pygame.Surface((word.get_width() + app.px(14), h), pygame.SRCALPHA)
        pygame.draw.rect(chip, (20, 10, 6), chip.get_rect(), border_radius=h // 2)
        pygame.draw.rect(chip, app.sprites.colour("arenas_glow"), chip.get_rect().inflate(-2, -2), border_radius=h // 2)
        chip.blit(word, word.get_rect(center=chip.get_rect().center))
        return chip
