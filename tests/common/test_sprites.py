"""Sprite packs: the shipped packs, layering, every broken-pack case, check-sprites and reload."""
from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pygame
import pytest

from common.data import paths
from common.data.files import Kind, look_into
from common.data.png import png_size, png_size_from
from common.packs import sprites
from common.packs.check import CheckReport, check_pack, check_sprites_main
from common.packs.sprite_packs import (
    FALLBACK_COLOUR,
    SPRITES_DIR,
    _plain_path,
    check_pending,
    discover_packs,
    read_pack,
)
from common.packs.sprites import SpriteBook

DEFAULT_DIR = SPRITES_DIR / "default"
DEFAULT_MANIFEST = tomllib.loads((DEFAULT_DIR / "pack.toml").read_text(encoding="utf-8"))
MINIMAL = '[pack]\nname = "Broken"\nauthor = "tests"\nversion = 1\n'


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def default_pixels(name: str) -> bytes:
    return pixels(pygame.image.load(str(DEFAULT_DIR / DEFAULT_MANIFEST["sprites"][name]["file"])))


def solid_png(path: Path, size: tuple[int, int], colour: tuple[int, int, int, int]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface(size, pygame.SRCALPHA, 32)
    surface.fill(colour)
    pygame.image.save(surface, str(path))
    return path


def make_pack(root: Path, pack_id: str, manifest: str, files: dict[str, bytes] | None = None) -> Path:
    folder = root / pack_id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.toml").write_text(manifest, encoding="utf-8")
    for name, data in (files or {}).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def override(name: str, file: str, extra: str = "") -> str:
    return f'{MINIMAL}\n[sprites."{name}"]\nfile = "{file}"\n{extra}\n'


@pytest.fixture
def packs(tmp_path: Path) -> Path:
    root = tmp_path / "packs"
    root.mkdir()
    return root


# --- the shipped packs ---------------------------------------------------------------------------


def test_default_pack_loads_without_problems_and_has_every_manifest_sprite() -> None:
    book = SpriteBook.load(None)
    assert book.pack_id == "default" and book.pack_name == "Default"
    assert book.problems == []
    assert set(DEFAULT_MANIFEST["sprites"]) == set(book.names())
    for name, entry in DEFAULT_MANIFEST["sprites"].items():
        assert (DEFAULT_DIR / entry["file"]).is_file(), name
        image = book.image(name)
        assert book.source(name) == "default", name
        frames = entry.get("frames", 1)
        assert [image.get_width() // frames, image.get_height()] == entry["size"], name
    assert book.problems == []


def test_default_pack_has_the_ui_sprites_and_palette_the_shell_draws() -> None:
    names = set(DEFAULT_MANIFEST["sprites"])
    for name in ("ui/background", "ui/panel", "ui/dialog", "ui/button", "ui/button_hover", "ui/button_pressed",
                 "ui/button_disabled", "ui/focus_ring", "ui/slider_track", "ui/slider_fill", "ui/slider_knob",
                 "ui/toggle_off", "ui/toggle_on", "ui/tooltip", "ui/list_row", "ui/list_row_selected",
                 "ui/scrollbar_track", "ui/scrollbar_thumb", "ui/logo_emblem", "ui/icon_arenas", "ui/icon_arzium",
                 "ui/icon_settings", "ui/icon_rules", "ui/icon_quit", "ui/icon_back", "ui/lock", "ui/star"):
        assert name in names
    assert DEFAULT_MANIFEST["sprites"]["ui/background"]["size"] == [1280, 720]
    assert DEFAULT_MANIFEST["sprites"]["ui/button"]["slice"] == 16
    for key in ("ui_text", "ui_text_light", "ui_accent", "ui_focus", "ui_danger", "ui_ok", "ui_shadow", "ui_bg"):
        assert key in DEFAULT_MANIFEST["palette"]


def test_check_pack_default_and_high_contrast_are_clean() -> None:
    assert check_pack("default") == CheckReport("default", [], [], True, "Default", DEFAULT_DIR)
    report = check_pack("high-contrast")
    assert report.usable and report.problems == []
    assert "ui/button" in report.overrides and "palette.ui_focus" in report.overrides


def test_high_contrast_overrides_some_sprites_and_the_rest_falls_back() -> None:
    manifest = tomllib.loads((SPRITES_DIR / "high-contrast" / "pack.toml").read_text(encoding="utf-8"))
    overridden = set(manifest["sprites"])
    assert {"ui/button", "ui/panel", "ui/focus_ring"} <= overridden
    book = SpriteBook.load("high-contrast")
    assert (book.pack_id, book.pack_name, book.problems) == ("high-contrast", "High Contrast", [])
    for name in book.names():
        assert book.source(name) == ("high-contrast" if name in overridden else "default"), name
    assert pixels(book.image("ui/button")) != default_pixels("ui/button")
    assert pixels(book.image("ui/dialog")) == default_pixels("ui/dialog")
    assert book.colour("ui_text") == (0, 0, 0)
    accent = DEFAULT_MANIFEST["palette"]["ui_accent"]
    assert book.colour("ui_accent") == tuple(int(accent[i:i + 2], 16) for i in (1, 3, 5))
    assert book.meta("ui/button")["file"] == "ui/button.png" and book.meta("ui/button")["slice"] == 16


def test_discover_packs_lists_repo_and_user_packs_default_first(user_home: Path, tmp_path: Path) -> None:
    user_sprites = paths.data_dir() / "sprites"
    assert str(user_sprites).startswith(str(user_home))
    make_pack(user_sprites, "mine", '[pack]\nname = "My Pack"\nauthor = "me"\n')
    make_pack(user_sprites, "broken", "[pack\n")
    (user_sprites / "not-a-pack").mkdir()
    found = discover_packs()
    ids = [info.id for info in found]
    assert ids[0] == "default"
    assert {"high-contrast", "mine", "broken"} <= set(ids)
    assert "generate" not in ids and "not-a-pack" not in ids
    info = {i.id: i for i in found}
    assert (info["mine"].name, info["mine"].author, info["mine"].path) == ("My Pack", "me", user_sprites / "mine")
    assert info["broken"].name == "broken"
    extra = tmp_path / "extra"
    make_pack(extra, "extra-pack", '[pack]\nname = "Extra"\n')
    assert "extra-pack" in [i.id for i in discover_packs([extra])]


def test_a_user_pack_in_the_data_folder_is_layered(user_home: Path) -> None:
    folder = make_pack(paths.data_dir() / "sprites", "mine", override("ui/star", "star.png"))
    solid_png(folder / "star.png", (32, 32), (0, 255, 0, 255))
    book = SpriteBook.load("mine")
    assert book.problems == [] and book.source("ui/star") == "mine"
    assert book.image("ui/star").get_at((5, 5)) == (0, 255, 0, 255)


# --- the broken-pack table -----------------------------------------------------------------------


def good_png_bytes() -> bytes:
    return (DEFAULT_DIR / DEFAULT_MANIFEST["sprites"]["ui/button"]["file"]).read_bytes()


def big_png(tmp_path: Path) -> bytes:
    return solid_png(tmp_path / "big_source.png", (5000, 1), (1, 2, 3, 255)).read_bytes()


def corrupt_idat() -> bytes:
    data = bytearray(good_png_bytes())
    start = data.index(b"IDAT") + 4
    for i in range(start + 10, start + 200):
        data[i] ^= 0x5A
    return bytes(data)


BROKEN_FILES = [
    # id, manifest file entry, files to write, expected message fragment
    ("missing", "ui/nothere.png", {}, "ui/nothere.png: file not found"),
    ("zero-byte", "ui/button.png", {"ui/button.png": b""}, "ui/button.png: empty file (0 bytes)"),
    ("text", "ui/button.png", {"ui/button.png": b"this is not an image\n"},
      "ui/button.png: not a PNG image (it looks like text)"),
    ("truncated", "ui/button.png", {"ui/button.png": "TRUNCATED"}, "ui/button.png: truncated PNG"),
    ("too-big", "ui/button.png", {"ui/button.png": "BIG"},
      "ui/button.png: image too large (5000x1 px; at most 4096 px a side)"),
    ("dotdot", "../outside.png", {}, "../outside.png: path leaves the pack folder"),
    ("absolute", "ABSOLUTE", {}, "absolute paths are not allowed"),
    ("directory", "ui", {"ui/keep.txt": b"x"}, "ui: not a file"),
]


@pytest.mark.parametrize("case, file, files, expected", BROKEN_FILES, ids=[c[0] for c in BROKEN_FILES])
def test_bad_sprite_file_gives_one_line_and_falls_back(packs: Path, tmp_path: Path, case: str, file: str,
                                                       files: dict, expected: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    outside = solid_png(packs / "outside.png", (96, 48), (255, 0, 0, 255))
    if file == "ABSOLUTE":
        file = outside.as_posix()
    contents = {}
    for name, data in files.items():
        special = {"TRUNCATED": good_png_bytes()[:400], "BIG": big_png(tmp_path)}
        contents[name] = special.get(data, data) if isinstance(data, str) else data
    make_pack(packs, case, override("ui/button", file), contents)
    decoded: list[str] = []
    real_load = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda path, *a: (decoded.append(str(path)), real_load(path, *a))[1])

    book = SpriteBook.load(case, extra_dirs=[packs])
    assert book.pack_id == case
    lines = [line for line in book.problems if expected in line]
    assert len(lines) == 1, book.problems
    assert lines[0].startswith(f"sprite pack '{case}': ")
    assert lines[0].endswith("(sprite 'ui/button'); using the default sprite")
    assert "\n" not in lines[0]
    assert len(book.problems) == 1
    assert book.source("ui/button") == "default"
    assert pixels(book.image("ui/button")) == default_pixels("ui/button")
    assert all(not p.startswith(str(packs)) for p in decoded), "a rejected file was decoded"

    report = check_pack(case, extra_dirs=[packs])
    assert report.usable and report.overrides == [] and report.problems == book.problems


def test_symlink_pointing_outside_the_pack_is_refused(packs: Path) -> None:
    outside = solid_png(packs.parent / "secret.png", (96, 48), (255, 0, 0, 255))
    folder = make_pack(packs, "linky", override("ui/button", "ui/button.png"))
    (folder / "ui").mkdir()
    try:
        (folder / "ui" / "button.png").symlink_to(outside)
    except OSError:
        pytest.skip("symlinks not available")
    book = SpriteBook.load("linky", extra_dirs=[packs])
    assert book.problems == [f"sprite pack 'linky': ui/button.png: symlink leads outside the pack folder "
                             f"(to {outside.resolve()}) (sprite 'ui/button'); using the default sprite"]
    assert book.source("ui/button") == "default"
    assert pixels(book.image("ui/button")) == default_pixels("ui/button")


def test_symlink_inside_the_pack_is_fine(packs: Path) -> None:
    folder = make_pack(packs, "inner-link", override("ui/star", "ui/alias.png"))
    solid_png(folder / "art" / "star.png", (32, 32), (0, 0, 255, 255))
    (folder / "ui").mkdir()
    try:
        (folder / "ui" / "alias.png").symlink_to(folder / "art" / "star.png")
    except OSError:
        pytest.skip("symlinks not available")
    book = SpriteBook.load("inner-link", extra_dirs=[packs])
    assert book.problems == [] and book.source("ui/star") == "inner-link"


def test_a_plain_path_is_taken_as_its_own_real_path_and_anything_else_is_left_to_full_resolution(
        tmp_path: Path) -> None:
    base = tmp_path.resolve()
    (base / "ui").mkdir()
    (base / "ui" / "b.png").write_bytes(b"x")
    try:
        (base / "ui" / "link.png").symlink_to(base / "ui" / "b.png")
    except OSError:
        pytest.skip("symlinks not available")
    plain: dict[str, bool] = {}
    found = {file: _plain_path(str(base), file, plain) for file in (
        "ui/b.png", "./ui//b.png", "ui/link.png", "ui/../ui/b.png", "missing.png", "ui\\b.png", "C:b.png",
        "/ui/b.png", "", ".")}
    assert found == {"ui/b.png": base / "ui" / "b.png", "./ui//b.png": base / "ui" / "b.png", "ui/link.png": None,
                     "ui/../ui/b.png": None, "missing.png": None, "ui\\b.png": None, "C:b.png": None,
                     "/ui/b.png": None, "": None, ".": None}
    assert found["./ui//b.png"] == (base / "./ui//b.png").resolve()
    assert plain[str(base / "ui")] and not plain[str(base / "ui" / "link.png")]  # each step looked at once


def test_the_size_read_from_the_chunk_headers_alone_is_the_size_read_from_the_whole_file(tmp_path: Path) -> None:
    whole = (DEFAULT_DIR / "ui" / "button.png").read_bytes()
    cuts = sorted({0, 5, 8, 20, 33, 40, len(whole) // 2, len(whole) - 12, len(whole) - 1, len(whole)})
    for n in cuts:
        (tmp_path / "x.png").write_bytes(whole[:n])
        assert look_into(tmp_path / "x.png", Kind.IMAGE, png_size_from) == png_size(whole[:n]), n
    assert png_size(whole)[0] is not None and png_size(whole[:-1])[0] is None


def test_image_too_large_is_refused_from_its_header_without_decoding(packs: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # A header claiming 100000x100000 px with a well-formed chunk chain (no pixel data at all).
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")
    make_pack(packs, "bomb", override("ui/button", "b.png"), {"b.png": bomb})
    monkeypatch.setattr(pygame.image, "load", lambda *a: pytest.fail("decoded a refused image"))
    book = SpriteBook.load("bomb", extra_dirs=[packs])
    assert book.problems == ["sprite pack 'bomb': b.png: image too large (100000x100000 px; at most 4096 px a side)"
                             " (sprite 'ui/button'); using the default sprite"]


def test_png_with_corrupt_pixel_data_falls_back_when_decoded(packs: Path) -> None:
    make_pack(packs, "garbled", override("ui/button", "b.png"), {"b.png": corrupt_idat()})
    book = SpriteBook.load("garbled", extra_dirs=[packs])
    assert book.problems == []  # the chunk chain is intact; only decoding can tell
    assert pixels(book.image("ui/button")) == default_pixels("ui/button")
    assert book.source("ui/button") == "default"
    assert len(book.problems) == 1
    assert book.problems[0].startswith("sprite pack 'garbled': b.png: image cannot be decoded (")
    assert book.problems[0].endswith("(sprite 'ui/button'); using the default sprite")
    report = check_pack("garbled", extra_dirs=[packs])
    assert report.usable and report.problems == book.problems and report.overrides == []


def test_a_prefetched_sprite_is_the_same_image_and_a_broken_one_the_same_problem(packs: Path) -> None:
    make_pack(packs, "garbled", override("ui/button", "b.png"), {"b.png": corrupt_idat()})
    plain = SpriteBook.load("garbled", extra_dirs=[packs])
    early = SpriteBook.load("garbled", extra_dirs=[packs])
    early.prefetch(["ui/background", "ui/button", "no/such-sprite"])
    assert pixels(early.image("ui/background")) == pixels(plain.image("ui/background"))
    assert pixels(early.image("ui/button")) == pixels(plain.image("ui/button")) == default_pixels("ui/button")
    assert early.problems == plain.problems and len(early.problems) == 1


def test_a_file_decoded_ahead_is_taken_by_the_book_whose_entry_it_is_and_a_wrong_guess_is_left(
        packs: Path) -> None:
    folder = make_pack(packs, "own-button", override("ui/button", "b.png"))
    solid_png(folder / "b.png", (40, 40), (0, 0, 255, 255))
    default_button = (DEFAULT_DIR / "ui" / "button.png").resolve()
    ahead = sprites.prefetch_default(["ui/button", "ui/focus_ring"])
    book = SpriteBook.load(None, ahead=ahead)
    assert pixels(book.image("ui/button")) == default_pixels("ui/button")
    assert not ahead.holds(default_button) and ahead.holds((DEFAULT_DIR / "ui" / "focus_ring.png").resolve())
    guessed = sprites.prefetch_default(["ui/button"])
    own = SpriteBook.load("own-button", extra_dirs=[packs], ahead=guessed)
    assert own.source("ui/button") == "own-button" and own.image("ui/button").get_size() == (40, 40)
    assert guessed.holds(default_button)  # the default's file, not the pack's: never taken


def test_a_book_that_defers_its_file_checks_draws_and_tells_the_same_as_one_that_does_not(packs: Path) -> None:
    folder = make_pack(packs, "own-button", override("ui/button", "b.png"))
    solid_png(folder / "b.png", (40, 40), (0, 0, 255, 255))
    for pack in (None, "own-button"):
        eager = SpriteBook.load(pack, extra_dirs=[packs])
        lazy = SpriteBook.load(pack, extra_dirs=[packs], defer_checks=True)
        assert pixels(lazy.image("ui/button")) == pixels(eager.image("ui/button"))
        assert lazy.source("ui/button") == eager.source("ui/button") and lazy.meta("ui/panel") == eager.meta("ui/panel")
        assert lazy.names() == eager.names() and lazy.check_all() == [] and lazy.problems == eager.problems == []
        assert {n: lazy.source(n) for n in lazy.names()} == {n: eager.source(n) for n in eager.names()}


def test_a_deferred_file_check_gives_its_line_when_the_sprite_is_first_used_or_at_the_latest_check(
        tmp_path: Path) -> None:
    tables = "".join(f'[sprites."ui/{n}"]\nfile = "{n}.png"\n' for n in "abc")
    folder = make_pack(tmp_path, "base", MINIMAL + tables, {"b.png": b"not a png", "c.png": b""})
    solid_png(folder / "a.png", (8, 8), (1, 2, 3, 255))
    eager = read_pack("base", folder, None)
    lazy = read_pack("base", folder, None, defer_files=True)
    assert lazy.entries == {} and lazy.problems == [] and sorted(lazy.pending) == ["ui/a", "ui/b", "ui/c"]
    assert check_pending(lazy, ["ui/b"]) == eager.problems[:1] and "ui/b" not in lazy.pending
    assert check_pending(lazy) == eager.problems[1:] and lazy.pending == {}
    assert lazy.entries == eager.entries and lazy.problems == eager.problems and len(eager.problems) == 2


def test_manifest_syntax_error_names_the_line_and_the_pack_is_not_used(packs: Path) -> None:
    make_pack(packs, "syntax", '[pack]\nname = "Syntax"\n[sprites."ui/button"\nfile = "b.png"\n')
    book = SpriteBook.load("syntax", extra_dirs=[packs])
    assert len(book.problems) == 1
    line = book.problems[0]
    assert line.startswith("sprite pack 'syntax': pack.toml: TOML syntax error: ") and "line 3" in line
    assert line.endswith("; pack not used")
    assert all(book.source(name) == "default" for name in book.names())
    report = check_pack("syntax", extra_dirs=[packs])
    assert not report.usable and report.problems == book.problems


def test_manifest_that_is_not_utf8_is_refused(packs: Path) -> None:
    folder = make_pack(packs, "latin", "")
    (folder / "pack.toml").write_bytes(b'[pack]\nname = "\xe9t\xe9"\n')
    report = check_pack("latin", extra_dirs=[packs])
    assert not report.usable
    assert report.problems == ["sprite pack 'latin': pack.toml: not UTF-8 text (byte 15); pack not used"]


MANIFEST_CASES = [
    ("pack-key", '[pack]\nname = "X"\ncolour = "red"\n', "pack.toml: unknown key 'colour' in [pack]"),
    ("top-table", MINIMAL + "[extras]\nfoo = 1\n", "pack.toml: unknown table [extras]"),
    ("top-key", 'stray = 3\n' + MINIMAL, "pack.toml: unknown key 'stray'"),
    ("pack-type", '[pack]\nname = "X"\nversion = "1"\n',
      'pack.toml: [pack] version must be a whole number, not a string "1"'),
    ("pack-name-type", '[pack]\nname = 7\n', "pack.toml: [pack] name must be a string, not a number 7"),
    ("no-pack", '[palette]\nui_accent = "#000000"\n', "pack.toml: missing [pack] table"),
    ("palette-type", MINIMAL + '[palette]\nui_text = "red"\n',
     'pack.toml: [palette] ui_text must be a colour like "#rrggbb", not a string "red"; using the default colour'),
    ("palette-int", MINIMAL + '[palette]\nui_text = 255\n',
     'pack.toml: [palette] ui_text must be a colour like "#rrggbb", not a number 255'),
    ("palette-unknown", MINIMAL + '[palette]\nui_sparkle = "#ffffff"\n',
      "pack.toml: unknown colour 'ui_sparkle' in [palette]"),
    ("palette-not-table", MINIMAL.replace("[pack]", 'palette = "x"\n[pack]'),
      "pack.toml: 'palette' must be a table [palette], not a string"),
]


@pytest.mark.parametrize("case, manifest, expected", MANIFEST_CASES, ids=[c[0] for c in MANIFEST_CASES])
def test_bad_manifest_entries_give_one_line_each(packs: Path, case: str, manifest: str, expected: str) -> None:
    make_pack(packs, case, manifest)
    book = SpriteBook.load(case, extra_dirs=[packs])
    assert [line for line in book.problems if expected in line] == book.problems, book.problems
    assert len(book.problems) == 1
    assert book.problems[0].startswith(f"sprite pack '{case}': pack.toml: ")
    default_ink = tuple(int(DEFAULT_MANIFEST["palette"]["ui_text"][i:i + 2], 16) for i in (1, 3, 5))
    assert book.colour("ui_text") == default_ink
    report = check_pack(case, extra_dirs=[packs])
    assert report.usable and report.problems == book.problems


SPRITE_TABLE_CASES = [
    ("sprite-key", 'slices = 3', "unknown key 'slices' in [sprites.\"ui/button\"]"),
    ("frames-type", 'frames = "three"',
      '[sprites."ui/button"] frames must be a whole number >= 1, not a string "three"'),
    ("frames-zero", 'frames = 0', '[sprites."ui/button"] frames must be a whole number >= 1, not a number 0'),
    ("slice-type", 'slice = 2.5',
      '[sprites."ui/button"] slice must be a whole number of pixels >= 0, not a number 2.5'),
    ("slice-bool", 'slice = true',
      '[sprites."ui/button"] slice must be a whole number of pixels >= 0, not true/false true'),
    ("size-type", 'size = [96]', '[sprites."ui/button"] size must be [width, height] in pixels, not a list [96]'),
    ("frames-huge", 'frames = 4097', '[sprites."ui/button"] frames must be at most 4096 pixels a side, not 4097'),
    ("slice-huge", f'slice = {"9" * 400}', '[sprites."ui/button"] slice must be at most 4096 pixels a side, not 999'),
    ("size-huge", 'size = [96, 1000000000]',
     '[sprites."ui/button"] size must be at most 4096 pixels a side, not [96, 1000000000]'),
    ("file-type", None, '[sprites."ui/button"] file must be a path string, not a number 5'),
]


@pytest.mark.parametrize("case, extra, expected", SPRITE_TABLE_CASES, ids=[c[0] for c in SPRITE_TABLE_CASES])
def test_bad_sprite_table_falls_back_to_default(packs: Path, case: str, extra: str | None, expected: str) -> None:
    manifest = override("ui/button", "b.png", extra) if extra else f'{MINIMAL}\n[sprites."ui/button"]\nfile = 5\n'
    folder = make_pack(packs, case, manifest)
    solid_png(folder / "b.png", (96, 48), (255, 0, 0, 255))
    book = SpriteBook.load(case, extra_dirs=[packs])
    assert book.problems == [f"sprite pack '{case}': pack.toml: {expected}; using the default sprite"] or (
        len(book.problems) == 1
        and book.problems[0].startswith(f"sprite pack '{case}': pack.toml: {expected}")), book.problems
    assert book.source("ui/button") == "default"
    assert pixels(book.image("ui/button")) == default_pixels("ui/button")


def test_sprite_table_without_file_and_non_table_sprite(packs: Path) -> None:
    make_pack(packs, "nofile", MINIMAL + '[sprites."ui/button"]\nslice = 4\n[sprites]\n"ui/star" = "star.png"\n')
    book = SpriteBook.load("nofile", extra_dirs=[packs])
    assert book.problems == [
        "sprite pack 'nofile': pack.toml: [sprites.\"ui/button\"] has no file; using the default sprite",
        "sprite pack 'nofile': pack.toml: [sprites.\"ui/star\"] must be a table with a file, not a string; "
        "using the default sprite",
    ]


def test_unknown_sprite_name_is_reported_and_ignored(packs: Path) -> None:
    folder = make_pack(packs, "unknown", override("ui/not_a_sprite", "x.png"))
    solid_png(folder / "x.png", (8, 8), (1, 1, 1, 255))
    book = SpriteBook.load("unknown", extra_dirs=[packs])
    assert book.problems == ["sprite pack 'unknown': pack.toml: unknown sprite 'ui/not_a_sprite' in [sprites]"
                             " (not in the default pack); ignored"]
    assert "ui/not_a_sprite" not in book.names()
    assert check_pack("unknown", extra_dirs=[packs]).overrides == []


def test_frames_that_do_not_divide_the_width(packs: Path) -> None:
    folder = make_pack(packs, "frames", override("ui/button", "b.png", "frames = 7"))
    solid_png(folder / "b.png", (96, 48), (255, 0, 0, 255))
    book = SpriteBook.load("frames", extra_dirs=[packs])
    assert book.problems == ["sprite pack 'frames': b.png: width 96 px does not divide into 7 frames "
                             "(sprite 'ui/button'); using the default sprite"]
    assert book.source("ui/button") == "default"


def test_slice_too_big_for_the_image(packs: Path) -> None:
    folder = make_pack(packs, "slice", override("ui/star", "s.png", "slice = 16"))
    solid_png(folder / "s.png", (32, 32), (255, 0, 0, 255))
    book = SpriteBook.load("slice", extra_dirs=[packs])
    assert book.problems == ["sprite pack 'slice': s.png: slice 16 px is too big for a 32x32 px image "
                             "(sprite 'ui/star'); using the default sprite"]


def test_several_problems_one_line_each_and_the_good_override_stays(packs: Path) -> None:
    manifest = (MINIMAL + 'oops = 1\n[sprites."ui/star"]\nfile = "star.png"\n[sprites."ui/lock"]\nfile = "lock.png"\n'
                '[sprites."ui/button"]\nfile = "../../x.png"\n[palette]\nui_focus = "#00ff00"\nui_text = "#12345"\n')
    folder = make_pack(packs, "mixed", manifest, {"lock.png": b""})
    solid_png(folder / "star.png", (32, 32), (0, 255, 0, 255))
    book = SpriteBook.load("mixed", extra_dirs=[packs])
    assert len(book.problems) == 4, book.problems
    assert [line.split(": ")[1] for line in book.problems] == ["pack.toml", "pack.toml", "lock.png", "../../x.png"]
    assert [book.source(n) for n in ("ui/star", "ui/lock", "ui/button")] == ["mixed", "default", "default"]
    assert book.colour("ui_focus") == (0, 255, 0)
    report = check_pack("mixed", extra_dirs=[packs])
    assert report.usable and report.overrides == ["ui/star", "palette.ui_focus"]


# --- pack lookup and the default pack itself -----------------------------------------------------


def test_unknown_pack_uses_the_default_with_one_line() -> None:
    book = SpriteBook.load("no-such-pack")
    assert book.pack_id == "default"
    assert len(book.problems) == 1
    assert book.problems[0].startswith("sprite pack 'no-such-pack': pack.toml: pack not found in ")
    assert book.problems[0].endswith("; using the default pack")
    for sneaky in ("../sprites/high-contrast", "high-contrast/..", "/tmp", ".."):
        assert SpriteBook.load(sneaky).pack_id == "default"


def test_pack_folder_without_manifest(packs: Path) -> None:
    (packs / "empty").mkdir()
    report = check_pack(packs / "empty")
    assert report == CheckReport("empty", [], [f"sprite pack 'empty': pack.toml: no pack.toml in {packs / 'empty'}; "
                                               "pack not used"], False, "empty", packs / "empty")


def test_broken_default_sprite_draws_a_placeholder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo_sprites"
    shutil.copytree(DEFAULT_DIR, root / "default")
    (root / "default" / DEFAULT_MANIFEST["sprites"]["ui/button"]["file"]).unlink()
    monkeypatch.setattr(sprites, "SPRITES_DIR", root)
    book = SpriteBook.load(None)
    assert book.problems == ["sprite pack 'default': ui/button.png: file not found (sprite 'ui/button'); "
                             "drawing a placeholder"]
    image = book.image("ui/button")
    assert image.get_size() == (96, 48)
    assert {tuple(image.get_at((x, 0)))[:3] for x in range(0, 96, 8)} == {FALLBACK_COLOUR, (0, 0, 0)}
    assert book.source("ui/button") == "missing"
    assert "ui/button" in book.names()
    assert book.nine_slice("ui/button", (200, 60)).get_size() == (200, 60)


def test_unknown_sprite_and_colour_requests_do_not_crash() -> None:
    book = SpriteBook.load(None)
    assert book.image("ui/nope").get_size() == sprites.PLACEHOLDER_SIZE
    assert book.image("ui/nope") is book.image("ui/nope")
    assert book.colour("no_such_colour") == FALLBACK_COLOUR
    book.colour("no_such_colour")
    assert book.problems == [
        "sprite pack 'default': pack.toml: no sprite named 'ui/nope' in any pack; drawing a placeholder",
        "sprite pack 'default': pack.toml: no colour named 'no_such_colour' in any pack; using magenta"]
    assert book.source("ui/nope") == "missing" and book.meta("ui/nope") == {}


# --- images, scaling, slicing, frames ------------------------------------------------------------


def test_image_scaled_and_nine_slice_are_cached_and_keep_borders() -> None:
    book = SpriteBook.load(None)
    button = book.image("ui/button")
    assert book.image("ui/button") is button
    assert book.scaled("ui/button", (96, 48)) is button
    big = book.scaled("ui/button", (192, 96))
    assert big.get_size() == (192, 96) and book.scaled("ui/button", (192, 96)) is big
    sliced = book.nine_slice("ui/button", (300, 60))
    assert sliced.get_size() == (300, 60) and book.nine_slice("ui/button", (300, 60)) is sliced
    border = book.meta("ui/button")["slice"]
    for x, y in ((0, 0), (border - 1, border - 1), (5, 3)):
        assert sliced.get_at((x, y)) == button.get_at((x, y))
        assert sliced.get_at((299 - x, 59 - y)) == button.get_at((95 - x, 47 - y))
        assert sliced.get_at((299 - x, y)) == button.get_at((95 - x, y))
    assert book.nine_slice("ui/button", (20, 10)).get_size() == (20, 10)
    assert book.nine_slice("ui/star", (50, 50)).get_size() == (50, 50)  # no slice: plain scaling


def test_scaled_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sprites, "CACHE_SIZE", 4)
    book = SpriteBook.load(None)
    first = book.scaled("ui/star", (10, 10))
    recent = {n: book.scaled("ui/star", (n, n)) for n in range(11, 16)}
    assert all(book.scaled("ui/star", (n, n)) is recent[n] for n in range(12, 16))  # the last 4 stay cached
    assert book.scaled("ui/star", (10, 10)) is not first  # the oldest was dropped


def test_frames_split_a_horizontal_strip(packs: Path) -> None:
    folder = make_pack(packs, "anim", override("ui/star", "strip.png", "frames = 4"))
    strip = pygame.Surface((128, 32), pygame.SRCALPHA, 32)
    for i in range(4):
        strip.fill((60 * i, 0, 0, 255), (32 * i, 0, 32, 32))
    folder.joinpath("strip.png").write_bytes(b"")
    pygame.image.save(strip, str(folder / "strip.png"))
    book = SpriteBook.load("anim", extra_dirs=[packs])
    assert book.problems == []
    frames = book.frames("ui/star")
    assert [f.get_size() for f in frames] == [(32, 32)] * 4
    assert [f.get_at((16, 16))[0] for f in frames] == [0, 60, 120, 180]
    assert book.meta("ui/star")["frames"] == 4 and book.meta("ui/star")["size"] == [32, 32]  # size inherited
    assert book.frames("ui/lock") == [book.image("ui/lock")]


def test_images_are_converted_once_a_display_exists() -> None:
    pygame.display.quit()  # no window yet, even if an earlier test in this process left one open
    book = SpriteBook.load(None)
    before = book.image("ui/star")
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        after = book.image("ui/star")
        assert after is not before and pixels(after) == pixels(before)
        assert book.image("ui/star") is after
    finally:
        pygame.display.quit()


# --- check-sprites -------------------------------------------------------------------------------


def test_check_sprites_main_exit_codes_and_output(packs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_sprites_main("high-contrast") == 0
    out = capsys.readouterr().out
    assert "sprite pack 'high-contrast' (High Contrast)" in out
    assert "  ui/button\n" in out and "problems (0): none" in out

    make_pack(packs, "syntax", "[pack\n")
    assert check_sprites_main(packs / "syntax") == 1
    err = capsys.readouterr().err
    assert "TOML syntax error" in err and "usable: no" in err

    manifest = override("ui/button", "b.png") + '[sprites."ui/star"]\nfile = "s.png"\n'
    folder = make_pack(packs, "halfway", manifest, {"b.png": b""})
    solid_png(folder / "s.png", (32, 32), (0, 0, 0, 255))
    assert check_sprites_main(str(folder)) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[1:3] == ["overrides (1):", "  ui/star"]
    assert captured.err.splitlines() == [
        "problems (1):",
        "  sprite pack 'halfway': b.png: empty file (0 bytes) (sprite 'ui/button'); using the default sprite"]
    assert lines[-1].startswith("usable: yes")

    assert check_sprites_main("definitely-not-a-pack") == 1
    assert "no such pack folder" in capsys.readouterr().err
    assert check_sprites_main(packs / "missing-folder") == 1
    assert "pack folder not found" in capsys.readouterr().err


# --- reload --------------------------------------------------------------------------------------


def test_reload_picks_up_a_changed_file_and_a_fixed_manifest(packs: Path) -> None:
    folder = make_pack(packs, "live", override("ui/star", "star.png"))
    solid_png(folder / "star.png", (32, 32), (255, 0, 0, 255))
    book = SpriteBook.load("live", extra_dirs=[packs])
    assert book.image("ui/star").get_at((3, 3)) == (255, 0, 0, 255)
    scaled = book.scaled("ui/star", (64, 64))

    solid_png(folder / "star.png", (32, 32), (0, 0, 255, 255))
    assert book.image("ui/star").get_at((3, 3)) == (255, 0, 0, 255)  # nothing is re-read before F5
    book.reload()
    assert book.version == 1
    assert book.image("ui/star").get_at((3, 3)) == (0, 0, 255, 255)
    assert book.scaled("ui/star", (64, 64)) is not scaled

    (folder / "pack.toml").write_text("[pack\n", encoding="utf-8")
    book.reload()
    assert book.version == 2 and book.source("ui/star") == "default" and len(book.problems) == 1
    (folder / "pack.toml").write_text(override("ui/star", "star.png"), encoding="utf-8")
    book.reload()
    assert book.version == 3 and book.problems == [] and book.source("ui/star") == "live"


# --- the generator -------------------------------------------------------------------------------


def _render(modules: list[str]) -> tuple[dict[str, tuple[pygame.Surface, dict[str, object]]], dict[str, str]]:
    from sprites import generate

    backend = pygame.transform.get_smoothscale_backend()
    try:
        drawn, palette = generate.render(modules)
    finally:
        pygame.transform.set_smoothscale_backend(backend)
    return drawn, palette


def _assert_shipped(folder: Path, drawn: dict[str, tuple[pygame.Surface, dict[str, object]]]) -> None:
    manifest = tomllib.loads((folder / "pack.toml").read_text(encoding="utf-8"))
    for name, (surface, meta) in drawn.items():
        entry = manifest["sprites"][name]
        assert {k: v for k, v in entry.items() if k != "file"} == meta, name
        shipped = pygame.image.load(str(folder / entry["file"]))
        assert shipped.get_size() == surface.get_size(), name
        assert pixels(shipped) == pixels(surface), f"{name} is stale: run python -m sprites.generate"


def test_generator_draws_the_shipped_high_contrast_pack_the_same_each_time() -> None:
    """The shipped High Contrast PNGs and manifest are what the art modules draw now (regenerate if not)."""
    from sprites import generate

    again, _ = _render(["high_contrast"])
    hc, hc_palette = _render(["high_contrast"])
    assert {n: pixels(s) for n, (s, _) in again.items()} == {n: pixels(s) for n, (s, _) in hc.items()}
    _assert_shipped(SPRITES_DIR / "high-contrast", hc)
    spec = next(s for s in generate.PACKS if s.id == "high-contrast")
    shipped_manifest = (SPRITES_DIR / "high-contrast" / "pack.toml").read_text(encoding="utf-8")
    assert generate.manifest(spec, hc, hc_palette) == shipped_manifest


@pytest.mark.slow
def test_generator_draws_the_shipped_default_ui_sprites() -> None:
    """The default pack's UI PNGs are what `sprites/generate/ui.py` draws now (17 s of drawing: -m slow)."""
    ui, _ = _render(["ui"])
    _assert_shipped(DEFAULT_DIR, ui)
