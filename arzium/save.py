"""Autosave of the Arzium game in progress, and the last started setup (pure: no pygame).

The save file holds the setup, seed, every action so far, the resulting state and whether a hint was
shown (the game is then "assisted"; a save without that field is not). Loading re-runs
the actions and checks the result against the saved state, so a truncated, edited or outdated save
(for example after a card data change) is set aside with a one-line message instead of resuming
a game that does not follow the rules.

The setup memory (`arzium_setup.json`) is the setup of the last game started from the setup screen;
the screen opens with it. A file that is not JSON or not a playable setup with known bot levels is set
aside the same way and the screen falls back to its defaults.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arzium.bots import LEVELS
from arzium.rules import (
    Action,
    CardSet,
    GameState,
    IllegalAction,
    Setup,
    SetupError,
    StateError,
    action_from_json,
    check_setup,
    run_replay,
)
from common.jsonio import read_json_or_set_aside, set_aside, write_json_atomic
from common.paths import data_dir

SAVE_GAME = "arzium"
SAVE_FORMAT = 1
SETUP_GAME = "arzium-setup"
SETUP_FORMAT = 1
MAX_NAME = 16  # the longest seat name the setup screen takes


@dataclass(frozen=True)
class SavedGame:
    """A game read back from the autosave: its state, the actions that led there, and whether it is assisted."""

    state: GameState
    actions: list[Action]
    assisted: bool = False


def save_path() -> Path:
    """Where the autosave lives."""
    return data_dir() / "arzium_autosave.json"


def save_game(state: GameState, actions_log: list[Action] | tuple[Action, ...], path: Path | None = None,
              assisted: bool = False) -> None:
    """Write the game atomically: setup, seed, actions so far, the state they lead to and `assisted`."""
    write_json_atomic(Path(path) if path is not None else save_path(), {
        "game": SAVE_GAME, "format": SAVE_FORMAT, "state": state.to_dict(),
        "actions": [a.to_json() for a in actions_log], "assisted": assisted})


def delete_save(path: Path | None = None) -> None:
    """Remove the autosave (e.g. when its game is over); no error if there is none."""
    Path(path if path is not None else save_path()).unlink(missing_ok=True)


def load_saved_game(path: Path | None = None) -> tuple[SavedGame | None, str | None]:
    """The saved game; (None, None) without a save; a bad save is set aside: (None, one-line message)."""
    path = Path(path) if path is not None else save_path()
    data, message = read_json_or_set_aside(path, "Arzium save")
    if data is None:
        return None, message
    try:
        return _check(data), None
    except ValueError as exc:
        try:
            where = f"moved to {set_aside(path).name}"
        except OSError:
            where = "could not be moved aside"
        return None, f"Arzium save file {path} is not a usable game ({exc}); {where}"


def _check(data: Any) -> SavedGame:
    if not isinstance(data, dict) or data.get("game") != SAVE_GAME:
        raise ValueError("not an Arzium save")
    if data.get("format") != SAVE_FORMAT:
        raise ValueError(f"format {data.get('format')!r} is not {SAVE_FORMAT}")
    saved = GameState.from_dict(data.get("state"))
    items = data.get("actions")
    if not isinstance(items, list):
        raise ValueError("actions: expected a list")
    actions = [action_from_json(item) for item in items]
    try:
        replayed, _ = run_replay(saved.setup, saved.seed, actions)
    except IllegalAction as exc:
        raise ValueError(f"its actions do not replay: {exc.reason}") from None
    if replayed.to_dict() != saved.to_dict():
        raise StateError("its actions do not lead to its saved state")
    assisted = data.get("assisted", False)  # saves written before the field existed are unassisted
    if not isinstance(assisted, bool):
        raise ValueError("assisted: expected true or false")
    return SavedGame(replayed, actions, assisted)


# -- the last started setup ------------------------------------------------------------------

def setup_memory_path() -> Path:
    """Where the last started setup is remembered."""
    return data_dir() / "arzium_setup.json"


def save_last_setup(setup: Setup, path: Path | None = None) -> str | None:
    """Remember `setup` atomically; a one-line message if the file could not be written."""
    path = Path(path) if path is not None else setup_memory_path()
    try:
        write_json_atomic(path, {"game": SETUP_GAME, "format": SETUP_FORMAT, "setup": setup.to_dict()})
    except OSError as exc:
        return f"could not remember the Arzium setup in {path}: {exc.strerror or exc}"
    return None


def load_last_setup(path: Path | None = None, cards: CardSet | None = None) -> tuple[Setup | None, str | None]:
    """The remembered setup; (None, None) without one; a bad file is set aside: (None, one-line message)."""
    path = Path(path) if path is not None else setup_memory_path()
    data, message = read_json_or_set_aside(path, "Arzium setup")
    if data is None:
        return None, message
    try:
        return _check_setup_memory(data, cards), None
    except ValueError as exc:
        try:
            where = f"moved to {set_aside(path).name}"
        except OSError:
            where = "could not be moved aside"
        return None, f"Arzium setup file {path} is not a usable setup ({exc}); {where}, using defaults"


def _check_setup_memory(data: Any, cards: CardSet | None) -> Setup:
    if not isinstance(data, dict) or data.get("game") != SETUP_GAME:
        raise ValueError("not an Arzium setup")
    if data.get("format") != SETUP_FORMAT:
        raise ValueError(f"format {data.get('format')!r} is not {SETUP_FORMAT}")
    setup = Setup.from_dict(data.get("setup"))  # SetupError (a ValueError): types, 2-4 seats, colours, edges
    if cards is not None:
        check_setup(setup, cards)
    for i, seat in enumerate(setup.seats):
        if seat.bot_level not in LEVELS:
            raise SetupError(f"setup: seats[{i}].bot_level: {seat.bot_level!r} is not one of {', '.join(LEVELS)}")
        if len(seat.name) > MAX_NAME or seat.name != seat.name.strip() or not seat.name.isprintable():
            raise SetupError(f"setup: seats[{i}].name: {seat.name!r} is not 1-{MAX_NAME} printable characters")
    return setup
