"""Test helpers for the Arzium scenes: seats, input events, a play scene put on the table, and one with every
banner it announces and every sound played recorded."""
from __future__ import annotations

from collections.abc import Callable
from concurrent import futures

import pygame

from arzium.match import Match, Notice, Refused, Stopped
from arzium.rules.state import GameState, SeatSetup
from arzium.scenes.flow import play_scene
from arzium.scenes.play import PlayScene
from arzium.thinking import Task
from common.engine.app import App
from common.engine.scene import Scene

FRAME = 1000 / 60
ANN = SeatSetup("Ann", "red", "south", "human")
BO = SeatSetup("Bo", "green", "east", "human")
BOT = SeatSetup("Snorebert", "blue", "north", "bot", "easy")
YOU = SeatSetup("You", "red", "south", "human")


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """The mouse moves to `pos` and clicks there."""
    return [motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def run(app: App, frames: int, events: list[pygame.event.Event] | None = None) -> None:
    """`frames` frames of FRAME ms, each with `events`; only the last is drawn (what a test looks at)."""
    for i in range(frames):
        app.step(events or [], FRAME, draw=i == frames - 1)


def step_until(app: App, done: Callable[[], bool], jobs: list[Task], frames: int = 3_000) -> None:
    """Step frames of FRAME ms until `done()`, first waiting each time for the bot and hint jobs in flight
    (`jobs`, see the `jobs` fixture): their answers, not the clock, move the table on. Fails after `frames`. The
    frames are not drawn but the one it ends on."""
    for _ in range(frames):
        if done():
            app.draw()
            return
        futures.wait([job.future for job in jobs])
        app.step([], FRAME, draw=False)
    assert done(), f"not done after {frames} frames"


def said(match: Match) -> list[str]:
    """What `match` told since it was last asked that a player reads (refusals, stops, notices), taken; the rest
    of what it told is dropped."""
    lines: list[str] = []
    for happening in match.happenings.take():
        match happening:
            case Refused(reason) | Stopped(_, reason) | Notice(reason):
                lines.append(reason)
    return lines


def put_on_table(app: App, scene: PlayScene) -> PlayScene:
    """`scene` on top of an empty scene (leaving it has somewhere to go)."""
    app.stack.clear_to(Scene(app))
    app.push(scene)
    return scene


def table(app: App, state: GameState, replay: list | None = None) -> PlayScene:
    """A play scene of `state` (or of `replay` played from it) on the table, without autosaves."""
    return put_on_table(app, play_scene(app, state, replay=replay, autosave=False))


def record_table(app: App, scene: PlayScene) -> tuple[list[str], list[str]]:
    """Push `scene` over an empty scene; return the (banners, sounds) lists that fill as it runs."""
    put_on_table(app, scene)
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
