"""The shipped proof table of the Arenas levels (`proof.json` beside this module): each level's win rates with
expert team-mates, with the person model, and with one person among expert team-mates, and the difficulty
label people see. `verify.py` writes it; the level picker reads it through `load_difficulty` and computes
nothing.
"""
from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any

from common.data.files import DataError, Kind, read_json
from common.data.i18n import N_
from common.data.paths import shipped

PROOF_PATH = shipped("arenas", "bots", "proof.json")
# The label of a level from the person model's win rate (the lowest win rate each label allows).
LABELS = ((0.8, N_("Gentle")), (0.6, N_("Easy")), (0.4, N_("Tricky")), (0.25, N_("Hard")), (0.0, N_("Brutal")))


class Model(StrEnum):
    """Who plays the levels: expert team-mate bots (the winnability proof), the person model at every seat
    (the labels), or one person-model seat with expert team-mates (how a player alone with bots fares)."""

    EXPERT = "expert"
    PERSON = "person"
    SOLO = "solo"


def difficulty_label(win_rate: float) -> str:
    """The word the level picker shows for a bot team's win rate."""
    return next(label for floor, label in LABELS if win_rate >= floor)


def load_proof(path: Path = PROOF_PATH) -> dict[str, dict[int, dict[str, Any]]]:
    """The committed proof file: model name -> level number -> its row; {} if unreadable."""
    try:
        data = read_json(path, Kind.DATA)
        return {m: {int(n): dict(row) for n, row in data[m].items()} for m in Model if m in data}
    except (DataError, ValueError, TypeError, AttributeError, KeyError):
        return {}


def load_difficulty(path: Path = PROOF_PATH) -> dict[int, dict[str, Any]]:
    """What the level picker shows: level number -> the person model's row (label, win_rate, …) with
    the expert team's `expert_win_rate` beside it; {} if the proof file is unreadable."""
    proof = load_proof(path)
    expert = proof.get(Model.EXPERT, {})
    return {n: {**row, "expert_win_rate": expert.get(n, {}).get("win_rate")}
            for n, row in proof.get(Model.PERSON, {}).items()}
