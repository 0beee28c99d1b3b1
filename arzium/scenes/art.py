"""Cached surfaces of Arzium's cards and tokens, drawn from the sprite pack at the sizes scenes ask for.

Every surface is cached by what it shows and its size; the cache is dropped when the sprite
pack changes (F5 or another pack), so per-frame drawing is only blits.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arzium.rules.cards import Card, CardSet, default_cards
from common.data.i18n import _
from common.engine import text

if TYPE_CHECKING:
    from common.engine.app import App

TERRAINS = ("meadow", "dune", "marsh", "forest", "hills")
_TERRAIN_WORDS: dict[str, tuple[str, ...]] = {
    "marsh": ("fen", "marsh", "ford", "lake", "bog", "puddle", "harbour", "shore", "springs", "moor", "beach"),
    "dune": ("dune", "ridge", "gorge", "crag", "rock", "steppe", "cliff", "crater", "bluff", "tor"),
    "forest": ("orchard", "wood", "pine", "copse", "glen"),
    "hills": ("hill", "knoll", "heath", "vale", "terrace", "rest", "crossing", "gully"),
    "meadow": ("hollow", "field", "meadow", "lane", "plain", "dell", "downs"),
}
# Layout of the character face sprite (see sprites/generate/arzium.py), in its 240 x 360 frame.
FACE_W, FACE_H = 240, 360
FACE_BANNER = (14, 18, 212, 48)
FACE_WELL = (30, 84, 180, 180)
FACE_ROSETTE = (190, 318, 19)
INK = (67, 48, 31)
NUMBER_PX = 16           # a card's numbers are at least as tall as the table's body text (the move log's)
NAME_FLOOR_PX = 13       # a name on a character's ribbon is never smaller (its lines 8 px high)
SEAL_RGB = (250, 236, 200)
# A used character stands upright (its pattern keeps the orientation it is placed in), a little smaller
# and leaning aside, its frame dimmed to night and a moon on it; only the pattern well stays lit.
USED_TILT = -8           # degrees (clockwise)
USED_SCALE = 0.9
USED_NIGHT = (118, 108, 165)   # multiplies the frame's colours
USED_WELL = (226, 222, 240)    # and, much more gently, the well's
NAME_INK = (255, 244, 226)     # a name on its red title banner
# Words that open a name without being what its bearer is called ("Sir Bramble of Nowhere" is Bramble).
# The names' small words in both languages (the Spanish names come from the content catalogue).
_TITLES = frozenset({"the", "sir", "lady", "dame", "lord", "captain", "professor", "old", "auntie", "mother",
                     "grandmother", "don", "doña", "capitán", "profesor", "abuela", "tía", "madre", "viejo"})
_ARTICLES = frozenset({"the", "el", "la", "los", "las"})
_JOINERS = frozenset({"the", "of", "de", "del", "el", "la", "los", "las"})


def terrain_of(card: Card) -> str:
    """The painted terrain of a land card, from the words of its land name."""
    name = (card.land_name or card.name).lower()
    for terrain, words in _TERRAIN_WORDS.items():
        if any(w in name for w in words):
            return terrain
    return TERRAINS[sum(map(ord, card.id)) % len(TERRAINS)]


def short_name(name: str) -> str:
    """What a character is called when its full name does not fit: "Quentin Quiverleaf" is Quentin,
    "Sir Bramble of Nowhere" Bramble, "Gorvash the Gentle" Gorvash, "The Humble Hermit Hob" Hob; in Spanish
    "Don Zarza de la Nada" is Zarza, "Los Gemelos de Sarga" Gemelos."""
    words = name.split()
    if len(words) > 1 and words[0].lower() in _ARTICLES:  # "The Twins of Twill": the last word before "of"
        words = words[1:]
        joint = next((i for i, w in enumerate(words) if i and w in _JOINERS), len(words))
        return words[joint - 1]
    cut = next((i for i, w in enumerate(words) if i and w in _JOINERS), len(words))
    words = words[:cut]
    while len(words) > 1 and words[0].lower() in _TITLES:
        words = words[1:]
    return words[0]


def short_names(name: str) -> list[str]:
    """The shorter names a character answers to, best first: what it is called, then the other words of its
    name, shortest first ("Bartholomew Bun": Bartholomew, Bun)."""
    called = short_name(name)
    others = [w for w in name.split() if w[0].isupper() and w.lower() not in _TITLES and w != called]
    return [called] + sorted(others, key=len)


def name_width(name: str, px: int) -> int:
    """The width of the narrowest way of writing a name on one line at `px`."""
    return min(text.font(px, True).size(form)[0] for form in [name, *short_names(name)])


def plate_height(lines: int, px: int) -> int:
    """The height of a name plate of `lines` lines at `px`."""
    return lines * text.font(px, True).get_linesize() + 2 * max(2, px // 6)


def name_lines(name: str, width: int, max_lines: int, sizes: tuple[int, int, int]) -> tuple[tuple[str, ...], int]:
    """How a name is written in `width` px, `sizes` being the preferred, a comfortable and the smallest
    size: whole on one line, else on two (when `max_lines` allows), else in a shorter form, at the largest
    size down to the comfortable one that fits; failing that the same down to the smallest (and the
    narrowest form at the smallest size when nothing fits)."""
    px, good, min_px = sizes
    forms = short_names(name)
    tries = [(name,)] + ([] if max_lines < 2 else [None]) + [(form,) for form in forms]
    for top, bottom in ((px, good), (good - 1, min_px)):
        for lines in tries:
            for size in range(top, bottom - 1, -1):
                wrapped = lines or tuple(text.wrap(name, size, width, bold=True))
                fits = all(text.font(size, True).size(line)[0] <= width for line in wrapped)
                if len(wrapped) <= max_lines and fits:
                    return wrapped, size
    return (min(forms, key=lambda form: text.font(min_px, True).size(form)[0]),), min_px


COIN_OFFSETS: dict[int, list[tuple[float, float]]] = {  # where 1, 2 or 3 coin symbols sit on a square
    1: [(0, 0)], 2: [(-0.17, -0.1), (0.17, 0.1)], 3: [(-0.2, 0.12), (0.2, 0.12), (0, -0.16)]}


class PictureCache:
    """Pictures made once and kept while the sprite pack stays the same (emptied when the pack is
    switched or reloaded, and when it grows past `limit`). `display_format` converts each picture to
    the window's pixel format, much faster to blit every frame."""

    def __init__(self, app: App, limit: int, display_format: bool = False) -> None:
        self.app = app
        self.limit = limit
        self.display_format = display_format
        self._pictures: dict[tuple[object, ...], pygame.Surface] = {}
        self._version = -1

    def get(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The picture for `key`, made by `make()` the first time."""
        book = self.app.sprites
        version = book.version * 1000 + id(book) % 1000
        if version != self._version:
            self._pictures.clear()
            self._version = version
        surface = self._pictures.get(key)
        if surface is None:
            if len(self._pictures) > self.limit:
                self._pictures.clear()
            surface = make()
            if self.display_format and pygame.display.get_surface() is not None:
                surface = surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()
            self._pictures[key] = surface
        return surface

    def clear(self) -> None:
        self._pictures.clear()


class CardArt:
    """Makes and caches card faces, land cards, tokens and tiles for one app."""

    def __init__(self, app: App, cards: CardSet | None = None) -> None:
        self.app = app
        self.cards = cards or default_cards()
        self._get = PictureCache(app, 600).get

    def colour(self, name: str) -> tuple[int, int, int]:
        """A player colour ("red", ...) from the palette."""
        return self.app.sprites.colour(f"arzium_{name}")

    # -- tokens -----------------------------------------------------------------------------

    def marker(self, colour: str, size: int) -> pygame.Surface:
        """An explore marker of `colour`, `size` px square."""
        return self.app.sprites.scaled(f"arzium/marker_{colour}", (size, size))

    def coin(self, size: int) -> pygame.Surface:
        return self.app.sprites.scaled("arzium/coin", (size, size))

    def tinted(self, name: str, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """A sprite scaled and made see-through (for ghosts and dimmed things)."""
        def make() -> pygame.Surface:
            img = self.app.sprites.scaled(name, size).copy()
            img.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            return img
        return self._get(("tinted", name, size, alpha), make)

    # -- land cards -------------------------------------------------------------------------

    def land(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        """A land card upright (scroll at the bottom) with its coin symbols, `size` = (2, 3) squares."""
        return self._get(("land", card_id, size), lambda: self._make_land(card_id, size))

    def _make_land(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        card = self.cards.card(card_id)
        out = self.app.sprites.scaled(f"arzium/land_{terrain_of(card)}", size).copy()
        sq = size[0] / 2
        for local, count in enumerate(card.land_coins):
            if not count:
                continue
            lrow, lcol = divmod(local, 2)
            cx, cy = (lcol + 0.5) * sq, (lrow + 0.5) * sq
            coin_px = max(8, round(sq * (0.42 if count == 1 else 0.34)))
            coin = self.app.sprites.scaled("arzium/coin_symbol", (coin_px, coin_px))
            offsets = COIN_OFFSETS[count]
            for dx, dy in offsets:
                out.blit(coin, coin.get_rect(center=(round(cx + dx * sq), round(cy + dy * sq))))
        return out

    # -- character cards --------------------------------------------------------------------

    def character(self, card_id: str, width: int, colour: str | None, named: bool = True) -> pygame.Surface:
        """A character card face, `width` px wide (2:3), pattern in `colour` (the owner's) or ink; its name on
        its banner unless `named` is False (a name plate goes over it)."""
        return self._get(("char", card_id, width, colour, named),
                         lambda: self._make_character(card_id, width, colour, named))

    def _make_character(self, card_id: str, width: int, colour: str | None, named: bool) -> pygame.Surface:
        card = self.cards.card(card_id)
        height = round(width * 1.5)
        out = self.app.sprites.scaled("arzium/character_face", (width, height)).copy()
        k = width / FACE_W
        bx, by, bw, bh = (round(v * k) for v in FACE_BANNER)
        name = _(card.name)
        name_px = text.fit_px(name, max(6, round(bh * 0.52)), bw - round(10 * k), bold=True, min_px=6)
        if named and name_px >= 8:
            img = text.render(name, name_px, (255, 244, 226), bold=True)
            out.blit(img, img.get_rect(center=(bx + bw // 2, by + bh // 2 + 1)))
        wx, wy, ww, wh = (v * k for v in FACE_WELL)
        self.draw_pattern(out, card.pattern, pygame.Rect(round(wx), round(wy), round(ww), round(wh)),
                          self.colour(colour) if colour else INK)
        rx, ry, rr = (v * k for v in FACE_ROSETTE)
        px = max(round(rr * 1.7), self.app.font_px(NUMBER_PX))  # never smaller than the table's body text
        pts = text.render(str(card.points), px, INK, bold=True)
        if px > round(rr * 1.7):  # a small card: a seal big enough for the number, over the printed rosette
            r = max(pts.get_width(), pts.get_height()) // 2 + max(2, round(px * 0.15))
            cx, cy = min(round(rx), width - r - 1), min(round(ry), height - r - 1)
            pygame.draw.circle(out, SEAL_RGB, (cx, cy), r)
            pygame.draw.circle(out, INK, (cx, cy), r, max(1, px // 10))
            rx, ry = cx, cy - 1
        out.blit(pts, pts.get_rect(center=(round(rx), round(ry) + 1)))
        if card.flag:  # starting cards carry their colour's flag
            fx, fy = round(14 * k), round(70 * k)
            pole = max(1, round(3 * k))
            pygame.draw.line(out, INK, (fx, fy), (fx, fy + round(40 * k)), pole)
            flag = [(fx + pole, fy), (fx + round(26 * k), fy + round(9 * k)), (fx + pole, fy + round(18 * k))]
            pygame.draw.polygon(out, self.colour(card.flag), flag)
        return out

    def draw_pattern(self, surface: pygame.Surface, pattern: tuple[str, ...], area: pygame.Rect,
                     colour: tuple[int, int, int]) -> None:
        """A pattern as a small grid in `area`: filled squares for markers, dashed ones for blanks."""
        rows, cols = len(pattern), len(pattern[0])
        cell = min(area.w / max(cols, 3), area.h / max(rows, 3))
        gap = max(1, round(cell * 0.1))
        left = area.centerx - cell * cols / 2
        top = area.centery - cell * rows / 2
        dark = tuple(max(0, c - 90) for c in colour)
        for r, row in enumerate(pattern):
            for c, ch in enumerate(row):
                rect = pygame.Rect(round(left + c * cell) + gap // 2, round(top + r * cell) + gap // 2,
                                   max(2, round(cell) - gap), max(2, round(cell) - gap))
                radius = max(1, rect.w // 5)
                if ch == "X":
                    pygame.draw.rect(surface, colour, rect, border_radius=radius)
                    pygame.draw.rect(surface, dark, rect, max(1, rect.w // 10), border_radius=radius)
                elif ch == "B":
                    pygame.draw.rect(surface, (236, 214, 150), rect, border_radius=radius)
                    self._dashed_rect(surface, rect, INK, max(1, rect.w // 12))
                    # what a blank costs, never smaller than the body text: on a small card over a patch
                    # of the blank's colour a little larger than its square
                    two = text.render("2", max(self.app.font_px(NUMBER_PX), round(rect.h * 0.6)), INK, bold=True)
                    at = two.get_rect(center=rect.center)
                    if at.h > rect.h - 2 * max(1, rect.w // 12):
                        pygame.draw.rect(surface, (236, 214, 150), at.inflate(2, 0), border_radius=radius)
                    surface.blit(two, at)
                else:
                    pygame.draw.rect(surface, (226, 214, 186), rect, 1, border_radius=radius)

    @staticmethod
    def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int) -> None:
        dash = max(2, rect.w // 5)
        for x in range(rect.left, rect.right, dash * 2):
            e = min(rect.right - 1, x + dash)
            pygame.draw.line(surface, colour, (x, rect.top), (e, rect.top), width)
            pygame.draw.line(surface, colour, (x, rect.bottom - 1), (e, rect.bottom - 1), width)
        for y in range(rect.top, rect.bottom, dash * 2):
            e = min(rect.bottom - 1, y + dash)
            pygame.draw.line(surface, colour, (rect.left, y), (rect.left, e), width)
            pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, e), width)

    def name_plate(self, lines: tuple[str, ...], px: int, width: int, used: bool) -> pygame.Surface:
        """A red title ribbon `width` px wide with a character's name on it, `px` high letters; at night
        (dimmed) on a used character."""
        def make() -> pygame.Surface:
            line_h = text.font(px, True).get_linesize()
            plate = pygame.Surface((width, plate_height(len(lines), px)), pygame.SRCALPHA)
            face = self.app.sprites.image("arzium/character_face")
            fx, fy = face.get_width() / FACE_W, face.get_height() / FACE_H
            bx, by, bw, bh = FACE_BANNER
            top, bottom = (face.get_at((round((bx + bw / 2) * fx), round(y * fy)))[:3]
                           for y in (by + bh * 0.3, by + bh * 0.8))
            rect = plate.get_rect()
            radius = max(2, plate.get_height() // 4)
            pygame.draw.rect(plate, bottom, rect, border_radius=radius)
            pygame.draw.rect(plate, top, rect.inflate(0, -rect.h // 2).move(0, -rect.h // 4), border_radius=radius)
            pygame.draw.rect(plate, INK, rect, max(1, px // 12), border_radius=radius)
            if used:
                plate.fill(USED_NIGHT, special_flags=pygame.BLEND_RGB_MULT)
            for i, line in enumerate(lines):
                img = text.render(line, px, USED_WELL if used else NAME_INK, bold=True)
                plate.blit(img, img.get_rect(midtop=(width // 2, (plate.get_height() - len(lines) * line_h) // 2
                                                     + i * line_h)))
            return plate
        return self._get(("plate", lines, px, width, used), make)

    def used_character(self, card_id: str, width: int, colour: str | None) -> pygame.Surface:
        """A used (face-down) character, `width` as a face-up one: upright with its pattern readable, but
        smaller, leaning aside, its frame at night with a moon badge, its shadow drawn in; no name on its
        banner (a party puts a name plate over it)."""
        def make() -> pygame.Surface:
            face = self.character(card_id, width, colour, named=False).copy()
            k = width / FACE_W
            well = pygame.Rect(*(round(v * k) for v in FACE_WELL))
            lit = face.subsurface(well).copy()
            lit.fill(USED_WELL, special_flags=pygame.BLEND_RGB_MULT)
            face.fill(USED_NIGHT, special_flags=pygame.BLEND_RGB_MULT)
            face.blit(lit, well)
            size = max(6, round(width * 0.36))  # the used artifacts' moon, on the bottom-left flourish
            moon = self.app.sprites.scaled("arzium/artifact_back", (size, size))
            face.blit(moon, moon.get_rect(midleft=(round(24 * k), round(306 * k))))
            drop = max(1, round(4 * k))
            card = pygame.Surface((face.get_width() + drop, face.get_height() + drop), pygame.SRCALPHA)
            pygame.draw.rect(card, (20, 12, 6, 110), face.get_rect().move(drop, drop),
                             border_radius=max(1, round(12 * k)))
            card.blit(face, (0, 0))
            return pygame.transform.rotozoom(card, USED_TILT, USED_SCALE)
        return self._get(("used", card_id, width, colour), make)

    def card_back(self, width: int) -> pygame.Surface:
        return self.app.sprites.scaled("arzium/card_back", (width, round(width * 1.5)))

    # -- artifacts --------------------------------------------------------------------------

    def artifact(self, artifact_id: str, size: int, face_up: bool = True) -> pygame.Surface:
        """An artifact tile; a used one is darkened with its moon-back colours."""
        ability = self.cards.artifact(artifact_id).ability

        def make() -> pygame.Surface:
            tile = self.app.sprites.scaled(f"arzium/artifact_{ability}", (size, size)).copy()
            if not face_up:
                tile.fill((110, 100, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
                moon = self.app.sprites.scaled("arzium/artifact_back", (size // 2, size // 2))
                tile.blit(moon, (size - size // 2, 0))
            return tile
        return self._get(("artifact", ability, size, face_up), make)
