"""Arzium online: the setup screen that opens a room (its person seats but the host's open for friends), and
the table of a room's game, fed by the server."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arzium.rules import Setup
from arzium.scenes.setup import SetupScene

if TYPE_CHECKING:
    from common.app import App


def setup_scene(app: App, chosen: Callable[[dict[str, Any]], None]) -> SetupScene:
    """The seats-and-mode screen whose Start opens a room with the setup (the host sits at the first seat)."""

    def host(setup: Setup) -> None:
        chosen(setup.to_dict())
    return SetupScene(app, lambda state: None, lambda saved: None, host=host)
