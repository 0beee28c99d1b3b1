"""The file gate (common.data.files) and the never-lose-data JSON files (common.data.jsonio): one table per kind."""
from __future__ import annotations

import json
import os
import pickle
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from common.data import jsonio
from common.data.files import DataError, Kind, Problem, read_bytes, read_json, read_toml
from common.data.jsonio import (
    clean_stale_temps,
    keep_copy,
    load_json,
    read_json_file,
    write_json_atomic,
    write_json_versioned,
)
from hardening import changes, deny_open, is_one_line, snapshot


def _fifo(folder: Path) -> Path:
    path = folder / "data.json"
    os.mkfifo(path)
    return path


def _dev_zero(folder: Path) -> Path:
    path = folder / "data.json"
    path.symlink_to("/dev/zero")
    return path


def _folder(folder: Path) -> Path:
    path = folder / "data.json"
    path.mkdir()
    return path


def _write(content: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        path = folder / "data.json"
        path.write_bytes(content)
        return path
    return make


def _too_large(folder: Path) -> Path:
    path = folder / "data.json"
    with open(path, "wb") as f:
        f.truncate(Kind.SETTINGS.cap + 1)  # sparse: costs no disk
    return path


# Every kind of bad file: how it is made, the problem, a fragment of its one line, and whether it is corrupt.
GATE_CASES = [
    ("fifo", _fifo, Problem.NOT_A_FILE, "is a FIFO (named pipe), not a regular file", False),
    ("dev-zero", _dev_zero, Problem.NOT_A_FILE, "is a character device, not a regular file", False),
    ("folder", _folder, Problem.NOT_A_FILE, "is a folder, not a regular file", False),
    ("missing", lambda folder: folder / "data.json", Problem.MISSING, "no such file", False),
    ("too-large", _too_large, Problem.TOO_LARGE, "too large for a settings file (over 1 MB)", True),
    ("deep-nesting", _write(b"[" * 100_000), Problem.TOO_DEEP, "JSON nested too deeply", True),
    ("huge-int", _write(b'{"n": ' + b"9" * 5000 + b"}"), Problem.NUMBER_TOO_LONG, "a number is too long", True),
    ("not-utf8", _write(b'{"n": "\xff"}'), Problem.NOT_UTF8, "not UTF-8 text (byte 7)", True),
    ("syntax", _write(b'{"n": 1,'), Problem.SYNTAX, "line 1 column 9: JSON syntax error", True),
]


@pytest.mark.parametrize("case, make, problem, fragment, corrupt", GATE_CASES, ids=[c[0] for c in GATE_CASES])
def test_the_gate_refuses_each_kind_of_bad_file_with_one_line(tmp_path: Path, case: str, make: Callable[[Path], Path],
                                                              problem: Problem, fragment: str, corrupt: bool) -> None:
    path = make(tmp_path)
    before = snapshot(tmp_path)
    with pytest.raises(DataError) as info:
        read_json(path, Kind.SETTINGS)
    error = info.value
    assert error.problem is problem and error.corrupt is corrupt
    assert str(error) == f"{path}: {error.detail}" and fragment in str(error) and is_one_line(str(error))
    assert changes(before, snapshot(tmp_path)) == {}


def test_permission_denied_is_out_of_reach_not_corrupt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "data.json"
    path.write_text("{}")
    deny_open(monkeypatch, path)
    with pytest.raises(DataError) as info:
        read_bytes(path)
    assert info.value.problem is Problem.DENIED and not info.value.corrupt
    assert str(info.value) == f"{path}: cannot be read now (permission denied)"


def test_a_file_symlinked_outside_its_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.toml").write_text("[pack]\nname = 'secret'\n")
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.toml").symlink_to(tmp_path / "secret.toml")
    with pytest.raises(DataError) as info:
        read_toml(pack / "pack.toml", within=pack)
    assert info.value.problem is Problem.OUTSIDE and "leads outside" in str(info.value)
    assert read_toml(pack / "pack.toml")["pack"]["name"] == "secret"  # without a folder to stay in it is read
    inner = pack / "real.toml"
    inner.write_text("x = 1\n")
    (pack / "link.toml").symlink_to(inner)
    assert read_toml(pack / "link.toml", within=pack) == {"x": 1}  # a symlink inside the folder is fine


def test_reading_stops_at_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "grows.json"
    path.write_bytes(b"x")
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((stat.S_IFREG | 0o644, 0, 0, 1, 0, 0, 1, 0, 0, 0)))
    real_read = os.read
    asked: list[int] = []

    def endless(fd: int, n: int) -> bytes:
        asked.append(n)
        return b"0" * n if n > 1 or real_read(fd, 0) == b"" else b""
    monkeypatch.setattr(os, "read", endless)  # a file that never ends (like /dev/zero behind a regular inode)
    with pytest.raises(DataError) as info:
        read_bytes(path, Kind.SETUP)
    assert info.value.problem is Problem.TOO_LARGE and sum(asked) == Kind.SETUP.cap + 1


TOML_CASES = [
    ("deep", b"a = " + b"[" * 5000, Problem.TOO_DEEP),
    ("huge-int", b"a = " + b"9" * 5000, Problem.NUMBER_TOO_LONG),
    ("syntax", b"a = = 1", Problem.SYNTAX),
    ("not-utf8", b"a = '\xff'", Problem.NOT_UTF8),
]


@pytest.mark.parametrize("case, content, problem", TOML_CASES, ids=[c[0] for c in TOML_CASES])
def test_toml_parser_failures_are_one_data_error(tmp_path: Path, case: str, content: bytes, problem: Problem) -> None:
    path = tmp_path / "pack.toml"
    path.write_bytes(content)
    with pytest.raises(DataError) as info:
        read_toml(path)
    assert info.value.problem is problem and is_one_line(str(info.value)) and str(path) in str(info.value)


# --- jsonio: set aside, leave alone, never overwrite what was not understood ---------------------------------


@pytest.mark.parametrize("case, make, problem, fragment, corrupt", GATE_CASES, ids=[c[0] for c in GATE_CASES])
def test_load_json_sets_aside_only_corrupt_files(tmp_path: Path, case: str, make: Callable[[Path], Path],
                                                 problem: Problem, fragment: str, corrupt: bool) -> None:
    path = make(tmp_path)
    before = snapshot(tmp_path)
    loaded = load_json(path, "thing", lambda data: data, Kind.SETTINGS)
    assert loaded.value is None
    diff = changes(before, snapshot(tmp_path))
    if problem is Problem.MISSING:
        assert loaded.message is None and diff == {}
    elif corrupt:
        assert is_one_line(loaded.message)
        aside = [k for k in diff if k.startswith("data.json.bad-")]
        assert diff == {"data.json": "removed", aside[0]: "added"}
        assert loaded.message == f"thing file {path} was unreadable ({fragment}" + loaded.message.split(fragment)[1]
        assert f"moved to {aside[0]}, using defaults" in loaded.message and not loaded.read_only
    else:
        assert diff == {} and loaded.read_only
        assert loaded.message == f"thing file {path} {fragment}; left as it is, using defaults"
    assert loaded.message is None or is_one_line(loaded.message)


@pytest.mark.parametrize("error", [ValueError("bad levels"), TypeError("x"), KeyError("seats"), OverflowError("big"),
                                   RecursionError("deep"), IndexError("i"), AttributeError("a")])
def test_a_check_that_refuses_sets_the_file_aside(tmp_path: Path, error: Exception) -> None:
    path = tmp_path / "rec.json"
    path.write_text('{"version": 1}')

    def check(data: object) -> object:
        raise error
    loaded = load_json(path, "Arenas records", check)
    assert loaded.value is None and not path.exists() and is_one_line(loaded.message)
    assert loaded.message.startswith(f"Arenas records file {path} is not usable (")
    assert [p.read_text() for p in tmp_path.glob("rec.json.bad-*")] == ['{"version": 1}']


def test_a_newer_file_is_used_read_only_and_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text('{"version": 3, "levels": {}, "medals": [1]}')
    before = snapshot(tmp_path)
    loaded = load_json(path, "Arenas records", lambda data: data["levels"], version=2)
    assert loaded == jsonio.Loaded({}, f"Arenas records file {path} is format version 3, newer than this app's 2: "
                                       "used read-only, never rewritten", True)
    with pytest.raises(DataError) as info:
        write_json_versioned(path, {"version": 2, "levels": {"1": {}}})
    assert info.value.problem is Problem.NEWER
    assert str(info.value) == f"{path}: format version 3 is newer than this app's 2; not overwritten"
    assert changes(before, snapshot(tmp_path)) == {}
    write_json_versioned(path, {"version": 3, "levels": {}})  # the same version may be written
    assert json.loads(path.read_text()) == {"version": 3, "levels": {}}


def test_versioned_write_keeps_unreadable_files_and_sets_corrupt_ones_aside(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "rec.json"
    path.write_text("{broken")
    write_json_versioned(path, {"version": 1})
    assert json.loads(path.read_text()) == {"version": 1}
    assert [p.read_text() for p in tmp_path.glob("rec.json.bad-*")] == ["{broken"]
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda f, flags, *a: (_ for _ in ()).throw(PermissionError(13, "no"))
                        if Path(str(f)) == path and not flags & os.O_WRONLY else real_open(f, flags, *a))
    before = snapshot(tmp_path)
    with pytest.raises(DataError, match=r"permission denied.*not overwritten"):
        write_json_versioned(path, {"version": 1, "more": 1})
    assert changes(before, snapshot(tmp_path)) == {}


def test_keep_copy_copies_once(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"muted": "yes"}')
    first = keep_copy(path)
    assert first.read_text() == '{"muted": "yes"}' and path.exists()
    assert keep_copy(path) == first and len(list(tmp_path.iterdir())) == 2


def test_stale_temp_debris_is_cleaned_and_only_that(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    old = time.time() - 3600
    debris = [tmp_path / "settings.json.abcd_123.tmp", tmp_path / "settings.json.zz99zz99.tmp"]
    fresh = tmp_path / "settings.json.fresh123.tmp"  # a write that may still be going on
    others = [tmp_path / "settings.json.tmp", tmp_path / "notes.abcdefgh.tmp", tmp_path / "settings.json.ABCDEFGH.tmp",
              tmp_path / "settings.json.bad-20260101-000000"]
    for p in [*debris, fresh, *others]:
        p.write_text("x")
        if p is not fresh:
            os.utime(p, (old, old))
    (tmp_path / "settings.json.dir12345.tmp").mkdir()
    os.utime(tmp_path / "settings.json.dir12345.tmp", (old, old))
    before = snapshot(tmp_path)
    assert sorted(clean_stale_temps(path)) == sorted(debris)
    assert changes(before, snapshot(tmp_path)) == {p.name: "removed" for p in debris}
    write_json_atomic(path, {"a": 1})
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["settings.json", fresh.name, "settings.json.dir12345.tmp", *(p.name for p in others)])


def test_atomic_write_fsyncs_the_folder_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(a: str, b: str) -> None:
        synced.append("rename")
        real_replace(a, b)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_json_atomic(tmp_path / "x.json", [1])
    assert synced == ["file", "rename", "folder"]


def test_load_json_and_read_json_file_keep_their_one_line_forms(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"[" * 100_000)
    message = load_json(path, "Arzium save", lambda data: data).message
    assert is_one_line(message)
    assert message.startswith(f"Arzium save file {path} was unreadable (JSON nested too deeply); moved to x.json.bad-")
    path.write_bytes(b"9" * 5000)
    with pytest.raises(jsonio.DataFileError) as info:
        read_json_file(path)
    assert str(info.value).startswith(f"{path}: (file): a number is too long")
    path.write_bytes(b"\xff")
    with pytest.raises(jsonio.DataFileError, match=r"x.json: \(file\): cannot read: not UTF-8 text \(byte 0\)"):
        read_json_file(path)


@pytest.mark.parametrize("case, make, expect", [
    ("a folder", lambda t: t, "is a folder"),
    ("under a file", lambda t: (t / "f").write_text("") or t / "f" / "out.json", "cannot write in"),
    ("a FIFO", lambda t: _fifo(t).rename(t / "p"), "is not a regular file"),
    ("new folders", lambda t: t / "a" / "b" / "out.json", None),
    ("fine", lambda t: t / "out.json", None),
])
def test_cannot_write_checks_without_leaving_anything(tmp_path: Path, case: str, make: Callable[[Path], Path],
                                                     expect: str | None) -> None:
    path = make(tmp_path)
    before = snapshot(tmp_path)
    why = jsonio.cannot_write(path)
    assert (why is None) if expect is None else (why is not None and expect in why and is_one_line(why))
    assert changes(before, snapshot(tmp_path)) == {}


class _ShippedError(jsonio.DataFileError):
    """One kind of data file (as `LevelError` and `CardDataError` are)."""


def test_a_data_file_error_is_raised_as_its_own_kind_and_survives_pickling(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"[" * 100_000)
    with pytest.raises(_ShippedError) as info:
        read_json_file(path, Kind.LEVEL, _ShippedError)
    assert info.value.problem is Problem.TOO_DEEP and info.value.corrupt
    back = pickle.loads(pickle.dumps(info.value))  # as an error raised in a bot worker reaches the app
    assert type(back) is _ShippedError and str(back) == str(info.value) == f"{path}: (file): JSON nested too deeply"
    assert back.problem is Problem.TOO_DEEP and back.path == path


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


# (where under the user's folder, how old in seconds, whose: "dead", "alive" or None (an older version's name),
#  and whether a start removes it)
DEBRIS = [
    ("settings.json.{whose}abcdefgh.tmp", 3600, None, True),
    ("arzium_records.json.{whose}k1ll3d00.tmp", 0, "dead", True),
    ("arzium_autosave.json.{whose}wr1t1ng0.tmp", 0, "alive", False),  # a write going on in this process
    ("tutorials.json.{whose}fresh000.tmp", 0, None, False),  # maybe an older version writing now
    ("tutorials.json.{whose}0ld0ld00.tmp", 3600, None, True),
    ("replays/arzium-20260101-120000.json.{whose}h4lf0000.tmp", 0, "dead", True),
    ("replays/arzium-20260101-120001.json", 3600, "empty", True),  # an older version's reserved name
    ("replays/arenas-20260101-120002.json", 0, "empty", True),
    ("cache/toml/0badc0de.json.{whose}c4che000.tmp", 3600, None, True),
    ("notes.tmp", 3600, None, False),  # not a name the app makes
    ("replays/mine.json.tmp", 3600, None, False),
]


def test_a_start_cleans_the_debris_of_every_kind_of_killed_write_and_only_that(user_home: Path) -> None:
    from common.engine.app import App, AppOptions
    from helpers import close_app
    base = user_home / "arenas-arzium"
    owners = {"dead": f"{_dead_pid()}-", "alive": f"{os.getpid()}-"}
    expected_gone = set()
    for name, age, whose, gone in DEBRIS:
        path = base / name.format(whose=owners.get(whose or "", ""))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"" if whose == "empty" else b'{"half": ')
        when = time.time() - age
        os.utime(path, (when, when))
        if gone:
            expected_gone.add(str(path.relative_to(user_home)))
    before = snapshot(user_home)
    app = App(AppOptions(headless=True, save_settings=False))
    close_app(app)
    gone_now = {k for k, v in changes(before, snapshot(user_home)).items() if v == "removed"}
    assert gone_now == expected_gone
    assert {k for k, v in changes(before, snapshot(user_home)).items() if v != "removed"} <= {
        "arenas-arzium/cache/toml/" + p.name for p in (base / "cache" / "toml").iterdir()}  # manifests parsed
