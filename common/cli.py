"""Arenas & Arzium's command line: the menu, a game, or a tool (see --help).

The installed `arenas-arzium` command, `python -m common` and the checkout's main.py all call `main`. Game
modules are imported by name (importlib), as the menu does: common imports no game module."""
from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from common.i18n import LANGUAGES, N_, _, language, ngettext, set_language, system_language
from common.jsonio import DataFileError
from common.os_words import os_problem
from common.safe_text import MAX_MESSAGE, one_line, print_error, print_line, program_name, short_number
from common.settings import saved_language

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from common.app import App
    from common.replay import Replay
    from common.scene import Scene

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
SIZE_MIN, SIZE_MAX = (320, 240), (7680, 4320)
DISTRIBUTION = "arenas-arzium"
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a program whose reader left


ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("ignored explicit argument %r"))
"""argparse's own words a player may read: argparse looks them up through its module's `_` and `ngettext`,
which `_translate_argparse` points at the game's catalogues (extraction finds them here)."""


def _translate_argparse() -> None:
    vars(argparse).update(_=_, ngettext=ngettext)


class Parser(argparse.ArgumentParser):
    """argparse, with its error line made safe and capped (a 5,000-digit argument is not echoed whole), and its
    help on stdout sent at once: a reader that left (`--help | head -0`) ends it quietly on every Python."""

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        if file is not None:
            super().print_help(file)
            return
        try:  # flushed now: argparse ignores a failed write only on newer Pythons, and then at exit Python
            super().print_help()  # would report what stayed in the buffer
            sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print_line(_("{prog}: error: {message}").format(prog=self.prog, message=message))
        self.exit(2)


def _fail(message: str) -> int:
    """The launcher's error line (longer than a game command's: it may list the scenes)."""
    return print_error(message, MAX_MESSAGE)


def _port(text: str) -> int:
    n = _positive(text) if text != "0" else 0
    if n > 65535:
        raise argparse.ArgumentTypeError(_("expected a port from 0 to 65535, not {n}").format(n=n))
    return n


def _size_list(text: str) -> list[tuple[int, int]]:
    return [_size(part) for part in text.split(",")]


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("size must look like 1280x720, not {text!r}").format(text=text)) from None
    if not (SIZE_MIN[0] <= w <= SIZE_MAX[0] and SIZE_MIN[1] <= h <= SIZE_MAX[1]):
        raise argparse.ArgumentTypeError(_("size {size} is outside {smallest}..{largest}").format(
            size=f"{w}x{h}", smallest=f"{SIZE_MIN[0]}x{SIZE_MIN[1]}", largest=f"{SIZE_MAX[0]}x{SIZE_MAX[1]}"))
    return w, h


MAX_COUNT = 1_000_000  # the most frames, games, seeds or iterations a flag takes


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a whole number, not {text!r}").format(
            text=one_line(text, 40))) from None


def _positive(text: str) -> int:
    n = _whole(text)
    if n <= 0:
        raise argparse.ArgumentTypeError(_("expected a positive number, not {n}").format(n=short_number(n)))
    if n > MAX_COUNT:
        raise argparse.ArgumentTypeError(_("expected at most {most}, not {n}").format(most=MAX_COUNT,
                                                                                     n=short_number(n)))
    return n


def _seed(text: str) -> int:
    from common.replay import MAX_SEED
    n = _whole(text)
    if abs(n) > MAX_SEED:
        raise argparse.ArgumentTypeError(_("a seed is a whole number within ±2**64, not {n}").format(
            n=short_number(n)))
    return n


TOURNAMENT_BOTS = ("easy", "normal", "hard", "hard-v1")  # hard-v1: the first hard bot, for comparisons


def _bot_list(text: str) -> list[str]:
    bots = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in bots if b not in TOURNAMENT_BOTS]
    if unknown or len(bots) < 2:
        raise argparse.ArgumentTypeError(_("--bots wants at least two of {levels}, comma-separated, "
                                           "not {text!r}").format(levels=", ".join(TOURNAMENT_BOTS), text=text))
    return bots


def _range(text: str) -> tuple[int, int]:
    try:
        low, high = (int(v) for v in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected MIN-MAX in ms, e.g. 500-2000, not {text!r}").format(
            text=text)) from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError(_("expected 0 <= MIN <= MAX, not {text!r}").format(text=text))
    return low, high


def _latency(text: str) -> tuple[int, int]:
    try:
        delay, jitter = (int(v) for v in text.replace("±", ",").replace("+-", ",").split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected MS±J in ms, e.g. 150±50, not {text!r}").format(
            text=text)) from None
    if not 0 <= jitter <= delay:
        raise argparse.ArgumentTypeError(_("expected 0 <= J <= MS, not {text!r}").format(text=text))
    return delay, jitter


def _seconds(text: str) -> float:
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected seconds (a number such as 0.8), not {text!r}").format(
            text=text)) from None
    if not 0 < s <= 60:
        raise argparse.ArgumentTypeError(_("expected seconds above 0 and at most 60, not {text}").format(text=text))
    return s


def app_version() -> str:
    """The installed distribution's version; in a plain source checkout, pyproject.toml's."""
    import tomllib  # here, not at the top: the menu's start-up does not need it
    from importlib import metadata
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:
        project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8"))
        return str(project["project"]["version"])
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return "unknown"


COMMON_DEFAULTS: dict[str, Any] = {"sprites": None, "size": (1280, 720), "fullscreen": False, "mute": False,
                                   "seed": None, "lang": None}
"""The flags every command takes, as a plain start (no arguments at all) has them."""


def plain_start() -> argparse.Namespace:
    """The arguments of a start with none given (what the parser would read from an empty command line)."""
    return argparse.Namespace(command=None, **COMMON_DEFAULTS)


def _common_flags(parser: argparse.ArgumentParser, suppress: bool) -> None:
    d = (lambda key: argparse.SUPPRESS) if suppress else COMMON_DEFAULTS.get
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                        help=_("show this help message and exit"))
    parser.add_argument("--sprites", metavar="PACK", default=d("sprites"), help=_("sprite pack to use (folder name)"))
    parser.add_argument("--size", metavar="WxH", type=_size, default=d("size"), help=_("window size"))
    parser.add_argument("--fullscreen", action="store_true", default=d("fullscreen"), help=_("start fullscreen"))
    parser.add_argument("--mute", action="store_true", default=d("mute"), help=_("no sound"))
    parser.add_argument("--seed", metavar="N", type=_seed, default=d("seed"), help=_("random seed for games"))
    parser.add_argument("--lang", metavar="|".join(LANGUAGES), default=d("lang"),
                        help=_("language of the text (default: the Settings choice, else the system's)"))


class _VersionAction(argparse.Action):
    """--version: print the version and exit (found only when asked: reading it costs start-up time)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print_line(f"{DISTRIBUTION} {app_version()}", sys.stdout)
        parser.exit()


def build_parser(prog: str = "arenas-arzium") -> argparse.ArgumentParser:
    """The command line (`prog`: the command's name as the user ran it): no command opens the menu."""
    _translate_argparse()
    parser = Parser(
        prog=prog, add_help=False,
        description=_("Arenas & Arzium — two digital board games. With no command, opens the menu."),
        epilog=_("Examples: {prog} · {prog} arenas --level 3 · {prog} screenshot menu menu.png --size 1920x1080 · "
                 "{prog} timedemo --frames 300 --json td.json · {prog} check-sprites high-contrast · "
                 "{prog} replay FILE --headless").format(prog=prog))
    _common_flags(parser, suppress=False)
    parser.add_argument("--version", action=_VersionAction, help=_("show the version and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        # argparse %-formats a help text (so "95%%"), not a description
        p = sub.add_parser(name, help=help_text, description=help_text.replace("%%", "%"), add_help=False)
        _common_flags(p, suppress=True)
        return p

    add("menu", _("open the main menu (the default)"))
    p = add("arenas", _("play Arenas Movedizas (setup screen, or a level directly)"))
    p.add_argument("--level", metavar="N|PATH", help=_("level number or level file to start at once"))
    add("arzium", _("play Arzium (setup screen)"))
    p = add("screenshot", _("render a scene headless to a PNG"))
    p.add_argument("scene", help=_("scene name (see timedemo --list)"))
    p.add_argument("out", type=Path, help=_("output PNG file"))
    p.add_argument("--frames", type=_positive, default=45, help=_("frames to run before the shot (default 45)"))
    p = add("timedemo", _("time every registered scene headless with scripted input"))
    p.add_argument("--frames", type=_positive, default=300, help=_("measured frames per scene (default 300)"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the figures as JSON"))
    p.add_argument("--only", metavar="SCENE", action="append", help=_("time only this scene (repeatable)"))
    p.add_argument("--list", action="store_true", help=_("list the registered scenes and exit"))
    p.add_argument("--present", action="store_true", help=_("count showing the frame (display flip) in its time"))
    p.add_argument("--sizes", metavar="WxH,...", type=_size_list,
                   help=_("time at each of these window sizes in turn (e.g. 1280x720,1920x1080,3840x2160)"))
    p.add_argument("--paced", action="store_true",
                   help=_("in a real window at 60 frames per second: the wall-clock gaps between shown frames"))
    p = add("check-sprites", _("validate a sprite pack and list what it overrides"))
    p.add_argument("pack", help=_("pack folder name (in sprites/ or your data folder) or a path"))
    p = add("tournament", _("play seeded bot-vs-bot games and print win rates with 95%% confidence intervals"))
    p.add_argument("game", choices=["arzium"], help=_("the game (only Arzium has competing bots)"))
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2, help=_("seats at the table"))
    p.add_argument("--bots", type=_bot_list, default=["hard", "normal"],
                   help=_("comma-separated bot levels, one per competitor: easy, normal, hard, hard-v1 (the first "
                          "hard bot)"))
    p.add_argument("--games", type=_positive, default=200, help=_("games to play"))
    p.add_argument("--basic", action="store_true", help=_("basic game (no artifacts); default is the full game"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the results as JSON"))
    p.add_argument("--iterations", type=_positive, metavar="N",
                   help=_("search iterations per move of the hard bots (reproducible; default: hard thinks up to "
                          "0.8 s, hard-v1 runs 300)"))
    p.add_argument("--time-cap", type=_seconds, metavar="SECONDS",
                   help=_("wall-clock cap per move of the hard bots (the window's is 0.8)"))
    p.add_argument("--rotate-first", action="store_true",
                   help=_("rotate the first player over the seats from deal to deal, and add win rates by turn "
                          "position (apart from the edges)"))
    p.add_argument("--log", type=Path, metavar="FILE",
                   help=_("write each game to FILE as it ends; run again with the same FILE to go on where a "
                          "stopped run was"))
    p.add_argument("--progress", action="store_true", help=_("print a line on stderr as each game ends"))
    p = add("verify-levels", _("play every Arenas level with team-mate bots over N seeds; print win rates"))
    p.add_argument("--seeds", type=_positive, default=100, help=_("seeds per level"))
    p.add_argument("--model", choices=["expert", "person", "solo", "both", "all"], default="both",
                   help=_("expert team-mates (the winnability proof), the person model (the labels), one person "
                          "with expert team-mates (solo), expert and person (both) or all three"))
    p.add_argument("--level", type=_positive, action="append", metavar="N",
                   help=_("only this level (repeatable)"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the table as JSON"))
    p.add_argument("--why", action="store_true",
                   help=_("also say how each level's games ended: which timer ran dry, where, after what"))
    p = add("think-bench", _("play Arzium bot games in a headless window at 60 fps; time decisions and frame gaps"))
    p.add_argument("--players", type=int, choices=[2, 3, 4], default=2, help=_("seats at the table"))
    p.add_argument("--level", choices=["easy", "normal", "hard"], default="hard",
                   help=_("every seat's bot level"))
    p.add_argument("--games", type=_positive, default=1, help=_("games to play"))
    p.add_argument("--basic", action="store_true", help=_("basic game (no artifacts); default is the full game"))
    p = add("serve", _("run a room server for online play until Ctrl+C or SIGTERM"))
    p.add_argument("--host", default="0.0.0.0",
                   help=_("address to listen on (default 0.0.0.0: every network of this machine)"))
    p.add_argument("--port", type=_port, default=None, help=_("port to listen on (default 8765)"))
    p.add_argument("--data", type=Path, metavar="DIR",
                   help=_("folder of the rooms' database (default: the server folder in your data folder)"))
    p.add_argument("--cert", type=Path, metavar="FILE", help=_("TLS certificate (PEM) to serve wss://, with --key"))
    p.add_argument("--key", type=Path, metavar="FILE", help=_("TLS private key (PEM) of --cert"))
    p.add_argument("--stats", type=Path, metavar="FILE",
                   help=_("add the server's own figures (rooms, connections, CPU, memory) to FILE every second"))
    p.add_argument("--join-limit", type=_positive, default=None, metavar="N",
                   help=_("attempts to create or join a room allowed per address a minute (default 20)"))
    p = add("net-bench", _("scripted clients play whole games on a room server; round trips, errors, desyncs"))
    p.add_argument("--server", required=True, metavar="URL", help=_("the room server, e.g. ws://127.0.0.1:8765"))
    p.add_argument("--game", choices=["arzium", "arenas"], required=True, help=_("the game the rooms play"))
    p.add_argument("--rooms", type=_positive, default=10, help=_("rooms played at once"))
    p.add_argument("--clients-per-room", type=_positive, default=4, metavar="K", help=_("scripted people per room"))
    p.add_argument("--think-ms", type=_range, default=(500, 2000), metavar="MIN-MAX",
                   help=_("each client's pause before each move (default 500-2000; 0-0: as fast as it can)"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the figures as JSON"))
    p.add_argument("--timeout", type=_positive, default=900, metavar="SECONDS",
                   help=_("stop waiting for unfinished rooms after this long (default 900)"))
    p.add_argument("--own-server", type=Path, metavar="DIR",
                   help=_("run the server on the URL's port with this data folder (for --kill-at and its figures)"))
    p.add_argument("--server-stats", type=Path, metavar="FILE",
                   help=_("the stats log of a server started with serve --stats (its CPU and memory per room)"))
    p.add_argument("--kill-at", type=_positive, metavar="SECONDS",
                   help=_("with --own-server: SIGKILL the server this long into the run and start it again"))
    p.add_argument("--drop-pct", type=float, default=0.0, metavar="P",
                   help=_("this share of the clients (%%) drops its connection once, at a random moment"))
    p.add_argument("--latency", type=_latency, metavar="MS±J",
                   help=_("connect through a proxy adding MS ± J ms each way (e.g. 150±50 or 150,50)"))
    p.add_argument("--processes", type=_positive, default=1, metavar="N",
                   help=_("share the clients among N processes, each with its own event loop (default 1)"))
    p = add("replay", _("play back a replay file (or print its outcome with --headless)"))
    p.add_argument("file", type=Path, help=_("the replay file"))
    p.add_argument("--headless", action="store_true", help=_("print the outcome as JSON, no window"))
    return parser


def _app(args: argparse.Namespace, headless: bool = False) -> App:
    ahead = None
    if not headless:  # the first frame's largest pictures decode on the other core while the engine is imported
        from common.sprites import FIRST_FRAME_SPRITES, prefetch_default
        ahead = prefetch_default(FIRST_FRAME_SPRITES)
    from common.app import App, AppOptions
    return App(AppOptions(size=args.size, fullscreen=args.fullscreen, mute=args.mute, sprites=args.sprites,
                          seed=args.seed, headless=headless, save_settings=not headless,
                          lang=language() if args.lang else None), rules_scene=_rules_scene, prefetch=ahead)


def _rules_scene(app: App, game: str) -> Scene:
    """The rules screen of `game`, imported when first opened (the menu's first frame does not wait for it)."""
    from common.scenes.rules import RulesScene
    return RulesScene(app, game)



def _output_problem(path: Path | None) -> str | None:
    """Why the --json output could not be written, checked before a long run (None: fine or not asked)."""
    from common.jsonio import cannot_write
    if path is None:
        return None
    why = cannot_write(path)
    if why is not None:
        return _("cannot write --json {path}: {why}").format(path=path, why=why)
    with contextlib.suppress(OSError):  # as the writers expect it (not all of them make it)
        path.parent.mkdir(parents=True, exist_ok=True)
    return None


def cmd_screenshot(args: argparse.Namespace) -> int:
    import pygame

    from common import catalog
    app = _app(args, headless=True)
    spec = catalog.get(args.scene)
    if spec is None:
        return _fail(_("unknown scene {scene!r}; known: {known}").format(
            scene=args.scene, known=", ".join(s.name for s in catalog.specs())))
    app.stack.clear_to(spec.build(app))
    for _frame in range(args.frames):
        app.step([], 1000 / 60)
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(args.out))
    except (OSError, pygame.error) as exc:
        return _fail(_("cannot write {path}: {problem}").format(path=args.out, problem=exc))
    print_line(_("wrote {path} ({size})").format(path=args.out, size=f"{app.size[0]}x{app.size[1]}"), sys.stdout)
    return 0


def cmd_timedemo(args: argparse.Namespace) -> int:
    from common import catalog
    from common.jsonio import write_json_atomic
    from common.timedemo import format_table, run_sweep
    if args.list:
        for spec in catalog.specs():
            print(f"{spec.name:<24} {_(spec.description)}")
        return 0
    names = {s.name for s in catalog.specs()}
    unknown = [n for n in args.only or [] if n not in names]
    if unknown:
        return _fail(_("unknown scene {scene!r}; known: {known}").format(scene=unknown[0],
                                                                          known=", ".join(sorted(names))))
    problem = _output_problem(args.json)
    if problem:
        return _fail(problem)
    app = _app(args, headless=not args.paced)
    runs = run_sweep(app, args.sizes or [app.size], frames=args.frames, seed=args.seed or 1, only=args.only,
                     present=args.present, paced=args.paced)
    print("\n\n".join(format_table(results) for results in runs))
    if args.json:
        try:
            # never half a file, even if the run is killed
            write_json_atomic(args.json, runs[0] if len(runs) == 1 else {"sizes": runs})
        except OSError as exc:
            return _fail(_("cannot write {path}: {problem}").format(path=args.json, problem=os_problem(exc)))
    return 0


def cmd_check_sprites(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from common.sprite_check import check_sprites_main
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
    if not args.headless:
        return _watch(_app(args), replay, args.file)
    code: int = _game_cli(replay.game).replay_headless(replay, args.file)
    return code


def _watch(app: App, replay: Replay, path: Path) -> int:
    """`main.py replay FILE`: the replay viewer over the menu (the Replays screen's viewer); 2 with one line
    if the replay cannot be watched."""
    from common.scenes.menu import MenuScene
    from common.scenes.replays import watch_replay
    app.push(MenuScene(app))
    problem = watch_replay(app, replay, str(path))
    if problem is not None:
        return _fail(problem)
    app.run()
    return 0


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


def cmd_net_bench(args: argparse.Namespace) -> int:
    """`net-bench`: the bench's clients (common.net.bench) with the game's scripted players (G/bench.py)."""
    import asyncio
    import json

    from common.games import hook
    from common.net.bench import bench_main, format_report

    problem = _output_problem(args.json)
    if problem:
        return _fail(problem)
    if args.kill_at is not None and args.own_server is None:
        return _fail(_("--kill-at needs --own-server: the bench can only kill a server it runs"))
    try:
        report = asyncio.run(bench_main(
            args.server, args.game, args.rooms, args.clients_per_room, args.think_ms,
            hook(f"{args.game}.bench:room_setup"), hook(f"{args.game}.bench:new_player"), timeout_s=args.timeout,
            own_data=args.own_server, kill_at_s=args.kill_at, drop_pct=args.drop_pct, latency=args.latency,
            stats=args.server_stats, seed=args.seed or 1, processes=args.processes))
    except (OSError, RuntimeError) as exc:
        return _fail(_("net-bench: {problem}").format(problem=exc))
    print(format_report(report))
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


def cmd_think_bench(args: argparse.Namespace) -> int:
    code: int = _game_cli("arzium").think_bench_command(_app(args, headless=True), args)
    return code


def cmd_game(args: argparse.Namespace) -> int:
    app = _app(args)  # first: its sprites decode in the background while the rest is imported
    from common.games import GAMES
    from common.scenes.menu import MenuScene
    app.push(MenuScene(app))
    if args.command in GAMES:
        game = GAMES[args.command]
        if game.start is None:
            app.toast(_("{game} is coming soon").format(game=game.title))
        else:
            code: int = _game_cli(args.command).open_from_command_line(app, args)
            if code:
                return code
    app.run()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The room server in this process (its code is imported only now: the app's start never loads it)."""
    import logging
    import ssl

    from common.net.protocol import DEFAULT_PORT
    from common.net.server import JOINS_PER_MINUTE, PortInUse, default_data, serve_forever, tls_context
    from common.net.store import StoreError
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    port = DEFAULT_PORT if args.port is None else args.port
    try:
        tls = tls_context(args.cert, args.key)
    except ValueError:
        return _fail(_("--cert and --key go together"))
    except (OSError, ssl.SSLError) as exc:
        return _fail(_("cannot use the certificate {cert} and key {key}: {problem}").format(
            cert=args.cert, key=args.key, problem=exc))
    data = args.data or default_data()

    def ready(url: str, rooms: int) -> None:
        print_line(ngettext("serving rooms on {url} (data in {data}; {n} room resumed)",
                            "serving rooms on {url} (data in {data}; {n} rooms resumed)", rooms).format(
            url=url, data=data, n=rooms), sys.stdout)
        sys.stdout.flush()

    try:
        serve_forever(args.host, port, data, tls, ready, args.stats, args.join_limit or JOINS_PER_MINUTE)
    except PortInUse:
        return _fail(_("port {port} is in use on {host}: choose another with --port").format(port=port,
                                                                                             host=args.host))
    except StoreError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(_("cannot serve on {host}:{port}: {problem}").format(host=args.host, port=port,
                                                                           problem=exc.strerror or exc))
    print_line(_("the room server stopped; every room is kept in {data}").format(data=data), sys.stdout)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the menu, a game or a tool; return the exit code.

    When the reader of the output leaves (piped into `head -1`), the command stops quietly."""
    handlers = {"screenshot": cmd_screenshot, "timedemo": cmd_timedemo, "check-sprites": cmd_check_sprites,
                "replay": cmd_replay, "tournament": cmd_tournament, "verify-levels": cmd_verify_levels,
                "think-bench": cmd_think_bench, "serve": cmd_serve, "net-bench": cmd_net_bench}
    gc.disable()  # what a start allocates it keeps: no collections until a window's first frame (App.run)
    try:
        arguments = sys.argv[1:] if argv is None else argv
        choose_language(arguments)
        # a plain start opens the menu with the defaults: the parser is built only for arguments to read
        args = build_parser(program_name()).parse_args(arguments) if arguments else plain_start()
        handler = handlers.get(args.command or "menu", cmd_game)
        if handler not in (cmd_game, cmd_replay):  # a tool: collections as usual
            gc.enable()
        code = handler(args)
        sys.stdout.flush()  # a reader that left is noticed here, not at exit
        return code
    except DataFileError as exc:  # a shipped data file (card data, a level) is corrupt: one line, in any command
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    finally:
        gc.enable()


def _lang_argument(argv: list[str]) -> str | None:
    """The value of --lang in `argv` (the last one wins, as in argparse), found before parsing."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def choose_language(argv: list[str]) -> None:
    """Set the language before the parser is built (its --help follows it): --lang, else the Settings
    choice, else the system's; an unknown one or a broken catalogue prints one line and English is used."""
    problem = set_language(_lang_argument(argv) or saved_language() or system_language())
    if problem:
        print_line(problem)


def _silence_stdout() -> None:
    """Send what is still buffered for stdout nowhere (else Python reports the broken pipe at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (e.g. captured in tests)
        pass
