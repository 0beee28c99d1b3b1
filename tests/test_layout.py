"""Every catalog scene at three window sizes: no two drawn texts overlap and none leaves its box (the widget or
dialog drawing it, and the window). The texts are those `common.engine.text` renders straight onto the frame
(`text_record`); `ALLOWED` lists the overlaps meant to be there, each with its reason."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from common.data import i18n
from common.data.settings import Settings
from common.engine import text
from common.engine.app import App, AppOptions
from common.scenes.rules import RulesScene
from common.tools import catalog
from text_record import SLACK, Drawn, Placed, RecordingSurface, record

SIZES = ((960, 540), (1280, 720), (1920, 1080))
FRAMES = 40  # the scripted mouse has hovered a few widgets; a tooltip may be up
ALLOWED: dict[tuple[str, str, str], str] = {}  # (scene, text, text) -> why the two overlap on purpose


def placed_texts(drawn: Drawn) -> list[Placed]:
    """The placed texts once each: a text's shadow (the same string a pixel or two off) joins the text."""
    out: list[Placed] = []
    for p in drawn.placed:
        same = next((i for i, q in enumerate(out) if q.string == p.string and q.cover == p.cover
                     and abs(q.rect.x - p.rect.x) <= 3 and abs(q.rect.y - p.rect.y) <= 3), None)
        if same is None:
            out.append(p)
        else:
            out[same] = Placed(p.string, out[same].rect.union(p.rect), p.box, p.cover)
    return out


def frame_of(app: App, spec: catalog.SceneSpec) -> Drawn:
    """The texts of `spec`'s scene after FRAMES frames of its scripted input, as its last frame places them
    (with the toasts on show; the texts inside pictures too: the recording is on while the scene is made)."""
    drawn = Drawn()
    with pytest.MonkeyPatch.context() as monkeypatch:
        record(drawn, monkeypatch)
        app.stack.clear_to(spec.build(app))
        rng = random.Random(7)
        for frame in range(FRAMES):
            app.step(spec.script(frame, rng, app.size), 1000 / 60)
        drawn.placed.clear()
        drawn.overflows.clear()
        drawn_frame(app, RecordingSurface(app.size, drawn))
    return drawn


def drawn_frame(app: App, frame: pygame.Surface) -> None:
    """Draw the app's whole frame (the scenes and the toasts) on `frame`."""
    screen, app.screen = app.screen, frame
    try:
        app.draw(whole=True)
    finally:
        app.screen = screen


Frames = dict[tuple[int, int], dict[str, Drawn]]


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Frames]:
    """size -> scene -> the texts of its last frame, made for a size when a test first asks for it."""
    found: Frames = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("ARENAS_ARZIUM_HOME", str(tmp_path_factory.mktemp("home")))
        yield found
    i18n.set_language("en")


def frames_at(frames: Frames, size: tuple[int, int]) -> dict[str, Drawn]:
    if size not in frames:
        app = App(AppOptions(size=size, headless=True, save_settings=False, lang="en"),
                  settings=Settings(language="en"), rules_scene=RulesScene)
        text.clear_cache()
        frames[size] = {spec.name: frame_of(app, spec) for spec in catalog.specs()}
        app.sounds.stop_all()
        pygame.quit()
    return frames[size]


def overlaps(scene: str, texts: list[Placed]) -> list[str]:
    out = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            both = a.rect.inflate(-2 * SLACK, -2 * SLACK).clip(b.rect.inflate(-2 * SLACK, -2 * SLACK))
            if a.cover == b.cover and both.w > 0 and both.h > 0 and a.string != b.string \
                    and (scene, *sorted((a.string, b.string))) not in ALLOWED:
                out.append(f"{a.string!r} at {tuple(a.rect)} and {b.string!r} at {tuple(b.rect)}")
    return out


def outside(texts: list[Placed], window: pygame.Rect) -> list[str]:
    return [f"{p.string!r} at {tuple(p.rect)} outside {tuple(p.box)}" for p in texts
            if not p.box.inflate(2 * SLACK, 2 * SLACK).contains(p.rect) or not window.contains(p.rect)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.sweep
def test_no_two_texts_overlap_and_none_leaves_its_box(size: tuple[int, int], frames: Frames) -> None:
    window = pygame.Rect((0, 0), size)
    problems = []
    scenes = frames_at(frames, size)
    for scene, drawn in scenes.items():
        texts = placed_texts(drawn)
        problems += [f"{scene}: overlap: {line}" for line in overlaps(scene, texts)]
        problems += [f"{scene}: {line}" for line in outside(texts, window)]
    assert scenes, "no catalog scene"
    assert not problems, f"{len(problems)} layout problems at {size[0]}x{size[1]}:\n" + "\n".join(problems)
