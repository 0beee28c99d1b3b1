"""Who a connection comes from, for the limits per address: its peer's address or, behind a reverse proxy on
the same machine (`serve --behind-proxy`), the address the proxy forwarded (the last one of `X-Forwarded-For`,
the one the proxy itself added; only from a loopback peer, so nobody else can claim an address). And the
turn-based tables an address holds, counted by a short hash of it that the room's record keeps (so a restart
counts them too, and the store holds no address)."""
from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Iterable

from websockets.datastructures import Headers

from common.net.room import Room

FORWARDED = "X-Forwarded-For"


def client_address(peer: str, headers: Headers | None, behind_proxy: bool) -> str:
    """The address a connection counts as: `peer` (its socket's, without the port) unless `behind_proxy` and the
    peer is a loopback address that sent `X-Forwarded-For` with an IP address last in it."""
    if not behind_proxy or headers is None or not _loopback(peer):
        return peer
    values = headers.get_all(FORWARDED)
    if not values:
        return peer
    last = values[-1].split(",")[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return peer


def _loopback(peer: str) -> bool:
    try:
        return ipaddress.ip_address(peer).is_loopback
    except ValueError:
        return False


def address_tag(addr: str) -> str:
    """An address as a room's record keeps it (who made the table): a short hash, never the address."""
    return hashlib.sha256(("room-maker:" + addr).encode("utf-8")).hexdigest()[:16]


def turn_tables_of(rooms: Iterable[Room], tag: str) -> int:
    """The turn-based tables not finished (in the lobby or in play) made from the address tagged `tag`."""
    return sum(1 for r in rooms if r.maker == tag and r.options.turn_based and r.phase != "over")
