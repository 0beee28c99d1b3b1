"""The move log: rules events told as short lines (who did what, coins gained, cards claimed).

`describe` turns a list of events into lines; a search is told as one line with its markers and
coins. `describe_at` also says at which event each line belongs on screen, so that the play scene
shows it when the timeline animates that event (a search once its markers and coins have landed).
`LogPanel` keeps the lines told and shows them as the timeline reaches them, in a scrollable
parchment panel, newest at the bottom, following new lines.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, assert_never

import pygame

from arzium.rules.cards import CardSet
from arzium.rules.events import (
    EVENT_TYPES,
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
from arzium.rules.state import Setup
from arzium.wording import (
    ability_name,
    coins,
    group,
    is_you,
    joined,
    land_name,
    named,
    person,
    possessive,
    speaking_names,
    win_line,
)
from common.data.i18n import _, ngettext, pgettext
from common.engine import text
from common.ui.widgets import draw_scrollbar

if TYPE_CHECKING:
    from common.engine.app import App

def table_event(event: Event) -> AnyEvent:
    """`event` as a member of the closed union (an event class the table does not know fails here)."""
    assert isinstance(event, EVENT_TYPES), f"unknown event {event!r}"
    return event


@dataclass(frozen=True)
class LogLine:
    """One line of the log; `player` colours its bullet (None: a neutral line); `header` for turn starts."""

    text: str
    player: int | None = None
    header: bool = False


def describe(events: list[Event], setup: Setup, cards: CardSet, turn: int | None = None,
             you: int | None = None) -> list[LogLine]:
    """Log lines for `events` (in order; seat `you`'s speak to the player)."""
    return [line for _at, line in describe_at(events, setup, cards, turn, you)]


@dataclass
class _SearchTold:
    """A search being told: its player, character and what its events added up to so far."""

    player: int
    card: str
    markers: int = 0
    skipped: int = 0
    blanks: int = 0
    paid: int = 0
    coins: int = 0
    displaced: list[str] = field(default_factory=list)

    def line(self, names: list[str]) -> LogLine:
        parts = [ngettext("{n} marker", "{n} markers", self.markers).format(n=self.markers)]
        if self.skipped:
            parts.append(ngettext("{n} skipped", "{n} skipped", self.skipped).format(n=self.skipped))
        if self.blanks:
            blanks = ngettext("{n} blank square", "{n} blank squares", self.blanks).format(n=self.blanks)
            parts.append(_("{blanks} for {coins}").format(blanks=blanks, coins=coins(self.paid)) if self.paid
                         else _("{blanks} free").format(blanks=blanks))
        if self.displaced:
            parts.append(_("displaced {names}").format(names=", ".join(named(n, start=False) for n in self.displaced)))
        gained = f", +{coins(self.coins)}" if self.coins else ""
        name = names[self.player]
        told = person(name, _("You searched with {card}: {parts}"), _("{name} searched with {card}: {parts}"),
                      card=self.card, parts=", ".join(parts))
        return LogLine(told + gained, self.player)

    def add(self, e: AnyEvent, names: list[str]) -> bool:
        """Count `e` into the search; False when it is not part of it."""
        match e:
            case MarkerPlaced():
                self.markers += 1
                self.coins += e.coins
            case SquareSkipped():
                self.skipped += 1
            case BlankPaid():
                self.blanks += 1
                self.paid += e.cost
            case MarkerDisplaced():
                self.markers += 1
                self.coins += e.coins
                self.displaced.append(names[e.victim])
            case _:
                return False
        return True


def describe_at(events: list[Event], setup: Setup, cards: CardSet, turn: int | None = None,
                you: int | None = None) -> list[tuple[int, LogLine]]:
    """Log lines for `events` (in order), each with the index of the event whose animation shows it: the
    event it tells, or for a search the first event after the search (`len(events)` when none); seat `you`'s
    lines speak to the player (an online table's own seat)."""
    names = speaking_names(setup.seats, you)
    told: list[tuple[int, LogLine]] = []
    at = 0  # the index of the event being told

    def say(line: LogLine) -> None:
        told.append((at, line))

    def used(e: ArtifactUsed) -> str:
        return person(names[e.player], _("You use {artifact} ({ability})"), _("{name} uses {artifact} ({ability})"),
                      artifact=_(cards.artifact(e.artifact).name), ability=ability_name(e.ability))

    search: _SearchTold | None = None
    tool = ""  # the Slide or Wake artifact whose effect the next line tells

    def flush() -> None:
        nonlocal search
        if search is not None:
            say(search.line(names))
            search = None

    for at, raw in enumerate(events):  # noqa: B007 -- `say` reads `at`
        e = table_event(raw)
        if isinstance(e, CharacterUsed):
            flush()
            search = _SearchTold(e.player, _(cards.card(e.card).name))
            continue
        if search is not None:
            if search.add(e, names):
                continue
            if isinstance(e, ArtifactUsed) and e.ability in ("turn", "free_blank", "displace"):
                say(LogLine(used(e), e.player))
                continue
            flush()
        match e:
            case TurnStarted():
                head = person(names[e.player], _("Your turn"), _("{owner} turn"))
                say(LogLine(head + (_(" (turn {turn})").format(turn=turn) if turn else ""), e.player, True))
            case Rested() if e.forced:
                say(LogLine(person(names[e.player], _("Your characters were all used: free rest"),
                                   _("{owner} characters were all used: free rest")), e.player))
            case Rested():
                say(LogLine(person(names[e.player], _("You rest early for {coins}"),
                                   _("{name} rests early for {coins}"),
                                   coins=coins(e.paid)), e.player))
            case CharacterFlipped():
                card_name = _(cards.card(e.card).name)
                flipped = person(names[e.player], _("You turn {card} face up"), _("{name} turns {card} face up"),
                                 card=card_name) if e.face_up else \
                    person(names[e.player], _("You turn {card} face down"), _("{name} turns {card} face down"),
                           card=card_name)
                say(LogLine(flipped + tool, e.player))
                tool = ""
            case ArtifactUsed() if e.ability in ("slide", "wake"):
                tool = _(" with {artifact}").format(artifact=_(cards.artifact(e.artifact).name))
            case ArtifactUsed():
                say(LogLine(used(e) + (_(": +1 coin") if e.ability == "purse" else ""), e.player))
            case MarkerSlid():
                owner = names[e.owner]
                slid = person(names[e.player], _("You slide your marker"), _("{name} slides your marker")) \
                    if is_you(owner) else \
                    person(names[e.player], _("You slide {whose} marker"), _("{name} slides {whose} marker"),
                           whose=possessive(owner), marker_owner=owner)
                say(LogLine(slid + tool, e.player))
                tool = ""
            case SearchSkipped():
                say(LogLine(person(names[e.player], _("You cannot place any character and skip the search"),
                                   _("{name} cannot place any character and skips the search")), e.player))
            case CoinsGained():
                if e.reason != "purse":
                    say(LogLine(person(names[e.player], _("You gain {coins} ({reason})"),
                                       _("{name} gains {coins} ({reason})"), coins=coins(e.amount), reason=e.reason),
                                e.player))
            case CardFull():
                say(LogLine(_("{land} is fully searched").format(land=land_name(cards.card(e.card)))))
            case BiddingStarted():
                say(LogLine(group([names[p] for p in e.bidders], pgettext("you among them", "Tie! {names} bid for it"),
                                  _("Tie! {names} bid for it"), joined)))
            case BidPlaced():
                say(LogLine(person(names[e.player], _("You bid {coins}"), _("{name} bids {coins}"),
                                   coins=coins(e.amount)), e.player))
            case BidPassed():
                say(LogLine(person(names[e.player], _("You pass (cannot raise)"), _("{name} passes (cannot raise)"))
                            if e.forced else person(names[e.player], _("You pass"), _("{name} passes")), e.player))
            case CardClaimed():
                card = cards.card(e.card)
                pts = ngettext("{n} pt", "{n} pts", card.points).format(n=card.points)
                paid = _(" for {coins}").format(coins=coins(e.paid)) if e.paid else ""
                say(LogLine(person(names[e.player], _("You wake {card} ({points})"),
                                   _("{name} wakes {card} ({points})"),
                                   card=_(card.name), points=pts) + paid, e.player))
            case ConsolationCoin():
                say(LogLine(person(names[e.player], _("You get 1 coin for helping"),
                                   _("{name} gets 1 coin for helping")), e.player))
            case CardReplaced():
                say(LogLine(_("New land: {land}").format(land=land_name(cards.card(e.card))) if e.card
                            else _("The deck is empty: that land stays off the map")))
            case ArtifactBought():
                say(LogLine(person(names[e.player], _("You buy {artifact} for {coins}"),
                                   _("{name} buys {artifact} for {coins}"),
                                   artifact=_(cards.artifact(e.artifact).name), coins=coins(e.cost)), e.player))
            case FinalRound():
                say(LogLine(person(names[e.player], _("You have 10 characters: final round!"),
                                   _("{name} has 10 characters: final round!")), e.player, True))
            case GameEnded():
                say(LogLine(_("Game over: {winners}").format(winners=win_line([names[w] for w in e.winners])),
                            None, True))
            case CharacterUsed() | MarkerPlaced() | SquareSkipped() | BlankPaid() | MarkerDisplaced():
                pass  # told with their search
            case ArtifactRowRefilled() | ClaimsBegun():
                pass  # the row shows it; the claims tell themselves
            case _:
                assert_never(e)
    at = len(events)
    flush()
    return told


class LogPanel:
    """A scrollable list of log lines in a parchment panel."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.lines: list[LogLine] = []    # on show
        self.waiting: list[LogLine] = []  # told, to be shown when the timeline animates them (`show`)
        self.provisional = 0  # the last lines (shown or waiting) belong to a turn that can still be undone
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.scroll = 0          # rows scrolled up from the bottom
        self._rows: list[tuple[pygame.Surface, int | None, bool]] = []
        self._rows_key: tuple[object, ...] | None = None
        self.colours: list[tuple[int, int, int]] = []
        self.covered = False  # something takes its place (an online table's open chat): its lines are not drawn

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self._rows_key = None

    def tell(self, lines: list[LogLine], provisional: bool = False) -> None:
        """Queue `lines` after those told before; `show` puts them on show."""
        if not provisional:
            self.provisional = 0
        self.waiting.extend(lines)
        if provisional:
            self.provisional += len(lines)

    def add(self, lines: list[LogLine], provisional: bool = False) -> None:
        """Tell `lines` and show them (with every line still waiting) at once."""
        self.tell(lines, provisional)
        self.show_all()

    def show(self, count: int) -> None:
        """Show the next `count` waiting lines."""
        if count > 0 and self.waiting:
            self.lines.extend(self.waiting[:count])
            del self.waiting[:count]
            self.scroll = 0

    def show_all(self) -> None:
        self.show(len(self.waiting))

    def drop_provisional(self, count: int) -> None:
        """Remove the last `count` provisional lines (an undone action), shown or not."""
        count = min(count, self.provisional)
        self.provisional -= count
        unseen = min(count, len(self.waiting))
        if unseen:
            del self.waiting[-unseen:]
        if count > unseen:
            del self.lines[unseen - count:]

    def commit(self) -> None:
        self.provisional = 0

    @property
    def view(self) -> pygame.Rect:
        return self.rect.inflate(-self.app.px(28), -self.app.px(44)).move(0, self.app.px(8))

    def _layout_rows(self) -> list[tuple[pygame.Surface, int | None, bool]]:
        key = (len(self.lines), self.lines[-1] if self.lines else None, self.view.w, self.app.scale,
               self.app.theme.high_contrast)
        if key != self._rows_key:
            px = self.app.font_px(16)
            rows = []
            for line in self.lines:
                colour = self.app.theme.text
                for j, part in enumerate(text.wrap(line.text, px, self.view.w - self.app.px(16), bold=line.header)):
                    rows.append((text.render(part, px, colour, bold=line.header), line.player if j == 0 else None,
                                 line.header))
            self._rows, self._rows_key = rows, key
        return self._rows

    def handle_wheel(self, pos: tuple[int, int], dy: int) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        rows = self._layout_rows()
        visible = max(1, self.view.h // self._row_h())
        self.scroll = max(0, min(max(0, len(rows) - visible), self.scroll + dy * 3))
        return True

    def _row_h(self) -> int:
        return text.font(self.app.font_px(16)).get_linesize() + self.app.px(2)

    def draw(self, surface: pygame.Surface, panel: bool = True) -> None:
        """The lines (and the parchment under them, unless the caller drew it already)."""
        app = self.app
        if panel:
            surface.blit(app.sprites.nine_slice("ui/panel", self.rect.size), self.rect)
        text.draw_text(surface, _("Move log"), app.font_px(18), app.theme.text, title_line(app, self.rect).topleft,
                       bold=True)
        rows = self._layout_rows()
        view = self.view
        rh = self._row_h()
        visible = max(1, view.h // rh)
        end = len(rows) - self.scroll
        start = max(0, end - visible)
        y = view.top
        for img, player, _header in rows[start:end]:
            if player is not None and player < len(self.colours):
                pygame.draw.circle(surface, self.colours[player], (view.left + app.px(5), y + rh // 2), app.px(4))
            surface.blit(img, (view.left + app.px(14), y + 1))
            y += rh
        if len(rows) > visible:
            track = pygame.Rect(view.right + app.px(2), view.top, app.px(8), view.h)
            draw_scrollbar(surface, app, track, start, visible, len(rows))


def title_line(app: App, rect: pygame.Rect) -> pygame.Rect:
    """The move log's title line in the panel `rect`: its title at the left, the help key's tag at the right, both
    as far in from the edges (clear of the parchment's rounded corners)."""
    inset = max(app.px(16), app.sprites.meta("ui/panel").get("slice", 0))  # the corners keep their size
    return pygame.Rect(rect.left + inset, rect.top + app.px(10), rect.w - 2 * inset,
                       text.font(app.font_px(18), True).get_linesize())
