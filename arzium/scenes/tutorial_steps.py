"""The steps of the Arzium tutorial, without pygame: one idea each, where in the tutorial each shows (`part`:
the guided game or the practice game of `tutorial_script.SCRIPTS`; `at`: how many of the part's actions have
been played), what it rings, and for a waiting step the check of the player's attempted action (the script's
next action, or a short reason why not).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from arzium.rules.actions import Action, Bid, Buy, Search
from arzium.scenes.tutorial_script import (
    COMPASS,
    DISPLACE,
    FREE_BLANK,
    PURSE,
    RIVAL,
    SCRIPT,
    SCRIPTS,
    SLIDE,
    WAKE,
    YOU,
)
from common.data.i18n import N_, _
from common.tutorials.steps import OK, Step, Verdict, wrong

Button = Literal["rest"]
Miss = Literal["kind", "card", "turn", "place", "blanks", "amount", "artifact", "use"]
Square = tuple[int, str]  # a board square and the ghost kind it is shown with ("ok", "skip", "blank_on")


@dataclass(frozen=True)
class Marks:
    """What a step points at: board squares shown as a hint ghost (`squares`) or ringed (`rings`, where what
    is printed on them must stay visible), characters and artifacts of a party ((player, id)), artifacts of
    the row for sale, a sidebar button, whole parties, a player's coins."""

    squares: tuple[Square, ...] = ()
    rings: tuple[int, ...] = ()
    cards: tuple[tuple[int, str], ...] = ()
    artifacts: tuple[tuple[int, str], ...] = ()
    row: tuple[str, ...] = ()
    buttons: tuple[Button, ...] = ()
    parties: tuple[int, ...] = ()
    coins: tuple[int, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A step of the tutorial, shown once `at` actions of its part's script have been played, with its marks."""

    step: Step[Action]
    at: int
    marks: Marks = Marks()
    part: int = 0

    @property
    def action(self) -> Action:
        """The script's action this step waits for (a waiting step)."""
        return SCRIPTS[self.part][self.at]


def miss(expected: Action, got: Action) -> Miss | None:
    """How `got` differs from the `expected` action (None: it is the same action)."""
    if got == expected:
        return None
    if type(got) is not type(expected):
        return "kind"
    if isinstance(expected, Search) and isinstance(got, Search):
        if got.card != expected.card:
            return "card"
        if got.turn_artifacts != expected.turn_artifacts:
            return "turn"
        if got.anchor != expected.anchor:
            return "place"
        return "blanks"
    if isinstance(expected, Bid):
        return "amount"
    if isinstance(expected, Buy):
        return "artifact"
    return "use"


GENERIC: dict[str, str] = {  # by kind of miss (`Miss`)
    "kind": N_("That is not this step's move: do what the note says."),
    "card": N_("Use the character that is ringed in your party."),
    "turn": N_("Click the ringed Spinning Compass first, so the pattern turns."),
    "place": N_("Put the pattern on the marked squares: move the mouse until its ghost covers them."),
    "blanks": N_("Fill only what the note says."),
    "amount": N_("Bid the amount the note says."),
    "artifact": N_("Buy the ringed artifact."),
    "use": N_("Use the ringed artifact as the note says."),
}


def expect(index: int, part: int = 0, **texts: str) -> Callable[[Action], Verdict]:
    """A waiting step's check: action `index` of part `part`'s script is right; any other gets its reason
    (`texts`, by kind of miss, override the generic ones)."""
    reasons: Mapping[str, str] = {**GENERIC, **texts}

    def check(action: Action) -> Verdict:
        kind = miss(SCRIPTS[part][index], action)
        return OK if kind is None else wrong(_(reasons[kind]))
    return check


def explain(step_id: str, at: int, title: str, body: str, marks: Marks = Marks(), part: int = 0) -> Lesson:
    """An explain-only step (Next)."""
    return Lesson(Step(step_id, title, body), at, marks, part)


def wait(step_id: str, at: int, title: str, body: str, marks: Marks = Marks(), part: int = 0,
         **texts: str) -> Lesson:
    """A step that waits for the action `at` of part `part`'s script."""
    return Lesson(Step(step_id, title, body, expect(at, part, **texts)), at, marks, part)


def _sq(*squares: int, kind: str = "ok") -> tuple[Square, ...]:
    return tuple((sq, kind) for sq in squares)


LESSONS: tuple[Lesson, ...] = (
    explain("welcome", 0, N_("Welcome to Arzium"),
            N_("You play red from the south edge, against Snorebert (blue, north). This game is already under "
               "way, so that each idea comes up quickly.")),
    explain("goal", 0, N_("The goal"),
            N_("Each land on the map has six squares. When a land is full, whoever has the most explore markers "
               "on it claims it: its character joins their party. Once someone has 10 characters, the round is "
               "finished and the game ends; most points wins.")),
    explain("party", 0, N_("Your party"),
            N_("Your characters lie at the bottom. A face-up one can search once; a used one lies face down "
               "until you rest. Each card shows its search pattern, and its points in the lower right corner."),
            Marks(parties=(YOU,))),
    wait("edge", 0, N_("Your edge"),
         N_("A pattern goes on the map exactly as printed, seen from your edge: without an artifact you may not "
            "turn it. Click your Guide, then move the mouse until its pattern covers the marked squares, and "
            "click."),
         Marks(_sq(18, 24, 25), cards=((YOU, "guide-red"),)),
         card=N_("Use the Guide: it is ringed in your party.")),
    explain("coin", 1, N_("Coins"),
            N_("The ringed square had a coin: a marker placed on a coin pays you 1 coin at once. Your coins are "
               "counted under your name."),
            Marks(rings=(25,), coins=(YOU,))),
    explain("rival_edge", 1, N_("Snorebert's edge"),
            N_("Now Snorebert searches with its Guide, the same card as yours. Its patterns are printed for the "
               "north edge, so on your screen they land upside down. Press Next and watch.")),
    explain("rival_turned", 2, N_("Upside down"),
            N_("There it is: the Guide's pattern turned half round, because Snorebert sits opposite you. The map "
               "is always shown with your edge at the bottom."),
            Marks(rings=(20, 21, 27))),
    wait("skip", 2, N_("Skipped squares"),
         N_("A square of the pattern that already holds a marker, anyone's, is skipped. Put your Scout on the "
            "marked squares: the one with Snorebert's marker is skipped."),
         Marks(_sq(30) + _sq(31, kind="skip"), cards=((YOU, "scout-red"),)),
         card=N_("Use the Scout: it is ringed in your party.")),
    explain("claim", 3, N_("A full land"),
            N_("That filled the land: you had 4 markers on it, Snorebert 2. The most markers claims it, so its "
               "character joined your party, face up. Its markers went back to their owners and a new land "
               "took its place."),
            Marks(cards=((YOU, "C01"),))),
    explain("helper", 3, N_("The helper's coin"),
            N_("Snorebert had markers there too, so it got 1 coin for helping. Every other player with a marker "
               "on a claimed land gets 1 coin."),
            Marks(coins=(RIVAL,))),
    explain("free_rest", 3, N_("Resting"),
            N_("Snorebert had used all its characters. So at the start of its turn they all turned face up "
               "again, for free: that is resting."),
            Marks(parties=(RIVAL,))),
    explain("blanks", 4, N_("Blank squares"),
            N_("The Dreamer's pattern has two blanks, drawn dashed. For each blank you may pay 2 coins to put a "
               "marker there too, if its square is free."),
            Marks(cards=((YOU, "dreamer-red"),))),
    wait("blank", 4, N_("Coins from the same search"),
         N_("You have 1 coin, but the coin on the ringed square is earned by your marker in this same search, so "
            "it counts too. Click the Dreamer, put it on the marked squares, click the free blank so it lights "
            "up, then click the pattern again."),
         Marks(_sq(22) + _sq(23, kind="blank_on"), rings=(28,), cards=((YOU, "dreamer-red"),)),
         card=N_("Use the Dreamer: it is ringed in your party."),
         blanks=N_("Fill the free blank too: after the first click, click the dashed square so it lights up, "
                   "then place.")),
    explain("blank_paid", 5, N_("Paid"),
            N_("Your marker on the coin paid 1 coin, and your 2 coins bought the blank. The other blank held "
               "Snorebert's marker, so it stayed as it was."),
            Marks(rings=(23,))),
    explain("your_help", 6, N_("Helping pays"),
            N_("Snorebert filled the north land and claimed it. You had 1 marker there, so you got 1 coin for "
               "helping."),
            Marks(coins=(YOU,))),
    wait("rest_early", 6, N_("Resting early"),
         N_("You want your Guide again, but it is face down. At the start of your turn you may rest early: pay "
            "1 coin per character still face up (here 1), and all your characters turn face up. Click Rest "
            "early."),
         Marks(buttons=("rest",)),
         kind=N_("First rest early: the Rest early button is ringed.")),
    wait("tie_search", 7, N_("Fill the middle land"),
         N_("Your Guide is face up again. Put it on the marked squares: they fill the middle land."),
         Marks(_sq(26, 32, 33), cards=((YOU, "guide-red"),)),
         card=N_("Use the Guide: it is ringed in your party.")),
    explain("tie", 8, N_("A tie"),
            N_("You and Snorebert have 3 markers each there. The tied players bid once each, you first: the "
               "first bid may be 0, each later one must be at least 1 more, or pass. The highest bid claims the "
               "land and pays it; nobody else pays.")),
    wait("bid", 8, N_("Your bid"),
         N_("Open the bidding with 0 coins: click Bid 0 in the bid window."),
         amount=N_("Bid 0 this time: the first bid may be 0.")),
    explain("bid_won", 10, N_("Won for nothing"),
            N_("Snorebert passed, so the land is yours for your bid of 0 coins. Snorebert had markers there, so "
               "it got 1 coin for helping."),
            Marks(cards=((YOU, "C06"),))),
    wait("buy", 10, N_("Artifacts"),
         N_("In the full game, after the claims you may buy one artifact from the row. Buy the Spinning Compass "
            "for 2 coins: click it in the row."),
         Marks(row=(COMPASS,)),
         kind=N_("Buy the ringed Spinning Compass this time.")),
    explain("use_artifacts", 11, N_("Using artifacts"),
            N_("You use an artifact on your turn by turning it face down; resting turns it face up again. The "
               "Compass turns your pattern a quarter turn clockwise for one search."),
            Marks(artifacts=((YOU, COMPASS),))),
    wait("turn", 12, N_("Turn a pattern"),
         N_("The last gap of the east land stands upright, but your Scout lies flat. Click your Spinning "
            "Compass, then the Scout, and fill the marked squares."),
         Marks(_sq(29, 35), cards=((YOU, "scout-red"),), artifacts=((YOU, COMPASS),)),
         card=N_("Use the Scout: it is ringed in your party."),
         kind=N_("Search with the Scout and the Compass.")),
    explain("ten", 13, N_("Ten characters"),
            N_("That land gave you your 10th character. The game ends when the round is finished: Snorebert, "
               "last in turn order, plays one more turn. Press Next and watch."),
            Marks(parties=(YOU,))),
    explain("score", len(SCRIPT), N_("The score"),
            N_("The game is over. Each player adds up the points of their characters and artifacts: you have 21, "
               "Snorebert 7. Most points wins; a tie goes to most coins."),
            Marks(parties=(YOU, RIVAL))),
    explain("practice", 0, N_("The other artifacts"),
            N_("A short practice game shows the other five abilities. You own one artifact of each; the row's "
               "artifacts cost 5 coins, more than you will have, so you buy nothing here."),
            Marks(parties=(YOU,)), part=1),
    wait("purse", 0, N_("Purse"),
         N_("The Bottomless Sock is a Purse: using it gains you 1 coin. Click it in your party."),
         Marks(artifacts=((YOU, PURSE),), coins=(YOU,)), part=1,
         kind=N_("Use the ringed Bottomless Sock first: click it.")),
    wait("wake", 1, N_("Wake"),
         N_("Your Guide lies face down. The Rooster Bell is a Wake: it turns one of your characters face up "
            "without resting (or face down, at the start of your turn). Click the Bell, then your Guide."),
         Marks(cards=((YOU, "guide-red"),), artifacts=((YOU, WAKE),)), part=1,
         kind=N_("Wake the Guide with the ringed Rooster Bell first."),
         use=N_("Click the Rooster Bell, then your Guide.")),
    wait("slide", 2, N_("Slide"),
         N_("Snorebert's marker on the lower ringed square is in your Dreamer's way. The Slippery Soap Stone is a "
            "Slide: it moves any marker on the map one square up, down, left or right, onto an empty square; "
            "nobody gets coins for it. Click the Stone, then that marker, then the ringed empty square above it."),
         Marks(rings=(20, 14), artifacts=((YOU, SLIDE),)), part=1,
         kind=N_("Slide the ringed marker first, with the ringed Soap Stone."),
         use=N_("Slide the marker onto the ringed empty square above it.")),
    wait("free_blank", 3, N_("Free blank"),
         N_("You have 1 coin, too few to pay a blank. The Feather Quill is a Free blank: it fills one blank "
            "of your pattern for nothing. Click the Quill, then the Dreamer, put it on the marked squares, "
            "click the west blank so it lights up, then click the pattern again."),
         Marks(_sq(20, 26) + _sq(19, kind="blank_on"), cards=((YOU, "dreamer-red"),),
               artifacts=((YOU, FREE_BLANK),)), part=1,
         card=N_("Use the Dreamer: it is ringed in your party."),
         blanks=N_("Fill the west blank only, with the Feather Quill.")),
    wait("displace", 5, N_("Displace"),
         N_("Snorebert's marker stands in your Guide's pattern. The Elbowing Umbrella is a Displace: your "
            "marker takes that square and theirs goes back to them (you collect the square's coins, none "
            "here). Click the Umbrella, then the Guide, put it on the marked squares, click Snorebert's "
            "marker so it lights up, then click the pattern again."),
         Marks(_sq(3, 10) + _sq(9, kind="displace_on"), cards=((YOU, "guide-red"),),
               artifacts=((YOU, DISPLACE),)), part=1,
         card=N_("Use the Guide: it is ringed in your party."),
         blanks=N_("Click the ringed Elbowing Umbrella first, then Snorebert's marker in the pattern.")),
    explain("done", len(SCRIPTS[1]), N_("Well done"),
            N_("You know how to play Arzium now; the rules (F1) tell what every artifact does. Try a real game "
               "against an Easy bot from the Arzium screen. Press Next to finish."), part=1),
)
STEPS: tuple[Step[Action], ...] = tuple(lesson.step for lesson in LESSONS)


def lesson_of(index: int) -> Lesson:
    """The lesson of step `index` (the last one once the tutorial is finished)."""
    return LESSONS[min(index, len(LESSONS) - 1)]


def waiting_step(played: int, part: int = 0) -> int | None:
    """The index of the step that waits for part `part`'s action `played` (None: the rival's action)."""
    return next((i for i, lesson in enumerate(LESSONS)
                 if lesson.part == part and lesson.at == played and lesson.step.waits), None)

