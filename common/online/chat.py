"""A room's chat as one player's app keeps it (pure): the lines said (free text made safe, quick phrases kept
as ids and worded in this player's language when shown), the members this player muted, what is unread while
the chat is closed, and the line the server last refused (too fast, watchers' text off)."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from common.data.i18n import N_, _
from common.data.safe_text import one_line
from common.net.messages import Received

KEPT_LINES = 100  # lines an app keeps of a room's chat
PHRASE_WORDS: dict[str, str] = {
    "good_game": N_("Good game"), "thanks": N_("Thanks"), "wait": N_("Wait, please"),
    "your_turn": N_("Your turn"), "oops": N_("Oops"),
}
"""The quick phrases a room knows (`common.net.protocol.PHRASES`), in the order of the phrase row."""


@dataclass(frozen=True)
class ChatLine:
    """One line: its number in the room, who said it (their number in the room's chat, seat, name) and either
    free `text` or a quick `phrase` id."""

    n: int
    member: int
    seat: int | None
    name: str
    text: str = ""
    phrase: str = ""

    def words(self) -> str:
        """What the line says, a phrase in this player's language."""
        return _(PHRASE_WORDS[self.phrase]) if self.phrase in PHRASE_WORDS else self.text


def chat_line(frame: Received) -> ChatLine | None:
    """A `chat` frame as a line (every string through the sanitiser), or None when it is not one."""
    n, member, seat = frame.get("n"), frame.get("member"), frame.get("seat")
    if not isinstance(n, int) or not isinstance(member, int) or isinstance(n, bool):
        return None
    phrase = frame.get("phrase")
    text = frame.get("text")
    if phrase not in PHRASE_WORDS and not isinstance(text, str):
        return None
    return ChatLine(n, member, seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
                    one_line(str(frame.get("name") or ""), 24),
                    one_line(text, 200) if isinstance(text, str) and phrase not in PHRASE_WORDS else "",
                    phrase if phrase in PHRASE_WORDS else "")


class ChatLog:
    """The chat of the room this app is in: lines by number (each once, however often the server tells it),
    the muted members, the unread count and whether the chat is open."""

    def __init__(self) -> None:
        self.lines: deque[ChatLine] = deque(maxlen=KEPT_LINES)
        self.me: int | None = None         # this app's member number in the room
        self.muted: set[int] = set()
        self.unread = 0
        self.open = False
        self.notice = ""                   # the last refusal (one line), until the next line is sent

    def absorb(self, frame: Received) -> None:
        line = chat_line(frame)
        if line is None or (self.lines and line.n <= self.lines[-1].n):
            return
        self.lines.append(line)
        if not self.open and line.member != self.me and line.member not in self.muted:
            self.unread += 1

    def shown(self) -> list[ChatLine]:
        """The lines to show: every line but the muted members'."""
        return [line for line in self.lines if line.member not in self.muted]

    def set_open(self, open_: bool) -> None:
        self.open = open_
        if open_:
            self.unread = 0

    def toggle_mute(self, member: int) -> bool:
        """Mute `member` (or hear them again); True when they are muted now. This app's own lines stay."""
        if member == self.me:
            return False
        if member in self.muted:
            self.muted.discard(member)
            return False
        self.muted.add(member)
        return True

    def last_speaker(self) -> ChatLine | None:
        """The latest line of someone else, muted or not (what Ctrl+M mutes or hears again)."""
        return next((line for line in reversed(self.lines) if line.member != self.me), None)
