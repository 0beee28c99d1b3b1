"""Arenas in Spanish: the setup, play and result screens draw no English message of arenas.po, counts take
their plural form, and numbers their decimal comma."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from babel.messages.pofile import read_po

from arenas.bots.proof import LABELS, load_difficulty
from arenas.rules.actions import PlayWild
from arenas.rules.builders import build_level
from arenas.rules.components import Tile
from arenas.rules.levels import load_levels
from arenas.scenes import catalog, flow
from arenas.scenes.hints import describe_hint
from arenas.scenes.level_facts import difficulty_step, difficulty_text, level_facts
from arenas.scenes.setup import reaction_options
from arenas.scenes.setup_widgets import Choices
from arenas.session import RunRecord, format_ms
from arenas.wording import card_name, tile_name, timer_code, timer_name
from common.data import i18n
from common.engine import text
from common.engine.app import App
from common.engine.scene import Scene
from common.tools import spanish_style
from helpers import FRAME, key, motion

CATALOGUE = Path(__file__).resolve().parents[2] / "common" / "locale" / "es" / "LC_MESSAGES" / "arenas.po"


def english_messages() -> set[str]:
    """Every English message of arenas.po (singular and plural) that reads differently in Spanish."""
    with CATALOGUE.open("rb") as f:
        catalogue = read_po(f)
    found = set()
    for message in catalogue:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        found |= {english for english in ids if english not in strings}
    return found


@pytest.fixture
def spanish() -> Iterator[None]:
    assert i18n.set_language("es") is None
    try:
        yield
    finally:
        i18n.set_language("en")


def recorded(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every string common.engine.text renders, places, fits or wraps from now on."""
    drawn: set[str] = set()
    for name in ("render", "draw_text", "fit_px", "wrap", "wrap_balanced"):
        original: Callable[..., Any] = getattr(text, name)

        def hooked(*args: Any, _original: Callable[..., Any] = original, **kwargs: Any) -> Any:
            drawn.add(next(a for a in args if isinstance(a, str)))
            return _original(*args, **kwargs)
        monkeypatch.setattr(text, name, hooked)
    return drawn


def show(app: App, scene: Scene, events: list[list[pygame.event.Event]]) -> None:
    """Open `scene` and step a frame for each batch of events, then a second's worth more."""
    app.stack.clear_to(scene)
    for batch in [*events, *[[]] * 60]:
        app.step(batch, FRAME)


def setup_screens(app: App) -> None:
    """The setup screen with two seats (one a bot) and every level's details, and with only bots."""
    scene = flow.setup_scene(app)
    show(app, scene, [])
    scene.set_count(2)
    scene.set_bot(1, True)
    for i in range(len(scene.levels)):
        scene.level_list.selected = i
        scene._sync()
        app.step([], FRAME)
    scene.set_bot(0, True)
    app.step([], FRAME)
    scene.start()  # every seat a bot: Watch
    for _frame in range(240):
        app.step([], FRAME)


def play_screens(app: App) -> None:
    """The busy seven-player run with the mouse over a timer and a gear, cards played, a wild card chosen,
    the pause overlay; the bot team's run with its hint."""
    scene = catalog.busy_play(app)
    show(app, scene, [])
    assert scene.board is not None
    geo = scene.board.geo
    rng = random.Random(5)
    for target in (scene.drawn_place("slow2")[0], scene.drawn_place("medium1")[0], geo.gears[3], geo.gears[14]):
        scene.mouse = (round(target[0]), round(target[1]))
        for _frame in range(30):
            app.step([motion(scene.mouse)], FRAME)
    for _card in range(6):
        app.step(key(rng.choice((pygame.K_1, pygame.K_2, pygame.K_3))), FRAME)
        app.step([], FRAME)
    scene.play_card(3)  # no such card
    state = scene.run.state
    wild = next((i for i, c in enumerate(state.hands[state.active]) if c.kind == "wild"), None)
    if wild is not None:
        scene.wild = wild
        app.step([], FRAME)
        scene.hint = describe_hint(state, PlayWild(state.active, wild, "activate", "medium1"), scene.now)
        app.step([], FRAME)
    scene.pause_play()
    app.step([], FRAME)
    scene.resume_play()
    for hint in (True, False):
        show(app, catalog.bots_play(app, hint), [])


def result_screens(app: App) -> None:
    """A finished game's result screen, and the one of a watched replay."""
    show(app, catalog.finished_result(app), [])
    setup, state = catalog.finished_game(3, seed=5)
    show(app, flow.result_scene(app, setup, state, RunRecord(), watched=True), [])


@pytest.mark.sweep
@pytest.mark.parametrize("screens", [setup_screens, play_screens, result_screens])
def test_the_arenas_screens_in_spanish_draw_no_english_message(
        app: App, spanish: None, monkeypatch: pytest.MonkeyPatch, screens: Callable[[App], None]) -> None:
    english = english_messages()
    assert len(english) > 150  # the catalogue was read
    drawn = recorded(monkeypatch)
    screens(app)
    assert len(drawn) > 20
    assert not sorted(drawn & english)


def test_counts_take_their_plural_form_in_both_languages(spanish: None) -> None:
    level = build_level([Tile("gray", "circle"), Tile("yellow", "crescent"), Tile("orange", "square")], 2,
                        [("slow1", 0)], blocks=frozenset({1}), hand_size=2)
    one, two = (level_facts(replace(level, team_size=n)) for n in (1, 2))
    assert one[0] == "3 engranajes · Desactivador tras el engranaje 2 · 1 engranaje en la zona de peligro"
    assert one[2:] == ["Reto: una mano de 2 cartas", "Reto: un bloque en el engranaje 2",
                       "Equipo sugerido: 1 jugador"]
    assert two[-1] == "Equipo sugerido: 2 jugadores"
    i18n.set_language("en")
    assert level_facts(level)[-1] == "Suggested team: 1 player"
    assert level_facts(replace(level, team_size=2))[-1] == "Suggested team: 2 players"


def test_pieces_are_named_in_spanish_with_their_agreement(spanish: None) -> None:
    assert [timer_name("slow1"), timer_name("fast2"), timer_code("slow2"), timer_code("fast1")] == \
        ["Lento 1", "Extrarrápido", "L2", "R"]
    assert [tile_name(Tile("yellow", "crescent")), tile_name(Tile("yellow", "square"))] == \
        ["Media luna amarilla", "Cuadrado amarillo"]
    assert card_name("wild") == "Comodín"
    i18n.set_language("en")
    assert [timer_name("medium1"), timer_code("fast2"), tile_name(Tile("gray", "triangle")), card_name("crescent")] == \
        ["Medium 1", "XF", "Gray triangle", "Crescent"]


def test_times_and_delays_take_the_decimal_comma_in_spanish(spanish: None) -> None:
    assert format_ms(65_432) == "1:05,4" and format_ms(9_900) == "0:09,9"
    assert reaction_options(1_250)[:3] == [(600, "0,6 s"), (800, "0,8 s"), (1_000, "1,0 s")]
    assert (1_250, "1,25 s") in reaction_options(1_250)
    i18n.set_language("en")
    assert format_ms(65_432) == "1:05.4" and format_ms(600_000) == "10:00.0"


def test_every_level_name_and_fact_is_shown_through_the_catalogues(spanish: None) -> None:
    """Level facts of every shipped level come out in Spanish (no English word of a fact is left)."""
    for level in load_levels():
        for fact in level_facts(level):
            assert "gear" not in fact and "Timers" not in fact and "Challenge" not in fact, fact


def test_a_bot_seat_keeps_its_name_across_a_language_switch(app: App) -> None:
    choices = Choices()
    choices.count = 2
    scene = flow.setup_scene(app)
    scene.choices = choices
    scene.set_bot(1, True)
    assert choices.name(1) == "Clockwork Pip" and choices.name(0) == "Player 1"
    i18n.set_language("es")
    try:
        assert choices.name(1) == "Pip de Cuerda" and choices.name(0) == "Jugador 1"
        scene.set_bot(1, False)
        assert choices.name(1) == "Jugador 2"
    finally:
        i18n.set_language("en")


def test_every_difficulty_label_of_the_proof_is_in_spanish() -> None:
    i18n.set_language("es")
    try:
        assert [i18n._(label) for _floor, label in LABELS] == ["Suave", "Fácil", "Complicada", "Difícil", "Brutal"]
        lines = [difficulty_text({"label": label, "win_rate": 0.57, "expert_win_rate": 1.0}) for _f, label in LABELS]
        assert lines[2] == "Dificultad: Complicada · 6 de cada 10 equipos lo ganan · bots expertos: 10 de cada 10"
        assert [spanish_style.problems(line) for line in lines] == [[]] * len(LABELS)  # each agrees with «dificultad»
        assert spanish_style.problems("Dificultad: Complicado") != []
    finally:
        i18n.set_language("en")


def test_the_level_list_shows_how_hard_each_level_is() -> None:
    steps = [difficulty_step(row) for _n, row in sorted(load_difficulty().items())]
    assert len(steps) == len(load_levels()) and all(1 <= step <= len(LABELS) for step in steps)
    assert difficulty_step({"label": "Tricky"}) == 3
    assert difficulty_step({"label": "Nope"}) == difficulty_step(None) == 0
