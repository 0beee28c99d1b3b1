"""Where the app finds its own files (package data) and keeps the user's (platformdirs: XDG, APPDATA, macOS).

On every system the folders are the ones this app used before platformdirs (Linux `$XDG_CONFIG_HOME` and
`$XDG_DATA_HOME`, else ~/.config and ~/.local/share; Windows %APPDATA%, roaming; macOS Application Support),
so nothing has to move. `ARENAS_ARZIUM_HOME` puts both in one folder (tests, portable installs)."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import platformdirs

APP_DIR_NAME = "arenas-arzium"


def shipped(package: str, *parts: str) -> Path:
    """A file or folder shipped with `package` as package data: a path under the package's own folder.

    Wheels and checkouts both hold package data as real files beside the package's modules, so the result is a
    real path (for the hardened readers of common.data.files). The package is found, not imported, and no resource
    reader is loaded for it: the menu's first frame waits for neither."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"no package named {package!r}", name=package)
    return Path(spec.submodule_search_locations[0], *parts)


def _home_override() -> Path | None:
    override = os.environ.get("ARENAS_ARZIUM_HOME")
    return Path(override) / APP_DIR_NAME if override else None


def config_dir() -> Path:
    """Folder of the user's settings (created on demand by writers)."""
    return _home_override() or Path(platformdirs.user_config_dir(APP_DIR_NAME, appauthor=False, roaming=True))


def data_dir() -> Path:
    """Folder of the user's records, saves, replays and sprite packs."""
    return _home_override() or Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False, roaming=True))


def cache_dir() -> Path:
    """Folder of what the app can always make again (parsed manifests); losing it loses nothing."""
    override = _home_override()
    return override / "cache" if override else Path(platformdirs.user_cache_dir(APP_DIR_NAME, appauthor=False))


def replays_dir() -> Path:
    """Folder where finished runs are saved as replay files."""
    return data_dir() / "replays"
