"""How the Arzium screens word things in the current language: seats ("you" or a name), counts, the
names of abilities, edges, colours and bot levels, and the rules' fixed texts that reach the screen.

A seat called "You" (or its translation) is spoken to: its lines come from the "you" message of a pair
(`person`), every other name from the third-person one. The English messages keep a `{owner}` for
"Ann's" / "Wicks'" (`possessive`); other languages use `{name}` in their own word order.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from arzium.rules.cards import Card
from common.data.i18n import N_, _, ngettext, pgettext

BOT_NAMES = (N_("Dozy Dora"), N_("Snorebert"), N_("Mumbling Mo"), N_("Nightcap Ned"))
"""The names a bot seat gets on the setup screen. Setups, saves and replays keep these default names (and
"Player 2") in English, whatever the language they were chosen in; the screens show them translated."""

ABILITY_NAMES = {"free_blank": N_("Free blank"), "displace": N_("Displace"), "purse": N_("Purse"),
                 "turn": N_("Turn"), "slide": N_("Slide"), "wake": N_("Wake")}
EDGE_NAMES = {"south": N_("south"), "west": N_("west"), "north": N_("north"), "east": N_("east")}
COLOUR_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
KIND_NAMES = {"human": N_("human"), "bot": N_("bot")}
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "greedy": N_("Normal"), "hard": N_("Hard"),
               "random": N_("Random")}
LEVEL_TIPS = {
    "easy": N_("Easy: a beginner. Plays sensible moves but overlooks what they hand to rivals, rarely buys "
               "blanks, bids timidly. Moves at once."),
    "normal": N_("Normal: a steady player. Takes the best-looking move each time (coins, majorities, "
                 "denying rivals) but never plans ahead. Moves at once."),
    "hard": N_("Hard: a planner. Tries hundreds of possible futures for every move (tree search) and plays "
               "rivals just as carefully. Thinks for a moment before each move."),
}

# The rules' player-facing texts (arzium.rules.cards.ABILITY_TEXT and refusals a player can meet), marked
# here so the catalogue has them (the rules stay free of gettext); `rule_text` translates them where they
# are shown. Tests check that every text of ABILITY_TEXT is in this list and that the rules still word
# their refusals as `_RULE_FORMS` reads them.
RULE_TEXTS = (
    N_("Fill one blank square of the pattern you are using without paying."),
    N_("While searching, put your marker on a square holding another player's marker, returning theirs; "
       "collect that square's coins."),
    N_("Gain 1 coin."),
    N_("Rotate the pattern you are using 90 degrees clockwise for this search."),
    N_("Move any marker on the map to an orthogonally adjacent empty square (no coins)."),
    N_("Turn one of your characters face up, or (at the start of your turn) face down."),
    N_("a face-up character fits on the map: you must search"),
    N_("each artifact can be used only once per search"),
    N_("a character can only be turned face down at the start of your turn"),
    N_("during the buy a Purse may only be used to afford an artifact of the row"),
    N_("the game is over"),
)
_RULE_FORMS = (
    (re.compile(r"marker square at row (\d+), col (\d+) would be off the map"),
     N_("marker square at row {0}, col {1} would be off the map")),
    (re.compile(r"not enough coins for blank (\d+): it costs (\d+), you would have (-?\d+)"),
     N_("not enough coins for blank {0}: it costs {1}, you would have {2}")),
    (re.compile(r"not enough markers left in your supply for (\d+) blank\(s\)"),
     N_("not enough markers left in your supply for {0} blank(s)")),
)
_PLAYER_N = re.compile(r"Player ([1-9][0-9]?)")


def rule_text(text: str) -> str:
    """A text of the rules (a refusal, an ability's effect) in the current language, when the catalogue has it."""
    for pattern, form in _RULE_FORMS:
        m = pattern.fullmatch(text)
        if m:
            return _(form).format(*m.groups())
    return _(text) if text else text


def word(names: dict[str, str], key: str) -> str:
    """The shown word for `key` from one of the tables above (the key itself, titled, when it has none)."""
    return _(names[key]) if key in names else key.title()


def level_name(level: str) -> str:
    """How a bot level is shown to players ("normal" and its alias "greedy" are both "Normal")."""
    return word(LEVEL_NAMES, level)


def ability_name(ability: str) -> str:
    return word(ABILITY_NAMES, ability)


def land_name(card: Card) -> str:
    """The name of a land card's land (its character's name if it has none), in the current language."""
    return _(card.land_name or card.name)


def default_name(n: int) -> str:
    """The name a human seat `n` (from 1) gets: "Player 1"."""
    return _("Player {n}").format(n=n)


def bot_names() -> list[str]:
    """The bot names in the current language."""
    return [_(n) for n in BOT_NAMES]


def shown_name(name: str) -> str:
    """A seat's name as shown: a default name ("Player 2", a bot name) in the current language."""
    m = _PLAYER_N.fullmatch(name)
    if m:
        return default_name(int(m[1]))
    return _(name) if name in BOT_NAMES else name


class Named(Protocol):
    @property
    def name(self) -> str: ...


def speaking_names(seats: Sequence[Named], you: int | None = None) -> list[str]:
    """The seats' names as the lines about them use them: each shown name, and seat `you` (an online table's
    own seat, whatever its name) as "You", so that its lines speak to the player ("You win", "You bid 3")."""
    return [_("You") if i == you else shown_name(seat.name) for i, seat in enumerate(seats)]


def stored_name(name: str) -> str:
    """A seat's name as a setup keeps it: a default name of the current language back in English."""
    if name in bot_names():
        return BOT_NAMES[bot_names().index(name)]
    m = re.fullmatch(re.escape(_("Player {n}")).replace(re.escape("{n}"), r"([1-9][0-9]?)"), name)
    return f"Player {int(m[1])}" if m else name


def is_you(name: str) -> bool:
    """Whether a seat is called "You" (or its translation): its lines then speak to the player ("You get")."""
    n = name.strip().casefold()
    return n == "you" or n == _("You").casefold()


def possessive(name: str) -> str:
    """The English possessive of a name: "Ann's", "Wicks'" (the `{owner}` of the English messages)."""
    return name + ("'" if name.endswith("s") else "'s")


def person(name: str, you: str, other: str, **values: object) -> str:
    """`you` (translated) when `name` is spoken to, else `other`, filled with `name`, `owner` and `values`."""
    return (you if is_you(name) else other).format(name=name, owner=possessive(name), **values)


def named(name: str, start: bool = True) -> str:
    """A name as it stands in a sentence: "You" inside one (`start` False) is "you"."""
    return _("you") if is_you(name) and not start else name


def joined(names: list[str], sep: str | None = None) -> str:
    """Names in a row, as they stand at the start of a sentence: "You, Ann", "Ann and you" (`sep` " and ")."""
    return (", " if sep is None else sep).join(named(n, start=i == 0) for i, n in enumerate(names))


def and_joined(names: list[str]) -> str:
    """ "Ann and you and Wicks" in the current language."""
    return joined(names, _(" and "))


def group(names: list[str], with_you: str, without_you: str, join: Callable[[list[str]], str] | None = None,
          **values: object) -> str:
    """A line about several seats: `without_you` ("Ann and Bo bid"), or, when one of them is spoken to, `with_you`
    ("Ann and you bid"; Spanish "Ann y tú pujáis"), filled with every name as `names` and with the names of the
    others as `others`, each list joined by `join` (default `and_joined`). `with_you` is the same English words in
    the context "you among them", so that a language with a plural "you" (vosotros) gives it a verb of its own."""
    join = join or and_joined
    others = [n for n in names if not is_you(n)]
    message = with_you if len(others) < len(names) else without_you
    return message.format(names=join(names), others=join(others), **values)


def win_line(names: list[str]) -> str:
    """Who won, as a clause: "Ann wins", "You win", "Ann and Bo win", "Ann and you win"."""
    if len(names) > 1:
        return group(names, pgettext("you among them", "{names} win"), _("{names} win"))
    return person(names[0], _("You win"), _("{name} wins"))


def coins(n: int) -> str:
    """ "1 coin", "3 coins"."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def points(n: int) -> str:
    """ "1 point", "4 points"."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def character_status(card_points: int, up: bool) -> str:
    """A character card's points and whether it can search this turn: "4 points · ready" (words that suit a
    character of either gender)."""
    state = pgettext("a character card", "ready") if up else pgettext("a character card", "used (asleep)")
    return f"{points(card_points)} · {state}"


def bot_turn_words(name: str, why: str) -> str:
    """The log's line before the moves a person's seat's bot made: their time ran out ("clock"), they conceded
    ("conceded"), or they were away ("away")."""
    if why == "clock":
        return person(name, _("Time ran out — the bot played for you"), _("Time ran out — the bot played for {name}"))
    if why == "conceded":
        return person(name, _("You conceded — the bot plays for you"), _("{name} conceded — the bot plays for them"))
    return person(name, _("You were away — the bot played for you"), _("{name} was away — the bot played for them"))
