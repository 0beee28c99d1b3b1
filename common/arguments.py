"""Argument types the command line shares between the launcher and the games' commands: each turns a word
into a value or says in one line what is wrong with it."""
from __future__ import annotations

import argparse
import math

from common.data.i18n import _
from common.data.safe_text import one_line, short_number

SIZE_MIN, SIZE_MAX = (320, 240), (7680, 4320)
MAX_COUNT = 1_000_000  # the most frames, games, seeds or iterations a flag takes
DAYS_MIN, DAYS_MAX = 0.01, 30.0  # `serve --compact-after` (a finished table kept whole is deleted after 30 days)


def size(text: str) -> tuple[int, int]:
    """A window size, 1280x720."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("size must look like 1280x720, not {text!r}").format(text=text)) from None
    if not (SIZE_MIN[0] <= w <= SIZE_MAX[0] and SIZE_MIN[1] <= h <= SIZE_MAX[1]):
        raise argparse.ArgumentTypeError(_("size {size} is outside {smallest}..{largest}").format(
            size=f"{w}x{h}", smallest=f"{SIZE_MIN[0]}x{SIZE_MIN[1]}", largest=f"{SIZE_MAX[0]}x{SIZE_MAX[1]}"))
    return w, h


def size_list(text: str) -> list[tuple[int, int]]:
    """Window sizes, comma-separated."""
    return [size(part) for part in text.split(",")]


def whole(text: str) -> int:
    """A whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a whole number, not {text!r}").format(
            text=one_line(text, 40))) from None


def positive(text: str) -> int:
    """A whole number above 0, at most `MAX_COUNT`."""
    n = whole(text)
    if n <= 0:
        raise argparse.ArgumentTypeError(_("expected a positive number, not {n}").format(n=short_number(n)))
    if n > MAX_COUNT:
        raise argparse.ArgumentTypeError(_("expected at most {most}, not {n}").format(most=MAX_COUNT,
                                                                                     n=short_number(n)))
    return n


def days(text: str) -> float:
    """A number of days from `DAYS_MIN` to `DAYS_MAX` (a fraction allowed: 0.5 is twelve hours)."""
    try:
        n = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected a number of days, not {text!r}").format(
            text=one_line(text, 40))) from None
    if not DAYS_MIN <= n <= DAYS_MAX:  # NaN included
        raise argparse.ArgumentTypeError(_("expected days from {least} to {most}, not {text}").format(
            least=DAYS_MIN, most=DAYS_MAX, text=one_line(text, 40)))
    return n


def seed(text: str) -> int:
    """A random seed: a whole number within ±`common.replays.replay.MAX_SEED`."""
    from common.replays.replay import MAX_SEED
    n = whole(text)
    if abs(n) > MAX_SEED:
        raise argparse.ArgumentTypeError(_("a seed is a whole number within ±2**64, not {n}").format(
            n=short_number(n)))
    return n


def seconds(text: str) -> float:
    """Seconds above 0 and at most 60."""
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected seconds (a number such as 0.8), not {text!r}").format(
            text=text)) from None
    if not 0 < s <= 60:
        raise argparse.ArgumentTypeError(_("expected seconds above 0 and at most 60, not {text}").format(text=text))
    return s


def port(text: str) -> int:
    """A port from 0 to 65535."""
    n = positive(text) if text != "0" else 0
    if n > 65535:
        raise argparse.ArgumentTypeError(_("expected a port from 0 to 65535, not {n}").format(n=n))
    return n


def ms_range(text: str) -> tuple[int, int]:
    """MIN-MAX milliseconds."""
    try:
        low, high = (int(v) for v in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected MIN-MAX in ms, e.g. 500-2000, not {text!r}").format(
            text=text)) from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError(_("expected 0 <= MIN <= MAX, not {text!r}").format(text=text))
    return low, high


def latency(text: str) -> tuple[int, int]:
    """A delay and its jitter in ms, MS±J."""
    try:
        delay, jitter = (int(v) for v in text.replace("±", ",").replace("+-", ",").split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected MS±J in ms, e.g. 150±50, not {text!r}").format(
            text=text)) from None
    if not 0 <= jitter <= delay:
        raise argparse.ArgumentTypeError(_("expected 0 <= J <= MS, not {text!r}").format(text=text))
    return delay, jitter


def percent(text: str) -> float:
    """A share from 0 to 100 (%)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 100:  # nan and infinities too
        raise argparse.ArgumentTypeError(_("expected a percentage from 0 to 100, not {text!r}").format(
            text=one_line(text, 40)))
    return value


def server_url(text: str) -> str:
    """A room server's address: ws://HOST:PORT or wss://HOST:PORT (the port from 1 to 65535)."""
    from urllib.parse import urlsplit
    problem = None
    try:
        parts = urlsplit(text)
        if parts.scheme not in ("ws", "wss") or not parts.hostname:
            problem = _("a room server's address looks like ws://127.0.0.1:8765, not {text!r}")
        elif parts.port == 0:
            raise ValueError
    except ValueError:
        problem = _("the port of {text!r} is not one from 1 to 65535")
    if problem is not None:
        raise argparse.ArgumentTypeError(problem.format(text=one_line(text, 60)))
    return text
