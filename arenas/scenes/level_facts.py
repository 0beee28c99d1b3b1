"""What the setup screen says of a level: its facts, one line each, and its difficulty from the bots' proof."""
from __future__ import annotations

from collections.abc import Mapping

from arenas.bots.proof import LABELS
from arenas.rules.components import TIMER_SPECS
from arenas.rules.levels import Level
from arenas.rules.preview import wild_only_gears
from arenas.wording import and_list, card_name, tile_name, timer_name
from common.data.i18n import _, ngettext


def _rate(value: object) -> float | None:
    return None if isinstance(value, bool) or not isinstance(value, (int, float)) else float(value)


def in_ten(rate: float) -> int:
    """A win rate as the teams out of ten that win (at least 1 when any does)."""
    tenths = round(rate * 10)
    return max(tenths, 1) if rate > 0 else 0


def difficulty_text(row: Mapping[str, object] | None) -> str:
    """'Difficulty: Tricky · 5 in 10 teams win it · expert bots: 10 in 10' from a stored row, as stored (never
    computed here); '' if the row is missing or malformed."""
    if not row:
        return ""
    label, person, expert = row.get("label"), _rate(row.get("win_rate")), _rate(row.get("expert_win_rate"))
    if not isinstance(label, str) or person is None:
        return ""
    teams = in_ten(person)
    people = ngettext("Difficulty: {label} · {n} in 10 teams wins it", "Difficulty: {label} · {n} in 10 teams win it",
                      teams).format(label=_(label), n=teams)
    if expert is None:
        return people
    return _("{people} · expert bots: {n} in 10").format(people=people, n=in_ten(expert))


def difficulty_step(row: Mapping[str, object] | None) -> int:
    """How hard a level is as a step 1 (Gentle) to 5 (Brutal) from its stored label; 0 when unknown."""
    label = row.get("label") if row else None
    return next((i + 1 for i, (_floor, name) in enumerate(LABELS) if name == label), 0)


def theme_text(level: Level, won: bool) -> str:
    """'About: …' for a level not won yet (its theme line, translated); '' once won or without a theme."""
    if won or not level.theme:
        return ""
    return _("About: {theme}").format(theme=_(level.theme))


def level_facts(level: Level) -> list[str]:
    """What a level sets, one line each: path, Deactivator, timers, challenge rules."""
    gears, danger = len(level.path), len(level.path) - level.deactivator
    timers = ", ".join(f"{timer_name(t)} ({TIMER_SPECS[t].capacity_ms // 1000} s)" for t in level.timer_ids)
    facts = [" · ".join((ngettext("{n} gear", "{n} gears", gears).format(n=gears),
                         _("Deactivator after gear {n}").format(n=level.deactivator),
                         ngettext("{n} danger gear", "{n} danger gears", danger).format(n=danger))),
             _("Timers: {timers}").format(timers=timers)]
    if level.hand_size != 3:
        facts.append(ngettext("Challenge: a hand of {n} card", "Challenge: a hand of {n} cards",
                              level.hand_size).format(n=level.hand_size))
    for removed in level.removed_cards:
        facts.append(_("Challenge: no {card} cards in the deck").format(card=card_name(removed).lower()))
    rusted = wild_only_gears(level)
    if rusted:
        kinds = and_list(sorted({tile_name(level.path[i]).lower() for i in rusted}))
        facts.append(ngettext("Rusted (only a wild card turns them): {n} {kinds} gear",
                              "Rusted (only a wild card turns them): {n} {kinds} gears", len(rusted)).format(
            n=len(rusted), kinds=kinds))
    if level.blocks:
        blocked = ", ".join(str(b + 1) for b in sorted(level.blocks))
        facts.append(ngettext("Challenge: a block on gear {gears}", "Challenge: a block on gear {gears}",
                              len(level.blocks)).format(gears=blocked))
    if "fast2" in level.timer_ids:
        facts.append(_("Challenge: the extra fast timer (27 s)"))
    facts.append(ngettext("Suggested team: {n} player", "Suggested team: {n} players", level.team_size).format(
        n=level.team_size))
    return facts
