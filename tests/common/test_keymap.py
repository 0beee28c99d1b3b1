"""The key map: defaults, bindings checked when the settings file is read (one line for the bad ones), the
Controls screen (remap, a refused conflict naming the other command, Esc cancels, reset) and moving a focus."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from common.data.keymap import DEFAULT_KEYS, Command, KeyMap, check_bindings, keymap, step_focus
from common.data.settings import Settings, load_settings
from common.engine.app import App
from helpers import key, open_controls


def test_every_command_has_a_distinct_default_key_that_pygame_knows() -> None:
    keys = KeyMap({})
    assert set(DEFAULT_KEYS) == set(Command) and len(set(DEFAULT_KEYS.values())) == len(Command)
    assert keys.codes[Command.CHOOSE] == pygame.K_RETURN and keys.name(Command.HELP) == "F2"
    assert keys.pressed(pygame.K_KP_ENTER, Command.CHOOSE) and keys.command(pygame.K_h) is Command.HINT


def test_a_bindings_file_with_bad_entries_keeps_the_good_ones_and_says_so_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": {"hint": "q", "jump": "x", "undo": "nonsense", "rest": "escape",
                                                 "toggle": "h", "help": 7}}))
    loaded, message = load_settings(path)
    assert loaded.key_bindings == {"hint": "q", "toggle": "h"}  # h is free once the hint is on q
    assert loaded.unknown_bindings == {"jump": "x"}  # a command of a newer version: kept, not used
    assert message is not None and "\n" not in message and str(path) in message and "jump" not in message
    for bad in ("key_bindings.undo='nonsense'", "key_bindings.rest='escape' (Esc is kept for leaving screens)",
                "key_bindings.help=7"):
        assert bad in message


def test_two_commands_on_one_key_in_the_file_are_both_dropped() -> None:
    clean, _unknown, problems = check_bindings({"hint": "r"})  # r is the rest key's
    assert clean == {} and problems == ["key_bindings.hint='r'"]
    assert check_bindings({"hint": "r", "rest": "h"}) == ({"hint": "r", "rest": "h"}, {}, [])  # a swap is fine
    assert Settings(key_bindings={"hint": 3}).validated()[1] == ["key_bindings.hint=3"]  # type: ignore[dict-item]


def test_enter_then_a_key_remaps_a_conflict_is_refused_naming_the_other_and_esc_cancels(app: App) -> None:
    scene = open_controls(app)
    row = scene.commands.index(Command.HINT)
    scene.focus = row
    app.step(key(pygame.K_RETURN), 16)
    assert scene.waiting is Command.HINT
    app.step(key(pygame.K_q), 16)
    assert app.settings.key_bindings == {"hint": "q"} and keymap(app.settings.key_bindings).name(Command.HINT) == "Q"
    app.step(key(pygame.K_RETURN), 16)
    app.step(key(pygame.K_r), 16)  # the rest key
    assert app.settings.key_bindings == {"hint": "q"} and scene.refused
    assert scene.message == "R already does \u201cRest early\u201d: change that one first"
    app.step(key(pygame.K_RETURN), 16)
    app.step(key(pygame.K_F1), 16)  # reserved: the rules everywhere (F5 and F11 never reach a screen)
    assert scene.refused and "F1 " in scene.message and app.settings.key_bindings == {"hint": "q"}
    app.step(key(pygame.K_RETURN), 16)
    app.step(key(pygame.K_ESCAPE), 16)  # cancels the change, not the screen
    assert app.stack.top is scene and scene.waiting is None and app.settings.key_bindings == {"hint": "q"}
    scene.focus = len(scene.commands)  # Reset to defaults
    app.step(key(pygame.K_RETURN), 16)
    assert app.settings.key_bindings == {}
    app.step(key(pygame.K_ESCAPE), 16)
    assert app.stack.top is not scene
    app.draw()


def test_a_focus_steps_to_the_nearest_point_that_way() -> None:
    grid = [(x * 10.0, y * 10.0) for y in range(3) for x in range(3)]  # 0 1 2 / 3 4 5 / 6 7 8
    assert [step_focus(grid, 4, d) for d in ("up", "down", "left", "right")] == [1, 7, 3, 5]
    assert step_focus(grid, 2, "right") == 2 and step_focus(grid, 0, "down") == 3
    assert step_focus([(0.0, 0.0), (10.0, 9.0), (10.0, 30.0)], 0, "right") == 1
