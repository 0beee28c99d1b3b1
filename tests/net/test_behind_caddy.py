"""The shipped reverse-proxy example in front of a real `serve`: Caddy with TLS (a certificate from a throwaway CA
made here) passes the app's connection and its table asks to the server, over `wss://`. Runs where the machine
has `caddy` and `openssl`, else it is skipped."""
from __future__ import annotations

import os
import queue
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from netkit import arzium_setup

from common.net.client import NEWS, Link
from common.net.tables_client import ask_tables
from common.net.turn_clock import ClockRule

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "common" / "net" / "deploy" / "Caddyfile"
WAIT_S = 30.0  # what a start or an answer may take on a busy machine; each wait ends at the event it waits for
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("caddy") is None or shutil.which("openssl") is None,
                                 reason="caddy or openssl is not installed")]


def _openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a certificate it signed for localhost and 127.0.0.1: (ca, cert, key)."""
    ca, ca_key, cert, key, csr, ext = (folder / n for n in ("ca.pem", "ca.key", "cert.pem", "key.pem", "cert.csr",
                                                            "cert.ext"))
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=test CA", "-keyout",
             str(ca_key), "-out", str(ca), "-addext", "basicConstraints=critical,CA:TRUE", "-addext",
             "keyUsage=critical,keyCertSign,cRLSign")
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(csr))
    ext.write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    _openssl("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial", "-days",
             "1", "-extfile", str(ext), "-out", str(cert))
    return ca, cert, key


def local_caddyfile(shipped: str, port: int, upstream: int, cert: Path, key: Path) -> str:
    """The shipped Caddyfile as a machine without a public name runs it: the site on a loopback port with the
    certificate given, the server on its own port; the proxy block is the shipped one."""
    assert "games.example.org {" in shipped and "127.0.0.1:8765" in shipped
    site = f"localhost:{port} {{\n\ttls {cert} {key}"
    return ("{\n\tadmin off\n\tauto_https disable_redirects\n}\n" +
            shipped.replace("games.example.org {", site).replace("127.0.0.1:8765", f"127.0.0.1:{upstream}"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _lines(stream: IO[str], into: queue.Queue[str]) -> None:
    for line in stream:
        into.put(line)


def wait_for_line(lines: queue.Queue[str], words: str) -> str:
    """The first line of a process's output holding `words` (each line waited for, WAIT_S at most)."""
    while True:
        line = lines.get(timeout=WAIT_S)
        if words in line:
            return line


class Started:
    """A process whose output is read on a thread, line by line."""

    def __init__(self, args: list[str], env: dict[str, str], stream: str) -> None:
        self.proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        out = self.proc.stdout if stream == "stdout" else self.proc.stderr
        assert out is not None
        threading.Thread(target=_lines, args=(out, self.lines), daemon=True).start()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(WAIT_S)


@pytest.fixture()
def behind_caddy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """`serve` on a loopback port and Caddy in front of it with TLS; the `wss://` address friends would type."""
    ca, cert, key = make_certificates(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(ca))  # the app trusts the test CA as it trusts the system's
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    started: list[Started] = []
    try:
        serve = Started([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1", "--port", "0",
                         "--data", str(tmp_path / "rooms")], env, "stdout")
        started.append(serve)
        upstream = int(wait_for_line(serve.lines, "serving rooms on").split()[3].rsplit(":", 1)[1])
        port = free_port()
        caddyfile = tmp_path / "Caddyfile"
        caddyfile.write_text(local_caddyfile(SHIPPED.read_text(), port, upstream, cert, key))
        caddy = Started(["caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"], env, "stderr")
        started.append(caddy)
        wait_for_line(caddy.lines, "serving initial configuration")
        yield f"wss://localhost:{port}"
    finally:
        for p in reversed(started):
            p.stop()


def frames_until(link: Link, kind: str) -> dict[str, Any]:
    """The first frame of `kind` the link is given (waiting on the links' news, WAIT_S at most for each)."""
    while True:
        seen = NEWS.count
        for frame in link.poll():
            if frame.get("kind") == kind:
                return frame
            assert frame.get("kind") != "error", frame
        assert link.status != "closed", link.problem
        assert NEWS.wait_past(seen, WAIT_S), f"no {kind} frame"


def test_the_app_opens_a_turn_based_table_through_caddy_over_tls_and_asks_for_it(behind_caddy: str) -> None:
    link = Link(behind_caddy, reconnect=False, ping=False)
    try:
        frames_until(link, "welcome")
        link.send({"kind": "create", "game": "arzium", "setup": arzium_setup(2), "name": "Ana", "pace": "turn",
                   "clock": ClockRule(2 * 86_400_000, 12 * 3_600_000).to_json()})
        joined = frames_until(link, "joined")
    finally:
        link.close()
    answer = ask_tables(behind_caddy, [str(joined["token"])])
    assert answer["kind"] == "tables" and [(t["code"], t["pace"], t["phase"]) for t in answer["tables"]] == \
        [(joined["code"], "turn", "lobby")]


def test_the_local_caddyfile_keeps_the_shipped_proxy_block() -> None:
    local = local_caddyfile(SHIPPED.read_text(), 27443, 27765, Path("/c.pem"), Path("/k.pem"))
    assert "reverse_proxy 127.0.0.1:27765" in local and "health_uri /health" in local
    assert "localhost:27443 {\n\ttls /c.pem /k.pem" in local and "games.example.org {" not in local
