"""How the table looks: its layout, the felt, the parties, the map with the ghost or the Slide in progress,
the hint's rings and note, sparkles, and the tips that wait under a resting mouse. Drawing only: the play
scene gives it the parts it owns (the match, the choice, the map, the parties, the sidebar, the log, the art)
and, each frame, the `Moment` to draw.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from arzium.match import Match
from arzium.rules.actions import Bid, PassBid, Search
from arzium.rules.board import EDGES
from arzium.rules.cards import ABILITY_TEXT, Ability
from arzium.scenes import keyboard_view
from arzium.scenes.art import CardArt
from arzium.scenes.board_view import HINT_RGB, BoardView, Cell
from arzium.scenes.choice import Choice, usable_artifacts
from arzium.scenes.hints import Hint
from arzium.scenes.log_panel import LogPanel
from arzium.scenes.outcome import OutcomeNotes, land_frame_parts
from arzium.scenes.party_view import SIDES, PartyLook, PartyView
from arzium.scenes.shown import Shown
from arzium.scenes.sidebar import HoverKey, Sidebar, pinned_state, pinned_tag
from arzium.scenes.timeline import Timeline
from arzium.wording import ability_name, character_status, coins, land_name, points, rule_text
from common.data.i18n import _, ngettext
from common.data.keymap import Command, keymap
from common.engine import text
from common.engine.layers import Part, image_part
from common.ui.tooltip import draw_tooltip
from common.ui.widget_parts import group_parts
from common.ui.widgets import WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

HOVER_DELAY_MS = 350
LAND_HOVER_MS = 1200     # the map is where the mouse rests while thinking: its tips wait longer


@dataclass(frozen=True)
class Moment:
    """What the table's look depends on that changes from frame to frame: the display model, the pointer, the
    animations in flight, the hint on show, the scene's buttons and the scene's time (ms)."""

    shown: Shown
    mouse: tuple[int, int]
    timeline: Timeline
    hint: Hint | None
    group: WidgetGroup
    t_ms: float


class TableView:
    """Lays out and draws the table from the parts the play scene owns and gives it; tracks what the mouse
    rests on."""

    def __init__(self, app: App, table: Match, choice: Choice, board_view: BoardView, parties: list[PartyView],
                 sidebar: Sidebar, log: LogPanel, art: CardArt, names: list[str], colours: list[str]) -> None:
        self.app = app
        self.table = table
        self.choice = choice
        self.board_view = board_view
        self.parties = parties
        self.sidebar = sidebar
        self.log = log
        self.art = art
        self.cards = table.state.cards
        self.names = names
        self.colours = colours
        self.seat_marks = [(s.edge, s.colour) for s in table.seats]
        self.felt = pygame.Rect(0, 0, 1, 1)
        self.strips: dict[str, pygame.Rect] = {}
        self.sparkles: list[list[float]] = []
        self.hover_ms = 0.0
        self.hover_key: HoverKey | None = None
        self._bg: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._bg_version = 0
        self._tags: dict[tuple[object, ...], pygame.Surface] = {}
        self.outcomes = OutcomeNotes()

    # -- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        m = app.px(10)
        sb_w = app.px(300)
        sidebar = pygame.Rect(w - sb_w - m, m, sb_w, h - 2 * m)
        self.felt = table = pygame.Rect(0, 0, sidebar.left - m, h)
        top, bottom = app.px(124), app.px(152)  # the acting human's party (bottom) gets more room
        column = max(app.px(150), (table.w - (h - top - bottom)) // 2)
        self.board_view.layout(pygame.Rect(table.left + column, top, table.w - 2 * column, h - top - bottom))
        self.strips = {
            "bottom": pygame.Rect(table.left + m, h - bottom + app.px(4), table.w - 2 * m, bottom - app.px(10)),
            "top": pygame.Rect(table.left + m, app.px(6), table.w - 2 * m, top - app.px(10)),
            "left": pygame.Rect(table.left + m, top, column - 2 * m, h - top - bottom),
            "right": pygame.Rect(table.right - column + m, top, column - 2 * m, h - top - bottom),
        }
        self.layout_parties()
        self.sidebar.layout(sidebar, self.table.state.setup.full_game)
        self._bg = None
        self.choice.forget_ghost()

    def layout_parties(self) -> None:
        view = EDGES.index(self.board_view.edge)
        for party in self.parties:
            side = SIDES[(EDGES.index(party.seat.edge) - view) % 4]
            party.layout(self.strips[side], side)

    def sparkle(self, pos: tuple[int, int]) -> None:
        self.sparkles.append([pos[0], pos[1], 0.0])

    # -- time -------------------------------------------------------------------------------

    def update(self, dt_ms: float) -> None:
        for s in self.sparkles:
            s[2] += dt_ms
        self.sparkles = [s for s in self.sparkles if s[2] < 600]

    def update_hover(self, dt_ms: float, shown: Shown, mouse: tuple[int, int], moved: bool) -> None:
        """What the mouse rests on at `mouse` over the table drawn from `shown`, and for how long (`moved`: it
        moved since the last click or turn, so the map's tips may show)."""
        key = self._hover_target(shown, mouse, moved)
        if key != self.hover_key:
            self.hover_key, self.hover_ms = key, 0.0
        else:
            self.hover_ms += dt_ms

    def _hover_target(self, shown: Shown, pos: tuple[int, int], moved: bool) -> HoverKey | None:
        bv = self.board_view
        if bv.frame_rect.collidepoint(pos):
            if self.choice.selected is not None or self.choice.mode is not None:
                return None
            cell = bv.cell_at(pos)
            return ("land", cell) if cell and moved and not bv.turning else None
        for party in self.parties:
            if party.rect.collidepoint(pos):
                i = party.card_at(shown, pos)
                if i is not None:
                    return ("card", party.player, i)
                a = party.artifact_at(shown, pos)
                if a is not None:
                    return ("artifact", party.player, a)
                return None
        for i, r in enumerate(self.sidebar.row_rects):
            if r.collidepoint(pos) and i < len(shown.art_row) and shown.art_row[i]:
                return ("row", i)
        return None

    # -- drawing ----------------------------------------------------------------------------

    def parts(self, moment: Moment, above: Sequence[Part] = ()) -> list[Part]:
        """The table at `moment` as parts of the frame (`common.engine.layers`), bottom to top; `above`: the scene's
        own, over the table but under the tip of what the mouse rests on (a tip is always on top)."""
        bg = self._backdrop(self.app.size)
        shown, timeline = moment.shown, moment.timeline
        me = self.table.acting_human()
        hover = self.hover_key
        backdrop = (self._bg_version, bg)
        parts = [image_part(bg, (0, 0))]
        for party in self.parties:
            parts.append(image_part(party.picture(shown, self.look(party.player, me, hover), backdrop),
                                    party.rect.topleft))
        parts += self.board_view.parts(tuple(shown.slots), tuple(shown.board), tuple(self.colours), self.seat_marks,
                                       backdrop)
        hint = moment.hint if me is not None and not timeline.busy else None
        if hint is not None and hint.cells and me is not None:
            parts.append(self.board_view.ghost_part(hint.cells, hint.colour or self.colours[me], hint=True))
        parts += self._overlays(me)
        if timeline.drawing:
            parts.append(Part(pygame.Rect((0, 0), self.app.size), None, timeline.draw))
        parts += [Part(self._sparkle_rect(s), None, partial(self._draw_sparkle, s)) for s in self.sparkles]
        side = self.sidebar.picture(backdrop, shown, hover)
        rect = self.sidebar.rect
        parts.append(Part(rect, (side, tuple(rect)), lambda surface: surface.blit(side, rect, rect)))
        parts += group_parts(moment.group)
        parts += keyboard_view.parts(self.app, me, self.table.view_state(), self.choice, self.board_view, self.parties,
                                     self.sidebar, self.log.rect, shown, moment.group.widgets)
        if hint is not None and me is not None:
            parts += self._hint_parts(hint, me, moment)
        banner = self.sidebar.banner()
        if banner is not None:
            image, box = banner
            parts.append(Part(box, None, lambda surface: surface.blit(image, box)))
        parts += above
        hover_part = self._hover_part(moment)
        if hover_part is not None:
            parts.append(hover_part)
        return parts

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The table without anything on it: backdrop, felt, and the sidebar's parchment panels (cached)."""
        app, sidebar = self.app, self.sidebar
        key = (size, app.sprites.version, id(app.sprites))
        if self._bg is None or self._bg[0] != key:
            w, h = size
            src = app.sprites.image("arzium/table")
            k = max(w / src.get_width(), h / src.get_height())
            bg = pygame.transform.smoothscale(src, (math.ceil(src.get_width() * k), math.ceil(src.get_height() * k)))
            bg = bg.subsurface(pygame.Rect((0, 0), (w, h)).move((bg.get_width() - w) // 2,
                                                                 (bg.get_height() - h) // 2)).copy()
            felt = self.felt.inflate(-app.px(4), -app.px(4))
            bg.blit(app.sprites.nine_slice("arzium/felt", felt.size), felt)
            for panel in (sidebar.header, sidebar.row_panel, self.log.rect):  # still parchment: drawn once here
                if panel.w and panel.h:
                    bg.blit(app.sprites.nine_slice("ui/panel", panel.size), panel)
            if pygame.display.get_surface() is not None:
                bg = bg.convert()
            self._bg = (key, bg)
            self._bg_version += 1
        return self._bg[1]

    def look(self, player: int, me: int | None, hover: HoverKey | None) -> PartyLook:
        """How `player`'s party is drawn now (`me`: the acting human, `hover`: what the mouse rests on)."""
        choice = self.choice
        st = self.table.view_state()
        active = self.table.turn_on_show() == player
        if player != me:
            return PartyLook(active=active)
        ps = st.players[player]
        searching = st.phase in ("start", "search")
        if choice.mode is Ability.WAKE:
            pickable = frozenset(self.wake_picks(player))
        elif searching:
            pickable = frozenset(i for i, up in enumerate(ps.face_up) if up)
        else:
            pickable = frozenset()
        arts = usable_artifacts(st, player, choice.cards)
        armed = frozenset(i for i, a in enumerate(ps.artifacts) if a in choice.armed or
                          (choice.mode is not None and a == choice.mode_artifact))
        hover_card = hover[2] if hover and hover[0] == "card" and hover[1] == player else None
        hover_art = hover[2] if hover and hover[0] == "artifact" and hover[1] == player else None
        keys = choice.key_cards(player) if choice.mode is None and choice.can_search_now(player) else \
            self.wake_picks(player) if choice.mode is Ability.WAKE else ()
        assert hover_card is None or isinstance(hover_card, int)
        assert hover_art is None or isinstance(hover_art, int)
        return PartyLook(True, hover_card, choice.selected, pickable, hover_art, arts, armed, keys)

    def wake_picks(self, player: int) -> tuple[int, ...]:
        """The characters a Wake may turn over (all at the start of a turn, else the used ones): the keys
        1, 2, ... choose them in this order."""
        st = self.table.view_state()
        ps = st.players[player]
        return tuple(range(len(ps.cards))) if st.phase == "start" else \
            tuple(i for i, up in enumerate(ps.face_up) if not up)

    def _overlays(self, me: int | None) -> list[Part]:
        """The acting human's ghost on the map (or the Slide in progress) and its tag."""
        if me is None:
            return []
        bv = self.board_view
        colour = self.colours[me]
        if self.choice.mode is Ability.SLIDE:
            return [bv.ghost_part(self.choice.slide_cells(), colour)]
        ghost = self.choice.ghost()
        if ghost is None:
            return []
        out = [bv.ghost_part(ghost.cells, colour)]
        parts = []
        if not ghost.legal:
            parts.append(_("Cannot search here: {reason}").format(reason=ghost.reason))
        if ghost.coins:
            parts.append(f"+{coins(ghost.coins)}")
        if ghost.cost:
            parts.append(_("-{cost} for blanks").format(cost=ghost.cost))
        keys = keymap(self.app.settings.key_bindings)
        if self.choice.pinned is not None:
            parts.append(pinned_tag(*pinned_state(self.choice)))
            if self.choice.cursor is not None:
                parts.append(_("{toggle} switches the square under the cursor, {choose} places").format(
                    toggle=keys.name(Command.TOGGLE), choose=keys.name(Command.CHOOSE)))
        elif self.choice.cursor is not None:
            parts.append(_("{move} move, {choose} places").format(move=keys.moves(),
                                                                  choose=keys.name(Command.CHOOSE)))
        lines = ["  ·  ".join(parts)] if parts else []
        if ghost.search is not None and self.app.settings.move_previews:
            lines += self.outcomes.lines_for(self.table.view_state(), ghost.search, self.names)
            out = land_frame_parts(bv, self.outcomes.outcome) + out
        if lines:
            style = "ok" if ghost.legal else "bad"
            out.append(self.ghost_tag_part(self._tag("\n".join(lines), style), ghost.cells, style))
        return out

    def ghost_tag_part(self, tag: pygame.Surface, cells: list[Cell], style: str) -> Part:
        """The ghost's note over the map frame's top edge, or its bottom edge when at the top it would lie over
        the ghost's own squares (a note of several lines over a ghost in the top rows)."""
        part = self._tag_part(tag, cells, "top", style)
        squares = [self.board_view.cell_rect(r, c) for r, c, _ in cells]
        if any(part.rect.colliderect(sq) for sq in squares):
            lower = self._tag_part(tag, cells, "bottom", style)
            if not any(lower.rect.colliderect(sq) for sq in squares):
                return lower
        return part

    def _tag_part(self, tag: pygame.Surface, cells: list[Cell], edge: str, style: str) -> Part:
        """A tag over the map frame's `edge` ("top": the ghost's, "bottom": a hint's), in line with the squares
        `cells` cover: its first line on the frame hides no marker, more lines reach away from the map but never
        into a party there (they reach over the map instead), and the ghost's and a hint's never meet."""
        bv = self.board_view
        area = bv.cell_rect(*cells[0][:2]).unionall([bv.cell_rect(r, c) for r, c, _ in cells])
        y = bv.frame_rect.top if edge == "top" else bv.frame_rect.bottom
        line = self._tag_height(style)  # a one-line tag is centred on the frame; a taller one grows outwards
        box = tag.get_rect(center=(area.centerx, y))
        if edge == "top":
            box.bottom = y + line // 2 + line % 2
        else:
            box.top = y - line // 2
        beside = [p.rect for p in self.parties if p.rect.left < box.right and box.left < p.rect.right]
        if edge == "top":  # a party's picture is painted over what reaches into it
            box.top = max([box.top] + [r.bottom for r in beside if r.bottom <= y])
        else:
            box.bottom = min([box.bottom] + [r.top for r in beside if r.top >= y])
        if box.w <= bv.frame_rect.w:
            box.clamp_ip(bv.frame_rect.inflate(0, 2 * box.h))
        box.clamp_ip(pygame.Rect((0, 0), self.app.size))
        return image_part(tag, box.topleft)

    def _tag_type(self, style: str) -> tuple[int, int]:
        """A note's font size and padding for `style`."""
        app = self.app
        return app.font_px(17 if style == "hint" else 16), app.px(10 if style == "hint" else 8)

    def _tag_height(self, style: str) -> int:
        """The height of a one-line note of `style` (as `_tag` lays it out)."""
        px, pad = self._tag_type(style)
        return text.font(px, True).get_linesize() + pad

    def _tag(self, message: str, style: str) -> pygame.Surface:
        """A note on the map, wrapped to its width, cached: "ok" and "bad" above the ghost (coins, blank
        costs, or why it cannot go there), "hint" for a hint (framed in the hint colour)."""
        app = self.app
        width = self.board_view.frame_rect.w
        key = (message, style, width, app.sprites.version)
        tag = self._tags.get(key)
        if tag is None:
            px, pad = self._tag_type(style)
            ink = {"ok": (255, 246, 220), "bad": (255, 196, 176), "hint": (226, 248, 255)}[style]
            lines = text.wrap(message, px, width - app.px(24), bold=True)
            imgs = [text.render(line, px, ink, bold=True) for line in lines]
            lh = text.font(px, True).get_linesize()
            w = max(img.get_width() for img in imgs) + 2 * pad
            tag = pygame.Surface((w, lh * len(imgs) + pad), pygame.SRCALPHA)
            tag.blit(app.sprites.nine_slice("ui/tooltip", tag.get_size()), (0, 0))
            if style == "hint":
                pygame.draw.rect(tag, HINT_RGB, tag.get_rect(), max(2, app.px(2)), border_radius=app.px(6))
            for i, img in enumerate(imgs):
                tag.blit(img, img.get_rect(midtop=(w // 2, pad // 2 + i * lh)))
            if len(self._tags) > 16:
                self._tags.clear()
            self._tags[key] = tag
        return tag

    def _hint_parts(self, hint: Hint, me: int, moment: Moment) -> list[Part]:
        """Rings (pulsing, in the hint colour) around what the hint uses, and its line of explanation."""
        app = self.app
        shown = moment.shown
        pulse = 0.5 + 0.5 * math.sin(moment.t_ms / 170)
        party = self.parties[me]
        rings: list[pygame.Rect] = []
        if hint.card is not None and hint.card < len(shown.cards[me]):
            rings.append(party.card_rect(shown, hint.card))
        rings += [party.artifact_rect(shown, i) for i in hint.artifacts if i < len(shown.artifacts[me])]
        if hint.row is not None and hint.row < len(self.sidebar.row_rects):
            rings.append(self.sidebar.row_rects[hint.row])
        button = self.sidebar.button(hint.button) if hint.button is not None else None
        if button is not None and button in moment.group.widgets:
            rings.append(button.rect)
        grow = app.px(6) + round(app.px(4) * pulse)

        def draw_rings(surface: pygame.Surface) -> None:
            for r in rings:
                pygame.draw.rect(surface, HINT_RGB, r.inflate(grow, grow), max(2, app.px(3)),
                                 border_radius=app.px(10))
                pygame.draw.rect(surface, (255, 255, 255), r.inflate(grow + app.px(4), grow + app.px(4)), 1,
                                 border_radius=app.px(12))
        parts = [Part(r.inflate(grow + app.px(4), grow + app.px(4)), None, draw_rings) for r in rings[:1]]
        if len(rings) > 1:
            parts = [Part(parts[0].rect.unionall([r.inflate(grow + app.px(4), grow + app.px(4)) for r in rings]),
                          None, draw_rings)]
        if isinstance(hint.action, (Bid, PassBid)):  # the bid dialog over the table shows these
            return parts
        tag = self._tag(hint.message, "hint")
        if isinstance(hint.action, Search):
            return [*parts, self._tag_part(tag, hint.cells, "bottom", "hint")]
        bv = self.board_view.rect
        return [*parts, image_part(tag, tag.get_rect(midbottom=(bv.centerx, bv.bottom - app.px(10))).topleft)]

    def _sparkle_rect(self, sparkle: list[float]) -> pygame.Rect:
        size = self.app.px(56)
        return pygame.Rect(0, 0, size, size).move(round(sparkle[0]) - size // 2, round(sparkle[1]) - size // 2)

    def _draw_sparkle(self, sparkle: list[float], surface: pygame.Surface) -> None:
        app = self.app
        frames = app.sprites.frames("arzium/sparkle")
        size = app.px(56)
        x, y, ms = sparkle
        img = pygame.transform.smoothscale(frames[min(len(frames) - 1, int(ms / 100))], (size, size))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _hover_part(self, moment: Moment) -> Part | None:
        """The tip of what the mouse rests on, once it has rested long enough (anywhere in the window)."""
        key = self.hover_key
        if key is None or self.hover_ms < (LAND_HOVER_MS if key[0] == "land" else HOVER_DELAY_MS):
            return None
        return Part(pygame.Rect((0, 0), self.app.size), None, partial(self._draw_hover, moment))

    def _draw_hover(self, moment: Moment, surface: pygame.Surface) -> None:
        key = self.hover_key
        shown, mouse = moment.shown, moment.mouse
        match key:
            case ("card", int(p), int(i)):
                if i < len(shown.cards[p]):
                    self._draw_card_preview(surface, mouse, shown.cards[p][i], p, shown.face_up[p][i])
            case ("artifact", int(p), int(i)):
                if i < len(shown.artifacts[p]):
                    up = shown.artifacts_up[p][i]
                    self._artifact_tip(surface, mouse, shown.artifacts[p][i],
                                       "" if up else _(" (used: face up again after a rest)"),
                                       p == self.table.acting_human(),
                                       next(v for v in self.parties if v.player == p).artifact_rect(shown, i))
            case ("row", int(i)):
                aid = shown.art_row[i]
                if aid:
                    self._artifact_tip(surface, mouse, aid, "", False, self.sidebar.row_reach(i))
            case ("land", (int(r), int(c))):
                slot = (r // 3) * 3 + c // 2
                card = self.table.view_state().slots[slot]
                if card:
                    land = self.cards.card(card)
                    symbols = sum(land.land_coins)
                    tip = ngettext("{land}: {n} coin symbol. Fill all six squares to wake its sleepwalker; most "
                                   "markers wins it.", "{land}: {n} coin symbols. Fill all six squares to wake its "
                                   "sleepwalker; most markers wins it.", symbols)
                    draw_tooltip(surface, self.app, tip.format(land=land_name(land), n=symbols), mouse,
                                 self.board_view.slot_rect(slot))  # the land itself stays in sight

    def _artifact_tip(self, surface: pygame.Surface, mouse: tuple[int, int], aid: str, extra: str, mine: bool,
                      tile: pygame.Rect) -> None:
        """An artifact's tooltip, clear of its `tile` (and the price under it)."""
        a = self.cards.artifact(aid)
        use = _(" Click to use.") if mine and not extra else ""
        tip = _("{artifact} — {ability}{used}. {text} Cost {cost}, {points}.").format(
            artifact=_(a.name), ability=ability_name(a.ability), used=extra, text=rule_text(ABILITY_TEXT[a.ability]),
            cost=a.cost, points=points(a.points))
        draw_tooltip(surface, self.app, tip + use, mouse, tile)

    def _draw_card_preview(self, surface: pygame.Surface, mouse: tuple[int, int], card_id: str, owner: int,
                           up: bool) -> None:
        app = self.app
        card = self.cards.card(card_id)
        width = app.px(150)
        img = self.art.character(card_id, width, self.colours[owner])
        lines = text.wrap(_(card.story), app.font_px(17), app.px(230))
        box = pygame.Rect(0, 0, width + app.px(260), max(img.get_height(), app.px(90) + len(lines) * app.px(19))
                          + app.px(24))
        box.bottomleft = (mouse[0] + app.px(18), mouse[1] - app.px(12))
        box.clamp_ip(surface.get_rect())
        surface.blit(app.sprites.nine_slice("ui/panel", box.size), box)
        surface.blit(img, (box.left + app.px(12), box.top + app.px(12)))
        x = box.left + width + app.px(24)
        name = _(card.name)
        text.draw_text(surface, name, text.fit_px(name, app.font_px(20), app.px(230), bold=True),
                       app.theme.text, (x, box.top + app.px(14)), bold=True)
        status = character_status(card.points, up)
        text.draw_text(surface, status, app.font_px(17), app.theme.muted, (x, box.top + app.px(40)))
        for i, line in enumerate(lines):
            text.draw_text(surface, line, app.font_px(17), app.theme.text, (x, box.top + app.px(66) + i * app.px(19)))
