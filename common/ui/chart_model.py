"""Where a line chart puts its words, pure (no pygame): labels at the lines' ends kept apart, a dash
pattern per line (so lines that lie on each other stay told apart without colour), and which of many
small labels along an axis have room."""
from __future__ import annotations

from collections.abc import Sequence

Dash = tuple[int, ...]  # on, off, on, off, ... in px at 1280x720; () is a solid line

# Long gaps, so a line drawn over another one shows the one under it every few pixels.
DASHES: tuple[Dash, ...] = ((), (10, 9), (3, 6), (14, 5, 3, 5), (22, 7), (18, 4, 3, 4, 3, 4), (2, 10),
                            (9, 3, 9, 10))


def dash_styles(n: int) -> list[Dash]:
    """`n` distinct dash patterns, the plainest first; ValueError beyond `len(DASHES)`."""
    if not 0 <= n <= len(DASHES):
        raise ValueError(f"dash_styles: {n} lines, at most {len(DASHES)} patterns")
    return list(DASHES[:n])


def spread_labels(wanted: Sequence[float], height: float, low: float, high: float) -> list[float]:
    """Centres for labels of `height` that want to sit at `wanted` (in that order): at least `height`
    apart, inside `low`..`high` when they fit there, each group of crowded labels centred on its wishes."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    groups: list[list[int]] = []  # runs of labels, in order, that touch
    tops: list[float] = []        # centre of each run's first label

    def place(members: list[int]) -> float:
        top = sum(wanted[m] - k * height for k, m in enumerate(members)) / len(members)
        last = high - height / 2 - (len(members) - 1) * height
        return max(low + height / 2, min(top, last))

    for i in order:
        groups.append([i])
        tops.append(place([i]))
        while len(groups) > 1 and tops[-2] + len(groups[-2]) * height > tops[-1]:
            merged = groups[-2] + groups[-1]
            groups[-2:] = [merged]
            tops[-2:] = [place(merged)]
    out = [0.0] * len(wanted)
    for members, top in zip(groups, tops):
        for k, m in enumerate(members):
            out[m] = top + k * height
    return out


def room_for(centres: Sequence[float], widths: Sequence[float], gap: float = 0.0) -> list[int]:
    """Indices of the labels (centred at `centres`, left to right, of `widths`) that can be shown without
    touching the last one shown before them (at least `gap` apart): the first one always."""
    shown: list[int] = []
    right = float("-inf")
    for i, (c, w) in enumerate(zip(centres, widths)):
        if c - w / 2 >= right + gap:
            shown.append(i)
            right = c + w / 2
    return shown
