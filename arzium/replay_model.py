"""An Arzium replay being watched, without pygame: its timeline (one mark per action), the rules state after
any number of actions (replayed from the start) and its line in the replays list."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from arzium.rules.actions import Action
from arzium.rules.cards import CardDataError
from arzium.rules.engine import apply, current_player
from arzium.rules.replay import Replay as RulesReplay
from arzium.rules.replay import _old_rules_step
from arzium.rules.score import outcome
from arzium.rules.state import GameState, new_game
from arzium.wording import shown_name
from common.data.i18n import N_, _, ngettext, pgettext
from common.data.rules_api import FieldError, IllegalAction, json_int
from common.replays.cursor import Timeline
from common.replays.index import ReplayRow
from common.replays.replay import Replay, ReplayError

MAX_TURNS = 10_000  # the most turns a replay's meta may say its game took
MAX_SCORE = 10_000  # the most points (either way) a replay's meta may give a seat
BOT_LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "greedy": N_("Normal"), "hard": N_("Hard"),
                   "random": N_("Random")}


def bot_level_name(level: str) -> str:
    """A bot level as players know it, translated."""
    return _(BOT_LEVEL_NAMES[level]) if level in BOT_LEVEL_NAMES else level


def played_actions(rules: RulesReplay) -> tuple[Action, ...]:
    """Every action the game went through: the recorded ones, and for a format 1 replay the steps the old
    rules made by themselves (so each can be shown, stepped over and stepped back to)."""
    if not rules.legacy:
        return rules.actions
    state = new_game(rules.setup, rules.seed)
    out: list[Action] = []
    for action in rules.actions:
        while True:
            try:
                apply(state, action)
            except IllegalAction:
                step = _old_rules_step(state)
                if step is None:
                    raise
                apply(state, step)
                out.append(step)
                continue
            out.append(action)
            break
    while (step := _old_rules_step(state)) is not None:
        apply(state, step)
        out.append(step)
    return tuple(out)


@dataclass(frozen=True)
class ArziumReplay:
    """A checked Arzium replay: setup, seed, every action played and the final state."""

    rules: RulesReplay
    actions: tuple[Action, ...]
    final: GameState
    bot_moves: dict[int, str] = field(default_factory=dict)  # an online game's actions a person's bot made

    @classmethod
    def load(cls, replay: Replay, source: str) -> ArziumReplay:
        """The replay, played through once; `ReplayError` (one line) if it cannot be watched."""
        rules = RulesReplay.from_file(replay, source)
        try:
            final, _events = rules.run()
            actions = played_actions(rules)
        except IllegalAction as exc:
            raise ReplayError(f"{source}: {exc.reason}") from None
        except CardDataError as exc:
            raise ReplayError(str(exc)) from None
        try:
            bots = bot_moves(replay.meta, len(actions))
        except FieldError as exc:
            raise ReplayError(f"{source}: {exc}") from None
        return cls(rules, actions, final, bots)

    @property
    def timeline(self) -> Timeline:
        return Timeline(tuple(range(1, len(self.actions) + 1)), len(self.actions))

    def bot_turns(self, seat: int) -> int:
        """How many of `seat`'s turns its bot played, wholly or in part (an online game's `bot_moves`)."""
        state = new_game(self.rules.setup, self.rules.seed)
        turns: set[int] = set()
        for number, action in enumerate(self.actions, start=1):
            if number in self.bot_moves and current_player(state) == seat:
                turns.add(state.turn)
            apply(state, action)
        return len(turns)

    def state_at(self, done: int) -> GameState:
        """The rules state after the first `done` actions."""
        state = new_game(self.rules.setup, self.rules.seed)
        for action in self.actions[:done]:
            apply(state, action)
        return state


class ResultMeta(TypedDict):
    """How a game ended, as a replay file's meta says it: the winners' names and every seat's score."""

    winners: list[str]
    scores: list[int]


def bot_moves(meta: Mapping[str, object], actions: int) -> dict[int, str]:
    """The actions (by number, from 1) a person's seat's bot made in an online game, and why: "clock" (their time
    ran out) or "away"; `FieldError` naming the entry that is not one."""
    listed = meta.get("bot_moves", [])
    if not isinstance(listed, list):
        raise FieldError("meta.bot_moves", "expected a list")
    out: dict[int, str] = {}
    for i, entry in enumerate(listed):
        if not isinstance(entry, list) or len(entry) != 2 or entry[1] not in ("clock", "away"):
            raise FieldError(f"meta.bot_moves[{i}]", 'expected [action number, "clock" or "away"]')
        out[json_int(entry[0], f"meta.bot_moves[{i}][0]", 1, max(1, actions))] = entry[1]
    return out


def result_meta(state: GameState) -> ResultMeta:
    """What a replay file's meta says of the end (so the list need not replay the game): winners, scores."""
    out = outcome(state)
    return {"winners": [state.setup.seats[w].name for w in out.winners], "scores": [s.total for s in out.scores]}


def _result_of(meta: Mapping[str, object], seats: int) -> tuple[list[str], list[int]] | None:
    """The winners and scores the meta gives (None: it gives none); `FieldError` for a score out of range."""
    winners, scores = meta.get("winners"), meta.get("scores")
    if not (isinstance(winners, list) and winners and all(isinstance(w, str) for w in winners)):
        return None
    if not (isinstance(scores, list) and len(scores) == seats
            and all(isinstance(s, int) and not isinstance(s, bool) for s in scores)):
        return None
    return winners, [json_int(s, f"meta.scores[{i}]", -MAX_SCORE, MAX_SCORE) for i, s in enumerate(scores)]


def result_text(winners: list[str], best: int) -> str:
    """Who won with how many points, in words; default names ("Player 2", a bot's) in the current language."""
    if len(winners) == 1:
        return _("{name} won ({points})").format(name=shown_name(winners[0]), points=best)
    return _("Shared win: {names} ({points})").format(names=", ".join(map(shown_name, winners)), points=best)


def seats_text(rules: RulesReplay) -> str:
    """The seats in a few words: how many players, how many bots of which level."""
    seats = rules.setup.seats
    bots = [s.bot_level for s in seats if s.kind == "bot"]
    text = ngettext("{n} player", "{n} players", len(seats)).format(n=len(seats))
    if bots:
        levels = ", ".join(sorted({bot_level_name(level) for level in bots}))
        text += " · " + ngettext("{n} bot ({levels})", "{n} bots ({levels})", len(bots)).format(
            n=len(bots), levels=levels)
    mode = _("full game") if rules.setup.full_game else _("basic game")
    return f"{text} · {mode}"


def summarize(path: Path, replay: Replay) -> ReplayRow:
    """The replays list's line for `path` (the game is replayed only when the file does not say how it ended:
    the app writes that at the end of every game); `ReplayError` (one line) if it cannot be watched."""
    rules = RulesReplay.from_file(replay, str(path))
    turns = replay.meta.get("turns")
    try:
        known = _result_of(replay.meta, len(rules.setup.seats))
        if isinstance(turns, int):
            json_int(turns, "meta.turns", 0, MAX_TURNS)
    except FieldError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    over = True
    if known is None or not isinstance(turns, int) or isinstance(turns, bool):
        final = ArziumReplay.load(replay, str(path)).final
        meta = result_meta(final)
        known, turns, over = (meta["winners"], meta["scores"]), final.turn, outcome(final).over
    winners, scores = known
    result = result_text(winners, max(scores)) if over else pgettext("replay result", "Unfinished")
    length = ngettext("{n} turn", "{n} turns", turns).format(n=turns) + " · " + \
        ngettext("{n} action", "{n} actions", len(rules.actions)).format(n=len(rules.actions))
    return ReplayRow(path, "arzium", seats_text(rules), result, length)
