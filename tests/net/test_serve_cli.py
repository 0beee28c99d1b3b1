"""`serve` and `net-bench` on the command line: what is wrong is one line naming the real thing (the folder, the
file, the port, the argument), with exit code 2, before anything runs; Ctrl+C stops the server cleanly."""
from __future__ import annotations

import asyncio
import errno
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from common.cli import main
from common.games import room_sides
from common.net import transport
from common.net.bench import Bench, Faults
from common.net.runners import log_stats
from common.net.server import Server
from common.net.store import FILE_NAME, Store
from common.net.transport import PortNotAllowed

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def signals_as_they_were() -> Iterator[None]:
    """`serve` run in this process takes Ctrl+C and SIGTERM for itself: the test process gets its own back."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in saved.items():
        signal.signal(sig, handler)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    err = capsys.readouterr().err.strip().splitlines()
    return code, [line for line in err if not line.startswith("usage:") and not line.startswith("  ")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---- serve --------------------------------------------------------------------------------------------------
def test_serve_with_a_file_as_its_data_folder_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "rooms.txt"
    data.write_text("x")
    code, lines = run(capsys, "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data))
    assert code == 2 and len(lines) == 1 and str(data) in lines[0] and "folder" in lines[0]


def test_serve_with_a_name_too_long_names_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / ("d" * 300)
    code, lines = run(capsys, "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data))
    assert code == 2 and len(lines) == 1 and str(data) in lines[0] and "too long" in lines[0]


def test_a_second_serve_on_one_folder_is_refused_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = Store(tmp_path)
    try:
        code, lines = run(capsys, "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path))
    finally:
        first.close()
    assert code == 2 and len(lines) == 1 and str(tmp_path) in lines[0] and "another room server" in lines[0]


def test_serve_refuses_stats_it_cannot_write_before_serving(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "stats").mkdir()
    code, lines = run(capsys, "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path / "data"),
                      "--stats", str(tmp_path / "stats"))
    assert code == 2 and len(lines) == 1 and "--stats" in lines[0] and str(tmp_path / "stats") in lines[0]
    assert not (tmp_path / "data").exists()


def test_a_port_that_needs_a_right_is_not_called_in_use(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    async def refused(*_args: Any, **_kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(transport, "serve", refused)

    async def body() -> None:
        await Server(None, room_sides()).start("127.0.0.1", 80)
    with pytest.raises(PortNotAllowed):
        asyncio.run(body())
    code, lines = run(capsys, "serve", "--host", "127.0.0.1", "--port", "80", "--data", str(tmp_path))
    assert code == 2 and len(lines) == 1 and "port 80 needs rights" in lines[0] and "in use" not in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]  # the store was closed again


def test_a_side_task_that_fails_leaves_the_stop_clean(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The figures' file stops being writable while serving: one line, and the stop still closes the store."""
    async def body() -> None:
        server = Server(tmp_path / "data", room_sides())
        server.add_task(lambda: log_stats(server, tmp_path))  # a folder
        await server.start("127.0.0.1", 0)
        await asyncio.sleep(0)
        await server.stop()
    asyncio.run(body())
    assert sum("cannot write the server's figures" in r.getMessage() for r in caplog.records) == 1
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [FILE_NAME]  # no -wal, -shm or lock left


def test_ctrl_c_stops_serve_cleanly(tmp_path: Path) -> None:
    data, stats = tmp_path / "data", tmp_path / "stats.jsonl"
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(data), "--stats", str(stats)], cwd=ROOT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("serving rooms on ws://127.0.0.1:")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "the room server stopped; every room is kept in" in out and "Traceback" not in err
    assert sorted(p.name for p in data.iterdir()) == [FILE_NAME]


# ---- net-bench ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("flags", "said"), [
    (["--drop-pct", "nan"], "percentage"), (["--drop-pct", "-1"], "percentage"),
    (["--drop-pct", "150"], "percentage"), (["--server", "ws://127.0.0.1:99999"], "port"),
    (["--server", "http://127.0.0.1:8765"], "ws://"), (["--server", "127.0.0.1:8765"], "ws://"),
    (["--server", "ws://127.0.0.1:0"], "port"), (["--clients-per-room", "9"], "2 to 4"),
    (["--clients-per-room", "1"], "2 to 4"),
])
def test_net_bench_arguments_are_one_line_each(flags: list[str], said: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["net-bench", "--server", "ws://127.0.0.1:1", "--game", "arzium", "--rooms", "1", *flags]
    with pytest.raises(SystemExit) as ended:
        code = main(argv)
        raise SystemExit(code)
    err = capsys.readouterr().err.strip().splitlines()
    assert ended.value.code == 2 and said in err[-1] and "Traceback" not in "\n".join(err)


def test_net_bench_where_nothing_listens_says_so_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = run(capsys, "net-bench", "--server", f"ws://127.0.0.1:{free_port()}", "--game", "arzium",
                      "--rooms", "1", "--timeout", "900")
    assert code == 2 and len(lines) == 1 and "no room server answers" in lines[0]


def test_a_bench_process_with_no_rooms_ends_at_once() -> None:
    bench = Bench("ws://127.0.0.1:1", "arzium", 0, 4, (0, 0), lambda _i, _k: {}, lambda _s, _c: None)  # type: ignore
    loop = asyncio.new_event_loop()
    try:
        seconds = loop.run_until_complete(asyncio.wait_for(bench.run(900.0, Faults()), 5))
    finally:
        loop.close()
    assert seconds < 1
