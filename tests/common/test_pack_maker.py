"""New sprite pack from the app: the starter is copied under the typed name into the user's packs folder, selected,
and reloads with F5; a bad name gets one line and makes nothing; the packs and data folders are shown."""
from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pygame
import pytest

from common.data import i18n, paths
from common.engine import text
from common.engine.app import App
from common.packs import maker as pack_maker
from common.packs.check import check_pack
from common.packs.maker import NAME_LIMIT, STARTER, make_pack, suggested_name, user_packs_dir
from common.scenes.new_pack import NewPackScene
from common.scenes.settings import SettingsScene
from common.ui.dialog import Dialog
from helpers import key, run
from text_record import Drawn, record


def typed(text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in text]


def test_a_new_pack_is_the_starter_under_the_typed_name_and_usable() -> None:
    made = make_pack("  Mi paquete ")
    assert not isinstance(made, str) and made.id == "Mi paquete" and made.folder == user_packs_dir() / "Mi paquete"
    manifest = (made.folder / "pack.toml").read_text("utf-8")
    assert 'name = "Mi paquete"' in manifest and "not this file" not in manifest and "sprites/generate" not in manifest
    report = check_pack("Mi paquete")
    assert report.usable and report.problems == [] and sorted(report.overrides) == sorted(STARTER)


@pytest.mark.parametrize(("name", "problem"), [
    ("", "Type a name for the new pack."),
    ("   ", "Type a name for the new pack."),
    ("x" * (NAME_LIMIT + 1), f"A pack name has at most {NAME_LIMIT} characters."),
    ("a/b", "A pack name cannot hold any of"),
    ("..\\up", "A pack name cannot hold any of"),
    ("..", "A pack name cannot start with a dot"),
    (os.fsdecode(b"caf\xe9"), "hold characters that cannot be shown"),  # a byte that is not UTF-8
    ("tab\there", "hold characters that cannot be shown"),
    ("default", "There is already a pack called “default”"),
    ("HIGH-CONTRAST", "There is already a pack called “HIGH-CONTRAST”"),
])
def test_a_bad_name_gets_one_line_and_makes_nothing(name: str, problem: str) -> None:
    made = make_pack(name)
    assert isinstance(made, str) and problem in made and "\n" not in made
    assert not user_packs_dir().exists() or list(user_packs_dir().iterdir()) == []


def test_a_taken_name_of_the_users_own_is_refused_and_its_pack_kept() -> None:
    first = make_pack("Mine")
    assert not isinstance(first, str)
    (first.folder / "ui" / "button.png").write_bytes(b"edited")
    assert make_pack("mine") == "There is already a pack called “mine”: choose another name."
    assert (first.folder / "ui" / "button.png").read_bytes() == b"edited"


def test_a_name_typed_decomposed_is_the_name_of_the_pack_with_its_letters_composed() -> None:
    made = make_pack("café")
    assert not isinstance(made, str)
    for same in ("cafe\u0301", "CAFE\u0301", "Café"):
        assert make_pack(same) == f"There is already a pack called “{unicodedata.normalize('NFC', same)}”: " \
                                  "choose another name."
    assert os.listdir(user_packs_dir()) == ["café"]
    other = make_pack("the\u0301")
    assert not isinstance(other, str) and other.id == "thé" and (user_packs_dir() / "thé").is_dir()


@pytest.mark.parametrize("name", ["CON", "nul", "Com1", "LPT9", "aux.pack", "PRN .x", "com¹", "Arena.", "conin$"])
def test_a_name_windows_cannot_create_is_one_line_and_makes_nothing(name: str) -> None:
    made = make_pack(name)
    assert made == f"“{name}” cannot name a folder on Windows (a device's name, or a dot at the end): a pack must " \
                   "travel between computers, choose another name."
    assert not user_packs_dir().exists()


def test_names_that_only_look_like_a_device_are_made() -> None:
    for name in ("CONSOLE", "COM10", "LPT", "Nul pack", "con-man"):
        assert not isinstance(make_pack(name), str), name


def test_the_suggested_name_looks_at_the_packs_once_and_never_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = user_packs_dir()
    folder.mkdir(parents=True)
    for name in ("My pack", *(f"My pack {i}" for i in range(2, 1001))):
        (folder / name).mkdir()
    scans: list[object] = []
    real = pack_maker.discover_packs
    monkeypatch.setattr(pack_maker, "discover_packs", lambda extra=None: scans.append(extra) or real(extra))
    assert suggested_name("My pack") == "My pack 1001" and len(scans) == 1
    assert suggested_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT  # free: the name itself
    (folder / ("x" * NAME_LIMIT)).mkdir()
    assert suggested_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT  # no longer name fits: the player types one


def test_an_unwritable_packs_folder_is_one_line(user_home: Path) -> None:
    user_packs_dir().parent.mkdir(parents=True, exist_ok=True)
    user_packs_dir().write_text("a file where the folder should be", "utf-8")
    made = make_pack("Mine")
    assert isinstance(made, str) and made.startswith("The pack could not be written in") and "\n" not in made


@pytest.mark.parametrize("language", ["en", "es"])
def test_settings_make_and_select_a_pack_by_keyboard_and_f5_reloads_it(app: App, language: str) -> None:
    app.apply_settings(app.settings.__class__(language=language))
    settings = SettingsScene(app)
    app.stack.clear_to(settings)
    run(app, 1)
    while app.stack.top is settings and settings.group.focused is not settings.new_pack:
        app.step(key(pygame.K_DOWN), 16)
    app.step(key(pygame.K_RETURN), 16)
    prompt = app.stack.top
    assert isinstance(prompt, NewPackScene) and prompt.name == i18n._("My pack")
    app.step(typed("Arena/1"), 16)  # the first key replaces the suggestion
    app.step(key(pygame.K_RETURN), 16)
    assert app.stack.top is prompt and "/" in prompt.problem and "\n" not in prompt.problem
    app.step(key(pygame.K_BACKSPACE) + key(pygame.K_BACKSPACE) + typed(" 1"), 16)
    app.step(key(pygame.K_RETURN), 16)
    told = app.stack.top  # where to paint, at body size: the pack's own folder, to open or to copy
    assert isinstance(told, Dialog) and app.settings.sprite_pack == "Arena 1"
    assert app.sprites.pack_id == "Arena 1" and "Arena 1" in str(settings.rows[1].options)
    folder = user_packs_dir() / "Arena 1"
    assert told.message.endswith("\n" + str(folder)) and "F5" in told.message
    assert [b.label for b in told.buttons] == [i18n._("Open the folder"), i18n._("Copy the path"), i18n._("Close")]
    told.buttons[0].activate(app)
    shown = app.stack.top  # headless: the folder's path in a dialog, as a file manager would open it
    assert isinstance(shown, Dialog) and shown is not told and shown.message.endswith("\n" + str(folder))
    app.step(key(pygame.K_ESCAPE), 16)
    assert app.stack.top is settings
    pygame.image.save(pygame.Surface((96, 48)), str(folder / "ui" / "button.png"))
    app.step(key(pygame.K_F5), 16)
    assert app.sprites.problems == [] and "Arena 1" in app.toasts[-1].message
    i18n.set_language("en")


def test_settings_show_the_data_folder_and_open_the_packs_folder(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Drawn()
    record(drawn, monkeypatch)
    text.clear_cache()
    settings = SettingsScene(app)
    app.stack.clear_to(settings)
    run(app, 1)
    assert any(str(paths.data_dir()) in s for s in drawn.strings) and not drawn.overflows
    settings.open_packs.activate(app)
    shown = app.stack.top  # headless: the path in a dialog, to copy
    assert isinstance(shown, Dialog) and str(user_packs_dir()) in shown.message
