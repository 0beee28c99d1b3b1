"""An online room as one player's app sees it (pure): the seats with who sits there and how they are
connected, the room's code and phase; and how the screens word a seat's state. The connection that keeps
it up to date is `common.online_session`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from common.i18n import _, ngettext
from common.net.turn_clock import ClockRule

SeatKind = Literal["open", "person", "bot"]
Phase = Literal["lobby", "playing", "over"]


class Hosted(Protocol):
    """The room server this app runs (`common.net.server.EmbeddedServer`)."""

    def stop(self) -> None: ...


@dataclass(frozen=True)
class Where:
    """A server to connect to: `host`, `port`, and whether this app must start it first (hosting here)."""

    host: str
    port: int
    embedded: bool = False

    @property
    def label(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


@dataclass(frozen=True)
class SeatView:
    """One seat: `kind` open (free for a person), person or bot; a person's connection, ready mark and, while
    away, the grace time left (then `bot_now`: their seat's bot plays for them until they are back)."""

    index: int
    name: str
    kind: SeatKind
    connected: bool = True
    ready: bool = False
    away_ms: int | None = None
    bot_now: bool = False
    level: str = ""


@dataclass(frozen=True)
class RoomView:
    """The room: its invite code, game, seats, phase, how many watch, the turn clock and the table's rules."""

    code: str
    game: str
    seats: tuple[SeatView, ...]
    phase: Phase = "lobby"
    watchers: int = 0
    clock: ClockRule = field(default_factory=ClockRule)
    assists: bool = True         # hints and assists allowed at this table
    watcher_chat: bool = True    # watchers may write free text

    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "open"]

    def people_ready(self, creator_seat: int | None) -> bool:
        """Every seat is taken and every person seated but the room's creator is ready: the creator may start."""
        return all(s.kind != "open" for s in self.seats) and \
            all(s.ready for s in self.seats if s.kind == "person" and s.index != creator_seat)


def seat_status(seat: SeatView) -> str:
    """A seat's state in a few words: open, a bot, ready or not, connected, away (with the seconds left of its
    grace time) or played by its bot for now."""
    match seat.kind:
        case "open":
            return _("open seat")
        case "bot":
            return _("bot")
        case "person":
            if seat.bot_now:
                return _("a bot for now")
            if not seat.connected:
                secs = max(0, (seat.away_ms or 0) + 999) // 1000
                return _("away: {seconds} s left").format(seconds=secs)
            return _("connected")


def duration_words(ms: int) -> str:
    """A stretch of time in a few words: "30 s", "5 min", "1 min 30 s", "3 h", "2 days"."""
    secs = max(0, ms // 1000)
    if secs < 60:
        return _("{n} s").format(n=secs)
    if secs < 3600:
        mins, rest = divmod(secs, 60)
        return _("{m} min {s} s").format(m=mins, s=rest) if rest else _("{m} min").format(m=mins)
    if secs < 86_400 or secs % 86_400:
        hours, rest = divmod(secs // 60, 60)
        return _("{h} h {m} min").format(h=hours, m=rest) if rest else _("{h} h").format(h=hours)
    days = secs // 86_400
    return ngettext("{n} day", "{n} days", days).format(n=days)


def clock_rule_words(rule: ClockRule) -> str:
    """A table's clock in a few words: off, a time per turn, or a bank with its increment."""
    match rule.mode:
        case "off":
            return _("No turn clock")
        case "turn":
            return _("{time} a turn").format(time=duration_words(rule.bank_ms))
        case "bank":
            return _("{bank} in the bank, +{time} a turn").format(bank=duration_words(rule.bank_ms),
                                                                 time=duration_words(rule.increment_ms))


def out_rule_words(rule: ClockRule) -> str:
    """What happens when a seat's time runs out."""
    match rule.out:
        case "bot":
            return _("Out of time: the bot plays that turn")
        case "ask":
            return _("Out of time: the others choose to wait or let the bot play")
