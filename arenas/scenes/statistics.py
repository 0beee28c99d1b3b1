"""The Arenas page of the Statistics screen, without pygame: totals and one row per level played."""
from __future__ import annotations

from arenas.records import Records
from arenas.rules.levels import LevelError, load_levels
from arenas.session import format_ms
from common.data.i18n import _, format_percent, pgettext
from common.games.pages import StatsPage


def _level_names() -> dict[int, str]:
    try:
        return {level.number: level.name for level in load_levels()}
    except LevelError:
        return {}


def statistics(records: Records | None = None) -> StatsPage:
    """Games played, won and lost, and per level: best time, wins, losses, assisted runs, streaks; the online
    runs in a row of their own."""
    records = records if records is not None else Records.load()
    names = _level_names()
    rows = []
    for number, rec in sorted(records.levels.items()):
        name = names.get(number)
        level = f"{number} · {_(name)}" if name else str(number)
        best = format_ms(rec.best_ms) if rec.best_ms is not None else "—"
        rows.append((level, best, str(rec.wins), str(rec.losses), str(rec.assisted_wins + rec.assisted_losses),
                     f"{rec.win_streak} / {rec.best_win_streak}"))
    online_wins, online_losses, online_assisted = records.online()
    if online_wins + online_losses:
        rows.append((_("Online (every level)"), "—", str(online_wins), str(online_losses), str(online_assisted),
                     "—"))
    wins = sum(r.wins for r in records.levels.values()) + online_wins
    losses = sum(r.losses for r in records.levels.values()) + online_losses
    played = wins + losses
    rate = format_percent(wins / played) if played else "—"
    totals = ((_("Games played"), str(played)), (pgettext("statistics", "Won"), str(wins)),
              (pgettext("statistics", "Lost"), str(losses)),
              (_("Win rate"), rate))
    columns = (_("Level"), _("Best time"), pgettext("statistics", "Won"), pgettext("statistics", "Lost"),
               _("Assisted"), _("Streak (now / best)"))
    online = (_("Online runs set no best time and open no level."),) if online_wins + online_losses else ()
    return StatsPage("arenas", totals, columns, tuple(rows), _("No runs yet: finish a level and it shows here."),
                     records.message, (_("Best times count unassisted wins only."), *online))
