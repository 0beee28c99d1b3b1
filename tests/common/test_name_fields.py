"""Both setup screens' name fields: opened by the keyboard the name is selected and the first key replaces it;
opened by a click the typing follows it; Ctrl+A selects it for the next key to replace."""
from __future__ import annotations

import pygame
import pytest

from arenas.scenes.flow import setup_scene as arenas_setup
from arzium.scenes.flow import setup_scene as arzium_setup
from common.data import i18n
from common.engine.app import App
from common.engine.scene import Scene
from common.ui.widgets import Widget
from text_record import Drawn, RecordingSurface, record

FRAME = 1000 / 60


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def _field(app: App, game: str) -> tuple[Scene, Widget]:
    scene = arenas_setup(app) if game == "arenas" else arzium_setup(app)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    field = scene.names[0] if game == "arenas" else scene.rows[0]["name"]  # type: ignore[attr-defined]
    return scene, field


def _name(scene: Scene, game: str) -> str:
    return scene.choices.names[0] if game == "arenas" else scene.rows[0]["name"].value  # type: ignore[attr-defined]


def _set_first_name(app: App, scene: Scene, field: Widget, game: str, name: str) -> None:
    app.step(_click(field.rect.center), FRAME)
    app.step([_key(pygame.K_a, pygame.KMOD_CTRL), _text(name), _key(pygame.K_RETURN)], FRAME)
    assert _name(scene, game) == name


@pytest.mark.parametrize("game", ["arenas", "arzium"])
def test_a_field_opened_by_the_keyboard_is_replaced_by_the_first_key(app: App, game: str) -> None:
    scene, field = _field(app, game)
    _set_first_name(app, scene, field, game, "Ana")
    group = scene.group  # type: ignore[attr-defined]
    group.set_focus(field)
    group.keyboard_mode = True
    app.step([_key(pygame.K_RETURN)], FRAME)
    assert field.editing  # type: ignore[attr-defined]
    app.step([_text("L"), _text("ucía")], FRAME)
    assert _name(scene, game) == "Lucía"


@pytest.mark.parametrize("game", ["arenas", "arzium"])
def test_a_click_types_after_the_name_and_ctrl_a_selects_it(app: App, game: str) -> None:
    scene, field = _field(app, game)
    _set_first_name(app, scene, field, game, "Ana")
    app.step(_click(field.rect.center), FRAME)
    app.step([_text("bel")], FRAME)
    assert _name(scene, game) == "Anabel"
    app.step([_key(pygame.K_a, pygame.KMOD_CTRL), _text("Bo")], FRAME)
    assert _name(scene, game) == "Bo"
    app.step([_key(pygame.K_a, pygame.KMOD_CTRL), _key(pygame.K_BACKSPACE), _text("Cy")], FRAME)
    assert _name(scene, game) == "Cy"


def test_arzium_seat_names_read_live_on_the_little_map_while_typed(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = arzium_setup(app)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    if scene.seats[1]["kind"] == "bot":
        scene.toggle_kind(1)
        app.step([], FRAME)
    field = scene.rows[1]["name"]
    default = field.value
    assert default == i18n._("Player {n}").format(n=2)
    app.step(_click(field.rect.center), FRAME)  # a default name is replaced by the first key, even after a click
    app.step([_text("Lu"), _text("is")], FRAME)
    assert field.editing and field.value == "Luis" and scene.seats[1]["name"] == default  # not kept yet
    drawn = Drawn()
    record(drawn, monkeypatch)
    scene.draw(RecordingSurface(app.size, drawn))
    on_map = [p.string for p in drawn.placed if scene.map_rect.inflate(0, scene.map_rect.h).colliderect(p.rect)]
    assert "Luis" in on_map and default not in on_map  # the little map follows the typing
    assert (1, "Luis") in scene.first_choice.options
    app.step([_key(pygame.K_BACKSPACE)] * 4, FRAME)
    assert scene.live_names()[1] == default  # emptied: the seat's default name, as when the box is left
