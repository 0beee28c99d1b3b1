"""Scores of an Arzium game: points per player, the tie break on coins, the winners."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from arzium.rules.state import GameState, Phase


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's score: card points + artifact points = total; coins break ties."""

    player: int
    card_points: int
    artifact_points: int
    total: int
    coins: int
    characters: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """Scores of every player (by player index) and the winners (several on a shared win)."""

    scores: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    over: bool


def outcome(state: GameState) -> Outcome:
    """Scores and winners (provisional while the game is not over)."""
    scores: list[PlayerScore] = []
    for i, p in enumerate(state.players):
        cp = sum(state.cards.card(c).points for c in p.cards)
        ap = sum(state.cards.artifact(a).points for a in p.artifacts)
        scores.append(PlayerScore(i, cp, ap, cp + ap, p.coins, len(p.cards)))
    best = max((s.total, s.coins) for s in scores)
    winners = tuple(s.player for s in scores if (s.total, s.coins) == best)
    return Outcome(tuple(scores), winners, state.phase == Phase.OVER)


class Decider(StrEnum):
    """What settled the winners: most points alone, the coins between players tied on points, or nothing
    (tied on points and coins: a shared win)."""

    POINTS = "points"
    COINS = "coins"
    SHARED = "shared"


def decided_by(out: Outcome) -> Decider:
    """How `out`'s winners were found (most points; on a tie, most coins; still tied, a shared win)."""
    level = tied_on_points(out)
    if len(level) == 1:
        return Decider.POINTS
    return Decider.SHARED if len(out.winners) == len(level) else Decider.COINS


def tied_on_points(out: Outcome) -> tuple[int, ...]:
    """The players with the most points (one when nobody tied them)."""
    best = max(s.total for s in out.scores)
    return tuple(s.player for s in out.scores if s.total == best)


def outcome_json(state: GameState) -> dict[str, object]:
    """The outcome as a JSON-able dict: per player name, colour, edge, points, coins, party; winners."""
    out = outcome(state)
    players: list[dict[str, object]] = []
    for s, seat, p in zip(out.scores, state.setup.seats, state.players):
        players.append({"name": seat.name, "colour": seat.colour, "edge": seat.edge, "kind": seat.kind,
                        "card_points": s.card_points, "artifact_points": s.artifact_points,
                        "score": s.total, "coins": s.coins, "characters": p.cards[:],
                        "artifacts": p.artifacts[:]})
    return {"game": "arzium", "over": out.over, "turns": state.turn, "full_game": state.setup.full_game,
            "players": players, "winners": [state.setup.seats[w].name for w in out.winners],
            "winner_indices": list(out.winners)}
