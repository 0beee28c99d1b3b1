"""The card data file: the shipped set is complete and valid; every problem is one line naming card and field."""
import json

import pytest

from arzium.rules.cards import ABILITIES, CardDataError, cards_from_dict, default_cards, load_cards
from arzium_testkit import data_copy


def test_shipped_cards_are_complete():
    cards = load_cards()
    assert len(cards.land_ids) == 43 and len(cards.artifact_ids) == 24
    assert cards.colours == ("red", "blue", "green", "yellow")
    for colour in cards.colours:
        starting = cards.starting_ids[colour]
        assert len(starting) == 3 and all(cards.card(c).flag == colour for c in starting)
    patterns = {colour: [cards.card(c).pattern for c in cards.starting_ids[colour]] for colour in cards.colours}
    assert len({tuple(p) for p in patterns.values()}) == 1          # same 3 patterns in every colour
    for cid in cards.land_ids:
        card = cards.card(cid)
        assert 2 <= card.markers <= 6 and card.blanks <= 2 and 1 <= card.points <= 4
        assert len(card.land_coins) == 6 and sum(card.land_coins) <= 3
        assert card.name and card.story and card.land_name and card.flag is None
    names = [cards.card(c).name for c in cards.land_ids]
    assert len(set(names)) == 43
    for ability in ABILITIES:
        arts = [a for a in cards.artifact_ids if cards.artifact(a).ability == ability]
        assert len(arts) == 4
        assert all(2 <= cards.artifact(a).cost <= 5 and 0 <= cards.artifact(a).points <= 3 for a in arts)
    assert default_cards() is default_cards()


def _set(path, value):
    def mutate(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


BAD = [
    (_set(("characters", 4, "points"), 5), "C05: points: expected an integer 1-4, got 5"),
    (_set(("characters", 6, "pattern"), ["XXXX", "XXX."]), "C07: pattern: 7 markers (must be 2-6)"),
    (_set(("characters", 6, "pattern"), ["X"]), "C07: pattern: 1 markers (must be 2-6)"),
    (_set(("characters", 0, "pattern"), ["XZ"]), "C01: pattern: only 'X' (marker), 'B' (blank)"),
    (_set(("characters", 0, "pattern"), ["XX", "X"]), "C01: pattern: rows must all have the same length"),
    (_set(("characters", 0, "pattern"), ["XXBBB"]), "C01: pattern: larger than 4 x 4"),
    (_set(("characters", 0, "pattern"), ["XXB", "BB."]), "C01: pattern: 3 blanks (must be 0-2)"),
    (_set(("characters", 0, "pattern"), ["XX", ".."]), "C01: pattern: has an empty outer row or column"),
    (_set(("characters", 2, "land", "coins"), [[3, 1], [0, 0], [0, 0]]), "C03: land.coins: 4 coins in total"),
    (_set(("characters", 2, "land", "coins"), [[0, 0], [0, 0]]), "C03: land.coins: expected 3 rows of 2"),
    (_set(("characters", 2, "land", "coins"), [[0, -1], [0, 0], [0, 0]]), "C03: land.coins: each square holds 0-3"),
    (_set(("characters", 2, "land", "name"), ""), "C03: land.name: expected a non-empty string"),
    (_set(("characters", 2, "land"), "Moor"), "C03: land: expected an object"),
    (_set(("characters", 3, "name"), None), "C04: name: expected a non-empty string, got None"),
    (_set(("characters", 3, "story"), 7), "C04: story: expected a non-empty string, got 7"),
    (_set(("characters", 3, "id"), "C01"), "C01: id: duplicate id"),
    (_set(("characters", 3, "id"), "C 4"), "characters[3]: id: expected a letters-and-digits id"),
    (_set(("starting", 1, "points"), True), "guide: points: expected an integer 0-4, got True"),
    (_set(("artifacts", 2, "ability"), "teleport"), "A03: ability: expected one of free_blank"),
    (_set(("artifacts", 4, "cost"), 9), "A05: cost: expected an integer 2-5, got 9"),
    (_set(("artifacts", 4, "points"), 4), "A05: points: expected an integer 0-3, got 4"),
    (_set(("artifacts", 0, "ability"), "wake"), "(top level): artifacts: 3 free_blank artifacts (expected 4)"),
    (_set(("colours",), ["red", "red", "blue", "green"]), "(top level): colours: expected 4 different"),
    (_set(("version",), 0), "(top level): version: expected an integer 1-999, got 0"),
    (lambda d: d.pop("version"), "(top level): version: expected an integer 1-999, got None"),
    (lambda d: d["characters"].pop(), "(top level): characters: expected 43 entries, got 42"),
    (lambda d: d["characters"].__setitem__(5, "C06"), "characters[5]: (entry): expected an object"),
]


@pytest.mark.parametrize("mutate,message", BAD, ids=[m for _, m in BAD])
def test_bad_card_data_names_the_card_and_field(mutate, message):
    data = data_copy()
    mutate(data)
    with pytest.raises(CardDataError) as info:
        cards_from_dict(data, "cards.json")
    text = str(info.value)
    assert text.startswith("cards.json: ") and message in text and "\n" not in text


def test_unreadable_card_files_give_one_line(tmp_path):
    with pytest.raises(CardDataError, match="cannot read"):
        load_cards(tmp_path / "missing.json")
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(data_copy())[:-20], encoding="utf-8")
    with pytest.raises(CardDataError, match=r"cards.json: line 1 column \d+: JSON syntax error"):
        load_cards(bad)
    bad.write_text("[]", encoding="utf-8")
    with pytest.raises(CardDataError, match="expected a JSON object"):
        load_cards(bad)
