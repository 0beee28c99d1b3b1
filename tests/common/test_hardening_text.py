"""One sanitising path for text: the font never raises on any str, long text is capped, printed lines are safe."""
from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.data import safe_text
from common.engine import text
from common.engine.app import App
from hardening import is_one_line

NASTY = [
    ("nul", "Level\x00name", "Level?name"),
    ("lone-surrogate", "seat \ud800", "seat ?"),
    ("escape", "\x1b[31mred\x1b[0m", "?[31mred?[0m"),
    ("newline", "two\nlines\r\n", "two lines  "),
    ("bidi-override", "abc\u202edef", "abc?def"),
    ("zero-width-only", "\u200b", "?"),
    ("private-use", "\ue000", "?"),
    ("no-break-space", "10\u00a0s", "10\u00a0s"),  # printable spaces stay
    ("plain", "Arenas & Arzium — 3×2", "Arenas & Arzium — 3×2"),
]


@pytest.mark.parametrize("case, raw, safe", NASTY, ids=[c[0] for c in NASTY])
def test_each_kind_of_nasty_text_is_drawn_and_printed_safely(app: App, case: str, raw: str, safe: str) -> None:
    assert safe_text.for_display(raw) == safe
    surface = text.render(raw, 20, (0, 0, 0))
    assert surface.get_height() > 0
    assert text.font(20).size(raw) == text.font(20).size(safe)
    assert text.wrap(raw, 20, 200) and text.fit_px(raw, 30, 100) >= 10
    text.draw_text(app.screen, raw, 20, (0, 0, 0), (10, 10), shadow=(0, 0, 0))
    out = io.StringIO()
    safe_text.print_line(raw, out)
    assert out.getvalue() == safe + "\n"


def test_a_megabyte_name_is_capped_before_it_reaches_the_font(app: App) -> None:
    name = "N" * 1_000_000
    assert len(safe_text.for_display(name)) == safe_text.MAX_DRAWN
    assert text.render(name, 20, (0, 0, 0)).get_width() <= text.MAX_WIDTH_PX
    assert text.font(200).render("W" * 900, True, (0, 0, 0)).get_width() <= text.MAX_WIDTH_PX
    assert sum(len(line) for line in text.wrap("word " * 200_000, 20, 300)) <= safe_text.MAX_WRAPPED


def test_printed_lines_are_capped_one_line_and_fit_the_terminal_encoding() -> None:
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    safe_text.print_line(f"bad number {list(range(10**6))}\n\x1b]0;title\x07 Zürich", out)
    out.flush()
    line = out.buffer.getvalue().decode("ascii")
    assert line.endswith("\n") and len(line) == safe_text.MAX_MESSAGE + 1 and line[:-1].isprintable()


def test_a_toast_is_one_safe_line(app: App) -> None:
    app.toast("pack 'x\x1b[2J':\nbroken \ud800" + "!" * 10_000)
    (toast,) = app.toasts
    assert is_one_line(toast.message) and toast.message.startswith("pack 'x?[2J': broken ?")
    app.step([], 16)


def test_printable_text_comes_back_as_the_same_object() -> None:
    s = "Level 3: the long way round"
    assert safe_text.for_display(s) is s and safe_text.paragraphs(s) is s


def check_font_never_raises(value: str) -> None:
    surface = text.render(value, 18, (10, 20, 30))
    assert surface.get_width() <= text.MAX_WIDTH_PX
    text.font(18, True).size(value)
    text.font(18).render(value, True, (0, 0, 0))
    lines = text.wrap_balanced(value, 18, 150, bold=True)
    assert all(safe_text.one_line(line, 10**6) == line for line in lines)
    line = safe_text.for_terminal(value)
    assert safe_text.one_line(line) == line and len(line) <= safe_text.MAX_MESSAGE
    assert not any(c in line for c in "\n\r\t\x00\x1b\x9b") and all(c.isprintable() or c.isspace() for c in line)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=60))
def test_the_font_never_raises_on_any_string(app: App, value: str) -> None:
    check_font_never_raises(value)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=400))
def test_the_font_never_raises_on_any_string_long_run(app: App, value: str) -> None:
    check_font_never_raises(value)
