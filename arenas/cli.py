"""Arenas Movedizas from the command line: `main.py arenas [--level N|PATH]`, `main.py replay FILE --headless`,
verify-levels."""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from arenas.my_levels import MyLevels
from arenas.rules.engine import outcome_json
from arenas.rules.levels import MAX_LEVEL_NUMBER, LevelError, level_path, load_level, load_levels
from arenas.session import (
    GameSetup,
    SetupError,
    fresh_seed,
    replay_outcome,
)
from arenas.shared_level import SharedLevelError, read_shared
from common.data.i18n import _
from common.data.safe_text import one_line, print_error, print_line
from common.replays.replay import Replay

if TYPE_CHECKING:
    from common.engine.app import App


ARGUMENT_LIMIT = 60  # characters of an argument quoted in one


def _level_number(digits: str) -> int | None:
    """A level number written in ASCII digits (at most MAX_LEVEL_NUMBER); None for anything else."""
    if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(MAX_LEVEL_NUMBER))):
        return None
    return int(digits)


def open_from_command_line(app: App, args: argparse.Namespace) -> int:
    """Push the setup screen, or with `--level N|PATH` the level itself (one player); 2 on a bad level. A shared
    level file is imported into My levels first (a toast says how)."""
    # Scenes (pygame) are imported only by the windowed commands; `replay --headless` stays rules-only.
    from arenas.scenes import flow
    from arenas.scenes.setup_widgets import default_name

    wanted = getattr(args, "level", None)
    if wanted is None:
        app.push(flow.setup_scene(app))
        return 0
    shown = one_line(wanted, ARGUMENT_LIMIT)
    mine = False
    try:
        if wanted.strip().isdigit():  # any digits, "²" and 5,000 of them included: a level number
            known = [lv.number for lv in load_levels()]
            number = _level_number(wanted.strip())
            if number not in known:
                return print_error(_("--level {value}: no such level (levels {first}–{last}, or a level file)")
                                   .format(value=shown, first=min(known), last=max(known)))
            level = load_level(level_path(number))
        else:
            path = Path(wanted)
            if not path.is_file():
                return print_error(_("--level {value}: no such level file").format(value=shown))
            opened = read_shared(path)
            level = opened.shared.level
            mine = not opened.plain
    except (LevelError, SharedLevelError) as exc:
        return print_error(str(exc))
    if mine:  # a shared level file joins My levels (or is there already) and counts in their records
        app.toast(MyLevels().take(opened).line)
    seed = app.options.seed if app.options.seed is not None else fresh_seed()
    setup = GameSetup(level, (default_name(0),), seed=seed, mine=mine)  # a plain level file: a replay, no record
    app.push(flow.play_scene(app, setup))
    return 0


def replay_headless(replay: Replay, path: Path) -> int:
    """Print the rules' outcome of a replay as JSON; 2 with one line if the replay cannot be played."""
    try:
        state = replay_outcome(replay, str(path))
    except SetupError as exc:
        return print_error(str(exc))
    print(json.dumps(outcome_json(state), indent=2))
    return 0


def verify_levels_command(args: argparse.Namespace) -> int:
    """`main.py verify-levels [FILE...]`: every level (or the chosen ones, or the level files given) with expert
    and/or person team-mates."""
    from arenas.bots.proof import Model
    from arenas.bots.verify import verify_levels_main
    groups = {"both": (Model.EXPERT, Model.PERSON), "all": tuple(Model)}
    models = groups[args.model] if args.model in groups else (Model(args.model),)
    try:
        own = [read_shared(path).shared.level for path in args.files]
    except SharedLevelError as exc:
        print_line(f"verify-levels: {exc}")
        return 2
    code: int = verify_levels_main(args.seeds, args.json, args.level, models, args.why, own)
    return code
