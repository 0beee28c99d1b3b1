"""Online play: the room protocol, the server, its store and the client link (no pygame, no game).
Imports common.data and common.games."""
