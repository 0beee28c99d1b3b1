"""The map on screen: six land cards in a frame, markers, the placement ghost, and the view's turn.

The map is drawn as seen from one edge (`edge`): the active human's, so "forward" on their cards
is up on the screen. The land layer is rendered once per card layout and size, facing south, and
turned by whole quarter turns (lossless) for the other edges; markers are drawn upright on their
own cached layer. While the view turns between edges the two are composed and rotated smoothly.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from arzium.rules.board import EDGE_ROTATION, EDGES, SIZE, SLOT_ORIENTATION, SLOTS, view_rc
from arzium.scenes.art import CardArt, PictureCache
from common.data.i18n import _
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.tween import ease_in_out_cubic

if TYPE_CHECKING:
    from common.engine.app import App

HINT_RGB = (92, 208, 255)  # hints: a sky blue apart from the ghost's green, grey, red and yellow
HINT_INK = (24, 84, 124)   # hint text on parchment
Cell = tuple[int, int, str]  # a ghost square: row, col (board coordinates, also off the board) and its kind


def view_angle(edge: str) -> float:
    """Degrees (counter-clockwise) the south-facing map is turned to be seen from `edge`."""
    return 90.0 * EDGE_ROTATION[edge]


class BoardView:
    """Geometry, cached layers and drawing of the map for one scene."""

    def __init__(self, app: App, art: CardArt) -> None:
        self.app = app
        self.art = art
        self.edge = "south"
        self.angle = 0.0
        self._turn: tuple[float, float, float, float] | None = None  # from, to, elapsed, duration
        self.square = 64
        self.rect = pygame.Rect(0, 0, 6 * 64, 6 * 64)
        self.frame_rect = self.rect
        self._cache = PictureCache(app, 48, display_format=True)
        self._get = self._cache.get
        self._compass: dict[tuple[object, ...], pygame.Surface] = {}

    # -- layout and view --------------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        """Fit the framed map in `area`, centred."""
        frame = self.app.px(18)
        self.square = max(12, (min(area.w, area.h) - 2 * frame) // SIZE)
        side = self.square * SIZE
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = area.center
        self.frame_rect = self.rect.inflate(2 * frame, 2 * frame)
        self._cache.clear()

    def set_edge(self, edge: str, duration_ms: float) -> None:
        """Face the map from `edge`, turning the shorter way over `duration_ms` (0: at once)."""
        if edge == self.edge and self._turn is None:
            return
        target = view_angle(edge)
        start = self.angle
        delta = (target - start + 180) % 360 - 180
        self.edge = edge
        if duration_ms <= 0 or abs(delta) < 1e-6:
            self.angle, self._turn = target % 360, None
        else:
            self._turn = (start, start + delta, 0.0, duration_ms)

    @property
    def turning(self) -> bool:
        return self._turn is not None

    def update(self, dt_ms: float) -> None:
        if self._turn is None:
            return
        a, b, elapsed, duration = self._turn
        elapsed += dt_ms
        if elapsed >= duration:
            self.angle, self._turn = b % 360, None
        else:
            self._turn = (a, b, elapsed, duration)
            self.angle = a + (b - a) * ease_in_out_cubic(elapsed / duration)

    # -- geometry ---------------------------------------------------------------------------

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        """Screen rect of board cell (row, col) in the current view (also for cells off the board)."""
        vr, vc = view_rc(self.edge, row, col)
        s = self.square
        return pygame.Rect(self.rect.x + round(vc * s), self.rect.y + round(vr * s), s, s)

    def square_center(self, sq: int) -> tuple[int, int]:
        return self.cell_rect(*divmod(sq, SIZE)).center

    def cell_at(self, pos: tuple[int, int], clamp: bool = False) -> tuple[int, int] | None:
        """Board (row, col) under a screen position, or None off the map (unless `clamp`)."""
        if not clamp and not self.rect.collidepoint(pos):
            return None
        s = self.square
        vr = min(SIZE - 1, max(0, (pos[1] - self.rect.y) // s))
        vc = min(SIZE - 1, max(0, (pos[0] - self.rect.x) // s))
        for row in range(SIZE):
            for col in range(SIZE):
                if view_rc(self.edge, row, col) == (vr, vc):
                    return row, col
        return None

    def slot_rect(self, slot: int) -> pygame.Rect:
        top, left = (slot // 3) * 3, (slot % 3) * 2
        return self.cell_rect(top, left).union(self.cell_rect(top + 2, left + 1))

    def land_image(self, card_id: str, slot: int) -> pygame.Surface:
        """The land card of `slot` as it lies on screen in the current view."""
        s = self.square
        angle = (180 if SLOT_ORIENTATION[slot] == "north" else 0) + view_angle(self.edge)
        key = ("landview", card_id, s, angle % 360)
        return self._get(key, lambda: pygame.transform.rotate(self.art.land(card_id, (2 * s, 3 * s)), angle % 360))

    # -- caches -----------------------------------------------------------------------------

    def _land_layer(self, slots: tuple[str | None, ...]) -> pygame.Surface:
        """The six land cards facing south."""
        def make() -> pygame.Surface:
            s = self.square
            layer = pygame.Surface((SIZE * s, SIZE * s), pygame.SRCALPHA)
            for slot in range(SLOTS):
                x, y = (slot % 3) * 2 * s, (slot // 3) * 3 * s
                card = slots[slot]
                area = pygame.Rect(x, y, 2 * s, 3 * s)
                if card:
                    img = self.art.land(card, area.size)
                    if SLOT_ORIENTATION[slot] == "north":
                        img = pygame.transform.rotate(img, 180)
                    layer.blit(img, area)
                else:
                    hole = area.inflate(-4, -4)
                    pygame.draw.rect(layer, (22, 34, 28, 200) if card is None else (30, 46, 38, 120), hole,
                                     border_radius=max(2, s // 8))
                    pygame.draw.rect(layer, (120, 140, 110), hole, 1, border_radius=max(2, s // 8))
                    if card is None:
                        label = text.render(_("off the map"), max(10, s // 5), (170, 180, 160))
                        layer.blit(label, label.get_rect(center=area.center))
            return layer
        return self._get(("land", slots, self.square), make)

    def _land_view(self, slots: tuple[str | None, ...], angle: int) -> pygame.Surface:
        return self._get(("landrot", slots, self.square, angle),
                         lambda: pygame.transform.rotate(self._land_layer(slots), angle))

    def _marker_layer(self, board: tuple[int, ...], colours: tuple[str, ...], edge: str) -> pygame.Surface:
        """Markers standing upright on their squares, for one view."""
        def make() -> pygame.Surface:
            s = self.square
            pad = s // 2
            layer = pygame.Surface((SIZE * s + 2 * pad, SIZE * s + 2 * pad), pygame.SRCALPHA)
            size = self.marker_size
            for sq, owner in enumerate(board):
                if owner >= 0:
                    vr, vc = view_rc(edge, *divmod(sq, SIZE))
                    img = self.art.marker(colours[owner], size)
                    layer.blit(img, img.get_rect(center=(pad + round((vc + 0.5) * s), pad + round((vr + 0.5) * s))))
            return layer
        return self._get(("markers", board, colours, edge, self.square), make)

    @property
    def marker_size(self) -> int:
        return max(8, round(self.square * 0.74))

    def ghost_tile(self, kind: str, colour: str, hint: bool = False) -> pygame.Surface:
        """A see-through square of the placement ghost. Kinds: ok (a marker lands), skip (occupied), bad
        (cannot place), blank / blank_on (a blank not taken / taken for 2 coins), blank_closed (a blank
        that cannot be taken), displace / displace_on (another player's marker that could be / will be
        displaced). `hint`: the same square of a hint, in the hint colour with a bolder edge."""
        return self._get(("ghost", kind, colour, self.square, hint), lambda: self._make_ghost(kind, colour, hint))

    def _make_ghost(self, kind: str, colour: str, hint: bool = False) -> pygame.Surface:
        s = self.square
        book = self.app.sprites
        tile = pygame.Surface((s, s), pygame.SRCALPHA)
        inner = tile.get_rect().inflate(-max(2, s // 16), -max(2, s // 16))
        radius = max(2, s // 7)
        fills = {"ok": "arzium_ghost_ok", "blank_on": "arzium_ghost_ok", "skip": "arzium_ghost_skip",
                 "blank_closed": "arzium_ghost_skip", "bad": "arzium_ghost_bad", "blank": "arzium_ghost_blank",
                 "displace": "arzium_ghost_blank", "displace_on": "arzium_ghost_blank"}
        rgb = HINT_RGB if hint and kind != "skip" else book.colour(fills[kind])
        alpha = {"ok": 45, "blank_on": 45, "skip": 150, "blank_closed": 70, "bad": 140, "blank": 70,
                 "displace": 40, "displace_on": 110}[kind]
        if hint:
            alpha = max(alpha, 90)
        pygame.draw.rect(tile, (*rgb, alpha), inner, border_radius=radius)
        if kind == "displace":  # may be displaced: a dashed edge, the marker there left in sight
            _dashed(tile, (*rgb, 255), inner, max(2, s // 18), max(3, s // 8))
        elif kind == "displace_on":  # will be displaced: a thick ink ring, your marker over the old one
            pygame.draw.rect(tile, (*rgb, 255), inner, max(3, s // 9), border_radius=radius)
            pygame.draw.rect(tile, (40, 16, 8, 255), inner, max(2, s // 22), border_radius=radius)
        else:
            pygame.draw.rect(tile, (*rgb, 255), inner, max(2, s // (10 if hint else 18)), border_radius=radius)
        if kind in ("ok", "blank_on"):
            ghost = self.art.tinted(f"arzium/marker_{colour}", (self.marker_size,) * 2, 240)
            tile.blit(ghost, ghost.get_rect(center=inner.center))
        if kind == "displace_on":
            ghost = self.art.tinted(f"arzium/marker_{colour}", (round(self.marker_size * 0.6),) * 2, 250)
            tile.blit(ghost, ghost.get_rect(bottomleft=(inner.left + s // 10, inner.bottom - s // 10)))
        if kind in ("blank", "blank_on"):
            size = max(8, round(s * (0.46 if kind == "blank_on" else 0.7)))
            token = self.art.tinted("arzium/blank_token", (size, size), 235)
            where = token.get_rect(center=inner.center) if kind == "blank" else \
                token.get_rect(bottomright=inner.bottomright)
            tile.blit(token, where)
        if kind == "skip":  # a small cross: this square is skipped
            m = s // 3
            pygame.draw.line(tile, (70, 70, 70, 220), (m, m), (s - m, s - m), max(2, s // 14))
            pygame.draw.line(tile, (70, 70, 70, 220), (s - m, m), (m, s - m), max(2, s // 14))
        if kind == "bad":
            m = s // 4
            pygame.draw.line(tile, (120, 20, 14, 230), (m, m), (s - m, s - m), max(2, s // 10))
            pygame.draw.line(tile, (120, 20, 14, 230), (s - m, m), (m, s - m), max(2, s // 10))
        if kind in ("displace", "displace_on"):
            arrow = self.app.sprites.scaled("arzium/icon_displace", (s // 2, s // 2))
            tile.blit(arrow, arrow.get_rect(topright=inner.topright))
        return tile

    # -- drawing ----------------------------------------------------------------------------

    def parts(self, slots: tuple[str | None, ...], board: tuple[int, ...], colours: tuple[str, ...],
              seats: list[tuple[str, str]], backdrop: tuple[int, pygame.Surface] | None = None) -> list[Part]:
        """Frame, land cards, seat bands, compass and markers as the display model has them, as parts of the frame.

        At rest: the framed map (one cached picture, made on `backdrop` ((version, table surface)) so that it
        is opaque) and the markers' layer; while the view turns, one part composed every frame.
        """
        pad = self.square // 2
        if self._turn is None:
            angle = round(self.angle) % 360
            bg_key = backdrop[0] if backdrop and backdrop[1].get_rect().contains(self.frame_rect) else None
            key = ("base", slots, self.square, tuple(self.frame_rect), angle, tuple(seats), bg_key)
            under = backdrop if bg_key is not None else None
            base = self._get(key, lambda: self._base(slots, angle, seats, under))
            markers = self._marker_layer(board, colours, self.edge)
            return [image_part(base, self.frame_rect.topleft),
                    image_part(markers, (self.rect.x - pad, self.rect.y - pad))]

        def turning(surface: pygame.Surface) -> None:  # compose facing south, rotate smoothly
            surface.blit(self.app.sprites.nine_slice("arzium/board_frame", self.frame_rect.size), self.frame_rect)
            flat = self._land_layer(slots).copy()
            flat.blit(self._marker_layer(board, colours, "south"), (-pad, -pad))
            turned = pygame.transform.rotozoom(flat, self.angle, 1.0)
            surface.blit(turned, turned.get_rect(center=self.rect.center))
            self.draw_edge_marks(surface, seats)
            self.draw_compass(surface)
        side = math.ceil(self.rect.w * math.sqrt(2)) + 4  # the layer turned by any angle fits in this square
        return [Part(self.frame_rect.union(pygame.Rect(0, 0, side, side).move(self.rect.centerx - side // 2,
                                                                            self.rect.centery - side // 2)),
                     None, turning)]

    def _base(self, slots: tuple[str | None, ...], angle: int, seats: list[tuple[str, str]],
              backdrop: tuple[int, pygame.Surface] | None) -> pygame.Surface:
        """The framed map at rest without markers, in frame coordinates."""
        f = self.frame_rect
        out = backdrop[1].subsurface(f).copy() if backdrop is not None else pygame.Surface(f.size, pygame.SRCALPHA)
        out.blit(self.app.sprites.nine_slice("arzium/board_frame", f.size), (0, 0))
        out.blit(self._land_view(slots, angle), self.rect.move(-f.x, -f.y))
        self.draw_edge_marks(out, seats, f.topleft)
        self.draw_compass(out, f.topleft)
        return out

    def ghost_part(self, cells: list[Cell], colour: str, hint: bool = False) -> Part:
        """Ghost squares: (row, col, kind) in board coordinates, also off the board (`hint`: a hint's), near the
        map."""
        area = self.frame_rect.inflate(self.square * 2, self.square * 2)
        tiles = [(self.ghost_tile(kind, colour, hint), self.cell_rect(row, col)) for row, col, kind in cells]
        bound = tiles[0][1].unionall([r for _, r in tiles]).clip(area) if tiles else pygame.Rect(area.topleft, (0, 0))

        def paint(surface: pygame.Surface) -> None:
            for tile, r in tiles:
                surface.blit(tile, r)
        return Part(bound, ("ghost", tuple((tile, tuple(r)) for tile, r in tiles), tuple(area)), paint)

    def draw_edge_marks(self, surface: pygame.Surface, seats: list[tuple[str, str]],
                        origin: tuple[int, int] = (0, 0)) -> None:
        """A coloured band on the frame along each seat's edge, so every party's side is plain.

        `origin` is the screen position of the surface's top-left corner."""
        f = self.frame_rect.move(-origin[0], -origin[1])
        w = max(3, self.app.px(5))
        inset = self.app.px(40)
        for edge, colour in seats:
            rel = (EDGES.index(edge) - EDGES.index(self.edge)) % 4
            if rel == 0:
                r = pygame.Rect(f.left + inset, f.bottom - w - 2, f.w - 2 * inset, w)
            elif rel == 2:
                r = pygame.Rect(f.left + inset, f.top + 2, f.w - 2 * inset, w)
            elif rel == 1:
                r = pygame.Rect(f.left + 2, f.top + inset, w, f.h - 2 * inset)
            else:
                r = pygame.Rect(f.right - w - 2, f.top + inset, w, f.h - 2 * inset)
            pygame.draw.rect(surface, self.art.colour(colour), r, border_radius=w // 2)

    def draw_compass(self, surface: pygame.Surface, origin: tuple[int, int] = (0, 0)) -> None:
        """A small compass in the frame's corner, turned with the view (N points north)."""
        size = self.app.px(40)
        angle = round(self.angle / 5) * 5 % 360
        key = (size, angle, self.app.sprites.version)
        img = self._compass.get(key)
        if img is None:
            if len(self._compass) > 80:
                self._compass.clear()
            img = self._compass[key] = pygame.transform.rotozoom(
                self.app.sprites.scaled("arzium/compass", (size, size)), angle, 1.0)
        f = self.frame_rect.move(-origin[0], -origin[1])
        nudge = self.app.px(2)
        surface.blit(img, img.get_rect(center=(f.right - size // 2 + nudge, f.bottom - size // 2 + nudge)))


def ease_drop(t: float) -> float:
    """Height factor (1 = high above, 0 = landed) of a falling marker with a small bounce."""
    if t < 0.6:
        return 1 - (t / 0.6) ** 2
    u = (t - 0.6) / 0.4
    return 0.12 * math.sin(u * math.pi)


def _dashed(surface: pygame.Surface, colour: tuple[int, int, int, int], rect: pygame.Rect, width: int,
            dash: int) -> None:
    """A dashed outline of `rect`: dashes `dash` long with gaps as long, `width` thick."""
    for x in range(rect.left, rect.right, 2 * dash):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, colour, (x, rect.top + width // 2), (end, rect.top + width // 2), width)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1 - width // 2), (end, rect.bottom - 1 - width // 2),
                         width)
    for y in range(rect.top, rect.bottom, 2 * dash):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, colour, (rect.left + width // 2, y), (rect.left + width // 2, end), width)
        pygame.draw.line(surface, colour, (rect.right - 1 - width // 2, y), (rect.right - 1 - width // 2, end),
                         width)
