"""What the play scene says, without drawing it: short floating words, the turn banner, the last card's caption."""
from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Colour = tuple[int, int, int]

MESSAGE_MS = 1800
BANNER_MS = 1300


@dataclass
class Floating:
    """A few words rising from `pos` and fading (why a click did nothing, what just happened)."""

    message: str
    pos: Point
    start: float
    colour: Colour


@dataclass(frozen=True)
class LastCard:
    """The card played last, shown in the top bar: its name, what it did, when."""

    name: str
    caption: str
    at: float


@dataclass(frozen=True)
class Banner:
    """The turn announcement beside the active seat."""

    message: str
    start: float


class Messages:
    """The words on show: at most three floating at once (a repeated one moves to the front)."""

    def __init__(self) -> None:
        self.floating: list[Floating] = []
        self.banner: Banner | None = None
        self.last_card: LastCard | None = None

    def show(self, message: str, pos: Point, colour: Colour, now: float) -> None:
        self.floating = [f for f in self.floating if f.message != message][-2:]
        self.floating.append(Floating(message, pos, now, colour))

    def announce(self, message: str, now: float) -> None:
        self.banner = Banner(message, now)

    def prune(self, now: float) -> None:
        """Forget the words whose time is up."""
        self.floating = [f for f in self.floating if now - f.start < MESSAGE_MS]
        if self.banner and now - self.banner.start > BANNER_MS:
            self.banner = None
