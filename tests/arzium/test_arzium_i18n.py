"""Arzium in Spanish: the catalogue is complete and compiled, the catalog scenes and the bid dialog draw no
English message of it (every string measured or drawn through `common.engine.text` is recorded), the bid dialog
counts coins with plural forms, and the rules' fixed texts the scenes show are in the catalogue."""
from __future__ import annotations

import dataclasses
import gettext
import re
import string
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from babel.messages.pofile import read_po

from arzium.bots import make_bot
from arzium.rules.board import SIZE
from arzium.rules.cards import ABILITY_TEXT, default_cards
from arzium.rules.engine import apply, current_player
from arzium.rules.events import BiddingStarted, BidPlaced, Event, GameEnded, MarkerSlid, Rested, TurnStarted
from arzium.rules.preview import search_preview
from arzium.rules.state import GameState, SeatSetup, Setup, new_game
from arzium.scenes.bidding import BidScene
from arzium.scenes.flow import play_scene, setup_scene
from arzium.scenes.log_panel import describe
from arzium.wording import RULE_TEXTS, rule_text, shown_name
from common.data.i18n import catalogue_folder, language, set_language
from common.data.settings import Settings
from common.engine import text
from common.engine.app import App, AppOptions
from common.engine.scene import Scene
from common.tools import catalog

PO = catalogue_folder("es") / "arzium.po"
FRAME = 1000 / 60
EXTRA_FIELDS = {"name", "owner", "marker_owner", "others"}  # what `wording.person`, `group` and the slide line give


def entries() -> list[Any]:
    with PO.open("rb") as f:
        return [m for m in read_po(f) if m.id]


def fields(message: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(message) if name is not None}


def english_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Each English message whose Spanish differs, as a pattern a drawn string would match in full."""
    out = []
    for m in entries():
        pairs = [(m.id, m.string)] if isinstance(m.id, str) else list(zip(m.id, m.string))
        for english, spanish in pairs:
            if english == spanish or len(re.sub(r"\{\w*\}|\W", "", english)) < 3:
                continue
            parts = re.split(r"\{\w*\}", english)
            out.append((english, re.compile(".+?".join(re.escape(p) for p in parts), re.DOTALL)))
    return out


@pytest.fixture()
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string `common.engine.text` measures, wraps or renders from now on."""
    seen: list[str] = []

    def spy(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(s: str, *args: Any, **kwargs: Any) -> Any:
            seen.append(s)
            return real(s, *args, **kwargs)
        return call

    for name in ("render", "wrap", "wrap_balanced", "fit_px"):
        monkeypatch.setattr(text, name, spy(getattr(text, name)))
    yield seen


@pytest.fixture()
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("en")


def make_app(size: tuple[int, int]) -> App:
    """A headless app in the language set now (an App otherwise follows the settings and the system)."""
    return App(AppOptions(size=size, headless=True, save_settings=False, lang=language()), settings=Settings())


def english_in(seen: list[str]) -> list[str]:
    patterns = english_patterns()
    return sorted({f"{s!r} (msgid {english!r})" for s in set(seen) for english, p in patterns if p.fullmatch(s)})


def show(app: App, scene: Scene, frames: int = 20) -> None:
    app.stack.clear_to(scene)
    for _ in range(frames):
        app.step([], FRAME)


def shipped(compiled: gettext.GNUTranslations, ids: list[str], context: str | None = None) -> list[str]:
    """What the compiled catalogue says for a message (both forms of a plural one)."""
    if len(ids) == 1:
        return [compiled.pgettext(context, ids[0]) if context else compiled.gettext(ids[0])]
    if context:
        return [compiled.npgettext(context, ids[0], ids[1], n) for n in (1, 2)]
    return [compiled.ngettext(ids[0], ids[1], n) for n in (1, 2)]


def test_the_catalogue_is_complete_compiled_and_fills_its_fields() -> None:
    compiled = gettext.GNUTranslations((catalogue_folder("es") / "arzium.mo").open("rb"))
    problems = []
    for m in entries():
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.id, str) else list(m.string)
        allowed = set().union(*map(fields, ids)) | EXTRA_FIELDS
        if "fuzzy" in m.flags or len(strings) != len(ids) or not all(strings):
            problems.append(f"{m.id!r}: not translated")
        elif any(not fields(s) <= allowed for s in strings):
            problems.append(f"{m.id!r}: unknown field in {strings!r}")
        elif shipped(compiled, ids, m.context) != strings:
            problems.append(f"{m.id!r}: the .mo is older than the .po")
    assert len(entries()) > 250 and problems == []


@pytest.mark.sweep
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=["960x540", "1280x720"])
@pytest.mark.parametrize("name", ["arzium-setup", "arzium-play", "arzium-play-hint", "arzium-result"])
def test_catalog_scenes_in_spanish_draw_no_english_message(name: str, size: tuple[int, int], spanish: None,
                                                           drawn: list[str]) -> None:
    app = make_app(size)
    spec = catalog.get(name)
    assert spec is not None
    show(app, spec.build(app))
    pygame.quit()
    assert len(drawn) > 10 and english_in(drawn) == []


def test_the_english_check_finds_english_when_there_is_some(drawn: list[str]) -> None:
    app = make_app((960, 540))
    spec = catalog.get("arzium-setup")
    assert spec is not None
    show(app, spec.build(app))
    pygame.quit()
    found = english_in(drawn)
    assert any("'Add a seat'" in f for f in found) and any("'Player 1' (msgid 'Player {n}')" in f for f in found)


def tie_state() -> GameState:
    """Two people at a tie bidding (of the first deal that reaches one), the bidders holding 1 and 2 coins."""
    seats = (SeatSetup("Ann", "red", "south", "bot"), SeatSetup("Bo", "blue", "north", "bot"))
    for seed in range(200):
        state = new_game(Setup(seats, False, 0), seed)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        while state.phase not in ("bid", "over"):
            p = current_player(state)
            assert p is not None
            apply(state, bots[p].decide(state, p))
        if state.bid is not None and state.bid.high < 0:
            first, second = state.bid.bidders[:2]
            state.players[first].coins, state.players[second].coins = 1, 2
            state.setup = dataclasses.replace(state.setup, seats=tuple(
                dataclasses.replace(s, kind="human") for s in state.setup.seats))
            return state
    raise AssertionError("no tie found")


@pytest.mark.parametrize("language,one,two", [("en", "1 coin", "2 coins"), ("es", "1 moneda", "2 monedas")])
def test_the_bid_dialog_counts_coins_with_plural_forms(language: str, one: str, two: str,
                                                       drawn: list[str]) -> None:
    set_language(language)
    try:
        app = make_app((1280, 720))
        app.stack.clear_to(Scene(app))
        app.push(play_scene(app, tie_state(), autosave=False))
        for _ in range(10):
            app.step([], FRAME)
        assert isinstance(app.stack.top, BidScene)
        drawn.clear()
        app.step([], FRAME)
        pygame.quit()
    finally:
        set_language("en")
    assert one in drawn and two in drawn and "1 coins" not in drawn
    assert language == "en" or english_in(drawn) == []


def test_every_ability_text_of_the_rules_is_in_the_catalogue() -> None:
    assert set(ABILITY_TEXT.values()) <= set(RULE_TEXTS)
    assert set(RULE_TEXTS) <= {m.id for m in entries()}


@pytest.mark.parametrize("events,as_you,as_ann", [
    ([TurnStarted(0)], "Tu turno (turno 4)", "Turno de Ann (turno 4)"),
    ([BidPlaced(0, 1)], "Pujas 1 moneda", "Ann puja 1 moneda"),
    ([Rested(0, 2)], "Haces un descanso temprano por 2 monedas", "Ann hace un descanso temprano por 2 monedas"),
    ([MarkerSlid(0, 1, 3, 4)], "Deslizas el marcador de Bo", "Ann desliza el marcador de Bo"),
    ([GameEnded((20, 18), (0,))], "Fin de la partida. Has ganado", "Fin de la partida. Gana Ann"),
    ([BiddingStarted(2, (0, 1))], "¡Empate! Bo y tú pujáis por ella", "¡Empate! Pujan por ella: Ann, Bo"),
    ([GameEnded((20, 20), (0, 1))], "Fin de la partida. Ganáis Bo y tú", "Fin de la partida. Ganan Ann y Bo"),
])
def test_spanish_log_lines_speak_to_you_and_put_names_where_spanish_wants_them(
        events: list[Event], as_you: str, as_ann: str, spanish: None) -> None:
    def setup(first: str) -> Setup:
        return Setup((SeatSetup(first, "red", "south", "human"), SeatSetup("Bo", "blue", "north", "bot")), False, 0)

    assert [describe(events, setup(n), default_cards(), 4)[0].text for n in ("Tú", "Ann")] == [as_you, as_ann]
    assert describe(events, setup("You"), default_cards(), 4)[0].text == as_you


def test_default_names_chosen_in_spanish_are_kept_in_english_and_shown_in_spanish(spanish: None) -> None:
    app = make_app((960, 540))
    scene = setup_scene(app)
    scene.add_seat()
    shown = [s["name"] for s in scene.seats]
    kept = [s.name for s in scene.setup().seats]
    pygame.quit()
    assert shown == ["Jugador 1", "Roncaberto", "Dora Dormilona"]
    assert kept == ["Player 1", "Snorebert", "Dozy Dora"]
    assert [shown_name(n) for n in kept] == shown


def test_a_refusal_of_the_rules_with_numbers_is_shown_in_spanish(spanish: None) -> None:
    state = new_game(Setup((SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bo", "blue", "north", "bot")),
                           False, 0), 1)
    wide = next(c for c in state.players[0].cards if state.cards.shape(c, state.rot[0]).markers[-1][1] > 0)
    reason = search_preview(state, wide, SIZE - 1).reason  # its pattern runs off the right edge of the map
    assert re.fullmatch(r"marker square at row \d+, col \d+ would be off the map", reason)
    assert re.fullmatch(r"la casilla de marcador de la fila \d+, columna \d+ quedaría fuera del mapa",
                        rule_text(reason))
    assert rule_text("Gain 1 coin.") == "Gana 1 moneda." and rule_text("a reason it does not know") == \
        "a reason it does not know"


def test_the_replay_list_names_default_seats_in_the_language_shown(spanish: None) -> None:
    from arzium.replay_model import result_text
    assert result_text(["Snorebert"], 20) == "Ganó Roncaberto (20)"
    assert result_text(["Player 2", "Dozy Dora"], 18) == "Victoria compartida: Jugador 2, Dora Dormilona (18)"
    assert result_text(["Ann"], 7) == "Ganó Ann (7)"
