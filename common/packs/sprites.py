"""The SpriteBook: the active sprite pack layered over `default`, with cached images, scalings and slices.

Packs are found, read and checked by `common.packs.sprite_packs`; every problem is one line in `problems`.
"""
from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from common.data.files import Kind, read_bytes
from common.data.i18n import _
from common.data.png import png_size
from common.packs.sprite_packs import (
    DEFAULT_PACK,
    FALLBACK_COLOUR,
    MANIFEST,
    SPRITES_DIR,
    Entry,
    SpriteMeta,
    check_pending,
    decode_error,
    decode_png,
    find_pack,
    finish_surface,
    folder_without_manifest,
    pack_dirs,
    pack_name_problem,
    placeholder,
    problem_line,
    read_pack,
    with_alpha,
)

PLACEHOLDER_SIZE = (64, 64)
CACHE_SIZE = 256
FIRST_FRAME_SPRITES = ("ui/logo_emblem", "ui/background", "ui/button", "ui/button_hover", "ui/focus_ring",
                       "ui/icon_arenas", "ui/icon_arzium", "ui/icon_settings", "ui/icon_rules", "ui/icon_quit")
"""What the window's first frame draws, in the order it is needed (the logo is the window's icon, then the
menu's background and buttons): decoded ahead (a name no longer drawn first only costs the other core's time)."""


class Prefetch:
    """PNG files decoded in a background thread (the decoder releases the GIL) until a SpriteBook takes them.

    Each file is read through the gate and its header checked as the pack reader checks it (no decoding of an
    image over `png.MAX_SIDE`); one that fails is left for the book, whose pack reading rejects it anyway."""

    def __init__(self, files: Iterable[tuple[Path, Path]]) -> None:
        todo = [(path, folder, threading.Event()) for path, folder in dict.fromkeys(files)]  # in decoding order
        self._ready = {path: ready for path, _folder, ready in todo}  # the book takes each file out once
        self._done: dict[Path, pygame.Surface | Exception] = {}
        threading.Thread(target=self._decode, args=(todo,), name="sprite-prefetch", daemon=True).start()

    def _decode(self, todo: list[tuple[Path, Path, threading.Event]]) -> None:
        for path, folder, ready in todo:
            try:
                data = read_bytes(path, Kind.IMAGE, within=folder)
                if png_size(data)[0] is not None:  # an opaque one gets its alpha here, off the main thread
                    self._done[path] = with_alpha(pygame.image.load(io.BytesIO(data), path.name))
            except (pygame.error, OSError, ValueError) as error:  # ValueError: also DataError
                self._done[path] = error
            finally:
                ready.set()

    def holds(self, path: Path) -> bool:
        """Whether this prefetch decodes the file at the real path `path` (and it is not taken yet)."""
        return path in self._ready

    def take(self, path: Path) -> pygame.Surface | Exception | None:
        """The decoded file or what stopped it, once it is done; None: left for the caller to decode."""
        self._ready.pop(path).wait()
        return self._done.pop(path, None)


def prefetch_default(names: Iterable[str]) -> Prefetch:
    """Decode ahead, before any pack is read, the default pack's files of these sprites as the generator names
    them (`<name>.png`): a book whose entry is that very file takes it instead of decoding it again (a guess
    that is wrong costs only the background thread's time)."""
    folder = (SPRITES_DIR / DEFAULT_PACK).resolve()
    return Prefetch([(folder / f"{name}.png", folder) for name in names])


class SpriteBook:
    """The active pack layered over the default one, with cached images, scalings and slices."""

    def __init__(self, pack_id: str | None = None, extra_dirs: list[Path] | None = None,
                 ahead: Prefetch | None = None, defer_checks: bool = False) -> None:
        self._requested = pack_id or DEFAULT_PACK
        self._extra_dirs = list(extra_dirs or [])
        self.version = 0
        self.pack_id = DEFAULT_PACK
        self.pack_name = "Default"
        self.problems: list[str] = []
        self._ahead = [ahead] if ahead is not None else []  # files being decoded in the background
        self._read(defer_checks)

    @classmethod
    def load(cls, pack_id: str | None, extra_dirs: list[Path] | None = None,
             ahead: Prefetch | None = None, defer_checks: bool = False) -> SpriteBook:
        """Load pack `pack_id` (None: the default pack) over the default pack; `ahead`: files already being
        decoded (`prefetch_default`), taken when an entry is that very file; `defer_checks`: each of the
        default pack's files is checked when its sprite is first used, the rest by `check_all`."""
        return cls(pack_id, extra_dirs, ahead, defer_checks)

    def _read(self, defer_checks: bool = False) -> None:
        default = read_pack(DEFAULT_PACK, SPRITES_DIR / DEFAULT_PACK, None, defer_files=defer_checks)
        self._default = default
        self._deferred_lines: list[str] = []  # the problems the default pack's deferred checks found
        self.problems = list(default.problems)
        self._known_meta = default.listed
        self._entries: dict[str, Entry] = dict(default.entries)
        self._palette = dict(default.palette)
        self.pack_id, self.pack_name = DEFAULT_PACK, default.name
        if self._requested != DEFAULT_PACK:
            folder = find_pack(self._requested, self._extra_dirs)
            if folder is None:
                bare = folder_without_manifest(self._requested, self._extra_dirs)
                where = ", ".join(str(d) for d in pack_dirs(self._extra_dirs))
                why = (_("no {manifest} in {folder}").format(manifest=MANIFEST, folder=bare) if bare
                       else pack_name_problem(self._requested)
                       or _("pack not found in {folders}").format(folders=where))
                self.problems.append(problem_line(self._requested, MANIFEST,
                                                  _("{problem}; using the default pack").format(problem=why)))
            else:
                pack = read_pack(self._requested, folder, default)
                self.pack_id, self.pack_name = pack.id, pack.name
                self.problems.extend(pack.problems)
                self._entries.update(pack.entries)
                self._palette.update(pack.palette)
        self._sources = {name: entry.pack_id for name, entry in self._entries.items()}
        self._images: dict[str, pygame.Surface] = {}
        self._decoded: dict[Path, pygame.Surface | Exception] = {}  # each image file decoded once
        self._frames: dict[str, list[pygame.Surface]] = {}
        self._scaled: OrderedDict[tuple[str, str, int, int], pygame.Surface] = OrderedDict()
        self._reported: set[str] = set()
        self._for_display = self._display_ready()

    def prefetch(self, names: Iterable[str]) -> None:
        """Start decoding these sprites' files in a background thread (the PNG decoder releases the GIL), so
        the start-up imports and the first frame overlap with it; `image` waits for it when it needs one."""
        files = [(entry.path, entry.folder) for name in names if (entry := self._entry(name)) is not None
                 and not any(ahead.holds(entry.path) for ahead in self._ahead)]
        if files:
            self._ahead.append(Prefetch(files))

    def _decoded_file(self, entry: Entry) -> pygame.Surface:
        for ahead in self._ahead:
            if ahead.holds(entry.path):  # others need not wait for it
                early = ahead.take(entry.path)
                if isinstance(early, Exception):
                    raise early
                if early is not None:
                    return finish_surface(early)
        return finish_surface(decode_png(entry.path, entry.folder))

    def _entry(self, name: str) -> Entry | None:
        """The sprite's entry after layering (the default pack's file checked first if it is still pending)."""
        self._default_entry(name)
        return self._entries.get(name)

    def _default_entry(self, name: str) -> Entry | None:
        """The default pack's entry of the sprite, its file checked now if that was deferred."""
        if name in self._default.pending:
            lines = check_pending(self._default, [name])
            self.problems.extend(lines)
            self._deferred_lines.extend(lines)
            entry = self._default.entries.get(name)
            if entry is not None and name not in self._entries:  # the active pack's own entry wins
                self._entries[name] = entry
                self._sources[name] = entry.pack_id
        return self._default.entries.get(name)

    def check_all(self) -> list[str]:
        """Check every file a deferred load left unchecked; the problem lines its checks found (all of them)."""
        for name in list(self._default.pending):
            self._default_entry(name)
        return list(self._deferred_lines)

    def reload(self) -> None:
        """Re-read both packs from disk, drop every cache and bump `version` (F5)."""
        self._ahead = []
        self._read()
        self.version += 1

    @staticmethod
    def _display_ready() -> bool:
        return pygame.display.get_init() and pygame.display.get_surface() is not None

    def _sync_display(self) -> None:
        # Files decoded before the window existed are converted for it once (the window icon is drawn before it
        # opens); what was made from them is made again. Without a window any more, they are decoded again.
        ready = self._display_ready()
        if ready != self._for_display:
            self._for_display = ready
            self._images.clear()
            self._frames.clear()
            self._scaled.clear()
            self._decoded = {path: finish_surface(found) if isinstance(found, pygame.Surface) else found
                             for path, found in self._decoded.items()} if ready else {}

    def _report(self, key: str, line: str) -> None:
        if key not in self._reported:
            self._reported.add(key)
            self.problems.append(line)

    def image(self, name: str) -> pygame.Surface:
        """The sprite `name` (cached); a magenta/black checker when it is missing everywhere."""
        self._sync_display()
        surface = self._images.get(name)
        if surface is None:
            surface = self._images[name] = self._decode(name)
        return surface

    def _decode(self, name: str) -> pygame.Surface:
        entry = self._entry(name)
        while entry is not None:
            found = self._decoded.get(entry.path)
            if found is None:
                try:
                    found = self._decoded_file(entry)
                except (pygame.error, OSError, ValueError) as error:  # ValueError: also DataError
                    found = error
                self._decoded[entry.path] = found
            if isinstance(found, Exception):
                last = entry.pack_id == DEFAULT_PACK
                instead = _("drawing a placeholder") if last else _("using the default sprite")
                self._report(f"decode:{entry.pack_id}:{name}", problem_line(
                    entry.pack_id, entry.file, _("{problem} (sprite '{name}'); {instead}").format(
                        problem=decode_error(found), name=name, instead=instead)))
                entry = None if last else self._default_entry(name)
                continue
            self._sources[name] = entry.pack_id
            return found
        self._sources[name] = "missing"
        meta = self._known_meta.get(name)
        if meta is None:
            self._report(f"unknown:{name}", problem_line(self.pack_id, MANIFEST, _(
                "no sprite named '{name}' in any pack; drawing a placeholder").format(name=name)))
            return placeholder(PLACEHOLDER_SIZE)
        width, height = meta.get("size", PLACEHOLDER_SIZE)
        border = meta.get("slice", 0)
        width, height = max(width, 2 * border + 8), max(height, 2 * border + 8)
        return placeholder((width * meta.get("frames", 1), height))

    def scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The sprite smoothly scaled to `size` (LRU-cached)."""
        image = self.image(name)
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if image.get_size() == size:
            return image
        return self._cached(("scaled", name, *size), lambda: pygame.transform.smoothscale(image, size))

    def nine_slice(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The sprite stretched to `size` keeping its `slice`-pixel border unscaled (cached)."""
        image = self.image(name)
        border = self.meta(name).get("slice", 0)
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if not border or 2 * border >= min(image.get_size()):
            return self.scaled(name, size)
        if image.get_size() == size:
            return image
        return self._cached(("nine", name, *size), lambda: _nine_slice(image, border, size))

    def _cached(self, key: tuple[str, str, int, int], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self._scaled.get(key)
        if surface is None:
            surface = self._scaled[key] = make()
            if len(self._scaled) > CACHE_SIZE:
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(key)
        return surface

    def frames(self, name: str) -> list[pygame.Surface]:
        """The sprite's animation frames: its image split into `frames` equal horizontal parts."""
        self._sync_display()
        cached = self._frames.get(name)
        if cached is None:
            image = self.image(name)
            count = self.meta(name).get("frames", 1)
            width = image.get_width() // count
            cached = self._frames[name] = [
                image.subsurface((i * width, 0, width, image.get_height())).copy() for i in range(count)
            ] if count > 1 and width > 0 else [image]
        return cached

    def colour(self, key: str) -> tuple[int, int, int]:
        """Palette colour `key` (the active pack's, else the default's); magenta when unknown."""
        found = self._palette.get(key)
        if found is None:
            self._report(f"colour:{key}", problem_line(self.pack_id, MANIFEST, _(
                "no colour named '{key}' in any pack; using magenta").format(key=key)))
            return FALLBACK_COLOUR
        return found

    def source(self, name: str) -> str:
        """Id of the pack the sprite comes from ("missing" when drawn as a placeholder)."""
        self._entry(name)
        return self._sources.get(name, "missing")

    def names(self) -> list[str]:
        """Every known sprite name (the default manifest's and the active pack's), sorted."""
        return sorted(set(self._known_meta) | set(self._entries))

    def meta(self, name: str) -> SpriteMeta:
        """The sprite's manifest entry (file, slice, frames, size) after layering; {} when unknown."""
        entry = self._entry(name)
        return entry.meta.copy() if entry is not None else self._known_meta.get(name, SpriteMeta()).copy()


def _nine_slice(image: pygame.Surface, border: int, size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    src_w, src_h = image.get_size()
    bx, by = min(border, width // 2), min(border, height // 2)
    src_x, src_y = (0, border, src_w - border, src_w), (0, border, src_h - border, src_h)
    dst_x, dst_y = (0, bx, width - bx, width), (0, by, height - by, height)
    out = pygame.Surface(size, pygame.SRCALPHA, 32)
    for i in range(3):
        for j in range(3):
            target = pygame.Rect(dst_x[i], dst_y[j], dst_x[i + 1] - dst_x[i], dst_y[j + 1] - dst_y[j])
            if target.w <= 0 or target.h <= 0:
                continue
            piece = image.subsurface((src_x[i], src_y[j], src_x[i + 1] - src_x[i], src_y[j + 1] - src_y[j]))
            if piece.get_size() != target.size:
                piece = pygame.transform.smoothscale(piece, target.size)
            out.blit(piece, target)  # onto a transparent surface pygame copies pixels as they are
    return out.convert_alpha() if SpriteBook._display_ready() else out
