"""Showing a folder to the player: the system's file manager where there is one, else a dialog with the folder's
path and a button that copies it (also when the file manager fails, and in headless runs)."""
from __future__ import annotations

import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from common.data.folder_opener import open_folder, opener_failed
from common.data.i18n import _
from common.ui.dialog import Dialog

if TYPE_CHECKING:
    from common.engine.app import App


def copy_text(app: App, text: str) -> None:
    """Put `text` on the clipboard and say so (or say that it could not be)."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:
        app.toast(_("The clipboard cannot be used here; the path is {path}").format(path=text))
        return
    app.toast(_("Path copied: {path}").format(path=text))


def show_path(app: App, folder: Path, why: str) -> None:
    """A dialog saying `why` the folder is not shown in a file manager, with its path and Copy the path."""
    message = _("{why} The folder is:").format(why=why).strip() + "\n" + str(folder)
    app.push(Dialog(app, _("Open the folder"), message,
                    [(_("Copy the path"), lambda: copy_text(app, str(folder))), (_("Close"), lambda: None)]))


class FolderOpener:
    """Opens folders for one scene, which calls `update` every frame to hear of an opener that failed."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.process: subprocess.Popen[bytes] | None = None
        self.folder = Path()

    def open(self, folder: Path) -> None:
        """Show `folder` (made if missing) in the file manager, or its path in a dialog."""
        self.folder = folder
        if self.app.options.headless:  # tools and tests: no file manager is started
            show_path(self.app, folder, "")
            return
        started = open_folder(folder)
        if isinstance(started, str):
            show_path(self.app, folder, started)
            return
        self.process = started
        self.app.toast(_("Opening {folder}").format(folder=folder))

    def update(self) -> None:
        if self.process is None:
            return
        problem = opener_failed(self.process)
        if problem is not None:
            show_path(self.app, self.folder, problem)
        if self.process.poll() is not None:
            self.process = None
