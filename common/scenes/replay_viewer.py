"""Watching a replay: the game's own play scene above a control bar (play/pause, speed, one action back or
forward, start and end, a timeline scrubber).

The game gives a `Playback` (`common.replays.playback`: its play scene built at any position of the timeline,
replayed by its rules from the start); the viewer owns the `common.replays.cursor.Cursor`. While playing, the
play scene plays the replay on at the chosen speed (its rules steps and animations both sped up or slowed
down); every jump builds the play scene again at the new position. Only mouse motion reaches the play scene:
it takes no input here.
The frame is the play scene's parts (`common.engine.layers`), painted inside the area above the bar, then the bar's;
a frame after one in which the viewer did not touch the play scene (paused, the mouse away from it or still),
its moving parts are still ones: nothing else changes that scene.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Literal, assert_never

import pygame

from common.data.i18n import _, format_decimal, language
from common.engine import text
from common.engine.layers import Paint, Part, image_part, paint_all, subtract
from common.engine.scene import Scene
from common.replays.cursor import Cursor
from common.replays.playback import Playback
from common.ui.widget_parts import app_look, group_parts, text_part
from common.ui.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

BAR_H = 92  # the control bar's height at 1280x720
DRAG_SEEK_MS = 90  # while the scrubber is dragged, the picture follows at most this often
SETTLE_LAYERS = 64  # at most this many coats of the bar (it settles after about 15)


Glyph = Literal["start", "back", "play", "pause", "forward", "end", "slower", "faster"]


class GlyphButton(Button):
    """A button showing a drawn transport glyph instead of a word."""

    def __init__(self, glyph: Glyph, on_click: Callable[[], None], tooltip: str) -> None:
        super().__init__("", on_click, tooltip, font=20)
        self.glyph = glyph

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        super().draw(surface, app, hovered, focused)
        ink = app.theme.text_light
        s = self.rect.h * 0.22
        cx, cy = self.rect.centerx, self.rect.centery

        def tri(x: float, left: bool) -> None:
            d = -s if left else s
            pygame.draw.polygon(surface, ink, [(x - d, cy - s), (x - d, cy + s), (x + d, cy)])

        def bar(x: float) -> None:
            pygame.draw.rect(surface, ink, pygame.Rect(round(x - s * 0.22), round(cy - s), max(2, round(s * 0.44)),
                                                       round(2 * s)))
        match self.glyph:
            case "play":
                tri(cx + s * 0.15, False)
            case "pause":
                bar(cx - s * 0.45)
                bar(cx + s * 0.45)
            case "back" | "forward":  # one step: a triangle against a bar, ◀| and |▶
                left = self.glyph == "back"
                tri(cx + (-s * 0.3 if left else s * 0.3), left)
                bar(cx + (s * 0.95 if left else -s * 0.95))
            case "start" | "end":  # to an end: a bar behind two triangles, |◀◀ and ▶▶|
                left = self.glyph == "start"
                sign = -1 if left else 1
                tri(cx - sign * s * 0.45, left)
                tri(cx + sign * s * 0.75, left)
                bar(cx + sign * s * 1.75)
            case "slower" | "faster":
                bar_w = round(s * 1.6)
                thick = max(2, round(s * 0.4))
                pygame.draw.rect(surface, ink, pygame.Rect(cx - bar_w // 2, cy - thick // 2, bar_w, thick))
                if self.glyph == "faster":
                    pygame.draw.rect(surface, ink, pygame.Rect(cx - thick // 2, cy - bar_w // 2, thick, bar_w))
            case _:
                assert_never(self.glyph)


class Scrubber(Widget):
    """The timeline: a track with the actions as ticks and a knob at the position; click or drag to jump."""

    def __init__(self, cursor: Cursor, on_scrub: Callable[[float], None], on_step: Callable[[int], None]) -> None:
        """`cursor`: the viewer's, shown; a click or drag gives `on_scrub` the share of the replay it points at,
        Left/Right give `on_step` the direction."""
        super().__init__(_("Drag or click to jump (Home / End: start / end)"))
        self.cursor = cursor
        self.on_scrub = on_scrub
        self.on_step = on_step

    def share_at(self, x: int) -> float:
        return (x - self.rect.left) / max(1, self.rect.w)

    def click(self, app: App, pos: tuple[int, int]) -> None:
        self.on_scrub(self.share_at(pos[0]))

    def drag(self, app: App, pos: tuple[int, int]) -> None:
        self.on_scrub(self.share_at(pos[0]))

    def adjust(self, app: App, direction: int) -> bool:
        self.on_step(direction)
        return True

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        return tuple(self.rect), id(self.cursor.timeline), self.cursor.position

    def reach(self, app: App) -> pygame.Rect:
        """The track and the knob, which sticks out at either end."""
        return self.rect.inflate(app.px(24), 0)

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        timeline = self.cursor.timeline
        track = pygame.Rect(self.rect.left, self.rect.centery - app.px(5), self.rect.w, app.px(10))
        surface.blit(app.sprites.nine_slice("ui/slider_track", track.size), track)
        if timeline.end:
            tick_h = app.px(7)
            for mark in timeline.marks:
                x = self.rect.left + round(self.rect.w * mark / timeline.end)
                pygame.draw.line(surface, app.theme.muted, (x, track.top - tick_h), (x, track.top - 2))
        shown = self.cursor.position
        fill = pygame.Rect(track.left, track.top, round(track.w * timeline.fraction(shown)), track.h)
        if fill.w > 0:
            surface.blit(app.sprites.nine_slice("ui/slider_fill", fill.size), fill)
        knob = app.px(24)
        img = app.sprites.scaled("ui/slider_knob", (knob, knob))
        surface.blit(img, img.get_rect(center=(fill.right, track.centery)))


class ReplayViewerScene(Scene):
    """A replay in the game's play scene, with the control bar below it."""

    title = "Replay"

    def __init__(self, app: App, playback: Playback) -> None:
        super().__init__(app)
        self.playback = playback
        self.rules_game = playback.game
        self.cursor = Cursor(playback.timeline)
        self.play = playback.seek(0, self._ended)
        self.budget = 0.0  # rules ms owed to the play scene at the chosen speed
        self.drag_ms = 0.0
        self.pending: int | None = None  # a dragged position not shown yet
        self.play_button = GlyphButton("play", self.toggle, _("Play or pause (Space)"))
        self.buttons: list[Button] = [
            GlyphButton("start", lambda: self.jump(self.cursor.to_start()), _("To the start (Home)")),
            GlyphButton("back", lambda: self.step(-1), _("One action back (Left)")),
            self.play_button,
            GlyphButton("forward", lambda: self.step(1), _("One action forward (Right)")),
            GlyphButton("end", lambda: self.jump(self.cursor.to_end()), _("To the end (End)")),
            GlyphButton("slower", lambda: self.change_speed(-1), _("Slower (-)")),
            GlyphButton("faster", lambda: self.change_speed(1), _("Faster (+)")),
        ]
        self.back = Button(_("Back"), app.pop, _("Stop watching (Esc)"), font=20, sound="ui_back")
        self.scrubber = Scrubber(self.cursor, lambda share: self.scrub(share, final=False), self.step)
        self.group = WidgetGroup(app, [*self.buttons, self.scrubber, self.back])
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.touches = 0  # calls into the play scene: nothing else changes it
        self.seen = -1    # `touches` at the end of the last update
        self.resting = False  # nothing touched the play scene in the last frame: its picture stays as it is

    # ---- the play scene -----------------------------------------------------------------------
    def jump(self, position: int) -> None:
        """Show the replay at `position` (the play scene built again there)."""
        self.pending = None
        self.cursor.position = self.cursor.timeline.clamp(position)
        self.play.leave()
        self.touches += 1
        self.play = self.playback.seek(position, self._ended)
        self.play.layout(self.area.size)
        self.play.enter()
        if not self.cursor.playing:
            self.play.pause()
        self.budget = 0.0

    def _ended(self) -> None:
        self.cursor.ended()

    def toggle(self) -> None:
        restart = self.cursor.toggle()
        if restart:
            self.jump(0)
        self.touches += 1
        if self.cursor.playing:
            self.play.resume()
        else:
            self.play.pause()

    def step(self, direction: int) -> None:
        self.jump(self.cursor.forward() if direction > 0 else self.cursor.back())

    def change_speed(self, direction: int) -> None:
        if not self.cursor.change_speed(direction):
            self.app.sounds.play("ui_error")

    def scrub(self, share: float, final: bool) -> None:
        """The scrubber moved to `share` of the replay: shown now (`final`) or soon (dragging)."""
        self.pending = self.cursor.scrub(share)
        if final:
            self.jump(self.pending)

    # ---- scene --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.touches += 1
        self.play.enter()
        self.play.pause()

    def leave(self) -> None:
        self.touches += 1
        self.play.leave()

    def pause(self) -> None:
        """Another scene (the rules) covers the viewer: the replay waits, silent."""
        self.touches += 1
        self.play.pause()

    def resume(self) -> None:
        self.touches += 1
        if self.cursor.playing:
            self.play.resume()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        bar_h = app.px(BAR_H)
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        self.area = pygame.Rect(0, 0, w, h - bar_h)
        self.touches += 1
        self.play.layout(self.area.size)
        pad, bh = app.px(12), app.px(44)
        bw = app.px(52)
        y = self.bar.bottom - pad - bh
        x = pad
        for b in self.buttons:
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + app.px(6)
            if b is self.buttons[4]:
                x += app.px(10)
            if b is self.buttons[5]:
                x += self._speed_w()
        self.back.rect = pygame.Rect(w - pad - app.px(120), y, app.px(120), bh)
        left = x + app.px(18)
        self.scrubber.rect = pygame.Rect(left, y, max(app.px(40), self.back.rect.left - app.px(24) - left), bh)

    def _speed_w(self) -> int:
        return text.font(self.app.font_px(20), True).size("0,5×")[0] + self.app.px(16)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION and self.area.collidepoint(event.pos):
            self.touches += 1
            self.play.handle(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.group.dragging is self.scrubber:
            self.group.handle(event)
            if self.pending is not None:
                self.jump(self.pending)
            return True
        return self.group.handle(event)

    def _key(self, event: pygame.event.Event) -> bool:
        match event.key:
            case pygame.K_ESCAPE:
                self.app.sounds.play("ui_back")
                self.app.pop()
            case pygame.K_SPACE | pygame.K_p:
                self.toggle()
            case pygame.K_LEFT | pygame.K_COMMA:
                self.step(-1)
            case pygame.K_RIGHT | pygame.K_PERIOD:
                self.step(1)
            case pygame.K_HOME:
                self.jump(self.cursor.to_start())
            case pygame.K_END:
                self.jump(self.cursor.to_end())
            case pygame.K_PLUS | pygame.K_EQUALS | pygame.K_KP_PLUS | pygame.K_UP:
                self.change_speed(1)
            case pygame.K_MINUS | pygame.K_KP_MINUS | pygame.K_DOWN:
                self.change_speed(-1)
            case _:
                return self.group.handle(event)
        return True

    def fixed_update(self, step_ms: int) -> None:
        if not self.cursor.playing or self.pending is not None:
            return
        self.budget += step_ms * self.cursor.speed
        owed = int(self.budget)
        if owed:
            self.budget -= owed
            self.touches += 1
            self.play.fixed_update(owed)

    def update(self, dt_ms: float) -> None:
        self._update(dt_ms)
        self.resting, self.seen = self.touches == self.seen, self.touches

    def _update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        self.play_button.glyph = "pause" if self.cursor.playing else "play"
        if self.pending is not None:
            self.drag_ms += dt_ms
            if self.drag_ms >= DRAG_SEEK_MS and self.pending != self.playback.position():
                self.drag_ms = 0.0
                pending = self.pending
                self.jump(pending)
                self.pending = pending if self.group.dragging is self.scrubber else None
            return
        if self.cursor.playing or self.cursor.at_end:
            self.touches += 1
            self.play.update(dt_ms * self.cursor.speed)
        if self.cursor.playing:
            self.cursor.follow(self.playback.position())
            if not self.cursor.playing:
                self.play.pause()

    def frame_parts(self) -> list[Part] | None:
        shown = self.play.frame_parts()
        if shown is None:
            return None
        if self.resting:  # its moving parts (sand, halos) hold still until something touches it again
            look = (self.touches, language(), app_look(self.app))
            shown = [p if p.key is not None else Part(p.rect, ("resting", i, look), p.paint, p.areas, p.opaque)
                     for i, p in enumerate(shown)]
        return [*inside(self.area, shown), *self._bar_parts()]

    def draw(self, surface: pygame.Surface) -> None:
        parts = self.frame_parts()
        if parts is None:  # a play scene that draws itself whole
            self.play.draw(surface.subsurface(self.area))
            parts = self._bar_parts()
        paint_all(surface, parts)

    def _bar_parts(self) -> list[Part]:
        """The control bar: its panel, the speed, the title, where the replay is, then the controls."""
        app = self.app
        speed = self.cursor.speed
        label = format_decimal(speed, 1 if speed < 1 else 0) + "×"
        minus, plus = self.buttons[5].rect, self.buttons[6].rect
        top = self.bar.top + app.px(8)
        title_w = self.scrubber.rect.left - app.px(12) - self.buttons[0].rect.left
        title = self.playback.title
        where = self.playback.describe(self.cursor.position)
        if self.cursor.at_end:
            where += " · " + _("end")
        return settled(self.bar, [
                image_part(app.sprites.nine_slice("ui/panel", self.bar.size), self.bar.topleft),
                text_part(label, app.font_px(20), app.theme.text, ((minus.right + plus.left) // 2, plus.centery),
                          "center", bold=True),
                text_part(title, text.fit_px(title, app.font_px(18), title_w, bold=True), app.theme.text,
                          (self.buttons[0].rect.left, top), bold=True),
                text_part(where, text.fit_px(where, app.font_px(17), self.scrubber.rect.w), app.theme.text,
                          (self.scrubber.rect.left, top)),
                *group_parts(self.group)])


def settled(area: pygame.Rect, stack: list[Part]) -> list[Part]:
    """`stack` as it shows in `area` once each frame has painted it over the last (its see-through panel, plaques
    and lettering over themselves until that changes nothing, from black): each part, inside `area`, paints the
    whole stack so where it lies; outside `area` it paints itself."""
    def paint(surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        if clip.w <= 0 or clip.h <= 0:
            return
        surface.fill((0, 0, 0), clip)
        before = b""
        for _layer in range(SETTLE_LAYERS):
            paint_all(surface, stack)
            now = pygame.image.tobytes(surface.subsurface(clip), "RGB")
            if now == before:
                break
            before = now
    out = []
    for part in stack:
        inner = tuple(c for piece in part.pieces if (c := piece.clip(area)).w > 0 and c.h > 0)
        if inner:
            out.append(Part(part.rect.clip(area), part.key, paint, inner if part.areas else (), opaque=True))
        outer = tuple(r for piece in part.pieces for r in subtract(piece, area))
        if outer:
            out.append(Part(part.rect, part.key, part.paint, outer))
    return out


def inside(area: pygame.Rect, parts: list[Part]) -> list[Part]:
    """A scene's parts, laid out for a window of `area`'s size, shown in `area`: each painted on that part of
    the surface (as if it were the whole window) and only there."""
    out = []
    for part in parts:
        pieces = tuple(c for piece in part.pieces if (c := piece.move(area.topleft).clip(area)).w > 0 and c.h > 0)
        if pieces:
            out.append(Part(part.rect.move(area.topleft).clip(area), part.key, _painted_in(area, part.paint),
                            pieces if part.areas else (), part.opaque))
    return out


def _painted_in(area: pygame.Rect, paint: Paint) -> Paint:
    def on_area(surface: pygame.Surface) -> None:
        window = surface.subsurface(area)
        window.set_clip(surface.get_clip().clip(area).move(-area.left, -area.top))
        paint(window)
    return on_area
