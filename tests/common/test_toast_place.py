"""Toasts (a sprite pack reloaded, a refused action) stand where the scene puts them: on the menu, rules, gallery,
statistics, online and settings screens they meet no button and no panel, at both supported sizes."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from common.engine.app import App
from common.engine.scene import Scene
from common.scenes.gallery import GalleryScene
from common.scenes.menu import MenuScene
from common.scenes.online import OnlineScene
from common.scenes.rules import RulesScene
from common.scenes.settings import SettingsScene
from common.scenes.statistics import StatisticsScene
from helpers import close_app, make_app

SCREENS: dict[str, Callable[[App], Scene]] = {
    "menu": MenuScene, "rules": lambda app: RulesScene(app, "arzium"), "gallery": GalleryScene,
    "statistics": StatisticsScene, "online": OnlineScene, "settings": SettingsScene,
}


def toast_rects(app: App) -> list[pygame.Rect]:
    return [part.rect for part in app._toast_parts()]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_toasts_meet_no_widget_or_panel(size: tuple[int, int], tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(tmp_path))
    app = make_app(size)
    try:
        app.reload_sprites()  # the F5 toast, then two more of a window's width
        app.toast("Cannot search here: that land is full, and the marker goes back to your supply")
        app.toast("Path copied: /home/someone/.local/share/arenas-arzium/sprite_packs/my pack")
        toasts = list(app.toasts)
        for name, build in SCREENS.items():
            scene = build(app)
            app.stack.clear_to(scene)
            app.toasts = list(toasts)
            boxes = toast_rects(app)
            assert boxes, f"no toast shown on {name}"
            window = pygame.Rect((0, 0), size)
            group = scene.group  # type: ignore[attr-defined]  # each of these screens has one
            clear = [w.rect for w in group.widgets if w.rect.w > 0]
            clear += [r for r in (getattr(scene, "panel", None),) if r is not None]
            for box in boxes:
                assert window.contains(box), f"{name}: a toast leaves the window at {box}"
                hit = [r for r in clear if box.colliderect(r)]
                assert hit == [], f"{name} at {size}: the toast {box} covers {hit}"
    finally:
        close_app(app)


def test_the_window_foot_serves_a_scene_that_names_no_place() -> None:
    app = make_app((1280, 720))
    try:
        app.stack.clear_to(Scene(app))
        app.toast("one")
        app.toast("two")
        boxes = toast_rects(app)
        assert len(boxes) == 2 and boxes[0].bottom > boxes[1].bottom  # the newest at the foot, older above
        assert 720 - 20 <= boxes[0].bottom <= 720
    finally:
        close_app(app)
