"""The sand chart: every timer's remaining sand over a whole run, rebuilt exactly from the event log.

Sand drains linearly between flips, so a timer's curve is a polyline through its flips: at each
flip the line jumps from what was left to `capacity − that`. Cards played are ticks on the time
axis; a lost timer gets a ring where it ran out, the failing timer a cross.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arenas.rules import TIMER_SPECS, GameState, TimerFlipped, TimerLost, TimerRecovered
from arenas.scenes.names import timer_name
from common import text
from common.i18n import _

if TYPE_CHECKING:
    from common.app import App

INK = (58, 38, 22)
GRID = (196, 170, 128)
DANGER_BAND = (240, 170, 150)
FAIL = (200, 30, 20)


@dataclass(frozen=True)
class SandHistory:
    """What the chart shows: per timer its (ms, remaining ms) points, the card times, losses, the end."""

    series: dict[str, list[tuple[int, int]]]
    cards: list[int]
    lost: list[tuple[int, str]]
    lost_spans: dict[str, list[tuple[int, int]]]   # while a timer stood beside the path
    end_ms: int
    failed: str | None


def sand_history(state: GameState) -> SandHistory:
    """The exact sand curves of a run from its log (a run in progress ends at its current time)."""
    series: dict[str, list[tuple[int, int]]] = {tid: [] for tid in state.timers}
    for e in state.log:
        if isinstance(e, TimerFlipped):
            points = series[e.timer]
            if points:
                points.append((e.time_ms, state.timers[e.timer].capacity_ms - e.remaining_ms))
            points.append((e.time_ms, e.remaining_ms))
    for tid, t in state.timers.items():
        series[tid].append((state.time_ms, t.remaining_ms))
    lost = [(e.time_ms, e.timer) for e in state.log if isinstance(e, TimerLost)]
    spans: dict[str, list[tuple[int, int]]] = {tid: [] for tid in state.timers}
    since: dict[str, int] = {}
    for e in state.log:
        if isinstance(e, TimerLost):
            since[e.timer] = e.time_ms
        elif isinstance(e, TimerRecovered) and e.back_on_path and e.timer in since:
            spans[e.timer].append((since.pop(e.timer), e.time_ms))
    for tid, start in since.items():
        spans[tid].append((start, state.time_ms))
    return SandHistory(series, [at for at, _action in state.actions], lost, spans, state.time_ms,
                       state.failed_timer if state.result == "lost" else None)


def _dashed(surface: pygame.Surface, colour: tuple[int, int, int], a: tuple[float, float], b: tuple[float, float],
            width: int, dash: float) -> None:
    length = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    steps = max(1, int(length / dash))
    for k in range(0, steps, 2):
        t0, t1 = k / steps, min(1.0, (k + 1) / steps)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def _time_step(total_s: float) -> int:
    for step in (1, 2, 5, 10, 15, 20, 30, 60, 120, 300):
        if total_s / step <= 10:
            return step
    return 600


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds} s"


def draw_chart(surface: pygame.Surface, app: App, rect: pygame.Rect, history: SandHistory) -> pygame.Rect:
    """Draw the chart into `rect` of `surface`; returns the plot area."""
    surface.blit(app.sprites.nine_slice("ui/panel", rect.size), rect)
    label_px = app.font_px(16)
    legend_w = app.px(150)
    plot = pygame.Rect(rect.left + app.px(66), rect.top + app.px(30), rect.w - app.px(66) - legend_w - app.px(22),
                       rect.h - app.px(30) - app.px(58))
    cap_s = max((TIMER_SPECS[tid].capacity_ms for tid in history.series), default=60_000) // 1000
    end_s = max(1.0, history.end_ms / 1000)

    def px(t_ms: float, r_ms: float) -> tuple[float, float]:
        return (plot.left + plot.w * min(1.0, t_ms / 1000 / end_s),
                plot.bottom - plot.h * min(1.0, max(0.0, r_ms / 1000 / cap_s)))

    danger = pygame.Rect(plot.left, px(0, 5000)[1], plot.w, plot.bottom - px(0, 5000)[1])
    band = pygame.Surface(danger.size, pygame.SRCALPHA)
    band.fill((*DANGER_BAND, 120))
    surface.blit(band, danger)
    text.draw_text(surface, _("under 5 s"), app.font_px(13), FAIL, (plot.right - app.px(4), danger.top + 1), "topright")
    for sec in range(0, cap_s + 1, 10):
        y = px(0, sec * 1000)[1]
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
        text.draw_text(surface, f"{sec} s", label_px, INK, (plot.left - app.px(6), y), "midright")
    step = _time_step(end_s)
    for sec in range(0, int(end_s) + 1, step):
        x = px(sec * 1000, 0)[0]
        pygame.draw.line(surface, GRID, (x, plot.top), (x, plot.bottom), 1)
        text.draw_text(surface, _clock(sec), label_px, INK, (x, plot.bottom + app.px(6)), "midtop")
    pygame.draw.line(surface, INK, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, INK, plot.bottomleft, plot.topleft, 2)
    text.draw_text(surface, _("time"), label_px, INK, (plot.centerx, plot.bottom + app.px(26)), "midtop", bold=True)
    text.draw_text(surface, _("sand left"), label_px, INK, (plot.left, plot.top - app.px(6)), "bottomleft", bold=True)
    tick_h = app.px(10)
    for at in history.cards:
        x = px(at, 0)[0]
        pygame.draw.line(surface, INK, (x, plot.bottom - tick_h), (x, plot.bottom + app.px(3)), 2)
    width = max(2, app.px(3))
    dash = app.px(7)
    for tid, points in history.series.items():
        colour = app.sprites.colour(TIMER_SPECS[tid].sand)
        for (t0, r0), (t1, r1) in itertools.pairwise(points):
            a, b = px(t0, r0), px(t1, r1)
            if t1 > t0 and any(s0 <= t0 and t1 <= s1 for s0, s1 in history.lost_spans[tid]):
                _dashed(surface, INK, a, b, width + 2, dash)
                _dashed(surface, colour, a, b, width, dash)
            else:
                pygame.draw.line(surface, INK, a, b, width + 2)
                pygame.draw.line(surface, colour, a, b, width)
    for at, _tid in history.lost:
        x, y = px(at, 0)
        pygame.draw.circle(surface, FAIL, (x, y), app.px(6), max(2, app.px(2)))
    if history.failed is not None:
        x, y = px(history.end_ms, 0)
        k = app.px(8)
        for a, b in (((x - k, y - k), (x + k, y + k)), ((x - k, y + k), (x + k, y - k))):
            pygame.draw.line(surface, FAIL, a, b, max(3, app.px(4)))
    # Legend.
    lx, ly = plot.right + app.px(20), plot.top
    room = rect.right - app.px(14) - (lx + app.px(34))
    labels = [*map(timer_name, history.series), _("card played"), _("timer lost"), _("while lost"), _("ran out")]
    legend_px = min(text.fit_px(label, label_px, room) for label in labels)  # one size for the whole legend

    def legend(label: str, y: float) -> None:
        text.draw_text(surface, label, legend_px, INK, (lx + app.px(34), y), "midleft")

    line_h = app.px(24)
    for tid in history.series:
        colour = app.sprites.colour(TIMER_SPECS[tid].sand)
        pygame.draw.line(surface, INK, (lx, ly + line_h // 2), (lx + app.px(26), ly + line_h // 2), width + 2)
        pygame.draw.line(surface, colour, (lx, ly + line_h // 2), (lx + app.px(26), ly + line_h // 2), width)
        legend(timer_name(tid), ly + line_h // 2)
        ly += line_h
    ly += app.px(6)
    pygame.draw.line(surface, INK, (lx + app.px(13), ly + app.px(4)), (lx + app.px(13), ly + line_h - app.px(4)), 2)
    legend(_("card played"), ly + line_h // 2)
    ly += line_h
    pygame.draw.circle(surface, FAIL, (lx + app.px(13), ly + line_h // 2), app.px(6), max(2, app.px(2)))
    legend(_("timer lost"), ly + line_h // 2)
    ly += line_h
    _dashed(surface, INK, (lx, ly + line_h // 2), (lx + app.px(26), ly + line_h // 2), 3, app.px(5))
    legend(_("while lost"), ly + line_h // 2)
    if history.failed is not None:
        ly += line_h
        cx, cy, k = lx + app.px(13), ly + line_h // 2, app.px(6)
        pygame.draw.line(surface, FAIL, (cx - k, cy - k), (cx + k, cy + k), 3)
        pygame.draw.line(surface, FAIL, (cx - k, cy + k), (cx + k, cy - k), 3)
        legend(_("ran out"), cy)
    return plot
