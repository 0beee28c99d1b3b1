"""The figures of the Arzium rules screen: positions built with the rules' builders, played with the rules'
engine, and drawn by the table scene itself (its frame cropped to the map, its ghost, its bid dialog)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arzium.rules.actions import Search
from arzium.rules.board import EDGES, SIZE
from arzium.rules.builders import Party, build_position
from arzium.rules.engine import apply
from arzium.rules.state import GameState, SeatSetup, Setup, clone
from arzium.scenes.art import CardArt
from arzium.scenes.bid_table import BidTable
from arzium.scenes.bidding import BidScene
from arzium.scenes.play import PlayScene
from arzium.wording import EDGE_NAMES, word
from common.data.i18n import _
from common.data.outbox import Outbox
from common.scenes.figures import Link, Panel, frame_crop, scaled_to, strip
from common.ui.figure_book import Figure, FigureBook

if TYPE_CHECKING:
    from common.engine.app import App

PATTERN_CARD = "C24"  # an L: four markers, different from every edge
LINE_CARD = "C08"     # three markers in a line straight ahead
COLOURS = {"south": "red", "west": "blue", "north": "green", "east": "yellow"}
OPPOSITE = {"south": "north", "north": "south", "west": "east", "east": "west"}
# The land of slot 4 (bottom middle): its left column is what the line card fills from the south.
LEFT_COLUMN, RIGHT_COLUMN = (20, 26, 32), (21, 27, 33)


def _ignore(*_args: object) -> None:
    """A figure's table neither ends nor asks for bids on screen."""


def table_scene(app: App, state: GameState) -> PlayScene:
    """The table scene of `state` laid out in the window, as a game shows it (no saving)."""
    scene = PlayScene(app, clone(state), _ignore, _ignore, autosave=False)
    scene.layout(app.size)
    return scene


def map_shot(scene: PlayScene) -> pygame.Surface:
    """The scene's map (frame, lands, markers, ghost) as drawn in its frame."""
    return frame_crop(scene.frame_parts() or [], scene.app.size, scene.board_view.frame_rect)


def _two_seats(edge: str) -> Setup:
    """Two people: the first at `edge`, the other across the map."""
    other = OPPOSITE[edge]
    return Setup((SeatSetup(_("You"), COLOURS[edge], edge), SeatSetup(_("Rival"), COLOURS[other], other)))


def _with_ghost(scene: PlayScene, card_index: int, cell: tuple[int, int]) -> PlayScene:
    """The scene with the acting player's character `card_index` chosen and the mouse over board `cell`."""
    scene.choice.selected = card_index
    scene.mouse = scene.board_view.cell_rect(*cell).center
    return scene


def pattern_edges(app: App, width: int, height: int) -> Figure:
    """One pattern placed from each edge, all four maps shown from the south."""
    panels = []
    for edge in EDGES:
        state = build_position(_two_seats(edge), seed=3, parties={0: Party((PATTERN_CARD,))}, active=0)
        scene = table_scene(app, state)
        scene.board_view.set_edge("south", 0)
        _with_ghost(scene, 0, (SIZE // 2, SIZE // 2))
        panels.append(Panel(map_shot(scene), _("Played from the {edge}").format(edge=word(EDGE_NAMES, edge))))
    picture = CardArt(app, state.cards).character(PATTERN_CARD, app.px(120), None)
    return Figure(strip(app, [Panel(picture, _("The card")), *panels],
                        [Link(arrow=False)] * len(panels), width, height),
                  _("The same card from each edge, every map seen from the south: each seat places the pattern as "
                    "it sees it, so it covers the map differently."))


def _claim_position(rival_squares: tuple[int, ...], mine: tuple[int, ...] = ()) -> GameState:
    """You (south) hold the line card; the rival's and your markers on the land of slot 4."""
    return build_position(_two_seats("south"), seed=5, parties={0: Party((LINE_CARD,), coins=2),
                                                                1: Party(("C01",), coins=1)},
                          markers={0: mine, 1: rival_squares}, active=0)


def claim(app: App, width: int, height: int) -> Figure:
    """A search fills a land: the most markers claim it, the helper gets a coin."""
    before = _claim_position(RIGHT_COLUMN[1:], RIGHT_COLUMN[:1])
    after = clone(before)
    apply(after, Search(LINE_CARD, LEFT_COLUMN[0]))
    claimed = after.players[0].cards[-1]  # the land's character, as the engine hands it over
    scene = _with_ghost(table_scene(app, before), 0, (4, 2))
    art = scene.art
    reward = pygame.Surface((app.px(90), app.px(120)), pygame.SRCALPHA)
    coin = art.coin(app.px(54))
    reward.blit(coin, coin.get_rect(center=(reward.get_width() // 2, app.px(40))))
    marker = art.marker(COLOURS["north"], app.px(34))
    reward.blit(marker, marker.get_rect(center=(reward.get_width() // 2, app.px(92))))
    return Figure(strip(app, [
        Panel(map_shot(scene), _("You {mine}, the rival {theirs}: the land is full").format(
            mine=len(LEFT_COLUMN) + 1, theirs=len(RIGHT_COLUMN) - 1)),
        Panel(art.character(claimed, app.px(120), COLOURS["south"]), _("You claim its character")),
        Panel(reward, _("The rival gets 1 coin"))],
        [Link(None, _("search")), Link(arrow=False)], width, height),
        _("The most markers claim the land; every other player with a marker on it gets 1 coin."))


def bid(app: App, width: int, height: int) -> Figure:
    """A tie for a full land opens the bidding."""
    before = _claim_position(RIGHT_COLUMN)
    tied = clone(before)
    apply(tied, Search(LINE_CARD, LEFT_COLUMN[0]))
    board = map_shot(_with_ghost(table_scene(app, before), 0, (4, 2)))
    scene = table_scene(app, tied)
    dialog = BidScene(app, BidTable(scene.table, 0, scene.hints, scene.art, scene.names, scene.colours,
                                    scene.board_view, Outbox()))
    dialog.layout(app.size)
    frame = pygame.Surface(app.size)
    scene.draw(frame)
    dialog.draw(frame)
    box = dialog.box.inflate(app.px(12), app.px(12)).clip(frame.get_rect())
    return Figure(strip(app, [
        Panel(board, _("{n} markers each: a tie").format(n=len(RIGHT_COLUMN))),
        Panel(scaled_to(frame.subsurface(box).copy(), box.w, box.h), _("You open the bidding"))],
        [Link(None, _("search"))], width, height),
        _("A tie for most markers is settled by a bid: the highest bidder claims the land and pays the bid."))


def figure_book() -> FigureBook:
    """The figures the Arzium rules texts name (`[figure: name]`)."""
    return {"pattern-edges": pattern_edges, "claim": claim, "bid": bid}
