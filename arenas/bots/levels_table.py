"""The table of Arenas levels (arenas/bots/LEVELS.md), made from the committed proof file and the level files.

`python -m arenas.bots.levels_table [FILE]` rewrites the table between the two marker lines of FILE
(default arenas/bots/LEVELS.md) and leaves every other line as it was; without markers it changes nothing and
says so in one line. Run it after `verify-levels --model all --json arenas/bots/proof.json`.
"""
from __future__ import annotations

import sys
from pathlib import Path

from arenas.bots.proof import Model, ProofRow, load_proof
from arenas.rules.levels import LevelError, load_levels
from common.data.safe_text import print_line

BEGIN = "<!-- arenas levels table: made by `python -m arenas.bots.levels_table`; do not edit by hand -->"
END = "<!-- end of the arenas levels table -->"


def _share(row: ProofRow | None) -> tuple[str, str]:
    """'wins' and '95% interval' cells of a row ('–' when the row is missing)."""
    if not row:
        return "–", "–"
    lo, hi = row["ci95"]
    return str(row["wins"]), f"{lo:.0%}–{hi:.0%}"


def levels_table(proof: dict[str, dict[int, ProofRow]]) -> str:
    """The Markdown table: every shipped level with its theme, the person team's wins, interval and label, a
    person playing with expert team-mates, and the expert team."""
    seeds = next((row["seeds"] for table in proof.values() for row in table.values()), 0)
    lines = [f"| level | name | what it is about | team | people win (of {seeds}) | 95% CI | label "
             f"| one person + expert mates | 95% CI | experts win | 95% CI |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for lv in load_levels():
        person = proof.get(Model.PERSON, {}).get(lv.number)
        cells = [str(lv.number), lv.name, lv.theme, str(lv.team_size), *_share(person),
                 person.get("label", "–") if person else "–", *_share(proof.get(Model.SOLO, {}).get(lv.number)),
                 *_share(proof.get(Model.EXPERT, {}).get(lv.number))]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rewrite(text: str, table: str) -> str | None:
    """`text` with the lines between the markers replaced by `table`; None if the markers are missing."""
    lines = text.split("\n")
    if BEGIN not in lines or END not in lines or lines.index(END) < lines.index(BEGIN):
        return None
    start, end = lines.index(BEGIN), lines.index(END)
    return "\n".join([*lines[:start + 1], table, *lines[end:]])


def main(argv: list[str]) -> int:
    """Rewrite the table in the file named by `argv` (default arenas/bots/LEVELS.md); 0 done, 2 with one line if not."""
    path = Path(argv[0]) if argv else Path(__file__).with_name("LEVELS.md")
    proof = load_proof()
    if not proof:
        print_line("levels_table: the proof file arenas/bots/proof.json cannot be read")
        return 2
    try:
        table = levels_table(proof)
        text = path.read_text(encoding="utf-8")
    except (LevelError, OSError) as exc:
        print_line(f"levels_table: {exc}")
        return 2
    new = rewrite(text, table)
    if new is None:
        print_line(f"levels_table: {path} has no table markers (the lines {BEGIN!r} and {END!r})")
        return 2
    path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
