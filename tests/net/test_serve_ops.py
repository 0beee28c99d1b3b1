"""Running a server for friends: the health check a proxy asks, the rooms counted by kind with the store's size,
a backup taken while the server runs and restored into a new data folder, and the app's asks over `wss://`
against the server's own TLS with a self-signed certificate made here."""
from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from netkit import Fake, Served, arzium_setup

from common.games import room_sides
from common.net.client import Link
from common.net.limits import Limits
from common.net.operate import BackupError, backup, room_figures
from common.net.protocol import PROTOCOL_VERSION
from common.net.runners import EmbeddedServer, tls_context
from common.net.server import Server
from common.net.store import FILE_NAME
from common.net.tables_client import AskFailed, ask_tables, server_url
from common.net.turn_clock import ClockRule

DAILY = ClockRule(3 * 86_400_000, 86_400_000).to_json()


def test_the_health_check_answers_ok_over_plain_http(served: Served) -> None:
    with urllib.request.urlopen(served.url.replace("ws://", "http://") + "/health", timeout=5) as answer:
        assert answer.status == 200 and answer.read() == b"ok\n"


def _tables(server: Server) -> dict[str, str]:
    """A turn-based table and a live one made on `server`; the creators' tokens by pace."""
    tokens = {}
    for pace in ("turn", "live"):
        f = Fake(server)
        f.say({"kind": "hello", "version": PROTOCOL_VERSION})
        f.say({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "pace": pace,
               **({"clock": DAILY} if pace == "turn" else {})})
        tokens[pace] = next(m["token"] for m in f.got if m["kind"] == "joined")
    return tokens


def test_the_figures_count_rooms_by_kind_and_the_store_size(tmp_path: Path) -> None:
    server = Server(tmp_path, room_sides())
    _tables(server)
    figures = server.figures()
    assert (figures["rooms_turn"], figures["rooms_live"], figures["rooms_over"]) == (1, 1, 0)
    assert figures["store_bytes"] > 0 and room_figures([], None)["store_bytes"] == 0
    server.store.close()  # type: ignore[union-attr]


def test_a_backup_taken_while_serving_restores_every_room_in_a_new_folder(tmp_path: Path) -> None:
    server = Server(tmp_path / "data", room_sides())
    tokens = _tables(server)
    size = backup(tmp_path / "data", tmp_path / "rooms.backup")  # the server's store is open meanwhile
    assert size > 0 and not (tmp_path / "rooms.backup.part").exists()
    server.store.close()  # type: ignore[union-attr]
    (tmp_path / "restored").mkdir()
    shutil.copy(tmp_path / "rooms.backup", tmp_path / "restored" / FILE_NAME)
    again = Server(tmp_path / "restored", room_sides())
    assert sorted(again.rooms) == sorted(server.rooms)
    f = Fake(again)
    f.say({"kind": "hello", "version": PROTOCOL_VERSION})
    (answer,) = f.say({"kind": "tables", "tokens": [tokens["turn"]]})
    assert answer["tables"][0]["pace"] == "turn"
    again.store.close()  # type: ignore[union-attr]


def test_a_backup_without_a_store_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(BackupError) as no_store:
        backup(tmp_path, tmp_path / "x")
    assert "no room store there" in str(no_store.value)


TlsServed = tuple[str, Server, asyncio.AbstractEventLoop]  # its URL, the server, the loop it runs on


# ---- wss:// --------------------------------------------------------------------------------------------------
@pytest.fixture()
def tls_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TlsServed]:
    """The server on its own TLS with a self-signed certificate for 127.0.0.1, trusted by this process only."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate can be made")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out",
                    str(cert)], check=True, capture_output=True)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    context = tls_context(cert, key)
    assert isinstance(context, ssl.SSLContext)
    loop = asyncio.new_event_loop()
    server = Server(None, room_sides())
    started: list[int] = []
    ready = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        started.append(loop.run_until_complete(server.start("127.0.0.1", 0, context)))
        ready.set()
        loop.run_forever()
        loop.run_until_complete(server.stop())
        loop.close()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield f"wss://127.0.0.1:{started[0]}", server, loop
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_the_app_asks_for_its_tables_over_wss(tls_served: TlsServed) -> None:
    url, server, loop = tls_served
    tokens = asyncio.run_coroutine_threadsafe(_made(server), loop).result(10)
    assert server_url(url) == url and server_url("127.0.0.1:1") == "ws://127.0.0.1:1"
    answer = ask_tables(url, [tokens["turn"], tokens["live"]])
    assert answer["kind"] == "tables" and [t["pace"] for t in answer["tables"]] == ["turn", "live"]
    with pytest.raises(AskFailed):  # plain ws:// to a TLS port is no answer, told at once
        ask_tables(url.replace("wss://", "ws://"), [tokens["turn"]])


async def _made(server: Server) -> dict[str, str]:
    return _tables(server)


def test_the_apps_connection_joins_wss_with_the_systems_certificates(tls_served: TlsServed) -> None:
    url, _server, _loop = tls_served
    link = Link(url, reconnect=False, ping=False)
    try:
        welcome = threading.Event()
        got: list[dict[str, object]] = []

        def arrived() -> bool:
            got.extend(link.poll())
            return any(f.get("kind") == "welcome" for f in got)
        for _ in range(500):  # the link's own thread connects; this waits on its frames, 10 s at most
            if arrived():
                welcome.set()
                break
            threading.Event().wait(0.02)
        assert welcome.is_set() and link.status == "open"
    finally:
        link.close()


def test_the_health_check_is_answered_by_a_server_that_refuses_more_connections_from_the_address() -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    server = EmbeddedServer(None, room_sides(), limits=Limits(conns_per_address=1))
    port = server.start("127.0.0.1", 0)
    try:
        with connect(f"ws://127.0.0.1:{port}", open_timeout=5):
            with pytest.raises(InvalidStatus) as refused:
                connect(f"ws://127.0.0.1:{port}", open_timeout=5)
            assert refused.value.response.status_code == 429
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as answer:
                assert answer.status == 200 and answer.read() == b"ok\n"
    finally:
        server.stop()
