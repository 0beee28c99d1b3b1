"""The level tables page (arenas/bots/LEVELS.md) shows the committed proof file's table, as the table's maker
writes it."""
from __future__ import annotations

from pathlib import Path

from arenas.bots.levels_table import BEGIN, END, levels_table
from arenas.bots.proof import load_proof

PAGE = Path(__file__).parents[2] / "arenas" / "bots" / "LEVELS.md"


def test_the_page_holds_the_table_made_from_the_proof_file() -> None:
    text = PAGE.read_text(encoding="utf-8")
    shown = text[text.index(BEGIN) + len(BEGIN):text.index(END)].strip("\n")
    assert shown == levels_table(load_proof())
