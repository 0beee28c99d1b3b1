"""The Arzium setup screen remembers the last started setup (seats with names, human/bot, bot level,
colour and edge; basic/full; first player, chosen or drawn at random) in the data folder; a bad memory file is
set aside and the screen opens with its defaults and one toast line. Play again passes the first turn on."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from arzium import save
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.flow import result_scene, setup_scene
from arzium.scenes.play import PlayScene
from arzium.scenes.setup import RANDOM_FIRST, LevelSegment, SetupScene
from common.data.paths import data_dir
from common.engine.app import App
from common.engine.scene import Scene

FRAME = 1000 / 60

REMEMBERED = Setup((SeatSetup("Ana", "green", "west", "human", "normal"),
                    SeatSetup("Snorebert", "red", "north", "bot", "hard"),
                    SeatSetup("Mumbling Mo", "yellow", "south", "bot", "easy")), True, 2)


@pytest.fixture()
def app(app: App) -> App:
    """The headless app (conftest) over an empty scene."""
    app.stack.clear_to(Scene(app))
    return app


def open_setup(app: App) -> SetupScene:
    app.stack.clear_to(Scene(app))
    scene = setup_scene(app)
    app.push(scene)
    app.step([], FRAME)
    return scene


def memory_file(data: object) -> Path:
    path = save.setup_memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def valid_file_data(setup: Setup = REMEMBERED) -> dict:
    return {"game": "arzium-setup", "format": 1, "setup": setup.to_dict()}


def assert_defaults(scene: SetupScene) -> None:
    assert [(s["name"], s["kind"], s["level"]) for s in scene.seats] == [
        ("Player 1", "human", "normal"), ("Snorebert", "bot", "normal")]
    assert scene.edges == ["south", "north"]
    assert scene.full_game is False and scene.mode.value is False
    assert scene.first == RANDOM_FIRST and scene.first_choice.value == RANDOM_FIRST  # drawn as the game starts
    assert scene.setup().seats[0].colour == scene.cards.colours[0]


# -- the file ---------------------------------------------------------------------------------

def test_the_memory_lives_in_the_data_folder_and_round_trips(user_home: Path) -> None:
    assert save.setup_memory_path().parent == data_dir()
    assert str(save.setup_memory_path()).startswith(str(user_home))
    assert save.load_last_setup() == (None, None)  # no file: defaults, nothing to say
    assert save.save_last_setup(REMEMBERED) is None
    assert save.load_last_setup() == (REMEMBERED, None)
    assert not list(data_dir().glob("*.tmp"))  # written atomically: no temp file left behind


def test_an_unwritable_memory_gives_one_line_not_an_exception(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    message = save.save_last_setup(REMEMBERED, blocker / "arzium_setup.json")
    assert message is not None and "\n" not in message and str(blocker) in message


def _with_seat(**change: object) -> dict:
    data = valid_file_data()
    data["setup"]["seats"][1].update(change)
    return data


SEVEN_SEATS = valid_file_data()
SEVEN_SEATS["setup"]["seats"] = [dict(SEVEN_SEATS["setup"]["seats"][0], name=f"P{i}") for i in range(7)]

BAD_FILES = {
    "not json": '{"game": "arzium-setup", "format": 1, "setup": {"seats": [',
    "not utf-8": b"\xff\xfe\x00garbage",
    "a list": [1, 2, 3],
    "another game": dict(valid_file_data(), game="arenas"),
    "a format that is no number": dict(valid_file_data(), format="2"),
    "no setup": {"game": "arzium-setup", "format": 1},
    "seats not a list": {"game": "arzium-setup", "format": 1, "setup": {"seats": {"a": 1}, "full_game": False,
                                                                         "first_player": 0}},
    "a name that is a number": _with_seat(name=7),
    "full game as text": dict(valid_file_data(), setup=dict(valid_file_data()["setup"], full_game="yes")),
    "first player as text": dict(valid_file_data(), setup=dict(valid_file_data()["setup"], first_player="1")),
    "an unknown bot level": _with_seat(bot_level="nightmare"),
    "seven seats": SEVEN_SEATS,
    "one seat": dict(valid_file_data(), setup=dict(valid_file_data()["setup"], seats=[REMEMBERED.seats[0].to_dict()])),
    "first player out of range": dict(valid_file_data(), setup=dict(valid_file_data()["setup"], first_player=3)),
    "an unknown colour": _with_seat(colour="purple"),
    "a shared edge": _with_seat(edge="west"),
    "an unknown kind": _with_seat(kind="ghost"),
    "an empty name": _with_seat(name="  "),
    "a first player neither chosen nor random": dict(valid_file_data(), first="dealer"),
    "a name too long": _with_seat(name="N" * 40),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_memory_is_set_aside_with_one_line(case: str) -> None:
    content = BAD_FILES[case]
    path = memory_file(content)
    setup, message = save.load_last_setup()
    assert setup is None
    assert message is not None and "\n" not in message and str(path) in message and "moved to" in message
    assert not path.exists()
    assert len(list(path.parent.glob(path.name + ".bad-*"))) == 1
    assert save.load_last_setup() == (None, None)  # set aside once; the next look finds nothing


def test_a_memory_of_a_newer_format_is_kept_and_never_overwritten() -> None:
    path = memory_file(dict(valid_file_data(), format=99))
    original = path.read_bytes()
    setup, message = save.load_last_setup()
    assert setup is None and message is not None and "\n" not in message
    assert "is format version 99, newer than this app's 1: not used, never rewritten" in message
    message = save.save_last_setup(REMEMBERED)
    assert message is not None and "\n" not in message
    assert message.startswith("the Arzium setup is not remembered: ") and message.endswith("; not overwritten")
    assert path.read_bytes() == original and list(path.parent.glob(path.name + "*")) == [path]


# -- the screen ---------------------------------------------------------------------------------

def test_without_a_memory_the_screen_shows_the_defaults_quietly(app: App) -> None:
    app.toasts.clear()
    scene = open_setup(app)
    assert_defaults(scene)
    assert app.toasts == []


@pytest.mark.parametrize("case", ["not json", "a name that is a number", "an unknown bot level", "seven seats",
                                  "full game as text"])
def test_a_bad_memory_opens_the_defaults_with_one_toast(app: App, case: str) -> None:
    path = memory_file(BAD_FILES[case])
    app.toasts.clear()
    scene = open_setup(app)
    assert_defaults(scene)
    assert len(app.toasts) == 1 and str(path) in app.toasts[0].message and "\n" not in app.toasts[0].message
    assert not path.exists() and list(path.parent.glob(path.name + ".bad-*"))
    for _ in range(20):
        app.step([], FRAME)
    scene.start()  # the screen still works, and Start writes a good memory over the gap
    assert isinstance(app.stack.top, PlayScene)
    assert save.load_last_setup()[0] == app.stack.top.table.state.setup


def test_the_screen_shows_the_remembered_setup(app: App) -> None:
    memory_file(valid_file_data())
    app.toasts.clear()
    scene = open_setup(app)
    assert app.toasts == []
    assert scene.setup() == REMEMBERED
    assert scene.mode.value is True and scene.first_choice.value == 2
    assert [label for _, label in scene.first_choice.options] == ["Random", "Ana", "Snorebert", "Mumbling Mo"]
    rows = scene.rows
    assert [r["name"].value for r in rows] == ["Ana", "Snorebert", "Mumbling Mo"]
    assert [r["kind"].label for r in rows] == ["Human", "Bot", "Bot"]
    assert [r["colour"].label for r in rows] == ["Green", "Red", "Yellow"]
    assert [r["edge"].label for r in rows] == ["West", "North", "South"]
    assert "level_hard" not in rows[0]
    chosen = [[w.level for w in r.values() if isinstance(w, LevelSegment) and w.chosen() == w.level] for r in rows[1:]]
    assert chosen == [["hard"], ["easy"]]
    assert scene.add_btn in scene.group.widgets and all("remove" in r for r in rows)
    for _ in range(10):
        app.step([], FRAME)  # draws without trouble


def test_start_remembers_the_setup_for_the_next_visit(app: App) -> None:
    scene = open_setup(app)
    scene.add_seat()                      # a third seat, a Normal bot
    scene.set_seat(0, "name", "Ana")
    scene.set_seat(1, "level", "hard")        # the Hard bot from the report
    scene.cycle(0, "colour")              # seat 0 takes seat 1's colour, seat 1 gets seat 0's
    scene.cycle_edge(2)
    scene.set_mode(True)
    scene.first_choice.index = 2  # after Random and seat 0
    scene.set_first(1)
    started = scene.setup()
    assert not save.setup_memory_path().exists()  # nothing is written before Start
    scene.start()
    assert isinstance(app.stack.top, PlayScene) and app.stack.top.table.state.setup == started
    assert save.load_last_setup() == (started, None)

    again = open_setup(app)
    assert again.setup() == started
    assert again.seats[1]["level"] == "hard" and again.full_game and again.first == 1


def test_play_again_reuses_the_seats_passes_the_first_turn_on_and_the_memory_stays(app: App) -> None:
    save.save_last_setup(REMEMBERED)
    firsts = []
    state = new_game(REMEMBERED, 11)
    for _ in range(4):
        app.stack.clear_to(Scene(app))
        result = result_scene(app, state)
        app.push(result)
        result.play_again()
        assert isinstance(app.stack.top, PlayScene)
        state = app.stack.top.table.state
        assert state.setup == replace(REMEMBERED, first_player=state.setup.first_player)
        firsts.append(state.setup.first_player)
    assert firsts == [0, 1, 2, 0]  # REMEMBERED's first player is seat 2: the next seat clockwise each time
    assert save.load_last_setup() == (REMEMBERED, None)


def test_a_random_first_player_is_drawn_from_the_game_seed_and_stays_random(app: App) -> None:
    scene = open_setup(app)
    scene.add_seat()
    scene.add_seat()
    drawn = [scene.setup(seed).first_player for seed in range(1, 201)]
    assert drawn == [scene.setup(seed).first_player for seed in range(1, 201)]  # the same for a seed
    assert sorted(set(drawn)) == [0, 1, 2, 3] and min(drawn.count(k) for k in range(4)) >= 30  # 50 each, give or take
    scene.start()
    assert isinstance(app.stack.top, PlayScene)
    started = app.stack.top.table.state
    assert started.setup.first_player == scene.setup(started.seed).first_player
    told = app.stack.top.log.lines[1]  # the move log says who was drawn, in that seat's colour
    assert (told.text, told.player) == (f"{scene.seats[started.setup.first_player]['name']} plays first",
                                        started.setup.first_player)
    assert json.loads(save.setup_memory_path().read_text(encoding="utf-8"))["first"] == "random"
    memory, message = save.load_setup_memory()
    assert message is None and memory == (started.setup, True)
    save.delete_save()  # no "replace the saved game?" question at the next Start
    again = open_setup(app)  # Random again, not the seat it drew
    assert again.first == RANDOM_FIRST and again.first_choice.value == RANDOM_FIRST
    again.set_first(2)
    again.first_choice.index = 3
    again.start()
    data = json.loads(save.setup_memory_path().read_text(encoding="utf-8"))
    assert "first" not in data and data["setup"]["first_player"] == 2  # a chosen seat: the file as before
    assert open_setup(app).first == 2


def test_leaving_without_start_does_not_change_the_memory(app: App) -> None:
    save.save_last_setup(REMEMBERED)
    scene = open_setup(app)
    scene.remove_seat(2)
    scene.set_mode(False)
    app.pop()
    assert save.load_last_setup() == (REMEMBERED, None)


def test_the_log_speaks_to_a_seat_called_you(app: App) -> None:
    scene = open_setup(app)
    scene.set_seat(0, "name", "You")
    scene.set_first(0)
    scene.first_choice.index = 1
    scene.start()
    assert isinstance(app.stack.top, PlayScene)
    assert app.stack.top.log.lines[1].text == "You play first"
