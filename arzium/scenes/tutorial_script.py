"""The guided Arzium game, without pygame: its purpose-built starting position, every action of the game in
order (the player's and the scripted opponent's), and the controller that plays the opponent's part. After
it, a short practice game (part 1, a second built position) where the player uses one artifact of each of
the other five abilities.

The game starts under way (each side owns some characters, a few markers lie on the map) so that every
lesson comes up within five turns of the player; the real rules engine plays it. The position is a
loadable one (all 43 lands and 24 artifacts are somewhere), so hints and saves can read it.
"""
from __future__ import annotations

from collections.abc import Sequence

from arzium.rules.actions import Action, Bid, Buy, PassBid, RestEarly, Search, SkipBuy, UsePurse, UseSlide, UseWake
from arzium.rules.builders import Party, build_position
from arzium.rules.cards import default_cards
from arzium.rules.engine import apply
from arzium.rules.state import GameState, SeatSetup, Setup
from common.tutorials.steps import Script

YOU, RIVAL = 0, 1
RIVAL_NAME = "Snorebert"  # one of the bot names (shown translated)
SEED = 13
COMPASS = "A13"  # Spinning Compass (Turn, 2 coins): the artifact the player buys and uses
ROW = (COMPASS, "A06", "A11", "A04")  # the artifact row: only the Compass costs as little as 2
# The map, slot -> land card (squares are row * 6 + column, row 0 at the north edge).
SLOTS = {0: "C09", 1: "C33", 2: "C24", 3: "C01", 4: "C06", 5: "C05"}
DECK_TOP = ("C03", "C20", "C26", "C43")  # the next lands drawn, in order: they replace the claimed lands
YOUR_CARDS = ("scout-red", "guide-red", "dreamer-red", "C07", "C13", "C18", "C21")
YOUR_FACES = (True, True, True, False, False, False, False)
RIVAL_CARDS = ("scout-blue", "guide-blue", "dreamer-blue", "C10", "C16")
RIVAL_FACES = (False, True, False, False, False)
MARKERS = {YOU: (14,), RIVAL: (2, 3, 8, 19, 31, 34)}

# Every action of the guided game, in order.
SCRIPT: tuple[Action, ...] = (
    Search("guide-red", 18),                          # 0 you: the Guide as printed; a coin on square 25
    Search("guide-blue", 20),                         # 1 rival: the same Guide, seen from the north
    Search("scout-red", 30),                          # 2 you: 31 is skipped; the west land is yours
    Search("scout-blue", 4),                          # 3 rival (after its free rest)
    Search("dreamer-red", 22, (1,)),                  # 4 you: a blank bought with the coin of square 28
    Search("dreamer-blue", 9),                        # 5 rival claims the north land: your helper's coin
    RestEarly(),                                      # 6 you: rest early for 1 coin
    Search("guide-red", 26),                          # 7 you: a 3-3 tie on the middle land
    Bid(0),                                           # 8 you open the bidding with 0
    PassBid(),                                        # 9 rival passes: the land is yours
    Buy(COMPASS),                                     # 10 you buy the Spinning Compass
    Search("guide-blue", 0),                          # 11 rival
    Search("scout-red", 29, turn_artifacts=(COMPASS,)),  # 12 you: the turned Scout; your 10th character
    Search("C10", 12),                                # 13 rival's last turn of the final round
    SkipBuy(),                                        # 14 rival: the game ends
)

# The practice game: you own a Purse, a Wake, a Slide, a Free blank and a Displace (0 points each); the row
# costs 5 each, more than you will have, so no buy step comes up.
PURSE, WAKE, SLIDE, FREE_BLANK, DISPLACE = "A09", "A21", "A17", "A01", "A05"
PRACTICE_ARTIFACTS = (PURSE, WAKE, SLIDE, FREE_BLANK, DISPLACE)
PRACTICE_ROW = ("A04", "A08", "A12", "A16")
PRACTICE_MARKERS = {YOU: (), RIVAL: (5, 9, 20, 30)}
PRACTICE: tuple[Action, ...] = (
    UsePurse(PURSE),                                  # 0 you: 1 coin
    UseWake(WAKE, "guide-red"),                       # 1 you: the face-down Guide turns face up
    UseSlide(SLIDE, 20, 14),                          # 2 you: the rival's marker out of the Dreamer's way
    Search("dreamer-red", 20, (0,), free_blank_artifacts=(FREE_BLANK,), free_blanks=(0,)),  # 3 you: a free blank
    Search("scout-blue", 0),                          # 4 rival
    Search("guide-red", 3, displace_artifacts=(DISPLACE,), displace_squares=(9,)),  # 5 you: displace on 9
)
SCRIPTS = (SCRIPT, PRACTICE)  # by part


def tutorial_setup(your_name: str) -> Setup:
    """You (red, south, first) against the scripted rival (blue, north), full game."""
    return Setup((SeatSetup(your_name, "red", "south"), SeatSetup(RIVAL_NAME, "blue", "north", "bot", "easy")),
                 True, YOU)


def start_position(your_name: str = "You") -> GameState:
    """The position the guided game starts from."""
    cards = default_cards()
    state = build_position(tutorial_setup(your_name), seed=SEED, slots=SLOTS, markers=MARKERS,
                           parties={YOU: Party(YOUR_CARDS, YOUR_FACES, coins=0),
                                    RIVAL: Party(RIVAL_CARDS, RIVAL_FACES, coins=0)},
                           active=YOU)
    placed = set(SLOTS.values()) | set(YOUR_CARDS) | set(RIVAL_CARDS) | set(DECK_TOP)
    state.deck = [c for c in cards.land_ids if c not in placed] + list(reversed(DECK_TOP))
    state.art_row = list(ROW)
    state.art_deck = [a for a in cards.artifact_ids if a not in ROW]
    return state


def practice_position(your_name: str = "You") -> GameState:
    """The position the practice game (part 1) starts from."""
    cards = default_cards()
    state = build_position(tutorial_setup(your_name), seed=SEED, slots=SLOTS, markers=PRACTICE_MARKERS,
                           parties={YOU: Party(YOUR_CARDS[:3], (True, False, True), PRACTICE_ARTIFACTS, coins=0),
                                    RIVAL: Party(RIVAL_CARDS[:3], coins=0)},
                           active=YOU)
    state.art_row = list(PRACTICE_ROW)
    state.art_deck = [a for a in cards.artifact_ids if a not in PRACTICE_ROW + PRACTICE_ARTIFACTS]
    return state


def first_position(part: int, your_name: str = "You") -> GameState:
    """The position part `part` starts from (0: the guided game, 1: the practice game)."""
    return practice_position(your_name) if part else start_position(your_name)


def position(played: int, your_name: str = "You", part: int = 0) -> GameState:
    """Part `part` of the tutorial after its first `played` actions."""
    state = first_position(part, your_name)
    for action in SCRIPTS[part][:played]:
        apply(state, action)
    return state


class ScriptedController:
    """The rival's seat at the table: plays its actions of the script in order, each once the coach has
    nothing left to say before it. `offset`: the script actions played before the table's state (a resumed
    tutorial); `steps`: the tutorial's steps, at the one on show; `stops`: for each step, the part of the
    tutorial and the number of its actions played at which it shows; `part`: the table's part; `script`: the
    part's actions."""

    submits = False

    def __init__(self, offset: int, steps: Script[Action], stops: Sequence[tuple[int, int]], part: int = 0,
                 script: tuple[Action, ...] = SCRIPT) -> None:
        self.offset = offset
        self.steps = steps
        self.stops = stops
        self.part = part
        self.script = script

    def may_act(self, index: int) -> bool:
        """Whether the rival may play action `index` of the part: the step on show comes after it."""
        part, at = self.stops[min(self.steps.index, len(self.stops) - 1)]
        return self.steps.finished or part > self.part or at > index

    def poll(self, state: GameState, seat: int, key: int) -> Action | None:
        index = self.offset + key
        if index >= len(self.script) or not self.may_act(index):
            return None
        return self.script[index]

    def stop(self) -> None:
        """Nothing runs in the background."""
