"""Arenas & Arzium's command line: the menu, a game, or a tool (see --help).

The installed `arenas-arzium` command, `python -m common` and the checkout's main.py all call `main`. Game
modules are imported by name (importlib), as the menu does: common imports no game module."""
from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from common.i18n import LANGUAGES, set_language
from common.safe_text import MAX_MESSAGE, print_error, print_line

if TYPE_CHECKING:
    from common.app import App

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
SIZE_MIN, SIZE_MAX = (320, 240), (7680, 4320)
DISTRIBUTION = "arenas-arzium"
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a program whose reader left


class Parser(argparse.ArgumentParser):
    """argparse, with its error line made safe and capped (a 5,000-digit argument is not echoed whole)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print_line(f"{self.prog}: error: {message}")
        self.exit(2)


def _fail(message: str) -> int:
    """The launcher's error line (longer than a game command's: it may list the scenes)."""
    return print_error(message, MAX_MESSAGE)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if not (SIZE_MIN[0] <= w <= SIZE_MAX[0] and SIZE_MIN[1] <= h <= SIZE_MAX[1]):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside {SIZE_MIN[0]}x{SIZE_MIN[1]}.."
                                         f"{SIZE_MAX[0]}x{SIZE_MAX[1]}")
    return w, h


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, not {n}")
    return n


def _bot_list(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in bots if b not in ("easy", "normal", "hard")]
    if unknown or len(bots) < 2:
        raise argparse.ArgumentTypeError(f"--bots wants at least two of easy, normal, hard, comma-separated, "
                                         f"not {text!r}")
    return bots


def app_version() -> str:
    """The installed distribution's version; in a plain source checkout, pyproject.toml's."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:
        project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8"))
        return str(project["project"]["version"])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown"


def _common_flags(parser: argparse.ArgumentParser, suppress: bool) -> None:
    d = (lambda v: argparse.SUPPRESS) if suppress else (lambda v: v)
    parser.add_argument("--sprites", metavar="PACK", default=d(None), help="sprite pack to use (folder name)")
    parser.add_argument("--size", metavar="WxH", type=_size, default=d((1280, 720)), help="window size")
    parser.add_argument("--fullscreen", action="store_true", default=d(False), help="start fullscreen")
    parser.add_argument("--mute", action="store_true", default=d(False), help="no sound")
    parser.add_argument("--seed", metavar="N", type=int, default=d(None), help="random seed for games")
    parser.add_argument("--lang", choices=LANGUAGES, default=d(None), help="language of the text (en, es)")


def build_parser() -> argparse.ArgumentParser:
    """The command line: no command opens the menu."""
    parser = Parser(
        prog="main.py", description="Arenas & Arzium — two digital board games. With no command, opens the menu.",
        epilog="Examples: main.py · main.py arenas --level 3 · main.py screenshot menu menu.png --size 1920x1080 · "
               "main.py timedemo --frames 300 --json td.json · main.py check-sprites high-contrast · "
               "main.py replay FILE --headless")
    parser.add_argument("--version", action="version", version=f"{DISTRIBUTION} {app_version()}")
    _common_flags(parser, suppress=False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        _common_flags(p, suppress=True)
        return p

    add("menu", "open the main menu (the default)")
    p = add("arenas", "play Arenas Movedizas (setup screen, or a level directly)")
    p.add_argument("--level", metavar="N|PATH", help="level number or level file to start at once")
    add("arzium", "play Arzium (setup screen)")
    p = add("screenshot", "render a scene headless to a PNG")
    p.add_argument("scene", help="scene name (see timedemo --list)")
    p.add_argument("out", type=Path, help="output PNG file")
    p.add_argument("--frames", type=_positive, default=45, help="frames to run before the shot (default 45)")
    p = add("timedemo", "time every registered scene headless with scripted input")
    p.add_argument("--frames", type=_positive, default=300, help="measured frames per scene (default 300)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--only", metavar="SCENE", action="append", help="time only this scene (repeatable)")
    p.add_argument("--list", action="store_true", help="list the registered scenes and exit")
    p = add("check-sprites", "validate a sprite pack and list what it overrides")
    p.add_argument("pack", help="pack folder name (in sprites/ or your data folder) or a path")
    p = add("tournament", "play seeded bot-vs-bot games and print win rates with 95%% confidence intervals")
    p.add_argument("game", choices=["arzium"], help="the game (only Arzium has competing bots)")
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    p.add_argument("--bots", type=_bot_list, default=["hard", "normal"],
                   help="comma-separated bot levels, one per competitor: easy, normal, hard")
    p.add_argument("--games", type=_positive, default=200)
    p.add_argument("--basic", action="store_true", help="basic game (no artifacts); default is the full game")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON")
    p = add("verify-levels", "play every Arenas level with team-mate bots over N seeds; print win rates")
    p.add_argument("--seeds", type=_positive, default=100)
    p.add_argument("--model", choices=["expert", "person", "both"], default="both",
                   help="expert team-mates (the winnability proof), the person model (the labels) or both")
    p.add_argument("--level", type=_positive, action="append", metavar="N", help="only this level (repeatable)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the table as JSON")
    p = add("think-bench", "play Arzium bot games in a headless window at 60 fps; time decisions and frame gaps")
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2)
    p.add_argument("--level", choices=["easy", "normal", "hard"], default="hard", help="every seat's bot level")
    p.add_argument("--games", type=_positive, default=1)
    p.add_argument("--basic", action="store_true", help="basic game (no artifacts); default is the full game")
    p = add("replay", "play back a replay file (or print its outcome with --headless)")
    p.add_argument("file", type=Path)
    p.add_argument("--headless", action="store_true", help="print the outcome as JSON, no window")
    return parser


def _app(args: argparse.Namespace, headless: bool = False) -> App:
    from common.app import App, AppOptions
    from common.scenes.rules import RulesScene
    return App(AppOptions(size=args.size, fullscreen=args.fullscreen, mute=args.mute, sprites=args.sprites,
                          seed=args.seed, headless=headless, save_settings=not headless), rules_scene=RulesScene)



def _output_problem(path: Path | None) -> str | None:
    """Why the --json output could not be written, checked before a long run (None: fine or not asked)."""
    from common.jsonio import cannot_write
    if path is None:
        return None
    why = cannot_write(path)
    if why is not None:
        return f"cannot write --json {path}: {why}"
    with contextlib.suppress(OSError):  # as the writers expect it (not all of them make it)
        path.parent.mkdir(parents=True, exist_ok=True)
    return None


def cmd_screenshot(args: argparse.Namespace) -> int:
    import pygame

    from common import catalog
    app = _app(args, headless=True)
    spec = catalog.get(args.scene)
    if spec is None:
        return _fail(f"unknown scene {args.scene!r}; known: {', '.join(s.name for s in catalog.specs())}")
    app.stack.clear_to(spec.build(app))
    for _ in range(args.frames):
        app.step([], 1000 / 60)
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(args.out))
    except (OSError, pygame.error) as exc:
        return _fail(f"cannot write {args.out}: {exc}")
    print_line(f"wrote {args.out} ({app.size[0]}x{app.size[1]})", sys.stdout)
    return 0


def cmd_timedemo(args: argparse.Namespace) -> int:
    from common import catalog
    from common.jsonio import write_json_atomic
    from common.timedemo import format_table, run_timedemo
    if args.list:
        for spec in catalog.specs():
            print(f"{spec.name:<24} {spec.description}")
        return 0
    names = {s.name for s in catalog.specs()}
    unknown = [n for n in args.only or [] if n not in names]
    if unknown:
        return _fail(f"unknown scene {unknown[0]!r}; known: {', '.join(sorted(names))}")
    problem = _output_problem(args.json)
    if problem:
        return _fail(problem)
    app = _app(args, headless=True)
    results = run_timedemo(app, frames=args.frames, seed=args.seed or 1, only=args.only)
    print(format_table(results))
    if args.json:
        try:
            write_json_atomic(args.json, results)  # never half a file, even if the run is killed
        except OSError as exc:
            return _fail(f"cannot write {args.json}: {exc.strerror or exc}")
    return 0


def cmd_check_sprites(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from common.sprite_packs import check_sprites_main
    return check_sprites_main(args.pack)


def _game_cli(game: str) -> Any:
    """The command-line module of a game (`arenas.cli`, `arzium.cli`), imported by name."""
    return importlib.import_module(f"{game}.cli")


def cmd_replay(args: argparse.Namespace) -> int:
    from common.replay import ReplayError, read_replay
    try:
        replay = read_replay(args.file)
    except ReplayError as exc:
        return _fail(str(exc))
    module = _game_cli(replay.game)
    code: int = module.replay_headless(replay, args.file) if args.headless else module.replay_window(
        _app(args), replay, args.file)
    return code


def cmd_tournament(args: argparse.Namespace) -> int:
    problem = _output_problem(args.json)
    if problem:
        return _fail(problem)
    code: int = _game_cli(args.game).tournament_command(args)
    return code


def cmd_verify_levels(args: argparse.Namespace) -> int:
    problem = _output_problem(args.json)
    if problem:
        return _fail(problem)
    code: int = _game_cli("arenas").verify_levels_command(args)
    return code


def cmd_think_bench(args: argparse.Namespace) -> int:
    code: int = _game_cli("arzium").think_bench_command(_app(args, headless=True), args)
    return code


def cmd_game(args: argparse.Namespace) -> int:
    from common.games import GAMES
    from common.scenes.menu import MenuScene
    app = _app(args)
    app.push(MenuScene(app))
    if args.command in GAMES:
        game = GAMES[args.command]
        if game.start is None:
            app.toast(f"{game.title} is coming soon")
        else:
            code: int = _game_cli(args.command).open_from_command_line(app, args)
            if code:
                return code
    app.run()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the menu, a game or a tool; return the exit code.

    When the reader of the output leaves (piped into `head -1`), the command stops quietly."""
    handlers = {"screenshot": cmd_screenshot, "timedemo": cmd_timedemo, "check-sprites": cmd_check_sprites,
                "replay": cmd_replay, "tournament": cmd_tournament, "verify-levels": cmd_verify_levels,
                "think-bench": cmd_think_bench}
    try:
        args = build_parser().parse_args(argv)
        if args.lang:
            set_language(args.lang)
        code = handlers.get(args.command or "menu", cmd_game)(args)
        sys.stdout.flush()  # a reader that left is noticed here, not at exit
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE


def _silence_stdout() -> None:
    """Send what is still buffered for stdout nowhere (else Python reports the broken pipe at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (e.g. captured in tests)
        pass
