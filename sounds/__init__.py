"""The sound effects shipped with the game (package data) and their generator (sounds.generate)."""
