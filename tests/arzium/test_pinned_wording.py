"""A pinned placement's instruction and map note say what that placement allows: blanks to buy, a marker to
displace (and that it will be), or just placing; the ghost's note and a hint's sit on the map's top and bottom edges,
and a land's tooltip keeps clear of that land."""
from __future__ import annotations

import pygame
import pytest

from arzium.rules.builders import Party, put_markers, set_party
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes import table_view
from arzium.scenes.flow import play_scene
from arzium.scenes.play import PlayScene
from arzium.scenes.sidebar import pinned_hint, pinned_state, pinned_tag
from common.engine.app import App
from common.ui import tooltip

SEATS = (SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bo", "blue", "north", "human"))


@pytest.mark.parametrize(("state", "hint", "tag"), [
    ((0, 0, False), "Click the pattern or Place here to search.", "held here: click the pattern to search"),
    ((2, 0, False), "Click blanks (2 coins) to add them, then click the pattern or Place here.",
     "held here: click the blank squares you want, then the pattern"),
    ((0, 1, False), "Click a marker with the arrow to displace it, then click the pattern or Place here.",
     "held here: click a marker with the arrow to displace it"),
    ((0, 1, True), "The ringed marker will be displaced (click it again to keep it), then click the pattern or "
     "Place here.", "held here: the ringed marker will be displaced"),
    ((1, 1, False), "Click blanks (2 coins) to add them. Click a marker with the arrow to displace it. Then Place "
     "here.", "held here: click the blank squares you want, then the pattern"),
])
def test_the_pinned_hint_and_tag_follow_the_placements_options(state: tuple[int, int, bool], hint: str,
                                                               tag: str) -> None:
    assert pinned_hint(*state) == hint and pinned_tag(*state) == tag


def displace_scene(app: App) -> PlayScene:
    """Ann (to act) holds a Scout (two squares side by side, no blanks) and the Elbowing Umbrella (Displace);
    Bo has a marker on square 1."""
    state = new_game(Setup(SEATS, True, 0), 3)
    set_party(state, 0, Party(("scout-red",), artifacts=("A05",), coins=5))
    put_markers(state, 1, [1])
    scene = play_scene(app, state, autosave=False)
    app.stack.clear_to(scene)
    scene.layout(app.size)
    return scene


def test_a_pinned_scout_with_a_marker_to_displace_asks_for_no_blanks(app: App) -> None:
    scene = displace_scene(app)
    choice = scene.choice
    choice.use_artifact(0)
    assert choice.armed == {"A05": "displace"}
    choice.selected = 0
    scene.mouse = scene.board_view.square_center(0)
    ghost = choice.ghost()
    assert ghost is not None and ghost.legal and (ghost.open_blanks, ghost.displace_targets) == (0, 1)
    choice.pinned = ghost.anchor
    assert pinned_state(choice) == (0, 1, False)
    assert "blanks" not in scene.sidebar.instructions()[1]
    choice.click_map(scene.board_view.square_center(1), 1)
    assert choice.displace_sq == 1 and pinned_state(choice) == (0, 1, True)
    assert scene.sidebar.instructions()[1].startswith("The ringed marker will be displaced")
    assert {k for _r, _c, k in choice.ghost().cells} == {"ok", "displace_on"}


def test_the_ghosts_note_sits_on_the_maps_top_edge_and_a_hints_on_its_bottom_edge(app: App) -> None:
    scene = displace_scene(app)
    choice = scene.choice
    choice.selected = 0
    scene.mouse = scene.board_view.square_center(14)
    ghost = choice.ghost()
    assert ghost is not None and ghost.legal
    choice.pinned = ghost.anchor
    frame = scene.board_view.frame_rect
    view = scene.view
    note = view._overlays(0)[-1].rect
    parties = [party.rect for party in scene.parties]
    assert note.top <= frame.top < note.bottom and note.collidelist(parties) == -1  # on the edge, clear of parties
    scene.hints.show(ghost.search)
    assert scene.hints.hint is not None
    tag = view._hint_parts(scene.hints.hint, 0, scene.moment())[-1].rect
    assert tag.top < frame.bottom <= tag.bottom and tag.collidelist(parties) == -1 and not tag.colliderect(note)


def test_a_lands_tooltip_keeps_clear_of_that_land(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = displace_scene(app)
    view = scene.view
    got: list[pygame.Rect | None] = []
    monkeypatch.setattr(table_view, "draw_tooltip", lambda surface, app, tip, pos, avoid=None: got.append(avoid))
    view.hover_key = ("land", (4, 3))  # a square of the fifth land (row 1, column 1)
    view._draw_hover(scene.moment(), pygame.Surface(app.size))
    assert got == [scene.board_view.slot_rect(4)]


def test_an_artifacts_tooltip_keeps_clear_of_the_artifact_and_its_price(app: App,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    scene = displace_scene(app)
    view = scene.view
    tile = scene.sidebar.row_reach(0)
    assert tile.contains(scene.sidebar.row_rects[0]) and tile.bottom >= scene.sidebar.row_rects[0].bottom + app.px(20)
    placed: list[pygame.Rect] = []
    where = tooltip.tooltip_rect
    monkeypatch.setattr(tooltip, "tooltip_rect", lambda *a, **k: placed.append(where(*a, **k)) or placed[-1])
    scene.mouse = scene.sidebar.row_rects[0].center
    view.hover_key = ("row", 0)
    view._draw_hover(scene.moment(), pygame.Surface(app.size))
    assert len(placed) == 1 and not placed[0].colliderect(tile)
