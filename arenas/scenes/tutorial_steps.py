"""The Arenas tutorial as data (no pygame): its lessons, the exact position each starts from, its steps, the
right action each waiting step wants, and what each step rings on screen.

Every lesson starts from a position built with the rules builders; a step inside a lesson is that position
with the lesson's earlier right actions applied, each followed by `REACT_MS` of sand (what the player saw),
so any step can be rebuilt exactly (leaving and resuming, tests). The words are true to these positions:
tests/arenas/test_arenas_tutorial.py plays every right action and checks what the board did.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from arenas.rules.actions import Action, PlayCard, PlayWild, WildMode
from arenas.rules.builders import LostBeside, OnTile, build_game
from arenas.rules.components import Card
from arenas.rules.engine import advance, apply
from arenas.rules.state import GameState, Setup
from arenas.rules.state import new_game as rules_new_game
from arenas.rules.tutorial import FINAL_LEVEL, LESSON_LEVEL
from common.data.i18n import N_

REACT_MS = 1200  # game time the sand flows after a right action, while the board shows what it did
SEED = 7

Highlight = tuple[str, str]  # ("card", card name) | ("timer", timer id) | ("zone", "")


def card(name: str) -> Card:
    return Card.from_name(name)


@dataclass(frozen=True)
class StepSpec:
    """One step: its id and words (msgids), the right action it waits for (None: explain-only), what to ring,
    and for a waiting step the short sentence that says what to do (after a wrong action)."""

    id: str
    title: str
    body: str
    right: Action | None = None
    rings: tuple[Highlight, ...] = ()
    todo: str = ""
    free: bool = False  # the real game: every legal card is played, the sand runs


@dataclass(frozen=True)
class Lesson:
    """Steps on one board, from the position `start` builds."""

    start: Callable[[], GameState]
    steps: tuple[StepSpec, ...]


def _game(timers: dict[str, OnTile | LostBeside], hand: list[str], deck: list[str]) -> GameState:
    """A solo game on the tutorial level; `deck` is listed top card first."""
    return build_game(LESSON_LEVEL, timers, [[card(c) for c in hand]], [card(c) for c in reversed(deck)], seed=SEED)


def free_game() -> GameState:
    """The short level played for real: a seeded deal, every timer full."""
    return rules_new_game(Setup(FINAL_LEVEL, ("P1",)), SEED)


def _turning() -> GameState:
    return _game({"slow1": OnTile(0, 12_000), "medium1": OnTile(2, 30_000)}, ["yellow", "gray", "triangle"],
                 ["square", "orange", "circle"])


def _trap() -> GameState:
    return _game({"slow1": OnTile(1, 46_000), "medium1": OnTile(2, 42_000)}, ["triangle", "gray", "square"],
                 ["orange", "circle", "yellow"])


def _cards() -> GameState:
    return _game({"slow2": OnTile(0, 30_000), "slow1": OnTile(2, 20_000), "medium1": OnTile(3, 20_000)},
                 ["circle", "orange", "crescent"], ["square", "yellow", "triangle"])


def _ends() -> GameState:
    return _game({"slow2": OnTile(4, 40_000), "slow1": OnTile(6, 50_000), "medium1": OnTile(7, 10_000)},
                 ["yellow", "triangle", "orange"], ["crescent", "square", "circle"])


def _wild() -> GameState:
    return _game({"slow2": OnTile(0, 40_000), "slow1": LostBeside(2, 20_000), "medium1": OnTile(4, 9_000)},
                 ["wild", "square", "orange"], ["wild", "triangle", "circle"])


def _losing() -> GameState:
    return _game({"slow2": OnTile(2, 30_000), "slow1": OnTile(5, 50_000), "medium1": OnTile(6, 42_000)},
                 ["orange", "triangle", "yellow"], ["square", "circle", "crescent"])


LESSONS: tuple[Lesson, ...] = (
    Lesson(_turning, (
        StepSpec("welcome", N_("Welcome to Arenas Movedizas"),
                 N_("Sand timers stand on a chain of gears. Your team wins when every timer has crossed the "
                    "Deactivator into the danger zone, with sand still in it."), rings=(("zone", ""),)),
        StepSpec("sand", N_("The sand never stops"),
                 N_("Sand runs in every timer all the time; the bars at the top show how much each one has. In this "
                    "tutorial the sand waits while you read and runs for a moment after each card you play. In a "
                    "real game it never waits."), rings=(("timer", "slow1"), ("timer", "medium1"))),
        StepSpec("turn", N_("Turn a timer over"),
                 N_("S1 is almost empty: 12 s left of its 60. A card turns over every timer standing on a gear of "
                    "its colour or shape, then moves it to the next gear. S1 stands on a yellow gear."),
                 PlayCard(0, 0), (("card", "yellow"),), N_("Play the Yellow card.")),
        StepSpec("turned", N_("Turned over"),
                 N_("Turning swaps the two bulbs: the sand left on top becomes the timer's size minus it. S1 had "
                    "12 s on top, so now it has 48 s, and it stands one gear further on."),
                 rings=(("timer", "slow1"),)),
    )),
    Lesson(_trap, (
        StepSpec("trap", N_("The trap: a full timer"),
                 N_("M1 is full: all its sand is on top. Turned over, a full timer has nothing on top: it is empty "
                    "at once. Turning too soon is as bad as turning too late."), rings=(("timer", "medium1"),)),
        StepSpec("empty", N_("See it happen"),
                 N_("M1 stands on a gray gear. Watch it: turned over, it is empty, moves on and runs out."),
                 PlayCard(0, 1), (("card", "gray"),), N_("Play the Gray card.")),
        StepSpec("lost", N_("A lost timer"),
                 N_("A timer that runs out before the Deactivator is lost. It lies beside its gear, turned over "
                    "so it is full again, and its sand keeps running. Its gear is free. If a lost timer runs out, "
                    "the team loses."), rings=(("timer", "medium1"),)),
    )),
    Lesson(_cards, (
        StepSpec("cards", N_("Colour and shape cards"),
                 N_("A card names a colour (gray, yellow, orange) or a shape (triangle, circle, square, crescent). "
                    "It turns every timer on a gear of that colour or shape. A card that matches no timer does "
                    "nothing.")),
        StepSpec("line", N_("Front to back"),
                 N_("S2, S1 and M1 all stand on circle gears. The card turns the most advanced timer first, so M1 "
                    "makes room for S1, and S1 for S2."), PlayCard(0, 0),
                 (("card", "circle"),), N_("Play the Circle card.")),
        StepSpec("moved", N_("The whole line moved"),
                 N_("All three timers turned over and moved on one gear."),
                 rings=(("timer", "medium1"), ("timer", "slow1"), ("timer", "slow2"))),
        StepSpec("blocked", N_("A blocked timer still turns"),
                 N_("S1 stands on an orange gear, but M1 stands on the next one: S1 cannot move, yet it is turned "
                    "over where it stands."), PlayCard(0, 0), (("card", "orange"),),
                 N_("Play the Orange card.")),
        StepSpec("stayed", N_("It stayed, and it turned"),
                 N_("S1 did not move, but its sand was swapped all the same. A blocked timer is always turned: "
                    "mind how much sand it has on top."), rings=(("timer", "slow1"),)),
    )),
    Lesson(_ends, (
        StepSpec("zone", N_("The danger zone"),
                 N_("The gears after the Deactivator are the danger zone. Timers there still run, turn and move. "
                    "If a timer runs out there, the team loses."), rings=(("zone", ""),)),
        StepSpec("end", N_("The end of the chain"),
                 N_("M1 stands on the last gear and has 10 s left. With no gear after it, M1 does not move, but "
                    "it is turned over."), PlayCard(0, 0), (("card", "yellow"),),
                 N_("Play the Yellow card.")),
        StepSpec("win", N_("Winning"),
                 N_("S2 is the only timer outside the danger zone, on a crescent gear. When every timer stands in "
                    "the danger zone with sand left, the team wins at once."),
                 PlayCard(0, 2), (("card", "crescent"),), N_("Play the Crescent card.")),
    )),
    Lesson(_wild, (
        StepSpec("lost_again", N_("Bring a lost timer back"),
                 N_("S1 is lost beside its gear with 20 s left. Only a wild card can bring it back."),
                 rings=(("timer", "slow1"),)),
        StepSpec("recover", N_("Wild card: recover"),
                 N_("The Wild card turns S1 over, so its 20 s become 40 s, and puts it back onto its gear (if "
                    "that gear were taken, S1 would only be turned and stay lost)."),
                 PlayWild(0, 0, WildMode.RECOVER, "slow1"), (("card", "wild"), ("timer", "slow1")),
                 N_("Play the Wild card, then click S1.")),
        StepSpec("activate", N_("Wild card: any one timer"),
                 N_("A wild card can instead turn and move any one timer on the path, whatever its gear. M1 is "
                    "low and no other card in your hand matches its gear."),
                 PlayWild(0, 2, WildMode.ACTIVATE, "medium1"), (("card", "wild"), ("timer", "medium1")),
                 N_("Play the Wild card, then click M1.")),
    )),
    Lesson(_losing, (
        StepSpec("losing", N_("Losing"),
                 N_("The team loses at once when a timer in the danger zone runs out, or a lost timer runs out. "
                    "M1, in the danger zone, is full."), rings=(("timer", "medium1"),)),
        StepSpec("lose", N_("See it happen"),
                 N_("Watch M1: turned over, it is empty, moves on and runs out in the danger zone. The game is "
                    "lost."), PlayCard(0, 0), (("card", "orange"),), N_("Play the Orange card.")),
    )),
    Lesson(free_game, (
        StepSpec("ready", N_("Now for real"),
                 N_("A short level: get S1 and M1 into the danger zone. When you press Next the sand runs and "
                    "does not wait any more. Turn a timer before it runs low, but not while it is nearly full.")),
        StepSpec("play", N_("Your game"),
                 N_("Play your cards. Watch the bars at the top: the lower the sand, the sooner that timer needs "
                    "a card. If the sand wins, the level starts again."), free=True,
                 todo=N_("Get S1 and M1 into the danger zone.")),
        StepSpec("done", N_("Well played"),
                 N_("You know every rule now. Level 1 waits on the setup screen, and the Tutorial button there "
                    "plays this again whenever you like.")),
    )),
)

SPECS: tuple[StepSpec, ...] = tuple(s for lesson in LESSONS for s in lesson.steps)


def lesson_of(index: int) -> tuple[Lesson, int]:
    """The lesson step `index` belongs to, and the index of that lesson's first step."""
    first = 0
    for lesson in LESSONS:
        if index < first + len(lesson.steps):
            return lesson, first
        first += len(lesson.steps)
    raise IndexError(f"no tutorial step {index}")


def position(index: int) -> GameState:
    """The board at step `index`: its lesson's start with the lesson's earlier right actions played."""
    lesson, first = lesson_of(index)
    state = lesson.start()
    for spec in SPECS[first:index]:
        if spec.right is not None and state.result is None:
            apply(state, spec.right)
            advance(state, REACT_MS)
    return state


def free_index() -> int:
    """The index of the step played for real."""
    return next(i for i, s in enumerate(SPECS) if s.free)

