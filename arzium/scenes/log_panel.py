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

from arzium.rules import (
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
    CardSet,
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
    Setup,
    SquareSkipped,
    TurnStarted,
)
from common import text
from common.widgets import draw_scrollbar

if TYPE_CHECKING:
    from common.app import App

def table_event(event: Event) -> AnyEvent:
    """`event` as a member of the closed union (an event class the table does not know fails here)."""
    assert isinstance(event, EVENT_TYPES), f"unknown event {event!r}"
    return event


ABILITY_NAMES = {"free_blank": "Free blank", "displace": "Displace", "purse": "Purse", "turn": "Turn",
                 "slide": "Slide", "wake": "Wake"}


@dataclass(frozen=True)
class LogLine:
    """One line of the log; `player` colours its bullet (None: a neutral line); `header` for turn starts."""

    text: str
    player: int | None = None
    header: bool = False


_IRREGULAR = {"has": "have", "is": "are"}


def is_you(name: str) -> bool:
    """Whether a seat is called "You": its lines then speak to the player ("You get", "Your turn")."""
    return name.strip().casefold() == "you"


def possessive(name: str, start: bool = True) -> str:
    """The possessive of a name: "Ann's", "Wicks'", "Your" (`start` False: inside a sentence, "your")."""
    if is_you(name):
        return "Your" if start else "your"
    return name + ("'" if name.endswith("s") else "'s")


def named(name: str, start: bool = True) -> str:
    """A name as it stands in a sentence: "You" inside one (`start` False) is "you"."""
    return "you" if is_you(name) and not start else name


def verb_for(name: str, verb: str) -> str:
    """`verb`, given in the third person singular, as it agrees with `name`: "gets", or "get" for "You"."""
    if not is_you(name) or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):  # passes, wishes: -es after a hissing sound
        return verb[:-2]
    return verb[:-1]


def says(name: str, verb: str) -> str:
    """`name` and its `verb` (third person singular): "Ann gets", "You get", "You have"."""
    return f"{name} {verb_for(name, verb)}"


def win_line(names: list[str]) -> str:
    """Who won, as a clause: "Ann wins", "You win", "Ann and Bo win"."""
    return says(names[0], "wins") if len(names) == 1 else f"{joined(names, ' and ')} win"


def joined(names: list[str], sep: str = ", ") -> str:
    """Names in a row, as they stand at the start of a sentence: "You and Ann", "Ann and you"."""
    return sep.join(named(n, start=i == 0) for i, n in enumerate(names))


def _coins(n: int) -> str:
    return f"{n} coin" + ("" if n == 1 else "s")


def describe(events: list[Event], setup: Setup, cards: CardSet, turn: int | None = None) -> list[LogLine]:
    """Log lines for `events` (in order)."""
    return [line for _, line in describe_at(events, setup, cards, turn)]


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
        parts = [f"{self.markers} marker" + ("" if self.markers == 1 else "s")]
        if self.skipped:
            parts.append(f"{self.skipped} skipped")
        if self.blanks:
            parts.append(f"{self.blanks} blank" + ("" if self.blanks == 1 else "s") +
                         (f" (paid {self.paid})" if self.paid else " (free)"))
        if self.displaced:
            parts.append("displaced " + ", ".join(named(n, start=False) for n in self.displaced))
        gained = f", +{_coins(self.coins)}" if self.coins else ""
        return LogLine(f"{names[self.player]} searched with {self.card}: {', '.join(parts)}{gained}", self.player)

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


def describe_at(events: list[Event], setup: Setup, cards: CardSet,
                turn: int | None = None) -> list[tuple[int, LogLine]]:
    """Log lines for `events` (in order), each with the index of the event whose animation shows it: the
    event it tells, or for a search the first event after the search (`len(events)` when none)."""
    names = [s.name for s in setup.seats]
    told: list[tuple[int, LogLine]] = []
    at = 0  # the index of the event being told

    def say(line: LogLine) -> None:
        told.append((at, line))

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
            search = _SearchTold(e.player, cards.card(e.card).name)
            continue
        if search is not None:
            if search.add(e, names):
                continue
            if isinstance(e, ArtifactUsed) and e.ability in ("turn", "free_blank", "displace"):
                say(LogLine(f"{says(names[e.player], 'uses')} {cards.artifact(e.artifact).name} "
                            f"({ABILITY_NAMES[e.ability]})", e.player))
                continue
            flush()
        match e:
            case TurnStarted():
                say(LogLine(f"{possessive(names[e.player])} turn" + (f" (turn {turn})" if turn else ""), e.player,
                            True))
            case Rested() if e.forced:
                say(LogLine(f"{possessive(names[e.player])} characters were all used: free rest", e.player))
            case Rested():
                say(LogLine(f"{says(names[e.player], 'rests')} early for {_coins(e.paid)}", e.player))
            case CharacterFlipped():
                side = "face up" if e.face_up else "face down"
                say(LogLine(f"{says(names[e.player], 'turns')} {cards.card(e.card).name} {side}{tool}", e.player))
                tool = ""
            case ArtifactUsed() if e.ability in ("slide", "wake"):
                tool = f" with {cards.artifact(e.artifact).name}"
            case ArtifactUsed():
                gain = ": +1 coin" if e.ability == "purse" else ""
                say(LogLine(f"{says(names[e.player], 'uses')} {cards.artifact(e.artifact).name} "
                            f"({ABILITY_NAMES[e.ability]}){gain}", e.player))
            case MarkerSlid():
                say(LogLine(f"{says(names[e.player], 'slides')} {possessive(names[e.owner], start=False)} "
                            f"marker{tool}", e.player))
                tool = ""
            case SearchSkipped():
                say(LogLine(f"{names[e.player]} cannot place any character and "
                            f"{verb_for(names[e.player], 'skips')} the search", e.player))
            case CoinsGained():
                if e.reason != "purse":
                    say(LogLine(f"{says(names[e.player], 'gains')} {_coins(e.amount)} ({e.reason})", e.player))
            case CardFull():
                say(LogLine(f"{cards.card(e.card).land_name} is fully searched"))
            case BiddingStarted():
                say(LogLine(f"Tie! {joined([names[p] for p in e.bidders])} bid for it"))
            case BidPlaced():
                say(LogLine(f"{says(names[e.player], 'bids')} {_coins(e.amount)}", e.player))
            case BidPassed():
                say(LogLine(says(names[e.player], "passes") + (" (cannot raise)" if e.forced else ""), e.player))
            case CardClaimed():
                card = cards.card(e.card)
                paid = f" for {_coins(e.paid)}" if e.paid else ""
                say(LogLine(f"{says(names[e.player], 'wakes')} {card.name} ({card.points} pt"
                            f"{'' if card.points == 1 else 's'}){paid}", e.player))
            case ConsolationCoin():
                say(LogLine(f"{says(names[e.player], 'gets')} 1 coin for helping", e.player))
            case CardReplaced():
                say(LogLine(f"New land: {cards.card(e.card).land_name}" if e.card
                            else "The deck is empty: that land stays off the map"))
            case ArtifactBought():
                say(LogLine(f"{says(names[e.player], 'buys')} {cards.artifact(e.artifact).name} for "
                            f"{_coins(e.cost)}", e.player))
            case FinalRound():
                say(LogLine(f"{says(names[e.player], 'has')} 10 characters: final round!", e.player, True))
            case GameEnded():
                say(LogLine(f"Game over: {win_line([names[w] for w in e.winners])}", None, True))
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
        text.draw_text(surface, "Move log", app.font_px(18), app.theme.text,
                       (self.rect.left + app.px(16), self.rect.top + app.px(10)), bold=True)
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
