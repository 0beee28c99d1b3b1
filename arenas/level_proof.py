"""The proof of a level players make: how the expert team and the person model fared on it, its label on the box
levels' scale, and one winning game of the expert team that anyone can replay in a moment. No pygame.

A level is *proven* when the expert team won at least one of its games: the proof then carries the replay of
one of those wins (as Lix ships proof replays), and the person model's wins give the label
(`arenas.bots.proof.LABELS`). A proof is of one version of a level: it names `proof_fingerprint(level)` (the
level's fingerprint with its team size), and an edit of either drops it. `proof_problem` checks a proof against
a level: the fingerprint, the label against the win counts, and the replay played again with the rules.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from arenas.bots.proof import LABELS, difficulty_label
from arenas.rules.levels import Level, is_fingerprint
from arenas.rules.state import MAX_SAND_SPEED_PCT, Result
from arenas.session import SetupError, replay_outcome
from common.data.i18n import _, format_percent
from common.data.rules_api import FieldError, json_int, json_str
from common.replays.replay import Replay, ReplayError, replay_from_dict

MAX_SEEDS = 10_000  # the most games of one team a proof may count


def proof_fingerprint(level: Level) -> str:
    """What a proof of `level` is of: its board (the fingerprint) and its team size, as 12 hex digits. A new
    name keeps the proof: its winning replay still wins, and its counts are of the same board and team."""
    key = f"{level.fingerprint}|{level.team_size}".encode()
    return hashlib.sha256(key).hexdigest()[:12]


@dataclass(frozen=True)
class LevelProof:
    """The expert team's and the person model's wins over `seeds` games each on the level version
    `fingerprint`, and (when the experts won any) the replay of one expert win."""

    fingerprint: str
    seeds: int
    expert_wins: int
    person_wins: int
    replay: Replay | None

    @property
    def proven(self) -> bool:
        """The expert team won: the level is winnable, and the replay shows one win."""
        return self.expert_wins > 0 and self.replay is not None

    @property
    def person_rate(self) -> float:
        return self.person_wins / self.seeds

    @property
    def label(self) -> str | None:
        """The label on the box levels' scale (an English word of `LABELS`, shown through `_()`); None if
        unproven."""
        return difficulty_label(self.person_rate) if self.proven else None

    def summary(self) -> str:
        """One line for people: "Tricky — a person-like team wins 38%", or why it is unproven."""
        if self.label is None:
            return _("Unproven — no expert team won in {n} games").format(n=self.seeds)
        return _("{label} — a person-like team wins {rate}").format(label=_(self.label),
                                                                   rate=format_percent(self.person_rate))

    def to_json(self) -> dict[str, object]:
        """The proof as a shared level file holds it."""
        return {"fingerprint": self.fingerprint, "seeds": self.seeds, "expert_wins": self.expert_wins,
                "person_wins": self.person_wins, "label": self.label,
                "replay": self.replay.to_dict() if self.replay is not None else None}


def proof_from_json(data: object) -> LevelProof:
    """A proof's JSON checked for its shape (`FieldError` naming the field); whether it holds for a level is
    `proof_problem`'s question."""
    if not isinstance(data, dict):
        raise FieldError("proof", "expected an object")
    for key in data:
        if key not in ("fingerprint", "seeds", "expert_wins", "person_wins", "label", "replay"):
            raise FieldError(f"proof.{str(key)[:40]}", "unknown field")
    fingerprint = json_str(data.get("fingerprint"), "proof.fingerprint")
    if not is_fingerprint(fingerprint):
        raise FieldError("proof.fingerprint", "expected 12 hex digits")
    seeds = json_int(data.get("seeds"), "proof.seeds", 1, MAX_SEEDS)
    expert = json_int(data.get("expert_wins"), "proof.expert_wins", 0, seeds)
    person = json_int(data.get("person_wins"), "proof.person_wins", 0, seeds)
    label = data.get("label")
    if label is not None and label not in {word for _floor, word in LABELS}:
        raise FieldError("proof.label", f"expected one of {', '.join(w for _f, w in LABELS)} or null")
    raw = data.get("replay")
    try:
        replay = replay_from_dict(raw, "proof.replay", "arenas") if raw is not None else None
    except ReplayError as exc:
        raise FieldError("proof.replay", str(exc).removeprefix("proof.replay: ")) from None
    proof = LevelProof(fingerprint, seeds, expert, person, replay)
    if label != proof.label:
        raise FieldError("proof.label", f"{label!r} does not follow from its wins (expected {proof.label!r})")
    return proof


def proof_problem(level: Level, proof: LevelProof) -> str | None:
    """Why `proof` does not prove `level` (one line), or None when it does: it is of this version of the level
    and, for a proven level, its replay is a win of this level when played again."""
    if proof.fingerprint != proof_fingerprint(level):
        return _("the proof is of another version of the level")
    if proof.replay is None:
        return None if proof.expert_wins == 0 else _("the proof has no winning replay")
    if proof.expert_wins == 0:
        return _("the proof has a replay but no expert win")
    try:
        state = replay_outcome(proof.replay, _("the proof's replay"))
    except SetupError as exc:
        return str(exc)
    if state.level.fingerprint != level.fingerprint:
        return _("the proof's replay is of another version of the level")
    if state.result != Result.WON or state.assisted or state.sand_speed_pct != MAX_SAND_SPEED_PCT:
        return _("the proof's replay is not an unassisted win of this level")
    return None
