"""Test helpers: seats for hot-seat and solo tables, and a play scene with every banner it announces and every
sound played recorded."""
from __future__ import annotations

from arzium.rules import SeatSetup
from arzium.scenes.play import PlayScene
from common.app import App
from common.scene import Scene

FRAME = 1000 / 60
ANN = SeatSetup("Ann", "red", "south", "human")
BO = SeatSetup("Bo", "green", "east", "human")
BOT = SeatSetup("Snorebert", "blue", "north", "bot", "easy")


def record_table(app: App, scene: PlayScene) -> tuple[list[str], list[str]]:
    """Push `scene` over an empty scene; return the (banners, sounds) lists that fill as it runs."""
    app.stack.clear_to(Scene(app))
    app.push(scene)
    banners: list[str] = []
    sounds: list[str] = []
    announce, play = scene.announce, app.sounds.play

    def spy_announce(message: str, player: int | None) -> None:
        banners.append(message)
        announce(message, player)

    def spy_play(name: str, *args, **kwargs) -> None:
        sounds.append(name)
        play(name, *args, **kwargs)

    scene.announce = spy_announce
    app.sounds.play = spy_play
    return banners, sounds
