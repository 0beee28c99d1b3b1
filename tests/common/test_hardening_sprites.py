"""Sprite packs through the file gate: bad manifests and images, the pixel budget, decode-once, odd folder names,
and a property over any manifest bytes."""
from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common import cli
from common.data import paths
from common.engine.app import App
from common.packs import sprite_packs
from common.packs.check import check_pack, check_sprites_main
from common.packs.sprite_packs import (
    DEFAULT_PACK,
    SPRITES_DIR,
    discover_packs,
    read_pack,
)
from common.packs.sprites import SpriteBook
from common.scenes.settings import SettingsScene
from hardening import changes, file_bytes, is_one_line, snapshot

MINIMAL = '[pack]\nname = "Odd"\nauthor = "tests"\nversion = 1\n'


def png(path: Path, size: tuple[int, int] = (96, 48)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface(size, pygame.SRCALPHA, 32)
    surface.fill((200, 10, 10, 255))
    pygame.image.save(surface, str(path))
    return path


def _fifo(folder: Path, outside: Path) -> None:
    os.mkfifo(folder / "pack.toml")


def _dev_zero(folder: Path, outside: Path) -> None:
    (folder / "pack.toml").symlink_to("/dev/zero")


def _symlink_out(folder: Path, outside: Path) -> None:
    (outside / "elsewhere.toml").write_text(MINIMAL)
    (folder / "pack.toml").symlink_to(outside / "elsewhere.toml")


def _huge(folder: Path, outside: Path) -> None:
    with open(folder / "pack.toml", "wb") as f:
        f.truncate(2 * 1024 * 1024)


def _deep(folder: Path, outside: Path) -> None:
    (folder / "pack.toml").write_text("a = " + "[" * 10_000)


def _a_folder(folder: Path, outside: Path) -> None:
    (folder / "pack.toml").mkdir()


MANIFEST_CASES = [
    ("fifo", _fifo, "pack.toml: is a FIFO (named pipe), not a regular file; pack not used"),
    ("dev-zero", _dev_zero, "pack.toml: leads outside"),
    ("symlink-out", _symlink_out, "pack.toml: leads outside"),
    ("huge", _huge, "pack.toml: too large for a pack manifest file (over 1 MB); not read; pack not used"),
    ("deep", _deep, "pack.toml: TOML nested too deeply; pack not used"),
    ("folder", _a_folder, "pack.toml: is a folder, not a regular file; pack not used"),
]


@pytest.mark.parametrize("case, make, fragment", MANIFEST_CASES, ids=[c[0] for c in MANIFEST_CASES])
def test_a_bad_manifest_is_refused_with_one_line(tmp_path: Path, case: str, make: Callable[[Path, Path], None],
                                                 fragment: str) -> None:
    packs, outside = tmp_path / "packs", tmp_path / "outside"
    (packs / case).mkdir(parents=True)
    outside.mkdir()
    make(packs / case, outside)
    before = snapshot(tmp_path)
    book = SpriteBook.load(case, extra_dirs=[packs])
    assert len(book.problems) == 1 and fragment in book.problems[0] and is_one_line(book.problems[0])
    assert book.problems[0].startswith(f"sprite pack '{case}': ") and book.source("ui/button") == DEFAULT_PACK
    report = check_pack(case, extra_dirs=[packs])
    assert not report.usable and report.problems == book.problems
    assert changes(before, snapshot(tmp_path)) == {}


IMAGE_CASES = [
    ("fifo", lambda f: os.mkfifo(f / "b.png"), "b.png: not a file (a FIFO (named pipe))"),
    ("dev-zero", lambda f: (f / "b.png").symlink_to("/dev/zero"), "b.png: symlink leads outside the pack folder"),
    ("a-folder", lambda f: (f / "b.png").mkdir(), "b.png: not a file (a folder)"),
]


@pytest.mark.parametrize("case, make, fragment", IMAGE_CASES, ids=[c[0] for c in IMAGE_CASES])
def test_a_bad_image_file_falls_back_with_one_line(tmp_path: Path, case: str, make: Callable[[Path], None],
                                                   fragment: str) -> None:
    folder = tmp_path / case
    folder.mkdir()
    (folder / "pack.toml").write_text(MINIMAL + '[sprites."ui/button"]\nfile = "b.png"\n')
    make(folder)
    before = snapshot(tmp_path)
    book = SpriteBook.load(case, extra_dirs=[tmp_path])
    assert [line for line in book.problems if fragment in line] == book.problems and len(book.problems) == 1
    assert book.source("ui/button") == DEFAULT_PACK and book.image("ui/button").get_width() > 0
    assert changes(before, snapshot(tmp_path)) == {}


def _shared_pack(folder: Path, names: list[str]) -> None:
    png(folder / "one.png", (96, 96))
    body = "".join(f'[sprites."{name}"]\nfile = "one.png"\n' for name in names)
    (folder / "pack.toml").write_text(MINIMAL + body)


def _plain_sprites(count: int) -> list[str]:
    default = read_pack(DEFAULT_PACK, SPRITES_DIR / DEFAULT_PACK, None)
    plain = [n for n, meta in sorted(default.listed.items()) if meta.get("frames", 1) == 1 and not meta.get("slice")]
    return plain[:count]


def test_each_image_file_is_decoded_once_however_many_sprites_name_it(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    names = _plain_sprites(20)
    _shared_pack(tmp_path / "shared", names)
    book = SpriteBook.load("shared", extra_dirs=[tmp_path])
    assert book.problems == [] and all(book.source(n) == "shared" for n in names)
    decoded: list[str] = []
    real_load = pygame.image.load

    def load(file: object, hint: str = "") -> pygame.Surface:
        decoded.append(hint)
        return real_load(file, hint)  # type: ignore[arg-type]
    monkeypatch.setattr(pygame.image, "load", load)
    for name in names:
        book.image(name)
    assert decoded.count("one.png") == 1
    decoded.clear()
    assert check_pack("shared", extra_dirs=[tmp_path]).problems == [] and decoded.count("one.png") == 1


def test_a_pack_over_its_pixel_budget_falls_back_to_the_default_with_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = _plain_sprites(3)
    folder = tmp_path / "greedy"
    folder.mkdir()
    body = ""
    for i, name in enumerate(names):
        png(folder / f"{i}.png", (64, 64))
        body += f'[sprites."{name}"]\nfile = "{i}.png"\n'
    (folder / "pack.toml").write_text(MINIMAL + body + '[sprites."ui/star"]\nfile = "0.png"\n')
    monkeypatch.setattr(sprite_packs, "PIXEL_BUDGET", 3 * 64 * 64 - 1)  # one pixel short of the 3 distinct files
    book = SpriteBook.load("greedy", extra_dirs=[tmp_path])
    assert book.problems == ["sprite pack 'greedy': pack.toml: its 3 image files hold 0.0 million pixels, over the "
                             "budget of 0 million; using the default sprites"]
    assert all(book.source(n) == DEFAULT_PACK for n in [*names, "ui/star"])
    monkeypatch.setattr(sprite_packs, "PIXEL_BUDGET", 3 * 64 * 64)  # files shared by sprites count once
    assert SpriteBook.load("greedy", extra_dirs=[tmp_path]).problems == []


def test_the_shipped_packs_are_well_under_the_pixel_budget() -> None:
    default = read_pack(DEFAULT_PACK, SPRITES_DIR / DEFAULT_PACK, None)
    total = sum(pygame.image.load(str(e.path)).get_width() * pygame.image.load(str(e.path)).get_height()
                for e in {e.path: e for e in default.entries.values()}.values())
    assert total * 2 < sprite_packs.PIXEL_BUDGET


def _odd_pack(name: bytes) -> Path:
    """A pack folder named `name` (bytes that need not be a name) among the player's packs; their folder."""
    user_packs = paths.data_dir() / "sprites"
    user_packs.mkdir(parents=True)
    odd = os.path.join(os.fsencode(user_packs), name)
    os.mkdir(odd)
    with open(os.path.join(odd, b"pack.toml"), "w") as f:
        f.write(MINIMAL)
    return user_packs


@pytest.mark.parametrize("name", [b"bad\xff", b"esc\x1b[31m", b"tab\tname", "sur\udcff".encode("utf-8",
                                                                                                 "surrogateescape")])
def test_a_pack_folder_named_oddly_is_skipped_and_nothing_crashes(app: App, name: bytes) -> None:
    user_packs = _odd_pack(name)
    png(user_packs / "fine" / "x.png")
    (user_packs / "fine" / "pack.toml").write_text(MINIMAL)
    assert [p.id for p in discover_packs()] == ["default", "fine", "high-contrast"]
    app.push(SettingsScene(app))
    app.step([], 16)
    odd_id = os.fsdecode(name)
    book = SpriteBook.load(odd_id)
    assert book.pack_id == DEFAULT_PACK and len(book.problems) == 1 and is_one_line(book.problems[0])


def test_a_missing_manifest_is_named_not_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bare").mkdir()
    before = snapshot(tmp_path)
    assert check_sprites_main("bare", extra_dirs=[tmp_path]) == 1
    out = capsys.readouterr().err
    assert f"sprite pack 'bare': bare: no pack.toml in {tmp_path / 'bare'}" in out and "no such pack folder" not in out
    assert SpriteBook.load("bare", extra_dirs=[tmp_path]).problems == [
        f"sprite pack 'bare': pack.toml: no pack.toml in {tmp_path / 'bare'}; using the default pack"]
    assert changes(before, snapshot(tmp_path)) == {}


def test_check_sprites_prints_pack_file_names_safely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "esc"
    folder.mkdir()
    (folder / "pack.toml").write_text(MINIMAL + '[sprites."ui/button"]\nfile = "\\u001b[2Jb\\u0000.png"\n')
    assert check_sprites_main("esc", extra_dirs=[tmp_path]) == 0
    out = "".join(capsys.readouterr())
    assert "\x1b" not in out and "\x00" not in out and "?[2Jb?.png" in out


# --- property: any manifest bytes give a pack (its problems one line each) or one line ---------------------

toml_like = st.lists(st.sampled_from([
    "[pack]\n", 'name = "x"\n', "version = 1\n", "[palette]\n", 'ui_text = "#000000"\n', '[sprites."ui/button"]\n',
    'file = "b.png"\n', "slice = 4\n", "frames = 2\n", "size = [1, 2]\n", "x = [[[[", "= =\n", "\x00", "\ud800",
    "a = 99999999999999999999999999999\n", "[sprites]\n", 'file = "../../etc/passwd"\n', 'file = "/dev/zero"\n',
]), max_size=12).map(lambda parts: "".join(parts).encode("utf-8", "surrogatepass"))
manifest_bytes = st.one_of(st.binary(max_size=200), toml_like)


@functools.cache
def _default_pack() -> sprite_packs._Pack:
    return read_pack(DEFAULT_PACK, SPRITES_DIR / DEFAULT_PACK, None)


def check_any_manifest(content: bytes, default: sprite_packs._Pack) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "p"
        folder.mkdir()
        (folder / "pack.toml").write_bytes(content)
        png(folder / "b.png", (96, 48))
        pack = read_pack("p", folder, default)
        assert all(is_one_line(line) for line in pack.problems)
        assert pack.usable or len(pack.problems) == 1
        assert (folder / "pack.toml").read_bytes() == content


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(manifest_bytes)
def test_any_manifest_bytes_give_a_pack_or_one_line(app: App, content: bytes) -> None:
    check_any_manifest(content, _default_pack())


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(manifest_bytes)
def test_any_manifest_bytes_give_a_pack_or_one_line_long_run(app: App, content: bytes) -> None:
    check_any_manifest(content, _default_pack())


NAME_CASES = [
    ("not UTF-8", b"bad\xff", "the folder name is not UTF-8 text (byte 0xff at 3): pack names must be; "
                              "rename the folder"),
    ("a lone surrogate's bytes", "sur\udcff".encode("utf-8", "surrogateescape"),
     "the folder name is not UTF-8 text (byte 0xff at 3)"),
    ("an escape", b"esc\x1b[31m", "a pack name is 1 to 255 characters without control characters or path "
                                  "separators: rename the folder"),
]


@pytest.mark.parametrize("case, name, words", NAME_CASES, ids=[c[0] for c in NAME_CASES])
def test_a_pack_folder_name_that_cannot_be_a_name_is_reported_as_that(
        user_home: Path, capsys: pytest.CaptureFixture[str], case: str, name: bytes, words: str) -> None:
    _odd_pack(name)
    before = file_bytes(user_home)
    pack_id = os.fsdecode(name)  # as the command line gives it
    assert cli.main(["check-sprites", pack_id]) == 1
    _out, err = capsys.readouterr()
    problem = err.splitlines()[1]
    assert words in problem and "no such pack folder" not in err and is_one_line(problem)
    book = SpriteBook.load(pack_id)
    assert book.pack_id == DEFAULT_PACK and len(book.problems) == 1 and words in book.problems[0]
    assert is_one_line(book.problems[0])
    assert file_bytes(user_home) == before
