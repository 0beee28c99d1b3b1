"""The figures of the Arenas rules screen: small positions built with the rules' builders, played with the
rules' engine, and drawn by the play scene itself (its frame, cropped to the board)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from arenas.rules.actions import PlayCard, PlayWild, WildMode
from arenas.rules.builders import LostBeside, OnTile, build_game, build_level
from arenas.rules.components import TIMER_SPECS, WILD, Card, CardKind, Tile
from arenas.rules.engine import advance, apply
from arenas.rules.state import GameState, clone
from arenas.scenes.hands import CardArt
from arenas.scenes.play import PlayScene
from arenas.session import GameSetup
from common.data.i18n import _
from common.engine import text
from common.scenes.figures import Link, Panel, frame_crop, strip
from common.ui.figure_book import Figure, FigureBook

if TYPE_CHECKING:
    from common.engine.app import App

CARD_SIZE = (144, 200)  # the card art's own proportions
GRAY = Card(CardKind.COLOUR, "gray")
CIRCLE = Card(CardKind.SHAPE, "circle")
ORDER_INK = (255, 244, 214)


def _no_result(*_args: object) -> None:
    """A figure's run never ends on screen."""


def board_shot(app: App, state: GameState, marks: Sequence[tuple[str, str]] = ()) -> pygame.Surface:
    """The play scene of `state` drawn as in a game (the sand standing still), cropped to its board; `marks`
    puts a numbered disc (text) on timers (id, text)."""
    scene = PlayScene(app, GameSetup(state.level, tuple(state.players), counts=False), _no_result, clone(state),
                      countdown=False)
    scene.layout(app.size)
    board = scene.board
    assert board is not None
    geo, s = board.geo, board.geo.s
    points = [*geo.gears, *geo.spots, *(p for p in geo.lost_spots if p is not None), geo.stone]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    region = pygame.Rect(round(min(xs) - s * 0.8), round(min(ys) - s * 0.9), 0, 0)
    region.size = (round(max(xs) - region.x + s * 0.8), round(max(ys) - region.y + s * 0.8))
    shot = frame_crop(scene.frame_parts() or [], app.size, region)
    for timer_id, word in marks:
        x, y = scene.drawn_place(timer_id)[0]
        centre = (round(x - region.x + s * 0.42), round(y - region.y - s * 0.42))
        radius = max(8, round(s * 0.2))
        pygame.draw.circle(shot, (40, 22, 10), centre, radius + 2)
        pygame.draw.circle(shot, app.theme.accent, centre, radius)
        text.draw_text(shot, word, max(10, round(radius * 1.4)), ORDER_INK, centre, "center", bold=True)
    return shot


def _card(app: App, card: Card) -> pygame.Surface:
    return CardArt(app).image(card, (app.px(CARD_SIZE[0]), app.px(CARD_SIZE[1])))


def _seconds(state: GameState, timer_id: str) -> int:
    return -(-state.timers[timer_id].remaining_ms // 1000)


def _two_gears(remaining_ms: int) -> GameState:
    """One slow timer on the last gear of a two-gear path, a gray card in hand."""
    level = build_level([Tile("orange", "square"), Tile("gray", "circle")], 1, [("slow1", 1)], layout="arc")
    return build_game(level, {"slow1": OnTile(1, remaining_ms)}, [[GRAY]])


def timer_turn(app: App, width: int, height: int) -> Figure:
    """A flip: the time left becomes the capacity minus the time left."""
    before = _two_gears(10_000)
    after = clone(before)
    apply(after, PlayCard(0, 0))
    return Figure(strip(app, [
        Panel(board_shot(app, before), _("{n} s left of {capacity}").format(
            n=_seconds(before, "slow1"), capacity=TIMER_SPECS["slow1"].capacity_ms // 1000)),
        Panel(board_shot(app, after), _("{n} s left after the flip").format(n=_seconds(after, "slow1")))],
        [Link(_card(app, GRAY), _("flip"))], width, height),
        _("A flip swaps the bulbs: a 60-second timer with 10 seconds left has 50 after it."))


def timer_full(app: App, width: int, height: int) -> Figure:
    """Flipping a full timer empties it."""
    before = _two_gears(60_000)
    after = _two_gears(0)  # the moment after the flip, before the engine sees it run out
    return Figure(strip(app, [
        Panel(board_shot(app, before), _("Full: {n} s left").format(n=_seconds(before, "slow1"))),
        Panel(board_shot(app, after), _("Empty: it runs out at once"))],
        [Link(_card(app, GRAY), _("flip"))], width, height),
        _("The trap: flip a full timer and its sand is all at the bottom."))


def chain(app: App, width: int, height: int) -> Figure:
    """A colour card moves a line of timers, the one furthest along first."""
    path = [Tile("gray", "circle"), Tile("gray", "square"), Tile("gray", "triangle"), Tile("yellow", "crescent"),
            Tile("orange", "circle")]
    level = build_level(path, 4, [("slow1", 0), ("medium1", 1), ("fast1", 2)], layout="arc")
    before = build_game(level, {"slow1": OnTile(0, 22_000), "medium1": OnTile(1, 17_000), "fast1": OnTile(2, 9_000)},
                        [[GRAY]])
    after = clone(before)
    apply(after, PlayCard(0, 0))
    marks = [("fast1", "1"), ("medium1", "2"), ("slow1", "3")]
    return Figure(strip(app, [
        Panel(board_shot(app, before, marks), _("Three timers on gray gears")),
        Panel(board_shot(app, after), _("Each flipped and one gear on"))],
        [Link(_card(app, GRAY), _("front to back"))], width, height),
        _("A gray card activates every timer on a gray gear, front to back (1, 2, 3), so the line moves together."))


def blocked(app: App, width: int, height: int) -> Figure:
    """A timer in front of a block, and one behind it: both flip, neither moves."""
    path = [Tile("orange", "square"), Tile("gray", "circle"), Tile("yellow", "circle"), Tile("orange", "triangle"),
            Tile("gray", "crescent")]
    level = build_level(path, 4, [("medium1", 1), ("medium2", 2)], blocks=frozenset({3}), layout="arc")
    before = build_game(level, {"medium1": OnTile(1, 12_000), "medium2": OnTile(2, 30_000)}, [[CIRCLE]])
    after = clone(before)
    apply(after, PlayCard(0, 0))
    return Figure(strip(app, [
        Panel(board_shot(app, before), _("A block in front of the line")),
        Panel(board_shot(app, after), _("Both flipped in place"))],
        [Link(_card(app, CIRCLE), _("both match"))], width, height),
        _("A timer that cannot move (a block, a timer or the end of the path ahead) is still flipped."))


def lost(app: App, width: int, height: int) -> Figure:
    """A timer runs dry before the Deactivator: it is set down beside its gear, full again."""
    path = [Tile("gray", "circle"), Tile("yellow", "square"), Tile("orange", "triangle")]
    level = build_level(path, 2, [("fast1", 0)], layout="arc")
    before = build_game(level, {"fast1": OnTile(0, 900)}, [[WILD]])
    after = clone(before)
    advance(after, 1_000)
    return Figure(strip(app, [
        Panel(board_shot(app, before), _("{n} s left on its gear").format(n=_seconds(before, "fast1"))),
        Panel(board_shot(app, after), _("Lost beside its gear, flipped full"))],
        [Link(None, _("1 s later"))], width, height),
        _("A timer that runs out before the Deactivator is lost: it lies beside its gear and its sand keeps falling."))


def recover(app: App, width: int, height: int) -> Figure:
    """A wild card recovers a lost timer: flipped, back on its gear."""
    path = [Tile("gray", "circle"), Tile("yellow", "square"), Tile("orange", "triangle")]
    level = build_level(path, 2, [("fast1", 0)], layout="arc")
    before = build_game(level, {"fast1": LostBeside(0, 8_000)}, [[WILD]])
    after = clone(before)
    apply(after, PlayWild(0, 0, WildMode.RECOVER, "fast1"))
    return Figure(strip(app, [
        Panel(board_shot(app, before), _("Lost, {n} s left").format(n=_seconds(before, "fast1"))),
        Panel(board_shot(app, after), _("Back on its gear, {n} s left").format(n=_seconds(after, "fast1")))],
        [Link(_card(app, WILD), _("recover"))], width, height),
        _("Only a wild card recovers a lost timer: it is flipped and stands on its gear again."))


def figure_book() -> FigureBook:
    """The figures the Arenas rules texts name (`[figure: name]`)."""
    return {"timer-turn": timer_turn, "timer-full": timer_full, "chain": chain, "blocked": blocked,
            "timer-lost": lost, "wild-recover": recover}
