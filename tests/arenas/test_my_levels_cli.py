"""Level files on the command line: `verify-levels FILE` proves them with the box levels' tables, `arenas --level
FILE` plays a shared level file after importing it into My levels (one line for a bad one, nothing written)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from arenas.cli import open_from_command_line
from arenas.my_levels import MyLevels
from arenas.rules.levels import level_path, load_level
from arenas.scenes.play import PlayScene
from arenas.shared_level import SHARED_VERSION, SharedLevel
from common.engine.app import App
from hardening import file_bytes
from helpers import main_here

LEVEL = load_level(level_path(3))


def test_verify_levels_proves_level_files_with_the_box_levels_table(tmp_path: Path) -> None:
    file = tmp_path / "mine.json"
    file.write_bytes(SharedLevel(LEVEL, "Ana").to_bytes())
    result = main_here("verify-levels", str(file), str(level_path(1)), "--seeds", "1", "--model", "expert")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "expert team-mates" and lines[1].split() == ["level", "name", "team", "win", "rate", "95%",
                                                                      "CI", "mean", "win"]
    assert lines[2].split()[:4] == ["1", "Two", "at", "the"] and lines[3].split()[:3] == ["2", "First", "Grains"]
    assert lines[4] == "1 seeds per level, 2 levels, " + lines[4].split(", ")[-1]


def test_verify_levels_refuses_a_bad_level_file_in_one_line(tmp_path: Path, user_home: Path) -> None:
    file = tmp_path / "newer.json"
    file.write_text(json.dumps({**SharedLevel(LEVEL).to_json(), "version": SHARED_VERSION + 1}), encoding="utf-8")
    result = main_here("verify-levels", str(file))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"verify-levels: {file}: a shared level of format version {SHARED_VERSION + 1}, newer "
                             f"than this app's {SHARED_VERSION}; update the app to open it\n")


def test_arenas_level_file_imports_a_shared_level_and_plays_it_as_mine(app: App, tmp_path: Path) -> None:
    file = tmp_path / "shared.json"
    file.write_bytes(SharedLevel(LEVEL, "Ana").to_bytes())
    assert open_from_command_line(app, argparse.Namespace(level=str(file))) == 0
    top = app.stack.top
    assert isinstance(top, PlayScene) and top.run.setup.mine and top.run.setup.level == LEVEL
    assert [t.message for t in app.toasts] == ["“Two at the Table” added to My levels (not proven yet)"]
    assert [m.level for m in MyLevels().list().levels] == [LEVEL]


def test_arenas_level_a_plain_level_file_plays_without_joining_my_levels(app: App) -> None:
    assert open_from_command_line(app, argparse.Namespace(level=str(level_path(3)))) == 0
    top = app.stack.top
    assert isinstance(top, PlayScene) and not top.run.setup.mine and not app.toasts
    assert MyLevels().list().levels == ()


def test_arenas_level_a_bad_shared_file_is_one_line_and_writes_nothing(tmp_path: Path, user_home: Path) -> None:
    file = tmp_path / "bad.json"
    data = SharedLevel(LEVEL).to_json()
    data["level"]["timers"][0]["id"] = "giant"
    file.write_text(json.dumps(data), encoding="utf-8")
    before = file_bytes(user_home)
    result = main_here("arenas", "--level", str(file), "--mute")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"main.py: error: {file}: level.timers[0].id: unknown timer 'giant'")
    assert file_bytes(user_home) == before
