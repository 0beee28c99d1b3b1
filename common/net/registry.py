"""The rooms a server holds and how they are found: by code, by the hash of a seat's or watcher's token, and
how many each address made. Only bookkeeping: no time, no sockets, no store.
"""
from __future__ import annotations

from collections import Counter

from common.net.room import Room


class RoomIndex:
    """The server's rooms by code, their tokens' hashes, and the rooms each address made."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, str] = {}         # token hash -> room code
        self.rooms_of: Counter[str] = Counter()  # address -> the live rooms it made that the server holds

    def add(self, room: Room) -> None:
        """The room is the server's: found by its code and every token it knows."""
        self.rooms[room.code] = room
        for s in room.seats:
            if s.token is not None:
                self.tokens[s.token] = room.code
        for w in room.watchers:
            self.tokens[w] = room.code
        self.tokens[room.creator] = room.code
        if room.addr and not room.options.turn_based:
            self.rooms_of[room.addr] += 1

    def remove(self, room: Room) -> None:
        """The room is no longer the server's: its code, tokens and its address's count let go of."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        for token in [t for t, code in self.tokens.items() if code == room.code]:
            del self.tokens[token]
        if room.addr and not room.options.turn_based:
            self.rooms_of[room.addr] -= 1
            if self.rooms_of[room.addr] <= 0:
                del self.rooms_of[room.addr]

    def by_token(self, token: str) -> Room | None:
        """The room that knows the token hash `token`, if the server holds it."""
        code = self.tokens.get(token)
        room = self.rooms.get(code) if code is not None else None
        return room if room is not None and room.knows(token) else None
