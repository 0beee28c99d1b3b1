"""A table's clock (pure, integer ms, the time always given): every seat has a bank of time that runs down
while the game waits on that seat; each time the game comes to a seat, the seat gains the increment, never
above the starting bank. A fixed time per turn is a bank equal to its increment (each turn starts full); BGA's
kind is a bank with a smaller increment; a turn-based table is the same in hours and days. When a seat's bank
is empty its time has run out, and the table's rule says what follows: its bot plays that turn, or the others
choose between waiting and letting the bot play, or the game ends there and the result names the seat that ran
out.

The room on the server runs it on its own clock, the table draws it from what the server sent, the replay
shows the rule it was played with. The clock never runs while the server is down: a restarted room charges
the running seat only up to the last moment the server was known to be alive (`charge`), then runs on from
the restart (`resume`).

A seat's time starts a little after the game comes to it (`allowance_ms`): the tables show the moves that brought
the game there at a person's pace, and that time is not the seat's to think in."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from common.net.messages import ClockSetting, ClockTimes, OutRule

OUT_RULES: tuple[OutRule, ...] = ("bot", "ask", "end")
MIN_S = 10                    # the shortest time a clock may give (a turn, or a bank)
MAX_TURN_S = 7 * 24 * 3600    # the longest time per turn (a turn-based table: a week a move)
MAX_BANK_S = 30 * 24 * 3600   # the largest bank
SHOW_MS_PER_ACTION = 1_500    # the time a table takes to show one action at a person's pace (about)
SHOW_MS_MOST = 10_000         # the longest allowance before a seat's time starts


def allowance_ms(actions: int) -> int:
    """How long after the game comes to a seat its time starts: the time the tables take to show the `actions`
    committed since a person's clock last started, at most SHOW_MS_MOST."""
    return min(SHOW_MS_MOST, SHOW_MS_PER_ACTION * max(0, actions))


class ClockError(ValueError):
    """A clock setting that is not one (one line naming the field)."""


@dataclass(frozen=True)
class ClockRule:
    """The clock a table plays with: `bank_ms` to start with (0: no clock), `increment_ms` gained each time the
    game comes to a seat (never above `bank_ms`), and `out`: what a seat out of time gets ("bot": its bot plays
    that turn; "ask": the others choose; "end": the game ends, the seat out of time named in the result)."""

    bank_ms: int = 0
    increment_ms: int = 0
    out: OutRule = "bot"

    @classmethod
    def per_turn(cls, turn_ms: int, out: OutRule = "bot") -> ClockRule:
        """A fixed time for every turn."""
        return cls(turn_ms, turn_ms, out)

    @property
    def on(self) -> bool:
        return self.bank_ms > 0

    @property
    def warn_ms(self) -> int:
        """Time left under which a seat's clock warns (10 s to a minute, a sixth of the bank)."""
        return max(10_000, min(self.bank_ms // 6, 60_000))

    @property
    def mode(self) -> Literal["off", "turn", "bank"]:
        if not self.on:
            return "off"
        return "turn" if self.increment_ms >= self.bank_ms else "bank"

    def to_json(self) -> ClockSetting:
        """The protocol's `clock` setting (whole seconds)."""
        match self.mode:
            case "off":
                return {"mode": "off"}
            case "turn":
                return {"mode": "turn", "turn_s": self.bank_ms // 1000, "out": self.out}
            case "bank":
                return {"mode": "bank", "bank_s": self.bank_ms // 1000, "increment_s": self.increment_ms // 1000,
                        "out": self.out}

    @classmethod
    def from_json(cls, data: object, where: str = "clock") -> ClockRule:
        """A `clock` setting read back; `ClockError` (naming the field) if it is not one."""
        if not isinstance(data, dict):
            raise ClockError(f"{where}: an object with a mode")
        out = next((rule for rule in OUT_RULES if rule == data.get("out", "bot")), None)
        if out is None:
            raise ClockError(f"{where}.out: one of {', '.join(OUT_RULES)}")
        match data.get("mode"):
            case "off":
                return cls()
            case "turn":
                return cls.per_turn(_seconds(data, "turn_s", MIN_S, MAX_TURN_S, where) * 1000, out)
            case "bank":
                bank = _seconds(data, "bank_s", MIN_S, MAX_BANK_S, where)
                inc = _seconds(data, "increment_s", 0, min(bank, MAX_TURN_S), where)
                return cls(bank * 1000, inc * 1000, out)
            case _:
                raise ClockError(f"{where}.mode: one of off, turn, bank")


def _seconds(data: Mapping[str, object], key: str, low: int, high: int, where: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ClockError(f"{where}.{key}: whole seconds from {low} to {high}")
    return value


@dataclass
class TurnClock:
    """Each seat's time left (`left`, ms) and the seat whose time runs now (`running`, from `since_ms`: a moment
    still to come while the seat's allowance lasts)."""

    rule: ClockRule
    left: list[int]
    running: int | None = None
    since_ms: int = 0
    out: set[int] = field(default_factory=set)  # seats whose time ran out in the turn they are playing

    @classmethod
    def new(cls, rule: ClockRule, seats: int) -> TurnClock:
        return cls(rule, [rule.bank_ms] * seats)

    def left_ms(self, seat: int, now_ms: int) -> int:
        """`seat`'s time left at `now_ms` (never below 0)."""
        if seat == self.running:
            return max(0, self.left[seat] - max(0, now_ms - self.since_ms))
        return self.left[seat]

    def start(self, seat: int | None, now_ms: int, allowance_ms: int = 0) -> None:
        """The game comes to `seat` (None: to nobody's clock, a bot or the end): the last seat's time is charged,
        `seat` gains the increment (never above the bank) and its time runs from `allowance_ms` after `now_ms`."""
        self.charge(now_ms)
        self.out.clear()
        self.running = seat
        if seat is not None and self.rule.on:
            self.left[seat] = min(self.rule.bank_ms, self.left[seat] + self.rule.increment_ms)
            self.since_ms = now_ms + max(0, allowance_ms)

    def charge(self, now_ms: int) -> None:
        """The running seat's time is counted up to `now_ms` (its clock goes on from there, or from the end of
        its allowance if that is still to come)."""
        if self.running is not None:
            self.left[self.running] = self.left_ms(self.running, now_ms)
        self.since_ms = max(self.since_ms, now_ms)

    def resume(self, now_ms: int) -> None:
        """Run on from `now_ms`, the time since the last `charge` not counted (the server was down)."""
        self.since_ms = now_ms

    def deadline_ms(self) -> int | None:
        """When the running seat's time runs out (None: no clock runs, or it ran out already)."""
        if not self.rule.on or self.running is None or self.running in self.out:
            return None
        return self.since_ms + self.left[self.running]

    def to_json(self, now_ms: int) -> ClockTimes:
        """What members are told: each seat's time left at `now_ms` (the server's), whose runs and from when
        (`from_ms`: later than `server_ms` while its allowance lasts), who is out."""
        return {"left_ms": [self.left_ms(i, now_ms) for i in range(len(self.left))], "running": self.running,
                "server_ms": now_ms, "from_ms": max(self.since_ms, now_ms), "out": sorted(self.out)}

    @classmethod
    def told(cls, rule: ClockRule, data: object, seats: int, now_ms: int) -> TurnClock | None:
        """The clock as a member was told it (`to_json`), running on from `now_ms` (the member's own clock), or
        later by what is left of the running seat's allowance; None when `data` is not one for `seats` seats."""
        if not isinstance(data, dict):
            return None
        left, running, out = data.get("left_ms"), data.get("running"), data.get("out", [])
        told_ms, from_ms = data.get("server_ms"), data.get("from_ms")
        if not isinstance(left, list) or len(left) != seats or not all(_ms(v) for v in left) or \
                not (running is None or (_ms(running) and running < seats)) or not isinstance(out, list) or \
                not all(_ms(v) and v < seats for v in out):
            return None
        wait = 0
        if isinstance(told_ms, int) and isinstance(from_ms, int) and _ms(told_ms) and _ms(from_ms):
            wait = min(SHOW_MS_MOST, max(0, from_ms - told_ms))
        return cls(rule, list(left), running, now_ms + wait, set(out))


def _ms(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
