"""How the table looks: a used character is plainly marked, yet its pattern reads at a glance; the
turn banner never hides the board or a party."""
from __future__ import annotations

import pygame
import pytest

from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.art import FACE_W, FACE_WELL, CardArt
from arzium.scenes.flow import play_scene
from common.data.settings import Settings
from common.engine.app import App, AppOptions


def pixels_of(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many opaque pixels of `surface` are close to `colour`."""
    return pygame.mask.from_threshold(surface, (*colour, 255), (40, 40, 40, 255)).count()


def brightness(surface: pygame.Surface) -> int:
    r, g, b, _ = pygame.transform.average_color(surface, consider_alpha=True)
    return r + g + b


@pytest.mark.parametrize("width", [40, 72, 120])
def test_a_used_character_is_dimmed_upright_and_its_pattern_keeps_its_colour(app: App, width: int) -> None:
    art = CardArt(app)
    face = art.character("C01", width, "red")
    used = art.used_character("C01", width, "red")
    red = art.colour("red")
    well = pygame.Rect(*(round(v * width / FACE_W) for v in FACE_WELL))
    assert pixels_of(used, red) >= 0.6 * pixels_of(face.subsurface(well), red)  # the pattern squares stay lit
    assert used.get_height() > used.get_width()  # upright: the pattern keeps the orientation it is placed in
    assert brightness(used) < 0.75 * brightness(face)  # and the card as a whole is plainly at night


def test_a_used_characters_rect_is_its_picture(app: App) -> None:
    seats = (SeatSetup("P1", "red", "south", "human"), SeatSetup("P2", "blue", "north", "bot"))
    scene = play_scene(app, new_game(Setup(seats, False, 0), 3), autosave=False)
    scene.layout(app.size)
    scene.shown.face_up[0][1] = False
    party = scene.parties[0]
    rect = party.card_rect(scene.shown, 1)
    width = party.card_rect(scene.shown, 0).w
    assert rect.size == scene.art.used_character(scene.shown.cards[0][1], width, "red").get_size()
    assert party.card_at(scene.shown, rect.center) == 1


SEAT_EDGES = {2: ("south", "north"), 3: ("south", "west", "north"), 4: ("south", "west", "north", "east")}


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_turn_banner_never_covers_the_board_or_a_party(size: tuple[int, int], players: int) -> None:
    app = App(AppOptions(size=size, headless=True, save_settings=False), settings=Settings())
    try:
        assert app.size == size
        seats = tuple(SeatSetup(f"Sleepy Seat {i + 1}", colour, edge, "human" if i == 0 else "bot")
                      for i, (colour, edge) in enumerate(zip(("red", "blue", "green", "yellow"), SEAT_EDGES[players])))
        scene = play_scene(app, new_game(Setup(seats, True, 0), 5), autosave=False)
        scene.layout(app.size)
        for message in ("Your turn", "Tie on Candlewick Copse! Sleepy Seat 4 and Sleepy Seat 2 bid for it"):
            scene.announce(message, 0)
            _, box = scene.sidebar.banner()
            assert not box.colliderect(scene.board_view.rect) and not box.colliderect(scene.board_view.frame_rect)
            assert not any(box.colliderect(party.rect) for party in scene.parties)
            assert scene.sidebar.rect.contains(box)
    finally:
        pygame.quit()
