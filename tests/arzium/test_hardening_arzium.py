"""Arzium against bad input: bad card data and saves give one line and change nothing else on disk, Resume is
offered only for a save the table can fully rebuild, the turn in progress is saved and comes back undoable,
Start asks before replacing a saved game, and any bytes given to a loader give an object or one line."""
from __future__ import annotations

import dataclasses
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import common.data.jsonio
import common.replays.replay
from arzium import cli as arzium_cli
from arzium import save
from arzium.match import Match
from arzium.rules import cards as cards_module
from arzium.rules.actions import Action, Search
from arzium.rules.cards import CARDS_PATH, CardDataError, CardSet, load_cards
from arzium.rules.engine import legal_actions
from arzium.rules.replay import replay_from
from arzium.rules.state import SeatSetup, Setup, new_game
from arzium.scenes.flow import resume_game, setup_scene
from arzium.scenes.play import PlayScene
from arzium.scenes.setup import SetupScene
from common import cli
from common.data.paths import replays_dir
from common.engine.app import App
from common.replays.replay import Replay as ReplayFile
from common.replays.replay import read_replay, write_replay
from common.scenes.menu import MenuScene
from common.ui.dialog import Dialog
from hardening import file_bytes, replace_value
from table_spy import FRAME, said

HUMAN_FIRST = Setup((SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bot", "blue", "north", "bot", "easy")),
                    False, 0)
def one_line(message: str | None, *words: str) -> None:
    assert message is not None and "\n" not in message and "Traceback" not in message, message
    for word in words:
        assert word in message, message


# -- kind 3: the card data -------------------------------------------------------------------------

DEEP = "[" * 100_000
HUGE_INT = '{"colours": ' + "7" * 5000 + "}"


def _cards_with(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(CARDS_PATH.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


BAD_CARDS = [
    ("truncated", lambda: CARDS_PATH.read_text(encoding="utf-8")[:500], "JSON syntax error"),
    ("deep", lambda: DEEP, "nested too deeply"),
    ("huge int", lambda: HUGE_INT, "digits"),
    ("not utf-8", lambda: "\udcff", "cannot read"),
    ("colour a list", lambda: _cards_with(lambda d: d["colours"].__setitem__(0, [1])), "colours"),
    ("points 2**80", lambda: _cards_with(lambda d: d["characters"][0].__setitem__("points", 2**80)), "points"),
    ("no artifacts", lambda: _cards_with(lambda d: d.pop("artifacts")), "artifacts"),
]


@pytest.mark.parametrize("name,content,word", BAD_CARDS, ids=[c[0] for c in BAD_CARDS])
def test_corrupt_card_data_gives_one_line(tmp_path: Path, name: str, content: Callable[[], str], word: str) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(content().encode("utf-8", "surrogateescape"))
    before = file_bytes(tmp_path)
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    one_line(str(info.value), str(path), word)
    assert file_bytes(tmp_path) == before


@pytest.fixture
def corrupt_shipped_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped card file is corrupt (in this test's eyes)."""
    path = tmp_path / "cards.json"
    path.write_text(DEEP, encoding="utf-8")
    monkeypatch.setattr(cards_module, "CARDS_PATH", path)
    monkeypatch.setattr(cards_module, "_DEFAULT", None)
    return path


@pytest.mark.parametrize("command", ["arzium", "replay", "screenshot", "timedemo", "think-bench", "tournament"])
def test_commands_with_corrupt_card_data_print_one_line_and_exit_2(
        command: str, corrupt_shipped_cards: Path, tmp_path: Path, user_home: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    state = new_game(HUMAN_FIRST, 3, load_cards(CARDS_PATH))  # the real cards (the fixture moved the default)
    replay = tmp_path / "game.json"
    write_replay(replay, replay_from(state, []).to_file({}))
    before = file_bytes(tmp_path), file_bytes(user_home)
    args = {"arzium": ["arzium", "--mute"], "replay": ["replay", str(replay), "--headless"],
            "screenshot": ["screenshot", "arzium-setup", str(tmp_path / "shot.png"), "--frames", "1"],
            "timedemo": ["timedemo", "--only", "arzium-setup", "--frames", "1"],
            "think-bench": ["think-bench", "--level", "easy"],
            "tournament": ["tournament", "arzium", "--games", "1", "--log", str(tmp_path / "t.log")]}[command]
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    one_line(err.strip(), "main.py: error: ", str(corrupt_shipped_cards), "nested too deeply")
    assert (file_bytes(tmp_path), file_bytes(user_home)) == before


def test_opening_arzium_from_the_menu_with_corrupt_card_data_shows_one_line(
        app: App, corrupt_shipped_cards: Path) -> None:
    menu = MenuScene(app)
    app.stack.clear_to(menu)
    app.step([], FRAME)
    menu.start_game("arzium")
    app.step([], FRAME)
    assert app.stack.top is menu
    one_line(app.toasts[-1].message, "Arzium cannot open: ", str(corrupt_shipped_cards), "nested too deeply")


# -- kind 3: the autosave is checked as Resume will use it ---------------------------------------------


def _a_save(path: Path, pending: bool = False) -> Action:
    """A game of Ann (human, first) and a hard bot, saved on Ann's turn (her search pending if asked)."""
    state = new_game(HUMAN_FIRST, 3)
    search = next(a for a in legal_actions(state) if isinstance(a, Search))
    save.save_game(state, [], path, pending=[search] if pending else [])
    return search


def _edit(path: Path, change: Callable[[dict[str, Any]], Any]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _seat(i: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["state"]["setup"]["seats"][i].update(fields)


BAD_SAVES: list[tuple[str, Callable[[Path], None], str]] = [
    ("unknown bot level", lambda p: _edit(p, _seat(1, bot_level="grandmaster")), "bot_level: 'grandmaster'"),
    ("rng value 2**80", lambda p: _edit(p, lambda d: d["state"]["rng"][1].__setitem__(0, 2**80)),
     "OverflowError"),
    ("rng not a list", lambda p: _edit(p, lambda d: d["state"].update(rng=7)), "TypeError"),
    ("NUL in a seat name", lambda p: _edit(p, _seat(0, name="A\x00n")), "seats[0].name"),
    ("lone surrogate in a name", lambda p: p.write_text(p.read_text().replace('"Ann"', '"\\ud800"')),
     "seats[0].name"),
    ("a 1 MB name", lambda p: _edit(p, _seat(0, name="A" * 1_000_000)), "seats[0].name"),
    ("pending illegal", lambda p: _edit(p, lambda d: d.update(pending=[{"type": "skip_buy"}] * 3)), "pending"),
    ("pending not a list", lambda p: _edit(p, lambda d: d.update(pending={})), "pending: expected a list"),
    ("pending unknown action", lambda p: _edit(p, lambda d: d.update(pending=[{"type": "nap"}])), "nap"),
    ("deep nesting", lambda p: p.write_text('{"game": "arzium", "state": ' + DEEP), "JSON nested too deeply"),
    ("huge integer", lambda p: p.write_text('{"game": "arzium", "format": ' + "1" * 5000 + "}"), "number is too long"),
    ("seed a float", lambda p: _edit(p, lambda d: d["state"].update(seed=1.5)), "do not lead"),
]


@pytest.mark.parametrize("name,spoil,word", BAD_SAVES, ids=[c[0] for c in BAD_SAVES])
def test_a_save_resume_would_choke_on_is_set_aside_with_one_line(
        tmp_path: Path, name: str, spoil: Callable[[Path], None], word: str) -> None:
    path = tmp_path / "save.json"
    _a_save(path, pending=True)
    spoil(path)
    spoiled = path.read_bytes()
    others = file_bytes(tmp_path)
    del others["save.json"]
    loaded, message = save.load_saved_game(path)
    assert loaded is None
    one_line(message, str(path), word)
    assert not path.exists()
    moved = list(tmp_path.glob("save.json.bad-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == spoiled  # set aside, not lost
    after = file_bytes(tmp_path)
    del after[moved[0].name]
    assert after == others


def test_a_pending_turn_of_a_bot_seat_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    _a_save(path, pending=True)
    _edit(path, lambda d: d["state"]["setup"]["seats"][0].update(kind="bot", bot_level="easy"))
    loaded, message = save.load_saved_game(path)
    assert loaded is None
    one_line(message, "pending: no human's turn is in progress")


def test_the_setup_screen_offers_no_resume_for_a_save_naming_an_unknown_bot(app: App) -> None:
    _a_save(save.save_path())
    _edit(save.save_path(), _seat(1, bot_level="grandmaster"))
    scene = setup_scene(app)
    app.push(scene)
    assert scene.saved is None and scene.resume_btn not in scene.group.widgets


# -- kind 9: the turn in progress is saved and comes back undoable ---------------------------------------


def test_each_action_of_a_turn_in_progress_is_autosaved_and_undo_is_saved_too(user_home: Path) -> None:
    hot_seat = Setup((SeatSetup("Ann", "red", "south"), SeatSetup("Bo", "blue", "north")), False, 0)
    table = Match(new_game(hot_seat, 3), lambda ms: 0.0)
    search = next(a for a in legal_actions(table.state) if isinstance(a, Search))
    assert table.submit(search) and table.pending == [search]
    saved, message = save.load_saved_game()
    assert message is None and saved is not None and saved.pending == (search,) and saved.actions == []
    assert saved.state.to_dict() == table.state.to_dict()  # the committed state, without the pending search
    assert table.undo()
    saved, _ = save.load_saved_game()
    assert saved is not None and saved.pending == ()
    assert table.submit(search) and table.confirm() is None
    saved, _ = save.load_saved_game()
    assert saved is not None and saved.actions == [search] and saved.pending == ()
    assert said(table) == []


def _a_hot_seat_table() -> Match:
    hot_seat = Setup((SeatSetup("Ann", "red", "south"), SeatSetup("Bo", "blue", "north")), False, 0)
    table = Match(new_game(hot_seat, 3), lambda ms: 0.0)
    search = next(a for a in legal_actions(table.state) if isinstance(a, Search))
    assert table.submit(search) and table.confirm() is None
    return table


def test_two_games_ending_in_the_same_second_get_two_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "strftime", lambda fmt, *args: "20260101-120000")
    table = _a_hot_seat_table()
    paths = [table.write_replay() for _ in range(3)]
    assert [Path(p).name for p in paths if p is not None] == [
        "arzium-20260101-120000.json", "arzium-20260101-120000-2.json", "arzium-20260101-120000-3.json"]
    assert {Path(p) for p in paths if p is not None} == set(replays_dir().iterdir())
    assert all(read_replay(p, "arzium").actions == [a.to_json() for a in table.actions] for p in paths if p)


def test_a_replay_that_cannot_be_written_leaves_no_name_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(tmp: str, path: Path) -> bool:
        raise PermissionError(13, "Permission denied")

    table = _a_hot_seat_table()
    assert said(table) == []
    monkeypatch.setattr(common.data.jsonio, "_link_new", refuse)  # the content is written; naming it fails
    assert table.write_replay() is None and list(replays_dir().iterdir()) == []
    notices = said(table)
    assert len(notices) == 1 and "no permission" in notices[0] and "Permission denied" not in notices[0]


def test_a_game_over_a_newer_save_never_overwrites_nor_deletes_it() -> None:
    newer = save.save_path()
    newer.parent.mkdir(parents=True, exist_ok=True)
    newer.write_text(json.dumps({"game": "arzium", "format": 2, "state": "of a newer app"}), encoding="utf-8")
    original = newer.read_bytes()
    table = _a_hot_seat_table()  # autosaved after its first action and its confirmation
    notices = said(table)
    search = next(a for a in legal_actions(table.view_state()) if isinstance(a, Search))
    assert table.submit(search) and table.undo()
    assert said(table) == []
    assert len(notices) == 1 and notices[0].startswith(f"the game is not saved: {newer}: format version 2 is newer")
    assert table.finish() is not None and newer.read_bytes() == original
    assert [p.name for p in newer.parent.iterdir() if p.name.startswith(newer.name)] == [newer.name]


def test_resume_brings_the_turn_in_progress_back_still_undoable(app: App) -> None:
    search = _a_save(save.save_path(), pending=True)
    saved, message = save.load_saved_game()
    assert message is None and saved is not None and saved.pending == (search,)
    app.push(setup_scene(app))
    resume_game(app, saved)
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    table = scene.table
    assert table.actions == [] and table.pending == [search] and table.work is not None
    assert table.state.to_dict() == saved.state.to_dict()  # nothing committed by resuming
    assert table.undo() and table.pending == [] and table.work is None
    again, _ = save.load_saved_game()
    assert again is not None and again.pending == ()


def test_a_finished_pending_turn_comes_back_awaiting_confirmation(app: App) -> None:
    search = _a_save(save.save_path(), pending=True)  # a basic game's search is a whole turn
    saved, message = save.load_saved_game()
    assert message is None and saved is not None
    resume_game(app, saved)
    scene = app.stack.top
    assert isinstance(scene, PlayScene) and scene.table.pending == [search] and scene.table.awaiting_confirm
    assert scene.table.confirm() is None and scene.table.actions == [search] and scene.table.pending == []
    again, _ = save.load_saved_game()
    assert again is not None and again.actions == [search] and again.pending == ()


# -- kind 6: Start asks before replacing a resumable saved game ------------------------------------------


def _setup_with_a_save(app: App) -> tuple[SetupScene, bytes]:
    _a_save(save.save_path())
    scene = setup_scene(app)
    app.push(scene)
    app.step([], FRAME)
    assert scene.saved is not None
    return scene, save.save_path().read_bytes()


def test_start_over_a_saved_game_asks_and_cancel_keeps_it(app: App, user_home: Path) -> None:
    scene, saved = _setup_with_a_save(app)
    before = file_bytes(user_home)
    scene.start()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and [b.label for b in dialog.buttons] == ["Replace", "Cancel"]
    assert "turn 1, Ann, Bot" in dialog.message
    assert file_bytes(user_home) == before  # nothing written while asking
    dialog.buttons[1].activate(app)
    assert app.stack.top is scene and save.save_path().read_bytes() == saved
    assert file_bytes(user_home) == before


def test_start_over_a_saved_game_replaces_it_when_told_so(app: App) -> None:
    scene, saved = _setup_with_a_save(app)
    scene.start()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    dialog.buttons[0].activate(app)
    assert isinstance(app.stack.top, PlayScene) and save.save_path().read_bytes() != saved


def test_a_screen_closed_over_the_setup_screen_resumes_no_game(app: App) -> None:
    scene, saved = _setup_with_a_save(app)
    app.push(Dialog(app, "Rules", "Read them", [("Close", lambda: None)]))  # e.g. F1's rules screen
    app.pop()
    assert app.stack.top is scene and save.save_path().read_bytes() == saved


def test_start_without_a_saved_game_does_not_ask(app: App) -> None:
    scene = setup_scene(app)
    app.push(scene)
    scene.start()
    assert isinstance(app.stack.top, PlayScene)


# -- property tests: any bytes give an object or one line -------------------------------------------------

JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                    max_size=4), max_leaves=20)
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
                    derandomize=True)


def _good_save_text() -> str:
    state = new_game(HUMAN_FIRST, 3)
    search = next(a for a in legal_actions(state) if isinstance(a, Search))
    return json.dumps({"game": "arzium", "format": 1, "cards": state.cards.version, "state": state.to_dict(),
                       "actions": [], "pending": [search.to_json()], "assisted": False})


GOOD_SAVE = _good_save_text()


def _mutated(text: str) -> st.SearchStrategy[bytes]:
    """Bytes near `text`: cut, spliced with junk, or one JSON value replaced."""
    raw = text.encode()
    cut = st.integers(0, len(raw)).map(lambda n: raw[:n])
    splice = st.tuples(st.integers(0, len(raw)), st.binary(max_size=12)).map(lambda t: raw[:t[0]] + t[1] + raw[t[0]:])
    return st.one_of(st.binary(max_size=64), cut, splice, st.tuples(JSONISH, st.integers(0, 60)).map(
        lambda t: _replace_value(text, t[0], t[1]).encode("utf-8", "surrogatepass")))


def _replace_value(text: str, value: Any, index: int) -> str:
    """`text` with its `index`-th (mod count) JSON leaf or container replaced by `value`."""
    return json.dumps(replace_value(json.loads(text), value, index))


def _is_one_line_or_none(message: str | None) -> bool:
    return message is None or ("\n" not in message and len(message) < 2000)


@PROPERTY
@given(content=_mutated(GOOD_SAVE))
def test_any_autosave_bytes_give_a_game_or_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(content)
    loaded, message = save.load_saved_game(path)
    assert (loaded is None) != (message is None), message
    assert _is_one_line_or_none(message)
    for leftover in tmp_path.iterdir():
        leftover.unlink()


@PROPERTY
@given(content=_mutated(json.dumps({"game": "arzium-setup", "format": 1, "setup": HUMAN_FIRST.to_dict()})))
def test_any_setup_memory_bytes_give_a_setup_or_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "setup.json"
    path.write_bytes(content)
    setup, message = save.load_last_setup(path)
    assert (setup is None) != (message is None)
    assert _is_one_line_or_none(message)
    for leftover in tmp_path.iterdir():
        leftover.unlink()


@PROPERTY
@given(content=_mutated(CARDS_PATH.read_text(encoding="utf-8")))
def test_any_card_data_bytes_give_a_card_set_or_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    try:
        assert isinstance(load_cards(path), CardSet)
    except CardDataError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))


def _good_replay() -> ReplayFile:
    from arzium_testkit import play_random

    state, actions, _ = play_random(3, True, 5, max_actions=30)
    return replay_from(state, actions).to_file({"players": ["A", "B", "C"]})


GOOD_REPLAY = _good_replay()


@PROPERTY
@given(value=JSONISH, index=st.integers(0, 2000), part=st.sampled_from(["setup", "actions", "seed"]))
def test_any_replay_content_gives_an_outcome_or_one_line(value: Any, index: int, part: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    original = {"setup": GOOD_REPLAY.setup, "actions": GOOD_REPLAY.actions, "seed": [GOOD_REPLAY.seed]}[part]
    changed = _replace_value(json.dumps(original), value, index)
    content = json.loads(changed)
    if part == "seed":  # the file reader has made sure the seed is an integer
        content = content[0] if isinstance(content[0], int) and not isinstance(content[0], bool) else index
    replay = dataclasses.replace(GOOD_REPLAY, **{part: content})
    code = arzium_cli.replay_headless(replay, Path("r.json"))
    out, err = capsys.readouterr()
    assert (code, err) == (0, "") or (code == 2 and out == "" and err.count("\n") == 1 and "r.json" in err), err


def test_the_property_tests_see_a_good_save_as_good(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(GOOD_SAVE, encoding="utf-8")
    loaded, message = save.load_saved_game(path)
    assert message is None and loaded is not None and len(loaded.pending) == 1
    assert os.listdir(tmp_path) == ["save.json"]
