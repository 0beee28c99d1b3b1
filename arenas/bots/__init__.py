"""Bots of Arenas Movedizas: the team-mate bot, the hint, the person model, and the level proof and labels."""
from arenas.bots.teammate import (
    DEFAULT_REACTION_MS,
    MAX_REACTION_MS,
    MIN_REACTION_MS,
    BotController,
    TeammateBot,
    hint,
)

__all__ = ["DEFAULT_REACTION_MS", "MAX_REACTION_MS", "MIN_REACTION_MS", "BotController", "TeammateBot", "hint"]
