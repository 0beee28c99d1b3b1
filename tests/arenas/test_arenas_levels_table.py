"""The table of levels is made from the proof file, between its two markers, and nothing else moves."""
from __future__ import annotations

from pathlib import Path

from arenas.bots.levels_table import BEGIN, END, levels_table, main, rewrite
from arenas.bots.proof import Model, load_proof
from arenas.rules.levels import load_levels


def test_the_table_has_a_row_per_level_with_its_theme_and_the_three_teams() -> None:
    proof = load_proof()
    rows = levels_table(proof).splitlines()
    levels = load_levels()
    assert len(rows) == 2 + len(levels)
    for row, lv in zip(rows[2:], levels, strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        person = proof[Model.PERSON][lv.number]
        assert cells[:4] == [str(lv.number), lv.name, lv.theme, str(lv.team_size)]
        assert cells[4] == str(person["wins"]) and cells[6] == person["label"]
        assert cells[9] == str(proof[Model.EXPERT][lv.number]["wins"])
    missing = levels_table({}).splitlines()[2]
    assert missing.endswith("| – | – | – | – | – | – | – |")


def test_only_the_lines_between_the_markers_change(tmp_path: Path) -> None:
    text = f"# Title\nbefore\n{BEGIN}\n| old |\n{END}\nafter\n"
    assert rewrite(text, "| new |") == f"# Title\nbefore\n{BEGIN}\n| new |\n{END}\nafter\n"
    assert rewrite("no markers here\n", "| new |") is None
    readme = tmp_path / "README.md"
    readme.write_text(text, encoding="utf-8")
    assert main([str(readme)]) == 0
    written = readme.read_text(encoding="utf-8")
    assert written.startswith("# Title\nbefore\n") and written.endswith(f"{END}\nafter\n")
    assert "| 21 | The Last Hourglass |" in written
    assert main([str(readme)]) == 0 and readme.read_text(encoding="utf-8") == written  # made again: the same
    readme.write_text("no markers\n", encoding="utf-8")
    assert main([str(readme)]) == 2 and readme.read_text(encoding="utf-8") == "no markers\n"
