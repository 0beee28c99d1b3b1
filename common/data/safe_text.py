"""One sanitising path for every string the app draws or prints. Pure Python (no pygame).

Whitespace controls (newline, tab, CR, line separators...) become a space; every other character a
font or a terminal cannot show safely (NUL, control and ANSI escape characters, lone surrogates,
format, private-use and unassigned code points) becomes "?"; an absurdly long text is cut, ending in
"…". Printable text under the cap comes back unchanged (the same object).
"""
from __future__ import annotations

import sys
import unicodedata
from pathlib import Path
from typing import TextIO

MAX_DRAWN = 1000  # characters of one drawn line
MAX_WRAPPED = 20_000  # characters of a text to wrap into lines
MAX_MESSAGE = 500  # characters of a printed line or a toast
ERROR_LIMIT = 300  # characters of the message in a game command's error line
REPLACEMENT = "?"
ELLIPSIS = "…"


def _safe_char(ch: str) -> str:
    if ch.isprintable() or unicodedata.category(ch) == "Zs":
        return ch
    return " " if ch.isspace() else REPLACEMENT


def one_line(text: object, limit: int = MAX_MESSAGE) -> str:
    """`text` (anything; str() of a non-string) as one safe line of at most `limit` characters."""
    s = text if isinstance(text, str) else _str(text)
    cut = len(s) > limit
    if cut:
        s = s[: max(0, limit - 1)]
    if not s.isprintable():
        s = "".join(map(_safe_char, s))
    return s + ELLIPSIS if cut else s


def for_display(text: object) -> str:
    """One line a font can render: safe characters, at most `MAX_DRAWN` of them."""
    return one_line(text, MAX_DRAWN)


def paragraphs(text: object, limit: int = MAX_WRAPPED) -> str:
    """Like `one_line` but newlines stay (they separate paragraphs for wrapping); at most `limit` characters."""
    s = text if isinstance(text, str) else _str(text)
    if len(s) <= limit and s.replace("\n", "").isprintable():
        return s
    return "\n".join(one_line(part, limit) for part in s[:limit].split("\n"))


def for_terminal(text: object, limit: int = MAX_MESSAGE) -> str:
    """One line for a terminal: no control or escape characters, at most `limit` characters."""
    return one_line(text, limit)


def print_line(text: object, file: TextIO | None = None) -> None:
    """Print `text` as one safe terminal line on `file` (default: stderr), in characters its encoding has."""
    stream = file if file is not None else sys.stderr
    line = for_terminal(text)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        line.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        line = line.encode("ascii", "replace").decode("ascii")
    print(line, file=stream)


def short_number(value: int) -> str:
    """`value` in digits, or its first digits and how many there are when it is too long to show."""
    digits = str(value)
    return digits if len(digits) <= 24 else f"{digits[:12]}… ({len(digits.lstrip('-'))} digits)"


def _str(value: object) -> str:
    try:
        return str(value)
    except Exception as exc:  # a broken __str__ must not take a message down with it
        return f"<{type(value).__name__}: {type(exc).__name__}>"


def is_safe_name(name: str, limit: int = 255) -> bool:
    """A folder name that can be shown, stored and looked up as it is: 1..`limit` safe characters on one
    line, no path separator, not "." or ".." (a name with a byte that is not UTF-8 fails: it holds a surrogate)."""
    return (0 < len(name) <= limit and one_line(name, limit) == name and "/" not in name and "\\" not in name
            and name not in (".", ".."))


def program_name(argv0: str | None = None) -> str:
    """The command as the user ran it (from `argv0`, else `sys.argv[0]`), for usage and error lines:
    `arenas-arzium` (the installed command), `main.py` (the checkout's) or `python -m common`."""
    path = Path(sys.argv[0] if argv0 is None else argv0)
    if path.name == "__main__.py":  # `python -m common`, else a tool running us in its process (a test runner)
        return "python -m common" if path.parent.name == "common" else "main.py"
    if path.name in ("", "-c"):  # `python -c`: a tool running us in its process (a test worker)
        return "main.py"
    return path.name.removesuffix(".exe")


def print_error(message: object, limit: int = ERROR_LIMIT) -> int:
    """One safe line `<command>: error: <message>` on stderr, the message cut to `limit`; the exit code 2."""
    print_line(f"{program_name()}: error: {one_line(message, limit)}")
    return 2
