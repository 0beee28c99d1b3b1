"""A proof of a level of one's own on screen, in My levels and in the level editor: its line in words, the bar of
a proof in progress, and the line a finished proof is told in (kept with the level in My levels)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arenas.bots.proof import Model
from arenas.level_proof import LevelProof
from arenas.my_levels import MyLevels, MyLevelsError
from arenas.proving import ProveStatus, Proving
from common.data.i18n import _, language
from common.data.safe_text import one_line
from common.engine import text
from common.engine.layers import Part

if TYPE_CHECKING:
    from common.engine.app import App


def proof_line(proof: LevelProof | None) -> str:
    """A level's proof in a few words: its label and the person-like team's wins, unproven, or not proven yet."""
    return _("Not proven yet") if proof is None else proof.summary()


def progress_words(status: ProveStatus) -> str:
    """Which team plays now and how many games are done."""
    team = _("Expert team") if status.model == Model.EXPERT else _("Person-like team")
    return _("Proving: {team} — game {done} of {total}").format(team=team, done=status.done, total=status.total)


def proof_bar(app: App, status: ProveStatus, rect: pygame.Rect, ink: tuple[int, int, int]) -> Part:
    """The proof's progress in `rect`: its words over a bar filling up; repainted only when a game is done."""
    words = progress_words(status)

    def paint(surface: pygame.Surface) -> None:
        text.draw_text(surface, words, text.fit_px(words, app.font_px(18), rect.w), ink, rect.topleft)
        bar = pygame.Rect(rect.left, rect.bottom - app.px(26), rect.w, app.px(22))
        pygame.draw.rect(surface, app.theme.muted, bar, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = max(bar.h, round(bar.w * status.share))
        pygame.draw.rect(surface, app.sprites.colour("arenas_glow"), filled, border_radius=bar.h // 2)
        pygame.draw.rect(surface, app.theme.text, bar, 1, border_radius=bar.h // 2)
    return Part(rect, ("proof bar", status, tuple(rect), ink, language(), app.sprites.version, app.size), paint)


def proof_done(store: MyLevels, level_id: str, proving: Proving) -> str | None:
    """Keep a finished proof with the level of My levels it was made for: the line to tell (the level's new label,
    why it failed or could not be kept); None when it was cancelled."""
    if proving.error is not None:
        return _("The proof failed: {reason}").format(reason=proving.error)
    if proving.result is None:
        return None
    try:
        mine = store.set_proof(level_id, proving.result)
    except MyLevelsError as exc:
        return str(exc)
    return one_line(_("“{name}”: {proof}").format(name=mine.level.name, proof=proving.result.summary()))
