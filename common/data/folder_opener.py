"""Showing a folder in the system's file manager, without pygame: the command of each platform, starting it, and
what to tell the player when there is none or it fails (in the game's words, never the system's raw text)."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

from common.data.i18n import _


def opener_command(folder: Path, platform: str = sys.platform) -> list[str]:
    """The command that shows `folder` in the platform's file manager."""
    if platform == "darwin":
        return ["open", str(folder)]
    if platform.startswith("win"):
        return ["explorer", str(folder)]
    return ["xdg-open", str(folder)]


def open_folder(folder: Path) -> subprocess.Popen[bytes] | str:
    """Show `folder` (made if missing) in the file manager: the started process, or one line saying why not."""
    command = opener_command(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return _("The folder could not be made here.")
    try:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=os.name == "posix")
    except FileNotFoundError:
        return _("This system has no file manager the game can open.")
    except OSError:
        return _("The file manager could not be started.")


def opener_failed(process: subprocess.Popen[bytes]) -> str | None:
    """Once the file manager's opener has exited: one line if it failed, else None (also while it runs)."""
    code = process.poll()
    program = process.args[0] if isinstance(process.args, list) else process.args
    if code is None or code == 0 or program == "explorer":  # explorer exits 1 even when it opened the folder
        return None
    with contextlib.suppress(OSError):
        process.wait(0)
    return _("The file manager could not open the folder.")
