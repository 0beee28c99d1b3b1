"""What an online game shows over its table about the room: the banner while the connection is lost (and
being retried) or gone, the round trip when it is high, and the turn clock when the room has one."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from common import text
from common.i18n import _
from common.layers import Part

if TYPE_CHECKING:
    from common.app import App

HIGH_RTT_MS = 150  # a round trip this long is felt in a real-time game: the screen says so


def clock_words(left_ms: int) -> str:
    """A turn clock's time left, m:ss."""
    secs = max(0, (left_ms + 999) // 1000)
    return f"{secs // 60}:{secs % 60:02d}"


def pill(app: App, words: str, colour: tuple[int, int, int], ink: tuple[int, int, int], midtop: tuple[int, int],
         px: int, width: int) -> Part:
    """A rounded strip of `words` centred under `midtop`, at most `width` wide, as a still part."""
    size = text.fit_px(words, px, width - app.px(24), bold=True)
    w, h = text.render(words, size, ink, True).get_size()
    rect = pygame.Rect(0, 0, min(width, w + app.px(24)), h + app.px(10))
    rect.midtop = midtop

    def paint(surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, ink, rect, max(1, app.px(2)), border_radius=rect.h // 2)
        text.draw_text(surface, words, size, ink, rect.center, "center", bold=True)
    return Part(rect, ("pill", words, tuple(rect), colour, ink, size), paint)


def room_parts(app: App, banner: str, problem: str, rtt_ms: float | None = None, clock_left_ms: int | None = None,
               midtop: tuple[int, int] | None = None, notes: Sequence[str] = (),
               midbottom: tuple[int, int] | None = None) -> list[Part]:
    """The room's lines over a table, one under the other from `midtop` (default: the window's top middle), or
    ending at `midbottom`: the problem (the game over for this app) or the connection banner, then the latency
    when high, the turn clock, and `notes` (who is away, a card on its way)."""
    if midbottom is not None:  # laid out once to learn their height
        laid = room_parts(app, banner, problem, rtt_ms, clock_left_ms, (midbottom[0], 0), notes)
        height = max((part.rect.bottom for part in laid), default=0)
        return room_parts(app, banner, problem, rtt_ms, clock_left_ms, (midbottom[0], midbottom[1] - height), notes)
    w = app.size[0]
    x, top = midtop if midtop is not None else (w // 2, 0)
    parts: list[Part] = []
    y = top + app.px(6)
    width = min(2 * min(x, w - x) - app.px(20), app.px(760))
    if problem or banner:
        colour = (122, 30, 24) if problem else (58, 40, 24)
        parts.append(pill(app, problem or banner, colour, (255, 244, 222), (x, y), app.font_px(20), width))
        y = parts[-1].rect.bottom + app.px(4)
    if rtt_ms is not None and rtt_ms >= HIGH_RTT_MS:
        words = _("Slow connection: {ms} ms to the server").format(ms=round(rtt_ms))
        parts.append(pill(app, words, (250, 226, 170), (70, 44, 20), (x, y), app.font_px(16), width))
        y = parts[-1].rect.bottom + app.px(4)
    if clock_left_ms is not None:
        words = _("Turn clock {time}").format(time=clock_words(clock_left_ms))
        urgent = clock_left_ms < 10_000
        parts.append(pill(app, words, (250, 200, 170) if urgent else (246, 234, 206), (70, 44, 20), (x, y),
                          app.font_px(16), width))
        y = parts[-1].rect.bottom + app.px(4)
    for note in notes:
        if note:
            parts.append(pill(app, note, (246, 234, 206), (70, 44, 20), (x, y), app.font_px(16), width))
            y = parts[-1].rect.bottom + app.px(4)
    return parts
