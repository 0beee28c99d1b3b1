"""Autosave of the Arzium game in progress, and the last started setup (pure: no pygame).

The save file holds the setup, seed, every committed action, the resulting state, the actions of the
turn in progress (`pending`, not yet confirmed: they come back still undoable; a save without the field
has none), whether a hint was shown (the game is then "assisted"; a save without that field is not) and
the card data version (`cards`; a save without it has version 1: a save of other card data is set aside).
Loading rebuilds everything a resumed game uses — it re-runs the actions, checks the result against the
saved state, plays the pending turn on a copy and checks each bot seat's level — so a truncated, edited
or outdated save (for example after a card data change) is set aside with a one-line message instead
of offering to resume a game that would stop or crash.

The setup memory (`arzium_setup.json`) is the setup of the last game started from the setup screen;
the screen opens with it (top-level keys a newer version wrote are kept when it is rewritten). A file that is
not JSON or not a playable setup with known bot levels is set aside the same way and the screen falls back to
its defaults.

Nothing is lost across versions: a save or setup file of a newer `format`, or one that cannot be read
now, is not used and never overwritten (writing it gives a `DataError`; one line says so).

One autosave, one window: the first instance of the app to save a game owns the autosave (`common.data.file_lock`)
until its game ends or it closes. Another instance plays on unsaved, told so in one line, and is offered no
Resume of the owner's game; neither overwrites nor deletes the other's save.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path

from arzium.bots import BOT_LEVELS, LEVELS
from arzium.rules.actions import Action, action_from_json
from arzium.rules.cards import CardSet, default_cards
from arzium.rules.engine import apply, current_player, is_over
from arzium.rules.replay import run_replay
from arzium.rules.state import GameState, Setup, SetupError, StateError, check_setup, clone
from common.data.file_lock import held_elsewhere, hold, holds, release
from common.data.files import DataError, Kind, Problem, read_json
from common.data.i18n import _
from common.data.jsonio import clean_stale_temps, load_json, write_json_versioned
from common.data.os_words import os_problem
from common.data.paths import data_dir
from common.data.rules_api import IllegalAction
from common.data.safe_text import one_line

SAVE_GAME = "arzium"
SAVE_FORMAT = 1
SETUP_GAME = "arzium-setup"
SETUP_FORMAT = 1
MAX_NAME = 16  # the longest seat name the setup screen takes


@dataclass(frozen=True)
class SavedGame:
    """A game read back from the autosave: its committed state, the actions that led there, whether it is
    assisted, and the actions of the acting human's turn in progress (applied to a copy of `state`)."""

    state: GameState
    actions: list[Action]
    assisted: bool = False
    pending: tuple[Action, ...] = ()


def save_path() -> Path:
    """Where the autosave lives."""
    return data_dir() / "arzium_autosave.json"


def save_game(state: GameState, actions_log: list[Action] | tuple[Action, ...], path: Path | None = None,
              assisted: bool = False, pending: list[Action] | tuple[Action, ...] = ()) -> None:
    """Write the game atomically: setup, seed, committed actions, the state they lead to, `assisted` and the
    `pending` actions of the turn in progress. `DataError` (the file is kept) when the save there is of a
    newer format or cannot be read now, or when a game in another window owns the save; `OSError` when the
    write fails."""
    path = Path(path) if path is not None else save_path()
    owned = holds(path)
    if not hold(path):
        raise DataError(path, Problem.IN_USE, _in_use())
    try:
        write_json_versioned(path, {
            "game": SAVE_GAME, "format": SAVE_FORMAT, "cards": state.cards.version, "state": state.to_dict(),
            "actions": [a.to_json() for a in actions_log], "assisted": assisted,
            "pending": [a.to_json() for a in pending]}, "format", Kind.SAVE)
    except DataError:
        if not owned:  # a save this app must not overwrite: this window does not own it either
            release(path)
        raise


def _in_use() -> str:
    return _("an Arzium game is open in another window and keeps this save; this game is not saved")


def delete_save(path: Path | None = None) -> None:
    """Remove the autosave (e.g. when its game is over) and let it go; no error if there is none. A save another
    window's game owns is left to it."""
    path = Path(path if path is not None else save_path())
    if hold(path):
        path.unlink(missing_ok=True)
        release(path)


def load_saved_game(path: Path | None = None) -> tuple[SavedGame | None, str | None]:
    """The saved game; (None, None) without a save; a bad save is set aside: (None, one-line message); a
    save of a newer format or unreadable for now, or owned by a game in another window, is kept as it is:
    (None, one-line message)."""
    path = Path(path) if path is not None else save_path()
    if held_elsewhere(path):
        return None, one_line(_("An Arzium game is open in another window: its save is resumed there, "
                                "and a game started here is not saved"))
    clean_stale_temps(path)
    loaded = load_json(path, _("Arzium save"), _check, Kind.SAVE, SAVE_FORMAT, "format")
    return loaded.value, loaded.message


def _check(data: object) -> SavedGame:
    """The game a save holds, rebuilt as Resume will use it; ValueError (one line) if anything would fail."""
    if not isinstance(data, dict) or data.get("game") != SAVE_GAME:
        raise ValueError(_("not an Arzium save"))
    if data.get("format") != SAVE_FORMAT:
        raise ValueError(_("format {found} is not {expected}").format(found=repr(str(data.get("format"))[:20]),
                                                                       expected=SAVE_FORMAT))
    recorded, shipped = data.get("cards", 1), default_cards().version
    if recorded != shipped:
        raise ValueError(_("made with card data version {recorded}, but this version has card data {shipped} "
                           "(patterns and land coins changed)").format(recorded=str(recorded)[:20], shipped=shipped))
    assisted = data.get("assisted", False)  # saves written before the field existed are unassisted
    if not isinstance(assisted, bool):
        raise ValueError(_("assisted: expected true or false"))
    try:
        return _rebuild(data, assisted)
    except (ArithmeticError, LookupError, TypeError, AttributeError, RecursionError) as exc:
        # e.g. an RNG state value of 2**80 (OverflowError): whatever the rules choke on is not resumable
        raise ValueError(_("the rules cannot rebuild it: {error}").format(error=type(exc).__name__)) from None


def _actions(data: Mapping[str, object], key: str) -> list[Action]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise ValueError(_("{key}: expected a list").format(key=key))
    return [action_from_json(item) for item in items]


def _rebuild(data: Mapping[str, object], assisted: bool) -> SavedGame:
    saved = GameState.from_dict(data.get("state"))
    _check_seats(saved.setup, BOT_LEVELS)
    actions = _actions(data, "actions")
    try:
        replayed, _events = run_replay(saved.setup, saved.seed, actions)
    except IllegalAction as exc:
        raise ValueError(_("its actions do not replay: {reason}").format(reason=_(exc.reason))) from None
    if replayed.to_dict() != saved.to_dict():
        raise StateError(_("its actions do not lead to its saved state"))
    pending = tuple(_actions(data, "pending"))
    if pending:
        _check_pending(replayed, pending)
    return SavedGame(replayed, actions, assisted, pending)


def _check_pending(state: GameState, pending: tuple[Action, ...]) -> None:
    """The pending actions must be a human's turn in progress: theirs to take, one after another, each legal."""
    player = current_player(state)
    if player is None or state.setup.seats[player].kind != "human" or player != state.active:
        raise ValueError(_("pending: no human's turn is in progress"))
    work = clone(state)
    for n, action in enumerate(pending, start=1):
        if current_player(work) != player or is_over(work):
            raise ValueError(_("pending: action {n} comes after the turn ended").format(n=n))
        try:
            apply(work, action)
        except IllegalAction as exc:
            raise ValueError(_("pending: action {n}: {reason}").format(n=n, reason=_(exc.reason))) from None


# -- the last started setup ------------------------------------------------------------------

def setup_memory_path() -> Path:
    """Where the last started setup is remembered."""
    return data_dir() / "arzium_setup.json"


def save_last_setup(setup: Setup, path: Path | None = None, random_first: bool = False) -> str | None:
    """Remember `setup` atomically (`random_first`: its first player was drawn at random, and the next game's
    will be too); a one-line message if the file could not be written (or is kept: of a newer format, or
    unreadable for now)."""
    path = Path(path) if path is not None else setup_memory_path()
    data: dict[str, object] = {**_unknown_keys(path), "game": SETUP_GAME, "format": SETUP_FORMAT,
                            "setup": setup.to_dict()}
    if random_first:  # a key older versions ignore: the file stays format 1
        data["first"] = "random"
    try:
        write_json_versioned(path, data, "format", Kind.SETUP)
    except DataError as exc:
        return one_line(_("the Arzium setup is not remembered: {reason}").format(reason=exc))
    except OSError as exc:
        return _("could not remember the Arzium setup in {path}: {reason}").format(path=path,
                                                                                  reason=os_problem(exc))
    return None


def _unknown_keys(path: Path) -> dict[str, object]:
    """The top-level keys of the setup file there that this version does not know (a newer one wrote them: they
    are written back), or none when it cannot be read."""
    try:
        data = read_json(path, Kind.SETUP)
    except DataError:
        return {}
    known = ("game", "format", "setup", "first")
    return {k: v for k, v in data.items() if k not in known} if isinstance(data, dict) else {}


def load_setup_memory(path: Path | None = None,
                      cards: CardSet | None = None) -> tuple[tuple[Setup, bool] | None, str | None]:
    """The remembered setup and whether its first player is drawn at random; (None, None) without one; a bad
    file is set aside: (None, one-line message); a file of a newer format or unreadable for now is kept as it
    is: (None, one-line message)."""
    path = Path(path) if path is not None else setup_memory_path()
    clean_stale_temps(path)
    loaded = load_json(path, _("Arzium setup"), lambda data: _check_setup_memory(data, cards), Kind.SETUP,
                       SETUP_FORMAT, "format")
    return loaded.value, loaded.message


def load_last_setup(path: Path | None = None, cards: CardSet | None = None) -> tuple[Setup | None, str | None]:
    """`load_setup_memory`'s setup alone."""
    memory, message = load_setup_memory(path, cards)
    return (memory[0] if memory is not None else None), message


def _check_setup_memory(data: object, cards: CardSet | None) -> tuple[Setup, bool]:
    if not isinstance(data, dict) or data.get("game") != SETUP_GAME:
        raise ValueError(_("not an Arzium setup"))
    if data.get("format") != SETUP_FORMAT:
        raise ValueError(_("format {found} is not {expected}").format(found=repr(data.get("format")),
                                                                       expected=SETUP_FORMAT))
    setup = Setup.from_dict(data.get("setup"))  # SetupError (a ValueError): types, 2-4 seats, colours, edges
    if cards is not None:
        check_setup(setup, cards)
    _check_seats(setup, LEVELS, every_seat=True)
    first = data.get("first", "chosen")
    if first not in ("chosen", "random"):
        raise ValueError(_("first: {found} is not \"chosen\" or \"random\"").format(found=repr(first)[:20]))
    return setup, first == "random"


def _check_seats(setup: Setup, levels: Collection[str], every_seat: bool = False) -> None:
    """Names the table can show, and bot levels of `levels` (of every seat, or of the bot seats only)."""
    for i, seat in enumerate(setup.seats):
        if (every_seat or seat.kind == "bot") and seat.bot_level not in levels:
            raise SetupError(_("setup: seats[{i}].bot_level: {level} is not one of {levels}").format(
                i=i, level=repr(seat.bot_level[:20]), levels=", ".join(levels)))
        if len(seat.name) > MAX_NAME or seat.name != seat.name.strip() or not seat.name.isprintable():
            raise SetupError(_("setup: seats[{i}].name: {name} is not 1-{most} printable characters").format(
                i=i, name=repr(seat.name[:20]), most=MAX_NAME))
