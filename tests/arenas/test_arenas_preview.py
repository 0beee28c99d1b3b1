"""`arenas.rules.preview` against the engine: what a card would do is what `apply` then does.

Random positions come from seeded random games (the seed is in the test id and every failure
message); a few constructed positions pin each kind of turn down."""
from __future__ import annotations

import copy
import random

import pytest

from arenas.rules.actions import Action, PlayCard, PlayWild
from arenas.rules.engine import advance, apply, legal_actions
from arenas.rules.events import (
    CardPlayed,
    Event,
    GameLost,
    TimerBlocked,
    TimerFlipped,
    TimerLost,
    TimerMoved,
    TimerRecovered,
)
from arenas.rules.levels import load_levels
from arenas.rules.preview import TimerTurn, Turn, preview, wild_choices, wild_only_gears
from arenas.rules.state import GameState
from arenas.session import GameSetup
from arenas_support import make_level, make_state
from common.data.rules_api import IllegalAction
from helpers import evidence

SEEDS = range(10)
PATH = "GT YC OS GM YT OC GS YM OT GC YS OM GT"


def turns_in(state: GameState, events: list[Event]) -> tuple[TimerTurn, ...]:
    """The timers a card's events turned (flip, then move, block or recovery), in their order."""
    last = len(state.level.path) - 1
    out: list[TimerTurn] = []
    flipped: dict[str, int] = {}
    for e in events[1:]:
        match e:
            case TimerFlipped():
                flipped[e.timer] = e.remaining_ms
            case TimerMoved():
                out.append(TimerTurn(e.timer, Turn.MOVES, e.from_tile, e.to_tile, flipped[e.timer]))
            case TimerBlocked():
                turn = Turn.END if e.tile == last else Turn.BLOCKED
                out.append(TimerTurn(e.timer, turn, e.tile, e.tile, flipped[e.timer]))
            case TimerRecovered():
                turn = Turn.RECOVERED if e.back_on_path else Turn.STAYS_LOST
                out.append(TimerTurn(e.timer, turn, e.tile, e.tile, flipped[e.timer]))
            case TimerLost() | GameLost():
                break
    return tuple(out)


def fork(state: GameState) -> GameState:
    """An independent copy to apply an action to (the log and the level, not needed or immutable, are shared)."""
    log, state.log = state.log, []
    try:
        return copy.deepcopy(state, {id(state.level): state.level})
    finally:
        state.log = log


def check(state: GameState, action: Action, where: str) -> None:
    """The preview of `action` agrees with `apply` on a copy of `state`."""
    expected = preview(state, action)
    events = apply(fork(state), action)
    assert isinstance(events[0], CardPlayed)
    assert expected == turns_in(state, events), f"{where}: {action}"
    ran_out = {e.timer for e in events if isinstance(e, (TimerLost, GameLost))}
    emptied = {t.timer for t in expected if t.empties}
    if any(isinstance(e, GameLost) for e in events):
        assert ran_out <= emptied | {t.id for t in state.timers.values() if t.remaining_ms <= 0}, where
    else:
        assert ran_out == emptied, f"{where}: {action}"


@pytest.mark.parametrize("seed", evidence(SEEDS, {0, 1, 2, 3}), ids=lambda seed: f"seed{seed}")  # all with -m slow
def test_the_preview_of_every_legal_action_agrees_with_apply(seed: int) -> None:
    levels = load_levels()
    level = levels[seed % len(levels)]
    rng = random.Random(seed)
    players = tuple(f"P{i + 1}" for i in range(rng.randint(1, 3)))
    state = GameSetup(level, players, rng.randrange(len(players)), seed=seed, counts=False).new_state()
    checked = 0
    for move in range(60):
        advance(state, rng.randrange(200, 4_000))
        if state.result is not None:
            break
        actions = legal_actions(state)
        for action in actions:
            check(state, action, f"seed {seed}, level {level.number}, move {move}, {state.time_ms} ms")
            checked += 1
        apply(state, rng.choice(actions))
        if state.result is not None:
            break
    assert checked > 0, f"seed {seed}: no position was checked"


def test_a_card_turns_the_most_advanced_timer_first_so_a_line_of_timers_all_moves() -> None:
    level = make_level("GT GC GS YM YT OC GS YM OT GC YS OM GT")
    state = make_state(level, {"slow1": (0, 30_000), "slow2": (1, 30_000), "medium1": (2, 20_000)}, ["gray"])
    assert preview(state, PlayCard(0, 0)) == (
        TimerTurn("medium1", Turn.MOVES, 2, 3, 22_000),
        TimerTurn("slow2", Turn.MOVES, 1, 2, 30_000),
        TimerTurn("slow1", Turn.MOVES, 0, 1, 30_000),
    )
    check(state, PlayCard(0, 0), "a line of three")


def test_a_timer_is_blocked_by_a_timer_or_a_block_ahead_and_the_last_gear_ends_the_chain() -> None:
    ahead = make_state(make_level(PATH), {"slow1": (0, 30_000), "slow2": (1, 30_000)}, ["triangle"])
    assert [(t.timer, t.turn) for t in preview(ahead, PlayCard(0, 0))] == [("slow1", Turn.BLOCKED)]
    block = make_state(make_level(PATH, blocks=frozenset({1})), {"slow1": (0, 30_000)}, ["triangle"])
    assert [(t.timer, t.turn) for t in preview(block, PlayCard(0, 0))] == [("slow1", Turn.BLOCKED)]
    end = make_state(make_level(PATH), {"slow1": (12, 30_000), "slow2": (5, 30_000)}, ["triangle"])
    assert preview(end, PlayCard(0, 0)) == (TimerTurn("slow1", Turn.END, 12, 12, 30_000),)
    for state, where in ((ahead, "ahead"), (block, "block"), (end, "end")):
        check(state, PlayCard(0, 0), where)


def test_a_card_matching_no_timer_turns_nothing_and_a_full_timer_flipped_empties() -> None:
    state = make_state(make_level(PATH), {"slow1": (0, 60_000), "slow2": (1, 30_000)}, ["square gray"])
    assert preview(state, PlayCard(0, 0)) == ()
    (full,) = preview(state, PlayCard(0, 1))
    assert full.timer == "slow1" and full.empties and full.remaining_ms == 0
    check(state, PlayCard(0, 0), "no match")
    check(state, PlayCard(0, 1), "a full timer")


def test_a_wild_card_activates_any_timer_on_the_path_or_recovers_a_lost_one() -> None:
    timers = {"slow1": ("lost", 1, 9_000), "slow2": (1, 30_000), "medium1": ("lost", 4, 2_000)}
    state = make_state(make_level(PATH), timers, ["wild yellow"])
    choices = wild_choices(state, 0)
    assert set(choices) == {"slow1", "slow2", "medium1"}
    modes = {tid: a.mode for tid, a in choices.items()}
    assert modes == {"slow1": "recover", "slow2": "activate", "medium1": "recover"}
    assert wild_choices(state, 1) == {}
    assert preview(state, choices["slow1"]) == (TimerTurn("slow1", Turn.STAYS_LOST, 1, 1, 51_000),)
    assert preview(state, choices["medium1"]) == (TimerTurn("medium1", Turn.RECOVERED, 4, 4, 40_000),)
    assert preview(state, choices["slow2"]) == (TimerTurn("slow2", Turn.MOVES, 1, 2, 30_000),)
    for tid, action in choices.items():
        check(state, action, f"wild on {tid}")


def test_an_illegal_action_has_no_preview() -> None:
    state = make_state(make_level(PATH), {"slow1": (0, 30_000)}, ["wild gray"])
    for action in (PlayCard(0, 0), PlayCard(0, 5), PlayWild(0, 0, "recover", "slow1"), PlayCard(1, 0)):
        with pytest.raises(IllegalAction):
            preview(state, action)


def test_a_gear_is_wild_only_when_its_colour_and_its_shape_are_both_removed() -> None:
    assert wild_only_gears(make_level(PATH, removed=("orange", "circle"))) == frozenset({5})
    assert wild_only_gears(make_level(PATH, removed=("triangle", "gray"))) == frozenset({0, 12})
    assert wild_only_gears(make_level(PATH, removed=("orange", "gray"))) == frozenset()
    assert wild_only_gears(make_level(PATH, removed=("circle",))) == frozenset()
    assert wild_only_gears(make_level(PATH)) == frozenset()
