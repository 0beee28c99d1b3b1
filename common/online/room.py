"""An online room as one player's app sees it (pure): the seats with who sits there and how they are
connected, the room's code and phase; and how the screens word a seat's state. The connection that keeps
it up to date is `common.online.session`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from common.data.i18n import N_, _, ngettext
from common.net.messages import GameJson
from common.net.turn_clock import ClockRule
from common.online.lan import split_address

SeatKind = Literal["open", "person", "bot"]
Phase = Literal["lobby", "playing", "over"]
NOTE_MS = 9000  # how long the online screens show a line that stops nothing (a file's, the hosted store's)


class Hosted(Protocol):
    """The room server this app runs (`common.net.runners.EmbeddedServer`)."""

    def stop(self) -> None: ...


@dataclass(frozen=True)
class Where:
    """A server to connect to: `host`, `port`, whether this app must start it first (hosting here), and then
    the store its rooms are kept in ("": the default one)."""

    host: str
    port: int
    embedded: bool = False
    store: str = ""
    tls: bool = False  # over TLS (`wss://`, as a reverse proxy serves it)

    @property
    def label(self) -> str:
        plain = f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"
        return f"wss://{plain}" if self.tls else plain


def read_where(text: str, default_port: int, embedded: bool = False, store: str = "") -> Where | None:
    """A server as typed or kept: `host:port`, or `wss://host[:port]` (over TLS, port 443 by default); None when
    it is not an address."""
    tls = text.strip().lower().startswith("wss://")
    found = split_address(text.strip()[6:] if tls else text, 443 if tls else default_port)
    return None if found is None else Where(found[0], found[1], embedded, store, tls)


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
    conceded: bool = False


@dataclass(frozen=True)
class Again:
    """After the end: the seats whose people want to play again, and the creator's pick of the level (`next`:
    the next one; `can_next`: the game has one)."""

    want: frozenset[int] = frozenset()
    next: bool = False
    can_next: bool = False


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
    games: int = 1
    again: Again | None = None
    setup: GameJson = field(default_factory=dict)
    watching: tuple[str, ...] = ()
    spectators: bool = True
    grace_s: int = 60
    pace: str = "live"          # "turn": a turn-based table (people come and go; no bot for the away)

    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == "open"]

    def waiting_again(self) -> list[SeatView]:
        """After the end: the seats the next game waits for (open, or a person who has not said yes)."""
        want = self.again.want if self.again is not None else frozenset()
        return [s for s in self.seats if s.kind == "open" or (s.kind == "person" and s.index not in want)]

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
            if seat.conceded:
                return _("conceded")
            if seat.bot_now:
                return _("a bot for now")
            if not seat.connected and seat.away_ms is None:
                return _("away")
            if not seat.connected and seat.away_ms is not None:
                secs = max(0, seat.away_ms + 999) // 1000
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


def turn_clock_words(rule: ClockRule) -> str:
    """A turn-based table's clock in a few words: its time a move and its bank."""
    return _("Turn-based: {time} a move, {bank} bank").format(time=duration_words(rule.increment_ms),
                                                             bank=duration_words(rule.bank_ms))


def table_clock_words(rule: ClockRule, pace: str) -> str:
    """A table's clock as the lobby and the table say it (a turn-based one with its pace)."""
    return turn_clock_words(rule) if pace == "turn" else clock_rule_words(rule)


def out_rule_words(rule: ClockRule) -> str:
    """What happens when a seat's time runs out."""
    match rule.out:
        case "bot":
            return _("Out of time: the bot plays that turn")
        case "ask":
            return _("Out of time: the others choose to wait or let the bot play")
        case "end":
            return _("Out of time: the game ends, and the result says who ran out")
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "teammate": N_("Team-mate")}


def level_name(level: str) -> str:
    """A bot level's name in the player's language (an unknown one as it came)."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def seat_who(seat: SeatView) -> str:
    """Who plays a seat, plainly: "Open — waiting for a person", "Bot (Normal)", or the person's name."""
    match seat.kind:
        case "open":
            return _("Open — waiting for a person")
        case "bot":
            return _("Bot ({level})").format(level=level_name(seat.level)) if seat.level else _("Bot")
        case "person":
            return seat.name


def notice_line(what: str, name: str, phase: Phase) -> str:
    """A room's notice about a seat (`left`, `conceded`, `removed`) as one line for every member."""
    match what:
        case "left" if phase == "playing":
            return _("{name} left the table: a bot plays their seat now").format(name=name)
        case "left":
            return _("{name} left the room: their seat is open").format(name=name)
        case "conceded":
            return _("{name} conceded: a bot plays their seat to the end").format(name=name)
        case "removed":
            return _("The host removed {name} from the room").format(name=name)
        case _:
            return ""


def held_up_by(room: RoomView, seat: int | None) -> list[SeatView]:
    """After the end of a live game: the people the next game waits for whose connection is lost (their seat is
    kept for them until the creator gives it to a bot), but for `seat`'s. At a turn-based table nobody holds the
    next game up: people come and go, and no bot is offered for the away."""
    if room.pace == "turn":
        return []
    return [s for s in room.waiting_again() if _lost(s) and s.index != seat]


def _lost(seat: SeatView) -> bool:
    """A person's seat whose connection is lost (not one its bot plays)."""
    return seat.kind == "person" and not seat.connected and not seat.bot_now


def again_line(room: RoomView, seat: int | None, creator: bool = False, press: str = "") -> str:
    """After the end, who the next game waits for: everyone who said yes, and who has not yet (a person whose
    connection is lost said so, with what can be done about it: `creator`, this player may; at a turn-based table
    a person away is simply away); `press`: the words of the button that says yes on this screen (default: Play
    again)."""
    button = press or _("Play again")
    waiting = room.waiting_again()
    if not waiting:
        return _("Everyone wants to play again: the next game starts")
    lost = _("{name} (away)") if room.pace == "turn" else _("{name} (connection lost)")
    names = ", ".join((lost.format(name=s.name) if _lost(s) else s.name)
                      if s.kind == "person" else _("an open seat") for s in waiting if s.index != seat)
    if seat is not None and any(s.index == seat for s in waiting):
        line = _("Play again? Press {button} when you want to · waiting for {names} too").format(
            names=names, button=button) if names else \
            _("Everyone else wants to play again: press {button}").format(button=button)
    else:
        line = _("Waiting for {names} to play again").format(names=names)
    if held_up_by(room, seat):
        line += " · " + (_("you may give the seat to a bot") if creator else
                         _("the host may give the seat to a bot"))
    return line
