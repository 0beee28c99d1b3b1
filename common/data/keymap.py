"""The keys of both games' play: the commands, their default keys, the player's own bindings (saved with
the settings as command -> key name), the names shown on screen (`pygame.key.name`) and moving a keyboard
focus among points on the screen.

Esc (back, pause), F1 (rules), F5 (sprites), F11 (fullscreen), Tab, Enter and Backspace in menus, Ctrl+Z and the
number keys (characters, cards, the row for sale) are fixed: the first four are the way out of any screen, so
binding them elsewhere could lock a player in, the menus and undo need theirs, and the numbers are the pictures'
own badges. Neither the settings file nor the Controls screen can put another command on one of them
(`reserved_reason` says why in a few words). A binding of a command this version does not know (a newer one
wrote it) is kept as it is and written back, never used.
"""
from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Literal

from common.data.i18n import N_, _
from common.data.safe_text import one_line


class Command(StrEnum):
    """Something a key does in a game (its value is its name in the settings file)."""

    HELP = "help"
    HINT = "hint"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CHOOSE = "choose"
    TOGGLE = "toggle"
    NEXT_CHARACTER = "next_character"
    ARTIFACT = "artifact"
    REST = "rest"
    UNDO = "undo"
    CHAT = "chat"


DEFAULT_KEYS: dict[Command, str] = {
    Command.HELP: "f2", Command.HINT: "h", Command.UP: "up", Command.DOWN: "down", Command.LEFT: "left",
    Command.RIGHT: "right", Command.CHOOSE: "return", Command.TOGGLE: "space", Command.NEXT_CHARACTER: "tab",
    Command.ARTIFACT: "a", Command.REST: "r", Command.UNDO: "backspace", Command.CHAT: "t",
}
LABELS: dict[Command, str] = {
    Command.HELP: N_("Show the controls"),
    Command.HINT: N_("Hint"),
    Command.UP: N_("Move up"),
    Command.DOWN: N_("Move down"),
    Command.LEFT: N_("Move left"),
    Command.RIGHT: N_("Move right"),
    Command.CHOOSE: N_("Choose, place, confirm"),
    Command.TOGGLE: N_("Toggle the square under the cursor"),
    Command.NEXT_CHARACTER: N_("Next character"),
    Command.ARTIFACT: N_("Next artifact (then Choose uses it)"),
    Command.REST: N_("Rest early"),
    Command.UNDO: N_("Undo (Ctrl+Z too)"),
    Command.CHAT: N_("Chat (online)"),
}
Game = Literal["arenas", "arzium"]
GAME_COMMANDS: dict[Game, tuple[Command, ...]] = {
    "arenas": (Command.HELP, Command.HINT, Command.UP, Command.DOWN, Command.LEFT, Command.RIGHT, Command.CHOOSE,
               Command.CHAT),
    "arzium": tuple(Command),
}
RESERVED = ("escape", "f1", "f5", "f11")
"""Keys no command may take: they lead out of every screen."""
NUMBER_KEYS = tuple("0123456789")
"""Keys no command may take: they choose a character, a card or an artifact by its number."""
MENU_KEYS: dict[str, Command] = {"tab": Command.NEXT_CHARACTER, "return": Command.CHOOSE,
                                 "backspace": Command.UNDO, "z": Command.UNDO}
"""Keys the menus (Tab, Enter, Backspace) and undo (Ctrl+Z) use for themselves: only the command named may take
each."""
FIXED: dict[Game, tuple[tuple[str, str], ...]] = {
    "arenas": (("1 2 3", N_("Play that card")), ("space", N_("Skip the countdown")),
               ("escape", N_("Pause, leave, or put a wild card back")), ("f1", N_("Rules"))),
    "arzium": (("1-9", N_("Choose that character, or buy that artifact")),
               ("escape", N_("Clear the choice, or the menu")), ("f1", N_("Rules"))),
}
"""The keys that cannot be changed, as shown on the help overlay (through `spoken`): (keys, what they do)."""


def _code(name: str) -> int | None:
    """The pygame key code of a key name, or None for a name pygame does not know."""
    import pygame
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pygame warns before init; the table of names is the same
        try:
            return int(pygame.key.key_code(name))
        except ValueError:
            return None


def key_name(code: int) -> str:
    """The name of key `code` as shown on screen: pygame's, capitalised ("F2", "A"), the common keys in the
    player's language ("Enter", "Space")."""
    name = _pygame_name(code)
    return spoken(name) if name else "?"


@lru_cache(maxsize=256)
def _pygame_name(code: int) -> str:
    """pygame's name of key `code` (the same all run long; screens ask for it every frame)."""
    import pygame
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(pygame.key.name(code))


def spoken(name: str) -> str:
    """A pygame key name as a player reads it."""
    match name:
        case "return":
            return _("Enter")
        case "space":
            return _("Space")
        case "backspace":
            return _("Backspace")
        case "left":
            return _("Left arrow")
        case "right":
            return _("Right arrow")
        case "up":
            return _("Up arrow")
        case "down":
            return _("Down arrow")
        case "escape":
            return "Esc"
        case _:
            return name[:1].upper() + name[1:]


def reserved_reason(command: Command, name: str) -> str | None:
    """Why `command` cannot take the key called `name` (a pygame key name), in a few words; None if it can."""
    shown = key_name(_code(name) or 0)
    if name in RESERVED:
        return _("{key} is kept for leaving screens").format(key=shown)
    if name in NUMBER_KEYS:
        return _("{key} chooses a character, a card or an artifact by its number").format(key=shown)
    if name in MENU_KEYS and MENU_KEYS[name] is not command:
        if name == "z":
            return _("Z is kept for undo (Ctrl+Z)")
        return _("{key} moves, confirms or goes back in menus").format(key=shown)
    return None


def check_bindings(value: Mapping[object, object]) -> tuple[dict[str, str], dict[str, object], list[str]]:
    """The usable bindings of a settings file's `key_bindings`, the bindings of commands this version does not
    know (kept as they are, not used), and the problems of the others (a key name pygame does not know, a
    reserved key with its reason, a key two commands would share)."""
    clean: dict[str, str] = {}
    unknown: dict[str, object] = {}
    problems: list[str] = []
    for command, name in value.items():
        if not isinstance(command, str):
            continue  # JSON object keys are strings
        if command not in Command.__members__.values():
            unknown[command] = name
            continue
        entry = f"key_bindings.{command}={one_line(repr(name), 30)}"
        if not isinstance(name, str) or _code(name.lower()) is None:
            problems.append(entry)
        elif (why := reserved_reason(Command(command), name.lower())) is not None:
            problems.append(f"{entry} ({why})")
        else:
            clean[command] = name.lower()
    keys = _joined(clean)
    shared = [c for c in clean if sum(k == clean[c] for k in keys.values()) > 1]
    problems += [f"key_bindings.{c}={clean[c]!r}" for c in shared]
    return {c: k for c, k in clean.items() if c not in shared}, unknown, problems


def _joined(bindings: Mapping[str, str]) -> dict[Command, str]:
    """Every command's key: the defaults with `bindings` over them."""
    keys = dict(DEFAULT_KEYS)
    keys.update({Command(c): k for c, k in bindings.items()})
    return keys


class KeyMap:
    """Every command's key, from the settings' bindings (command -> key name, only those not default)."""

    def __init__(self, bindings: Mapping[str, str]) -> None:
        self.names = _joined(bindings)
        self.codes = {c: code for c, name in self.names.items() if (code := _code(name)) is not None}

    def pressed(self, event_key: int, command: Command) -> bool:
        """Whether a key press of `event_key` means `command` (the keypad's Enter is Return)."""
        import pygame
        key = pygame.K_RETURN if event_key == pygame.K_KP_ENTER else event_key
        return self.codes.get(command) == key

    def command(self, event_key: int, among: Sequence[Command] = tuple(Command)) -> Command | None:
        """The command of `among` that key `event_key` means, if any."""
        return next((c for c in among if self.pressed(event_key, c)), None)

    def name(self, command: Command) -> str:
        """The key of `command` as shown on screen."""
        code = self.codes.get(command)
        return key_name(code) if code is not None else "?"

    def moves(self) -> str:
        """The four move keys in a line: "Arrows" while they are the arrow keys."""
        if all(self.names[c] == DEFAULT_KEYS[c] for c in (Command.UP, Command.DOWN, Command.LEFT, Command.RIGHT)):
            return _("Arrows")
        return "/".join(self.name(c) for c in (Command.UP, Command.DOWN, Command.LEFT, Command.RIGHT))

    def hint_label(self) -> str:
        """The hint buttons' label, with the hint key."""
        return _("Hint ({key})").format(key=self.name(Command.HINT))

    def rebind(self, command: Command, code: int) -> tuple[dict[str, str] | None, str]:
        """The bindings with `command` on key `code`, and a line for the player; None (and the reason)
        when the key is reserved or another command has it."""
        import pygame
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            name = pygame.key.name(code)
        if not name or _code(name) != code:
            return None, _("That key cannot be used")
        why = reserved_reason(command, name)
        if why is not None:
            return None, _("{reason}: choose another key").format(reason=why)
        other = next((c for c, k in self.names.items() if k == name and c != command), None)
        if other is not None:
            return None, _("{key} already does \u201c{other}\u201d: change that one first").format(
                key=key_name(code), other=_(LABELS[other]))
        keys = dict(self.names)
        keys[command] = name
        return bindings_of(keys), _("{action}: {key}").format(action=_(LABELS[command]), key=key_name(code))


def bindings_of(keys: Mapping[Command, str]) -> dict[str, str]:
    """What the settings file keeps of `keys`: the commands not on their default key."""
    return {c.value: k for c, k in keys.items() if DEFAULT_KEYS[c] != k}


_cache: tuple[tuple[tuple[str, str], ...], KeyMap] | None = None


def keymap(bindings: Mapping[str, str]) -> KeyMap:
    """The key map of the settings' `key_bindings` (made again only when they change)."""
    global _cache
    key = tuple(sorted(bindings.items()))
    if _cache is None or _cache[0] != key:
        _cache = (key, KeyMap(bindings))
    return _cache[1]


Direction = Literal["up", "down", "left", "right"]
VECTORS: dict[Direction, tuple[int, int]] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def step_focus(points: Sequence[tuple[float, float]], current: int, direction: Direction) -> int:
    """The point a keyboard focus on `points[current]` moves to for an arrow: the nearest one lying that way
    (within 60 degrees, nearer the line counting more), else `current`."""
    if not points:
        return current
    cx, cy = points[current]
    dx, dy = VECTORS[direction]
    best, best_cost = current, math.inf
    for i, (x, y) in enumerate(points):
        vx, vy = x - cx, y - cy
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if i == current or along <= 0 or across > along * 1.8:
            continue
        cost = along + 2 * across
        if cost < best_cost:
            best, best_cost = i, cost
    return best


DIRECTIONS: dict[Command, Direction] = {Command.UP: "up", Command.DOWN: "down", Command.LEFT: "left",
                                        Command.RIGHT: "right"}
