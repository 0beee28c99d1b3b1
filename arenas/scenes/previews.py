"""Move previews on the Arenas board: what the card under the mouse (or the wild card waiting for its
target) would do to each timer, asked of the rules (`arenas.rules.preview`) for every frame drawn, since the
sand a flip leaves changes as the sand flows.

A moving timer gets an arrow to its next gear; one turning in place a small label saying why (blocked, end
of the chain); every one a ghost level in its glass (drawn by the view) and, with "seconds on timers", the
seconds it would then hold; a timer the flip would empty says so. A wild card shows every choice at once.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, assert_never

import pygame

from arenas.match import Phase
from arenas.rules.actions import PlayCard
from arenas.rules.preview import TimerTurn, Turn, preview, wild_choices
from arenas.scenes.board import DANGER_MS
from arenas.wording import card_name, timer_code
from common.data.i18n import _, language
from common.data.rules_api import IllegalAction
from common.engine import text
from common.engine.layers import Part

if TYPE_CHECKING:
    from arenas.scenes.moment import Moment
    from common.engine.app import App

Point = tuple[float, float]
INK = (255, 236, 170)      # arrows and the lettering of a plain label
DARK = (30, 18, 10)
EMPTY_INK = (255, 130, 105)
READABLE_PX = 16  # the prompt's long words give way to short ones below this size (at UI scale 1)


@dataclass(frozen=True)
class CardPreview:
    """The card being previewed (its index in the active hand) and its turns: the timers a colour or shape
    card would turn, in the engine's order, or for a wild card the outcome of each choice."""

    hand_index: int
    wild: bool
    turns: tuple[TimerTurn, ...]

    def by_timer(self) -> dict[str, TimerTurn]:
        return {t.timer: t for t in self.turns}


def hovered_card(p: Moment) -> int | None:
    """The index of the active hand's card under the mouse (where it lifts), if any."""
    assert p.table is not None
    state = p.run.state
    for i, r in enumerate(p.table.card_rects(state.active, len(state.hands[state.active]))):
        if r.collidepoint(p.mouse):
            return i
    return None


def card_preview(p: Moment) -> CardPreview | None:
    """What to preview now: the wild card choosing its target, else the active person's card under the mouse;
    None with previews off in Settings, outside the running sand, on a bot's turn or in a replay."""
    run = p.run
    if (not p.settings.move_previews or p.table is None or run.phase != Phase.RUNNING or run.paused
            or run.replay is not None or run.bot_turn_now() or run.state.result is not None):
        return None
    state = run.state
    index = p.wild if p.wild is not None else hovered_card(p)
    if index is None:
        index = p.card_focus
    hand = state.hands[state.active]
    if index is None or index >= len(hand):
        return None
    if hand[index].kind == "wild":
        choices = wild_choices(state, index)
        return CardPreview(index, True, tuple(preview(state, a)[0] for a in choices.values()))
    try:
        return CardPreview(index, False, preview(state, PlayCard(state.active, index)))
    except IllegalAction:
        return None


def low(turn: TimerTurn) -> bool:
    """True if the flip would leave the timer some sand but less than the danger glow's threshold."""
    return 0 < turn.remaining_ms < DANGER_MS


def seconds_of(turn: TimerTurn) -> int:
    """The whole seconds a turned timer would hold (rounded up, as its tag shows them)."""
    return -(-turn.remaining_ms // 1000)


def effect(turn: TimerTurn, seconds: bool, blocks: frozenset[int], short: bool = False) -> str:
    """One timer's outcome in words, e.g. 'M1 moves on to gear 5, 48 s' (`short`: 'M1 moves on, 48 s')."""
    code = timer_code(turn.timer)
    match turn.turn:
        case Turn.MOVES if short:
            what = _("{timer} moves on").format(timer=code)
        case Turn.MOVES:
            what = _("{timer} moves on to gear {n}").format(timer=code, n=turn.to_tile + 1)
        case Turn.BLOCKED if short:
            what = _("{timer} blocked").format(timer=code)
        case Turn.BLOCKED if turn.tile + 1 in blocks:
            what = _("{timer} turns in place (a block on gear {n})").format(timer=code, n=turn.tile + 2)
        case Turn.BLOCKED:
            what = _("{timer} turns in place (gear {n} is taken)").format(timer=code, n=turn.tile + 2)
        case Turn.END if short:
            what = _("{timer} ends the chain").format(timer=code)
        case Turn.END:
            what = _("{timer} turns in place (last gear: the chain ends)").format(timer=code)
        case Turn.RECOVERED:
            what = _("{timer} goes back on gear {n}").format(timer=code, n=turn.tile + 1)
        case Turn.STAYS_LOST if short:
            what = _("{timer} stays lost").format(timer=code)
        case Turn.STAYS_LOST:
            what = _("{timer} is flipped but stays lost (gear {n} is taken)").format(timer=code, n=turn.tile + 1)
        case _:
            assert_never(turn.turn)
    if turn.empties:
        return _("{effect} and empties: lost!").format(effect=what)
    if low(turn) and seconds:
        return _("{effect}, almost empty: {seconds} s").format(effect=what, seconds=seconds_of(turn))
    if low(turn):
        return _("{effect}, almost empty!").format(effect=what)
    if seconds:
        return _("{effect}, {seconds} s").format(effect=what, seconds=seconds_of(turn))
    return what


def label_of(turn: TimerTurn, seconds: bool) -> str | None:
    """The short label over a turned timer: why it turns in place, or that it empties (and its seconds with
    "seconds on timers"); None for a plain move or recovery without seconds (its arrow says it)."""
    match turn.turn:
        case Turn.MOVES | Turn.RECOVERED:
            word = None
        case Turn.BLOCKED:
            word = _("blocked")
        case Turn.END:
            word = _("end of chain")
        case Turn.STAYS_LOST:
            word = _("stays lost")
        case _:
            assert_never(turn.turn)
    if turn.empties:
        word = _("empties!") if word is None else _("{label} · empties!").format(label=word)
    elif low(turn):
        word = _("almost empty!") if word is None else _("{label} · almost empty!").format(label=word)
    elif seconds:
        secs = _("{n} s").format(n=seconds_of(turn))
        word = secs if word is None else _("{label} · {seconds}").format(label=word, seconds=secs)
    return word


class PreviewPainter:
    """Paints the previews' arrows and labels; keeps the labels' pictures."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.labels: dict[tuple[str, Turn, bool, int, str], pygame.Surface] = {}

    def line(self, p: Moment, cp: CardPreview) -> str | None:
        """The prompt line for a preview: what the card does to every timer (said shortly when the long words
        would not fit the line at a readable size), or (a wild card) to the target under the mouse; None while a
        wild card waits and the mouse is on no target (the prompt says what to do)."""
        assert p.table is not None
        state = p.run.state
        seconds = p.settings.show_timer_seconds
        blocks = state.level.blocks
        n = cp.hand_index + 1
        if cp.wild:
            target = p.timer_at(p.mouse)
            turn = cp.by_timer().get(target) if target is not None else None
            if turn is not None:
                return _("Wild card {n}: {effect}").format(n=n, effect=effect(turn, seconds, blocks))
            if p.wild is not None:
                return None
            return _("Wild card {n}: click it, then a timer (each shows what it would do)").format(n=n)
        card = card_name(state.hands[state.active][cp.hand_index])
        if not cp.turns:
            return _("Card {n} · {card}: it turns no timer, but you draw a fresh card").format(n=n, card=card)
        app = self.app
        room = p.table.board.w - app.px(20)  # as the prompt line is fitted
        line = ""
        for short in (False, True):
            effects = " · ".join(effect(t, seconds, blocks, short) for t in cp.turns)
            line = _("Card {n} · {card}: {effects}").format(n=n, card=card, effects=effects)
            if text.fit_px(line, app.font_px(19), room, bold=True) >= app.font_px(READABLE_PX):
                break
        return line

    def arrow_parts(self, p: Moment, cp: CardPreview) -> list[Part]:
        """An arrow from gear to next gear for every timer that would move on, and from a lost timer to the
        gear it would stand on again (parts under the timers)."""
        assert p.board is not None
        geo = p.board.geo
        parts = []
        for t in cp.turns:
            match t.turn:
                case Turn.MOVES:
                    a, b = geo.gears[t.tile], geo.gears[t.to_tile]
                    start, end = along(a, b, geo.s * 0.16), along(b, a, geo.s * 0.3)
                case Turn.RECOVERED:
                    (start, end) = (p.drawn_place(t.timer)[0], geo.spots[t.tile])
                    start, end = along(start, end, geo.s * 0.3), along(end, start, geo.s * 0.45)
                case Turn.BLOCKED | Turn.END | Turn.STAYS_LOST:
                    continue
                case _:
                    assert_never(t.turn)
            width = max(3, round(geo.s * 0.08))
            head = width * 2.6
            box = pygame.Rect(round(min(start[0], end[0])), round(min(start[1], end[1])),
                              round(abs(start[0] - end[0])) + 1, round(abs(start[1] - end[1])) + 1)
            rect = box.inflate(2 * round(head) + 8, 2 * round(head) + 8)
            key = ("preview arrow", round(start[0]), round(start[1]), round(end[0]), round(end[1]), width)
            parts.append(Part(rect, key, partial(draw_arrow, start=start, end=end, width=width)))
        return parts

    def label_parts(self, p: Moment, cp: CardPreview, tops: dict[str, Point]) -> list[Part]:
        """The labels over the turned timers, each centred over its timer's top (`tops`: x and the top of its
        name tag), raised above another label it would cover, kept inside the board."""
        assert p.table is not None and p.board is not None
        seconds = p.settings.show_timer_seconds
        px = max(11, round(p.board.geo.s * 0.19))
        placed: list[pygame.Rect] = []
        parts = []
        for t in sorted(cp.turns, key=lambda t: tops[t.timer][0]):
            word = label_of(t, seconds)
            if word is None:
                continue
            img = self.label(word, t, px)
            x, top = tops[t.timer]
            rect = img.get_rect(midbottom=(round(x), round(top) - 2))
            rect.clamp_ip(p.table.board)
            while rect.collidelist(placed) != -1 and rect.top > p.table.board.top:
                rect.bottom = placed[rect.collidelist(placed)].top - 1
            placed.append(rect)
            parts.append(Part(rect, ("preview label", img, rect.topleft), partial(blit_at, image=img, at=rect)))
        return parts

    def label(self, word: str, turn: TimerTurn, px: int) -> pygame.Surface:
        """A dark rounded label: the turn's small icon then `word` (cached)."""
        warn = turn.empties or low(turn)
        key = (word, turn.turn, warn, px, language())
        img = self.labels.get(key)
        if img is None:
            if len(self.labels) > 200:
                self.labels.clear()
            ink = EMPTY_INK if warn else INK
            lettering = text.render(word, px, ink, bold=True)
            h = lettering.get_height() + max(2, px // 3)
            size = max(6, h - max(4, px // 2))
            pad = max(3, px // 3)
            img = pygame.Surface((pad + size + pad + lettering.get_width() + pad, h), pygame.SRCALPHA)
            pygame.draw.rect(img, (*DARK, 225), img.get_rect(), border_radius=h // 2)
            pygame.draw.rect(img, (*ink, 255), img.get_rect(), 1, border_radius=h // 2)
            draw_icon(img, turn, pygame.Rect(pad, (h - size) // 2, size, size), ink)
            img.blit(lettering, (pad + size + pad, (h - lettering.get_height()) // 2))
            self.labels[key] = img
        return img


def along(a: Point, b: Point, d: float) -> Point:
    """The point `d` pixels from `a` toward `b`."""
    dist = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return a[0] + (b[0] - a[0]) / dist * d, a[1] + (b[1] - a[1]) / dist * d


def blit_at(surface: pygame.Surface, *, image: pygame.Surface, at: pygame.Rect) -> None:
    surface.blit(image, at)


def draw_arrow(surface: pygame.Surface, *, start: Point, end: Point, width: int) -> None:
    """A bright arrow with a dark edge from `start` to `end` (its head at `end`)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    head = width * 2.6
    base = (end[0] - ux * head, end[1] - uy * head)
    tip = [end, (base[0] - uy * head * 0.75, base[1] + ux * head * 0.75),
           (base[0] + uy * head * 0.75, base[1] - ux * head * 0.75)]
    pygame.draw.line(surface, DARK, start, base, width + 4)
    pygame.draw.polygon(surface, DARK, tip)
    pygame.draw.polygon(surface, DARK, tip, 4)
    pygame.draw.line(surface, INK, start, base, width)
    pygame.draw.polygon(surface, INK, tip)


def draw_icon(surface: pygame.Surface, turn: TimerTurn, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """A label's icon in `box`: an exclamation mark (the flip empties it or nearly), else by its turn a barred
    circle (blocked, stays lost), a flag (end of the chain), an upward arrow (back on its gear), a right arrow."""
    w = max(1, box.w // 6)
    cx, cy = box.center
    if turn.empties or low(turn):
        pygame.draw.circle(surface, ink, box.center, box.w // 2)
        pygame.draw.line(surface, DARK, (cx, box.top + 2 * w), (cx, cy + w // 2), w + 1)
        pygame.draw.circle(surface, DARK, (cx, box.bottom - 2 * w), max(1, w))
        return
    match turn.turn:
        case Turn.BLOCKED | Turn.STAYS_LOST:
            pygame.draw.circle(surface, ink, box.center, box.w // 2, w)
            pygame.draw.line(surface, ink, (box.left + w, box.bottom - w), (box.right - w, box.top + w), w)
        case Turn.END:
            pygame.draw.line(surface, ink, (box.left + w, box.top), (box.left + w, box.bottom), w)
            pygame.draw.polygon(surface, ink, [(box.left + w, box.top), (box.right, box.top + box.h // 4),
                                               (box.left + w, box.top + box.h // 2)])
        case Turn.RECOVERED:
            pygame.draw.line(surface, ink, (cx, box.bottom), (cx, box.top + w), w)
            pygame.draw.polygon(surface, ink, [(cx, box.top), (box.left, cy), (box.right, cy)])
        case Turn.MOVES:
            pygame.draw.line(surface, ink, (box.left, cy), (box.right - w, cy), w)
            pygame.draw.polygon(surface, ink, [(box.right, cy), (cx, box.top), (cx, box.bottom)])
        case _:
            assert_never(turn.turn)
