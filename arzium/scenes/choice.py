"""The acting human's choice in progress and its preview: the character chosen, the search artifacts
armed (several Turns or Free blanks may be armed together), a pinned pattern with its blanks and displace
square, or a Slide/Wake in progress; the ghost under the mouse shows what a click would do, as the rules
preview it (`arzium.rules.preview`). Purse, Slide and Wake may also be used after the search (phase
``after``), and Purse during the buy when it makes an artifact affordable. What a click or key would have
the scene do (submit an action, skip the animations) it returns as a `TableCommand`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from arzium.match import Match
from arzium.rules.actions import Search, UsePurse, UseSlide
from arzium.rules.board import SIZE
from arzium.rules.cards import Ability, CardSet
from arzium.rules.engine import legal_actions
from arzium.rules.preview import SearchPreview, search_preview, slide_sources, slide_targets
from arzium.rules.state import GameState
from arzium.scenes.board_view import BoardView, Cell
from arzium.scenes.table_commands import SkipAnimations, Submit
from arzium.wording import rule_text
from common.data.i18n import _
from common.data.keymap import Direction, step_focus

if TYPE_CHECKING:
    from common.engine.app import App

Mode = Literal[Ability.SLIDE, Ability.WAKE]
SearchAbility = Literal[Ability.TURN, Ability.FREE_BLANK, Ability.DISPLACE]
AFTER_SEARCH = (Ability.PURSE, Ability.SLIDE, Ability.WAKE)  # the artifacts usable after the search


def usable_artifacts(st: GameState, p: int, cards: CardSet) -> frozenset[int]:
    """The indices of `p`'s artifacts that may be used now (to light them up)."""
    ps = st.players[p]
    if st.phase in ("start", "search"):
        return frozenset(i for i, up in enumerate(ps.artifacts_up) if up)
    if st.phase == "after":
        return frozenset(i for i, (a, up) in enumerate(zip(ps.artifacts, ps.artifacts_up))
                         if up and cards.artifact(a).ability in AFTER_SEARCH)
    if st.phase == "buy":
        purses = {a.artifact for a in legal_actions(st) if isinstance(a, UsePurse)}
        return frozenset(i for i, (a, up) in enumerate(zip(ps.artifacts, ps.artifacts_up))
                         if up and cards.artifact(a).ability == Ability.PURSE and purses)
    return frozenset()


@dataclass
class Ghost:
    """The placement preview under the mouse: cells to draw and the search a click would make."""

    anchor: tuple[int, int]
    cells: list[Cell]
    legal: bool
    reason: str
    search: Search | None
    preview: SearchPreview | None = None
    coins: int = 0
    cost: int = 0
    open_blanks: int = 0  # blanks that may be bought (or are)
    displace_targets: int = 0  # other players' markers that may be displaced

    @property
    def options(self) -> bool:
        """Open blanks or displace targets: the first click pins the ghost."""
        return self.open_blanks > 0 or self.displace_targets > 0

    @property
    def markers(self) -> tuple[int, ...]:
        """The squares the search would put markers on (without choices)."""
        return self.preview.markers if self.preview is not None and self.legal else ()


class Choice:
    """What the acting human of `table` is choosing, and the clicks and keys that change it."""

    def __init__(self, app: App, table: Match, cards: CardSet, board_view: BoardView) -> None:
        self.app = app
        self.table = table
        self.cards = cards
        self.board_view = board_view
        self.mouse = (-1, -1)  # where the pointer is (the scene follows it): the ghost is there
        self.selected: int | None = None
        self.blanks: set[int] = set()
        self.armed: dict[str, SearchAbility] = {}   # artifact id -> ability, for the next search
        self.pinned: tuple[int, int] | None = None
        self.displace_sq: int | None = None
        self.mode: Mode | None = None
        self.mode_artifact: str | None = None
        self.slide_src: int | None = None
        self.cursor: tuple[int, int] | None = None  # the keyboard's square on the map (None: the mouse's)
        self.artifact_focus: int | None = None     # the artifact the keyboard would use
        self._ghost_key: tuple[object, ...] | None = None
        self._ghost: Ghost | None = None

    @property
    def active(self) -> bool:
        """Whether anything is chosen (Escape then clears it)."""
        return self.pinned is not None or self.selected is not None or self.mode is not None or bool(self.armed)

    def clear(self) -> None:
        self.selected = None
        self.blanks = set()
        self.armed = {}
        self.pinned = None
        self.displace_sq = None
        self.mode = None
        self.mode_artifact = None
        self.slide_src = None
        self.artifact_focus = None
        self._ghost_key = None

    def unpin(self) -> None:
        self.pinned, self.displace_sq = None, None

    def forget_ghost(self) -> None:
        """The board moved (layout): the ghost is worked out again."""
        self._ghost_key = None

    def can_search_now(self, player: int) -> bool:
        return self.table.view_state().phase in ("start", "search") and self.table.acting_human() == player

    def key_cards(self, player: int) -> tuple[int, ...]:
        """The face-up characters of `player` that the keys 1, 2, ... choose, in that order."""
        return tuple(i for i, up in enumerate(self.table.view_state().players[player].face_up) if up)[:9]

    def select_card(self, index: int) -> SkipAnimations | None:
        """Choose (or, chosen again, drop) character `index`; the animations then run to their end."""
        p = self.table.acting_human()
        if p is None or not self.can_search_now(p):
            return None
        ps = self.table.view_state().players[p]
        if not 0 <= index < len(ps.cards) or not ps.face_up[index]:
            self.app.toast(_("That character is used: rest to turn it face up again"))
            self.app.sounds.play("ui_error")
            return None
        if self.selected == index:
            self.clear()
            return SkipAnimations()
        armed = self.armed
        self.clear()
        self.armed = armed
        self.selected = index
        self.app.sounds.play("ui_click")
        return SkipAnimations()

    def armed_of(self, ability: SearchAbility) -> tuple[str, ...]:
        """The armed artifacts of one kind, in the order they were armed."""
        return tuple(a for a, ab in self.armed.items() if ab == ability)

    def use_artifact(self, index: int) -> Submit | None:
        """Use artifact `index` of the acting human: a Purse at once, a search artifact armed (or disarmed), a
        Slide or Wake begun (or dropped)."""
        p = self.table.acting_human()
        st = self.table.view_state()
        if p is None or st.phase not in ("start", "search", "after", "buy"):
            return None
        ps = st.players[p]
        aid = ps.artifacts[index]
        ability = self.cards.artifact(aid).ability
        if not ps.artifacts_up[index]:
            self.app.toast(_("{artifact} is used: it turns face up when you rest").format(
                artifact=_(self.cards.artifact(aid).name)))
            self.app.sounds.play("ui_error")
            return None
        if index not in usable_artifacts(st, p, self.cards):
            self.app.toast(_("Now only a Purse, Slide or Wake can be used") if st.phase == "after" else
                           _("During the buy a Purse helps only to afford an artifact"))
            self.app.sounds.play("ui_error")
            return None
        match ability:
            case Ability.PURSE:
                return Submit(UsePurse(aid))
            case Ability.TURN | Ability.FREE_BLANK | Ability.DISPLACE:
                if aid in self.armed:
                    del self.armed[aid]
                else:
                    if ability == Ability.DISPLACE:  # the table places one displacement per search
                        self.armed = {a: ab for a, ab in self.armed.items() if ab != ability}
                    self.armed[aid] = ability
                self.displace_sq = None
                self._ghost_key = None
                self.app.sounds.play("ui_click")
            case Ability.SLIDE | Ability.WAKE:
                self.mode = None if self.mode == ability else ability
                self.mode_artifact = aid
                self.slide_src = None
                self.selected, self.pinned = None, None
                self.app.sounds.play("ui_click")
        return None

    # -- the ghost --------------------------------------------------------------------------

    def ghost(self) -> Ghost | None:
        """The placement preview for the selected character at the mouse (cached)."""
        p = self.table.acting_human()
        if p is None or self.selected is None or self.mode is not None:
            return None
        bv = self.board_view
        cell = self.cursor if self.cursor is not None else bv.cell_at(self.mouse)
        if cell is None and self.pinned is None:
            return None
        st = self.table.view_state()
        key = (p, self.selected, cell, self.pinned, tuple(sorted(self.blanks)), tuple(sorted(self.armed.items())),
               self.displace_sq, len(self.table.pending), bv.edge, tuple(st.board), st.players[p].coins)
        if key != self._ghost_key:
            self._ghost = self._make_ghost(st, p, self.selected, cell)
            self._ghost_key = key
        return self._ghost

    def _pivot(self, card_id: str, rotation: int) -> tuple[int, int]:
        """The marker square of the pattern nearest its middle (it sits under the mouse)."""
        shape = self.cards.shape(card_id, rotation)
        cy, cx = (shape.height - 1) / 2, (shape.width - 1) / 2
        return min(shape.markers, key=lambda rc: ((rc[0] - cy) ** 2 + (rc[1] - cx) ** 2, rc))

    def _make_ghost(self, st: GameState, p: int, selected: int, cell: tuple[int, int] | None) -> Ghost:
        cid = st.players[p].cards[selected]
        turns = self.armed_of(Ability.TURN)
        rotation = (st.rot[p] + len(turns)) % 4
        if self.pinned is not None:
            ar, ac = self.pinned
        else:
            assert cell is not None
            pr, pc = self._pivot(cid, rotation)
            ar, ac = cell[0] - pr, cell[1] - pc
        if not (0 <= ar < SIZE and 0 <= ac < SIZE):
            outside = [(ar + r, ac + c, "bad") for r, c in self.cards.shape(cid, rotation).markers]
            return Ghost((ar, ac), outside, False, _("the pattern would leave the map"), None)
        pv = search_preview(st, cid, ar * SIZE + ac, turns, self.armed_of(Ability.FREE_BLANK),
                            self.armed_of(Ability.DISPLACE))
        if not pv.legal:
            return Ghost((ar, ac), [(r, c, "bad") for r, c in pv.marker_cells], False, rule_text(pv.reason), None, pv)
        targets = set(pv.displace_targets)
        cells: list[Cell] = []
        for r, c in pv.marker_cells:
            sq = r * SIZE + c
            if sq in targets:
                cells.append((r, c, "displace_on" if sq == self.displace_sq else "displace"))
            else:
                cells.append((r, c, "ok" if sq in pv.markers else "skip"))
        chosen: list[int] = []
        open_blanks = 0
        for b in pv.blanks:
            r, c = b.cell
            if b.square in targets:
                cells.append((r, c, "displace_on" if b.square == self.displace_sq else "displace"))
            elif b.open and (b.buyable or b.index in self.blanks):
                open_blanks += 1
                on = b.index in self.blanks
                cells.append((r, c, "blank_on" if on else "blank"))
                if on:
                    chosen.append(b.index)
            elif b.square >= 0:
                cells.append((r, c, "blank_closed"))
        dsqs = (self.displace_sq,) if self.displace_sq is not None and self.displace_sq in targets else ()
        search = pv.search(tuple(chosen), dsqs)
        return Ghost((ar, ac), cells, True, "", search, pv, pv.coins, pv.cost(search), open_blanks, len(targets))

    # -- clicks -----------------------------------------------------------------------------

    def click_map(self, pos: tuple[int, int], button: int) -> Submit | None:
        return self.click_cell(self.board_view.cell_at(pos), button)

    def click_cell(self, cell: tuple[int, int] | None, button: int = 1) -> Submit | None:
        """A click on square `cell` of the map (by the mouse, or the keyboard's cursor); the search or Slide it
        makes, if any."""
        p = self.table.acting_human()
        if p is None:
            return None
        if self.mode is Ability.SLIDE:
            return self._click_slide(cell)
        if self.selected is None:
            if self.can_search_now(p):
                self.app.toast(_("First choose a face-up character in your party"))
            return None
        if button == 3:
            self.unpin()
            return None
        ghost = self.ghost()
        if ghost is None or (self.pinned is not None and cell is None):
            return None
        if self.pinned is not None and cell is not None:
            kind = next((k for r, c, k in ghost.cells if (r, c) == cell), None)
            if kind in ("blank", "blank_on"):
                i = next((b.index for b in ghost.preview.blanks if b.cell == cell), None) if ghost.preview else None
                if i is not None:
                    self.blanks ^= {i}
                    self.app.sounds.play("coin" if i in self.blanks else "ui_click", 0.7)
                return None
            if kind in ("displace", "displace_on"):
                sq = cell[0] * SIZE + cell[1]
                self.displace_sq = None if self.displace_sq == sq else sq
                self.app.sounds.play("ui_click")
                return None
            if kind is None:  # outside the pinned pattern: move the pin here
                self.pinned = None
                self._ghost_key = None
                ghost = self.ghost()
                if ghost is None or not ghost.legal:
                    return None
                self.pinned = ghost.anchor
                self.app.sounds.play("ui_click")
                return None
        if not ghost.legal or ghost.search is None:
            self.app.toast(_("Cannot search here: {reason}").format(reason=ghost.reason))
            self.app.sounds.play("ui_error")
            return None
        if ghost.options and self.pinned is None:
            self.pinned = ghost.anchor
            self.app.sounds.play("ui_click")
            return None
        return Submit(ghost.search)

    # -- the keyboard -----------------------------------------------------------------------

    def move_cursor(self, direction: Direction) -> None:
        """An arrow key: the cursor goes to the next square that way on the screen (the map may be turned)."""
        bv = self.board_view
        cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
        start = self.cursor or bv.cell_at(self.mouse) or (SIZE // 2, SIZE // 2)
        if self.cursor is None:
            self.cursor = start
            return
        points = [bv.cell_rect(r, c).center for r, c in cells]
        self.cursor = cells[step_focus(points, cells.index(start), direction)]

    def start_cursor(self) -> None:
        """A character chosen by key: the ghost shows at once, at the cursor (the middle of the map at first)."""
        if self.cursor is None:
            self.cursor = self.board_view.cell_at(self.mouse) or (SIZE // 2 - 1, SIZE // 2 - 1)

    def press(self) -> Submit | None:
        """Choose or Toggle on the map: a click at the cursor."""
        if self.cursor is None:
            self.start_cursor()
        return self.click_cell(self.cursor)

    def next_card(self, player: int) -> SkipAnimations | None:
        """Tab: the next face-up character (the first if none is chosen)."""
        ups = self.key_cards(player)
        if not ups:
            return None
        later = [i for i in ups if self.selected is not None and i > self.selected]
        skip = self.select_card(later[0] if later else ups[0])
        self.start_cursor()
        return skip

    def next_artifact(self, player: int) -> None:
        """The artifact key: the focus goes to the next artifact that may be used now (Choose uses it)."""
        usable = sorted(usable_artifacts(self.table.view_state(), player, self.cards))
        if not usable:
            self.artifact_focus = None
            self.app.toast(_("No artifact can be used now"))
            self.app.sounds.play("ui_error")
            return
        later = [i for i in usable if self.artifact_focus is not None and i > self.artifact_focus]
        self.artifact_focus = later[0] if later else usable[0]
        self.app.sounds.play("ui_click")

    def use_focused_artifact(self) -> Submit | None:
        index, self.artifact_focus = self.artifact_focus, None
        return self.use_artifact(index) if index is not None else None

    def place_pinned(self) -> Submit | None:
        ghost = self.ghost()
        if ghost is not None and ghost.legal and ghost.search is not None:
            return Submit(ghost.search)
        return None

    def _click_slide(self, cell: tuple[int, int] | None) -> Submit | None:
        if cell is None or self.mode_artifact is None:
            return None
        sq = cell[0] * SIZE + cell[1]
        if self.slide_src is None or sq in slide_sources(self.table.view_state()):
            if sq in slide_sources(self.table.view_state()):
                self.slide_src = sq
                self.app.sounds.play("ui_click")
            else:
                self.app.toast(_("Slide: first click a marker on the map"))
            return None
        return Submit(UseSlide(self.mode_artifact, self.slide_src, sq))

    def slide_cells(self) -> list[Cell]:
        """The Slide in progress on the map: the markers that may slide (or the one chosen) and where to."""
        st = self.table.view_state()
        src = self.slide_src
        cells = [(sq // SIZE, sq % SIZE, "displace_on" if sq == src else "displace")
                 for sq in slide_sources(st) if src is None or sq == src]
        targets = slide_targets(st, src) if src is not None else ()
        return cells + [(sq // SIZE, sq % SIZE, "ok") for sq in targets]
