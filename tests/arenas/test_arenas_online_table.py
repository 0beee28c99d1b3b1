"""The Arenas online table as the catalog shows it: the room's lines (a slow connection, who is away or played by
a bot for now, this player's card on its way) stand over the board above the prompt line, off the top bar's
timer names, in both sizes; a team-mate elsewhere on turn is their turn, not yours; the held final board tells
nobody as away."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest

from arenas.match import Phase
from arenas.scenes.online import OnlinePlayScene
from common.engine.app import App
from common.tools import catalog
from helpers import close_app, make_app, run

Table = Callable[[tuple[int, int], Callable[[OnlinePlayScene], None]], tuple[App, OnlinePlayScene]]


@pytest.fixture()
def table() -> Iterator[Table]:
    """The catalog's Arenas online table at a window size, changed by `before` before it is first drawn."""
    apps: list[App] = []

    def make(size: tuple[int, int], before: Callable[[OnlinePlayScene], None]) -> tuple[App, OnlinePlayScene]:
        app = make_app(size)
        apps.append(app)
        spec = catalog.get("arenas-online")
        assert spec is not None
        scene = spec.build(app)
        assert isinstance(scene, OnlinePlayScene)
        before(scene)
        app.stack.clear_to(scene)
        run(app, 2)
        return app, scene
    yield make
    for app in apps:
        close_app(app)


def pills(scene: OnlinePlayScene) -> dict[str, Any]:
    """The room's lines over the table: their words and rectangles."""
    return {str(p.key[1]): p.rect for p in scene.frame_parts() or [] if isinstance(p.key, tuple) and p.key[0] == "pill"}


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
def test_the_rooms_lines_stand_above_the_prompt_off_the_top_bar(table: Table, size: tuple[int, int]) -> None:
    app, scene = table(size, lambda scene: None)
    shown = pills(scene)
    chat = shown.pop("Chat (T)")  # the closed chat, on the board's edge: it covers none of the room's lines
    assert list(shown) == ["Slow connection: 210 ms to the server", "Bruno: away: 41 s left  ·  Carla: a bot for now",
                           "Your card is on its way to the server…"]
    assert not any(chat.colliderect(rect) for rect in shown.values())
    layout = scene.table
    assert layout is not None
    for rect in shown.values():
        assert layout.board.contains(rect) and not rect.colliderect(layout.hud)
        assert rect.bottom < layout.prompt_y - app.px(12)
    assert all(a.bottom <= b.top for a, b in pairwise(shown.values()))


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)], ids=["1280x720", "960x540"])
def test_the_open_chat_keeps_the_rooms_lines_clear(table: Table, size: tuple[int, int]) -> None:
    def open_chat(scene: OnlinePlayScene) -> None:
        scene.session.chat.set_open(True)
    _app, scene = table(size, open_chat)
    shown = pills(scene)
    lines = [rect for words, rect in shown.items() if "210 ms" in words or "away" in words or "on its way" in words]
    assert len(lines) == 3
    box = scene.chat_area([*lines])
    assert box.collidelist(lines) < 0
    panel = [p.rect for p in scene.frame_parts() or [] if p.rect == box]
    assert panel and all(not r.colliderect(box) for r in lines)  # the panel drawn is that box


def test_a_team_mate_elsewhere_on_turn_is_their_turn_not_yours_and_shows_no_keys(table: Table) -> None:
    def on_brunos_screen(scene: OnlinePlayScene) -> None:
        scene.remote.seat = 1  # the same room on Bruno's screen: Ana's turn
        scene.remote.pending.clear()
    _app, scene = table((1280, 720), on_brunos_screen)
    drawn: dict[int, bool] = {}
    painter = scene.view.seats
    real = painter.picture

    def picture(*args: Any, **kwargs: Any) -> Any:
        drawn[args[1]] = kwargs["keys"]
        return real(*args, **kwargs)
    painter.picture = picture  # type: ignore[method-assign]
    scene.frame_parts()
    assert drawn == {0: False, 1: True, 2: False}  # Ana elsewhere, Bruno here, Carla a bot for now


def test_at_the_end_a_team_mate_gone_to_their_result_is_not_told_as_away(table: Table) -> None:
    _app, scene = table((1280, 720), lambda scene: None)
    assert any(words.startswith("Bruno: away") for words in pills(scene))
    scene.remote.phase = Phase.OVER  # the held final board, Bruno's app already on its result screen
    assert not any("away" in words or "bot for now" in words for words in pills(scene))


def test_the_prompt_speaks_to_the_one_person_at_this_screen(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    from common.engine import text

    app, scene = table((1280, 720), lambda scene: None)
    said: list[str] = []
    original = text.render

    def spy(line: str, *args: Any, **kwargs: Any) -> Any:
        said.append(line)
        return original(line, *args, **kwargs)
    monkeypatch.setattr(text, "render", spy)
    scene.layout(app.size)
    scene.draw(app.screen)
    prompts = [line for line in said if "lick a card or press 1" in line]
    assert prompts and all(not line.startswith("Ana") for line in prompts)  # not "Ana's turn" on Ana's own screen


def test_a_result_that_never_comes_is_said_and_no_replay_is_kept(table: Table) -> None:
    from arenas.scenes.online import RESULT_WAIT_MS
    from common.data.paths import replays_dir

    app, scene = table((1280, 720), lambda s: None)
    scene.ending = (scene.remote.setup, scene.remote.state)  # over here; the server's result never comes
    kept = set(replays_dir().glob("*.json")) if replays_dir().exists() else set()
    scene.update(RESULT_WAIT_MS - 1)
    assert scene.ending is not None and not app.toasts  # still waiting
    scene.update(2)
    assert scene.ending is None
    assert [t.message for t in app.toasts] == [
        "The server's result did not come in time: this run's replay is not kept"]
    assert (set(replays_dir().glob("*.json")) if replays_dir().exists() else set()) == kept


def test_the_end_waits_for_the_result_while_the_connection_comes_back(table: Table) -> None:
    """A connection lost at the end: the rejoin brings the server's result, so the wait runs only while connected."""
    from arenas.scenes.online import RESULT_WAIT_MS

    app, scene = table((1280, 720), lambda s: None)
    scene.ending = (scene.remote.setup, scene.remote.state)
    link = scene.session.link
    assert link is not None
    link.status = "reconnecting"
    scene.update(RESULT_WAIT_MS * 3)
    assert scene.ending is not None and not app.toasts and not scene.session.ended
    link.status = "open"
    scene.update(RESULT_WAIT_MS - 1)
    assert scene.ending is not None
    scene.update(2)
    assert scene.ending is None
    assert [t.message for t in app.toasts] == [
        "The server's result did not come in time: this run's replay is not kept"]
