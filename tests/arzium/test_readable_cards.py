"""Readable cards: the numbers a player decides by (a character's points, a blank's cost, coins, markers,
artifacts' points and prices) and the characters' names, painted into the cards' and parties' cached pictures,
are at least as tall as the table's body text (the move log's) where they land on the frame, and the names
as tall as a party's least size, at every supported window size; on the result screen every character is
named and every blank shows its cost, whatever the party's size."""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from arzium.rules.state import GameState, Setup
from arzium.scenes.art import NAME_FLOOR_PX, NUMBER_PX, short_names
from arzium.scenes.catalog import SEATS, finished_scene, played
from arzium.scenes.flow import play_scene
from arzium.scenes.party_view import NAME_MIN_PX
from arzium.scenes.result import ResultScene
from common.data.i18n import _
from common.engine import text
from common.engine.app import App
from common.engine.scene import Scene
from helpers import close_app, make_app
from text_record import Drawn, Placed, RecordingSurface, record

SIZES = ((960, 540), (1280, 720), (1920, 1080))


def late_table(app: App) -> Scene:
    """Four seats late in a basic game: parties of nine and ten characters."""
    state, actions = played(Setup(SEATS, False, 0), 5, lambda s: max(len(p.cards) for p in s.players) >= 10)
    return play_scene(app, state, actions, autosave=False)


def result_of(players: int) -> Callable[[App], Scene]:
    return lambda app: finished_scene(app, players)


SCENES = {"late table": late_table, "result 3": result_of(3), "result 4": result_of(4)}


QUICK = {((960, 540), "late table"), ((960, 540), "result 4"), ((1920, 1080), "result 3"),
         ((960, 540), 4), ((1280, 720), 3)}  # the rest of the grid: slow


def grid(cases: list[object]) -> list[object]:
    return [pytest.param(size, case, id=f"{size[0]}x{size[1]}-{case}",
                         marks=() if (size, case) in QUICK else pytest.mark.slow) for size in SIZES for case in cases]


@pytest.fixture
def app(size: tuple[int, int]) -> Iterator[App]:
    made = make_app(size)
    yield made
    close_app(made)


def painted(app: App, build: Callable[[App], Scene], monkeypatch: pytest.MonkeyPatch) -> tuple[Scene, list[Placed]]:
    """The scene `build` makes, and the texts its frame shows (those inside pictures too)."""
    drawn = Drawn()
    record(drawn, monkeypatch)
    scene = build(app)
    app.stack.clear_to(scene)
    for _frame in range(3):
        app.step([], 1000 / 60)
    drawn.placed.clear()
    scene.draw(RecordingSurface(app.size, drawn))
    return scene, drawn.placed


def body_height(app: App) -> int:
    """How tall the table's body text is drawn (a digit of the move log's size)."""
    return text.render("0", app.font_px(NUMBER_PX), (0, 0, 0)).get_height()


def name_height(app: App) -> int:
    """How tall a character's name is drawn at the least size a party writes it (never below the floor)."""
    return text.render("0", max(NAME_FLOOR_PX, app.font_px(NAME_MIN_PX)), (0, 0, 0), bold=True).get_height()


def card_names(state: GameState) -> set[str]:
    names = {_(state.cards.card(c).name) for p in state.players for c in p.cards}
    return names | {form for name in names for form in short_names(name)}


@pytest.mark.parametrize(("size", "name"), grid(list(SCENES)))
def test_numbers_and_names_on_cards_are_as_tall_as_the_body_text(app: App, size: tuple[int, int], name: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    scene, placed = painted(app, SCENES[name], monkeypatch)
    chart = scene.drawn.chart if isinstance(scene, ResultScene) else pygame.Rect(0, 0, 0, 0)
    state = scene.state if isinstance(scene, ResultScene) else scene.table.view_state()  # type: ignore[attr-defined]
    names = card_names(state)
    numbers = [p for p in placed if p.string.isdigit() and not chart.colliderect(p.rect)]
    named = [p for p in placed if p.string in names]
    assert len(numbers) > 20 and len(named) > 20, "the recording saw no card's texts"
    body, least = body_height(app), name_height(app)
    small = [f"{p.string!r} {p.rect.h} px at {tuple(p.rect.topleft)}" for p in numbers if p.rect.h < body]
    assert not small, f"body text {body} px; numbers smaller: " + ", ".join(small)
    small = [f"{p.string!r} {p.rect.h} px at {tuple(p.rect.topleft)}" for p in named if p.rect.h < least]
    assert not small, f"names {least} px at least; smaller: " + ", ".join(small)


@pytest.mark.parametrize(("size", "players"), grid([3, 4]))
def test_every_result_card_is_named_and_shows_its_blanks_cost(app: App, size: tuple[int, int], players: int,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    scene, placed = painted(app, result_of(players), monkeypatch)
    assert isinstance(scene, ResultScene)
    state = scene.state
    for player in state.players:
        for card_id in player.cards:
            card = state.cards.card(card_id)
            tile = next(rect for rect, words in scene.drawn.tiles if words.startswith(_(card.name) + ":"))
            forms = {_(card.name), *short_names(_(card.name))}
            assert any(p.string in forms and tile.inflate(0, tile.h).colliderect(p.rect) for p in placed), \
                f"{card.name} has no name on the result screen"
            blanks = sum(row.count("B") for row in card.pattern)
            well = tile.top + tile.h * 0.8  # above the points' seal
            costs = [p for p in placed if p.string == "2" and p.box == tile and p.rect.centery < well]
            assert len(costs) == blanks, f"{card.name}: {blanks} blanks, {len(costs)} costs shown"
