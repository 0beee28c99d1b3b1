"""Character cards in a party: every name can be read at a glance, however many cards a party holds, and
while a human chooses a character each face-up one shows the number key that picks it."""
from __future__ import annotations

import pygame
import pytest

from arzium.rules.cards import default_cards
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.art import NAME_FLOOR_PX, CardArt
from arzium.scenes.catalog import midgame_scene
from arzium.scenes.flow import play_scene
from arzium.scenes.party_view import BANNER_MIN_PX, PartyLook, PartyView
from arzium.scenes.play import PlayScene
from arzium.scenes.shown import Shown
from common.data.i18n import _, set_language
from common.data.settings import Settings
from common.engine import text
from common.engine.app import App, AppOptions
from helpers import evidence

SIZES = [(1280, 720), (960, 540)]
LINE_PX = {(1280, 720): 10, (960, 540): 8}  # the least height of a name's line of text
INK_PX = {(1280, 720): 7, (960, 540): 6}    # and of its letters as drawn (capitals, without descenders)
EDGES = {2: ("south", "north"), 3: ("south", "west", "north"), 4: ("south", "west", "north", "east")}
NAME_INK, USED_INK = (255, 244, 226), (226, 222, 240)  # a name's letters on a face-up and on a used card
CARDS = default_cards()
LONGEST_FIRST = sorted(CARDS.cards, key=lambda c: -len(CARDS.card(c).name))


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request: pytest.FixtureRequest) -> App:
    a = App(AppOptions(size=request.param, headless=True, save_settings=False), settings=Settings())
    yield a
    pygame.quit()


def table(app: App, players: int, n_cards: int) -> PlayScene:
    """A game of `players` seats (the first human) where every party holds `n_cards` characters, the
    longest names dealt first, every third one used."""
    seats = tuple(SeatSetup(f"Seat {i + 1}", colour, edge, "human" if i == 0 else "bot")
                  for i, (colour, edge) in enumerate(zip(("red", "blue", "green", "yellow"), EDGES[players])))
    state = new_game(Setup(seats, True, 0), 5)
    for p, ps in enumerate(state.players):
        ps.cards = (LONGEST_FIRST * 2)[p * n_cards:(p + 1) * n_cards]
        ps.face_up = [i % 3 != 1 for i in range(n_cards)]
    scene = play_scene(app, state, autosave=False)
    scene.layout(app.size)
    scene.shown = Shown.of(state)
    return scene


def drawn(party: PartyView, shown: Shown, look: PartyLook) -> pygame.Surface:
    """The party as it is drawn on a plain table, cut out at its place."""
    table = pygame.Surface(party.app.size)
    party.draw(table, shown, look, (0, table.copy()))
    return table.subsurface(party.rect).copy()


def ink_rows(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many rows of `surface` hold pixels of (nearly) `colour`, from the first to the last."""
    mask = pygame.mask.from_threshold(surface, (*colour, 255), (24, 24, 24, 255))
    rects = mask.get_bounding_rects()
    return max(r.bottom for r in rects) - min(r.top for r in rects) if rects else 0


def differing(a: pygame.Surface, b: pygame.Surface) -> pygame.mask.Mask:
    """The pixels where two pictures of the same size differ."""
    same = None
    for x, y in ((a, b), (b, a)):
        d = x.copy()
        d.blit(y, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        zero = pygame.mask.from_threshold(d, (0, 0, 0, 0), (1, 1, 1, 1))
        same = zero if same is None else same.overlap_mask(zero, (0, 0))
    same.invert()
    return same


def is_name_of(lines: tuple[str, ...], name: str) -> bool:
    """The whole name (on one or two lines) or one word of it."""
    return " ".join(lines) == name or (len(lines) == 1 and lines[0] in name.split())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("n_cards", evidence(range(3, 11), {0, 3, 7}))  # 3, 6 and 10 cards; all with -m slow
def test_every_character_in_every_party_shows_a_readable_name(app: App, players: int, n_cards: int) -> None:
    scene = table(app, players, n_cards)
    shown = scene.shown
    for party in scene.parties:
        p = party.player
        picture = drawn(party, shown, PartyLook())
        for i, cid in enumerate(shown.cards[p]):  # letters of a readable height over the top of the card
            up = shown.face_up[p][i]
            card = party.card_rect(shown, i).move(-party.rect.x, -party.rect.y)
            # (above a face-up card's pattern well, as pale as its name; a used card leans, its well dimmed)
            top = pygame.Rect(card.x - card.w // 4, card.y - 4, card.w * 3 // 2, 4 + card.h * (22 if up else 30) // 100)
            letters = picture.subsurface(top.clip(picture.get_rect()))
            ink = ink_rows(letters, NAME_INK if up else USED_INK)
            assert ink >= INK_PX[app.size], (party.side, CARDS.card(cid).name, ink)
        plates = []
        for i, cid in enumerate(shown.cards[p]):
            name = CARDS.card(cid).name
            rect, lines, px = party.name_plate(shown, i)
            font = text.font(px, True)
            assert font.get_height() >= LINE_PX[app.size], (party.side, name, px)
            assert is_name_of(lines, name), (name, lines)
            assert all(font.size(line)[0] <= rect.w for line in lines), (name, lines, rect)
            assert party.rect.contains(rect), (party.side, name)
            card = party.card_rect(shown, i)
            assert rect.colliderect(card) and rect.top <= card.top + card.h // 4  # over the card's banner
            plates.append(rect)
        for i, a in enumerate(plates):  # neighbours' names never cover each other
            assert a.collidelist(plates[:i]) == -1, (party.side, i)


def test_a_name_that_does_not_fit_goes_by_a_shorter_form(app: App) -> None:
    scene = table(app, 4, 10)
    names = {CARDS.card(c).name: party.name_plate(scene.shown, i)[1]
             for party in scene.parties for i, c in enumerate(scene.shown.cards[party.player])}
    assert names["Quentin Quiverleaf"] == ("Quentin",)
    assert names["Sir Bramble of Nowhere"] == ("Bramble",)
    assert names["Bartholomew Bun"] in {("Bartholomew",), ("Bun",)}
    roomy = table(app, 2, 3)  # the human's three cards are large: the whole name, on two lines
    lines = roomy.parties[0].name_plate(roomy.shown, 0)[1]
    assert len(lines) == 2 and " ".join(lines) == "The Lesser Lord of Lanterns"


def human_choosing(app: App) -> tuple[PlayScene, list[bool]]:
    """The human's first turn with a party of five, the second and fourth used."""
    seats = (SeatSetup("Hana", "red", "south", "human"), SeatSetup("Mo", "blue", "north", "bot"))
    state = new_game(Setup(seats, False, 0), 3)
    ps = state.players[0]
    ps.cards = ps.cards + [c for c in LONGEST_FIRST if c not in ps.cards][:5 - len(ps.cards)]
    ps.face_up = [True, False, True, False, True]
    scene = play_scene(app, state, autosave=False)
    scene.layout(app.size)
    scene.shown = Shown.of(state)
    assert scene.table.acting_human() == 0
    return scene, ps.face_up


def test_number_badges_sit_on_the_face_up_characters_in_key_order(app: App) -> None:
    scene, face_up = human_choosing(app)
    party = scene.parties[0]
    look = scene.view.look(0, 0, None)
    assert look.keys == (0, 2, 4)  # numbering skips the used ones
    assert scene.view.look(1, 0, None).keys == ()  # nobody else's cards
    with_keys = drawn(party, scene.shown, look)
    without = drawn(party, scene.shown, PartyLook(look.active, pickable=look.pickable))
    changed = differing(with_keys, without)
    origin = pygame.Vector2(party.rect.topleft)
    badges = [party.key_badge(scene.shown, i).move(-origin.x, -origin.y) for i in look.keys]
    for badge in badges:
        assert changed.overlap_area(pygame.mask.Mask(badge.size, fill=True), badge.topleft) > badge.w * badge.h // 2
    outside = changed.copy()
    for badge in badges:
        outside.erase(pygame.mask.Mask(badge.inflate(4, 4).size, fill=True), badge.inflate(4, 4).topleft)
    assert outside.count() == 0  # nothing drawn anywhere else, in particular not on the used cards
    for i, up in enumerate(face_up):
        card = party.card_rect(scene.shown, i).move(-origin.x, -origin.y)
        assert any(b.colliderect(card) for b in badges) == up
        for b in badges:  # a badge belongs to one card only
            assert not b.colliderect(card) or b == badges[look.keys.index(i)]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_pressing_a_badges_number_selects_its_card(app: App, number: int) -> None:
    scene, _ = human_choosing(app)
    keys = scene.view.look(0, 0, None).keys
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + number - 1, mod=0, unicode=str(number)))
    assert scene.choice.selected == keys[number - 1]
    assert scene.view.look(0, 0, None).keys == keys  # the numbers stay while the choice can still change


def test_no_badges_unless_the_human_is_choosing_a_character(app: App) -> None:
    scene, _ = human_choosing(app)
    scene.choice.mode = "wake"  # an artifact asks for a used character: the numbers would mislead
    assert scene.view.look(0, 0, None).keys == ()
    scene, _ = human_choosing(app)
    scene.table.replay = []  # nobody's input is taken (as while a bot plays or a replay runs)
    assert scene.table.acting_human() is None
    assert all(scene.view.look(p, None, None).keys == () for p in (0, 1))


def test_a_banner_too_narrow_for_name_and_level_shows_the_name_then_a_shorter_form(app: App) -> None:
    seat = SeatSetup("Dora Dormilona", "blue", "west", "bot", "normal")
    party = PartyView(app, CardArt(app), 1, seat)
    readable = max(NAME_FLOOR_PX, app.font_px(BANNER_MIN_PX))
    wide = text.font(text.fit_px(party.label, app.font_px(19), 10_000, bold=True), True).size(party.label)[0]
    assert party.banner_label(wide + 2)[0] == "Dora Dormilona · Normal"
    label, px = party.banner_label(text.font(readable, True).size("Dora Dormilona")[0] + 1)
    assert label == "Dora Dormilona" and px >= readable  # the level gives way before the letters shrink
    label, px = party.banner_label(text.font(readable, True).size("Dora")[0] + 1)
    assert label == "Dora" and px >= readable


def test_every_seat_of_a_four_player_table_has_its_name_at_a_readable_size(app: App) -> None:
    scene = midgame_scene(app)
    app.stack.clear_to(scene)
    app.step([], 16)
    assert len(scene.parties) == 4
    for party in scene.parties:
        shown = scene.shown
        banner = party.geometry(tuple(shown.cards[party.player]), len(shown.artifacts[party.player])).banner
        left, right = party.name_span(banner)
        label, px = party.banner_label(right - left)
        assert px >= max(NAME_FLOOR_PX, app.font_px(BANNER_MIN_PX)) and label, (party.side, label, px)


def rows_of(rects: list[pygame.Rect]) -> list[list[pygame.Rect]]:
    """Rects grouped into rows by their centres' height, top row first."""
    rows: dict[int, list[pygame.Rect]] = {}
    for r in rects:
        key = next((y for y in rows if abs(y - r.centery) <= r.h // 4), r.centery)
        rows.setdefault(key, []).append(r)
    return [sorted(rows[y], key=lambda r: r.x) for y in sorted(rows)]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_party_of_any_size_fills_its_place_with_named_cards(app: App, players: int, lang: str) -> None:
    set_language(lang)
    try:
        parties_fill_their_places(app, players)
    finally:
        set_language("en")


def parties_fill_their_places(app: App, players: int) -> None:
    """Every party of 1 to 12 characters: the cards inside it, apart, named, and as large as the place allows."""
    for n_cards in range(1, 13):
        scene = table(app, players, n_cards)
        shown = scene.shown
        for party in scene.parties:
            where = (party.side, n_cards)
            places = [party.card_rect(shown, i) for i in range(n_cards + 1)]  # and where the next one goes
            cards = places[:n_cards]
            for i, card in enumerate(places):
                assert party.rect.contains(card), where
                assert card.collidelist(places[:i]) == -1, (where, i)
            plates = []
            for i, cid in enumerate(shown.cards[party.player]):
                rect, lines, px = party.name_plate(shown, i)
                font = text.font(px, True)
                assert is_name_of(lines, _(CARDS.card(cid).name)), (where, lines)
                assert all(font.size(line)[0] <= rect.w for line in lines), (where, lines, rect)
                assert party.rect.contains(rect) and rect.collidelist(plates) == -1, (where, i)
                plates.append(rect)
            # a row more than half empty is allowed only when one row of all of them would not be larger
            left, right = min(r.left for r in places), party.rect.right - app.px(8)
            slot = max(r.w for r in places) / cards[0].h  # a place's width for its height
            across = (right - left - n_cards * app.px(4)) / (slot * (n_cards + 1))
            one_row = min(across, party.rect.h - 2 * app.px(8), app.px(112)) * 0.95
            grid = rows_of(places)
            for row in grid[:-1] if len(grid) > 1 else []:
                empty = right - row[-1].right
                assert empty <= (right - left) / 2 or cards[0].h >= one_row, (where, len(grid), empty, cards[0].h)
