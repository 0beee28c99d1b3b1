"""The sidebar of the table: the header (turn, whose turn, what to do now, or a banner), the buttons for
the moment, the artifact row for sale and the move log. A button's click queues its command
(`table_commands`) in its `asks` for the scene to take.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

import pygame

from arzium.match import Match
from arzium.rules.actions import (
    Action,
    Bid,
    Buy,
    PassBid,
    ResolveClaims,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
)
from arzium.rules.cards import Ability
from arzium.rules.engine import current_player, is_over, legal_actions
from arzium.rules.preview import rest_cost
from arzium.rules.state import GameState
from arzium.scenes.art import CardArt
from arzium.scenes.choice import Choice
from arzium.scenes.hints import HintButton, HintDesk
from arzium.scenes.log_panel import LogPanel
from arzium.scenes.shown import Shown
from arzium.scenes.table_commands import AskHint, Confirm, OpenMenu, PlacePinned, Submit, TableCommand, Undo
from arzium.wording import ability_name, coins, person, shown_name
from common.data.i18n import _
from common.data.keymap import keymap
from common.data.outbox import Outbox
from common.engine import text
from common.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from common.engine.app import App

Rgb = tuple[int, int, int]
HoverKey = tuple[object, ...]  # what the mouse rests on: ("card", player, i), ("row", i), ("land", cell), ...


def doing(action: Action) -> str:
    """What a seat is doing while its `action` is on show."""
    match action:
        case Search():
            return _("searching")
        case SkipSearch():
            return _("skipping the search")
        case ResolveClaims():
            return _("ending the search")
        case RestEarly():
            return _("resting")
        case UsePurse() | UseSlide() | UseWake():
            return _("using an artifact")
        case Buy():
            return _("buying")
        case SkipBuy():
            return _("ending the turn")
        case Bid():
            return _("bidding")
        case PassBid():
            return _("passing")
        case _:
            assert_never(action)


def turn_of(name: str) -> str:
    """ "Ann's turn", "Your turn"."""
    return person(name, _("Your turn"), _("{owner} turn"))


def replay_line(played: int, total: int) -> str:
    """The header's line in a replay: the same count as the viewer's bar (actions shown so far)."""
    return _("{n} of {total} actions played").format(n=played, total=total)


@dataclass
class Announcement:
    """A banner on show in the header: its message, the colour of the seat it is about, and its time."""

    message: str
    colour: Rgb | None
    elapsed: float
    total: float


class Sidebar:
    """Header, buttons, artifact row and log, right of the table."""

    def __init__(self, app: App, table: Match, choice: Choice, hints: HintDesk, art: CardArt, log: LogPanel) -> None:
        self.app = app
        self.table = table
        self.choice = choice
        self.hints = hints
        self.art = art
        self.log = log
        self.names = [shown_name(s.name) for s in table.seats]
        self.colours = [s.colour for s in table.seats]
        self.announcement: Announcement | None = None
        self.t_ms = 0.0
        self.asks: Outbox[TableCommand] = Outbox()  # what the buttons clicked ask of the scene, in order
        ask = self._ask
        self.rest_btn = Button(_("Rest early"), ask(Submit(RestEarly())), font=20)
        self.undo_btn = Button(_("Undo"), ask(Undo()), _("Take back your last action (Ctrl+Z)"), font=20,
                               sound="ui_back")
        self.confirm_btn = Button(_("Confirm turn"), ask(Confirm()), _("End your turn for good (Enter)"), font=20)
        self.skip_btn = Button(_("Skip search"), ask(Submit(SkipSearch())),
                               _("None of your face-up characters fits anywhere on the map"), font=20)
        self.end_btn = Button(_("End turn"), ask(Submit(SkipBuy())), _("Finish without buying an artifact (Enter)"),
                              font=20)
        self.claims_btn = Button(_("Claims"), ask(Submit(ResolveClaims())),
                                 _("Use no more artifacts: the full lands are claimed now (Enter)"), font=20)
        self.place_btn = Button(_("Place here"), ask(PlacePinned()), _("Search with the pinned pattern (Enter)"),
                                font=20)
        self.menu_btn = Button(_("Menu"), ask(OpenMenu()), _("Pause: rules, leave (the game is saved)"), font=20,
                               sound="ui_back")
        self.hint_btn = Button(keymap(app.settings.key_bindings).hint_label(), ask(AskHint()),
                               _("Ask the Hard bot for a good move (the game then counts as assisted)"), font=16)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.header = self.row_panel = self.rect
        self.button_slots: list[pygame.Rect] = []
        self.row_rects: list[pygame.Rect] = []
        self._side: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._legal_key: tuple[int, tuple[Action, ...]] | None = None
        self._legal_actions: list[Action] = []

    def layout(self, rect: pygame.Rect, full_game: bool) -> None:
        app = self.app
        self.rect = sb = rect
        self.header = pygame.Rect(sb.left, sb.top, sb.w, app.px(124))
        bw, bh, gap = (sb.w - app.px(8)) // 2, app.px(40), app.px(8)
        y = self.header.bottom + gap
        self.button_slots = [pygame.Rect(sb.left + (i % 2) * (bw + app.px(8)), y + (i // 2) * (bh + gap), bw, bh)
                             for i in range(4)]
        y += 2 * (bh + gap)
        # Hint: a small button in the header's top line, left of the deck, shown on a human's turn
        self.hint_btn.rect = pygame.Rect(self.header.right - app.px(150), self.header.top + app.px(8), app.px(100),
                                         app.px(28))
        if full_game:
            self.row_panel = pygame.Rect(sb.left, y, sb.w, app.px(118))
            tile = min(app.px(60), (sb.w - app.px(40)) // 4)
            gap_x = (sb.w - 4 * tile) // 5
            self.row_rects = [pygame.Rect(sb.left + gap_x + i * (tile + gap_x), y + app.px(30), tile, tile)
                              for i in range(4)]
            y = self.row_panel.bottom + gap
        else:
            self.row_panel = pygame.Rect(sb.left, y, 0, 0)
            self.row_rects = []
        self.log.layout(pygame.Rect(sb.left, y, sb.w, sb.bottom - y))

    def row_places(self) -> list[pygame.Rect]:
        """Where the artifacts of the row lie (the sidebar's top when there is no row)."""
        return self.row_rects or [pygame.Rect(self.rect.centerx, self.rect.top, 1, 1)]

    def _ask(self, command: TableCommand) -> Callable[[], None]:
        """A button's click: `command` waits for the scene in `asks`."""
        return lambda: self.asks.put(command)

    def button(self, name: HintButton) -> Button:
        """The button a hint rings."""
        return {"rest": self.rest_btn, "skip": self.skip_btn, "end": self.end_btn, "claims": self.claims_btn}[name]

    # -- the moment -------------------------------------------------------------------------

    def announce(self, message: str, colour: Rgb | None) -> None:
        self.announcement = Announcement(message, colour, 0.0, max(900.0, self.app.anim_ms(1600)))

    def tick(self, dt_ms: float) -> None:
        """Time for the banner."""
        self.t_ms += dt_ms
        a = self.announcement
        if a is not None:
            a.elapsed += dt_ms
            if a.elapsed >= a.total:
                self.announcement = None

    def buttons(self) -> list[Widget]:
        """The buttons to show now, placed in their slots."""
        buttons: list[Widget] = list(self._buttons())
        for widget, slot in zip(buttons, self.button_slots):
            widget.rect = slot
        if self.table.acting_human() is not None and self.hints.allowed:
            self.hint_btn.label = _("Thinking...") if self.hints.pending else _("Hide hint") if self.hints.hint \
                else keymap(self.app.settings.key_bindings).hint_label()
            buttons.append(self.hint_btn)
        return buttons

    def _buttons(self) -> list[Button]:
        table, choice = self.table, self.choice
        p = table.acting_human()
        st = table.view_state()
        out: list[Button] = []
        if p is not None and st.phase == "start" and (not all(st.players[p].face_up)
                                                       or not all(st.players[p].artifacts_up)):
            cost = rest_cost(st, p)
            self.rest_btn.label = _("Rest early ({cost})").format(cost=cost)
            self.rest_btn.enabled = RestEarly() in self._legal(st)
            self.rest_btn.tooltip = _("Pay {coins} (1 per face-up character) to turn all your characters and "
                                      "artifacts face up").format(coins=coins(cost))
            out.append(self.rest_btn)
        if p is not None and st.phase in ("start", "search") and choice.pinned is not None:
            out.append(self.place_btn)
        if p is not None and st.phase in ("start", "search") and choice.selected is None and choice.mode is None \
                and SkipSearch() in self._legal(st):
            out.append(self.skip_btn)
        if p is not None and st.phase == "buy":
            out.append(self.end_btn)
        if p is not None and st.phase == "after":
            out.append(self.claims_btn)
        if table.awaiting_confirm:
            out.append(self.confirm_btn)
        if table.pending:
            self.undo_btn.enabled = not table.undo_blocked
            out.append(self.undo_btn)
        if table.replay is None:  # a replay's viewer has its own Back, and no click reaches the table
            out.append(self.menu_btn)
        return out[:4]

    def _legal(self, st: GameState) -> list[Action]:
        """The legal actions in `st`, the table's state now (worked out once per position)."""
        key = self.table.position()
        if self._legal_key != key:
            self._legal_key = key
            self._legal_actions = legal_actions(st)
        return self._legal_actions

    def instructions(self) -> tuple[str, str]:
        """(headline, hint) for the header."""
        table, choice, names = self.table, self.choice, self.names
        st = table.view_state()
        dots = "…"  # not counted-up dots: caught at two they read as a typo ("is bidding..")
        on_show = table.playing
        replay = table.replay
        if on_show is not None and table.acting_human() is None:  # the board is still showing this action
            name = names[on_show.player]
            if replay is not None:
                return turn_of(name), replay_line(len(table.actions), len(replay))
            if not isinstance(on_show.action, (Bid, PassBid)):
                head = turn_of(name)
            elif st.phase == "bid":
                head = person(name, _("Your bid"), _("{owner} bid"))
            else:  # that bid ended the bidding
                head = _("The bidding is over")
            return head, person(name, _("You are {doing}"), _("{name} is {doing}"), doing=doing(on_show.action)) + dots
        if is_over(st) and not table.awaiting_confirm:
            return _("Game over"), _("Counting the points...")
        if table.awaiting_confirm and table.auto_confirm:
            return _("{name}: turn done").format(name=names[table.work_player]), \
                _("Play passes on in a moment: Undo (Ctrl+Z) takes your last action back.")
        if table.awaiting_confirm:
            return _("{name}: confirm your turn").format(name=names[table.work_player]), \
                _("Confirm to pass play on, or Undo to take your last action back.")
        p = table.acting_human()
        if p is None:
            cur = current_player(st)
            if cur is None:
                return "", ""
            if replay is not None:
                return turn_of(names[cur]), replay_line(len(table.actions), len(replay))
            what = _("bidding") if st.phase == "bid" else _("choosing") if table.elsewhere(cur) else _("thinking")
            return turn_of(names[cur]), person(names[cur], _("You are {doing}"), _("{name} is {doing}"),
                                               doing=what) + dots
        name = names[p]
        if st.phase == "bid":
            return _("{name}: your bid").format(name=name), _("A tie! Bid coins for the land, or pass.")
        if st.phase == "buy":
            return _("{name}: buy?").format(name=name), \
                _("Click an artifact in the row to buy it, or end your turn (Enter).")
        if st.phase == "after" and choice.mode is None:
            return _("{name}: after the search").format(name=name), \
                _("Use a Purse, Slide or Wake, or go on to the claims (Enter).")
        if choice.mode is Ability.SLIDE:
            return _("{name}: slide").format(name=name), (
                _("Click the square to move it to.") if choice.slide_src is not None
                else _("Click any marker on the map to slide it."))
        if choice.mode is Ability.WAKE:
            return _("{name}: wake").format(name=name), _("Click one of your characters to turn it over.")
        if choice.selected is None and choice.armed:
            ready = _(" and ").join(ability_name(a) for a in choice.armed.values())
            return _("{name}: {abilities} ready").format(name=name, abilities=ready), \
                _("Now choose a face-up character to search with.")
        if choice.selected is None:
            return _("{name}, your turn").format(name=name), (
                _("Choose a face-up character in your party (or press 1-9), or rest early.") if st.phase == "start"
                else _("Choose a face-up character in your party (or press 1-9)."))
        if choice.pinned is not None:
            return _("{name}: place").format(name=name), pinned_hint(*pinned_state(choice))
        return _("{name}: search").format(name=name), \
            _("Green squares get markers, grey ones are skipped. Click to place.")

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, backdrop: tuple[int, pygame.Surface], shown: Shown,
             hover: HoverKey | None) -> None:
        """Header, artifact row and log are drawn on a cached copy of the table (`backdrop`: its version and
        picture) when they change; each frame blits that part of it (the buttons are the scene's group)."""
        surface.blit(self.picture(backdrop, shown, hover), self.rect, self.rect)

    def picture(self, backdrop: tuple[int, pygame.Surface], shown: Shown, hover: HoverKey | None) -> pygame.Surface:
        """The table with the sidebar drawn on it (cached; only its `rect` is shown)."""
        table = self.table
        st = table.view_state()
        me = table.acting_human()
        head, hint = self.instructions() if self.announcement is None else ("", "")  # the banner is there
        key = (backdrop[0], head, hint, table.playing, st.turn, st.final_round, len(st.deck),
               table.awaiting_confirm, tuple(shown.art_row), me, st.phase,
               st.players[me].coins if me is not None else -1,
               hover if hover and hover[0] == "row" else None,
               len(self.log.lines), self.log.scroll, self.log.lines[-1] if self.log.lines else None, self.log.covered)
        if self._side is None or self._side[0] != key:
            cache = backdrop[1].copy()
            self._draw_header(cache, head, hint)
            if self.row_rects:
                self._draw_row(cache, me, shown, hover)
            if not self.log.covered:
                self.log.draw(cache, panel=False)
            self._side = (key, cache)
        return self._side[1]

    def _draw_header(self, surface: pygame.Surface, head: str, hint: str) -> None:
        app, table = self.app, self.table
        hdr = self.header
        st = table.state if table.awaiting_confirm else table.view_state()
        playing = table.playing
        turn, final = (playing.turn, playing.final_round) if playing else (st.turn, st.final_round)
        mode = _("Full game") if st.setup.full_game else _("Basic game")
        small = _("Turn {turn} · {mode}").format(turn=turn, mode=mode) + (_(" · Final round!") if final else "")
        room = (self.hint_btn.rect.left if table.acting_human() is not None else hdr.right) - hdr.left - app.px(24)
        text.draw_text(surface, small, text.fit_px(small, app.font_px(16), room), app.theme.muted,
                       (hdr.left + app.px(16), hdr.top + app.px(12)))
        back = self.art.card_back(app.px(24))
        deck = back.get_rect(topright=(hdr.right - app.px(16), hdr.top + app.px(10)))
        surface.blit(back, deck)
        text.draw_text(surface, str(len(st.deck)), app.font_px(16), app.theme.text_light, deck.center, "center",
                       bold=True, shadow=app.theme.shadow)
        cur = table.turn_on_show()
        x = hdr.left + app.px(16)
        if cur is not None and head:
            token = self.art.marker(self.colours[cur], app.px(26))
            surface.blit(token, (x, hdr.top + app.px(34)))
            x += app.px(30)
        hpx = text.fit_px(head, app.font_px(24), deck.left - x - app.px(8), bold=True)
        text.draw_text(surface, head, hpx, app.theme.text, (x, hdr.top + app.px(36)), bold=True)
        for i, line in enumerate(text.wrap(hint, app.font_px(17), hdr.w - app.px(32))[:3]):
            text.draw_text(surface, line, app.font_px(17), app.theme.text,
                           (hdr.left + app.px(16), hdr.top + app.px(66) + i * app.px(18)))

    def _draw_row(self, surface: pygame.Surface, me: int | None, shown: Shown, hover: HoverKey | None) -> None:
        app = self.app
        panel = self.row_panel
        st = self.table.view_state()
        buying = me is not None and st.phase == "buy"
        title = _("Artifacts for sale") + (_(" — click one to buy") if buying else "")
        text.draw_text(surface, title, text.fit_px(title, app.font_px(17), panel.w - app.px(24), bold=True),
                       app.theme.text, (panel.left + app.px(14), panel.top + app.px(8)), bold=True)
        for i, r in enumerate(self.row_rects):
            aid = shown.art_row[i] if i < len(shown.art_row) else None
            if aid is None:
                pygame.draw.rect(surface, (200, 180, 140), r, 1, border_radius=app.px(8))
                continue
            a = self.table.state.cards.artifact(aid)
            if buying and Buy(aid) in self._legal(st):
                pygame.draw.rect(surface, app.theme.focus, r.inflate(app.px(8), app.px(8)), border_radius=app.px(10))
            grow = app.px(4) if hover == ("row", i) else 0
            tile = self.art.artifact(aid, r.w + grow)
            surface.blit(tile, tile.get_rect(center=r.center))
            coin = self.art.coin(app.px(16))
            y = r.bottom + app.px(13)
            cx = r.centerx - (app.px(22) if a.points else app.px(6))
            surface.blit(coin, coin.get_rect(center=(cx, y)))
            text.draw_text(surface, str(a.cost), app.font_px(17), app.theme.text, (cx + app.px(10), y), "midleft",
                           bold=True)
            if a.points:
                star = app.sprites.scaled("ui/star", (app.px(16), app.px(16)))
                surface.blit(star, star.get_rect(center=(cx + app.px(32), y)))
                text.draw_text(surface, str(a.points), app.font_px(17), app.theme.text, (cx + app.px(42), y),
                               "midleft", bold=True)

    def row_reach(self, i: int) -> pygame.Rect:
        """Artifact `i` for sale with its price row under it (what its tooltip must leave in sight)."""
        r = self.row_rects[i]
        return pygame.Rect(r.left, r.top, r.w, r.h + self.app.px(24))

    def banner(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The banner of the announcement on show and where it goes: in the header, below its Hint line, in
        place of the headline and hint, so it never hides the map or a party."""
        a = self.announcement
        if a is None:
            return None
        app = self.app
        box = pygame.Rect(self.header.left + app.px(6), self.header.top + app.px(32), self.header.w - app.px(12),
                          self.header.h - app.px(38))
        room = box.w - app.px(36)
        px = app.font_px(28)  # the largest size at which the wrapped message fits the box
        while True:
            lines = text.wrap(a.message, px, room, bold=True)
            lh = text.font(px, True).get_linesize()
            if len(lines) * lh <= box.h - app.px(20) or px <= 10:
                break
            px -= 1
        imgs = [text.render(line, px, app.theme.text, bold=True) for line in lines]
        panel = app.sprites.nine_slice("ui/panel", box.size).copy()
        for i, img in enumerate(imgs):
            panel.blit(img, img.get_rect(midtop=(box.w // 2, (box.h - lh * len(imgs)) // 2 + i * lh)))
        if a.colour is not None:
            pygame.draw.rect(panel, a.colour, panel.get_rect().inflate(-app.px(10), -app.px(10)),
                             max(2, app.px(3)), border_radius=app.px(8))
        panel.set_alpha(round(255 * max(0.0, min(1.0, a.elapsed / 150, (a.total - a.elapsed) / 250))))
        return panel, box


def pinned_state(choice: Choice) -> tuple[int, int, bool]:
    """A pinned placement's options: its open blanks, the markers it may displace, and whether one will be."""
    ghost = choice.ghost()
    if ghost is None:
        return 0, 0, False
    return ghost.open_blanks, ghost.displace_targets, bool(ghost.displace_targets) and choice.displace_sq is not None


def pinned_hint(blanks: int, targets: int, displacing: bool) -> str:
    """The header's hint for a pinned placement: buy its open blanks, displace a marker, or just place."""
    if displacing:
        displace = _("The ringed marker will be displaced (click it again to keep it)")
    elif targets:
        displace = _("Click a marker with the arrow to displace it")
    else:
        displace = ""
    if blanks and displace:
        return _("Click blanks (2 coins) to add them. {displace}. Then Place here.").format(displace=displace)
    if blanks:
        return _("Click blanks (2 coins) to add them, then click the pattern or Place here.")
    if displace:
        return _("{displace}, then click the pattern or Place here.").format(displace=displace)
    return _("Click the pattern or Place here to search.")


def pinned_tag(blanks: int, targets: int, displacing: bool) -> str:
    """The short note over a pinned placement on the map."""
    if blanks:
        return _("held here: click the blank squares you want, then the pattern")
    if displacing:
        return _("held here: the ringed marker will be displaced")
    if targets:
        return _("held here: click a marker with the arrow to displace it")
    return _("held here: click the pattern to search")
