"""Who decides for a seat that is not driven by the mouse: a bot on a worker thread, or a replay.

The play scene asks `poll(state, seat, key)` each frame; the first call starts the work, later
calls return None until the action is ready. `key` names the decision (how many actions the game
has seen), so an answer to an older question is never used.
"""
from __future__ import annotations

import threading
from typing import Protocol

from arzium.bots import Bot
from arzium.rules import Action, GameState, clone


class Controller(Protocol):
    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        """The seat's action for decision `key`, or None while it is not ready."""
        ...


class BotController:
    """Runs `bot.decide` on a clone of the state in a daemon thread, so the window never waits."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._lock = threading.Lock()
        self._key: int | None = None
        self._result: Action | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    @property
    def thinking(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        with self._lock:
            if self._key == key and self._thread is not None:
                if self._error is not None:
                    raise RuntimeError(f"bot failed: {self._error}") from self._error
                return self._result
        if self.thinking:  # still busy with an older question; ask again later
            return None
        snapshot = clone(state)
        with self._lock:
            self._key, self._result, self._error = key, None, None
            self._thread = threading.Thread(target=self._work, args=(snapshot, seat, key), daemon=True,
                                            name="arzium-bot")
            self._thread.start()
        return None

    def _work(self, state: GameState, seat: int, key: int) -> None:
        try:
            action = self.bot.decide(state, seat)
        except BaseException as exc:  # reported on the frame loop by poll
            with self._lock:
                if self._key == key:
                    self._error = exc
            return
        with self._lock:
            if self._key == key:
                self._result = action


class ReplayController:
    """Plays back recorded actions in order, whoever's turn it is."""

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        return self.actions[key] if key < len(self.actions) else None
