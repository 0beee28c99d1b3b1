"""The sand chart: every timer's remaining sand over a whole run, rebuilt exactly from the event log.

Sand drains linearly between flips, so a timer's curve is a polyline through its flips: at each
flip the line jumps from what was left to `capacity − that`. Every timer has its own dash pattern and
its name at the line's end, so lines lying on each other stay told apart. Cards played are ticks
under the time axis with the player's initials where there is room (which card: `tick_text`); a lost
timer gets a ring where it ran out, the failing timer a cross.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from arenas.rules.actions import PlayWild
from arenas.rules.components import TIMER_SPECS
from arenas.rules.events import CardPlayed, TimerFlipped, TimerLost, TimerRecovered
from arenas.rules.state import GameState
from arenas.session import format_ms
from arenas.wording import card_name, timer_name
from common.data.i18n import _
from common.engine import text
from common.ui.chart_lines import Point, draw_polyline, scaled
from common.ui.chart_model import Dash, dash_styles, room_for, spread_labels

if TYPE_CHECKING:
    from common.engine.app import App

INK = (58, 38, 22)
GRID = (196, 170, 128)
DANGER_BAND = (240, 170, 150)
FAIL = (200, 30, 20)
PAPER = (246, 234, 206)  # the inside of a line drawn hollow (while its timer was lost)


@dataclass(frozen=True)
class CardTick:
    """One card played: when, by whom (player index), which card (its rules name), a wild card's timer."""

    at_ms: int
    player: int
    card: str
    timer: str | None


@dataclass(frozen=True)
class SandHistory:
    """What the chart shows: per timer its (ms, remaining ms) points, the cards, losses, the end."""

    series: dict[str, list[tuple[int, int]]]
    cards: list[CardTick]
    players: tuple[str, ...]
    lost: list[tuple[int, str]]
    lost_spans: dict[str, list[tuple[int, int]]]   # while a timer stood beside the path
    end_ms: int
    failed: str | None


@dataclass(frozen=True)
class ChartMap:
    """Where the drawn chart put things (in the surface's coordinates): the plot and each card's tick."""

    plot: pygame.Rect
    ticks: list[float]
    strip: pygame.Rect  # the band under the time axis holding the ticks
    under: pygame.Rect  # the "under 5 s" label
    ends: dict[str, pygame.Rect]  # each timer's label at its line's end (sample and name)


LABEL_AIR = 10  # px at 1280x720 between two end labels, so crowded ones still read as separate lines


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
    played = [e for e in state.log if isinstance(e, CardPlayed)]
    cards = [CardTick(e.time_ms, e.player, e.card.name, action.timer if isinstance(action, PlayWild) else None)
             for e, (_at, action) in zip(played, state.actions)]
    return SandHistory(series, cards, tuple(state.players), lost, spans, state.time_ms,
                       state.failed_timer if state.result == "lost" else None)


def tick_text(history: SandHistory, i: int) -> str:
    """Which card the `i`th tick is, who played it and when, in words."""
    tick = history.cards[i]
    when, who, card = format_ms(tick.at_ms), history.players[tick.player], card_name(tick.card)
    if tick.timer is not None:
        return _("{time}: {player} played {card} on {timer}").format(time=when, player=who, card=card,
                                                                      timer=timer_name(tick.timer))
    return _("{time}: {player} played {card}").format(time=when, player=who, card=card)


def initials(names: tuple[str, ...]) -> list[str]:
    """The shortest beginning of each name that no other name shares (the whole name at worst)."""
    out = []
    for i, name in enumerate(names):
        others = [n.casefold() for j, n in enumerate(names) if j != i]
        n = 1
        while n < len(name) and any(o.startswith(name[:n].casefold()) for o in others):
            n += 1
        out.append(name[:n])
    return out


def timer_dashes(history: SandHistory) -> dict[str, Dash]:
    """Each timer's dash pattern, in level order (the first solid)."""
    return dict(zip(history.series, dash_styles(len(history.series))))


def _time_step(total_s: float) -> int:
    for step in (1, 2, 5, 10, 15, 20, 30, 60, 120, 300):
        if total_s / step <= 10:
            return step
    return 600


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds} s"


def _runs(points: list[tuple[int, int]], spans: list[tuple[int, int]]) -> list[tuple[bool, list[tuple[int, int]]]]:
    """The polyline cut where the timer was lost or back: (lost, points) pieces that join end to start."""
    runs: list[tuple[bool, list[tuple[int, int]]]] = []
    for a, b in itertools.pairwise(points):
        lost = b[0] > a[0] and any(s0 <= a[0] and b[0] <= s1 for s0, s1 in spans)
        if runs and runs[-1][0] == lost:
            runs[-1][1].append(b)
        else:
            runs.append((lost, [a, b]))
    return runs


def _line(surface: pygame.Surface, colour: tuple[int, int, int], points: list[Point], width: int, dash: Dash,
          hollow: bool) -> None:
    """A chart line: ink-edged, or hollow (ink edges round paper, a thin core of colour) for a lost timer."""
    if hollow:
        draw_polyline(surface, INK, points, width + 3, dash)
        draw_polyline(surface, PAPER, points, width + 1, dash)
        draw_polyline(surface, colour, points, max(1, width - 2), dash)
    else:
        draw_polyline(surface, INK, points, width + 2, dash)
        draw_polyline(surface, colour, points, width, dash)


def _cross(surface: pygame.Surface, centre: Point, k: int, width: int) -> None:
    x, y = centre
    pygame.draw.line(surface, FAIL, (x - k, y - k), (x + k, y + k), width)
    pygame.draw.line(surface, FAIL, (x - k, y + k), (x + k, y - k), width)


def draw_chart(surface: pygame.Surface, app: App, rect: pygame.Rect, history: SandHistory) -> ChartMap:
    """Draw the chart into `rect` of `surface`; returns where the plot and the card ticks are."""
    surface.blit(app.sprites.nine_slice("ui/panel", rect.size), rect)
    label_px = app.font_px(16)
    names = [timer_name(tid) for tid in history.series]
    ends_w = min(app.px(180), max(text.font(label_px).size(n)[0] for n in names) + app.px(68))
    plot = pygame.Rect(rect.left + app.px(66), rect.top + app.px(34), rect.w - app.px(66) - ends_w - app.px(14),
                       rect.h - app.px(34) - app.px(76))
    cap_s = max((TIMER_SPECS[tid].capacity_ms for tid in history.series), default=60_000) // 1000
    end_s = max(1.0, history.end_ms / 1000)

    def px(t_ms: float, r_ms: float) -> Point:
        return (plot.left + plot.w * min(1.0, t_ms / 1000 / end_s),
                plot.bottom - plot.h * min(1.0, max(0.0, r_ms / 1000 / cap_s)))

    danger = pygame.Rect(plot.left, px(0, 5000)[1], plot.w, plot.bottom - px(0, 5000)[1])
    band = pygame.Surface(danger.size, pygame.SRCALPHA)
    band.fill((*DANGER_BAND, 120))
    surface.blit(band, danger)
    for sec in range(0, cap_s + 1, 10):
        y = px(0, sec * 1000)[1]
        pygame.draw.line(surface, GRID, (plot.left, y), (plot.right, y), 1)
        text.draw_text(surface, f"{sec} s", label_px, INK, (plot.left - app.px(6), y), "midright")
    strip = pygame.Rect(plot.left - app.px(8), plot.bottom + 1, plot.w + app.px(16), app.px(18))
    step = _time_step(end_s)
    for sec in range(0, int(end_s) + 1, step):
        x = px(sec * 1000, 0)[0]
        pygame.draw.line(surface, GRID, (x, plot.top), (x, plot.bottom), 1)
        text.draw_text(surface, _clock(sec), label_px, INK, (x, strip.bottom + app.px(2)), "midtop")
    pygame.draw.line(surface, INK, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, INK, plot.bottomleft, plot.topleft, 2)
    text.draw_text(surface, _("sand left"), label_px, INK, (plot.left, plot.top - app.px(6)), "bottomleft", bold=True)
    ticks = [px(tick.at_ms, 0)[0] for tick in history.cards]
    for x in ticks:
        pygame.draw.line(surface, INK, (x, plot.bottom - app.px(8)), (x, plot.bottom + app.px(5)), 2)
    short = initials(history.players)
    tick_px = app.font_px(12)
    marks = [short[tick.player] for tick in history.cards]
    for i in room_for(ticks, [text.font(tick_px, True).size(m)[0] for m in marks], app.px(3)):
        text.draw_text(surface, marks[i], tick_px, INK, (ticks[i], plot.bottom + app.px(6)), "midtop", bold=True)
    width = max(2, app.px(3))
    dashes = {tid: scaled(d, app.scale) for tid, d in timer_dashes(history).items()}
    for tid, points in history.series.items():
        colour = app.sprites.colour(TIMER_SPECS[tid].sand)
        for lost, run in _runs(points, history.lost_spans[tid]):
            _line(surface, colour, [px(t, r) for t, r in run], width, dashes[tid], lost)
    for at, _tid in history.lost:
        pygame.draw.circle(surface, FAIL, px(at, 0), app.px(6), max(2, app.px(2)))
    if history.failed is not None:
        _cross(surface, px(history.end_ms, 0), app.px(8), max(3, app.px(4)))
    under, ends = _end_labels(surface, app, plot, danger, history, dashes, names, px)
    _legend(surface, app, plot, history.failed is not None)
    return ChartMap(plot, ticks, strip, under, ends)


def _end_labels(surface: pygame.Surface, app: App, plot: pygame.Rect, danger: pygame.Rect, history: SandHistory,
                dashes: dict[str, Dash], names: list[str],
                px: Callable[[float, float], Point]) -> tuple[pygame.Rect, dict[str, pygame.Rect]]:
    """Each timer's name and dash sample beside its line's end, kept apart with a little air between them, above
    the "under 5 s" label; a label moved off its line's end is joined to it by a leader line."""
    lx = plot.right + app.px(26)
    label_px = app.font_px(15)
    room = surface.get_width() - lx - app.px(44)
    size = min(text.fit_px(n, label_px, room) for n in names)
    line_h = text.font(size).get_linesize() + LABEL_AIR * app.scale
    under = _("under 5 s")
    under_px = text.fit_px(under, app.font_px(14), surface.get_width() - lx - app.px(8), bold=True)
    under_rect = text.draw_text(surface, under, under_px, FAIL, (lx, danger.centery), "midleft", bold=True)
    ends = [px(*points[-1])[1] for points in history.series.values()]
    spots = spread_labels(ends, line_h, plot.top - app.px(20), under_rect.top - app.px(2))
    width = max(2, app.px(3))
    sample = app.px(28)
    rects: dict[str, pygame.Rect] = {}
    for tid, name, end, y in zip(history.series, names, ends, spots):
        colour = app.sprites.colour(TIMER_SPECS[tid].sand)
        if abs(y - end) > 1:  # out from the line's end, then across to its label
            elbow = plot.right + app.px(10)
            pygame.draw.lines(surface, INK, False, [(plot.right + app.px(3), end), (elbow, end),
                                                    (lx - app.px(4), y)], max(1, app.px(1)))
        _line(surface, colour, [(lx, y), (lx + sample, y)], width, dashes[tid], False)
        label = text.draw_text(surface, name, size, INK, (lx + sample + app.px(6), y), "midleft")
        rects[tid] = label.union(pygame.Rect(lx, label.top, sample, label.h))
    return under_rect, rects


def _legend(surface: pygame.Surface, app: App, plot: pygame.Rect, failed: bool) -> None:
    """The symbols, in one row under the time axis, and the axis's name at its end."""
    y = plot.bottom + app.px(56)
    icon, gap, k = app.px(30), app.px(18), app.px(6)

    def tick(x: int) -> None:
        pygame.draw.line(surface, INK, (x + icon // 2, y - app.px(7)), (x + icon // 2, y + app.px(7)), 2)

    def ring(x: int) -> None:
        pygame.draw.circle(surface, FAIL, (x + icon // 2, y), k, max(2, app.px(2)))

    def hollow(x: int) -> None:
        _line(surface, INK, [(x, y), (x + icon, y)], max(2, app.px(3)), (), True)

    def cross(x: int) -> None:
        _cross(surface, (x + icon // 2, y), k, 3)

    items: list[tuple[str, Callable[[int], None]]] = [
        (_("card played (point at a tick, or Up/Down)"), tick), (_("timer lost"), ring), (_("while lost"), hollow)]
    if failed:
        items.append((_("ran out"), cross))
    axis = _("time")
    axis_w = text.font(app.font_px(16), True).size(axis)[0]
    room = plot.w - axis_w - gap - len(items) * (icon + app.px(6) + gap)
    size = app.font_px(15)
    while size > 10 and sum(text.font(size).size(label)[0] for label, _icon in items) > room:
        size -= 1
    text.draw_text(surface, axis, app.font_px(16), INK, (plot.right, y), "midright", bold=True)
    x = plot.left
    for label, draw_icon in items:
        draw_icon(x)
        x = text.draw_text(surface, label, size, INK, (x + icon + app.px(6), y), "midleft").right + gap
