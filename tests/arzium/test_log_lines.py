"""Move log lines speak to a seat named "You" in the second person ("You get 1 coin") and keep the
third person for every other name ("Ann gets 1 coin")."""
from __future__ import annotations

import pytest

from arzium.rules.cards import default_cards
from arzium.rules.events import (
    ArtifactBought,
    ArtifactUsed,
    BiddingStarted,
    BidPassed,
    BidPlaced,
    BlankPaid,
    CardClaimed,
    CharacterFlipped,
    CharacterUsed,
    CoinsGained,
    ConsolationCoin,
    FinalRound,
    GameEnded,
    MarkerDisplaced,
    MarkerPlaced,
    MarkerSlid,
    Rested,
    SearchSkipped,
    TurnStarted,
)
from arzium.rules.state import SeatSetup, Setup
from arzium.scenes.log_panel import describe
from arzium.wording import character_status, person, possessive, win_line
from common.data import i18n
from common.tools import spanish_style

CARDS = default_cards()
SETUP = Setup((SeatSetup("You", "red", "south", "human"), SeatSetup("Ann", "blue", "north", "bot"),
               SeatSetup("Wicks", "green", "west", "bot")), True, 0)
HERO = CARDS.card("C01")            # Mirabel Quillfeather in the shipped data
SOCK = CARDS.artifact("A09").name   # a Purse
SOAP = CARDS.artifact("A17").name   # a Slide
BELL = CARDS.artifact("A21").name   # a Wake
DISPLACE = CARDS.artifact("A05").name
CHALK = CARDS.artifact("A02").name

# (events with the acting seat p and another seat o, the line when p is "You", the line when p is "Ann")
TABLE = [
    (lambda p, o: [TurnStarted(p)], "Your turn (turn 4)", "Ann's turn (turn 4)"),
    (lambda p, o: [Rested(p, 0, True)], "Your characters were all used: free rest",
     "Ann's characters were all used: free rest"),
    (lambda p, o: [Rested(p, 2)], "You rest early for 2 coins", "Ann rests early for 2 coins"),
    (lambda p, o: [ArtifactUsed(p, "A21", "wake"), CharacterFlipped(p, "C01", True)],
     f"You turn {HERO.name} face up with {BELL}", f"Ann turns {HERO.name} face up with {BELL}"),
    (lambda p, o: [ArtifactUsed(p, "A09", "purse")], f"You use {SOCK} (Purse): +1 coin",
     f"Ann uses {SOCK} (Purse): +1 coin"),
    (lambda p, o: [ArtifactUsed(p, "A17", "slide"), MarkerSlid(p, o, 3, 4)],
     f"You slide Ann's marker with {SOAP}", f"Ann slides your marker with {SOAP}"),
    (lambda p, o: [ArtifactUsed(p, "A17", "slide"), MarkerSlid(p, p, 3, 4)],
     f"You slide your marker with {SOAP}", f"Ann slides Ann's marker with {SOAP}"),
    (lambda p, o: [SearchSkipped(p)], "You cannot place any character and skip the search",
     "Ann cannot place any character and skips the search"),
    (lambda p, o: [CoinsGained(p, 3, "rest")], "You gain 3 coins (rest)", "Ann gains 3 coins (rest)"),
    (lambda p, o: [BidPlaced(p, 1)], "You bid 1 coin", "Ann bids 1 coin"),
    (lambda p, o: [BidPassed(p, True)], "You pass (cannot raise)", "Ann passes (cannot raise)"),
    (lambda p, o: [CardClaimed(p, "C01", 0, ((p, 3),), 2)],
     f"You wake {HERO.name} ({HERO.points} pts) for 2 coins", f"Ann wakes {HERO.name} ({HERO.points} pts) for 2 coins"),
    (lambda p, o: [ConsolationCoin(p, 0)], "You get 1 coin for helping", "Ann gets 1 coin for helping"),
    (lambda p, o: [ArtifactBought(p, "A02", 4)], f"You buy {CHALK} for 4 coins", f"Ann buys {CHALK} for 4 coins"),
    (lambda p, o: [FinalRound(p)], "You have 10 characters: final round!", "Ann has 10 characters: final round!"),
    (lambda p, o: [GameEnded((20, 18, 9), (p,))], "Game over: You win", "Game over: Ann wins"),
    (lambda p, o: [GameEnded((20, 20, 9), (o, p))], "Game over: Ann and you win", "Game over: You and Ann win"),
    (lambda p, o: [BiddingStarted(0, (o, p))], "Tie! Ann, you bid for it", "Tie! You, Ann bid for it"),
    (lambda p, o: [CharacterUsed(p, "C01"), ArtifactUsed(p, "A05", "displace"), MarkerPlaced(p, 3, 1),
                   MarkerDisplaced(p, 4, o, 0)],
     f"You use {DISPLACE} (Displace)", f"Ann uses {DISPLACE} (Displace)"),
    (lambda p, o: [CharacterUsed(p, "C01"), MarkerPlaced(p, 3, 0), BlankPaid(p, 4, 2), MarkerPlaced(p, 4, 0)],
     f"You searched with {HERO.name}: 2 markers, 1 blank square for 2 coins",
     f"Ann searched with {HERO.name}: 2 markers, 1 blank square for 2 coins"),
    (lambda p, o: [CharacterUsed(p, "C01"), BlankPaid(p, 4, 0), MarkerPlaced(p, 4, 0)],
     f"You searched with {HERO.name}: 1 marker, 1 blank square free",
     f"Ann searched with {HERO.name}: 1 marker, 1 blank square free"),
    (lambda p, o: [CharacterUsed(o, "C01"), MarkerDisplaced(o, 4, p, 1)],
     f"Ann searched with {HERO.name}: 1 marker, displaced you, +1 coin",
     f"You searched with {HERO.name}: 1 marker, displaced Ann, +1 coin"),
]


@pytest.mark.parametrize("events,as_you,as_ann", TABLE, ids=[row[1] for row in TABLE])
def test_log_lines_use_the_second_person_for_you_and_the_third_for_other_names(events, as_you, as_ann) -> None:
    assert describe(events(0, 1), SETUP, CARDS, 4)[0].text == as_you
    assert describe(events(1, 0), SETUP, CARDS, 4)[0].text == as_ann


@pytest.mark.parametrize("name,expected", [
    ("You", "You get"), ("you", "You get"), (" YOU ", "You get"), ("Youssef", "Youssef gets"), ("Ann", "Ann gets"),
])
def test_a_seat_called_you_is_spoken_to(name: str, expected: str) -> None:
    assert person(name, "You get", "{name} gets") == expected


def test_a_paid_blank_is_told_as_a_player_says_it_in_spanish() -> None:
    events = [CharacterUsed(1, "C01"), MarkerPlaced(1, 3, 0), BlankPaid(1, 4, 2), MarkerPlaced(1, 4, 0)]
    i18n.set_language("es")
    try:
        told = describe(events, SETUP, CARDS, 4)[0].text
    finally:
        i18n.set_language("en")
    assert told.endswith(": 2 marcadores, 1 casilla en blanco por 2 monedas"), told
    assert spanish_style.problems(told) == []
    assert spanish_style.problems("1 blanco (pagando 2)") != [] != spanish_style.problems("fijado: pulsa el patrón")


def test_a_character_card_says_its_state_in_words_of_either_gender() -> None:
    assert [character_status(4, True), character_status(1, False)] == ["4 points · ready", "1 point · used (asleep)"]
    i18n.set_language("es")
    try:
        said = [character_status(0, True), character_status(3, False)]
    finally:
        i18n.set_language("en")
    assert said == ["0 puntos · disponible", "3 puntos · ya se usó (duerme)"]
    assert [spanish_style.problems(line) for line in said] == [[], []]
    assert spanish_style.problems("0 puntos · listo") != []


def test_possessives_and_winners() -> None:
    assert [possessive("Wicks"), possessive("Ann")] == ["Wicks'", "Ann's"]
    assert [win_line(["You"]), win_line(["Wicks"]), win_line(["Ann", "You", "Wicks"])] == \
        ["You win", "Wicks wins", "Ann and you and Wicks win"]


def test_a_forced_pass_agrees_with_whoever_passes_in_spanish() -> None:
    from common.data.i18n import set_language

    set_language("es")
    try:
        lines = [describe([BidPassed(p, True)], SETUP, CARDS, 4)[0].text for p in (0, 1)]
        spoken_to = describe([BidPassed(1, True)], SETUP, CARDS, 4, you=1)[0].text  # an online table's own seat
    finally:
        set_language("en")
    assert lines == ["Pasas (no puedes subir)", "Ann pasa (no puede subir)"] and spoken_to == "Pasas (no puedes subir)"
