"""In a small window the plaques' frames and rivets keep their size: the setup's bot-level labels and the move
log's title line stay clear of them, in English and Spanish, at the smallest and the usual window."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from arzium.scenes.flow import setup_scene
from arzium.scenes.keyboard_view import help_part
from arzium.scenes.log_panel import LogPanel, title_line
from arzium.scenes.setup import LevelSegment
from common.data.i18n import _, set_language
from common.data.keymap import keymap
from common.engine import text
from common.engine.app import App
from common.tools import catalog

SIZES = [(960, 540), (1280, 720)]
FRAME = 5            # the plaque's gold frame, in the sprite's own pixels (kept at every window size)
RIVETS = (6, 13)     # each corner's rivet lies this far in from both edges


@pytest.fixture(params=["en", "es"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def _untouched(app: App, seg: LevelSegment) -> list[tuple[int, int]]:
    """The plaque's frame and rivet pixels that the segment's label or bar drew over."""
    r = seg.rect
    drawn = pygame.Surface(app.size, pygame.SRCALPHA)
    seg.draw(drawn, app, False, False)
    plaque = "ui/button_pressed" if seg.chosen() == seg.level else "ui/button"
    bare = app.sprites.nine_slice(plaque, r.size)
    lo, hi = RIVETS
    changed = []
    for y in range(r.h):
        for x in range(r.w):
            edge = min(x, y, r.w - 1 - x, r.h - 1 - y) < FRAME
            rivet = min(x, r.w - 1 - x) in range(lo, hi) and min(y, r.h - 1 - y) in range(lo, hi)
            if (edge or rivet) and drawn.get_at((r.x + x, r.y + y)) != bare.get_at((x, y)):
                changed.append((x, y))
    return changed


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_bot_level_labels_leave_the_plaques_frame_and_rivets_alone(app: App, size: tuple[int, int],
                                                                   language: str) -> None:
    app.resize_window(size)
    scene = setup_scene(app)
    app.stack.clear_to(scene)
    app.step([], 1000 / 60)
    segments = [w for row in scene.rows for w in row.values() if isinstance(w, LevelSegment)]
    assert len(segments) == 3
    for seg in segments:  # each level once chosen, so each label is seen pressed (with its bar) and not
        scene.set_seat(1, "level", seg.level)
        for other in segments:
            assert _untouched(app, other) == [], (language, size, other.level)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_move_logs_title_and_help_tag_share_its_title_line_clear_of_the_corners(app: App, size: tuple[int, int],
                                                                                    language: str) -> None:
    app.resize_window(size)
    spec = catalog.get("arzium-play")
    assert spec is not None
    scene = spec.build(app)
    app.stack.clear_to(scene)
    app.step([], 1000 / 60)
    log: LogPanel = scene.log  # type: ignore[attr-defined]
    corner = app.sprites.meta("ui/panel")["slice"]
    face = log.rect.inflate(-2 * corner, 0)
    tag = help_part(app, log.rect, keymap(app.settings.key_bindings)).rect
    line = title_line(app, log.rect)
    title = text.render(_("Move log"), app.font_px(18), (0, 0, 0), bold=True).get_rect(topleft=line.topleft)
    assert face.contains(tag) and face.contains(title), (tag, title, face)
    assert title.right < tag.left and line.top <= tag.centery <= line.bottom
