"""A run's setup, its replay file (the app's common format) and its records — no pygame here.

A replay written by the play scene is a `common.replays.replay.Replay` of game "arenas" whose setup holds
the whole level (so it still plays after the shipped files change: it plays the level as it was, and
counts in no record; a bare level number is read too, and refused in one line when that level has changed
since) and the level's version (`Level.fingerprint`), the players, the first player, the sand speed, whether
the run was assisted, which seats were bots (`"bots"`: seat indices) with their reaction delay
(`"reaction_ms"`), and whose actions are `{"t": ms, **action.to_json()}` — a bot's cards among them, so a
replay never asks a bot again.
Files without the bot fields read as all-human games.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from arenas.bots import DEFAULT_REACTION_MS, MAX_REACTION_MS, MIN_REACTION_MS, BotController, TeammateBot
from arenas.my_records import MY_RECORDS_FILE, MyRecords
from arenas.records import LEVELS_BEFORE_V3, RECORDS_FILE, Records
from arenas.rules.actions import Action, action_from_json
from arenas.rules.levels import MAX_LEVEL_NUMBER, Level, LevelError, level_from_dict, level_path, load_level
from arenas.rules.replay import REPLAY_VERSION, run_replay
from arenas.rules.state import GameState, Setup, new_game
from common.data.file_lock import exclusive
from common.data.files import DataError
from common.data.i18n import _, format_decimal
from common.data.os_words import os_problem
from common.data.paths import data_dir, replays_dir
from common.data.rules_api import IllegalAction
from common.data.safe_text import one_line
from common.replays.replay import Replay, write_new_replay


def fresh_seed() -> int:
    """A new random seed for a run."""
    return random.SystemRandom().randrange(1, 2**31)


def format_ms(ms: int) -> str:
    """A run time for people: m:ss.t (the decimal mark of the language)."""
    return f"{ms // 60000}:{format_decimal(ms // 100 % 600 / 10, 1).zfill(4)}"


@dataclass(frozen=True)
class GameSetup:
    """Everything chosen before a run: level, players, who starts, assists, seed, bot seats, whether it counts."""

    level: Level
    players: tuple[str, ...]
    first_player: int = 0
    sand_speed_pct: int = 100
    allow_pause: bool = False
    seed: int = 1
    counts: bool = True  # save a replay and (shipped levels only) record the result; False for watched replays
    bots: tuple[int, ...] = ()  # seats played by team-mate bots
    reaction_ms: int = DEFAULT_REACTION_MS  # the bots' reaction delay
    mine: bool = False  # a level of My levels: a counted run goes to their records (`arenas.my_records`)

    def new_state(self) -> GameState:
        """The rules state at the start of this run."""
        return new_game(self.rules_setup(), self.seed)

    def rules_setup(self) -> Setup:
        """The rules-level setup of this run."""
        return Setup(self.level, self.players, self.first_player, self.sand_speed_pct)

    def is_bot(self, seat: int) -> bool:
        """True if a team-mate bot plays `seat`."""
        return seat in self.bots

    @property
    def watch(self) -> bool:
        """True when every seat is a bot: people only watch (the result is not recorded)."""
        return len(self.bots) == len(self.players)

    def bot_seats(self) -> dict[int, BotController]:
        """A fresh bot for every bot seat; each seat's delay jitter is seeded from the run's seed."""
        humans = self.humans
        return {seat: BotController(TeammateBot(seat, self.reaction_ms, self.seed * 8 + seat, humans))
                for seat in self.bots}

    @property
    def humans(self) -> frozenset[int]:
        """The seats people play."""
        return frozenset(range(len(self.players))) - frozenset(self.bots)

    def again(self, seed: int | None = None) -> GameSetup:
        """The same setup with a new seed (Retry)."""
        return replace(self, seed=fresh_seed() if seed is None else seed)

    @property
    def assisted(self) -> bool:
        """True when an assist was chosen before the start (slower sand)."""
        return self.sand_speed_pct < 100


class SetupError(ValueError):
    """A replay's setup or actions cannot be used; str() is one line."""


@lru_cache(maxsize=64)
def is_shipped(level: Level) -> bool:
    """True if `level` is exactly the shipped level with its number (only those count in records); asked each
    frame by the screens that name a level, so the answers are kept (the shipped levels do not change)."""
    try:
        return load_level(level_path(level.number)) == level
    except (LevelError, OSError):
        return False


def to_replay(setup: GameSetup, state: GameState) -> Replay:
    """The replay of a finished (or abandoned) run."""
    return Replay(
        game="arenas",
        setup={"level": setup.level.to_dict(), "level_number": setup.level.number,
               "level_version": setup.level.fingerprint, "players": list(setup.players),
               "first_player": setup.first_player, "sand_speed_pct": setup.sand_speed_pct,
               "allow_pause": setup.allow_pause, "assisted": state.assisted, "bots": list(setup.bots),
               "reaction_ms": setup.reaction_ms},
        seed=setup.seed,
        actions=[{"t": at, **action.to_json()} for at, action in state.actions],
        meta={"result": state.result, "time_ms": state.time_ms, "level_name": setup.level.name,
              "saved": time.strftime("%Y-%m-%d %H:%M:%S")},
        version=REPLAY_VERSION,
    )


def from_replay(replay: Replay, source: str) -> tuple[GameSetup, list[tuple[int, Action]], bool]:
    """(setup, timed actions, assisted) of a replay; `SetupError` (one line) if anything is bad."""
    if replay.version > REPLAY_VERSION:
        raise SetupError(_("{source}: Arenas replay format version {version} is newer than this app supports"
                           " ({supported}); update the app").format(source=source, version=replay.version,
                                                                    supported=REPLAY_VERSION))
    data = replay.setup
    raw_level = data.get("level")
    try:
        if isinstance(raw_level, int) and not isinstance(raw_level, bool):
            shipped = 1 <= raw_level <= MAX_LEVEL_NUMBER and level_path(raw_level).is_file()
            if not shipped:
                raise SetupError(_("{source}: setup.level: no shipped level {number}").format(
                    source=source, number=str(raw_level)[:12]))
            level = load_level(level_path(raw_level))
            played_on = data.get("level_version", LEVELS_BEFORE_V3.get(raw_level, level.fingerprint))
            if played_on != level.fingerprint:
                raise SetupError(_("{source}: level {number} has changed since this replay was recorded (level "
                                   "version {old}, now {new}); it names the level only by number, so it cannot be "
                                   "replayed").format(source=source, number=raw_level, old=str(played_on)[:12],
                                                      new=level.fingerprint))
        else:
            level = level_from_dict(raw_level, f"{source}: setup.level")
    except LevelError as exc:
        raise SetupError(str(exc)) from None
    players = data.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise SetupError(_("{source}: setup.players: expected a list of names").format(source=source))
    ints = {}
    for key, default in (("first_player", 0), ("sand_speed_pct", 100), ("reaction_ms", DEFAULT_REACTION_MS)):
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(_("{source}: setup.{key}: expected an integer, got {value}").format(
                source=source, key=key, value=repr(value)))
        ints[key] = value
    assisted = data.get("assisted", False)
    if not isinstance(assisted, bool):
        raise SetupError(_("{source}: setup.assisted: expected true or false, got {value}").format(
            source=source, value=repr(assisted)))
    if not MIN_REACTION_MS <= ints["reaction_ms"] <= MAX_REACTION_MS:
        raise SetupError(_("{source}: setup.reaction_ms: {value} is outside {low}..{high}").format(
            source=source, value=ints["reaction_ms"], low=MIN_REACTION_MS, high=MAX_REACTION_MS))
    bots = data.get("bots", [])
    if not isinstance(bots, list) or any(isinstance(b, bool) or not isinstance(b, int) or not 0 <= b < len(players)
                                         for b in bots) or len(set(bots)) != len(bots):
        raise SetupError(_("{source}: setup.bots: expected a list of distinct seat numbers 0..{high}").format(
            source=source, high=len(players) - 1))
    setup = GameSetup(level, tuple(players), ints["first_player"], ints["sand_speed_pct"],
                      bool(data.get("allow_pause", False)), replay.seed, counts=False,
                      bots=tuple(sorted(bots)), reaction_ms=ints["reaction_ms"])
    try:
        setup.new_state()
    except ValueError as exc:
        raise SetupError(f"{source}: setup.{exc}") from None
    actions: list[tuple[int, Action]] = []
    for i, item in enumerate(replay.actions):
        if not isinstance(item, dict):
            raise SetupError(_("{source}: actions[{i}]: expected an object with 't' and the action").format(
                source=source, i=i))
        at = item.get("t")
        if isinstance(at, bool) or not isinstance(at, int) or at < 0:
            raise SetupError(_("{source}: actions[{i}].t: expected a time in ms, got {value}").format(
                source=source, i=i, value=repr(at)))
        try:
            actions.append((at, action_from_json({k: v for k, v in item.items() if k != "t"})))
        except ValueError as exc:
            raise SetupError(f"{source}: actions[{i}]: {exc}") from None
    return setup, actions, assisted


def replay_outcome(replay: Replay, source: str) -> GameState:
    """Run a replay to its end with the rules; `SetupError` (one line) for a bad setup or illegal action."""
    setup, actions, assisted = from_replay(replay, source)
    try:
        state = run_replay(setup.rules_setup(), setup.seed, actions)
    except IllegalAction as exc:
        raise SetupError(f"{source}: {exc.reason}") from None
    state.assisted = state.assisted or assisted
    return state


@dataclass
class RunRecord:
    """What finishing a run changed: the level's best before, whether it improved, the replay path."""

    previous_best: int | None = None
    new_best: bool = False
    next_unlocked: bool = False
    replay_path: Path | None = None
    problems: tuple[str, ...] = ()
    losses_in_a_row: int = 0  # on this level, this run included (a counted run's)


def _count_mine(level: Level, state: GameState, out: RunRecord) -> list[str]:
    """Count a finished run of a level of mine in My levels' records (what changed in `out`); the lines of what
    went wrong."""
    problems = []
    with exclusive(data_dir() / MY_RECORDS_FILE):
        records = MyRecords.load()
        if records.message:
            problems.append(records.message)
        key = level.fingerprint
        out.previous_best = records.get(key).best_ms
        records.record(key, state.result == "won", state.time_ms, state.assisted)
        out.new_best = records.get(key).best_ms != out.previous_best and state.result == "won"
        out.losses_in_a_row = records.get(key).loss_streak
        try:
            records.save()
        except DataError as exc:
            problems.append(one_line(_("My levels records not saved: {problem}").format(problem=exc)))
        except OSError as exc:
            problems.append(_("could not save My levels records: {problem}").format(problem=os_problem(exc)))
    return problems


def finish_run(setup: GameSetup, state: GameState) -> RunRecord:
    """Save a finished run's replay and count it in the records (shipped levels only: a level file of
    one's own with a shipped number must not touch that level's best time; a team of bots alone
    is watched, not recorded); a level of My levels in their own records."""
    out = RunRecord()
    problems: list[str] = []
    counted = setup.counts and not setup.watch and state.result is not None
    if counted and setup.mine:
        problems.extend(_count_mine(setup.level, state, out))
    elif counted and is_shipped(setup.level):
        with exclusive(data_dir() / RECORDS_FILE):  # another window's run ending now is counted too
            records = Records.load()
            if records.message:
                problems.append(records.message)
            n = setup.level.number
            out.previous_best = records.best_ms(n)
            records.record(n, state.result == "won", state.time_ms, state.assisted)
            out.new_best = records.best_ms(n) != out.previous_best and state.result == "won"
            out.next_unlocked = records.is_unlocked(n + 1)
            out.losses_in_a_row = records.get(n).loss_streak
            try:
                records.save()
            except DataError as exc:
                problems.append(one_line(_("Arenas records not saved: {problem}").format(problem=exc)))
            except OSError as exc:
                problems.append(_("could not save Arenas records: {problem}").format(problem=os_problem(exc)))
    if setup.counts:
        stem = f"arenas-{time.strftime('%Y%m%d-%H%M%S')}-level{setup.level.number:02d}-{state.result or 'left'}"
        try:
            out.replay_path = write_new_replay(replays_dir(), stem, to_replay(setup, state))
        except OSError as exc:
            problems.append(_("could not save the replay to {path}: {problem}").format(
                path=f"{replays_dir() / stem}.json", problem=os_problem(exc)))
    out.problems = tuple(problems)
    return out
