"""Arenas & Arzium's command line: the menu, a game, or a tool (see --help).

The installed `arenas-arzium` command, `python -m common` and the checkout's main.py all call `main`. This is
the launcher, the top layer: it collects each game's `Game` (its plugin module) and gives them to the app
through `common.games`; the rest of common imports no game module."""
from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from common.data.i18n import LANGUAGES, N_, _, language, ngettext, set_language, system_language
from common.data.jsonio import DataFileError
from common.data.os_words import os_problem
from common.data.safe_text import MAX_MESSAGE, print_error, print_line, program_name
from common.data.settings import saved_language
from common.games import GAMES, Command, Game, install, room_sides

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from common.engine.app import App
    from common.engine.scene import Scene
    from common.replays.replay import Replay

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
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


COMMON_DEFAULTS: dict[str, object] = {"sprites": None, "size": None, "fullscreen": False, "mute": False,
                                   "seed": None, "lang": None}
"""The flags every command takes, as a plain start (no arguments at all) has them."""


def plain_start() -> argparse.Namespace:
    """The arguments of a start with none given (what the parser would read from an empty command line)."""
    return argparse.Namespace(command=None, **COMMON_DEFAULTS)


def _common_flags(parser: argparse.ArgumentParser, suppress: bool, window: bool = True) -> None:
    """Help, the language and (`window`: for a command that opens one) the window's flags."""
    from common.arguments import seed, size
    d = (lambda key: argparse.SUPPRESS) if suppress else COMMON_DEFAULTS.get
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                        help=_("show this help message and exit"))
    if not window:
        parser.add_argument("--lang", metavar="|".join(LANGUAGES), default=d("lang"),
                            help=_("language of the text (default: the Settings choice, else the system's)"))
        return
    parser.add_argument("--sprites", metavar="PACK", default=d("sprites"), help=_("sprite pack to use (folder name)"))
    parser.add_argument("--size", metavar="WxH", type=size, default=d("size"), help=_("window size"))
    parser.add_argument("--fullscreen", action="store_true", default=d("fullscreen"), help=_("start fullscreen"))
    parser.add_argument("--mute", action="store_true", default=d("mute"), help=_("no sound"))
    parser.add_argument("--seed", metavar="N", type=seed, default=d("seed"), help=_("random seed for games"))
    parser.add_argument("--lang", metavar="|".join(LANGUAGES), default=d("lang"),
                        help=_("language of the text (default: the Settings choice, else the system's)"))


class _VersionAction(argparse.Action):
    """--version: print the version and exit (found only when asked: reading it costs start-up time)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None, **_others: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print_line(f"{DISTRIBUTION} {app_version()}", sys.stdout)
        parser.exit()


def collect_games() -> None:
    """Give the app the games of the collection, each game's one typed object (once; the order is the menu's)."""
    if GAMES:
        return
    from arenas.plugin import GAME as ARENAS
    from arzium.plugin import GAME as ARZIUM
    games: tuple[Game, ...] = (ARENAS, ARZIUM)
    install(games)


def game_commands() -> dict[str, Command]:
    """The games' tools by command name."""
    return {command.name: command for game in GAMES.values() for command in game.commands}


def build_parser(prog: str = "arenas-arzium") -> argparse.ArgumentParser:
    """The command line (`prog`: the command's name as the user ran it): no command opens the menu."""
    from common.arguments import (  # a plain start parses nothing
        days,
        latency,
        ms_range,
        percent,
        port,
        positive,
        server_url,
        size_list,
    )
    collect_games()
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

    def add(name: str, help_text: str, window: bool = True) -> argparse.ArgumentParser:
        # argparse %-formats a help text (so "95%%"), not a description
        p = sub.add_parser(name, help=help_text, description=help_text.replace("%%", "%"), add_help=False)
        _common_flags(p, suppress=True, window=window)
        return p

    add("menu", _("open the main menu (the default)"))
    for game in GAMES.values():
        game.open_flags(add(game.key, _(game.open_help)))
    p = add("screenshot", _("render a scene headless to a PNG"))
    p.add_argument("scene", help=_("scene name (see timedemo --list)"))
    p.add_argument("out", type=Path, help=_("output PNG file"))
    p.add_argument("--frames", type=positive, default=45, help=_("frames to run before the shot (default 45)"))
    p = add("timedemo", _("time every registered scene headless with scripted input"))
    p.add_argument("--frames", type=positive, default=300, help=_("measured frames per scene (default 300)"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the figures as JSON"))
    p.add_argument("--only", metavar="SCENE", action="append", help=_("time only this scene (repeatable)"))
    p.add_argument("--list", action="store_true", help=_("list the registered scenes and exit"))
    p.add_argument("--present", action="store_true", help=_("count showing the frame (display flip) in its time"))
    p.add_argument("--sizes", metavar="WxH,...", type=size_list,
                   help=_("time at each of these window sizes in turn (e.g. 1280x720,1920x1080,3840x2160)"))
    p.add_argument("--paced", action="store_true",
                   help=_("in a real window at 60 frames per second: the wall-clock gaps between shown frames"))
    p = add("check-sprites", _("validate a sprite pack and list what it overrides"))
    p.add_argument("pack", help=_("pack folder name (in sprites/ or your data folder) or a path"))
    for command in game_commands().values():
        command.flags(add(command.name, _(command.help)))
    p = add("serve", _("run a room server for online play until Ctrl+C or SIGTERM"), window=False)
    p.add_argument("--host", default="0.0.0.0",
                   help=_("address to listen on (default 0.0.0.0: every network of this machine)"))
    p.add_argument("--port", type=port, default=None, help=_("port to listen on (default 8765)"))
    p.add_argument("--data", type=Path, metavar="DIR",
                   help=_("folder of the rooms' database (default: the server folder in your data folder)"))
    p.add_argument("--cert", type=Path, metavar="FILE", help=_("TLS certificate (PEM) to serve wss://, with --key"))
    p.add_argument("--key", type=Path, metavar="FILE", help=_("TLS private key (PEM) of --cert"))
    p.add_argument("--stats", type=Path, metavar="FILE",
                   help=_("add the server's own figures (rooms, connections, CPU, memory) to FILE every second"))
    p.add_argument("--join-limit", type=positive, default=None, metavar="N",
                   help=_("rooms one address may create a minute, and joins with a wrong code or token it may try "
                          "(default 20 each)"))
    p.add_argument("--address-limit", type=positive, default=None, metavar="N",
                   help=_("connections one address may have open at once (default 64), and rooms it may hold "
                          "(default 16): N sets both"))
    p.add_argument("--compact-after", type=days, default=None, metavar="DAYS",
                   help=_("keep a finished table whole this many days after its end, then only its result and replay "
                          "(default 3; from 0.01 to 30)"))
    p.add_argument("--behind-proxy", action="store_true",
                   help=_("behind a reverse proxy on this machine: count a connection from 127.0.0.1 by the address "
                          "in its X-Forwarded-For (the limits per address)"))
    p.add_argument("--backup", type=Path, metavar="FILE",
                   help=_("copy the rooms' database of --data to FILE (safe while a server runs) and stop"))
    p = add("net-bench", _("scripted clients play whole games on a room server; round trips, errors, desyncs"),
            window=False)
    p.add_argument("--server", required=True, type=server_url, metavar="URL",
                   help=_("the room server, e.g. ws://127.0.0.1:8765"))
    p.add_argument("--game", choices=list(GAMES), required=True, help=_("the game the rooms play"))
    p.add_argument("--rooms", type=positive, default=10, help=_("rooms played at once"))
    p.add_argument("--clients-per-room", type=positive, default=4, metavar="K", help=_("scripted people per room"))
    p.add_argument("--think-ms", type=ms_range, default=(500, 2000), metavar="MIN-MAX",
                   help=_("each client's pause before each move (default 500-2000; 0-0: as fast as it can)"))
    p.add_argument("--json", type=Path, metavar="FILE", help=_("also write the figures as JSON"))
    p.add_argument("--timeout", type=positive, default=900, metavar="SECONDS",
                   help=_("stop waiting for unfinished rooms after this long (default 900)"))
    p.add_argument("--own-server", type=Path, metavar="DIR",
                   help=_("run the server on the URL's port with this data folder (for --kill-at and its figures)"))
    p.add_argument("--server-stats", type=Path, metavar="FILE",
                   help=_("the stats log of a server started with serve --stats (its CPU and memory per room)"))
    p.add_argument("--kill-at", type=positive, metavar="SECONDS",
                   help=_("with --own-server: SIGKILL the server this long into the run and start it again"))
    p.add_argument("--drop-pct", type=percent, default=0.0, metavar="P",
                   help=_("this share of the clients (%%) drops its connection once, at a random moment"))
    p.add_argument("--latency", type=latency, metavar="MS±J",
                   help=_("connect through a proxy adding MS ± J ms each way (e.g. 150±50 or 150,50)"))
    p.add_argument("--processes", type=positive, default=1, metavar="N",
                   help=_("share the clients among N processes, each with its own event loop (default 1)"))
    p.add_argument("--turn-based", type=positive, metavar="N",
                   help=_("open N turn-based tables, then players arrive at random: a move's round trip, the store "
                          "per table"))
    p.add_argument("--arrivals", type=positive, default=1000, metavar="M",
                   help=_("with --turn-based: how many players arrive (default 1000)"))
    p.add_argument("--baseline", action="store_true",
                   help=_("then send the same moves to a bare websockets echo server: what the rooms cost over it"))
    p.add_argument("--chat-s", type=positive, metavar="SECONDS",
                   help=_("each client says a chat line every SECONDS on average while its game is played"))
    p = add("join", _("open the app straight into an online room from its invite"))
    p.add_argument("invite", help=_("the invite, as Copy invite gives it: arenas-arzium://host:port/CODE or "
                                    "host:port/CODE"))
    p = add("replay", _("play back a replay file (or print its outcome with --headless)"))
    p.add_argument("file", type=Path, help=_("the replay file"))
    p.add_argument("--headless", action="store_true", help=_("print the outcome as JSON, no window"))
    return parser


def _app(args: argparse.Namespace, headless: bool = False) -> App:
    ahead = None
    if not headless:  # the first frame's largest pictures decode on the other core while the engine is imported
        from common.packs.sprites import FIRST_FRAME_SPRITES, prefetch_default
        ahead = prefetch_default(FIRST_FRAME_SPRITES)
    from common.engine.app import BASE_SIZE, App, AppOptions
    return App(AppOptions(size=args.size or BASE_SIZE, size_asked=args.size is not None, fullscreen=args.fullscreen,
                          mute=args.mute, sprites=args.sprites, seed=args.seed, headless=headless,
                          save_settings=not headless,
                          lang=language() if args.lang else None), rules_scene=_rules_scene, prefetch=ahead,
               dropped_file=dropped_file)


def dropped_file(path: Path) -> str | None:
    """A file dropped onto the window: the first game that knows it says what it did with it."""
    for game in GAMES.values():
        line = game.dropped(path) if game.dropped is not None else None
        if line is not None:
            return line
    return None


def _rules_scene(app: App, game: str) -> Scene:
    """The rules screen of `game`, imported when first opened (the menu's first frame does not wait for it)."""
    from common.scenes.rules import RulesScene
    return RulesScene(app, game)



def _output_problem(path: Path | None) -> str | None:
    """Why the --json output could not be written, checked before a long run (None: fine or not asked)."""
    from common.data.jsonio import cannot_write
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

    from common.tools import catalog
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
    from common.data.jsonio import write_json_atomic
    from common.tools import catalog
    from common.tools.timedemo import format_table, run_sweep
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
    from common.packs.check import check_sprites_main
    return check_sprites_main(args.pack)


def cmd_replay(args: argparse.Namespace) -> int:
    from common.replays.replay import ReplayError, read_replay
    try:
        replay = read_replay(args.file)
    except ReplayError as exc:
        return _fail(str(exc))
    if not args.headless:
        return _watch(_app(args), replay, args.file)
    return GAMES[replay.game].replay_headless(replay, args.file)


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


def cmd_game_tool(command: Command, args: argparse.Namespace) -> int:
    """A game's tool (`main.py tournament ...`); an unwritable --json output is one line before a long run."""
    problem = _output_problem(getattr(args, "json", None))
    if problem:
        return _fail(problem)
    return command.run(args, lambda headless: _app(args, headless=headless))


def cmd_net_bench(args: argparse.Namespace) -> int:
    """`net-bench`: the bench's clients (common.net.bench) with the game's scripted players (G/bench.py)."""
    import asyncio
    import json

    from common.net.bench import bench_main, format_report

    problem = _output_problem(args.json)
    if problem:
        return _fail(problem)
    if args.kill_at is not None and args.own_server is None:
        return _fail(_("--kill-at needs --own-server: the bench can only kill a server it runs"))
    game = GAMES[args.game]
    if args.turn_based is not None:
        from common.net.turn_bench import format_turn_report, turn_bench
        try:
            turns = asyncio.run(turn_bench(args.server, args.turn_based, args.arrivals, game.bench_room,
                                           game.bench_player, args.own_server, args.seed or 1))
        except TimeoutError:
            return _fail(_("net-bench: the server did not answer within 30 s"))
        except (OSError, RuntimeError) as exc:
            return _fail(_("net-bench: {problem}").format(problem=exc))
        print(format_turn_report(turns))
        if args.json is not None:
            args.json.write_text(json.dumps(turns, indent=1) + "\n", encoding="utf-8")
        return 0
    if not _bench_seats(game, args.clients_per_room):
        fits = [n for n in range(1, 17) if _bench_seats(game, n)]
        return _fail(_("--clients-per-room: a room of {game} seats {least} to {most} people, not {n}").format(
            game=args.game, least=min(fits, default=1), most=max(fits, default=1), n=args.clients_per_room))
    try:
        report = asyncio.run(bench_main(
            args.server, args.game, args.rooms, args.clients_per_room, args.think_ms,
            GAMES[args.game].bench_room, GAMES[args.game].bench_player, timeout_s=args.timeout,
            own_data=args.own_server, kill_at_s=args.kill_at, drop_pct=args.drop_pct, latency=args.latency,
            stats=args.server_stats, seed=args.seed or 1, processes=args.processes, baseline=args.baseline,
            chat_s=args.chat_s))
    except (OSError, RuntimeError) as exc:
        return _fail(_("net-bench: {problem}").format(problem=exc))
    print(format_report(report))
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


def _bench_seats(game: Game, people: int) -> bool:
    """Whether the bench can fill a room of `game` with so many scripted people (its setup is a room's)."""
    try:
        game.room().seat_plan(game.bench_room(0, people))
    except Exception:  # whatever the game's setup makes of a number it does not take
        return False
    return True


def cmd_game(args: argparse.Namespace) -> int:
    app = _app(args)  # first: its sprites decode in the background while the rest is imported
    from common.scenes.menu import MenuScene
    app.push(MenuScene(app))
    if args.command in GAMES:
        code = GAMES[args.command].open(app, args)
        if code:
            return code
    app.run()
    return 0


def cmd_join(args: argparse.Namespace) -> int:
    """The app on the Play online screen, joining the invite's room at once (a wrong invite: one line, no window)."""
    from common.online.invite import invite_problem, read_invite
    invite = read_invite(args.invite)
    if invite is None:
        return _fail(invite_problem(args.invite))
    app = _app(args)
    from common.scenes.menu import MenuScene
    from common.scenes.online import REMEMBERED, OnlineScene
    app.push(MenuScene(app))
    REMEMBERED.address, REMEMBERED.code = invite.address, invite.code
    online = OnlineScene(app)
    app.push(online)
    online.join(False)
    app.run()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The room server in this process (its code is imported only now: the app's start never loads it)."""
    import logging
    import ssl
    from dataclasses import replace

    from common.data.jsonio import cannot_write
    from common.net.archive import COMPACT_AFTER_DAYS, DAY_MS
    from common.net.limits import Limits
    from common.net.protocol import DEFAULT_PORT
    from common.net.runners import default_data, serve_forever, tls_context
    from common.net.store import StoreError
    from common.net.transport import NoSuchAddress, PortInUse, PortNotAllowed
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection: a flood of them is said once
    port = DEFAULT_PORT if args.port is None else args.port
    try:
        tls = tls_context(args.cert, args.key)
    except ValueError:
        return _fail(_("--cert and --key go together"))
    except (OSError, ssl.SSLError) as exc:
        return _fail(_("cannot use the certificate {cert} and key {key}: {problem}").format(
            cert=args.cert, key=args.key, problem=exc))
    data = args.data or default_data()
    if args.backup is not None:
        from common.net.operate import BackupError, backup
        try:
            size = backup(data, args.backup)
        except BackupError as exc:
            return _fail(str(exc))
        print_line(_("the rooms of {data} are copied to {file} ({size} bytes)").format(
            data=data, file=args.backup, size=size), sys.stdout)
        return 0
    if args.stats is not None:
        why = cannot_write(args.stats)
        if why is not None:
            return _fail(_("cannot write --stats {path}: {why}").format(path=args.stats, why=why))
    limits = Limits()
    if args.join_limit:
        limits = replace(limits, wrong_guesses=args.join_limit, creates=args.join_limit)
    if args.address_limit:
        limits = replace(limits, conns_per_address=args.address_limit, rooms_per_address=args.address_limit)
    limits = replace(limits, behind_proxy=args.behind_proxy)
    days = COMPACT_AFTER_DAYS if args.compact_after is None else args.compact_after

    def ready(url: str, rooms: int) -> None:
        print_line(ngettext("serving rooms on {url} (data in {data}; {n} room resumed)",
                            "serving rooms on {url} (data in {data}; {n} rooms resumed)", rooms).format(
            url=url, data=data, n=rooms), sys.stdout)
        sys.stdout.flush()

    try:
        serve_forever(args.host, port, data, room_sides(), tls, ready, args.stats, limits, int(days * DAY_MS))
    except PortInUse:
        return _fail(_("port {port} is in use on {host}: choose another with --port").format(port=port,
                                                                                             host=args.host))
    except PortNotAllowed:
        return _fail(_("port {port} needs rights this user does not have (ports below 1024 usually do): choose one "
                       "from 1024 up with --port").format(port=port))
    except NoSuchAddress:
        return _fail(_("{host} is not an address of this machine: choose one with --host (0.0.0.0: all of "
                       "them)").format(host=args.host))
    except StoreError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:  # before the server's own handling of Ctrl+C began: nothing was opened yet
        return 130
    except OSError as exc:
        return _fail(_("cannot serve on {host}:{port}: {problem}").format(host=args.host, port=port,
                                                                           problem=exc.strerror or exc))
    print_line(_("the room server stopped; every room is kept in {data}").format(data=data), sys.stdout)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the menu, a game or a tool; return the exit code.

    When the reader of the output leaves (piped into `head -1`), the command stops quietly."""
    handlers = {"screenshot": cmd_screenshot, "timedemo": cmd_timedemo, "check-sprites": cmd_check_sprites,
                "replay": cmd_replay, "serve": cmd_serve, "net-bench": cmd_net_bench, "join": cmd_join}
    gc.disable()  # what a start allocates it keeps: no collections until a window's first frame (App.run)
    try:
        arguments = sys.argv[1:] if argv is None else argv
        choose_language(arguments)
        collect_games()
        # a plain start opens the menu with the defaults: the parser is built only for arguments to read
        args = build_parser(program_name()).parse_args(arguments) if arguments else plain_start()
        tool = game_commands().get(args.command or "menu")
        handler = handlers.get(args.command or "menu", cmd_game)
        if tool is not None or handler not in (cmd_game, cmd_replay, cmd_join):  # a tool: collections as usual
            gc.enable()
        code = cmd_game_tool(tool, args) if tool is not None else handler(args)
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
