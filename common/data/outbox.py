"""An outbox: what one piece tells another, in the order it happened. The teller puts each thing in as it
happens; whoever shows it takes them all, after each call into the teller and each frame. A match tells its
scene what happened this way in both games (offline, online, bots and replays alike), and a part tells its
scene what it wants done; nothing holds a callback into the one that shows it. No pygame."""
from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Outbox(Generic[T]):
    """Things told and not yet taken, oldest first."""

    def __init__(self) -> None:
        self._items: list[T] = []

    def put(self, item: T) -> None:
        """Tell `item` after everything told before it."""
        self._items.append(item)

    def take(self) -> list[T]:
        """Everything told since the last take, in order; the outbox is empty after."""
        items, self._items = self._items, []
        return items
