"""The level tables page (arenas/bots/LEVELS.md) shows the committed proof file's figures, row for row."""
from __future__ import annotations

from pathlib import Path

from arenas.bots.proof import load_proof

PAGE = Path(__file__).parents[2] / "arenas" / "bots" / "LEVELS.md"


def _page_rows() -> dict[int, list[str]]:
    rows = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0].isdigit():
            rows[int(cells[0])] = cells
    return rows


def test_the_page_has_a_row_per_level_with_the_proof_files_figures() -> None:
    proof = load_proof()
    rows = _page_rows()
    assert sorted(rows) == sorted(proof["person"]) == sorted(proof["expert"])
    for number, cells in rows.items():
        person, expert = proof["person"][number], proof["expert"][number]
        assert cells[1] == person["name"]
        assert int(cells[2]) == person["team_size"]
        assert (int(cells[3]), cells[6]) == (person["wins"], person["label"])
        assert int(cells[7]) == expert["wins"]
        for model, ci in ((person, cells[4]), (expert, cells[8])):
            low, high = model["ci95"]
            assert ci == f"{low * 100:.0f}%–{high * 100:.0f}%"
