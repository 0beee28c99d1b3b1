"""Generator of the project's own sprite packs: run `python -m sprites.generate` from the repo root.

Each art module of this package exposes `sprites() -> dict[name, (Surface, meta)]` (meta: the
manifest keys `slice`, `frames`, `size`) and `PALETTE: dict[key, "#rrggbb"]`. `PACKS` says which
modules make which pack; the default pack is made of `MODULES`. For each pack the generator writes
`sprites/<pack>/<name>.png` and `sprites/<pack>/pack.toml`, removes PNGs it no longer makes, and
leaves files whose bytes did not change untouched. The output is deterministic.
"""
from __future__ import annotations

import importlib
import io
import os
import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

SPRITES_ROOT = Path(__file__).resolve().parent.parent

# Art modules of the default pack, in drawing order; add "arenas" and "arzium" when they exist.
MODULES = ["ui", "arenas", "arzium"]

NAME_PATTERN = re.compile(r"[a-z0-9_]+(/[a-z0-9_]+)+")
META_KEYS = ("slice", "frames", "size")
STORED = {"ui/background"}
"""Sprites written without compression (deflate's stored blocks, no row filters; RGB when opaque): the window's
first frame decodes the menu's background, 40 ms of a start on a 2-core machine when compressed, 5 ms stored."""
HEADER = "# Made by `python -m sprites.generate`; edit the art modules in sprites/generate/, not this file.\n"


@dataclass(frozen=True)
class PackSpec:
    """A pack the generator makes: its folder id, manifest name/author and art modules."""

    id: str
    name: str
    author: str
    modules: list[str]


PACKS = [
    PackSpec("default", "Default", "Arenas & Arzium team", MODULES),
    PackSpec("high-contrast", "High Contrast", "Arenas & Arzium team", ["high_contrast"]),
]


def render(modules: list[str]) -> tuple[dict[str, tuple[pygame.Surface, dict]], dict[str, str]]:
    """Run the art modules; returns (name -> (surface, meta), palette). Rejects clashes and bad meta."""
    from sprites.generate import paint

    paint.setup()
    sprites: dict[str, tuple[pygame.Surface, dict]] = {}
    palette: dict[str, str] = {}
    for module_name in modules:
        module = importlib.import_module(f"sprites.generate.{module_name}")
        for name, (surface, meta) in module.sprites().items():
            if name in sprites:
                raise ValueError(f"sprite {name!r} drawn twice (again by {module_name})")
            if not NAME_PATTERN.fullmatch(name):
                raise ValueError(f"sprite name {name!r} from {module_name} is not like 'group/name'")
            unknown = set(meta) - set(META_KEYS)
            if unknown:
                raise ValueError(f"sprite {name!r} from {module_name} has unknown meta {sorted(unknown)}")
            frames = meta.get("frames", 1)
            if surface.get_width() % frames:
                raise ValueError(f"sprite {name!r}: width {surface.get_width()} does not divide into {frames} frames")
            border = meta.get("slice", 0)
            if 2 * border >= min(surface.get_width() // frames, surface.get_height()):
                raise ValueError(f"sprite {name!r}: slice {border} leaves no middle in a {surface.get_size()} image")
            meta = {"size": [surface.get_width() // frames, surface.get_height()], **meta}
            sprites[name] = (surface, meta)
        for key, value in getattr(module, "PALETTE", {}).items():
            if key in palette:
                raise ValueError(f"palette colour {key!r} given twice (again by {module_name})")
            palette[key] = value
    return sprites, palette


def png_bytes(surface: pygame.Surface, stored: bool = False) -> bytes:
    """The surface encoded as PNG (without compression when `stored`)."""
    if stored:
        return _stored_png(surface)
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "sprite.png")
    return buffer.getvalue()


def _stored_png(surface: pygame.Surface) -> bytes:
    width, height = surface.get_size()
    rgba = pygame.image.tobytes(surface, "RGBA")
    opaque = rgba[3::4] == b"\xff" * (width * height)
    mode, colour_type, depth = ("RGB", 2, 3) if opaque else ("RGBA", 6, 4)
    pixels = pygame.image.tobytes(surface, mode)
    stride = width * depth
    rows = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))  # filter 0: none

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 0))
            + chunk(b"IEND", b""))


def manifest(spec: PackSpec, sprites: dict[str, tuple[pygame.Surface, dict]], palette: dict[str, str]) -> str:
    """The text of `pack.toml` for a pack."""
    lines = [HEADER, "[pack]", f'name = "{spec.name}"', f'author = "{spec.author}"', "version = 1", ""]
    if palette:
        lines.append("[palette]")
        lines += [f'{key} = "{palette[key]}"' for key in sorted(palette)]
        lines.append("")
    for name in sorted(sprites):
        meta = sprites[name][1]
        lines.append(f'[sprites."{name}"]')
        lines.append(f'file = "{name}.png"')
        for key in META_KEYS:
            if key in meta:
                value = meta[key]
                lines.append(f"{key} = [{value[0]}, {value[1]}]" if key == "size" else f"{key} = {value}")
        lines.append("")
    return "\n".join(lines)


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def build(spec: PackSpec, root: Path = SPRITES_ROOT) -> list[Path]:
    """Render and write one pack under `root`; returns the files that changed."""
    sprites, palette = render(spec.modules)
    folder = root / spec.id
    changed = []
    wanted = set()
    for name, (surface, _meta) in sprites.items():
        path = folder / f"{name}.png"
        wanted.add(path)
        if _write_if_changed(path, png_bytes(surface, name in STORED)):
            changed.append(path)
    for stale in sorted(folder.rglob("*.png")):
        if stale not in wanted:
            stale.unlink()
            changed.append(stale)
    for empty in sorted((d for d in folder.rglob("*") if d.is_dir()), reverse=True):
        if not any(empty.iterdir()):
            empty.rmdir()
    if _write_if_changed(folder / "pack.toml", manifest(spec, sprites, palette).encode("utf-8")):
        changed.append(folder / "pack.toml")
    return changed


def main(argv: list[str] | None = None) -> int:
    """Regenerate every pack in `PACKS` (or only the ids given) and report what changed."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m sprites.generate", description="Regenerate the project's sprite packs.")
    parser.add_argument("packs", nargs="*", metavar="PACK", help=f"pack ids to build (default: all of {', '.join(s.id for s in PACKS)})")
    args = parser.parse_args(argv)
    specs = {spec.id: spec for spec in PACKS}
    unknown = [pack for pack in args.packs if pack not in specs]
    if unknown:
        parser.error(f"unknown pack {unknown[0]!r}; known: {', '.join(specs)}")
    for pack_id in args.packs or list(specs):
        changed = build(specs[pack_id])
        print(f"{pack_id}: {len(changed)} file(s) changed" + "".join(f"\n  {path.relative_to(SPRITES_ROOT.parent)}" for path in changed))
    return 0
