"""The replay reader: a table of bad files (one line each, nothing changed) and a property over any bytes."""
from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.replays.replay import Replay, ReplayError, read_replay
from hardening import changes, is_one_line, snapshot

GOOD = {"format": "arenas-arzium-replay", "version": 1, "game": "arenas", "setup": {"level": 1}, "seed": 1,
        "actions": [], "meta": {}}


def _bytes(content: bytes) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.write_bytes(content)
    return make


CASES = [
    ("fifo", lambda p: os.mkfifo(p), "cannot read replay: is a FIFO (named pipe), not a regular file"),
    ("dev-zero", lambda p: p.symlink_to("/dev/zero"), "cannot read replay: is a character device"),
    ("folder", lambda p: p.mkdir(), "cannot read replay: is a folder"),
    ("deep", _bytes(b'{"actions": ' + b"[" * 100_000), "replay is not usable: JSON nested too deeply"),
    ("huge-int", _bytes(json.dumps({**GOOD, "seed": 1}).replace('"seed": 1', '"seed": ' + "9" * 5000).encode()),
     "replay is not usable: a number is too long"),
    ("not-utf8", _bytes(b'{"game": "\xff"}'), "cannot read replay: not UTF-8 text (byte 10)"),
    ("long-game", _bytes(json.dumps({**GOOD, "game": "\x1b[2J" + "x" * 10**6}).encode()), "unknown game '\\x1b[2Jxxx"),
]


@pytest.mark.parametrize("case, make, fragment", CASES, ids=[c[0] for c in CASES])
def test_bad_replay_files_give_one_line_and_change_nothing(tmp_path: Path, case: str, make: Callable[[Path], None],
                                                           fragment: str) -> None:
    path = tmp_path / "r.json"
    make(path)
    before = snapshot(tmp_path)
    with pytest.raises(ReplayError) as info:
        read_replay(path)
    line = str(info.value)
    assert line.startswith(f"{path}: ") and fragment in line and is_one_line(line)
    assert changes(before, snapshot(tmp_path)) == {}


def test_a_message_built_by_a_game_from_a_huge_value_is_one_capped_line() -> None:
    line = str(ReplayError(f"r.json: actions[0]: bad number {list(range(10**6))}\n\x1b[31m"))
    assert is_one_line(line) and line.endswith("…")


replay_like = st.fixed_dictionaries(
    {}, optional={k: st.one_of(st.just(v), st.integers(), st.text(max_size=10), st.none(), st.lists(st.integers()))
                  for k, v in GOOD.items()}).map(lambda d: json.dumps(d).encode())
replay_bytes = st.one_of(
    st.binary(max_size=200), replay_like,
    st.builds(lambda data, cut: data[:cut], replay_like, st.integers(0, 120)),
    st.builds(lambda n: b'{"format": "arenas-arzium-replay", "actions": ' + b"[" * n, st.integers(1, 5000)),
)


def check_any_replay_bytes(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.json"
        path.write_bytes(content)
        try:
            replay = read_replay(path)
        except ReplayError as exc:
            assert is_one_line(str(exc)) and str(exc).startswith(str(path))
        else:
            assert isinstance(replay, Replay) and replay.game in ("arenas", "arzium")
        assert path.read_bytes() == content


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(replay_bytes)
def test_any_bytes_give_a_replay_or_one_line(content: bytes) -> None:
    check_any_replay_bytes(content)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(replay_bytes)
def test_any_bytes_give_a_replay_or_one_line_long_run(content: bytes) -> None:
    check_any_replay_bytes(content)
