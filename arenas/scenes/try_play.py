"""A run of a level straight from the level editor: the level's team with bots in every seat but the first,
counted nowhere; Esc (or Enter once it is over) goes back to the editor as it was left."""
from __future__ import annotations

from typing import TYPE_CHECKING

from arenas.bots import MAX_REACTION_MS, MIN_REACTION_MS
from arenas.rules.levels import Level
from arenas.scenes.play import PlayScene
from arenas.scenes.setup_widgets import BOT_NAMES, default_name
from arenas.session import GameSetup, fresh_seed
from common.data.i18n import N_, _

if TYPE_CHECKING:
    from common.engine.app import App


def try_setup(app: App, level: Level) -> GameSetup:
    """The run Try it plays: the player in the first seat, bots in the others of the level's team, not
    counted (no replay, no record)."""
    team = (default_name(0), *(_(BOT_NAMES[i % len(BOT_NAMES)]) for i in range(level.team_size - 1)))
    seed = app.options.seed if app.options.seed is not None else fresh_seed()
    delay = min(MAX_REACTION_MS, max(MIN_REACTION_MS, app.settings.teammate_delay_ms))
    return GameSetup(level, team, seed=seed, counts=False, bots=tuple(range(1, level.team_size)), reaction_ms=delay)


class TryScene(PlayScene):
    """The play scene of a tried level: leaving asks nothing, and the end goes back to the editor."""

    over_prompt = N_("Press Enter to go back to the editor")

    def __init__(self, app: App, level: Level) -> None:
        super().__init__(app, try_setup(app, level), lambda *_ended: app.pop())

    def ask_leave(self) -> None:
        """Esc or Leave: back to the editor at once (a tried run keeps nothing)."""
        self.leave_game()
