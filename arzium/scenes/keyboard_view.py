"""What the keyboard shows on the table: the cursor's square on the map, the artifact it would use, and
the key caps beside the controls they work (the sidebar's buttons, the artifacts, the row for sale).
Drawing only; the keys themselves are the play scene's (`PlayScene._key`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from arzium.rules.cards import Ability
from arzium.rules.state import GameState
from arzium.scenes.board_view import BoardView
from arzium.scenes.choice import Choice, usable_artifacts
from arzium.scenes.log_panel import title_line
from arzium.scenes.party_view import PartyView
from arzium.scenes.shown import Shown
from arzium.scenes.sidebar import Sidebar
from common.data.keymap import Command, KeyMap, keymap
from common.engine.layers import Part, image_part
from common.ui.keycap import help_tag, keycap
from common.ui.widgets import Widget

if TYPE_CHECKING:
    from common.engine.app import App


def _ring(rect: pygame.Rect, colour: tuple[int, int, int], width: int) -> Part:
    """A two-tone frame around `rect` (dark outside, `colour` inside), readable on any ground."""
    outer = rect.inflate(2 * width + 2, 2 * width + 2)

    def paint(surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, (20, 12, 6), outer, width + 2, border_radius=width * 2)
        pygame.draw.rect(surface, colour, rect.inflate(2 * width, 2 * width), width, border_radius=width * 2)
    return Part(outer, (tuple(outer), colour, width), paint)


def _button_keys(sb: Sidebar, keys: KeyMap) -> dict[int, str]:
    """The key cap of each sidebar button that has a key (by the button's id)."""
    choose = keys.name(Command.CHOOSE)
    return {id(sb.rest_btn): keys.name(Command.REST), id(sb.undo_btn): keys.name(Command.UNDO),
            id(sb.confirm_btn): choose, id(sb.place_btn): choose, id(sb.end_btn): choose, id(sb.claims_btn): choose,
            id(sb.menu_btn): "Esc", id(sb.hint_btn): keys.name(Command.HINT)}


def _cap_at(app: App, label: str, centre: tuple[int, int]) -> Part:
    cap = keycap(app, label)
    return image_part(cap, cap.get_rect(center=centre).clamp(pygame.Rect((0, 0), app.size)).topleft)


def parts(app: App, me: int | None, st: GameState, choice: Choice, board_view: BoardView, parties: list[PartyView],
          sidebar: Sidebar, log: pygame.Rect, shown: Shown, widgets: Sequence[Widget]) -> list[Part]:
    """The cursor, the focused artifact and the key caps over the table, for the acting human `me` in the
    state shown `st`: on the map, the parties, the sidebar and its `widgets` on show, and the move log's title."""
    keys = keymap(app.settings.key_bindings)
    out: list[Part] = []
    width = max(2, app.px(3))
    if me is not None and choice.cursor is not None and (choice.selected is not None or choice.mode is Ability.SLIDE):
        out.append(_ring(board_view.cell_rect(*choice.cursor), app.theme.focus, width))
    if me is not None and choice.artifact_focus is not None and choice.artifact_focus < len(shown.artifacts[me]):
        out.append(_ring(parties[me].artifact_rect(shown, choice.artifact_focus), app.theme.focus, width))
    button_keys = _button_keys(sidebar, keys)
    for widget in widgets:
        label = button_keys.get(id(widget))
        if label is not None:
            out.append(_cap_at(app, label, (widget.rect.right - app.px(6), widget.rect.top + app.px(2))))
    out.append(help_part(app, log, keys))
    if me is None:
        return out
    if st.phase == "buy":
        for i, r in enumerate(sidebar.row_rects):
            if i < len(shown.art_row) and shown.art_row[i]:
                out.append(_cap_at(app, str(i + 1), r.topleft))
    if shown.artifacts[me] and usable_artifacts(st, me, choice.cards):
        first = parties[me].artifact_rect(shown, 0)
        out.append(_cap_at(app, keys.name(Command.ARTIFACT), (first.left - app.px(4), first.top)))
    return out


def help_part(app: App, log: pygame.Rect, keys: KeyMap) -> Part:
    """The help key and its word, on the move log's title line `log` (always there)."""
    tag = help_tag(app, keys, app.theme.muted)
    return image_part(tag, tag.get_rect(midright=title_line(app, log).midright).topleft)
