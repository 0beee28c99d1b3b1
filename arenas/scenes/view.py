"""Drawing the play scene (drawing only): the board with its timers, the wild card's targets, the hint's
rings, a previewed card's arrows, labels and ghost levels (`previews`) and the seats; the top bar and the
messages are drawn by `hud`."""
from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from arenas.match import Phase
from arenas.rules.components import TIMER_SPECS
from arenas.rules.preview import TimerTurn, wild_choices
from arenas.rules.state import TimerState
from arenas.scenes import layouts as lay
from arenas.scenes.board import DANGER_MS
from arenas.scenes.hands import CardArt, SeatPainter
from arenas.scenes.hints import HINT_COLOUR
from arenas.scenes.hud import Hud
from arenas.scenes.moment import Moment, fraction
from arenas.scenes.previews import PreviewPainter, card_preview
from arenas.wording import timer_code
from common.data.i18n import _, language
from common.engine import text
from common.engine.layers import Part, image_part, subtract

if TYPE_CHECKING:
    from common.engine.app import App

Point = tuple[float, float]


class PlayView:
    """Paints the play scene as a `Moment` shows it; keeps the card, seat and name-tag pictures it makes."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.cards = CardArt(app)
        self.seats = SeatPainter(app, self.cards)
        self.hud = Hud(app, self.cards)
        self.previews = PreviewPainter(app)
        # (timer, danger, seconds, glass size, room, language) -> name tag
        self.badges: dict[tuple[str, bool, int | None, tuple[int, int], tuple[int, int] | None, str],
                          pygame.Surface] = {}
        self.covered: dict[tuple[tuple[int, int], int], pygame.Rect] = {}  # (seat size, pack) -> opaque inside
        self.rings: dict[tuple[tuple[int, int], int, int, int, int], pygame.Surface] = {}  # hint rings

    def clear(self) -> None:
        """Forget every cached picture (the sprites changed)."""
        self.cards.cache.clear()
        self.seats.cache.clear()
        self.badges.clear()
        self.covered.clear()
        self.rings.clear()
        self.previews.labels.clear()

    def resized(self) -> None:
        """A new layout: the top bar's background is made again at its new size."""
        self.hud.hud_bg = None

    def parts(self, p: Moment) -> list[Part]:
        """The play scene as parts of the frame (`common.engine.layers`), bottom to top."""
        if p.board is None or p.table is None:
            return []
        under, _full = p.board.layers(p.area)
        parts = [image_part(under, (0, 0)), *p.board.gear_parts(p.motion.gear_turn(p.now))]
        shown = card_preview(p)
        turns = shown.by_timer() if shown is not None else {}
        if shown is not None:
            parts += self.previews.arrow_parts(p, shown)
        if p.wild is not None:
            parts += self._target_parts(p)
        if p.hint is not None:
            parts += [Part(self._hint_timer_rect(p, tid), None, partial(self._draw_hint_timer, p, tid))
                      for tid in p.hint.timers]
        items = sorted(p.run.state.timers.values(), key=lambda t: p.motion.looks[t.id].place(p.now)[0][1])
        for t in items:
            parts += self._timer_parts(p, t, turns.get(t.id))
        if shown is not None:
            tops = {tid: self._timer_top(p, p.run.state.timers[tid]) for tid in turns}
            parts += self.previews.label_parts(p, shown, tops)
        parts += self._seat_parts(p)
        card = self._hint_card(p)
        if card is not None:  # its ring: grown by up to px(11), then the ring's edge
            reach = card.inflate(self.app.px(11) + 2 * max(2, self.app.px(4)) + 16, self.app.px(11) +
                                 2 * max(2, self.app.px(4)) + 16)
            parts.append(Part(reach, None, lambda surface: self._draw_hint_card(surface, p)))
        return parts + self.hud.parts(p, self.previews.line(p, shown) if shown is not None else None)

    def _timer_parts(self, p: Moment, t: TimerState, turn: TimerTurn | None) -> list[Part]:
        """A timer as parts of the frame: one part drawn each frame while it flips or moves; at rest, still
        parts keyed by what they show (its sand by the rows it fills), and small moving ones for what changes
        every frame (the falling stream, a pulsing glow, a lying glass with its stream)."""
        assert p.board is not None
        board = p.board
        look = p.motion.looks[t.id]
        if look.moves or look.flip_now(p.now) is not None:
            return [Part(self._timer_rect(p, t), None, partial(self._draw_timer, p, t, turn))]
        s = board.geo.s
        (cx, cy), angle, _lift = look.place(p.now)
        centre = (round(cx), round(cy))
        painter = board.lost_glass if (abs(angle) > 1.0 or t.lost) and abs(angle) >= lay.LOST_TILT - 0.5 \
            else board.glass
        danger = t.remaining_ms < DANGER_MS and p.run.phase == Phase.RUNNING
        gear = board.geo.gears[t.position]
        frac = fraction(p, t.id)
        sand_key = TIMER_SPECS[t.id].sand
        flowing = p.run.phase == Phase.RUNNING and t.remaining_ms > 0
        ghost = turn.remaining_ms / t.capacity_ms if turn is not None else None
        parts = []
        if t.lost:
            reach = pygame.Rect(round(min(gear[0], cx)), round(min(gear[1], cy)), round(abs(gear[0] - cx)) + 1,
                                round(abs(gear[1] - cy)) + 1).inflate(round(s * 0.1) + 8, round(s * 0.1) + 8)
            parts.append(Part(reach, ("link", s, gear, (cx, cy)),
                              lambda surface: draw_lost_link(surface, s, gear, (cx, cy))))
        if danger or t.lost:
            pulse = 0.5 + 0.5 * math.sin(p.now / 130)
            glow, drawn = painter.turned_glow(angle), painter.glow_areas(angle)
            at = glow.get_rect(center=centre)
            parts.append(Part(at, None, partial(draw_faded, glow, at,
                                                round(110 + 145 * pulse) if danger else round(60 + 120 * pulse)),
                              tuple(r.move(at.topleft) for r in drawn)))  # not where it is see-through: the glass
            # under its middle stays still
        if angle:  # lying beside its gear: turned each frame (its stream flows), under its pulsing glow anyway
            rect = pygame.Rect((0, 0), painter.turned_size(angle))
            rect.center = centre
            parts.append(Part(rect, None, partial(painter.draw_turned, centre=centre, fraction=frac, sand_key=sand_key,
                                                  flowing=flowing, t_ms=p.now, ghost=ghost, angle=angle)))
        else:
            if not t.lost:
                parts.append(tether_part(s, gear, (cx, cy), painter.size))
            parts += painter.parts((round(cx - painter.size[0] / 2), round(cy - painter.size[1] / 2)), frac, sand_key,
                                   flowing, p.now, ghost)
        if t.lost:
            lost = board.geo.lost_parts((cx, cy))
            tag = lost.tag
            img = self._badge(p, t.id, danger, (int(tag.w), int(tag.h)))
            parts.append(image_part(img, img.get_rect(center=(round(tag.cx), round(tag.cy))).topleft))
            bob = max(1, round(s * 0.04))
            badge = self.app.sprites.scaled("arenas/lost_badge", (round(lost.badge.w) - 2 * bob,) * 2)
            y = lost.badge.cy + math.sin(p.now / 160) * bob
            parts.append(image_part(badge, badge.get_rect(center=(round(lost.badge.cx), round(y))).topleft))
        elif abs(angle) <= 1.0:
            img = self._badge(p, t.id, danger, None)
            parts.append(image_part(img, img.get_rect(center=(round(cx), round(cy - painter.size[1] / 2))).topleft))
        return parts

    def _timer_top(self, p: Moment, t: TimerState) -> Point:
        """(x, top) of what is drawn for `t` above its glass: its name tag (a move preview's label goes above)."""
        assert p.board is not None
        (cx, cy), _tilt, lift = p.motion.looks[t.id].place(p.now)
        cy -= lift * p.board.geo.s * 0.25
        if t.lost:
            look = p.board.geo.lost_parts((cx, cy))
            return look.tag.cx, min(look.tag.top, look.glass.top)
        badge = self._badge(p, t.id, False, None)
        return cx, cy - p.board.glass.size[1] / 2 - badge.get_height() / 2

    def _timer_rect(self, p: Moment, t: TimerState) -> pygame.Rect:
        """Everything `_draw_timer` may draw for `t`: its glass (turned, with its glow), its tag or badge, and the
        rod or trail to its gear."""
        assert p.board is not None
        board = p.board
        s = board.geo.s
        look = p.motion.looks[t.id]
        (cx, cy), tilt, lift = look.place(p.now)
        cy -= lift * s * 0.25
        danger = t.remaining_ms < DANGER_MS and p.run.phase == Phase.RUNNING
        glow = danger or t.lost
        w, h = board.glass.danger_glow().get_size() if glow else board.glass.size
        lw, lh = board.lost_glass.danger_glow().get_size() if glow else board.lost_glass.size
        flip = look.flip_now(p.now)
        turned = tilt or (flip is not None and flip[1])
        half = (math.hypot(max(w, lw), max(h, lh)) if turned else max(w, lw, h, lh)) / 2 + 4
        rect = pygame.Rect(round(cx - half), round(cy - half), round(2 * half), round(2 * half))
        gx, gy = board.geo.gears[t.position]
        rect.union_ip(pygame.Rect(round(gx - s / 2), round(gy - s / 2), round(s), round(s)))
        if t.lost:
            lost = board.geo.lost_parts((cx, cy))
            tag, badge = lost.tag, lost.badge
            room = (int(tag.w), int(tag.h))
            rect.union_ip(self._badge(p, t.id, danger, room).get_rect(center=(round(tag.cx), round(tag.cy))))
            rect.union_ip(pygame.Rect(round(badge.cx - badge.w), round(badge.cy - badge.w), round(2 * badge.w),
                                      round(2 * badge.w)))
        else:
            top = (round(cx), round(cy - board.glass.size[1] / 2))
            rect.union_ip(self._badge(p, t.id, danger, None).get_rect(center=top))
        return rect.inflate(4, 4)

    def _draw_timer(self, p: Moment, t: TimerState, turn: TimerTurn | None, surface: pygame.Surface) -> None:
        """A timer (its glass, sand, glow, tag, rod or trail) and, when a card is previewed, the ghost of the
        sand its turn would leave (not while it is flipping or moving)."""
        assert p.board is not None
        board = p.board
        s = board.geo.s
        pulse = 0.5 + 0.5 * math.sin(p.now / 130)
        look = p.motion.looks[t.id]
        (cx, cy), tilt, lift = look.place(p.now)
        cy -= lift * s * 0.25
        flip = look.flip_now(p.now)
        frac = flip[0] if flip is not None else fraction(p, t.id)
        angle = (flip[1] if flip is not None else 0.0) + tilt
        sand_key = TIMER_SPECS[t.id].sand
        lost_look = abs(tilt) > 1.0 or t.lost
        painter = board.lost_glass if lost_look and abs(tilt) >= lay.LOST_TILT - 0.5 else board.glass
        danger = t.remaining_ms < DANGER_MS and p.run.phase == Phase.RUNNING
        if t.lost and not look.moves:
            draw_lost_link(surface, s, board.geo.gears[t.position], (cx, cy))
        if danger or t.lost:
            g = painter.turned_glow(angle, keep=False)
            g.set_alpha(round(110 + 145 * pulse) if danger else round(60 + 120 * pulse))
            surface.blit(g, g.get_rect(center=(round(cx), round(cy))))
        flowing = p.run.phase == Phase.RUNNING and flip is None and t.remaining_ms > 0
        if not t.lost and not lost_look and not look.moves and flip is None:
            draw_tether(surface, s, board.geo.gears[t.position], (cx, cy), board.glass.size)
        ghost = turn.remaining_ms / t.capacity_ms if turn is not None and flip is None and not look.moves else None
        if angle:
            painter.draw_turned(surface, (round(cx), round(cy)), frac, sand_key, flowing, p.now, ghost, angle)
        else:
            w, h = painter.size
            topleft = (round(cx - w / 2), round(cy - h / 2))
            painter.draw(surface, topleft, frac, sand_key, flowing, p.now)
            if ghost is not None:
                painter.draw_ghost(surface, topleft, frac, ghost, sand_key)
        if t.lost:
            parts = board.geo.lost_parts((cx, cy))
            tag = parts.tag
            self._draw_badge(surface, p, t.id, danger, (tag.cx, tag.cy), (int(tag.w), int(tag.h)))
            if not look.moves:
                bob = max(1, round(s * 0.04))
                badge = self.app.sprites.scaled("arenas/lost_badge", (round(parts.badge.w) - 2 * bob,) * 2)
                y = parts.badge.cy + math.sin(p.now / 160) * bob
                surface.blit(badge, badge.get_rect(center=(round(parts.badge.cx), round(y))))
        elif abs(angle) <= 1.0:  # turning over: the tag comes back when it stands again
            self._draw_badge(surface, p, t.id, danger, (cx, cy - painter.size[1] / 2), None)

    def _draw_badge(self, surface: pygame.Surface, p: Moment, timer_id: str, danger: bool, centre: Point,
                    room: tuple[int, int] | None) -> None:
        """A timer's name tag centred on `centre`: as big as a standing timer's, smaller if it must fit in `room`."""
        img = self._badge(p, timer_id, danger, room)
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _badge(self, p: Moment, timer_id: str, danger: bool, room: tuple[int, int] | None) -> pygame.Surface:
        """The tag `_draw_badge` shows (cached)."""
        t = p.run.state.timers[timer_id]
        seconds = -(-t.remaining_ms // 1000) if self.app.settings.show_timer_seconds else None
        assert p.board is not None
        key = (timer_id, danger, seconds, p.board.glass.size, room, language())
        img = self.badges.get(key)
        if img is None:
            if len(self.badges) > 200:
                self.badges.clear()
            img = name_tag(self.app, timer_id, danger, seconds, p.board.glass.size, room)
            self.badges[key] = img
        return img

    def _target_parts(self, p: Moment) -> list[Part]:
        """The wild card's targets: a ring around each timer the wild card can take, a word under it."""
        assert p.wild is not None and p.board is not None
        s = p.board.geo.s
        reach = round(s * 0.71 * max(1.0, p.board.geo.lost_scale) + s * 0.07) + 6
        word = max(11, round(s * 0.2))
        wide = max(reach, 4 * word)
        choices = wild_choices(p.run.state, p.wild)
        parts = []
        for tid in (t for t in p.run.state.timers if t in choices):
            (x, y), _tilt = p.drawn_place(tid)
            rect = pygame.Rect(round(x) - wide, round(y) - reach, 2 * wide, 2 * reach + 2 * word)
            parts.append(Part(rect, None, partial(self._draw_target, p, tid)))
        return parts

    def _draw_target(self, p: Moment, only: str, surface: pygame.Surface) -> None:
        """While a wild card waits for its target: a pulsing ring around timer `only` if it can take it
        (the rules say which, and which it would recover)."""
        if p.wild is None or p.board is None:
            return
        s = p.board.geo.s
        pulse = 0.5 + 0.5 * math.sin(p.now / 110)
        hovered = p.timer_at(p.mouse)
        choices = wild_choices(p.run.state, p.wild)
        for t in p.run.state.timers.values():
            choice = choices.get(t.id)
            if choice is None or t.id != only:
                continue
            centre, _tilt = p.drawn_place(t.id)
            colour = (120, 236, 255) if t.lost else self.app.sprites.colour("arenas_glow")
            r = s * (0.66 + 0.05 * pulse) * (p.board.geo.lost_scale if t.lost else 1.0)
            focused = t.id == p.wild_focus
            width = max(2, round(s * (0.07 if t.id == hovered or focused else 0.04)))
            pygame.draw.circle(surface, (30, 18, 10), centre, r + 2, width + 2)
            pygame.draw.circle(surface, colour, centre, r, width)
            if focused:  # the keyboard's choice: a second, white ring outside
                pygame.draw.circle(surface, (255, 255, 255), centre, r + width + 3, max(2, width // 2))
            if choice.mode == "recover":
                text.draw_text(surface, _("recover"), max(11, round(s * 0.2)), colour, (centre[0], centre[1] + r + 2),
                               "midtop", bold=True, shadow=(20, 10, 6))

    def _draw_hint_timer(self, p: Moment, tid: str, surface: pygame.Surface) -> None:
        """A pulsing ring around timer `tid`, one the hinted card would turn (or recover)."""
        if p.hint is None or p.board is None:
            return
        s = p.board.geo.s
        alpha = p.hint.alpha(p.now)
        pulse = 0.5 + 0.5 * math.sin(p.now / 120)
        centre, _tilt = p.drawn_place(tid)
        lost = p.run.state.timers[tid].lost
        r = round(s * (0.62 + 0.06 * pulse) * (p.board.geo.lost_scale if lost else 1.0))
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = (round(centre[0]), round(centre[1]))
        self._ring(surface, box, r, max(2, round(s * 0.06)), alpha)

    def _hint_card(self, p: Moment) -> pygame.Rect | None:
        """Where the hinted card of the active hand is drawn (lifted when under the mouse, focused or chosen)."""
        if p.hint is None or p.table is None:
            return None
        index = p.hint.action.hand_index
        rects = p.table.card_rects(p.run.state.active, len(p.run.state.hands[p.run.state.active]))
        if index >= len(rects):
            return None
        r = rects[index]
        if r.collidepoint(p.mouse) or index in (p.wild, p.card_focus):
            r = r.move(0, -p.table.lift)
        return r

    def _draw_hint_card(self, surface: pygame.Surface, p: Moment) -> None:
        """A pulsing ring around the hinted card of the active hand."""
        r = self._hint_card(p)
        if r is None or p.hint is None:
            return
        pulse = 0.5 + 0.5 * math.sin(p.now / 120)
        grow = self.app.px(6 + 5 * pulse)
        self._ring(surface, r.inflate(grow, grow), self.app.px(9), max(2, self.app.px(4)), p.hint.alpha(p.now))

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int, width: int, alpha: float) -> None:
        """A glowing hint ring around `rect` (a dark edge, then the hint colour), faded by `alpha` (its picture
        cached by what it shows: a ring pulses through a few sizes)."""
        edge, ink = round(200 * alpha), round(255 * alpha)
        key = (rect.size, radius, width, edge, ink)
        img = self.rings.get(key)
        if img is None:
            if len(self.rings) > 48:
                self.rings.clear()
            pad = width + 4
            img = pygame.Surface((rect.w + 2 * pad, rect.h + 2 * pad), pygame.SRCALPHA)
            box = img.get_rect().inflate(-4, -4)
            pygame.draw.rect(img, (20, 12, 6, edge), box, width + 4, border_radius=radius + 2)
            pygame.draw.rect(img, (*HINT_COLOUR, ink), box.inflate(-4, -4), width, border_radius=radius)
            self.rings[key] = img
        surface.blit(img, (rect.left - width - 4, rect.top - width - 4))

    def _hint_timer_rect(self, p: Moment, tid: str) -> pygame.Rect:
        """Where `_draw_hint_timer` draws timer `tid`'s ring."""
        assert p.board is not None
        s = p.board.geo.s
        reach = round(s * 0.7 * max(1.0, p.board.geo.lost_scale) + s * 0.06) + 10
        centre, _tilt = p.drawn_place(tid)
        return pygame.Rect(0, 0, 2 * reach, 2 * reach).move(round(centre[0]) - reach, round(centre[1]) - reach)

    def _seat_parts(self, p: Moment) -> list[Part]:
        """The seats: the active one's pulsing halo, each seat's cached picture and a bot's thinking dots."""
        assert p.table is not None
        app = self.app
        table = p.table
        state = p.run.state
        hover = p.card_focus  # the keyboard's card, unless the mouse is on one
        for i, r in enumerate(table.card_rects(state.active, len(state.hands[state.active]))):
            if r.collidepoint(p.mouse):
                hover = i
        parts = []
        for seat, name in enumerate(state.players):
            active = seat == state.active and p.run.phase != Phase.OVER
            if active:
                halo = table.seats[seat].inflate(app.px(40), app.px(40))
                glow = app.sprites.nine_slice("arenas/hand_glow", halo.size)
                at = glow.get_rect(center=table.seats[seat].center)
                alpha = round(170 + 85 * math.sin(p.now / 300))
                inside = self._covered(table.seats[seat])  # under the seat's own opaque panel: never seen
                parts.append(Part(at, None, partial(draw_faded, glow, at, alpha), tuple(subtract(at, inside))))
            bot = p.run.is_bot(seat)
            image = self.seats.picture(table, seat, name, state.hands[seat], active,
                                       hover if active and not bot else None, p.wild if active else None,
                                       keys=p.run.replay is None and not bot and not p.run.elsewhere(seat), bot=bot)
            place = table.seats[seat].move(0, -table.lift)
            parts.append(image_part(image, place.topleft))
            if active and bot and p.run.phase == Phase.RUNNING:
                dot = max(2, app.px(4)) + 1
                y = place.top + app.px(8) + text.font(app.font_px(19), True).get_linesize() // 2
                dots = pygame.Rect(place.right - app.px(46) - dot, y - app.px(4) - dot, 2 * app.px(12) + 2 * dot,
                                   app.px(4) + 2 * dot + 1)
                parts.append(Part(dots.inflate(2, 2), None, partial(self._draw_thinking, p=p, seat=place)))
        return parts

    def _covered(self, seat: pygame.Rect) -> pygame.Rect:
        """The part of a seat's place its panel covers with opaque pixels (the panel inside its unscaled
        border, when that is opaque; else nothing)."""
        key = (seat.size, self.app.sprites.version)
        inside = self.covered.get(key)
        if inside is None:
            panel = self.app.sprites.nine_slice("arenas/seat_panel", seat.size)
            border = int(self.app.sprites.meta("arenas/seat_panel").get("slice", 0))
            inside = panel.get_rect().inflate(-2 * border, -2 * border)
            opaque = pygame.mask.from_surface(panel, 254)
            if inside.w <= 0 or inside.h <= 0 or \
                    opaque.overlap_area(pygame.Mask(inside.size, fill=True), inside.topleft) != inside.w * inside.h:
                inside = pygame.Rect(0, 0, 0, 0)
            self.covered[key] = inside
        return inside.move(seat.topleft) if inside.w else inside

    def _draw_thinking(self, surface: pygame.Surface, *, p: Moment, seat: pygame.Rect) -> None:
        """Three bouncing dots at the top right of a bot's seat while it holds the turn."""
        app = self.app
        r = max(2, app.px(4))
        y = seat.top + app.px(8) + text.font(app.font_px(19), True).get_linesize() // 2
        for k in range(3):
            bounce = max(0.0, math.sin(p.now / 140 - k * 0.9))
            centre = (seat.right - app.px(46) + k * app.px(12), round(y - bounce * app.px(4)))
            pygame.draw.circle(surface, (20, 10, 6), centre, r + 1)
            pygame.draw.circle(surface, (255, 226, 140), centre, r)


def name_tag(app: App, timer_id: str, danger: bool, seconds: int | None, size: tuple[int, int],
             room: tuple[int, int] | None) -> pygame.Surface:
    """A timer's name tag for a standing glass of `size` (with its seconds left, if shown), its lettering made
    smaller until it fits in `room` (if any)."""
    label = timer_code(timer_id) + (f" {seconds}s" if seconds is not None else "")
    ink = (190, 30, 20) if danger else (44, 29, 18)
    px = max(12, round(size[1] * 0.2))
    while True:
        word = text.render(label, px, ink, bold=True)
        dot, left = max(3, px // 2), max(3, px // 2)
        w = left + dot + word.get_width() + max(3, px - px // 2)
        h = word.get_height() + max(2, px // 4)
        if room is None or px <= 6 or (w <= room[0] and h <= room[1]):
            break
        px -= 1
    img = app.sprites.nine_slice("arenas/tag", (w, h)).copy()
    pygame.draw.circle(img, (44, 29, 18), (left + dot // 2, h // 2), dot // 2 + 1)
    pygame.draw.circle(img, app.sprites.colour(TIMER_SPECS[timer_id].sand), (left + dot // 2, h // 2), dot // 2)
    img.blit(word, (left + dot + 3, (h - word.get_height()) // 2 + 1))
    return img


def draw_faded(image: pygame.Surface, at: pygame.Rect, alpha: int, surface: pygame.Surface) -> None:
    """Blit `image` at `at` with the surface alpha `alpha`."""
    image.set_alpha(alpha)
    surface.blit(image, at)


def draw_tether(surface: pygame.Surface, s: float, gear: Point, centre: Point, size: tuple[int, int]) -> None:
    """A brass rod from a gear's rim to the foot of a timer standing beside it rather than on top,
    so a crowded board still shows which gear each timer stands on (`s`: the gear pitch)."""
    w, h = size
    foot = (centre[0] + (w * 0.42 if gear[0] > centre[0] else -w * 0.42), centre[1] + h * 0.46)
    dx, dy = foot[0] - gear[0], foot[1] - gear[1]
    dist = math.hypot(dx, dy)
    if centre[1] + h / 2 < gear[1] - 0.3 * s or dist < s * 0.4:  # on top of its gear: no rod needed
        return
    rim = (gear[0] + dx / dist * s * 0.36, gear[1] + dy / dist * s * 0.36)
    width = max(2, round(s * 0.05))
    pygame.draw.line(surface, (70, 46, 20), rim, foot, width + 2)
    pygame.draw.line(surface, (214, 170, 78), rim, foot, width)
    for end in (rim, foot):
        pygame.draw.circle(surface, (70, 46, 20), (round(end[0]), round(end[1])), width)


def tether_part(s: float, gear: Point, centre: Point, size: tuple[int, int]) -> Part:
    """`draw_tether` as a still part of the frame."""
    w, h = size
    foot = (centre[0] + (w * 0.42 if gear[0] > centre[0] else -w * 0.42), centre[1] + h * 0.46)
    pad = 2 * max(2, round(s * 0.05)) + 8
    reach = pygame.Rect(round(min(gear[0], foot[0])), round(min(gear[1], foot[1])), round(abs(gear[0] - foot[0])) + 1,
                        round(abs(gear[1] - foot[1])) + 1).inflate(pad, pad)
    return Part(reach, ("tether", s, gear, centre, size), lambda surface: draw_tether(surface, s, gear, centre, size))


def draw_lost_link(surface: pygame.Surface, s: float, gear: Point, centre: Point) -> None:
    """A dotted red trail from a lost timer back to the gear it lies beside, when it lies a little way off
    (`s`: the gear pitch)."""
    dx, dy = centre[0] - gear[0], centre[1] - gear[1]
    dist = math.hypot(dx, dy)
    if dist < s * 0.9:
        return
    ux, uy = dx / dist, dy / dist
    start, end = s * 0.42, dist - s * 0.3
    step = max(4.0, s * 0.13)
    r = max(1, round(s * 0.028))
    d = start
    while d < end:
        p = (round(gear[0] + ux * d), round(gear[1] + uy * d))
        pygame.draw.circle(surface, (70, 30, 20), p, r + 1)
        pygame.draw.circle(surface, (235, 120, 90), p, r)
        d += step
