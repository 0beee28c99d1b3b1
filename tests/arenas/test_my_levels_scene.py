"""The My levels screen: reached from the setup screens, a dropped file imported with one toast, Play runs the
level as one of mine (bots at the other seats), Host hands the room its level, Delete removes it; the room
server caps and checks a hosted level, and a guest plays the level it is sent."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from arenas.bench import ScriptedPerson
from arenas.my_levels import MyLevels
from arenas.room import MAX_LEVEL_BYTES, setup_from_json, setup_json
from arenas.rules.levels import level_from_dict, level_path, load_level
from arenas.scenes import online
from arenas.scenes.flow import setup_scene
from arenas.scenes.my_levels import Delete, MyLevelsScene, Play
from arenas.scenes.play import PlayScene
from arenas.session import GameSetup, SetupError
from arenas.shared_level import SharedLevel
from common.cli import dropped_file
from common.engine.app import App
from common.games import room_sides
from common.net.bench import Bench, Faults
from common.net.server import Server

LEVEL = load_level(level_path(6))  # two players
QUICK = level_from_dict({"number": 900, "name": "Quick of mine", "layout": "arc",
                         "path": ["yellow circle", "orange circle", "yellow crescent", "orange crescent"] * 3,
                         "deactivator": 9, "timers": [{"id": "fast1", "tile": 8}], "team_size": 2})


def open_mine(app: App, hosting: bool = False) -> MyLevelsScene:
    sent: list[dict[str, Any]] = []
    setup = online.setup_scene(app, sent.append) if hosting else setup_scene(app)
    app.stack.clear_to(setup)
    setup.my_levels.on_click()
    top = app.stack.top
    assert isinstance(top, MyLevelsScene) and top.hosting == hosting
    app.step([], 16)
    top.sent = sent  # type: ignore[attr-defined]
    return top


def test_a_file_dropped_on_my_levels_is_imported_with_one_toast(app: App, tmp_path: Path) -> None:
    scene = open_mine(app)
    file = tmp_path / "friend.json"
    file.write_bytes(SharedLevel(LEVEL, "Bo").to_bytes())
    app.step([pygame.event.Event(pygame.DROPFILE, file=str(file))], 16)
    assert [t.message for t in app.toasts] == ["“Crossing Sands” added to My levels (not proven yet)"]
    assert scene.selected is not None and scene.selected.level == LEVEL
    bad = tmp_path / "bad.json"
    bad.write_text("[", encoding="utf-8")
    app.step([pygame.event.Event(pygame.DROPFILE, file=str(bad))], 16)
    assert app.toasts[-1].message.startswith(f"{bad}: ") and len(scene.rows.levels) == 1


def test_a_file_dropped_elsewhere_goes_to_the_game_that_knows_it(tmp_path: Path) -> None:
    file = tmp_path / "friend.json"
    file.write_bytes(SharedLevel(LEVEL).to_bytes())
    assert dropped_file(file) == "“Crossing Sands” added to My levels (not proven yet)"
    assert dropped_file(tmp_path / "picture.png") is None


def test_play_runs_the_level_as_mine_with_bots_at_the_other_seats(app: App) -> None:
    MyLevels().add(SharedLevel(LEVEL))
    scene = open_mine(app)
    scene.carry_out(Play())
    top = app.stack.top
    assert isinstance(top, PlayScene)
    setup = top.run.setup
    assert setup.level == LEVEL and setup.mine and setup.bots == (1,) and len(setup.players) == 2


def test_host_gives_the_room_the_level_and_delete_removes_it(app: App) -> None:
    mine = MyLevels().add(SharedLevel(LEVEL))
    scene = open_mine(app, hosting=True)
    scene.carry_out(Play())
    sent = scene.sent  # type: ignore[attr-defined]
    assert len(sent) == 1 and sent[0]["level"] == LEVEL.to_dict() and sent[0]["bots"] == []
    assert setup_from_json(sent[0], 1).level == LEVEL
    again = open_mine(app)
    again.carry_out(Delete(mine.id))
    assert again.rows.levels == () and MyLevels().list().levels == ()


def test_a_level_past_the_cap_is_refused_by_the_server_and_by_a_client() -> None:
    data = setup_json(GameSetup(LEVEL, ("Ana", "Bo")))
    data["level"]["description"] = "x" * MAX_LEVEL_BYTES
    with pytest.raises(SetupError, match=rf"setup\.level: too large .* at most {MAX_LEVEL_BYTES}"):
        setup_from_json(data, 1)
    deep: Any = []
    for _ in range(5_000):
        deep = [deep]
    with pytest.raises(SetupError, match=r"setup\.level: too large"):
        setup_from_json({**data, "level": deep}, 1)


def test_a_guest_receives_the_hosts_level_and_plays_it_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("arenas.room.COUNTDOWN_MS", 200)  # a short countdown: the sand starts on the server's clock
    def room_setup(index: int, seats: int) -> dict[str, Any]:
        return setup_json(GameSetup(QUICK, ("Host", "Guest")))

    async def main() -> Bench:
        server = Server(None, room_sides())
        port = await server.start("127.0.0.1", 0)
        try:
            bench = Bench(f"ws://127.0.0.1:{port}", "arenas", 1, 2, (0, 0), room_setup, ScriptedPerson, seed=3)
            await bench.run(30.0, Faults())
            return bench
        finally:
            await server.stop()
    bench = asyncio.run(main())
    assert bench.tally.finished == 1 and bench.tally.desyncs == 0 and not bench.tally.errors
    runs = [c.player.run for c in bench.clients if isinstance(c.player, ScriptedPerson)]
    assert len(runs) == 2 and all(r is not None and r.setup.level == QUICK for r in runs)
    replay = runs[1].result_replay if runs[1] is not None else None
    assert replay is not None and json.dumps(replay["setup"]["level"]) == json.dumps(QUICK.to_dict())
