"""Opening a game's tutorial: from the start, or at the step it was left (Resume / Start over), and the
first-launch offer. The menu and each game's setup screen use these; the tutorial scenes come from the
hook each game gives (its `tutorial`), which the caller passes with the game (`TutorialGame`)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from common.data.files import DataError
from common.data.i18n import _
from common.tutorials.progress import game_progress, update_progress
from common.ui.dialog import Dialog

if TYPE_CHECKING:
    from common.engine.app import App
    from common.engine.scene import Scene


class TutorialGame(Protocol):
    """A game as its tutorial's opening needs it: its key (of its tutorial progress), its name, its tutorial at
    a step and its setup screen."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def tutorial(self) -> Callable[[App, int], Scene]: ...

    @property
    def start(self) -> Callable[[App], Scene]: ...


def start_tutorial(app: App, game: TutorialGame, step: int = 0) -> None:
    """Push the tutorial of `game` at `step` (0: the start); a game that cannot open says so in one line."""
    try:
        scene = game.tutorial(app, step)
    except DataError as exc:
        app.toast(_("{game} cannot open: {problem}").format(game=game.title, problem=exc))
        return
    app.push(scene)


def to_setup_screen(app: App, game: TutorialGame) -> None:
    """A finished tutorial's way out (the tutorial closed): to `game`'s setup screen, as its last step promises
    (the one it was opened from, else a new one over the menu)."""
    try:
        setup = game.start(app)
    except DataError as exc:
        app.toast(_("{game} cannot open: {problem}").format(game=game.title, problem=exc))
        return
    if type(app.stack.top) is not type(setup):
        app.push(setup)


def open_tutorial(app: App, game: TutorialGame) -> None:
    """Learn to play: a tutorial left midway asks Resume at step k / Start over; otherwise it starts."""
    progress, message = game_progress(game.key)
    if message is not None:
        app.toast(message)
    if not progress.midway:
        start_tutorial(app, game, 0)
        return
    app.push(Dialog(app, _("Learn to play {game}").format(game=game.title),
                    _("You left this tutorial at step {k}.").format(k=progress.step + 1),
                    [(_("Resume at step {k}").format(k=progress.step + 1),
                      lambda: start_tutorial(app, game, progress.step)),
                     (_("Start over"), lambda: start_tutorial(app, game, 0)),
                     (_("Back"), lambda: None)]))


def offer_tutorial(app: App, game: TutorialGame, play: Callable[[], None], asked: set[str]) -> None:
    """The first time `game` is started: offer its tutorial (Take the tutorial / Play now), then `play` unless
    the tutorial was taken. Asked once: either answer is remembered in the progress file (and in `asked`, for
    this session, should the file not be written); a game already asked just plays."""
    if game.key in asked:
        play()
        return
    progress, message = game_progress(game.key)
    if message is not None:
        app.toast(message)
    if progress.offered or progress.step > 0 or progress.finished:
        play()
        return

    def remember(then: Callable[[], None]) -> Callable[[], None]:
        def answer() -> None:
            asked.add(game.key)
            problem = update_progress(game.key, offered=True)
            if problem is not None:
                app.toast(problem)
            then()
        return answer

    app.push(Dialog(app, _("New to {game}?").format(game=game.title),
                    _("A short guided game shows how to play, one idea at a time."),
                    [(_("Take the tutorial"), remember(lambda: start_tutorial(app, game, 0))),
                     (_("Play now"), remember(play))]))  # Esc picks the last: play
