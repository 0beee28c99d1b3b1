"""Where a watched replay stands: its actions as marks on a timeline, the position, play/pause, speed, stepping
one action forward or back, the ends and the scrubber. Pure: each game maps its replay onto marks (Arenas:
the ms of every card; Arzium: the number of every action) and builds its state at a position by running
its rules from the start (they are deterministic), so stepping back is replaying up to there."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
NORMAL_SPEED = SPEEDS.index(1.0)


@dataclass(frozen=True)
class Timeline:
    """Where each action stands (non-decreasing, from 0) and where the replay ends (at or after the last)."""

    marks: tuple[int, ...]
    end: int

    def __post_init__(self) -> None:
        if any(b < a for a, b in zip(self.marks, self.marks[1:])) or (self.marks and self.marks[0] < 0):
            raise ValueError("timeline marks must be non-decreasing from 0")
        if self.end < (self.marks[-1] if self.marks else 0):
            raise ValueError("a timeline ends at or after its last mark")

    def clamp(self, position: int) -> int:
        """`position` inside 0..end."""
        return max(0, min(self.end, position))

    def done(self, position: int) -> int:
        """How many actions have been made at `position` (an action at exactly `position` counts)."""
        return bisect_right(self.marks, position)

    def next_stop(self, position: int) -> int:
        """The first action after `position`, else the end."""
        i = bisect_right(self.marks, position)
        return self.marks[i] if i < len(self.marks) else self.end

    def prev_stop(self, position: int) -> int:
        """The last action before `position`, else the start."""
        i = bisect_left(self.marks, position)
        return self.marks[i - 1] if i > 0 else 0

    def fraction(self, position: int) -> float:
        """`position` as a share of the whole replay (0 for an empty one)."""
        return self.clamp(position) / self.end if self.end else 0.0

    def at_fraction(self, share: float) -> int:
        """The position at `share` (0..1) of the replay."""
        return self.clamp(round(max(0.0, min(1.0, share)) * self.end))


class Cursor:
    """The viewer's controls over a `Timeline`. The jumps return the new position for the game to show;
    while playing, the game reports where it got to with `follow`."""

    def __init__(self, timeline: Timeline, position: int = 0) -> None:
        self.timeline = timeline
        self.position = timeline.clamp(position)
        self.playing = False
        self.speed_index = NORMAL_SPEED

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def at_end(self) -> bool:
        return self.position >= self.timeline.end

    def change_speed(self, direction: int) -> bool:
        """One speed up (+1) or down (-1); False at the fastest or slowest."""
        new = self.speed_index + direction
        if not 0 <= new < len(SPEEDS):
            return False
        self.speed_index = new
        return True

    def toggle(self) -> bool:
        """Play or pause; playing at the end starts again from the start (returns True: jump there)."""
        self.playing = not self.playing
        if self.playing and self.at_end:
            self.position = 0
            return True
        return False

    def follow(self, position: int) -> None:
        """The game played on to `position`; at the end it pauses."""
        self.position = self.timeline.clamp(position)
        if self.at_end:
            self.playing = False

    def ended(self) -> None:
        """The game showed its end (it may end before the timeline's last position is reached)."""
        self.position = self.timeline.end
        self.playing = False

    def _jump(self, position: int) -> int:
        self.playing = False
        self.position = self.timeline.clamp(position)
        return self.position

    def forward(self) -> int:
        """One action on (paused)."""
        return self._jump(self.timeline.next_stop(self.position))

    def back(self) -> int:
        """One action back (paused)."""
        return self._jump(self.timeline.prev_stop(self.position))

    def to_start(self) -> int:
        return self._jump(0)

    def to_end(self) -> int:
        return self._jump(self.timeline.end)

    def scrub(self, share: float) -> int:
        """To `share` (0..1) of the replay, keeping play or pause."""
        self.position = self.timeline.at_fraction(share)
        return self.position
