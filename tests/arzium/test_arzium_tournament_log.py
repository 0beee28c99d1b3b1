"""A tournament's log: a stopped run goes on where it was and ends as one whole run would; a log of other
settings, or a broken one, is one line and left as it was; a cut-off last line is dropped."""
import json
import os

import pytest

from arzium.bots.tournament import tournament, tournament_main
from arzium.bots.tournament_log import FORMAT, VERSION, LogError, open_log
from common import cli
from common.cli import build_parser
from hardening import changes, is_one_line, snapshot

ARGS = {"players": 2, "bots": ["normal", "easy"], "seed": 3, "full_game": False, "workers": 1}
SETTINGS = {"players": 2, "bots": ["normal", "easy"], "seed": 3, "full_game": False, "hard_iterations": None,
            "time_cap": None, "rotate_first": False}


def _figures(res):
    """The results without what the clock decides (decision times, wall time) or how the run was split."""
    res = {k: v for k, v in res.items() if k not in ("elapsed_s", "resumed")}
    res["results"] = {b: {k: v for k, v in r.items() if k not in ("decision_ms", "wall_ms")}
                      for b, r in res["results"].items()}
    return res


def test_a_run_that_stopped_goes_on_from_its_log_and_ends_as_one_whole_run(tmp_path):
    log = tmp_path / "t.log"
    first = tournament(games=3, log=log, **ARGS)  # as if stopped after three games
    assert first["resumed"] == 0 and len(log.read_text().splitlines()) == 1 + 3
    told = []
    rest = tournament(games=6, log=log, progress=lambda g, done, total: told.append((g["index"], done, total)),
                      **ARGS)
    assert rest["resumed"] == 3
    assert sorted(i for i, _, _ in told) == [3, 4, 5] and [d for _, d, _ in told] == [4, 5, 6]
    assert _figures(rest) == _figures(tournament(games=6, **ARGS))
    assert len(log.read_text().splitlines()) == 1 + 6
    again = tournament(games=6, log=log, **ARGS)  # all there: nothing is played
    assert again["resumed"] == 6 and _figures(again) == _figures(rest)


def test_a_cut_off_last_line_is_dropped_and_played_again(tmp_path):
    log = tmp_path / "t.log"
    tournament(games=2, log=log, **ARGS)
    whole = log.read_bytes()
    log.write_bytes(whole[:-25])  # the second game's line cut by a stop
    assert sorted(open_log(log, SETTINGS)) == [0]
    assert log.read_bytes() == whole[:whole.rindex(b"\n", 0, len(whole) - 1) + 1]
    assert tournament(games=2, log=log, **ARGS)["resumed"] == 1
    assert log.read_bytes().count(b"\n") == 3


def test_a_whole_last_record_without_its_line_end_is_kept_and_the_next_one_starts_a_line(tmp_path):
    log = tmp_path / "t.log"
    tournament(games=2, log=log, **ARGS)
    log.write_bytes(log.read_bytes()[:-1])
    assert sorted(open_log(log, SETTINGS)) == [0, 1]
    tournament(games=3, log=log, **ARGS)
    assert [json.loads(line)["index"] for line in log.read_text().splitlines()[1:]] == [0, 1, 2]


@pytest.mark.parametrize("content, words", [
    (b"hello\n", "not a tournament log"),
    (b'{"format": "arzium-tournament-log", "version": 1, "settings": {"players": 3}}\n', "other settings"),
    (b'{"format": "arzium-tournament-log", "version": 1, "settings": SETTINGS}\n[1, 2]\n', "line 2: not a game"),
    (b'{"format": "arzium-tournament-log", "version": 1, "settings": SETTINGS}\n{bad\n{"index": 1}\n', "line 2"),
])
def test_a_log_that_is_not_one_of_these_settings_is_one_line_and_left_alone(tmp_path, capsys, content, words):
    log = tmp_path / "t.log"
    log.write_bytes(content.replace(b"SETTINGS", json.dumps(SETTINGS).encode()))
    before = log.read_bytes()
    assert tournament_main(2, ["normal", "easy"], 2, 3, None, False, workers=1, log=log) == 2
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"tournament: {log}: ") and words in err[0] and not captured.out, err
    assert log.read_bytes() == before


def test_other_settings_are_named_in_the_refusal(tmp_path):
    log = tmp_path / "t.log"
    tournament(games=1, log=log, **ARGS)
    with pytest.raises(LogError, match=r"seed: 3 -> 4"):
        tournament(games=1, log=log, **{**ARGS, "seed": 4})


def test_progress_prints_a_line_per_game_on_stderr_and_the_flags_reach_the_run(tmp_path, capsys):
    log = tmp_path / "t.log"
    assert tournament_main(2, ["normal", "easy"], 3, 3, None, False, workers=1, log=log, progress=True) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in err] == ["game 1/3 (#1)", "game 2/3 (#2)", "game 3/3 (#3)"]
    assert all(" won in " in line for line in err)
    args = build_parser().parse_args(["tournament", "arzium", "--log", str(log), "--progress"])
    assert args.log == log and args.progress


def test_a_log_that_is_a_folder_is_refused_through_the_hardened_reader(tmp_path, capsys):
    log = tmp_path / "logs"
    log.mkdir()
    assert tournament_main(2, ["normal", "easy"], 1, 3, None, False, workers=1, log=log) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"tournament: {log}: is a folder, not a regular file"] and not captured.out


# -- every bad log: one line on stderr, exit 2, the log as it was, no game played ----------------------

ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0


_PLAYED: dict[tuple[int, int], bytes] = {}  # (seed, games) -> a real log's bytes, played once per worker


def _log_of(seed, games=1):
    """The lines of a real log of ARGS' settings with `seed`: header, then one line per game."""
    def make(folder):
        if (seed, games) not in _PLAYED:
            path = folder / f"seed{seed}-{games}.log"
            tournament(games=games, log=path, **{**ARGS, "seed": seed})
            _PLAYED[seed, games] = path.read_bytes()
            path.unlink()
        return _PLAYED[seed, games].splitlines(keepends=True)
    return make


def _header():
    return (json.dumps({"format": FORMAT, "version": VERSION, "settings": SETTINGS}) + "\n").encode()


def _game_with(change):
    def make(folder):
        header, game = _log_of(3)(folder)
        data = json.loads(game)
        change(data)
        return header + json.dumps(data).encode() + b"\n"
    return make


def _pasted(folder):
    """A game line of a --seed 4 log pasted into a --seed 3 log."""
    return b"".join(_log_of(3, 1)(folder)) + _log_of(4, 2)(folder)[2]


def _fifo(path):
    os.mkfifo(path)


BAD_LOGS = [
    ("other command's output", lambda f: json.dumps({"game": "arzium", "results": {}}).encode(),
     "not a tournament log"),
    ("settings file", lambda f: json.dumps({"version": 1, "muted": True}).encode(), "not a tournament log"),
    ("replay", lambda f: json.dumps({"format": "arenas-arzium-replay", "version": 2, "game": "arzium"}).encode(),
     "not a tournament log"),
    ("folder", "folder", "is a folder, not a regular file"),
    ("fifo", "fifo", "is a FIFO (named pipe), not a regular file"),
    ("dev-zero", "dev-zero", "is a character device, not a regular file"),
    ("read-only", "read-only", "cannot write"),
    ("5000-digit index", lambda f: _header() + b'{"index": ' + b"9" * 5000 + b"}\n" + _header(),
     "line 2 is not a game record (a number is too long"),
    ("other settings", lambda f: json.dumps({"format": FORMAT, "version": VERSION,
                                             "settings": {**SETTINGS, "seed": 9}}).encode() + b"\n",
     "holds games of other settings (seed: 9 -> 3)"),
    ("no winners", _game_with(lambda g: g.pop("winners")), "line 2: winners: expected a list, got null"),
    ("scores high", _game_with(lambda g: g.update(scores="high")), 'line 2: scores: expected a list, got "high"'),
    ("winner out of range", _game_with(lambda g: g.update(winners=[7])), "line 2: winners: 7 is outside 0..1"),
    ("huge score", _game_with(lambda g: g["scores"].__setitem__(0, 10**400)),
     "line 2: scores[0]: 100000000000… (401 digits) is outside -10000..10000"),
    ("negative turns", _game_with(lambda g: g.update(turns=-1)), "line 2: turns: -1 is outside 0..10000"),
    ("infinite time", _game_with(lambda g: g["times"][0].append(float("inf"))),
     "line 2: times[0]: expected seconds 0..3600"),
    ("lineup of another run", _game_with(lambda g: g.update(lineup=["easy", "normal"])),
     "line 2: lineup: not the bots of game #1 of these settings"),
    ("nested 100,000 deep", lambda f: _header() + b"[" * 100_000 + b"\n" + _header(),
     "line 2 is not a game record (JSON nested too deeply)"),
    ("pasted from --seed 4", _pasted, "line 3: a game of other settings (seed: 4 -> 3)"),
    ("a game twice", lambda f: b"".join(_log_of(3)(f)) + _log_of(3)(f)[1], "line 3: game #1 is in the log twice"),
]


@pytest.mark.parametrize("case, make, words", BAD_LOGS, ids=[c[0] for c in BAD_LOGS])
def test_every_bad_log_is_one_line_on_stderr_exit_2_and_left_as_it_was(tmp_path, capsys, case, make, words):
    if case == "read-only" and ROOT_USER:
        pytest.skip("root writes a read-only file")
    log = tmp_path / "t.log"
    if make == "folder":
        log.mkdir()
    elif make == "fifo":
        _fifo(log)
    elif make == "dev-zero":
        log.symlink_to("/dev/zero")
    elif make == "read-only":
        log.write_bytes(b"".join(_log_of(3)(tmp_path)))
        log.chmod(0o444)
    else:
        log.write_bytes(make(tmp_path))
    capsys.readouterr()
    before = snapshot(tmp_path)
    try:
        code = cli.main(["--seed", "3", "tournament", "arzium", "--players", "2", "--bots", "normal,easy", "--basic",
                         "--games", "2", "--log", str(log)])
    finally:
        if make == "read-only":
            log.chmod(0o644)
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    assert code == 2 and captured.out == "", captured
    assert len(err) == 1 and err[0].startswith(f"tournament: {log}: ") and words in err[0], err
    assert is_one_line(err[0])
    assert changes(before, snapshot(tmp_path)) == {}
