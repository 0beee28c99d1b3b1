"""What an online game shows over its table about the room: the banner while the connection is lost (and
being retried) or gone, the round trip when it is high, the turn clock of the seat whose time runs when the room
has one, and each seat's own clock."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import pygame

from common.data.i18n import _
from common.engine import text
from common.engine.layers import Part

if TYPE_CHECKING:
    from common.engine.app import App

HIGH_RTT_MS = 150  # a round trip this long is felt in a real-time game: the screen says so


ClockTone = Literal["idle", "running", "urgent", "out"]
TONES: dict[ClockTone, tuple[tuple[int, int, int], tuple[int, int, int]]] = {  # the pill's colour and ink
    "idle": ((232, 218, 190), (92, 70, 44)), "running": ((250, 232, 160), (70, 44, 20)),
    "urgent": ((214, 74, 52), (255, 244, 222)), "out": ((122, 30, 24), (255, 244, 222))}


def clock_words(left_ms: int) -> str:
    """A turn clock's time left: m:ss, h:mm:ss past an hour, days and hours past a day."""
    secs = max(0, (left_ms + 999) // 1000)
    if secs >= 86_400:
        return _("{d} d {h} h").format(d=secs // 86_400, h=secs % 86_400 // 3600)
    if secs >= 3600:
        return f"{secs // 3600}:{secs % 3600 // 60:02d}:{secs % 60:02d}"
    return f"{secs // 60}:{secs % 60:02d}"


def clock_pills(app: App, clocks: Sequence[tuple[tuple[int, int], str, ClockTone]]) -> list[Part]:
    """Each seat's clock as a small pill centred under its `midtop`: the time left, coloured by its tone (idle, its
    time running, near its end, run out)."""
    parts = []
    for midtop, words, tone in clocks:
        colour, ink = TONES[tone]
        parts.append(pill(app, words, colour, ink, midtop, app.font_px(15), app.px(110)))
    return parts


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


def room_parts(app: App, banner: str, problem: str, rtt_ms: float | None = None,
               clock: tuple[str, ClockTone] | None = None, midtop: tuple[int, int] | None = None,
               notes: Sequence[str] = (), midbottom: tuple[int, int] | None = None) -> list[Part]:
    """The room's lines over a table, one under the other from `midtop` (default: the window's top middle), or
    ending at `midbottom`: the problem (the game over for this app) or the connection banner, then the latency
    when high, the turn clock (its words and tone), and `notes` (who is away, a card on its way)."""
    if midbottom is not None:  # laid out once to learn their height
        laid = room_parts(app, banner, problem, rtt_ms, clock, (midbottom[0], 0), notes)
        height = max((part.rect.bottom for part in laid), default=0)
        return room_parts(app, banner, problem, rtt_ms, clock, (midbottom[0], midbottom[1] - height), notes)
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
    if clock is not None:
        words, tone = clock
        colour, ink = TONES[tone]
        parts.append(pill(app, words, colour, ink, (x, y), app.font_px(18), width))
        y = parts[-1].rect.bottom + app.px(4)
    for note in notes:
        if note:
            parts.append(pill(app, note, (246, 234, 206), (70, 44, 20), (x, y), app.font_px(16), width))
            y = parts[-1].rect.bottom + app.px(4)
    return parts
