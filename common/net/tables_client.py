"""Short asks of a room server from a background thread, each on a connection of its own that closes after the
answer: the tables a player's kept tokens have a seat at (`tables`), and a finished table's result with its
replay (a `hello` with the token). Every wait is bounded (`TIMEOUT_S`): a server that does not answer is told
as such, never waited on longer.

A server is written `host:port` (plain WebSocket) or `wss://host[:port]` (WebSocket over TLS, as a reverse proxy
such as Caddy serves it); `server_url` gives the URL for either."""
from __future__ import annotations

import json

from common.net.messages import ClientMessage, Received
from common.net.protocol import MAX_BYTES, PROTOCOL_VERSION, TABLES_MAX, encode

TIMEOUT_S = 4.0
TLS_PREFIX = "wss://"
PLAIN_PREFIX = "ws://"


class AskFailed(Exception):
    """The server could not be reached or did not answer in time (one line, English: for logs and tests)."""


def server_url(server: str) -> str:
    """The WebSocket URL of a server as the app keeps it: `wss://...` as it is, anything else over `ws://`."""
    if server.startswith((TLS_PREFIX, PLAIN_PREFIX)):
        return server
    return PLAIN_PREFIX + server


def _frames(server: str, first: list[ClientMessage], until: str) -> list[Received]:
    """Send `first` after the hello, read frames until one of kind `until` (or an error); every frame read."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    got: list[Received] = []
    try:
        with connect(server_url(server), open_timeout=TIMEOUT_S, close_timeout=1, max_size=MAX_BYTES) as ws:
            for ask in first:
                ws.send(encode(ask))
            while True:
                frame = ws.recv(timeout=TIMEOUT_S)
                read = json.loads(frame) if isinstance(frame, str) else None
                if isinstance(read, dict):
                    got.append(read)
                    if read.get("kind") in (until, "error"):
                        return got
    except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
        raise AskFailed(f"{server}: {type(exc).__name__}: {exc}") from None


def ask_tables(server: str, tokens: list[str]) -> Received:
    """The `tables` frame for `tokens` (at most TABLES_MAX), or the `error` frame the server sent instead;
    `AskFailed` when it does not answer."""
    frames = _frames(server, [{"kind": "hello", "version": PROTOCOL_VERSION, "app": "tables"},
                              {"kind": "tables", "tokens": tokens[:TABLES_MAX]}], "tables")
    return frames[-1]


def ask_result(server: str, token: str) -> Received:
    """A finished table's `result` frame (its outcome and replay) for the member with `token`, or the `error`
    frame; `AskFailed` when the server does not answer."""
    frames = _frames(server, [{"kind": "hello", "version": PROTOCOL_VERSION, "token": token}], "result")
    return frames[-1]
