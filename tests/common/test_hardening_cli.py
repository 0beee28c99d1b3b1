"""CLI manners of main.py, as a user's shell sees them: exit codes, one line on stderr, nothing left on disk."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from arenas.rules.levels import level_path
from common import cli
from common.cli import build_parser
from hardening import changes, file_bytes, is_one_line, snapshot
from helpers import main_here

ROOT = Path(__file__).resolve().parents[2]


def main_py(*args: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARENAS_ARZIUM_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, env=env,
                          timeout=timeout, cwd=ROOT, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("args, code", [(["timedemo", "--list"], 141), (["check-sprites", "default"], 141),
                                        (["--help"], 0)],  # argparse itself ignores a failed write of its help
                         ids=["timedemo-list", "check-sprites", "help"])
def test_a_reader_that_leaves_early_gets_no_traceback(user_home: Path, args: list[str], code: int) -> None:
    env = {**os.environ, "ARENAS_ARZIUM_HOME": str(user_home), "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `| head -0`: the reader is gone before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == code and err == ""


def _fifo(folder: Path) -> Path:
    os.mkfifo(folder / "out.json")
    return folder / "out.json"


def _under_a_file(folder: Path) -> Path:
    (folder / "plain").write_text("x")
    return folder / "plain" / "out.json"


JSON_OUTPUTS = [
    ("tournament", ["tournament", "arzium", "--games", "1"], lambda folder: folder, "is a folder"),
    ("verify-levels", ["verify-levels", "--seeds", "1", "--level", "1"], _under_a_file, "cannot write in"),
    ("timedemo", ["timedemo", "--frames", "1", "--only", "menu"], _fifo, "is not a regular file"),
]


@pytest.mark.parametrize("case, args, make, fragment", JSON_OUTPUTS, ids=[c[0] for c in JSON_OUTPUTS])
def test_an_unwritable_json_output_is_refused_before_the_run(tmp_path: Path, user_home: Path, case: str,
                                                             args: list[str], make: Callable[[Path], Path],
                                                             fragment: str) -> None:
    out = make(tmp_path)
    before = snapshot(tmp_path)
    done = main_py(*args, "--json", str(out), home=user_home)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"main.py: error: cannot write --json {out}: ") and fragment in done.stderr
    assert done.stderr.endswith("\n") and is_one_line(done.stderr[:-1])
    assert changes(before, snapshot(tmp_path)) == {}


def _replay_file(content: bytes) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        (folder / "r.json").write_bytes(content)
        return folder / "r.json"
    return make


REPLAYS = [
    ("fifo", lambda folder: _fifo(folder).rename(folder / "r.json"), "is a FIFO"),
    ("dev-zero", lambda folder: Path("/dev/zero"), "is a character device"),
    ("deep", _replay_file(b"[" * 100_000), "JSON nested too deeply"),
    ("huge-int", _replay_file(b'{"seed": ' + b"1" * 5000 + b"}"), "a number is too long"),
    ("escapes", _replay_file(b'{"format": "arenas-arzium-replay", "version": 1, "game": "\\u001b[2J"}'),
     "unknown game '\\x1b[2J'"),
]


@pytest.mark.parametrize("case, make, fragment", REPLAYS, ids=[c[0] for c in REPLAYS])
def test_a_bad_replay_is_one_line_on_stderr(tmp_path: Path, user_home: Path, case: str,
                                            make: Callable[[Path], Path], fragment: str) -> None:
    path = make(tmp_path)
    before = snapshot(tmp_path)
    done = main_py("replay", str(path), "--headless", home=user_home, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    line = done.stderr.removesuffix("\n")
    assert line.startswith(f"main.py: error: {path}: ") and fragment in line and is_one_line(line)
    assert changes(before, snapshot(tmp_path)) == {}


def test_a_five_thousand_digit_argument_is_not_echoed_whole(user_home: Path) -> None:
    done = main_py("--seed", "9" * 5000, "timedemo", "--list", home=user_home)
    last = done.stderr.splitlines()[-1]
    assert done.returncode == 2 and done.stdout == ""
    assert last.startswith("main.py: error: argument --seed: expected a whole number, not '9999") and is_one_line(last)


# Every command's errors: (case, arguments, exit code, the last line's start or words). `{tmp}` is a folder.
COMMAND_ERRORS = [
    ("screenshot", ["screenshot", "nope", "{tmp}/x.png"], 2, "main.py: error: unknown scene 'nope'"),
    ("timedemo", ["timedemo", "--only", "nope"], 2, "main.py: error: unknown scene 'nope'"),
    ("check-sprites", ["check-sprites", "nope"], 1, "usable: no (the default pack is used instead)"),
    ("replay", ["replay", "{tmp}/missing.json", "--headless"], 2, "main.py: error: {tmp}/missing.json: no such replay"),
    ("replay-window", ["replay", "{tmp}/missing.json"], 2, "main.py: error: {tmp}/missing.json: no such replay"),
    ("tournament-log", ["tournament", "arzium", "--games", "1", "--log", "{tmp}"], 2,
     "tournament: {tmp}: is a folder, not a regular file"),
    ("tournament-games", ["tournament", "arzium", "--games", "2000000"], 2,
     "main.py tournament: error: argument --games: expected at most 1000000, not 2000000"),
    ("verify-levels", ["verify-levels", "--seeds", "1", "--level", "999"], 2, "verify-levels: no level 999"),
    ("arenas-level", ["arenas", "--level", "{tmp}/missing.json"], 2, "main.py: error: --level /"),
    ("size", ["--size", "1x1", "timedemo", "--list"], 2, "main.py: error: argument --size: size 1x1 is outside"),
    ("seed", ["--seed", "1" + "0" * 30, "timedemo", "--list"], 2,
     "main.py: error: argument --seed: a seed is a whole number within ±2**64, not 100000000000… (31 digits)"),
    ("frames", ["screenshot", "menu", "{tmp}/x.png", "--frames", "9" * 400], 2,
     "main.py screenshot: error: argument --frames: expected at most 1000000, not 999999999999… (400 digits)"),
]


@pytest.mark.parametrize("case, args, code, start", COMMAND_ERRORS, ids=[c[0] for c in COMMAND_ERRORS])
def test_every_commands_error_line_is_on_stderr_and_nothing_on_stdout(
        tmp_path: Path, user_home: Path, capsys: pytest.CaptureFixture[str], case: str, args: list[str], code: int,
        start: str) -> None:
    before = snapshot(tmp_path), file_bytes(user_home)
    try:
        done = cli.main([a.replace("{tmp}", str(tmp_path)) for a in args])
    except SystemExit as exc:  # argparse's way out
        done = exc.code
    assert done == code
    out, err = capsys.readouterr()
    last = err.splitlines()[-1]
    assert last.startswith(start.replace("{tmp}", str(tmp_path))) and is_one_line(last), err
    assert "Traceback" not in err
    assert out == "" or (case == "check-sprites" and "usable" not in out)  # its report's header stays on stdout
    assert (snapshot(tmp_path), file_bytes(user_home)) == before


def test_help_to_a_reader_that_left_leaves_nothing_to_fail_at_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    """On every Python: argparse ignores a failed write of its help only on newer ones (3.11.7 does, 3.11.2 does
    not), and what stays buffered would make Python report the broken pipe at exit (exit code 120)."""
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the help is written
    with open(write, "w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stdout", stream)
        build_parser().print_help()
        stream.write("more")
        stream.flush()  # what Python does at exit: it must not fail


@pytest.mark.parametrize(("args", "said"), [
    (["replay", "{not_replay}", "--headless"], "{not_replay}: no es un archivo de repetición de Arenas & Arzium"),
    (["replay", "{cut}", "--headless"], "{cut}: la repetición está cortada (línea 1, columna 1: error de sintaxis"),
    (["replay", "{missing}", "--headless"], "{missing}: no existe ese archivo de repetición"),
    (["arenas", "--level", "{not_replay}"], "{not_replay}: bad: campo desconocido"),
    (["arenas", "--level", "{short}"], "{short}: path: demasiado corto: 2 engranajes, al menos"),
    (["arenas", "--level", "{cut}"], "{cut}: línea 1, columna 1: error de sintaxis JSON: se esperaba un valor"),
])
def test_a_data_error_on_the_command_line_is_in_the_language_asked(tmp_path: Path, args: list[str],
                                                                   said: str) -> None:
    files = {"not_replay": tmp_path / "bad.json", "cut": tmp_path / "cut.json", "missing": tmp_path / "none.json",
             "short": tmp_path / "short.json"}
    files["not_replay"].write_text('{"bad": 1}', "utf-8")
    level = json.loads(level_path(1).read_text("utf-8"))
    files["short"].write_text(json.dumps({**level, "path": level["path"][:2]}), "utf-8")  # a rule of levels broken
    files["cut"].write_text("nope", "utf-8")
    names = {k: str(v) for k, v in files.items()}
    done = main_here(*[a.format(**names) for a in args], "--lang", "es")
    assert done.returncode != 0 and said.format(**names) in done.stderr and "\n" not in done.stderr.strip()
