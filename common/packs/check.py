"""`check-sprites PACK`: a pack checked fully, every image decoded, and the report printed (a tool: the game
itself reads packs with `common.packs.sprite_packs`)."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pygame

from common.data.i18n import _
from common.data.safe_text import print_line
from common.packs.sprite_packs import (
    DEFAULT_PACK,
    MANIFEST,
    SPRITES_DIR,
    decode_error,
    find_pack,
    folder_without_manifest,
    load_surface,
    pack_dirs,
    pack_name_problem,
    problem_line,
    read_pack,
)


@dataclass
class CheckReport:
    """What `check_pack` found: the sprites/colours a pack overrides and every problem."""

    pack_id: str
    overrides: list[str]
    problems: list[str]
    usable: bool
    name: str = ""
    path: Path | None = None



def check_pack(pack: str | Path, extra_dirs: list[Path] | None = None) -> CheckReport:
    """Check pack `pack` fully, decoding every image.

    `pack` is a Path (a folder), or a string: an installed pack id, else a folder path.
    """
    folder: Path | None
    if isinstance(pack, Path):
        folder = pack
    else:
        folder = find_pack(pack, extra_dirs)
        if folder is None and Path(pack).is_dir():
            folder = Path(pack)
    if folder is None:
        name = str(pack)
        bare = folder_without_manifest(name, extra_dirs)
        where = ", ".join(str(d) for d in pack_dirs(extra_dirs))
        why = (_("no {manifest} in {folder}").format(manifest=MANIFEST, folder=bare) if bare else
               pack_name_problem(name) or _("no such pack folder, and no pack with that id in {where}").format(
                   where=where))
        return CheckReport(name, [], [problem_line(name, str(pack), why)], False)
    pack_id = folder.resolve().name if folder.name in ("", ".", "..") else folder.name
    default_folder = SPRITES_DIR / DEFAULT_PACK
    is_default = folder.exists() and default_folder.exists() and folder.resolve() == default_folder.resolve()
    default = read_pack(DEFAULT_PACK, default_folder, None)
    found = default if is_default else read_pack(pack_id, folder, default)
    problems = list(found.problems)
    failed: dict[Path, Exception | None] = {}  # each image file decoded once
    for name, entry in sorted(found.entries.items()):
        if entry.path not in failed:
            try:
                load_surface(entry.path, entry.folder)
                failed[entry.path] = None
            except (pygame.error, OSError, ValueError) as error:
                failed[entry.path] = error
        bad = failed[entry.path]
        if bad is not None:
            problems.append(problem_line(entry.pack_id, entry.file, f"{decode_error(bad)} (sprite '{name}'); "
                                  + ("drawing a placeholder" if is_default else "using the default sprite")))
            del found.entries[name]
    overrides = [] if is_default else sorted(found.entries) + [f"palette.{key}" for key in sorted(found.palette)]
    return CheckReport(found.id if is_default else pack_id, overrides, problems, found.usable, found.name, folder)


def say(line: str) -> None:
    """Print one safe line on stdout."""
    print_line(line, sys.stdout)


def check_sprites_main(pack: str | Path, extra_dirs: list[Path] | None = None) -> int:
    """`check-sprites PACK`: print what the pack overrides (stdout) and every problem (stderr); 0 if usable,
    else 1."""
    report = check_pack(pack, extra_dirs)
    named = f" ({report.name})" if report.name and report.name != report.pack_id else ""
    say(_("sprite pack '{pack}'{name}").format(pack=report.pack_id, name=named)
        + (_(" at {path}").format(path=report.path) if report.path is not None else ""))
    if report.pack_id == DEFAULT_PACK and report.usable:
        say(_("the default pack: every other pack falls back to it"))
    else:
        say(_("overrides ({n}):").format(n=len(report.overrides)) + ("" if report.overrides else _(" nothing")))
        for name in report.overrides:
            say(f"  {name}")
    if not report.problems:
        say(_("problems ({n}):").format(n=0) + _(" none"))
    else:  # error lines, on stderr
        print_line(_("problems ({n}):").format(n=len(report.problems)))
        for line in report.problems:
            print_line(f"  {line}")
    if report.usable:
        say(_("usable: yes") if report.pack_id == DEFAULT_PACK else
            _("usable: yes (anything it lacks or gets wrong falls back to the default pack)"))
        return 0
    print_line(_("usable: no (the default pack is used instead)"))
    return 1
