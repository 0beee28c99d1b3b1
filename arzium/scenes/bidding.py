"""A human's bid in a tie: the land at stake, every bidder's coins and bid so far, and the choice."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arzium.rules.actions import Bid, PassBid
from arzium.scenes.bid_table import BidTable
from arzium.scenes.board_view import HINT_INK, HINT_RGB
from arzium.scenes.table_commands import Submit
from arzium.wording import coins, land_name, points
from common.data.i18n import _
from common.data.keymap import Command, keymap
from common.engine import text
from common.engine.scene import Scene
from common.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App


class BidScene(Scene):
    """Modal over the table: choose an amount with -/+ (or arrows) and Bid, or Pass; H asks for a hint."""

    opaque = False
    rules_game = "arzium"

    def __init__(self, app: App, table: BidTable) -> None:
        super().__init__(app)
        self.table = table
        self.player = player = table.player
        st = table.match.view_state()
        bid = st.bid
        assert bid is not None
        self.slot = bid.slot
        self.card = st.slots[bid.slot]
        self.minimum = bid.high + 1 if bid.high >= 0 else 0
        self.coins = st.players[player].coins
        self.amount = min(self.minimum, self.coins)
        self.opening = bid.high < 0
        self.minus = Button("-", lambda: self.change(-1), _("Bid less (Left)"), font=26)
        self.plus = Button("+", lambda: self.change(1), _("Bid more (Right)"), font=26)
        self.bid_btn = Button(_("Bid"), self.place, _("Place this bid (Enter)"), font=24, sound="bid")
        self.pass_btn = Button(_("Pass"), self.pass_, _("Do not raise: the highest bid stands"), font=24,
                               sound="ui_back")
        self.pass_btn.enabled = not self.opening
        self.hint_btn = Button(keymap(app.settings.key_bindings).hint_label(), table.hints.request,
                               _("Ask the Hard bot what to bid (the game then counts as assisted)"), font=16)
        self.group = WidgetGroup(app, [self.minus, self.plus, self.bid_btn, self.pass_btn, self.hint_btn])
        self.group.set_focus(self.bid_btn)
        self.group.keyboard_mode = True  # the focus is shown: Enter bids
        self.hinted: object | None = None  # the hint whose amount was taken over

    def change(self, delta: int) -> None:
        self.amount = max(self.minimum, min(self.coins, self.amount + delta))

    def place(self) -> None:
        self.table.answer.put(Submit(Bid(self.amount)))
        self.app.pop()

    def pass_(self) -> None:
        self.table.answer.put(Submit(PassBid()))
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        self.box = self._place(pygame.Rect(0, 0, app.px(560), app.px(360)), self.table.board.slot_rect(self.slot),
                               pygame.Rect((0, 0), size))
        y = self.box.bottom - app.px(88)
        self.minus.rect = pygame.Rect(self.box.left + app.px(40), y, app.px(50), app.px(48))
        self.plus.rect = pygame.Rect(self.box.left + app.px(170), y, app.px(50), app.px(48))
        self.bid_btn.rect = pygame.Rect(self.box.left + app.px(240), y, app.px(140), app.px(48))
        self.pass_btn.rect = pygame.Rect(self.box.left + app.px(392), y, app.px(130), app.px(48))
        self.hint_btn.rect = pygame.Rect(self.box.left + app.px(18), self.box.top + app.px(210), app.px(110),
                                         app.px(30))

    def _place(self, box: pygame.Rect, land: pygame.Rect, window: pygame.Rect) -> pygame.Rect:
        """`box` beside the contested `land` (right, left, below or above it, level with it or slid to the
        window's edge, in the window), so the land and what the table asks to keep clear (a coach) stay in
        sight; over the middle of the window when there is no room."""
        gap = self.app.px(14)
        keep = land.inflate(2 * gap - 2, 2 * gap - 2)
        clear = list(self.table.keep_clear)
        for side in ("right", "left", "below", "above"):
            for slide in ("level", "start", "end"):
                b = box.copy()
                b.center = land.center
                match side:
                    case "right":
                        b.left = land.right + gap
                    case "left":
                        b.right = land.left - gap
                    case "below":
                        b.top = land.bottom + gap
                    case "above":
                        b.bottom = land.top - gap
                across = side in ("right", "left")  # it slides up or down; above or below, sideways
                if slide == "start":
                    b.top = window.top if across else b.top
                    b.left = b.left if across else window.left
                elif slide == "end":
                    b.bottom = window.bottom if across else b.bottom
                    b.right = b.right if across else window.right
                b.clamp_ip(window)
                if not b.colliderect(keep) and b.collidelist(clear) < 0:
                    return b
        box.center = window.center
        return box

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS):
                self.change(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS):
                self.change(1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.group.focused in (self.bid_btn, None):
                self.place()
                return True
            if event.key == pygame.K_ESCAPE and not self.opening:
                self.pass_()
                return True
            if keymap(self.app.settings.key_bindings).pressed(event.key, Command.HINT):
                self.table.hints.request()
                return True
        self.group.handle(event)
        return True

    def update(self, dt_ms: float) -> None:
        self.minus.enabled = self.amount > self.minimum
        self.plus.enabled = self.amount < self.coins
        hints = self.table.hints
        hints.poll()
        hint = hints.hint
        if hint is not None and hint is not self.hinted and isinstance(hint.action, Bid):
            self.amount = max(self.minimum, min(self.coins, hint.action.amount))
        self.hinted = hint
        self.hint_btn.label = _("Thinking...") if hints.pending else _("Hide hint") if hint else \
            keymap(self.app.settings.key_bindings).hint_label()
        self.bid_btn.label = _("Bid {n}").format(n=self.amount)
        self.group.update(dt_ms)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        table = self.table
        land_rect = table.board.slot_rect(self.slot)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 8, 20, 120))
        shade.fill((0, 0, 0, 0), land_rect)  # the land at stake stays bright, ringed
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, app.theme.focus, land_rect.inflate(app.px(8), app.px(8)), max(3, app.px(4)),
                         border_radius=app.px(8))
        box = self.box
        surface.blit(app.sprites.nine_slice("ui/dialog", box.size), box)
        card = table.art.cards.card(self.card) if self.card else None
        land = land_name(card) if card is not None else _("the land")
        title = _("Tie for {land}!").format(land=land)
        right = box.left + app.px(140)  # the column right of the character card
        room = box.right - app.px(34) - right
        text.draw_text(surface, title, text.fit_px(title, app.font_px(28), room, bold=True), app.theme.text,
                       (right + room // 2, box.top + app.px(30)), "midtop", bold=True)
        if card is not None and self.card:
            face = table.art.character(self.card, app.px(90), table.colours[self.player])
            at = face.get_rect(midtop=(box.left + app.px(78), box.top + app.px(30)))
            surface.blit(face, at)
            worth = points(card.points)
            text.draw_text(surface, worth, text.fit_px(worth, app.font_px(18), app.px(120), bold=True),
                           app.theme.text, (at.centerx, at.bottom + app.px(6)), "midtop", bold=True)
        st = table.match.view_state()
        bid = st.bid
        y = box.top + app.px(76)
        rows = bid.bidders if bid is not None else []
        for i, p in enumerate(rows):
            r = pygame.Rect(right, y + i * app.px(34), box.right - right - app.px(34), app.px(30))
            if p == self.player:
                pygame.draw.rect(surface, (*app.theme.focus, ), r, max(1, app.px(2)), border_radius=app.px(6))
            surface.blit(table.art.marker(table.colours[p], app.px(24)), (r.left + app.px(6), r.top + app.px(3)))
            name_w = app.px(150)
            text.draw_text(surface, table.names[p], text.fit_px(table.names[p], app.font_px(20), name_w,
                                                                bold=p == self.player),
                           app.theme.text, (r.left + app.px(36), r.centery), "midleft", bold=p == self.player)
            text.draw_text(surface, coins(st.players[p].coins), app.font_px(18), app.theme.muted,
                           (r.left + app.px(36) + name_w + app.px(10), r.centery), "midleft")
            if bid is not None:
                if bid.high_player == p:
                    status = _("bids {n}").format(n=bid.high)
                elif i < bid.index:
                    status = _("passed")
                elif i == bid.index:
                    status = _("to bid")
                else:
                    status = _("waits")
                text.draw_text(surface, status, app.font_px(19), app.theme.text,
                               (r.right - app.px(8), r.centery), "midright", bold=bid.high_player == p)
        high = _("No bid yet: you open (0 is allowed)") if self.opening or bid is None else \
            _("Highest bid: {n} by {name} — raise to at least {minimum}").format(
                n=bid.high, name=table.names[bid.high_player], minimum=self.minimum)
        text.draw_text(surface, high, text.fit_px(high, app.font_px(18), box.right - app.px(34) - right),
                       app.theme.text, (right, self.minus.rect.top - app.px(14)), "bottomleft")
        text.draw_text(surface, str(self.amount), app.font_px(34), app.theme.text,
                       ((self.minus.rect.right + self.plus.rect.left) // 2, self.minus.rect.centery), "center",
                       bold=True)
        self.group.draw(surface)
        hint = table.hints.hint
        if hint is not None and isinstance(hint.action, (Bid, PassBid)):
            target = self.bid_btn if isinstance(hint.action, Bid) else self.pass_btn
            pygame.draw.rect(surface, HINT_RGB, target.rect.inflate(app.px(10), app.px(10)), max(2, app.px(3)),
                             border_radius=app.px(10))
            size = text.fit_px(hint.message, app.font_px(17), box.w - app.px(80), bold=True)
            text.draw_text(surface, hint.message, size,
                           HINT_INK, (box.centerx, box.bottom - app.px(14)), "midbottom", bold=True)
