"""Where the app finds its own files and keeps the user's (XDG on Linux, APPDATA elsewhere)."""
from __future__ import annotations

import os
import sys
from importlib.resources import files
from pathlib import Path

APP_DIR_NAME = "arenas-arzium"


def shipped(package: str, *parts: str) -> Path:
    """A file or folder shipped with `package` as package data, found through importlib.resources.

    Wheels and checkouts both hold package data as real files, so the result is a real path (for the
    hardened readers of common.files)."""
    ref = files(package)
    for part in parts:
        ref = ref / part
    return Path(str(ref))


def _base(env_var: str, linux_default: str) -> Path:
    override = os.environ.get("ARENAS_ARZIUM_HOME")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    return Path(os.environ.get(env_var) or Path.home() / linux_default)


def config_dir() -> Path:
    """Folder of the user's settings (created on demand by writers)."""
    return _base("XDG_CONFIG_HOME", ".config") / APP_DIR_NAME


def data_dir() -> Path:
    """Folder of the user's records, saves, replays and sprite packs."""
    return _base("XDG_DATA_HOME", ".local/share") / APP_DIR_NAME


def replays_dir() -> Path:
    """Folder where finished runs are saved as replay files."""
    return data_dir() / "replays"
