"""Making a sprite pack from the app: a small starter pack copied into the user's packs folder under the name
the player types, with a manifest that says how to go on (pure: no pygame).

The starter holds a few of the default pack's pictures (a button, the panel, a hovered button) to paint over;
every other sprite falls back to the default pack until the player copies and lists it."""
from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import textwrap
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from common.data import paths
from common.data.i18n import _
from common.data.safe_text import is_safe_name
from common.packs.sprite_packs import DEFAULT_PACK, MANIFEST, SPRITES_DIR, discover_packs

NAME_LIMIT = 40  # characters of a pack's name (its folder's name too)
STARTER = ("ui/button", "ui/button_hover", "ui/panel")  # sprites of the default pack the starter copies
FORBIDDEN = '/\\:*?"<>|'  # a path separator, or a character some file systems refuse in a folder name
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
                             *(f"{d}{n}" for d in ("COM", "LPT") for n in "123456789¹²³")})  # Windows refuses them


@dataclass(frozen=True)
class MadePack:
    """A pack just made: its id (the folder's name) and folder."""

    id: str
    folder: Path


def user_packs_dir() -> Path:
    """The folder of the player's own sprite packs (made on demand)."""
    return paths.data_dir() / "sprites"


def name_key(name: str) -> str:
    """How two pack names are compared: the same letters however they were typed (Unicode NFC, case folded)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def taken_names(extra_dirs: list[Path] | None = None) -> set[str]:
    """The `name_key` of every pack's name and of every entry of the user's packs folder (one scan)."""
    taken = {name_key(p.id) for p in discover_packs(extra_dirs)} | {name_key(DEFAULT_PACK)}
    with contextlib.suppress(OSError):
        taken |= {name_key(os.fsdecode(entry)) for entry in os.listdir(user_packs_dir())}
    return taken


def _windows_refuses(name: str) -> bool:
    """Whether Windows cannot create a folder called `name` (a device's name, with any extension; a name ending
    in a dot or a space)."""
    stem = name.split(".")[0].rstrip(" ").upper()
    return stem in WINDOWS_DEVICES or name.endswith((".", " "))


def name_problem(name: str, extra_dirs: list[Path] | None = None, taken: set[str] | None = None) -> str | None:
    """Why `name` cannot name a new pack (one line, in the player's language), or None when it can; `taken`:
    the names in use as `taken_names` gives them (found now when not given)."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        return _("Type a name for the new pack.")
    if len(name) > NAME_LIMIT:
        return _("A pack name has at most {n} characters.").format(n=NAME_LIMIT)
    if any(c in FORBIDDEN for c in name):
        return _("A pack name cannot hold any of {characters}: it names one folder.").format(
            characters=" ".join(FORBIDDEN))
    if name.startswith(".") or not is_safe_name(name, NAME_LIMIT):
        return _("A pack name cannot start with a dot or hold characters that cannot be shown.")
    if _windows_refuses(name):
        return _("“{name}” cannot name a folder on Windows (a device's name, or a dot at the end): a pack must "
                 "travel between computers, choose another name.").format(name=name)
    if name_key(name) in (taken_names(extra_dirs) if taken is None else taken):
        return _("There is already a pack called “{name}”: choose another name.").format(name=name)
    return None


def suggested_name(base: str, extra_dirs: list[Path] | None = None) -> str:
    """A free name to start from: `base`, else `base` 2, `base` 3… (the packs are looked at once)."""
    taken = taken_names(extra_dirs)
    for name in itertools.chain([base], (f"{base} {i}" for i in itertools.count(2))):
        if len(name) > NAME_LIMIT:  # every shorter one is taken: the player types one
            return base
        if name_problem(name, extra_dirs, taken) is None:
            return name
    raise AssertionError("unreachable: the names grow past the limit")


def _toml_string(text: str) -> str:
    """`text` as a TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def starter_manifest(name: str) -> str:
    """The pack.toml of a new pack called `name`: how to go on, its header and the starter's sprites."""
    notes = [_("Your own sprite pack. Paint over the PNG files in this folder and press F5 in the game to see them."),
             _("To change another picture, copy its PNG from the default pack into this folder and list it below "
               "(Settings > Open sprite gallery shows every sprite's name); the sizes, slices and frames you leave "
               "out are the default pack's."),
             _("Check the pack with: {command}").format(command="arenas-arzium check-sprites " + _toml_string(name))]
    lines = [
        *(f"# {line}" for note in notes for line in textwrap.wrap(note, 100)),
        "",
        "[pack]",
        f"name = {_toml_string(name)}",
        'author = ""',
        "version = 1",
    ]
    for sprite in STARTER:
        lines += ["", f'[sprites."{sprite}"]', f'file = "{sprite}.png"']
    return "\n".join(lines) + "\n"


def make_pack(name: str, extra_dirs: list[Path] | None = None) -> MadePack | str:
    """Copy the starter pack into the user's packs folder as `name`: the pack, or one line saying why not (a bad
    or taken name, or a folder that cannot be written; nothing is left half made)."""
    problem = name_problem(name, extra_dirs)
    if problem is not None:
        return problem
    name = unicodedata.normalize("NFC", name.strip())
    folder = user_packs_dir() / name
    try:
        folder.mkdir(parents=True)
        for sprite in STARTER:
            target = folder / f"{sprite}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(SPRITES_DIR / DEFAULT_PACK / f"{sprite}.png", target)
        (folder / MANIFEST).write_text(starter_manifest(name), "utf-8")
    except FileExistsError:
        return _("There is already a pack called “{name}”: choose another name.").format(name=name)
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)
        return _("The pack could not be written in {folder}: the folder is not writable or the disk is full.").format(
            folder=user_packs_dir())
    return MadePack(name, folder)
