"""Typing a name: Ctrl+A (or a field opened by the keyboard) selects it all, and the first key replaces it."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from common.ui.line_edit import LineEdit


def test_a_selected_name_is_replaced_by_the_first_key_then_typing_goes_on() -> None:
    line = LineEdit("Player 2", 20)
    line.select_all()
    line.type("L")
    line.type("ucía")
    assert line.value == "Lucía" and not line.selected


def test_backspace_clears_a_selected_name_and_else_takes_one_character() -> None:
    line = LineEdit("Bo", 20, selected=True)
    line.backspace()
    assert line.value == "" and not line.selected
    line = LineEdit("Bo", 20)
    line.backspace()
    assert line.value == "B"


def test_an_empty_name_is_not_selected_and_unprintables_change_nothing() -> None:
    line = LineEdit("", 20)
    line.select_all()
    assert not line.selected
    line = LineEdit("Ann", 20, selected=True)
    line.type("\x1b\n")
    assert line.value == "Ann" and line.selected


@given(st.text(max_size=30), st.text(max_size=30), st.booleans(), st.integers(1, 24))
def test_the_value_never_passes_the_limit(start: str, typed: str, selected: bool, limit: int) -> None:
    line = LineEdit(start[:limit], limit, selected)
    line.type(typed)
    assert len(line.value) <= limit
    printable = "".join(c for c in typed if c.isprintable())
    if printable:
        expected = (("" if selected else start[:limit]) + printable)[:limit]
        assert line.value == expected and not line.selected
