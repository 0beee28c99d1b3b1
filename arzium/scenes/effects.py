"""Rules events turned into animations and sounds on the play scene's timeline.

Each event schedules steps that move the display model (`Shown`) when they start or end and draw
what is in flight: markers dropping with a bounce, coins popping from coin squares to purses,
full lands flipping to their character and flying to the claimer's party, artifacts flying from
the row. When the last step ends the model is rebuilt from the rules state.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, assert_never

import pygame

from arzium.match import Match
from arzium.rules.board import slot_squares
from arzium.rules.events import (
    AnyEvent,
    ArtifactBought,
    ArtifactRowRefilled,
    ArtifactUsed,
    BiddingStarted,
    BidPassed,
    BidPlaced,
    BlankPaid,
    CardClaimed,
    CardFull,
    CardReplaced,
    CharacterFlipped,
    CharacterUsed,
    ClaimsBegun,
    CoinsGained,
    ConsolationCoin,
    Event,
    FinalRound,
    GameEnded,
    MarkerDisplaced,
    MarkerPlaced,
    MarkerSlid,
    Rested,
    SearchSkipped,
    SquareSkipped,
    TurnStarted,
)
from arzium.scenes.art import CardArt
from arzium.scenes.board_view import BoardView, ease_drop
from arzium.scenes.log_panel import LogLine, table_event
from arzium.scenes.party_view import PartyView
from arzium.scenes.shown import CLAIMING, Shown, at_rest
from arzium.scenes.table_commands import Announce, AtRest, GameReached, ShowLines, Sparkle, TableCommand, TurnReached
from arzium.scenes.timeline import Timeline
from arzium.wording import coins, group, land_name, person
from common.data.i18n import _, pgettext
from common.data.outbox import Outbox
from common.engine import text
from common.engine.tween import ease_in_out_cubic, ease_out_back, ease_out_quad

if TYPE_CHECKING:
    from common.engine.app import App

Point = tuple[float, float]

DROP, STAGGER, COIN, SKIP, GLOW, FLIP, FLY, RETURN, REPLACE = 300, 130, 520, 320, 520, 480, 620, 420, 360
BID, FACE, SLIDE, BUY_FLY, ANNOUNCE = 900, 260, 420, 560, 1100


def _lerp(a: Point, b: Point, t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


class Animator:
    """Schedules the animation of events on `timeline`, moving the display model `shown`; what the scene is to
    do as they run (log lines, banners, sparkles, the turn or the end reached) waits in `asks`."""

    def __init__(self, app: App, table: Match, timeline: Timeline, board_view: BoardView, parties: list[PartyView],
                 art: CardArt, names: list[str], colours: list[str], shown: Shown) -> None:
        self.app = app
        self.table = table
        self.timeline = timeline
        self.board_view = board_view
        self.parties = parties
        self.art = art
        self.names = names
        self.colours = colours
        self.shown = shown
        self.rows: Sequence[pygame.Rect] = ()
        self.quiet = False  # set while skipping to the end: no sounds
        self.asks: Outbox[TableCommand] = Outbox()  # what the animations that ran ask of the scene, in order

    # -- small helpers ----------------------------------------------------------------------

    def ms(self, value: float) -> float:
        return self.app.anim_ms(value)

    def sound(self, name: str, volume: float = 1.0) -> None:
        if not self.quiet:
            self.app.sounds.play(name, volume)

    def _fly_draw(self, image: Callable[[], pygame.Surface], a: Callable[[], Point], b: Callable[[], Point],
                  lift: float, pop: float = 0.0) -> Callable[[pygame.Surface, float], None]:
        def draw(surface: pygame.Surface, t: float) -> None:
            e = ease_in_out_cubic(t)
            x, y = _lerp(a(), b(), e)
            y -= lift * 4 * e * (1 - e)
            img = image()
            if pop:
                k = 1 + pop * math.sin(math.pi * t)
                img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * k)),
                                                         max(1, round(img.get_height() * k))))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        return draw

    def _coin_flight(self, player: int, source: Callable[[], Point], amount: int, delay: float = 0.0,
                     towards_purse: bool = True) -> None:
        """Coins flying from `source` to the purse (or from the purse to `source`), with a +n/-n label."""
        size = max(10, round(self.board_view.square * 0.42))
        purse = lambda: self.parties[player].purse_center(self.shown)  # noqa: E731
        a, b = (source, purse) if towards_purse else (purse, source)

        def start() -> None:
            self.sound("coin", 0.8)
            if not towards_purse:
                self.shown.coins[player] -= amount

        def end() -> None:
            if towards_purse:
                self.shown.coins[player] += amount

        fly = self._fly_draw(lambda: self.art.coin(size), a, b, self.board_view.square * 0.9, pop=0.25)
        sign = "+" if towards_purse else "-"
        ink = (255, 236, 150) if towards_purse else (255, 170, 150)
        label = text.render(f"{sign}{amount}", self.app.font_px(22), ink, bold=True)

        def draw(surface: pygame.Surface, t: float) -> None:
            fly(surface, t)
            x, y = source()
            rise = self.app.px(30) * ease_out_quad(t)
            tmp = label.copy()
            tmp.set_alpha(round(255 * (1 - t * t)))
            surface.blit(tmp, tmp.get_rect(center=(round(x), round(y - self.board_view.square * 0.5 - rise))))
        self.timeline.par(self.ms(COIN), start, end, draw, delay=delay)

    # -- events -----------------------------------------------------------------------------

    def play(self, events: list[Event], told: Sequence[tuple[int, LogLine]] = (),
             rows: Sequence[pygame.Rect] = ()) -> None:
        """Schedule every event in order, then a resync of the display with the rules state. `told` are the
        log lines waiting in the scene's log and the events they belong to (`describe_at`): each is shown
        as that event's animation starts (a search's line once its markers and coins have landed). `rows`:
        where the artifacts of the row for sale lie now (a bought one flies from there)."""
        self.rows = rows
        tl = self.timeline
        due = Counter(at for at, _line in told)
        in_search = False
        for i, e in enumerate(events):
            event = table_event(e)
            placing = isinstance(event, (MarkerPlaced, SquareSkipped, BlankPaid, MarkerDisplaced))
            if not placing and in_search:
                tl.wait()
            in_search = placing or (isinstance(event, ArtifactUsed) and in_search)
            self._show_lines(due[i])
            self._animate(event)
        tl.wait()
        self._show_lines(due[len(events)])
        tl.seq(0, on_end=self.resync)

    def resync(self) -> None:
        """The display is the rules state again (every animation scheduled so far has run)."""
        self.shown = at_rest(self.table)
        self.asks.put(AtRest())

    def announce(self, message: str, player: int | None) -> None:
        self.asks.put(Announce(message, player))

    def _animate(self, e: AnyEvent) -> None:
        match e:
            case TurnStarted():
                self._on_turn_started(e)
            case Rested():
                self._on_rested(e)
            case CharacterUsed():
                self._on_character_used(e)
            case CharacterFlipped():
                self._on_character_flipped(e)
            case ArtifactUsed():
                self._on_artifact_used(e)
            case MarkerPlaced():
                self._drop(e.player, e.square, e.coins)
            case MarkerDisplaced():
                self._drop(e.player, e.square, e.coins, victim=e.victim)
            case SquareSkipped():
                self._on_square_skipped(e)
            case BlankPaid():
                self._on_blank_paid(e)
            case MarkerSlid():
                self._on_marker_slid(e)
            case CoinsGained():
                self._on_coins_gained(e)
            case SearchSkipped():
                self._on_search_skipped(e)
            case CardFull():
                self._on_card_full(e)
            case BiddingStarted():
                self._on_bidding_started(e)
            case BidPlaced():
                self._on_bid_placed(e)
            case BidPassed():
                self._on_bid_passed(e)
            case CardClaimed():
                self._on_card_claimed(e)
            case ConsolationCoin():
                self._on_consolation_coin(e)
            case CardReplaced():
                self._on_card_replaced(e)
            case ArtifactBought():
                self._on_artifact_bought(e)
            case ArtifactRowRefilled():
                self._on_artifact_row_refilled(e)
            case FinalRound():
                self._on_final_round(e)
            case GameEnded():
                self._on_game_ended(e)
            case ClaimsBegun():
                pass  # the claims that follow have their own steps
            case _:
                assert_never(e)

    def _show_lines(self, count: int) -> None:
        """The next `count` waiting log lines go on show here in the timeline (at once when animations are
        instant)."""
        if not count:
            return
        if self.ms(1) <= 0:
            self.asks.put(ShowLines(count))
        else:
            self.timeline.seq(0, lambda: self.asks.put(ShowLines(count)))

    def _on_turn_started(self, e: TurnStarted) -> None:
        self.timeline.seq(0, on_start=lambda: self.asks.put(TurnReached(e.player)))

    def _on_rested(self, e: Rested) -> None:
        name = self.names[e.player]

        def start() -> None:
            self.shown.rest(e.player)
            self.shown.coins[e.player] -= e.paid
            self.sound("card_flip")
            if e.forced:
                self.announce(person(name, _("Your characters all fell asleep: free rest"),
                                     _("{owner} characters all fell asleep: free rest")), e.player)
            else:
                self.announce(person(name, _("You rest early for {coins}"), _("{name} rests early for {coins}"),
                                     coins=coins(e.paid)), e.player)
        self.timeline.seq(self.ms(FACE * 2), start)

    def _on_character_used(self, e: CharacterUsed) -> None:
        def start() -> None:
            self.shown.set_face(e.player, e.card, False)
            self.sound("card_flip", 0.7)
        self.timeline.seq(self.ms(FACE), start)

    def _on_character_flipped(self, e: CharacterFlipped) -> None:
        def start() -> None:
            self.shown.set_face(e.player, e.card, e.face_up)
            self.sound("card_flip", 0.8)
        self.timeline.seq(self.ms(FACE), start)

    def _on_artifact_used(self, e: ArtifactUsed) -> None:
        def start() -> None:
            self.shown.set_artifact_face(e.player, e.artifact, False)
            self.sound("card_flip", 0.6)
        self.timeline.seq(self.ms(FACE), start)

    def _drop(self, player: int, sq: int, coins: int, victim: int | None = None) -> None:
        bv = self.board_view
        colour = self.colours[player]

        def land() -> None:
            self.shown.board[sq] = player
            self.shown.supply[player] -= 1
            self.sound("marker_place")

        def draw(surface: pygame.Surface, t: float) -> None:
            x, y = bv.square_center(sq)
            size = bv.marker_size
            h = ease_drop(t) * bv.square * 1.3
            shadow_w = round(size * (0.5 + 0.4 * (1 - ease_drop(t))))
            pygame.draw.ellipse(surface, (20, 12, 6), (x - shadow_w // 2, y + size // 4, shadow_w, max(2, size // 6)))
            img = self.art.marker(colour, size)
            surface.blit(img, img.get_rect(center=(x, round(y - h))))

        def start() -> None:
            if victim is not None:
                self.shown.board[sq] = -1
        step = self.timeline.par(self.ms(DROP), start, land, draw)
        if victim is not None:
            home = lambda: self.parties[victim].banner_center(self.shown)  # noqa: E731
            src = lambda: bv.square_center(sq)  # noqa: E731
            self.timeline.par(self.ms(RETURN), None, lambda: self._supply(victim, 1),
                              self._fly_draw(lambda: self.art.marker(self.colours[victim], bv.marker_size), src, home,
                                             bv.square), delay=0)
        if coins:
            self._coin_flight(player, lambda: bv.square_center(sq), coins, delay=step.duration)
        self.timeline.seq(self.ms(STAGGER))

    def _supply(self, player: int, n: int) -> None:
        self.shown.supply[player] += n

    def _on_square_skipped(self, e: SquareSkipped) -> None:

        def draw(surface: pygame.Surface, t: float) -> None:
            r = self.board_view.cell_rect(*divmod(e.square, 6))
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((230, 230, 230, round(150 * math.sin(math.pi * t))))
            surface.blit(glow, r)
        self.timeline.par(self.ms(SKIP), draw=draw)
        self.timeline.seq(self.ms(STAGGER * 0.6))

    def _on_blank_paid(self, e: BlankPaid) -> None:
        if e.cost:
            self._coin_flight(e.player, lambda: self.board_view.square_center(e.square), e.cost, towards_purse=False)
            self.timeline.seq(self.ms(COIN * 0.7))

    def _on_marker_slid(self, e: MarkerSlid) -> None:
        bv = self.board_view

        def start() -> None:
            self.shown.board[e.src] = -1
            self.sound("marker_place", 0.6)

        def end() -> None:
            self.shown.board[e.dst] = e.owner
            self.sound("marker_place")
        self.timeline.seq(self.ms(SLIDE), start, end,
                          self._fly_draw(lambda: self.art.marker(self.colours[e.owner], bv.marker_size),
                                         lambda: bv.square_center(e.src), lambda: bv.square_center(e.dst),
                                         bv.square * 0.3))

    def _on_coins_gained(self, e: CoinsGained) -> None:
        self._coin_flight(e.player, lambda: self.parties[e.player].banner_center(self.shown), e.amount)
        self.timeline.seq(self.ms(COIN * 0.5))

    def _on_search_skipped(self, e: SearchSkipped) -> None:
        self.timeline.seq(self.ms(ANNOUNCE), lambda: self.announce(_("{name} cannot place a character: search skipped")
                                                                     .format(name=self.names[e.player]), e.player))

    def _on_card_full(self, e: CardFull) -> None:

        def draw(surface: pygame.Surface, t: float) -> None:
            r = self.board_view.slot_rect(e.slot)
            pulse = math.sin(math.pi * t)
            app = self.app
            width = max(2, round(app.px(6) * pulse))
            pygame.draw.rect(surface, app.theme.focus, r.inflate(width, width), width, border_radius=app.px(8))
        self.timeline.seq(self.ms(GLOW), lambda: self.sound("turn_chime", 0.5), None, draw)

    def _on_bidding_started(self, e: BiddingStarted) -> None:
        cards, card = self.table.state.cards, self.table.view_state().slots[e.slot]
        land = land_name(cards.card(card)) if card and cards.card(card).land_name else _("the land")
        line = group([self.names[p] for p in e.bidders],
                     pgettext("you among them", "Tie on {land}! {names} bid for it"),
                     _("Tie on {land}! {names} bid for it"), land=land)

        def start() -> None:
            self.announce(line, None)
            self.sound("bid")
        self.timeline.seq(self.ms(BID), start)

    def _on_bid_placed(self, e: BidPlaced) -> None:

        def start() -> None:
            self.announce(person(self.names[e.player], _("You bid {coins}"), _("{name} bids {coins}"),
                                 coins=coins(e.amount)), e.player)
            self.sound("bid")
        self.timeline.seq(self.ms(BID), start)

    def _on_bid_passed(self, e: BidPassed) -> None:
        self.timeline.seq(self.ms(BID * 0.7), lambda: self.announce(
            person(self.names[e.player], _("You pass"), _("{name} passes")), e.player))

    def _on_card_claimed(self, e: CardClaimed) -> None:
        bv = self.board_view
        squares = slot_squares(e.slot)
        owners: dict[int, int] = {}

        def clear() -> None:
            for sq in squares:
                owner = self.shown.board[sq]
                if owner >= 0:
                    owners[sq] = owner
                self.shown.board[sq] = -1

        def home() -> None:
            for p, n in e.markers_returned:
                self.shown.supply[p] += n

        def draw_return(surface: pygame.Surface, t: float) -> None:
            k = ease_in_out_cubic(t)
            for sq, owner in owners.items():
                x, y = _lerp(bv.square_center(sq), self.parties[owner].banner_center(self.shown), k)
                img = self.art.marker(self.colours[owner], max(6, round(bv.marker_size * (1 - 0.4 * k))))
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
        self.timeline.seq(self.ms(RETURN), clear, home, draw_return)

        land_img = bv.land_image(e.card, e.slot)
        face_w = bv.square * 2

        def flip_start() -> None:
            self.shown.slots[e.slot] = CLAIMING
            self.sound("card_flip")

        def draw_flip(surface: pygame.Surface, t: float) -> None:
            centre = bv.slot_rect(e.slot).center
            if t < 0.5:
                img, k = land_img, 1 - 2 * t
            else:
                img, k = self.art.character(e.card, face_w, self.colours[e.player]), 2 * t - 1
            w = max(1, round(img.get_width() * k))
            squeezed = pygame.transform.smoothscale(img, (w, img.get_height()))
            surface.blit(squeezed, squeezed.get_rect(center=centre))
        self.timeline.seq(self.ms(FLIP), flip_start, None, draw_flip)

        def fly_start() -> None:
            self.sound("card_claim")
            if e.paid:
                self.shown.coins[e.player] -= e.paid

        def fly_end() -> None:
            self.shown.cards[e.player].append(e.card)
            self.shown.face_up[e.player].append(True)
            claimed = self.parties[e.player].card_rect(self.shown, len(self.shown.cards[e.player]) - 1)
            self.asks.put(Sparkle(claimed.center))

        def draw_fly(surface: pygame.Surface, t: float) -> None:
            k = ease_in_out_cubic(t)
            target = self.parties[e.player].card_rect(self.shown, len(self.shown.cards[e.player]))
            x, y = _lerp(bv.slot_rect(e.slot).center, target.center, k)
            w = round(face_w + (target.w - face_w) * k)
            img = pygame.transform.smoothscale(self.art.character(e.card, face_w, self.colours[e.player]),
                                               (max(2, w), max(3, round(w * 1.5))))
            surface.blit(img, img.get_rect(center=(round(x), round(y - self.app.px(40) * 4 * k * (1 - k)))))
        self.timeline.seq(self.ms(FLY), fly_start, fly_end, draw_fly)

    def _on_consolation_coin(self, e: ConsolationCoin) -> None:
        self._coin_flight(e.player, lambda: self.board_view.slot_rect(e.slot).center, 1)

    def _on_card_replaced(self, e: CardReplaced) -> None:
        bv = self.board_view

        def end() -> None:
            self.shown.slots[e.slot] = e.card

        def draw(surface: pygame.Surface, t: float) -> None:
            if e.card is None:
                return
            img = bv.land_image(e.card, e.slot).copy()
            img.set_alpha(round(255 * t))
            r = bv.slot_rect(e.slot)
            rise = self.app.px(30) * (1 - ease_out_back(t))
            surface.blit(img, img.get_rect(center=(r.centerx, round(r.centery - rise))))
        self.timeline.seq(self.ms(REPLACE), lambda: self.sound("card_flip", 0.5), end, draw)

    def _on_artifact_bought(self, e: ArtifactBought) -> None:
        pos = self.shown.art_row.index(e.artifact) if e.artifact in self.shown.art_row else 0
        src = self.rows[min(pos, len(self.rows) - 1)]

        def start() -> None:
            if 0 <= pos < len(self.shown.art_row):
                self.shown.art_row[pos] = None
            self.shown.coins[e.player] -= e.cost
            self.sound("coin")

        def end() -> None:
            self.shown.artifacts[e.player].append(e.artifact)
            self.shown.artifacts_up[e.player].append(True)
            self.sound("card_claim", 0.7)

        size = max(8, src.w)
        self.timeline.seq(self.ms(BUY_FLY), start, end,
                          self._fly_draw(lambda: self.art.artifact(e.artifact, size),
                                         lambda: src.center,
                                         lambda: self.parties[e.player].artifact_rect(
                                             self.shown, len(self.shown.artifacts[e.player])).center,
                                         self.app.px(60)))

    def _on_artifact_row_refilled(self, e: ArtifactRowRefilled) -> None:

        def end() -> None:
            row = self.shown.art_row
            if e.artifact is not None and e.position < len(row):
                row[e.position] = e.artifact
            elif e.position < len(row):
                del row[e.position]
        self.timeline.seq(self.ms(REPLACE * 0.6), lambda: self.sound("card_flip", 0.5), end)

    def _on_final_round(self, e: FinalRound) -> None:

        def start() -> None:
            self.announce(person(self.names[e.player], _("Final round! You have 10 characters"),
                                 _("Final round! {name} has 10 characters")), e.player)
            self.sound("turn_chime")
        self.timeline.seq(self.ms(ANNOUNCE), start)

    def _on_game_ended(self, e: GameEnded) -> None:

        def start() -> None:
            self.asks.put(GameReached())
            self.sound("fanfare")
            self.announce(_("Game over!"), None)
        self.timeline.seq(self.ms(ANNOUNCE), start)
