"""A widget's tooltip keeps off the other widgets where the window has room: the menu's buttons, the Arzium setup's
rows one under the other (at both supported sizes)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from arzium.scenes.flow import setup_scene
from common.engine.app import App
from common.engine.scene import Scene
from common.scenes.menu import MenuScene
from common.scenes.settings import SettingsScene
from common.ui.dialog import Dialog
from common.ui.text_field import TextField
from common.ui.tooltip import TOOLTIP_DELAY_MS
from common.ui.widgets import Widget, WidgetGroup
from helpers import close_app, make_app


def _covered(app: App, group: WidgetGroup, hovered: list[Widget] | None = None) -> list[str]:
    """For each widget (of `hovered`, else all) with a tooltip, hovered: the widgets its tooltip covers."""
    problems = []
    for w in group.widgets if hovered is None else hovered:
        if not w.tooltip or not w.enabled or w.rect.w == 0:
            continue
        pos = w.rect.center
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 16)
        app.step([], TOOLTIP_DELAY_MS + 20)
        if group.hover is not w:
            continue
        others = [o.rect for o in group.widgets if o is not w] + group.keep_clear
        parts = app.stack.frame_parts() or []
        tips = [p.rect for p in parts if isinstance(p.key, tuple) and p.key and p.key[0] == "tooltip"]
        assert len(tips) == 1, f"no tooltip drawn for {w.tooltip!r}"
        box = tips[0]
        problems += [f"{w.tooltip[:30]!r} covers {o}" for o in others if box.colliderect(o)]
        assert pygame.Rect((0, 0), app.size).contains(box)
    return problems


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_menu_and_setup_tooltips_cover_no_other_widget(size: tuple[int, int]) -> None:
    app = make_app(size)
    try:
        menu = MenuScene(app)
        app.stack.clear_to(menu)
        app.step([], 16)
        assert _covered(app, menu.group) == []
        setup = setup_scene(app)
        app.stack.clear_to(setup)
        app.step([], 16)
        assert _covered(app, setup.group, [setup.mode, setup.first_choice]) == []  # the rows under each other
    finally:
        close_app(app)


def test_a_dialog_opening_over_the_menu_takes_its_tooltip_away(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(tmp_path))  # a first start: the tutorial is offered
    app = make_app((1280, 720))
    try:
        menu = MenuScene(app)
        app.stack.clear_to(menu)
        play = menu.buttons[0]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=play.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 16)
        app.step([], TOOLTIP_DELAY_MS + 20)
        assert _tooltips(menu) != []  # the hovered game's tooltip is up
        menu.choose_game("arenas")
        assert isinstance(app.stack.top, Dialog)  # "Is this your first time...?"
        app.step([], 16)
        assert _tooltips(menu) == []
        app.pop()  # the dialog closed
        app.step([], TOOLTIP_DELAY_MS + 20)
        assert app.stack.top is menu and _tooltips(menu) == []  # the pointer moved on the dialog: no stale tooltip
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=play.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 16)
        app.step([], TOOLTIP_DELAY_MS + 20)
        assert _tooltips(menu) != []
    finally:
        close_app(app)


def _tooltips(scene: Scene) -> list[pygame.Rect]:
    """The tooltips among what `scene` draws (under a dialog too: the stack draws it first)."""
    return [p.rect for p in scene.frame_parts() or [] if isinstance(p.key, tuple) and p.key and p.key[0] == "tooltip"]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_new_pack_and_name_field_tooltips_keep_off_their_neighbours(size: tuple[int, int], tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings' New pack button sits in a row with rows above and under it (the Controls button under it);
    the setup's name field sits under its column's heading: each tooltip finds a free spot."""
    monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(tmp_path))
    app = make_app(size)
    try:
        settings = SettingsScene(app)
        app.stack.clear_to(settings)
        app.step([], 16)
        assert _covered(app, settings.group, [settings.new_pack, settings.open_packs]) == []
        setup = setup_scene(app)
        app.stack.clear_to(setup)
        app.step([], 16)
        names = [w for w in setup.group.widgets if isinstance(w, TextField)]
        assert names and setup.group.keep_clear  # the headings and the title are kept clear
        assert _covered(app, setup.group, names) == []
    finally:
        close_app(app)
