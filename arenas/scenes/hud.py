"""Drawing the play scene's top bar and words: level, clock, every timer's sand, the last card, the hint
button; the prompt line, floating messages, tooltips, the countdown, the turn banner, pause and the end."""
from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from arenas.match import Phase
from arenas.rules.components import TIMER_SPECS, Card
from arenas.scenes.board import DANGER_MS
from arenas.scenes.ending import deciding_timer, ending_lines
from arenas.scenes.hands import CardArt
from arenas.scenes.hints import HINT_COLOUR
from arenas.scenes.layouts import CAPTION_H, CAPTION_W, GEAR_D, STONE_H, TAG_H
from arenas.scenes.messages import BANNER_MS, MESSAGE_MS, Floating
from arenas.scenes.moment import Moment, fraction
from arenas.session import format_ms
from arenas.wording import tile_name, timer_code, timer_name
from common.data.i18n import _, language
from common.data.keymap import Command, keymap
from common.engine import text
from common.engine.layers import Paint, Part, image_part
from common.ui.keycap import help_tag
from common.ui.widget_parts import app_look, tooltip_part, widget_look

if TYPE_CHECKING:
    from common.engine.app import App
    from common.engine.text import Colour

LIGHT = (250, 238, 214)  # the top bar's lettering


class Hud:
    """Paints the top bar and the words over the play scene as a `Moment` shows it; keeps the bar's background."""

    def __init__(self, app: App, cards: CardArt) -> None:
        self.app = app
        self.cards = cards
        self.hud_bg: pygame.Surface | None = None

    def parts(self, p: Moment, preview: str | None) -> list[Part]:
        """Everything over the board and the seats, in order, as parts of the frame (`common.engine.layers`): the top
        bar (its background cached), the prompt line (or what a previewed card would do) or the turn banner,
        floating words, a tooltip, the countdown, pause and the end."""
        assert p.table is not None
        app = self.app
        window = pygame.Rect((0, 0), app.size)
        hud = p.table.hud
        parts = [image_part(self._hud_background(hud), hud.topleft), *self._hud_parts(p)]
        # A dialog standing over the board (Leave?, the tutorial's Try again) speaks instead of the pause overlay's
        # or the held final board's words: they would peek out around it.
        asked = p.dialog_over
        answered = p.run.phase == Phase.OVER and asked
        if p.messages.banner is None and not answered:
            img, rect, back = self._prompt(p, preview)
            parts.append(Part(back.union(rect), ("prompt", img, tuple(rect), tuple(back)),
                              partial(self._draw_prompt, img=img, rect=rect, back=back)))
        for f in p.messages.floating if p.run.phase != Phase.OVER else ():  # the end's words take their place
            _img, rect, back, _alpha = self._floating(p, f)
            parts.append(Part(back.union(rect), None, partial(self._draw_floating, p=p, f=f)))
        tip = self._hover_message(p)
        if tip is not None:
            parts.append(tooltip_part(app, tip, p.mouse))
        if p.run.phase == Phase.COUNTDOWN:
            parts.append(Part(window, None, lambda surface: self._draw_countdown(surface, p)))
        banner = self._banner_place(p) if p.messages.banner else None
        if banner is not None:
            parts.append(Part(banner[2].union(banner[1]), None, lambda surface: self._draw_banner(surface, p)))
        if p.run.paused:
            parts.append(Part(window, None, lambda surface: self._draw_paused(surface, p, words=not asked)))
        if p.run.phase == Phase.OVER and not answered:
            parts.append(Part(window, None, lambda surface: self._draw_over(surface, p)))
        return parts

    def _hud_background(self, rect: pygame.Rect) -> pygame.Surface:
        if self.hud_bg is None or self.hud_bg.get_size() != rect.size:
            bg = pygame.Surface(rect.size, pygame.SRCALPHA)
            bg.fill((24, 14, 8, 200))
            pygame.draw.line(bg, self.app.sprites.colour("arenas_glow"), (0, rect.h - 2), (rect.w, rect.h - 2), 2)
            self.hud_bg = bg
        return self.hud_bg

    def _hud_parts(self, p: Moment) -> list[Part]:
        """The top bar in still parts, each keyed by what it shows: level and clock, each timer's entry in the
        legend, and the hint button, deck and last card (a legend entry's key holds the right part's: a long
        caption may reach into it; and every timer's lost flag: the legend's lettering fits the longest)."""
        assert p.table is not None
        app = self.app
        hud = p.table.hud
        state = p.run.state
        left = self._hud_lead(p)[1]
        item_w = app.px(78)
        right = left + item_w * len(state.timers)
        bar_w = item_w - app.px(12)
        button = p.hint_button
        shown = p.hint_blocked is None
        ends = (shown and widget_look(button, app, button.rect.collidepoint(p.mouse), False), len(state.deck),
                p.messages.last_card and (p.messages.last_card.name, p.messages.last_card.caption),
                keymap(app.settings.key_bindings).name(Command.HELP))
        legend = tuple((t.id, t.lost, t.remaining_ms < DANGER_MS and p.run.phase == Phase.RUNNING,
                        round(bar_w * fraction(p, t.id))) for t in state.timers.values())
        clock = (p.level_title, format_ms(state.time_ms), state.assisted, p.run.replay is not None)

        def legend_and_ends(surface: pygame.Surface) -> None:
            self._draw_legend(surface, p, left)
            self._draw_ends(surface, p, right)
        lost = tuple(t.lost for t in state.timers.values())
        pieces: list[tuple[pygame.Rect, tuple[object, ...], Paint]] = [
            (pygame.Rect(hud.left, hud.top, left - hud.left, hud.h), ("clock", clock), partial(self._draw_lead, p=p)),
            *((pygame.Rect(left + k * item_w, hud.top, item_w, hud.h), ("legend", entry, lost, ends), legend_and_ends)
              for k, entry in enumerate(legend)),
            (pygame.Rect(right, hud.top, hud.right - right, hud.h), ("ends", ends),
             partial(self._draw_ends, p=p, x=right))]
        return [Part(rect, (*key, tuple(rect), language(), app_look(app)), paint)
                for rect, key, paint in pieces if rect.w > 0]

    def _hud_lead(self, p: Moment) -> tuple[list[tuple[str, int, Colour, int]], int]:
        """The top bar's lettering before the legend (level, clock, flags), each as (text, px, colour, left
        edge), and where the legend starts."""
        app = self.app
        title = p.level_title
        words: list[tuple[str, int, Colour, int]] = [
            (title, text.fit_px(title, app.font_px(20), app.px(250), bold=True), LIGHT, 16),
            (format_ms(p.run.state.time_ms), app.font_px(28), app.sprites.colour("arenas_glow"), 8)]
        if p.run.state.assisted:
            words.append((_("ASSISTED"), app.font_px(14), (150, 220, 255), 8))
        if p.run.replay is not None:
            words.append((_("REPLAY"), app.font_px(14), (255, 200, 120), 8))
        lead, x = [], app.px(14)
        for word, px, colour, gap in words:  # the clock in a steady slot: the legend beside it stays put
            lead.append((word, px, colour, x))
            x += text.steady_width(word, px, bold=True) + app.px(gap)
        return lead, x + app.px(8)

    def _draw_lead(self, surface: pygame.Surface, p: Moment) -> None:
        """Paint the top bar's level, clock and flags."""
        assert p.table is not None
        for word, px, colour, left in self._hud_lead(p)[0]:
            text.draw_text(surface, word, px, colour, (left, p.table.hud.centery), "midleft", bold=True)

    def _draw_legend(self, surface: pygame.Surface, p: Moment, x: int) -> None:
        """Paint every timer's colour, code and remaining sand as a small bar, from `x` on."""
        assert p.table is not None
        app = self.app
        light = LIGHT
        cy = p.table.hud.centery
        item_w = app.px(78)
        labels = {tid: _("{timer} lost").format(timer=timer_code(tid)) if t.lost else timer_code(tid)
                  for tid, t in p.run.state.timers.items()}
        lpx = min(text.fit_px(label, app.font_px(16), item_w - app.px(22), bold=True) for label in labels.values())
        clip = surface.get_clip()
        for t in p.run.state.timers.values():
            label = labels[t.id]
            reach = max(item_w, app.px(18) + text.font(lpx, True).size(label)[0])
            if not clip.colliderect((x, p.table.hud.top, reach, p.table.hud.h)):  # a neighbour's part is painted
                x += item_w
                continue
            colour = app.sprites.colour(TIMER_SPECS[t.id].sand)
            pygame.draw.circle(surface, (10, 6, 4), (x + app.px(7), cy - app.px(7)), app.px(7))
            pygame.draw.circle(surface, colour, (x + app.px(7), cy - app.px(7)), app.px(6))
            danger = t.remaining_ms < DANGER_MS and p.run.phase == Phase.RUNNING
            ink = (255, 110, 90) if danger or t.lost else light
            text.draw_text(surface, label, lpx, ink, (x + app.px(18), cy - app.px(7)), "midleft", bold=True)
            bar = pygame.Rect(x, cy + app.px(6), item_w - app.px(12), app.px(7))
            pygame.draw.rect(surface, (60, 44, 32), bar, border_radius=app.px(3))
            fill = bar.copy()
            fill.w = round(bar.w * fraction(p, t.id))
            if fill.w > 0:
                pygame.draw.rect(surface, (255, 90, 60) if danger else colour, fill, border_radius=app.px(3))
            x += item_w

    def _draw_ends(self, surface: pygame.Surface, p: Moment, x: int) -> None:
        """Paint the hint button, the deck and the last card, from the right edge leftwards to `x`."""
        assert p.table is not None
        app = self.app
        hud = p.table.hud
        light = LIGHT
        cy = hud.centery
        right = hud.right - app.px(12)
        if p.hint_blocked is None:
            button = p.hint_button
            button.draw(surface, app, button.rect.collidepoint(p.mouse), False)
            right = button.rect.left - app.px(14)
        deck = _("Deck {n}").format(n=len(p.run.state.deck))
        r = text.draw_text(surface, deck, app.font_px(16), light, (right, cy), "midright")
        tag = help_tag(app, keymap(app.settings.key_bindings), light)
        r = surface.blit(tag, tag.get_rect(midright=(r.left - app.px(14), cy)))
        right = r.left - app.px(14)
        if p.messages.last_card is not None:
            name, caption = p.messages.last_card.name, p.messages.last_card.caption
            room = max(app.px(60), right - x - app.px(40))
            cpx = text.fit_px(caption, app.font_px(16), room)
            r = text.draw_text(surface, caption, cpx, light, (right, cy), "midright")
            ch = hud.h - app.px(10)
            mini = self.cards.image(Card.from_name(name), (round(ch / 1.39), ch))
            surface.blit(mini, mini.get_rect(midright=(r.left - app.px(6), cy)))

    def _prompt(self, p: Moment, preview: str | None) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
        """The prompt line's lettering, where it goes and its shaded box."""
        assert p.table is not None
        state = p.run.state
        name = state.players[state.active]
        n = len(state.hands[state.active])
        # the prompt names whose turn it is when several people take turns at this screen, else it speaks to its one
        many = sum(not p.run.is_bot(i) and not p.run.elsewhere(i) for i in range(len(state.players))) > 1
        if p.run.phase == Phase.COUNTDOWN:
            msg = (_("Get ready… the sand starts when the countdown ends  ·  Space, Enter or a click starts it now")
                   if p.run.countdown_skippable
                   else _("Get ready… the sand starts for everyone when the countdown ends"))
        elif p.run.phase == Phase.OVER:
            msg = _(p.over_prompt).format(seconds=p.seconds_held())
        elif p.run.replay is not None:
            msg = _("Watching a replay  ·  Esc stops it")
        elif p.run.setup.watch:
            msg = _("Watching the bots play  ·  {name} is choosing a card  ·  Esc stops").format(name=name)
        elif p.run.bot_turn_now():  # a bot's turn, or (online) a team-mate elsewhere
            msg = (_("{name} (bot) is choosing a card…") if p.run.is_bot(state.active)
                   else _("{name} is choosing a card…")).format(name=name)
        elif p.hint is not None:
            msg = p.hint.message
        elif preview is not None:
            msg = preview
        elif p.wild is not None:
            keys = keymap(p.settings.key_bindings)
            msg = _("Wild card: click a timer (or {moves} and {choose}) to flip and move it, or a lost timer to "
                    "recover it  ·  Esc keeps the card").format(moves=keys.moves(), choose=keys.name(Command.CHOOSE))
        else:
            msg = (_("{name}'s turn: click a card or press 1–{n}  ·  every gear of the card's colour or shape moves"
                     " its timer") if many
                   else _("Click a card or press 1–{n}  ·  every gear of the card's colour or shape moves its timer")
                   ).format(name=name, n=n)
        app = self.app
        px = text.fit_px(msg, app.font_px(19), p.table.board.w - app.px(20), bold=True)
        hinting = p.hint is not None and msg == p.hint.message
        img = text.render(msg, px, HINT_COLOUR if hinting else (255, 240, 206), bold=True)
        rect = img.get_rect(center=(p.table.board.centerx, p.table.prompt_y))
        return img, rect, rect.inflate(app.px(24), app.px(8))

    def _draw_prompt(self, surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect, back: pygame.Rect) -> None:
        shade = pygame.Surface(back.size, pygame.SRCALPHA)
        shade.fill((20, 12, 6, 170))
        surface.blit(shade, back)
        surface.blit(img, rect)

    def _floating(self, p: Moment, f: Floating) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect, float]:
        """A floating message's lettering, where it is now, its shaded box and its opacity."""
        app = self.app
        t = (p.now - f.start) / MESSAGE_MS
        width = p.area[0]  # the table's part of the window (not under the tutorial's coach)
        px = text.fit_px(f.message, app.font_px(19), width - app.px(32), bold=True)
        img = text.render(f.message, px, f.colour, bold=True)
        x = min(max(f.pos[0], img.get_width() / 2 + 8), width - img.get_width() / 2 - 8)
        y = f.pos[1] - app.px(26) * t
        rect = img.get_rect(center=(round(x), round(y)))
        alpha = 1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3)
        return img, rect, rect.inflate(app.px(16), app.px(8)), alpha

    def _draw_floating(self, surface: pygame.Surface, p: Moment, f: Floating) -> None:
        img, rect, back, alpha = self._floating(p, f)
        _shaded(surface, img, rect, back, (20, 10, 6, round(200 * alpha)), alpha)

    def _hover_message(self, p: Moment) -> str | None:
        """The tooltip of the timer or gear under the mouse, once it has rested there."""
        if p.hover_ms < 350 or p.board is None or p.hover_key is None:
            return None
        timer, gear = p.hover_key
        state = p.run.state
        if timer is not None:
            t = state.timers[timer]
            where = (_("lost beside gear {n}") if t.lost else _("on gear {n}")).format(n=t.position + 1)
            sand = _("{seconds} s of {capacity} s").format(seconds=f"{t.remaining_ms / 1000:.0f}",
                                                           capacity=t.capacity_ms // 1000)
            msg = f"{timer_name(timer)} · {sand} · {where}"
        elif gear is not None:
            tile = state.level.path[gear]
            parts = [_("Gear {n}: {tile}").format(n=gear + 1, tile=tile_name(tile))]
            if gear >= state.level.deactivator:
                parts.append(_("danger zone"))
            if gear in state.level.blocks:
                parts.append(_("blocked"))
            if p.board and gear in p.board.rusted:
                parts.append(_("rusted: only a wild card turns it"))
            msg = " · ".join(parts)
        else:
            return None
        return msg

    def _draw_countdown(self, surface: pygame.Surface, p: Moment) -> None:
        assert p.table is not None
        app = self.app
        n = max(1, math.ceil(p.run.countdown_left / 1000))
        frac = (p.run.countdown_left % 1000) / 1000
        size = app.font_px(130 + 40 * frac)
        centre = p.table.board.center
        disc = pygame.Surface((app.px(220), app.px(220)), pygame.SRCALPHA)
        pygame.draw.circle(disc, (20, 10, 6, 170), (disc.get_width() // 2, disc.get_height() // 2), app.px(105))
        surface.blit(disc, disc.get_rect(center=centre))
        text.draw_text(surface, str(n), size, app.sprites.colour("arenas_glow"), centre, "center", bold=True,
                       shadow=(20, 10, 6))
        text.draw_text(surface, _("sand starts in"), app.font_px(20), (250, 238, 214),
                       (centre[0], centre[1] - app.px(66)), "center", bold=True)

    def _draw_banner(self, surface: pygame.Surface, p: Moment) -> None:
        """The turn announcement, next to the active player's seat on the board side."""
        place = self._banner_place(p)
        if place is None:
            return
        img, rect, back, alpha = place
        app = self.app
        shade = pygame.Surface(back.size, pygame.SRCALPHA)
        shade.fill((20, 10, 6, round(220 * alpha)))
        pygame.draw.rect(shade, (*app.sprites.colour("arenas_glow"), round(230 * alpha)), shade.get_rect(), 2)
        surface.blit(shade, back)
        img.set_alpha(round(255 * alpha))
        surface.blit(img, rect)
        img.set_alpha(None)

    def _banner_place(self, p: Moment) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect, float] | None:
        """The banner's lettering, where it goes, its shaded box and its opacity now (None before it shows)."""
        assert p.messages.banner is not None and p.table is not None
        app = self.app
        message, start = p.messages.banner.message, p.messages.banner.start
        t = (p.now - start) / BANNER_MS
        if t < 0:
            return None
        alpha = min(1.0, t * 6) * (1.0 if t < 0.75 else max(0.0, 1 - (t - 0.75) / 0.25))
        px = text.fit_px(message, app.font_px(30), p.area[0] - app.px(48), bold=True)
        img = text.render(message, px, app.sprites.colour("arenas_glow"), bold=True)
        seat = p.table.seats[p.run.state.active]
        board = p.table.board
        rise = round(app.px(12) * (1 - min(1.0, t * 5)))
        if seat.top >= board.bottom:      # bottom row: above the seat, over the prompt line
            rect = img.get_rect(midbottom=(seat.centerx, seat.top - app.px(10) + rise))
        elif seat.bottom <= board.top:    # top row: below the seat
            rect = img.get_rect(midtop=(seat.centerx, seat.bottom + app.px(10) - rise))
        elif seat.right <= board.left:    # left column
            rect = img.get_rect(midleft=(seat.right + app.px(14), seat.centery))
        else:                             # right column
            rect = img.get_rect(midright=(seat.left - app.px(14), seat.centery))
        rect.clamp_ip(pygame.Rect((0, 0), p.area))
        return img, rect, rect.inflate(app.px(32), app.px(12)), alpha

    def _draw_paused(self, surface: pygame.Surface, p: Moment, words: bool) -> None:
        """The board dimmed while paused, with the headline, the line saying how to resume and Leave (`words`)."""
        app = self.app
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 6, 4, 150))
        surface.blit(shade, (0, 0))
        if not words:
            return
        w, h = surface.get_size()
        text.draw_text(surface, _("Paused"), app.font_px(64), app.sprites.colour("arenas_glow"),
                       (w // 2, h // 2 - app.px(30)), "center", bold=True, shadow=(0, 0, 0))
        line = _("Assist used: this run is marked assisted  ·  Esc, Space or a click resumes")
        text.draw_text(surface, line, text.fit_px(line, app.font_px(22), w - app.px(40)), (250, 238, 214),
                       (w // 2, h // 2 + app.px(30)), "center", shadow=(0, 0, 0))
        if p.run.replay is None:
            leave = p.leave_button
            leave.draw(surface, app, leave.rect.collidepoint(p.mouse), False)

    def _draw_over(self, surface: pygame.Surface, p: Moment) -> None:
        """The held final board: the deciding timer ringed (the one that ran dry, or the last one home), the
        headline and what happened under it, at the board's foot."""
        assert p.ended_at is not None and p.table is not None and p.board is not None
        app = self.app
        t = min(1.0, (p.now - p.ended_at) / 500)
        state = p.run.state
        won = state.result == "won"
        colour = (140, 240, 140) if won else (255, 120, 100)
        timer = deciding_timer(state, p.last_home)
        if timer is not None and timer in state.timers:
            centre, _tilt = p.drawn_place(timer)
            geo = p.board.geo
            r = geo.lost_parts(centre).outline if state.timers[timer].lost else geo.glass_rect(centre)
            pulse = 0.5 + 0.5 * math.sin((p.now - p.ended_at) / 160)
            ring = pygame.Rect(round(r.left), round(r.top), round(r.w), round(r.h)).inflate(
                app.px(16) + round(app.px(8) * pulse), app.px(16) + round(app.px(8) * pulse))
            if not state.timers[timer].lost:  # a standing glass: its name tag above it too
                ring.union_ip(ring.move(0, -app.px(18)))
            pygame.draw.rect(surface, colour, ring, max(3, app.px(4)), border_radius=app.px(14))
            pygame.draw.rect(surface, (255, 255, 255), ring.inflate(app.px(6), app.px(6)), 1,
                             border_radius=app.px(16))
        message = _("Every timer is through — the machine stops!") if won else _("The sand ran out")
        room = p.table.board.w - app.px(80)
        px = text.fit_px(message, app.font_px(44), room, bold=True)
        imgs = [text.render(message, px, colour, bold=True)]
        for line in ending_lines(state, p.last_home):
            imgs.append(text.render(line, text.fit_px(line, app.font_px(22), room, bold=True), (250, 238, 214),
                                    bold=True))
        height = sum(img.get_height() for img in imgs) + app.px(4) * (len(imgs) - 1)
        block = _ending_place(app, p, max(img.get_width() for img in imgs), height)
        back = pygame.Surface(block.inflate(app.px(60), app.px(30)).size, pygame.SRCALPHA)
        back.fill((15, 8, 4, round(210 * t)))
        surface.blit(back, back.get_rect(center=block.center))
        y = block.top
        for img in imgs:
            img.set_alpha(round(255 * t))
            surface.blit(img, img.get_rect(midtop=(block.centerx, y)))
            img.set_alpha(None)
            y += img.get_height() + app.px(4)


def _ending_place(app: App, p: Moment, w: int, h: int) -> pygame.Rect:
    """Where the final board's words go: at the foot of the board, else at its head, whichever (with its shaded
    box) covers less of the timers, gears and the Deactivator."""
    assert p.table is not None and p.board is not None
    board, geo = p.table.board, p.board.geo
    s = geo.s
    things = [pygame.Rect(0, 0, round(GEAR_D * s), round(GEAR_D * s)).move(round(x - GEAR_D * s / 2),
                                                                          round(y - GEAR_D * s / 2))
              for x, y in geo.gears]
    stone = pygame.Rect(0, 0, round(CAPTION_W * s), round((STONE_H + CAPTION_H) * s))
    stone.midtop = (round(geo.stone[0]), round(geo.stone[1] - STONE_H * s / 2))
    things.append(stone)
    for tid, t in p.run.state.timers.items():
        centre, _tilt = p.drawn_place(tid)
        r = geo.lost_parts(centre).outline if t.lost else geo.glass_rect(centre)
        things.append(pygame.Rect(round(r.left), round(r.top - (0 if t.lost else TAG_H * s)), round(r.w),
                                  round(r.h + (0 if t.lost else TAG_H * s))))
    best: tuple[int, pygame.Rect] | None = None
    for edge in ("bottom", "top"):
        block = pygame.Rect(0, 0, w, h)
        if edge == "bottom":
            block.midbottom = (board.centerx, board.bottom - app.px(8))
        else:
            block.midtop = (board.centerx, board.top + app.px(22))
        back = block.inflate(app.px(60), app.px(30))
        covered = sum(back.clip(r).w * back.clip(r).h for r in things)
        if best is None or covered < best[0]:
            best = (covered, block)
    assert best is not None
    return best[1]


def _shaded(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect, back: pygame.Rect,
            shade: tuple[int, int, int, int], alpha: float) -> None:
    """Lettering at `rect` over a see-through dark box `back`, both faded to `alpha`."""
    box = pygame.Surface(back.size, pygame.SRCALPHA)
    box.fill(shade)
    surface.blit(box, back)
    img.set_alpha(round(255 * alpha))
    surface.blit(img, rect)
    img.set_alpha(None)
