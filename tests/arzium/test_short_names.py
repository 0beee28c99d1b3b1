"""What a character is called on a small card when its whole name does not fit, in both languages."""
from __future__ import annotations

import pytest

from arzium.scenes.art import short_name, short_names


@pytest.mark.parametrize("name, called", [
    ("Quentin Quiverleaf", "Quentin"), ("Sir Bramble of Nowhere", "Bramble"), ("Gorvash the Gentle", "Gorvash"),
    ("The Humble Hermit Hob", "Hob"), ("The Lesser Lord of Lanterns", "Lord"), ("Grandmother Loam", "Loam"),
    ("Don Zarza de la Nada", "Zarza"), ("El viejo Pábilo", "Pábilo"), ("Los Gemelos de Sarga", "Gemelos"),
    ("El Señorito de los Faroles", "Señorito"), ("Doña Otilia Redecilla", "Otilia"), ("Tía Azafrán", "Azafrán"),
    ("Isolda del Dedal", "Isolda"), ("El humilde ermitaño Eloy", "Eloy"), ("Vigía", "Vigía"),
])
def test_a_character_is_called_by_its_name_not_by_a_title_or_an_article(name: str, called: str) -> None:
    assert short_name(name) == called


def test_the_other_short_forms_skip_titles_and_come_shortest_first() -> None:
    assert short_names("Bartholomew Bun") == ["Bartholomew", "Bun"]
    assert short_names("Capitán Percebe Turrón") == ["Percebe", "Turrón"]
