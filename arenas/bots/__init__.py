"""Bots of Arenas Movedizas: the team-mate bot, the hint, and the proof that every level is winnable."""
from arenas.bots.teammate import (
    DEFAULT_REACTION_MS,
    MAX_REACTION_MS,
    MIN_REACTION_MS,
    BotSeat,
    TeammateBot,
    hint,
)

__all__ = ["DEFAULT_REACTION_MS", "MAX_REACTION_MS", "MIN_REACTION_MS", "BotSeat", "TeammateBot", "hint"]
