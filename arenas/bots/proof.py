"""The shipped proof table of the Arenas levels (`proof.json` beside this module): each level's win rates with
expert team-mates, with the person model, and with one person among expert team-mates, and the difficulty
label people see. `verify.py` writes it; the level picker reads it through `load_difficulty` and computes
nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import NotRequired, TypedDict, cast

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


class ProofRow(TypedDict):
    """One level's row of a proof table (see `arenas.bots.verify.verify_levels`)."""

    name: str
    team_size: int
    seeds: int
    wins: int
    win_rate: float
    ci95: list[float]
    mean_win_ms: int | None
    assisted: bool
    losses: NotRequired[dict[str, int]]  # by cause; rows of older runs have none
    label: NotRequired[str]  # the person model's rows


class DifficultyRow(ProofRow):
    """A person-model row as the level picker shows it, with the expert team's win rate beside it."""

    expert_win_rate: float | None


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_ROW_CHECKS: dict[str, Callable[[object], bool]] = {
    "name": lambda v: isinstance(v, str), "team_size": _is_int, "seeds": _is_int, "wins": _is_int,
    "win_rate": _is_number, "assisted": lambda v: isinstance(v, bool), "mean_win_ms": lambda v: v is None or _is_int(v),
    "ci95": lambda v: isinstance(v, list) and len(v) == 2 and all(map(_is_number, v)),
    "label": lambda v: isinstance(v, str), "losses": lambda v: isinstance(v, dict)}
_OPTIONAL = ("label", "losses")


def proof_row(data: object) -> ProofRow:
    """A row of a proof file as read, checked (fields it does not know are kept); `ValueError` if it is not one."""
    if not isinstance(data, dict):
        raise ValueError("a proof row must be an object")
    for key, check in _ROW_CHECKS.items():
        if (key in data or key not in _OPTIONAL) and not check(data.get(key)):
            raise ValueError(f"proof row field {key!r}: {data.get(key)!r}")
    return cast(ProofRow, dict(data))


def load_proof(path: Path = PROOF_PATH) -> dict[str, dict[int, ProofRow]]:
    """The committed proof file: model name -> level number -> its row; {} if unreadable."""
    try:
        data = read_json(path, Kind.DATA)
        if not isinstance(data, dict):
            return {}
        return {m: {int(n): proof_row(row) for n, row in data[m].items()} for m in Model if m in data}
    except (DataError, ValueError, TypeError, AttributeError, KeyError):
        return {}


def load_difficulty(path: Path = PROOF_PATH) -> dict[int, DifficultyRow]:
    """What the level picker shows: level number -> the person model's row (label, win_rate, …) with
    the expert team's `expert_win_rate` beside it; {} if the proof file is unreadable."""
    proof = load_proof(path)
    expert = proof.get(Model.EXPERT, {})
    return {n: {**row, "expert_win_rate": expert[n]["win_rate"] if n in expert else None}
            for n, row in proof.get(Model.PERSON, {}).items()}
