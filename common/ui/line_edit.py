"""A one-line text being typed (a player's name), without pygame: what typing, Backspace and Ctrl+A do.

`selected` is the whole text chosen (by Ctrl+A, or as a field is opened by the keyboard): the next
character typed replaces it, Backspace clears it. Pure Python: the scenes turn their key events into
`type`, `backspace` and `select_all`.
"""
from __future__ import annotations

from dataclasses import dataclass

SELECTION_RGB = (176, 208, 255)  # what a field draws behind a selected text


@dataclass
class LineEdit:
    """`value` being typed, at most `limit` characters; `selected`: all of it is chosen."""

    value: str
    limit: int
    selected: bool = False

    def type(self, typed: str) -> None:
        """Characters typed: they replace a selected text, else follow it (cut at `limit`); unprintable ones
        are left out."""
        typed = "".join(c for c in typed if c.isprintable())
        if not typed:
            return
        self.value = (("" if self.selected else self.value) + typed)[:self.limit]
        self.selected = False

    def backspace(self) -> None:
        """Backspace: clears a selected text, else takes back its last character."""
        self.value = "" if self.selected else self.value[:-1]
        self.selected = False

    def select_all(self) -> None:
        self.selected = bool(self.value)
