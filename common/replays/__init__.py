"""Replays: the replay file, the position while watching, the list of saved replays.
Imports common.data and common.games."""
