"""Every registered scene survives random input; tools and the command line behave."""
from __future__ import annotations

import dataclasses
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from common.engine import text
from common.engine.app import App
from common.games import GAMES
from common.scenes.menu import MenuScene
from common.scenes.rules import RulesScene
from common.scenes.settings import SettingsScene
from common.tools import catalog
from common.ui.tooltip import TOOLTIP_DELAY_MS
from common.ui.widgets import Button, WidgetGroup
from helpers import click, fuzz_scene, key, main_here, run

ROOT = Path(__file__).resolve().parents[2]
# The shell's own scenes, each with its fixed fuzz seed (the game scenes are fuzzed in the games' tests).
SHELL_SCENES = {"menu": 11, "menu-game-on": 28, "settings": 12, "controls": 18, "rules-arenas": 13,
                "rules-arzium": 14, "gallery": 15, "replays": 16, "statistics": 17, "online": 19, "lobby-host": 20,
                "lobby-join": 21, "lobby-watch": 22, "online-failed": 23, "lobby-chat": 24, "lobby-again": 25,
                "lobby-store": 26, "my-tables": 27}


def test_the_shell_scenes_are_the_catalog_scenes_of_common() -> None:
    assert [s.name for s in catalog.specs() if s.build.__module__.startswith("common.")] == list(SHELL_SCENES)


@pytest.mark.sweep
@pytest.mark.parametrize("name, seed", SHELL_SCENES.items(), ids=[f"{n}-seed{s}" for n, s in SHELL_SCENES.items()])
def test_shell_scene_survives_300_frames_of_random_input(app: App, name: str, seed: int) -> None:
    spec = catalog.get(name)
    assert spec is not None
    fuzz_scene(app, spec.build, seed)


class _Flicker(MenuScene):
    """Breaks the draw contract: each draw shows a different colour."""

    drawn = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn += 1
        surface.fill((self.drawn % 256, 0, 0))


class _Crash(MenuScene):
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            raise ValueError("boom")
        return super().handle(event)


@pytest.mark.parametrize("scene, expect", [(_Flicker, "draw changed what is drawn at seed 5, frame "),
                                           (_Crash, "the step raised at seed 5, frame ")])
def test_the_fuzz_fails_naming_its_seed_and_frame(app: App, scene: type[MenuScene], expect: str) -> None:
    with pytest.raises(AssertionError, match=expect):
        fuzz_scene(app, scene, seed=5, frames=120)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (2560, 1440)])
def test_menu_reflows_with_buttons_inside_window(app: App, size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    menu = MenuScene(app)
    app.push(menu)
    window = pygame.Rect((0, 0), size)
    rects = [b.rect for b in menu.buttons]
    assert all(window.contains(r) for r in rects)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))  # no overlap
    assert all(a.top <= b.top for a, b in itertools.pairwise(rects))  # in order, row by row
    assert rects[0].h >= 40 * size[1] / 720 * 0.9


def test_menu_keyboard_navigation_opens_settings_and_escape_returns(app: App) -> None:
    app.push(MenuScene(app))
    for k in (*[pygame.K_DOWN] * 5, pygame.K_RETURN):  # Arenas, Arzium, Play online, Replays, Statistics, Settings
        run(app, 1, key(k))
    assert isinstance(app.stack.top, SettingsScene)
    run(app, 1, key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, MenuScene)


def test_menu_rules_button_asks_which_game_and_opens_its_rules(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    rules = next(b for b in menu.buttons if b.label == "Rules")
    run(app, 1, click(rules.rect.center))
    dialog = app.stack.top
    assert dialog is not menu
    run(app, 1, key(pygame.K_RETURN))  # the first choice: Arenas Movedizas
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game.key == "arenas"


def test_settings_changes_apply_live(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    mute = next(w for w in scene.rows if getattr(w, "label", "") == "Mute")
    mute.activate(app)
    assert app.settings.muted is True
    hc = next(w for w in scene.rows if getattr(w, "label", "") == "High-contrast palette")
    hc.activate(app)
    assert app.theme.high_contrast and app.theme.text == (0, 0, 0)


def test_f1_opens_rules_only_in_game_scenes(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    run(app, 1, key(pygame.K_F1))
    assert app.stack.top is menu
    menu.rules_game = "arzium"
    run(app, 1, key(pygame.K_F1))
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.game.key == "arzium"


def test_an_app_without_a_rules_screen_says_so_instead_of_opening_one() -> None:
    from helpers import close_app, make_app
    app = make_app()
    app.rules_scene = None
    try:
        menu = MenuScene(app)
        menu.rules_game = "arenas"
        app.push(menu)
        run(app, 1, key(pygame.K_F1))
        assert app.stack.top is menu and [t.message for t in app.toasts] == ["The rules screen is not available here"]
    finally:
        close_app(app)


def test_rules_scene_scrolls_within_bounds(app: App) -> None:
    scene = RulesScene(app, "arenas")
    app.push(scene)
    assert scene.max_scroll > 0, "the rules text should be longer than one screen"
    run(app, 60, key(pygame.K_END), dt_ms=16)
    assert scene.scroll == pytest.approx(scene.max_scroll)
    run(app, 60, key(pygame.K_HOME), dt_ms=16)
    assert scene.scroll == pytest.approx(0)


@pytest.mark.parametrize("content, problem", [(b"# R\xff\xfe", "not UTF-8 text (byte 3)"), (None, "no such file")])
def test_a_rules_text_that_cannot_be_read_is_said_on_the_screen(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes | None, problem: str) -> None:
    bad = tmp_path / "rules.md"
    if content is not None:
        bad.write_bytes(content)
    monkeypatch.setitem(GAMES, "arenas", dataclasses.replace(GAMES["arenas"], rules_file=bad))
    scene = RulesScene(app, "arenas")
    app.push(scene)
    run(app, 2)
    assert scene.blocks[1] == ("para", f"The rules text could not be read: {problem}")


def _run_main(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


@pytest.mark.parametrize("size", ["1280x720", pytest.param("1920x1080", marks=pytest.mark.sweep)])
def test_screenshot_writes_non_blank_png_of_requested_size(tmp_path: Path, size: str) -> None:
    out = tmp_path / "menu.png"
    proc = _run_main("screenshot", "menu", str(out), "--size", size, "--frames", "5")
    assert proc.returncode == 0, proc.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == tuple(int(v) for v in size.split("x"))
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, img.get_width(), 37)
               for y in range(0, img.get_height(), 29)}
    assert len(colours) > 50


@pytest.mark.parametrize("args, expect", [
    (["--size", "big"], "size must look like"),
    (["--size", "10x10"], "outside"),
    (["screenshot", "nosuchscene", "x.png"], "unknown scene 'nosuchscene'"),
    (["timedemo", "--frames", "0"], "positive"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_give_usage_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                                            expect: str) -> None:
    monkeypatch.chdir(tmp_path)
    proc = main_here(*args)
    assert proc.returncode == 2
    assert expect in proc.stderr and "Traceback" not in proc.stderr


def test_timedemo_json_has_every_scene(tmp_path: Path) -> None:
    out = tmp_path / "td.json"
    proc = _run_main("timedemo", "--frames", "5", "--only", "menu", "--only", "settings", "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    data = json.loads(out.read_text())
    assert set(data["scenes"]) == {"menu", "settings"}
    for st in data["scenes"].values():
        assert 0 < st["p50"] <= st["p95"] <= st["p99"] and st["ratio_p50"] > 0
    assert "menu" in proc.stdout and "blank" in proc.stdout
    assert list(tmp_path.iterdir()) == [out]  # written atomically: no temp file left beside it


def test_help_lists_every_tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    proc = main_here("--help")
    assert proc.returncode == 0, proc.stderr
    for tool in ("screenshot", "timedemo", "check-sprites", "replay", "tournament", "verify-levels", "--seed",
                 "--sprites", "--mute", "--fullscreen"):
        assert tool in proc.stdout


def test_a_repeated_toast_restarts_instead_of_stacking(app: App) -> None:
    app.toast("First choose a character", ms=1000)
    app.toast("Other news", ms=1000)
    app.step([], 600)
    app.toast("First choose a character", ms=1000)
    assert [t.message for t in app.toasts] == ["Other news", "First choose a character"]
    app.step([], 600)  # the first copy would have run out by now
    assert [t.message for t in app.toasts] == ["First choose a character"]


def test_a_tooltip_does_not_outlive_its_button(app: App) -> None:
    place = Button("Place here", lambda: None, tooltip="Search with the pinned pattern")
    place.rect = pygame.Rect(10, 10, 100, 40)
    group = WidgetGroup(app, [place])
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 30), rel=(0, 0), buttons=(0, 0, 0)))
    group.update(TOOLTIP_DELAY_MS + 1)
    assert group.hover is place
    end = Button("End turn", lambda: None, tooltip="End your turn")  # the same spot, another button
    end.rect = place.rect.copy()
    group.widgets = [end]
    group.update(1)
    assert group.hover is end and group.hover_ms < TOOLTIP_DELAY_MS  # its own tooltip waits its delay
    group.widgets = []
    group.update(1)
    assert group.hover is None


def test_tooltip_lines_are_balanced_not_a_lone_last_word(app: App) -> None:
    message = "Everyone plays at this screen; every hand is open, talk it over"
    px = 18
    width = text.font(px).size(message)[0] - 10  # one word too wide for a single line
    greedy = text.wrap(message, px, width)
    balanced = text.wrap_balanced(message, px, width)
    assert len(greedy) == len(balanced) == 2 and greedy[-1] == "over"
    sizes = [text.font(px).size(line)[0] for line in balanced]
    assert max(sizes) <= width and min(sizes) > max(sizes) * 0.6
    assert " ".join(balanced) == message
    assert text.wrap_balanced("short", px, 400) == ["short"]
