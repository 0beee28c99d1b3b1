"""Scenes and the scene stack: push/pop/replace with enter, leave, pause and resume hooks."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from common.engine.layers import Part, paint_all

if TYPE_CHECKING:
    from common.engine.app import App


def beside_foot_button(button: pygame.Rect, width: int, gap: int) -> pygame.Rect:
    """A toast area: the strip right of a button centred at the window's foot, as tall as the button (toasts there
    leave it, the panel above and the keys line under it clear)."""
    return pygame.Rect(button.right + gap, button.top, width - button.right - 2 * gap, button.h)


CONFIRM_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
HELD_KEY_MS = 1500  # a confirming key pressed this soon after a screen opened was meant for the screen before


class HeldKeys:
    """Keeps a screen that follows play (a result) from being skipped by the key that ended the play: Enter or
    Space pressed within HELD_KEY_MS of its opening is ignored, and so are its repeats until it is let go."""

    def __init__(self) -> None:
        self.held: set[int] = set()

    def blocks(self, event: pygame.event.Event, shown_ms: float) -> bool:
        """Whether `event` must be ignored (`shown_ms`: how long the screen has been open)."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return False
        if event.type != pygame.KEYDOWN or event.key not in CONFIRM_KEYS:
            return False
        if shown_ms < HELD_KEY_MS or event.key in self.held:
            self.held.add(event.key)
            return True
        return False


class Scene:
    """One screen of the app. Subclasses override the hooks they need.

    Contract: `draw` never changes game state; `handle` returns True when it consumed the event.
    `opaque = False` makes the stack draw the scene below first (dialogs, overlays).
    `keeps_below_running = True` (a dialog, the help or the rules over a game whose time must not stop) makes
    the stack give the scene below its rules steps and frame updates too, after this one's, while this one is on
    top (else only the top scene has them).
    `rules_game` names the game whose rules F1 opens ("arenas" / "arzium"), or None.
    """

    opaque: bool = True
    keeps_below_running: bool = False
    rules_game: str | None = None
    title: str = ""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene is pushed onto the stack."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed over this one."""

    def resume(self) -> None:
        """Called when this scene is on top again."""

    def retranslate(self) -> None:
        """Rebuild any text made once (widget labels...) after the language changed; `layout` follows.
        Text drawn with `_()` every frame needs nothing."""

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute positions for a window of `size` (called on enter, resize, UI scale change)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True if consumed."""
        return False

    def fixed_update(self, step_ms: int) -> None:
        """Advance rules by one fixed step (only the top scene gets fixed steps, and the one below a scene that
        `keeps_below_running`)."""

    def update(self, dt_ms: float) -> None:
        """Advance animations by the real frame time."""

    def toast_area(self) -> pygame.Rect | None:
        """Where the app's toasts go, clear of the buttons and lines the player reads: the newest stands on the
        area's foot, older ones above it while they fit, each as wide as the area lets it (None: the window's
        foot, across its width)."""
        return None

    def frame_parts(self) -> list[Part] | None:
        """The frame as a display list (`common.engine.layers`), bottom to top, so that the app draws and presents
        only what changed; None: the app calls `draw` and presents the whole window. Must not change state."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change game state. By default: its `frame_parts`, painted in order."""
        parts = self.frame_parts()
        if parts is not None:
            paint_all(surface, parts)


class SceneStack:
    """An ordered stack of scenes; the top one gets input and updates."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.size: tuple[int, int] = (1280, 720)
        self.covers = 0  # how many times a scene opened over another (a dialog): pointer hints below go then

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.covers += 1
            self.top.pause()
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.top is not None:
            self.top.layout(self.size)
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Remove every scene and show `scene` alone."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def retranslate(self) -> None:
        """Every scene rebuilds its text in the new language (the App relays them out next)."""
        for scene in self.scenes:
            scene.retranslate()

    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.scenes:
            scene.layout(size)

    def handle(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle(event) if top is not None else False

    def fixed_update(self, step_ms: int) -> None:
        self._step(lambda scene: scene.fixed_update(step_ms))

    def update(self, dt_ms: float) -> None:
        self._step(lambda scene: scene.update(dt_ms))

    def _step(self, step: Callable[[Scene], None]) -> None:
        """`step` the top scene, then the scene under it when the top (still on top after its step) keeps it
        running."""
        top = self.top
        if top is not None:
            step(top)
            below = self._kept_running(top)
            if below is not None:
                step(below)

    def _kept_running(self, top: Scene) -> Scene | None:
        """The scene under `top` when `top` keeps it running and is still on top (it may have closed)."""
        if top.keeps_below_running and self.top is top and len(self.scenes) > 1:
            return self.scenes[-2]
        return None

    def _drawn(self) -> list[Scene]:
        """The scenes a frame shows: the top one and, under a see-through one, those below down to an opaque one."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        return self.scenes[max(start, 0):]

    def frame_parts(self) -> list[Part] | None:
        """The display list of the frame, when every scene it shows gives one (else None)."""
        parts: list[Part] = []
        for scene in self._drawn():
            mine = scene.frame_parts()
            if mine is None:
                return None
            parts += mine
        return parts if self.scenes else None

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._drawn():
            scene.draw(surface)
