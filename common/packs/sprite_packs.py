"""Sprite packs: finding, reading and checking them (the SpriteBook in `common.packs.sprites` draws from them).

A pack is a folder holding `pack.toml` and PNG files. `sprites/default/` (made by
`python -m sprites.generate`) lists every sprite; any other pack lists only what it overrides and
falls back to the default for the rest. Packs are data only: the manifest is read with `tomllib`
and images are checked (signature, size from the PNG header, whole chunk chain, containment in
the pack folder) before pygame decodes them. Every file is read through the gate of `common.data.files`
(regular file inside the pack folder, size cap), each image file is decoded once however many
sprites name it, and a pack whose images add up to more than `PIXEL_BUDGET` pixels is not drawn
from. Every problem becomes one line naming the pack, the file and the problem; the sprite then
falls back to the default one, or to a magenta/black placeholder when the default itself is broken.

Manifest (`pack.toml`, UTF-8 TOML)::

    [pack]
    name = "High Contrast"          # shown in Settings
    author = "Someone"
    version = 1                     # whole number

    [palette]
    ui_text = "#000000"             # keys must exist in the default pack

    [sprites."ui/button"]           # names must exist in the default pack
    file = "ui/button.png"          # PNG inside the pack folder
    slice = 16                      # nine-slice border in px (optional)
    frames = 4                      # horizontal animation strip (optional)
    size = [96, 48]                 # size the game draws one frame at (a hint; optional)

Keys an override does not give (slice, frames, size) are inherited from the default pack.

Usability rule (`common.packs.check.check_pack`, exit code of `check-sprites`): a pack is usable when its folder
exists and its `pack.toml` can be read and parsed as TOML. Every other problem (unknown keys,
wrong types, bad or missing images, unsafe paths) only disables the sprite or colour concerned,
which then falls back to the default pack.
"""
from __future__ import annotations

import io
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TypedDict, TypeGuard

import pygame

from common.data import paths
from common.data.files import DataError, Kind, Problem, look_into, read_bytes
from common.data.i18n import _
from common.data.png import MAX_SIDE, png_size_from
from common.data.safe_text import is_safe_name, one_line
from common.data.toml_cache import read_toml_cached

DEFAULT_PACK = "default"
SPRITES_DIR = paths.shipped("sprites")
MANIFEST = "pack.toml"
FALLBACK_COLOUR = (255, 0, 255)
PIXEL_BUDGET = 24_000_000  # decoded pixels of one pack's distinct image files (about 4.7 default packs)
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_TOP_TABLES = ("pack", "sprites", "palette")
_PACK_KEYS = {"name": (str, "a string"), "author": (str, "a string"), "version": (int, "a whole number")}
_SPRITE_KEYS = ("file", "slice", "frames", "size")


class SpriteMeta(TypedDict, total=False):
    """A sprite's manifest table, its checked keys only: its PNG, the border a nine-slice keeps, its animation
    frames (side by side) and the size a placeholder takes for it."""

    file: str
    slice: int
    frames: int
    size: list[int]


@dataclass(frozen=True)
class PackInfo:
    """An installed pack: its id (folder name), manifest name and author, and folder."""

    id: str
    name: str
    author: str
    path: Path


@dataclass
class Entry:
    """One usable sprite of one pack: where its PNG is and its merged manifest meta."""

    name: str
    pack_id: str
    file: str
    path: Path  # the real path (symlinks resolved), inside `folder`
    meta: SpriteMeta
    folder: Path


@dataclass
class _Pack:
    """A pack as read from disk; `entries` and `palette` hold only what passed every check."""

    id: str
    folder: Path
    name: str = ""
    author: str = ""
    usable: bool = False
    entries: dict[str, Entry] = field(default_factory=dict)
    palette: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    listed: dict[str, SpriteMeta] = field(default_factory=dict)  # sprite tables, checked keys only
    palette_keys: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    pending: dict[str, tuple[str, SpriteMeta]] = field(default_factory=dict)  # file, meta: not checked yet
    real_folder: Path | None = None
    plain: dict[str, bool] = field(default_factory=dict)  # paths under real_folder seen to be no symlink
    sizes: dict[Path, tuple[tuple[int, int] | None, str]] = field(default_factory=dict)  # one look per file


def pack_dirs(extra_dirs: list[Path] | None = None) -> list[Path]:
    """Folders searched for packs, in priority order: the repo's `sprites/`, the user's, extras."""
    return [SPRITES_DIR, paths.data_dir() / "sprites", *(Path(d) for d in extra_dirs or [])]


def discover_packs(extra_dirs: list[Path] | None = None) -> list[PackInfo]:
    """Every folder with a `pack.toml` in the pack folders; "default" first, then by id.

    When two folders share an id the first in `pack_dirs` order wins. A pack whose manifest
    cannot be parsed is still listed (under its id) so it can be chosen and checked.
    """
    found: dict[str, PackInfo] = {}
    for base in pack_dirs(extra_dirs):
        try:
            children = sorted(base.iterdir()) if base.is_dir() else []
        except OSError:
            continue
        for folder in children:
            if not is_safe_name(folder.name) or folder.name in found or not (folder / MANIFEST).is_file():
                continue  # a name that cannot be shown or stored (not UTF-8, a control character) is skipped
            name, author = folder.name, ""
            try:
                header = read_toml_cached(folder / MANIFEST, Kind.MANIFEST, within=folder).get("pack")
            except DataError:
                header = None
            if isinstance(header, dict):
                if isinstance(header.get("name"), str) and header["name"].strip():
                    name = header["name"]
                if isinstance(header.get("author"), str):
                    author = header["author"]
            found[folder.name] = PackInfo(folder.name, name, author, folder)
    return sorted(found.values(), key=lambda p: (p.id != DEFAULT_PACK, p.id))


def find_pack(pack_id: str, extra_dirs: list[Path] | None) -> Path | None:
    """Folder of the installed pack `pack_id` (first in `pack_dirs` order) with a `pack.toml` of any kind (a
    FIFO or a symlink out is then refused with its reason when read), or None."""
    if pack_id == DEFAULT_PACK:
        return SPRITES_DIR / DEFAULT_PACK
    if not is_safe_name(pack_id) or PurePosixPath(pack_id).name != pack_id:
        return None
    for base in pack_dirs(extra_dirs):
        try:
            manifest = base / pack_id / MANIFEST
            if manifest.exists() or manifest.is_symlink():
                return base / pack_id
        except (OSError, ValueError):
            continue
    return None


def pack_name_problem(pack_id: str) -> str | None:
    """Why `pack_id` cannot name a pack folder (None: it can): a name with a byte that is not UTF-8 (the
    command line gives those as surrogates), with a control character or a path separator, or too long."""
    raw = os.fsencode(pack_id) if any("\udc80" <= ch <= "\udcff" for ch in pack_id) else None
    if raw is not None:
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return _("the folder name is not UTF-8 text (byte 0x{byte:02x} at {at}): pack names must be; "
                     "rename the folder").format(byte=raw[exc.start], at=exc.start)
    if pack_id != DEFAULT_PACK and not is_safe_name(pack_id):
        return _("a pack name is 1 to 255 characters without control characters or path separators: "
                 "rename the folder")
    return None


def folder_without_manifest(pack_id: str, extra_dirs: list[Path] | None) -> Path | None:
    """The first pack folder named `pack_id` that has no manifest (why `find_pack` found nothing), or None."""
    if is_safe_name(pack_id):
        for base in pack_dirs(extra_dirs):
            try:
                if (base / pack_id).is_dir():
                    return base / pack_id
            except (OSError, ValueError):
                continue
    return None


# --- reading and checking one pack ---------------------------------------------------------------


def problem_line(pack_id: str, file: str, problem: str) -> str:
    """One safe line: the pack, the file, the problem."""
    return one_line(_("sprite pack '{pack}': {file}: {problem}").format(pack=pack_id, file=file,
                                                                        problem=" ".join(problem.split())))


def _type_name(value: object) -> str:
    return {str: "a string", int: "a number", float: "a number", bool: "true/false",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _shown(value: object) -> str:
    text = f'"{value}"' if isinstance(value, str) else repr(value).lower() if isinstance(value, bool) else repr(value)
    return one_line(text, 40)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _over_side(value: object) -> bool:
    """A whole number (or a list of them) over `MAX_SIDE`: no image is that big."""
    values: list[object] = value if isinstance(value, list) else [value]
    return any(_is_int(v) and v > MAX_SIDE for v in values)


def _resolve_inside(folder: Path, file: str, base: Path, plain: dict[str, bool]) -> tuple[Path | None, str]:
    """The file's real path if it stays inside `folder` (whose real path is `base`), else (None, why not).
    `plain` remembers which paths under `base` were found to be no symlink (one look each per pack)."""
    direct = _plain_path(str(base), file, plain)
    if direct is not None:
        return direct, ""
    if PurePosixPath(file).is_absolute() or PureWindowsPath(file).is_absolute() or PureWindowsPath(file).drive:
        return None, "absolute paths are not allowed (give a path inside the pack folder)"
    try:
        real = (folder / file).resolve()
    except (OSError, RuntimeError, ValueError) as exc:  # RuntimeError: symlink loop; ValueError: NUL byte
        return None, f"path cannot be resolved ({type(exc).__name__})"
    if real.is_relative_to(base):
        return real, ""
    if ".." in PurePosixPath(file.replace("\\", "/")).parts:
        return None, "path leaves the pack folder"
    return None, f"symlink leads outside the pack folder (to {real})"


def _plain_path(base: str, file: str, plain: dict[str, bool]) -> Path | None:
    """`base`/`file` when `file` is a plain relative path (no drive, no backslash, no "..") whose every step is
    there and no symlink: then it is its own real path. None: anything else, left to the full resolution."""
    if file.startswith("/") or "\\" in file or ":" in file:
        return None
    parts = [part for part in file.split("/") if part not in ("", ".")]
    if not parts or ".." in parts:
        return None
    path = base
    for part in parts:
        path = os.path.join(path, part)
        found = plain.get(path)
        if found is None:
            try:
                found = not stat.S_ISLNK(os.lstat(path).st_mode)
            except (OSError, ValueError):  # not there, or a name the file system cannot take
                found = False
            plain[path] = found
        if not found:
            return None
    return Path(path)


def _image_size(real: Path) -> tuple[tuple[int, int] | None, str]:
    """Width and height of the PNG at the real path `real` (read through the gate, checked from its bytes)."""
    try:
        return look_into(real, Kind.IMAGE, png_size_from)
    except DataError as exc:
        return None, _file_problem(exc)


def _file_problem(exc: DataError) -> str:
    if exc.problem is Problem.MISSING:
        return "file not found"
    if exc.problem is Problem.NOT_A_FILE:
        return "not a file (" + exc.detail.removeprefix("is ").removesuffix(", not a regular file") + ")"
    return exc.detail


def _check_meta(table: dict[str, object], where: str) -> tuple[SpriteMeta, list[str]]:
    """The known keys of one sprite table, and one problem text per unknown or mistyped key."""
    meta: SpriteMeta = {}
    problems: list[str] = []
    for key, value in table.items():
        wrong = f"{_type_name(value)} {_shown(value)}"
        if key not in _SPRITE_KEYS:
            problems.append(f"unknown key '{key}' in {where} (known: {', '.join(_SPRITE_KEYS)})")
        elif key in ("slice", "frames", "size") and _over_side(value):
            problems.append(f"{where} {key} must be at most {MAX_SIDE} pixels a side, not {_shown(value)}")
        elif key == "file":
            if isinstance(value, str) and value.strip():
                meta["file"] = value
            else:
                problems.append(f"{where} file must be a path string, not {wrong}")
        elif key == "slice":
            if _is_int(value) and value >= 0:
                meta["slice"] = value
            else:
                problems.append(f"{where} slice must be a whole number of pixels >= 0, not {wrong}")
        elif key == "frames":
            if _is_int(value) and value >= 1:
                meta["frames"] = value
            else:
                problems.append(f"{where} frames must be a whole number >= 1, not {wrong}")
        elif isinstance(value, list) and len(value) == 2 and all(_is_int(v) and v > 0 for v in value):
            meta["size"] = list(value)
        else:
            problems.append(f"{where} size must be [width, height] in pixels, not {wrong}")
    if "file" not in table:
        problems.append(f"{where} has no file")
    return meta, problems


def read_pack(pack_id: str, folder: Path, base: _Pack | None, defer_files: bool = False) -> _Pack:
    """Read and check one pack. `base` is the default pack (None when reading the default itself).

    `defer_files` (the default pack only: no pixel budget to add up) leaves each sprite's file unchecked in
    `pending` until `check_pending` (its entry, or its problem line, comes then)."""
    pack = _Pack(pack_id, folder, name=pack_id)
    fallback = "using the default sprite" if base is not None else "drawing a placeholder"
    if not folder.is_dir():
        pack.problems.append(problem_line(pack_id, str(folder), "pack folder not found; pack not used"))
        return pack
    try:
        doc = read_toml_cached(folder / MANIFEST, Kind.MANIFEST, within=folder)
    except DataError as exc:
        why = f"no {MANIFEST} in {folder}" if exc.problem is Problem.MISSING else exc.detail
        pack.problems.append(problem_line(pack_id, MANIFEST, f"{why}; pack not used"))
        return pack
    pack.usable = True

    def problem(file: str, text: str) -> None:
        pack.problems.append(problem_line(pack_id, file, text))

    for key, value in doc.items():
        if key not in _TOP_TABLES:
            what = f"table [{key}]" if isinstance(value, dict) else f"key '{key}'"
            problem(MANIFEST, f"unknown {what} (known tables: [pack], [sprites], [palette]); ignored")
    tables: dict[str, dict[str, object]] = {}
    pixels: dict[Path, int] = {}  # decoded size of each distinct image file
    pack.real_folder = folder.resolve()
    for key in _TOP_TABLES:
        value = doc.get(key, {})
        if isinstance(value, dict):
            tables[key] = value
        else:
            problem(MANIFEST, f"'{key}' must be a table [{key}], not {_type_name(value)}; ignored")
            tables[key] = {}

    header = tables["pack"]
    if "pack" not in doc:
        problem(MANIFEST, "missing [pack] table (name, author, version)")
    for key, value in header.items():
        if key not in _PACK_KEYS:
            problem(MANIFEST, f"unknown key '{key}' in [pack] (known: {', '.join(_PACK_KEYS)}); ignored")
            continue
        expected, described = _PACK_KEYS[key]
        if not (_is_int(value) if expected is int else isinstance(value, expected)):
            problem(MANIFEST, f"[pack] {key} must be {described}, not {_type_name(value)} {_shown(value)}")
        elif key == "name" and isinstance(value, str) and value.strip():
            pack.name = value
        elif key == "author" and isinstance(value, str):
            pack.author = value

    for key, value in tables["palette"].items():
        if base is not None and base.usable and key not in base.palette_keys:
            problem(MANIFEST, f"unknown colour '{key}' in [palette] (not in the default pack); ignored")
        elif not (isinstance(value, str) and _HEX_COLOUR.fullmatch(value)):
            problem(MANIFEST, f'[palette] {key} must be a colour like "#rrggbb", '
                              f"not {_type_name(value)} {_shown(value)}"
                              + ("; using the default colour" if base is not None else "; using magenta"))
        else:
            pack.palette[key] = (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    pack.palette_keys = set(tables["palette"])

    for name, table in tables["sprites"].items():
        where = f'[sprites."{name}"]'
        if base is not None and base.usable and name not in base.listed:
            problem(MANIFEST, f"unknown sprite '{name}' in [sprites] (not in the default pack); ignored")
            continue
        if not isinstance(table, dict):
            problem(MANIFEST, f"{where} must be a table with a file, not {_type_name(table)}; {fallback}")
            continue
        meta, errors = _check_meta(table, where)
        if base is None:
            pack.listed[name] = meta
        if errors:
            for text in errors:
                problem(MANIFEST, f"{text}; {fallback}")
            continue
        file = meta["file"]
        inherited: SpriteMeta = {}
        if base is not None:
            inherited.update(base.listed.get(name, {}))
        inherited.update(meta)
        if defer_files and base is None:
            pack.pending[name] = (file, inherited)
            continue
        found = _check_file(pack, name, file, inherited, fallback)
        if found is not None:
            pixels[found[0]] = found[1][0] * found[1][1]
    if base is not None and sum(pixels.values()) > PIXEL_BUDGET:
        problem(MANIFEST, f"its {len(pixels)} image files hold {sum(pixels.values()) / 1e6:.1f} million pixels, "
                          f"over the budget of {PIXEL_BUDGET / 1e6:.0f} million; using the default sprites")
        pack.entries.clear()
    return pack


def _check_file(pack: _Pack, name: str, file: str, meta: SpriteMeta,
                fallback: str) -> tuple[Path, tuple[int, int]] | None:
    """Check the file of sprite `name`: its entry goes into `pack.entries` (its real path and size returned),
    else one problem line into `pack.problems`."""
    assert pack.real_folder is not None
    real, why = _resolve_inside(pack.folder, file, pack.real_folder, pack.plain)
    size = None
    if real is not None:
        if real not in pack.sizes:
            pack.sizes[real] = _image_size(real)
        size, why = pack.sizes[real]
    if size is not None:
        frames, border = meta.get("frames", 1), meta.get("slice", 0)
        if size[0] % frames:
            why = f"width {size[0]} px does not divide into {frames} frames"
        elif border and (2 * border >= size[0] // frames or 2 * border >= size[1]):
            why = f"slice {border} px is too big for a {size[0] // frames}x{size[1]} px image"
    if why or real is None or size is None:
        pack.problems.append(problem_line(pack.id, file, f"{why} (sprite '{name}'); {fallback}"))
        return None
    pack.entries[name] = Entry(name, pack.id, file, real, meta, pack.folder)
    return real, size


def check_pending(pack: _Pack, names: Iterable[str] | None = None) -> list[str]:
    """Check the files `read_pack(..., defer_files=True)` left (these sprites', or all): each becomes an entry
    or one problem line; the lines found are returned."""
    before = len(pack.problems)
    for name in list(pack.pending) if names is None else [n for n in names if n in pack.pending]:
        file, meta = pack.pending.pop(name)
        _check_file(pack, name, file, meta, "drawing a placeholder")
    return pack.problems[before:]


def load_surface(path: Path, folder: Path | None = None) -> pygame.Surface:
    """Decode a PNG (read through the gate, inside `folder` if given) into a 32-bit surface with per-pixel
    alpha (converted for the display if set); `DataError` when the file cannot be read."""
    return finish_surface(decode_png(path, folder))


def decode_png(path: Path, folder: Path | None = None) -> pygame.Surface:
    """The PNG's pixels as decoded, not yet made ready for drawing (safe in a background thread)."""
    return pygame.image.load(io.BytesIO(read_bytes(path, Kind.IMAGE, within=folder)), path.name)


def finish_surface(surface: pygame.Surface) -> pygame.Surface:
    """A decoded PNG as a 32-bit surface with per-pixel alpha, converted for the display if set (unless it is
    in the display's format already)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        if surface.get_flags() & pygame.SRCALPHA and surface.get_masks() == _display_alpha_masks():
            return surface
        return surface.convert_alpha()
    return with_alpha(surface)


def with_alpha(surface: pygame.Surface) -> pygame.Surface:
    """The surface as 32 bits with per-pixel alpha (itself when it is so already); needs no display."""
    if surface.get_bitsize() == 32 and surface.get_flags() & pygame.SRCALPHA:
        return surface
    rgba = pygame.Surface(surface.get_size(), pygame.SRCALPHA, 32)
    rgba.blit(surface, (0, 0))
    return rgba


def _display_alpha_masks() -> tuple[int, int, int, int]:
    """The channel masks `convert_alpha` gives for the display now."""
    return pygame.Surface((1, 1), pygame.SRCALPHA, 32).convert_alpha().get_masks()


def placeholder(size: tuple[int, int], cell: int = 8) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA, 32)
    surface.fill((0, 0, 0, 255))
    for y in range(0, size[1], cell):
        for x in range((y // cell) % 2 * cell, size[0], 2 * cell):
            surface.fill((*FALLBACK_COLOUR, 255), (x, y, cell, cell))
    return surface


def decode_error(exc: Exception) -> str:
    if isinstance(exc, DataError):
        return f"image cannot be read ({_file_problem(exc)})"
    return f"image cannot be decoded ({' '.join(str(exc).split()) or type(exc).__name__})"
