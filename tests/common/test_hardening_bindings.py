"""The keys the menus and games keep for themselves cannot be bound, from the settings file or the Controls
screen, each refusal one line naming why; bindings and tutorial fields this version does not know are kept at
every depth and written back."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from common.data.keymap import Command, keymap
from common.data.settings import load_settings, save_settings
from common.engine.app import App
from common.tutorials.progress import load_progress, update_progress
from hardening import changes, is_one_line, snapshot
from helpers import key, open_controls

# (command, key name in the file, pygame key on the screen, the reason's words)
RESERVED_CASES = [
    ("rest", "1", pygame.K_1, "1 chooses a character, a card or an artifact by its number"),
    ("hint", "3", pygame.K_3, "3 chooses a character, a card or an artifact by its number"),
    ("artifact", "0", pygame.K_0, "0 chooses a character, a card or an artifact by its number"),
    ("hint", "tab", pygame.K_TAB, "Tab moves, confirms or goes back in menus"),
    ("rest", "return", pygame.K_RETURN, "Enter moves, confirms or goes back in menus"),
    ("toggle", "backspace", pygame.K_BACKSPACE, "Backspace moves, confirms or goes back in menus"),
    ("hint", "z", pygame.K_z, "Z is kept for undo (Ctrl+Z)"),
    ("help", "escape", pygame.K_ESCAPE, "Esc is kept for leaving screens"),
    ("undo", "f1", pygame.K_F1, "F1 is kept for leaving screens"),
    ("choose", "f5", pygame.K_F5, "F5 is kept for leaving screens"),
    ("up", "f11", pygame.K_F11, "F11 is kept for leaving screens"),
]
IDS = [f"{c}-{k}" for c, k, _, _ in RESERVED_CASES]


@pytest.mark.parametrize("command, name, code, reason", RESERVED_CASES, ids=IDS)
def test_a_reserved_key_in_the_settings_file_is_refused_in_one_line_naming_why(
        tmp_path: Path, command: str, name: str, code: int, reason: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": {command: name}}), encoding="utf-8")
    before = snapshot(tmp_path)
    loaded, message = load_settings(path)
    assert loaded.key_bindings == {} and keymap(loaded.key_bindings).name(Command(command)) != name
    assert is_one_line(message) and f"key_bindings.{command}='{name}' ({reason})" in message
    assert set(changes(before, snapshot(tmp_path)).values()) == {"added"}  # only the kept copy
    assert [p.name.startswith("settings.json.bad-") for p in tmp_path.iterdir()].count(True) == 1


APP_KEYS = (pygame.K_ESCAPE, pygame.K_F5, pygame.K_F11)  # the app takes these before a screen (Esc cancels here)


@pytest.mark.parametrize("command, name, code, reason", [c for c in RESERVED_CASES if c[2] not in APP_KEYS],
                         ids=[i for i, c in zip(IDS, RESERVED_CASES) if c[2] not in APP_KEYS])
def test_a_reserved_key_on_the_controls_screen_is_refused_in_one_line_naming_why(
        app: App, user_home: Path, command: str, name: str, code: int, reason: str) -> None:
    scene = open_controls(app)
    scene.focus = scene.commands.index(Command(command))
    app.step(key(pygame.K_RETURN), 16)
    assert scene.waiting is Command(command)
    before = snapshot(user_home)
    app.step(key(code), 16)
    assert scene.refused and scene.message == f"{reason}: choose another key" and is_one_line(scene.message)
    assert app.settings.key_bindings == {}
    assert changes(before, snapshot(user_home)) == {}


def test_a_key_kept_for_a_command_is_still_that_commands_own() -> None:
    """Tab, Enter, Backspace and Z may go back to the command they are kept for."""
    keys = keymap({"next_character": "n", "choose": "c", "undo": "u"})
    for command, code in ((Command.NEXT_CHARACTER, pygame.K_TAB), (Command.CHOOSE, pygame.K_RETURN),
                          (Command.UNDO, pygame.K_BACKSPACE), (Command.UNDO, pygame.K_z)):
        bindings, line = keys.rebind(command, code)
        assert bindings is not None and is_one_line(line)


def test_pressing_1_in_arzium_with_rest_on_1_in_the_file_chooses_a_character(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": {"rest": "1"}}), encoding="utf-8")
    loaded, _message = load_settings(path)
    assert keymap(loaded.key_bindings).command(pygame.K_1) is None  # the number goes to the character picker


# -- data of a newer version is kept at every depth ------------------------------------------------

UNKNOWN_CASES = [
    ("unknown command", {"key_bindings": {"zoom_map": "z", "hint": "q"}}, ["key_bindings", "zoom_map"], "z"),
    ("unknown command, any value", {"key_bindings": {"zoom_map": {"key": "z", "mod": ["ctrl"]}}},
     ["key_bindings", "zoom_map"], {"key": "z", "mod": ["ctrl"]}),
    ("unknown top key", {"cloud_sync": {"on": True}}, ["cloud_sync"], {"on": True}),
]


@pytest.mark.parametrize("case, data, where, value", UNKNOWN_CASES, ids=[c[0] for c in UNKNOWN_CASES])
def test_settings_a_newer_version_wrote_survive_a_save(tmp_path: Path, case: str, data: dict[str, object],
                                                       where: list[str], value: object) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, message = load_settings(path)
    assert message is None and list(tmp_path.iterdir()) == [path]  # nothing said, nothing set aside
    saved: object = json.loads(path.read_text(encoding="utf-8"))
    assert save_settings(loaded, path) is None
    saved = json.loads(path.read_text(encoding="utf-8"))
    for part in where:
        assert isinstance(saved, dict)
        saved = saved[part]
    assert saved == value


def test_the_controls_screen_keeps_a_newer_versions_binding(app: App, tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": {"zoom_map": "x"}}), encoding="utf-8")
    app.settings, _message = load_settings(path)
    scene = open_controls(app)
    scene.focus = scene.commands.index(Command.HINT)
    app.step(key(pygame.K_RETURN), 16)
    app.step(key(pygame.K_q), 16)
    assert save_settings(app.settings, path) is None
    assert json.loads(path.read_text(encoding="utf-8"))["key_bindings"] == {"zoom_map": "x", "hint": "q"}


def test_a_tutorial_progress_field_a_newer_version_wrote_survives_answering_the_offer(tmp_path: Path) -> None:
    path = tmp_path / "tutorials.json"
    path.write_text(json.dumps({"version": 1, "games": {"arzium": {"offered": False, "step": 0, "hints_seen": [3, 4]},
                                                         "arenas": {"offered": True, "medal": "gold"}},
                                "theme": "night"}), encoding="utf-8")
    assert update_progress("arzium", path, offered=True) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["games"]["arzium"]["hints_seen"] == [3, 4] and data["games"]["arzium"]["offered"] is True
    assert data["games"]["arenas"]["medal"] == "gold" and data["theme"] == "night"
    progress, message = load_progress(path)
    assert message is None and progress.of("arzium").offered


def test_setup_memory_keys_a_newer_version_wrote_survive_the_next_start(tmp_path: Path) -> None:
    from arzium import save
    from arzium.rules.state import SeatSetup, Setup
    setup = Setup((SeatSetup("Ann", "red", "south", "human", "easy"), SeatSetup("Bo", "blue", "north", "bot", "easy")),
                  False, 0)
    path = tmp_path / "arzium_setup.json"
    path.write_text(json.dumps({"game": "arzium-setup", "format": 1, "setup": setup.to_dict(),
                                "table_theme": {"cloth": "green"}}), encoding="utf-8")
    assert save.save_last_setup(setup, path, random_first=True) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["table_theme"] == {"cloth": "green"} and data["first"] == "random"
    assert save.load_setup_memory(path) == ((setup, True), None)
