"""One seat's corner of the table: banner, purse, marker supply, artifacts and characters.

A party lies along its owner's edge of the map (bottom, top, left or right of the screen in the
current view). Face-up characters stand upright; used ones lean aside, smaller, their frames at
night under a moon, their patterns still lit and the right way up. The whole party is rendered to one
cached surface, redrawn only when something it shows changes.

Every character wears its name on a red title ribbon over its card's banner, in letters a player can read
at a glance: whole on one or two lines when the card is large, else the name it is called by ("Quentin");
the cells are made wide enough for that. While its owner chooses a character, each face-up one carries
the number key that picks it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from arzium.rules.state import SeatSetup
from arzium.scenes.art import (
    FACE_BANNER,
    FACE_H,
    FACE_W,
    INK,
    NAME_FLOOR_PX,
    USED_SCALE,
    USED_TILT,
    CardArt,
    name_lines,
    name_width,
    plate_height,
    short_names,
)
from arzium.scenes.shown import Shown
from arzium.wording import level_name, shown_name
from common.data.i18n import _
from common.engine import text

if TYPE_CHECKING:
    from common.engine.app import App

SIDES = ("bottom", "left", "top", "right")
NAME_PX, NAME_GOOD_PX, NAME_MIN_PX = 17, 15, 14  # a character's name at 1280x720: preferred, comfortable, least
BANNER_MIN_PX = 15  # the least size of a seat's name on its banner at 1280x720


@dataclass(frozen=True)
class PartyLook:
    """How a party is highlighted this frame."""

    active: bool = False
    hover_card: int | None = None
    selected: int | None = None
    pickable: frozenset[int] = field(default_factory=frozenset)
    hover_artifact: int | None = None
    artifact_pickable: frozenset[int] = field(default_factory=frozenset)
    armed: frozenset[int] = field(default_factory=frozenset)
    keys: tuple[int, ...] = ()  # the cards the number keys 1, 2, ... choose, in that order


@dataclass
class _Geometry:
    banner: pygame.Rect
    purse: pygame.Rect
    supply: pygame.Rect
    artifacts: list[pygame.Rect]
    cells: list[pygame.Rect]
    cell: int  # a cell's height: a card's long side


class PartyView:
    """Layout, hit tests and cached drawing of one player's party."""

    def __init__(self, app: App, art: CardArt, player: int, seat: SeatSetup) -> None:
        self.app = app
        self.art = art
        self.player = player
        self.seat = seat
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.side = "bottom"
        self.status = ""  # online: how the seat's person is connected (away, a bot for now)
        self._geo_key: tuple[object, ...] | None = None
        self._geo: _Geometry | None = None
        self._surface_key: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None

    def layout(self, rect: pygame.Rect, side: str) -> None:
        self.rect = rect
        self.side = side
        self._geo_key = None
        self._surface_key = None

    @property
    def label(self) -> str:
        """The name on the banner; a bot's with its level ("Mumbling Mo · Hard"), online a person's with their
        connection ("Ana · away: 41 s left")."""
        suffix = self.status or (level_name(self.seat.bot_level) if self.seat.kind == "bot" else "")
        return shown_name(self.seat.name) + (f" · {suffix}" if suffix else "")

    @property
    def horizontal(self) -> bool:
        return self.side in ("bottom", "top")

    # -- geometry ---------------------------------------------------------------------------

    def name_sizes(self) -> tuple[int, int, int]:
        """The preferred, a comfortable and the smallest size of the characters' names in this window."""
        preferred, good, least = (max(NAME_FLOOR_PX, self.app.font_px(px))
                                  for px in (NAME_PX, NAME_GOOD_PX, NAME_MIN_PX))
        return preferred, good, least

    def _plate_pad(self) -> int:
        return self.app.px(2)

    def _gap(self) -> int:
        """Between cells; name plates may span it, so neighbouring plates touch but never overlap."""
        return self.app.px(4)

    def _label_ws(self, cards: tuple[str, ...]) -> list[int]:
        """How wide each of `cards`' cells must be for its name, or a shorter form of it, to fit on one line at
        the smallest size (name plates may span the gap to the next cell)."""
        small = self.name_sizes()[2]
        return [name_width(_(self.art.cards.card(c).name), small) + 2 * self._plate_pad() - self._gap() for c in cards]

    def geometry(self, cards: tuple[str, ...], n_artifacts: int) -> _Geometry:
        key = (self.rect.size, self.side, cards, n_artifacts, self.name_sizes())
        if key != self._geo_key or self._geo is None:
            self._geo, self._geo_key = self._compute(cards, n_artifacts), key
        return self._geo

    def _compute(self, cards: tuple[str, ...], n_artifacts: int) -> _Geometry:
        px = self.app.px
        w, h = self.rect.size
        pad = px(8)
        banner_h = px(42)
        banner_w = min(round(banner_h * 360 / 84), w - 2 * pad)
        banner = pygame.Rect(pad, pad, banner_w, banner_h)
        row_y = banner.bottom + px(6)
        purse = pygame.Rect(banner.left + px(6), row_y, px(34), px(34))
        supply = pygame.Rect(purse.right + px(46), row_y + px(8), px(20), px(20))
        tile = px(30)
        if self.horizontal:  # artifacts in a block of two columns between the banner and the cards
            arts_left, arts_top, per_row = banner.right + px(10), pad + px(4), 2
            arts_w = 2 * (tile + px(4)) + px(6) if n_artifacts else 0
            cards_left = banner.right + px(12) + arts_w
            cards_area = pygame.Rect(cards_left, pad, w - cards_left - pad, h - 2 * pad)
        else:  # artifacts right of the purse and supply, or on a row of their own when that is too narrow
            arts_left, arts_top = supply.right + px(44), row_y + px(2)
            if w - arts_left - pad < tile + px(4):
                arts_left, arts_top = banner.left + px(6), purse.bottom + px(6)
            per_row = max(1, (w - arts_left - pad) // (tile + px(4)))
            rows = max(1, -(-n_artifacts // per_row))
            top = max(purse.bottom, arts_top + rows * (tile + px(4))) + px(8)
            cards_area = pygame.Rect(pad, top, w - 2 * pad, h - top - pad)
        arts = [pygame.Rect(arts_left + (i % per_row) * (tile + px(4)), arts_top + (i // per_row) * (tile + px(4)),
                            tile, tile) for i in range(n_artifacts)]
        n_cards = len(cards)
        cell, cells = self._grid(cards_area, max(n_cards + 1, 6 if self.horizontal else 8), self._label_ws(cards))
        return _Geometry(banner, purse, supply, arts, cells[:n_cards + 1], cell)

    def _grid(self, area: pygame.Rect, n: int, labels: list[int]) -> tuple[int, list[pygame.Rect]]:
        """Cells for `n` cards (the first ones named, `labels` being how wide their names need a cell to be),
        the largest that fit in `area`, in as many rows as make them largest: each as tall as a card is long
        and as wide as the card leaning aside or as its name, whichever is wider."""
        gap = self._gap()
        widths = labels + [0] * (n - len(labels))

        def row_widths(height: int, cols: int) -> list[int] | None:
            """The cells' widths at `height` in rows of `cols`, or None when a row is too wide for `area`."""
            card = self._slot_w(self._card_size(height))
            cells = [max(card, w) for w in widths]
            rows = [cells[i:i + cols] for i in range(0, n, cols)]
            return cells if all(sum(row) + (len(row) - 1) * gap <= area.w for row in rows) else None

        best: tuple[int, int, list[int]] = (0, 1, [max(1, w) for w in widths])  # else a single column
        for rows in range(1, n + 1):
            cols = -(-n // rows)
            if rows > 1 and -(-n // (rows - 1)) == cols:
                continue  # the same columns as fewer rows: no larger
            lo, hi = 0, min((area.h - (rows - 1) * gap) // rows, self.app.px(112))
            while lo < hi:  # the tallest cell whose rows still fit across
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if row_widths(mid, cols) is not None else (lo, mid - 1)
            found = row_widths(lo, cols) if lo > 0 else None
            if found is not None and lo > best[0]:
                best = (lo, cols, found)
        cell, cols, cell_ws = best
        cell = max(1, cell)
        rows = -(-n // cols)
        top = area.top + (area.h - (rows * cell + (rows - 1) * gap)) // 2
        cells = []
        for r in range(rows):
            row = self._widened(cell_ws[r * cols:(r + 1) * cols], cell, area.w)
            total = sum(row) + (len(row) - 1) * gap
            x = area.left + (area.w - total) // 2 if not self.horizontal else area.left
            for w in row:
                cells.append(pygame.Rect(x, top + r * (cell + gap), w, cell))
                x += w + gap
        return cell, cells

    def _widened(self, row: list[int], most: int, room: int) -> list[int]:
        """A row's cells widened alike toward `most` (room for longer names) as far as `room` allows."""
        gap = self._gap()
        lo, hi = 0, most
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if sum(max(w, mid) for w in row) + (len(row) - 1) * gap <= room else (lo, mid - 1)
        return [max(w, lo) for w in row]

    @staticmethod
    def _slot_w(width: int) -> int:
        """How wide a card `width` wide is when it leans aside used (with its shadow), or upright."""
        tilt = math.radians(abs(USED_TILT))
        return max(width, math.ceil(USED_SCALE * (width * math.cos(tilt) + width * 1.5 * math.sin(tilt))) + 2)

    def _card_size(self, cell: int) -> int:
        """Card width for a cell (cards are 2:3; a used card leans aside in the same cell)."""
        return max(6, round(cell * 2 / 3))

    def card_rect(self, shown: Shown, i: int) -> pygame.Rect:
        """Screen rect of card `i` (i == number of cards: where the next one will go); a used card's
        rect bounds its leaning picture."""
        p = self.player
        geo = self.geometry(tuple(shown.cards[p]), len(shown.artifacts[p]))
        cell = geo.cells[min(i, len(geo.cells) - 1)].move(self.rect.topleft)
        width = self._card_size(geo.cell)
        up = i >= len(shown.face_up[p]) or shown.face_up[p][i]
        size = (width, round(width * 1.5)) if up else \
            self.art.used_character(shown.cards[p][i], width, self.seat.colour).get_size()
        return pygame.Rect((0, 0), size).move(cell.centerx - size[0] // 2, cell.centery - size[1] // 2)

    def name_plate(self, shown: Shown, i: int) -> tuple[pygame.Rect, tuple[str, ...], int]:
        """Where card `i`'s name is written (its screen rect, unlifted), in which lines and at what size."""
        p = self.player
        geo = self.geometry(tuple(shown.cards[p]), len(shown.artifacts[p]))
        cell = geo.cells[i].move(self.rect.topleft)
        r = self.card_rect(shown, i)
        width = self._card_size(geo.cell)
        up = shown.face_up[p][i]
        k, tilt = (1.0, 0.0) if up else (USED_SCALE, math.radians(USED_TILT))
        height = round(width * 1.5)
        _bx, by, bw, bh = FACE_BANNER
        rise = (height / 2 - (by + bh / 2) * height / FACE_H) * k  # the banner's centre above the card's
        centre = (r.centerx - rise * math.sin(tilt), r.centery - rise * math.cos(tilt))
        pad = self._plate_pad()
        two = plate_height(2, self.name_sizes()[0]) <= round(height * 0.27)  # two lines leave the pattern clear
        room = cell.w + self._gap()
        lines, size = name_lines(_(self.art.cards.card(shown.cards[p][i]).name), room - 2 * pad, 2 if two else 1,
                                 self.name_sizes())
        widest = max(text.font(size, True).size(line)[0] for line in lines)
        rect = pygame.Rect(0, 0, min(room, max(round(bw * width / FACE_W * k), widest + 2 * pad)),
                           plate_height(len(lines), size))
        rect.center = (round(centre[0]), round(centre[1]))
        rect.top = max(rect.top, r.top - self.app.px(3))
        rect.x = max(cell.left - self._gap() // 2, min(rect.x, cell.right + self._gap() // 2 - rect.w))  # own span
        return rect, lines, size

    def key_badge(self, shown: Shown, i: int) -> pygame.Rect:
        """Where the number key of face-up card `i` is shown (unlifted): a disc over its lower left corner."""
        r = self.card_rect(shown, i)
        size = max(self.app.px(20), 14)
        return pygame.Rect(r.left - size // 3, r.bottom - size - self.app.px(6), size, size)

    def purse_center(self, shown: Shown) -> tuple[int, int]:
        p = self.player
        return self.geometry(tuple(shown.cards[p]), len(shown.artifacts[p])).purse.move(self.rect.topleft).center

    def banner_center(self, shown: Shown) -> tuple[int, int]:
        p = self.player
        return self.geometry(tuple(shown.cards[p]), len(shown.artifacts[p])).banner.move(self.rect.topleft).center

    def artifact_rect(self, shown: Shown, i: int) -> pygame.Rect:
        p = self.player
        geo = self.geometry(tuple(shown.cards[p]), max(len(shown.artifacts[p]), i + 1))
        return geo.artifacts[i].move(self.rect.topleft)

    def card_at(self, shown: Shown, pos: tuple[int, int]) -> int | None:
        for i in range(len(shown.cards[self.player])):
            if self.card_rect(shown, i).collidepoint(pos):
                return i
        return None

    def artifact_at(self, shown: Shown, pos: tuple[int, int]) -> int | None:
        for i in range(len(shown.artifacts[self.player])):
            if self.artifact_rect(shown, i).collidepoint(pos):
                return i
        return None

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, shown: Shown, look: PartyLook,
             backdrop: tuple[int, pygame.Surface] | None = None) -> None:
        """Blit the party; with `backdrop` ((version, table surface)) it is rendered onto the table
        behind it, so the cached picture is opaque and quick to blit."""
        surface.blit(self.picture(shown, look, backdrop), self.rect)

    def picture(self, shown: Shown, look: PartyLook,
                backdrop: tuple[int, pygame.Surface] | None = None) -> pygame.Surface:
        """The party's cached picture (made again when what it shows changes)."""
        p = self.player
        key = (self.rect.topleft, self.rect.size, self.side, tuple(shown.cards[p]), tuple(shown.face_up[p]),
               shown.coins[p], shown.supply[p], tuple(shown.artifacts[p]), tuple(shown.artifacts_up[p]), look,
               self.status,
               backdrop[0] if backdrop else None, self.app.sprites.version, id(self.app.sprites),
               self.app.theme.high_contrast)
        if key != self._surface_key or self._surface is None:
            base = None
            if backdrop is not None and backdrop[1].get_rect().contains(self.rect):
                base = backdrop[1].subsurface(self.rect).copy()
            self._surface = self._render(shown, look, base)
            if pygame.display.get_surface() is not None:
                self._surface = self._surface.convert() if base is not None else self._surface.convert_alpha()
            self._surface_key = key
        return self._surface

    def _render(self, shown: Shown, look: PartyLook, base: pygame.Surface | None) -> pygame.Surface:
        app, art, p = self.app, self.art, self.player
        px = app.px
        out = base if base is not None else pygame.Surface(self.rect.size, pygame.SRCALPHA)
        geo = self.geometry(tuple(shown.cards[p]), len(shown.artifacts[p]))
        mat = out.get_rect().inflate(-px(2), -px(2))
        out.blit(app.sprites.nine_slice("arzium/party_mat", mat.size), mat)
        colour = art.colour(self.seat.colour)
        if look.active:
            pygame.draw.rect(out, colour, mat, max(2, px(3)), border_radius=px(16))
        # banner with the name and the colour's marker
        out.blit(app.sprites.scaled(f"arzium/banner_{self.seat.edge}", geo.banner.size), geo.banner)
        b = geo.banner
        name_left, name_right = self.name_span(b)
        label, name_px = self.banner_label(name_right - name_left)
        text.draw_text(out, label, name_px, app.theme.text, (name_left, b.centery - px(2)), "midleft", bold=True)
        token = art.marker(self.seat.colour, round(b.h * 0.8))
        out.blit(token, token.get_rect(center=(b.right - round(b.w * 0.12), b.centery - px(3))))
        # purse, coins and markers left
        out.blit(app.sprites.scaled("arzium/purse", geo.purse.size), geo.purse)
        text.draw_text(out, str(shown.coins[p]), app.font_px(26), app.theme.text_light,
                       (geo.purse.right + px(4), geo.purse.centery + px(2)), "midleft", bold=True,
                       shadow=app.theme.shadow)
        out.blit(art.marker(self.seat.colour, geo.supply.w), geo.supply)
        text.draw_text(out, str(shown.supply[p]), app.font_px(17), app.theme.text_light,
                       (geo.supply.right + px(3), geo.supply.centery + px(1)), "midleft", shadow=app.theme.shadow)
        for i, (aid, up) in enumerate(zip(shown.artifacts[p], shown.artifacts_up[p])):
            r = geo.artifacts[i]
            if i in look.armed:  # a filled, ink-edged frame and a "ready" tag: not a hint's outline
                ring = r.inflate(px(8), px(8))
                pygame.draw.rect(out, app.theme.focus, ring, border_radius=px(8))
                pygame.draw.rect(out, app.theme.text, ring, max(2, px(2)), border_radius=px(8))
            elif i in look.artifact_pickable:
                pygame.draw.rect(out, colour, r.inflate(px(4), px(4)), max(1, px(2)), border_radius=px(8))
            tile = art.artifact(aid, r.w + (px(4) if i == look.hover_artifact else 0), up)
            out.blit(tile, tile.get_rect(center=r.center))
            if i in look.armed:
                self._ready_tag(out, r)
        # characters
        width = self._card_size(geo.cell)
        origin = pygame.Vector2(self.rect.topleft)
        for i, (cid, up) in enumerate(zip(shown.cards[p], shown.face_up[p])):
            r = self.card_rect(shown, i).move(-origin.x, -origin.y)
            lift = self._lift(i, look, up)
            r = r.move(0, lift)
            if up:
                img = art.character(cid, width, self.seat.colour, named=False)  # its plate goes over
                if i == look.selected:
                    pygame.draw.rect(out, app.theme.focus, r.inflate(px(8), px(8)), border_radius=px(9))
                elif i in look.pickable:
                    pygame.draw.rect(out, colour, r.inflate(px(6), px(6)), max(2, px(3)), border_radius=px(9))
                shadow = pygame.Rect(r.x + px(2), r.y + px(3), r.w, r.h)
                pygame.draw.rect(out, (20, 12, 6, 90), shadow, border_radius=px(6))
            else:
                img = art.used_character(cid, width, self.seat.colour)  # its shadow is drawn in
                if i in look.pickable:
                    pygame.draw.rect(out, colour, r.inflate(px(6), px(6)), max(2, px(3)), border_radius=px(9))
            out.blit(img, r)
            plate, lines, size = self.name_plate(shown, i)
            plate = plate.move(-origin.x, lift - origin.y)
            out.blit(art.name_plate(lines, size, plate.w, not up), plate)
        for n, i in enumerate(look.keys):
            self._draw_key(out, shown, i, n + 1, look, origin)
        return out

    @staticmethod
    def name_span(banner: pygame.Rect) -> tuple[int, int]:
        """Where the seat's name goes across its banner (left and right x), between the emblem and the marker."""
        return banner.left + round(banner.w * 0.27), banner.right - round(banner.w * 0.2)

    def banner_label(self, room: int) -> tuple[str, int]:
        """The banner's words and size in `room` px: the name with the bot's level, else the name alone, else
        a shorter form of it, the first that fits at a readable size (the narrowest one when nothing does)."""
        name = shown_name(self.seat.name)
        forms = [self.label, name, *short_names(name)]
        readable = max(NAME_FLOOR_PX, self.app.font_px(BANNER_MIN_PX))
        for form in forms:
            px = text.fit_px(form, self.app.font_px(19), room, bold=True, min_px=readable)
            if text.font(px, True).size(form)[0] <= room:
                return form, px
        narrowest = min(forms, key=lambda form: text.font(readable, True).size(form)[0])
        return narrowest, text.fit_px(narrowest, readable, room, bold=True)

    def _ready_tag(self, out: pygame.Surface, tile: pygame.Rect) -> None:
        """The word "ready" on an ink pill over the bottom edge of an armed artifact."""
        app = self.app
        word = _("ready")
        px = text.fit_px(word, app.font_px(13), tile.w + app.px(10), bold=True)
        w, h = text.font(px, True).size(word)
        pill = pygame.Rect(0, 0, w + app.px(8), h)
        pill.midtop = (tile.centerx, tile.bottom - h // 2)
        pygame.draw.rect(out, app.theme.text, pill, border_radius=h // 2)
        text.draw_text(out, word, px, (255, 255, 255), pill.center, "center", bold=True)

    def _lift(self, i: int, look: PartyLook, up: bool) -> int:
        """How far card `i` is drawn off its place (toward the map): chosen, or face up under the mouse."""
        px = self.app.px
        lift = px(8) if i == look.selected else px(3) if i == look.hover_card and up else 0
        return -lift if self.side != "top" else lift

    def _draw_key(self, out: pygame.Surface, shown: Shown, i: int, number: int, look: PartyLook,
                  origin: pygame.Vector2) -> None:
        """The number key that chooses card `i`, on a disc over the card's lower left corner."""
        badge = self.key_badge(shown, i).move(-origin.x, self._lift(i, look, True) - origin.y)
        pygame.draw.circle(out, INK, badge.center, badge.w // 2 + 1)
        pygame.draw.circle(out, self.app.theme.focus, badge.center, badge.w // 2 - 1)
        text.draw_text(out, str(number), max(10, round(badge.h * 0.9)), INK, (badge.centerx, badge.centery + 1),
                       "center", bold=True)
