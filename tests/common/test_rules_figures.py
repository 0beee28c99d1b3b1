"""The rules screens' figures: every marker names a figure, each figure draws, an unknown one is a notice."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from common.engine import text
from common.engine.app import App
from common.games import GAMES
from common.scenes.rules import RulesScene, parse_rules
from common.ui.figure_book import FigureBook
from helpers import close_app, evidence, make_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shared_app() -> Iterator[App]:
    """One app for every figure (its sprites decoded once), resized by each test."""
    made = make_app()
    yield made
    close_app(made)


def markers(path: Path) -> list[str]:
    return [body for kind, body in parse_rules(path.read_text(encoding="utf-8")) if kind == "figure"]


def book(game: str) -> FigureBook:
    return GAMES[game].rules_figures()


@pytest.mark.parametrize("game", ["arenas", "arzium"])
def test_every_marker_of_both_languages_names_a_figure_and_both_show_the_same(game: str) -> None:
    english, spanish = markers(ROOT / game / "rules_text.md"), markers(ROOT / game / "rules_text.es.md")
    assert english == spanish
    assert sorted(english) == sorted(book(game))


@pytest.mark.parametrize("size", evidence([(960, 540), (1280, 720)], {0}))  # the smaller; both with -m slow
@pytest.mark.parametrize(("game", "name"), [(g, n) for g in ("arenas", "arzium") for n in sorted(book(g))])
def test_each_figure_draws_inside_its_box_with_a_caption(shared_app: App, game: str, name: str,
                                                         size: tuple[int, int]) -> None:
    shared_app.resize_window(size)
    scene = RulesScene(shared_app, game)
    scene.layout(shared_app.size)
    width, height = scene.figure_size()
    made = scene.figure(name, width, height)
    assert made is not None and made.caption
    w, h = made.image.get_size()
    assert 0 < w <= width and 0 < h <= height
    assert made.image.get_bounding_rect().size == (w, h)  # drawn edge to edge, not an empty surface


def test_an_unknown_figure_is_a_one_line_notice(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = RulesScene(app, "arenas")
    scene.blocks = parse_rules("# Rules\n\nSome text.\n\n[figure: no-such-thing]\n\nMore text.\n")
    drawn: list[str] = []
    render = text.render
    monkeypatch.setattr(text, "render", lambda line, *args, **kw: drawn.append(line) or render(line, *args, **kw))
    scene.layout(app.size)
    scene.update(16)
    assert drawn == ["Rules", "Some text.", "(No figure called \u201cno-such-thing\u201d here)", "More text."]


def test_figures_are_made_in_update_when_the_page_comes_near_them(app: App) -> None:
    scene = RulesScene(app, "arzium")
    scene.layout(app.size)
    size = scene.figure_size()
    first, *later = scene.figure_tops
    scene.update(16)
    assert scene.figure(first, *size, make=False) is not None
    last = later[-1]
    scene.target = scene.scroll = float(scene.figure_tops[last])
    for _frame in range(len(later)):
        scene.update(16)
    made = scene.figure(last, *size, make=False)
    assert made is not None
    page = scene.page
    assert isinstance(page, pygame.Surface)
    top = scene.figure_tops[last]
    assert page.subsurface((0, top, page.get_width(), made.image.get_height())).get_bounding_rect().h > 0
