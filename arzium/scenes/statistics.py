"""The Arzium page of the Statistics screen, without pygame: totals and one row per kind of table."""
from __future__ import annotations

from arzium.bots import LEVELS
from arzium.records import MIXED, ONLINE, PEOPLE, Records
from arzium.replay_model import bot_level_name
from common.data.i18n import N_, _, format_decimal, format_percent, ngettext, pgettext
from common.games.pages import StatsPage

ORDER = (*LEVELS, MIXED, PEOPLE, ONLINE)
TABLE_NAMES = {MIXED: N_("Bots of mixed levels"), PEOPLE: N_("No bots"), ONLINE: N_("Online")}


def _percent(share: float) -> str:
    return format_percent(share)


def statistics(records: Records | None = None) -> StatsPage:
    """Games played, won and lost, and per kind of table (its bots' level, no bots, online) and number of
    players: win rate, average and best score, games with a hint; the turns a bot played for you online."""
    records = records if records is not None else Records.load()

    def order(key: tuple[str, int]) -> tuple[int, str, int]:
        level, n = key
        return (ORDER.index(level) if level in ORDER else len(ORDER), level, n)

    rows = []
    for (level, n), rec in sorted(records.tables.items(), key=lambda item: order(item[0])):
        best = str(rec.best_score) if rec.best_score is not None else "—"
        name = _(TABLE_NAMES[level]) if level in TABLE_NAMES else \
            _("Bots: {level}").format(level=bot_level_name(level))
        rows.append((name, str(n), str(rec.played), _percent(rec.win_rate),
                     format_decimal(rec.average, 1), best, str(rec.assisted)))
    played = sum(r.played for r in records.tables.values())
    wins = sum(r.wins for r in records.tables.values())
    losses = sum(r.losses for r in records.tables.values())
    totals = ((_("Games played"), str(played)), (pgettext("statistics", "Won"), str(wins)),
              (pgettext("statistics", "Lost"), str(losses)),
              (_("Win rate"), _percent(wins / played) if played else "—"))
    columns = (pgettext("statistics", "Table"), _("Players"), _("Played"), _("Win rate"), _("Average score"),
               _("Best score"), _("Assisted"))
    bot_turns = sum(r.bot_turns for r in records.tables.values())
    bots = (ngettext("Online, your bot played {n} of your turns (your time ran out, or you were away).",
                     "Online, your bot played {n} of your turns (your time ran out, or you were away).",
                     bot_turns).format(n=bot_turns),) if bot_turns else ()
    return StatsPage("arzium", totals, columns, tuple(rows), _("No games yet: finish a game and it shows here."),
                     records.message, (_("Games with at least one person count; a shared win is a win."), *bots))
