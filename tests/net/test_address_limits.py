"""The turn-based tables one address may hold (apart from its live rooms, counted after a restart too), and the
address a connection counts as behind a reverse proxy (`serve --behind-proxy`): the one the proxy forwarded, only
from a loopback peer."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from netkit import Fake, arzium_setup
from websockets.datastructures import Headers

from common.games import room_sides
from common.net.addresses import address_tag, client_address
from common.net.archive import DAY_MS
from common.net.limits import Limits
from common.net.protocol import PROTOCOL_VERSION
from common.net.runners import EmbeddedServer
from common.net.server import Server
from common.net.turn_clock import ClockRule

DAILY = ClockRule(3 * DAY_MS, DAY_MS).to_json()


def _make(server: Server, addr: str, pace: str) -> dict[str, Any]:
    """A room made from `addr` (turn-based or live); the answer (`joined` or `error`)."""
    f = Fake(server, addr)
    f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    out = f.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "seat": 0,
                 "pace": pace, **({"clock": DAILY} if pace == "turn" else {})})
    return next(x for x in out if x["kind"] in ("joined", "error"))


def test_an_address_holds_so_many_turn_based_tables_apart_from_its_live_rooms(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides(), limits=Limits(turn_tables_per_address=2, rooms_per_address=1))
    assert [_make(server, "10.4.0.1", "turn")["kind"] for _ in range(2)] == ["joined", "joined"]
    refused = _make(server, "10.4.0.1", "turn")
    assert refused["code"] == "turn_tables" and "2 turn-based tables" in refused["message"]
    assert _make(server, "10.4.0.1", "live")["kind"] == "joined"  # a live room is counted on its own
    assert _make(server, "10.4.0.1", "live")["code"] == "server_busy"  # ... against its own limit
    assert _make(server, "10.4.0.2", "turn")["kind"] == "joined"  # another address is not held back
    server.store.close()  # type: ignore[union-attr]
    again = Server(tmp_path, room_sides(), limits=Limits(turn_tables_per_address=2, rooms_per_address=1))
    assert _make(again, "10.4.0.1", "turn")["code"] == "turn_tables"  # a restart counts them still
    finished = next(r for r in again.rooms.values() if r.maker == address_tag("10.4.0.1") and r.options.turn_based)
    finished.phase = "over"  # one of its tables ended: it no longer counts
    answer = _make(again, "10.4.0.1", "turn")
    assert answer["kind"] == "joined", answer
    again.store.close()  # type: ignore[union-attr]


def test_a_record_keeps_no_address_only_a_hash_of_it(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides())
    _make(server, "10.4.0.7", "turn")
    server.store.close()  # type: ignore[union-attr]
    assert b"10.4.0.7" not in (tmp_path / "rooms.sqlite3").read_bytes()


@pytest.mark.parametrize(("peer", "forwarded", "behind", "counted"), [
    ("127.0.0.1", ["203.0.113.9"], True, "203.0.113.9"),
    ("127.0.0.1", ["10.9.9.9, 203.0.113.9"], True, "203.0.113.9"),      # the proxy's own entry is the last
    ("127.0.0.1", ["10.9.9.9", "2001:db8::1"], True, "2001:db8::1"),    # repeated headers read as one list
    ("::1", ["203.0.113.9"], True, "203.0.113.9"),
    ("198.51.100.4", ["203.0.113.9"], True, "198.51.100.4"),            # not from a proxy on this machine
    ("127.0.0.1", ["203.0.113.9"], False, "127.0.0.1"),                 # not behind a proxy: never read
    ("127.0.0.1", ["not an address"], True, "127.0.0.1"),
    ("127.0.0.1", [], True, "127.0.0.1"),
])
def test_the_address_a_connection_counts_as(peer: str, forwarded: list[str], behind: bool, counted: str) -> None:
    headers = Headers([("X-Forwarded-For", value) for value in forwarded])
    assert client_address(peer, headers, behind) == counted


def test_behind_a_proxy_each_forwarded_address_has_its_own_connections() -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    server = EmbeddedServer(None, room_sides(), limits=Limits(conns_per_address=1, behind_proxy=True))
    port = server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    try:
        with connect(url, open_timeout=5, additional_headers={"X-Forwarded-For": "203.0.113.1"}), \
                connect(url, open_timeout=5, additional_headers={"X-Forwarded-For": "203.0.113.2"}):
            with pytest.raises(InvalidStatus) as refused:
                connect(url, open_timeout=5, additional_headers={"X-Forwarded-For": "203.0.113.1"})
            assert refused.value.response.status_code == 429
            assert sorted(server.call(lambda s: list(s.transport.addr_conns))) == ["203.0.113.1", "203.0.113.2"]
    finally:
        server.stop()
