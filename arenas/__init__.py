"""Arenas Movedizas: the real-time cooperative sand-timer game (rules, bots, scenes, levels)."""
