"""The sprite packs shipped with the game (package data) and their generator (sprites.generate)."""
