"""The room's chat over a lobby or an online table: closed, a small pill with the key that opens it and what is
unread; open, a panel in the area the scene keeps free (never over the board's important parts) with the last
lines, a row of quick phrases and the line being typed. A part: it is given the chat log and the area, and
returns what it draws, or what the player wants done (`ChatWant`), which the scene carries out."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, assert_never

import pygame

from common.data.i18n import _
from common.engine import text
from common.engine.layers import Part
from common.net.protocol import CHAT_LIMIT
from common.online.chat import PHRASE_WORDS, ChatLine, ChatLog
from common.scenes.connection import pill
from common.ui.line_edit import SELECTION_RGB, LineEdit
from common.ui.text_field import pasted

if TYPE_CHECKING:
    from common.engine.app import App
    from common.online.session import OnlineSession

PAPER = (246, 234, 206)
INK = (70, 44, 20)
EDGE = (150, 112, 70)
PHRASE_KEYS = tuple(pygame.K_1 + i for i in range(len(PHRASE_WORDS)))


@dataclass(frozen=True)
class Say:
    text: str


@dataclass(frozen=True)
class Phrase:
    phrase: str


@dataclass(frozen=True)
class Mute:
    member: int


@dataclass(frozen=True)
class Close:
    pass


@dataclass(frozen=True)
class Open:
    pass


ChatWant = Say | Phrase | Mute | Close | Open


def phrase_rows(app: App, phrases: list[str], px: int, above: pygame.Rect, row_h: int,
                gap: int) -> list[tuple[pygame.Rect, str]]:
    """The quick phrases' buttons, each as wide as its words at `px` need, in as few rows of `above`'s width as
    they fit (each row stretched to it), the last row's bottom at `above`'s bottom."""
    need = [text.font(px).size(_(PHRASE_WORDS[phrase]))[0] + app.px(14) for phrase in phrases]
    rows: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(need):
        if rows[-1] and used + gap + w > above.w:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + w
        rows[-1].append(i)
    out: list[tuple[pygame.Rect, str]] = []
    top = above.bottom - len(rows) * row_h - (len(rows) - 1) * gap
    for n, row in enumerate(rows):
        spare = max(0, above.w - sum(need[i] for i in row) - gap * (len(row) - 1))
        x = above.left
        for j, i in enumerate(row):
            w = min(above.w, need[i]) + spare // len(row) + (1 if j < spare % len(row) else 0)
            out.append((pygame.Rect(x, top + n * (row_h + gap), w, row_h), phrases[i]))
            x += w + gap
    return out


def quiet_corner(area: pygame.Rect, size: tuple[int, int], busy: Sequence[pygame.Rect],
                 keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A box of `size` at a corner or the middle of an edge of `area`, where it covers least of the `busy`
    rectangles (the board's pieces), and none of `keep_clear` (lines the player must read) wherever a place
    allows; the lower right corner on a tie."""
    w, h = min(size[0], area.w), min(size[1], area.h)
    xs = (area.right - w, area.left, area.centerx - w // 2)
    ys = (area.bottom - h, area.top, area.centery - h // 2)
    corners = [pygame.Rect(x, y, w, h) for y in ys for x in xs if (x, y) != (xs[2], ys[2])] or \
        [pygame.Rect(area.topleft, (w, h))]  # a box as big as the area: its one place

    def covered(box: pygame.Rect) -> tuple[bool, int]:
        return box.collidelist(list(keep_clear)) >= 0, sum(box.clip(b).w * box.clip(b).h for b in busy)
    return min(corners, key=covered)


def carry_out(want: ChatWant, session: OnlineSession, app: App) -> None:
    """Do what the chat asked: open or close it, send a line or a phrase, mute a member or hear them again."""
    log = session.chat
    match want:
        case Open():
            log.set_open(True)
            pygame.key.start_text_input()
        case Close():
            log.set_open(False)
        case Say(words):
            session.say(words)
        case Phrase(phrase):
            session.phrase(phrase)
        case Mute(member):
            line = log.last_speaker() if member < 0 else next((x for x in log.lines if x.member == member), None)
            if line is None:
                app.toast(_("Nobody to mute yet"))
            elif log.toggle_mute(line.member):
                app.toast(_("{name} is muted: Ctrl+M hears them again").format(name=line.name))
            else:
                app.toast(_("You hear {name} again").format(name=line.name))
        case _:
            assert_never(want)


class ChatPanel:
    """The chat's keys and clicks while it is open, and its picture (closed or open)."""

    def __init__(self) -> None:
        self.line = LineEdit("", CHAT_LIMIT)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pill = pygame.Rect(0, 0, 0, 0)
        self.phrase_rects: list[tuple[pygame.Rect, str]] = []
        self.name_rects: list[tuple[pygame.Rect, int]] = []
        self.swallow = ""  # the character of the key that opened the chat (its text event follows the key)

    def handle(self, event: pygame.event.Event, log: ChatLog, free_text: bool, opener: int) -> tuple[bool, ChatWant
                                                                                                 | None]:
        """Whether the chat takes `event` (all keys while it is open), and what it asks; closed, the `opener`
        key or a click on its pill opens it."""
        if log.open:
            if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
                return True, self.click(event.pos)
            if event.type == pygame.TEXTINPUT and self.swallow and event.text == self.swallow:
                self.swallow = ""
                return True, None
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                self.swallow = ""
                if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and event.unicode.isprintable():
                    self.swallow = event.unicode  # some systems still type the character of a Ctrl key
                return True, self.key(event, free_text)
            return False, None
        plain = not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) if event.type == pygame.KEYDOWN else False
        if event.type == pygame.KEYDOWN and event.key == opener and plain:
            self.swallow = event.unicode
            return True, Open()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.pill.collidepoint(event.pos):
            return True, Open()
        return False, None

    # -- input ------------------------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event, free_text: bool) -> ChatWant | None:
        """A key while the chat is open: typing, Enter sends, Ctrl+1-5 a quick phrase, Ctrl+M mutes the last
        speaker (or hears them again), Esc closes."""
        if event.type == pygame.TEXTINPUT and free_text:
            self.line.type(event.text)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_ESCAPE:
            return Close()
        if ctrl and event.key in PHRASE_KEYS:
            return Phrase(list(PHRASE_WORDS)[PHRASE_KEYS.index(event.key)])
        if ctrl and event.key == pygame.K_m:
            return Mute(-1)
        if ctrl and event.key == pygame.K_v and free_text:
            self.line.type(pasted())
        elif ctrl and event.key == pygame.K_a:
            self.line.select_all()
        elif event.key == pygame.K_BACKSPACE:
            self.line.backspace()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            said = self.line.value.strip()
            self.line.value, self.line.selected = "", False
            return Say(said) if said and free_text else None
        return None

    def click(self, pos: tuple[int, int]) -> ChatWant | None:
        """A click on the open panel: a quick phrase, or a name (mute them, or hear them again)."""
        for rect, phrase in self.phrase_rects:
            if rect.collidepoint(pos):
                return Phrase(phrase)
        for rect, member in self.name_rects:
            if rect.collidepoint(pos):
                return Mute(member)
        return None

    # -- picture ----------------------------------------------------------------------------------------------
    def parts(self, app: App, log: ChatLog, area: pygame.Rect, opener: str, free_text: bool,
              pill_at: tuple[int, int], now_ms: int) -> list[Part]:
        """Closed: the pill centred under `pill_at`; open: the panel filling `area`."""
        if not log.open:
            self.rect = pygame.Rect(0, 0, 0, 0)
            words = _("Chat ({key})").format(key=opener)
            if log.unread:
                words = _("{chat} · {n} new").format(chat=words, n=log.unread)
            part = pill(app, words, (255, 214, 140) if log.unread else PAPER, INK, pill_at, app.font_px(16),
                        app.px(260))
            self.pill = part.rect
            return [part]
        self.rect = area
        lines = log.shown()[-12:]
        muted = sorted({line.name for line in log.lines if line.member in log.muted})
        caret = (now_ms // 500) % 2 == 0
        key = ("chat", tuple(area), tuple(lines), self.line.value, self.line.selected, caret, log.notice, free_text,
               tuple(muted), log.me)
        return [Part(area, key, lambda surface: self._draw(surface, app, lines, log, free_text, muted, caret))]

    def _draw(self, surface: pygame.Surface, app: App, lines: list[ChatLine], log: ChatLog, free_text: bool,
              muted: list[str], caret: bool) -> None:
        r = self.rect
        pad = app.px(12)
        pygame.draw.rect(surface, PAPER, r, border_radius=app.px(10))
        pygame.draw.rect(surface, EDGE, r, max(1, app.px(2)), border_radius=app.px(10))
        inner = r.inflate(-2 * pad, -2 * pad)
        head_px, px, small = app.font_px(20), app.font_px(17), app.font_px(15)
        text.draw_text(surface, _("Chat"), head_px, INK, inner.topleft, bold=True)
        tip = _("Enter sends · Esc closes")
        text.draw_text(surface, tip, text.fit_px(tip, small, inner.w * 2 // 3), EDGE, (inner.right, inner.top),
                       "topright")
        # the foot, from the bottom: the typed line, the phrase row, the keys, a refusal
        box_h = text.font(px).get_linesize() + app.px(10)
        box = pygame.Rect(inner.left, inner.bottom - box_h, inner.w, box_h)
        pygame.draw.rect(surface, (255, 248, 226), box, border_radius=app.px(6))
        pygame.draw.rect(surface, app.theme.focus, box, max(1, app.px(2)), border_radius=app.px(6))
        if free_text:
            shown = self.line.value + ("|" if caret and not self.line.selected else "")
            if not self.line.value:
                shown = (shown + " " if shown else "") + _("type here")
            size = text.fit_px(shown, px, box.w - app.px(14))
            if self.line.selected:
                mark = pygame.Rect(box.left + app.px(6), box.top + app.px(4), text.font(size).size(shown)[0] + 4,
                                   box.h - app.px(8))
                pygame.draw.rect(surface, SELECTION_RGB, mark, border_radius=app.px(3))
            text.draw_text(surface, shown, size, INK if self.line.value else EDGE, (box.left + app.px(7),
                                                                                       box.centery), "midleft")
        else:
            off = _("The host turned watchers' chat off: quick phrases still go")
            text.draw_text(surface, off, text.fit_px(off, small, box.w - app.px(14)), EDGE,
                           (box.left + app.px(7), box.centery), "midleft")
        row_h = text.font(small).get_linesize() + app.px(8)
        gap = app.px(5)
        self.phrase_rects = phrase_rows(app, list(PHRASE_WORDS), small, pygame.Rect(inner.left, 0, inner.w,
                                                                                    box.top - app.px(6)), row_h, gap)
        row_top = min((b.top for b, _phrase in self.phrase_rects), default=box.top)
        for b, phrase in self.phrase_rects:
            pygame.draw.rect(surface, (255, 226, 170), b, border_radius=app.px(6))
            pygame.draw.rect(surface, EDGE, b, max(1, app.px(1)), border_radius=app.px(6))
            words = _(PHRASE_WORDS[phrase])
            text.draw_text(surface, words, text.fit_px(words, small, b.w - app.px(6)), INK, b.center, "center")
        keys = _("Ctrl+1–5 quick phrases · Ctrl+M or a name: mute")
        keys_top = row_top - app.px(4) - text.font(small).get_linesize()
        text.draw_text(surface, keys, text.fit_px(keys, small, inner.w), EDGE, (inner.left, keys_top))
        bottom = keys_top - app.px(4)
        if log.notice:
            bottom -= text.font(small).get_linesize()
            text.draw_text(surface, log.notice, text.fit_px(log.notice, small, inner.w), app.theme.danger,
                           (inner.left, bottom), bold=True)
        if muted:
            bottom -= text.font(small).get_linesize()
            words = _("Muted: {names}").format(names=", ".join(muted))
            text.draw_text(surface, words, text.fit_px(words, small, inner.w), EDGE, (inner.left, bottom))
        # the lines, the newest at the bottom, as many as fit under the title
        top = inner.top + text.font(head_px).get_linesize() + app.px(6)
        lh = text.font(px).get_linesize()
        self.name_rects = []
        y = bottom - app.px(2)
        if not lines:
            quiet = _("Nothing said yet: say hello, or pick a quick phrase")
            for i, said in enumerate(text.wrap(quiet, small, inner.w)[:2]):
                text.draw_text(surface, said, small, EDGE, (inner.left, top + i * text.font(small).get_linesize()))
        for line in reversed(lines):
            name = _("{name} (watching)").format(name=line.name) if line.seat is None else line.name
            name = _("You") if line.member == log.me else name
            label = f"{name}:"
            name_w = min(text.font(px, True).size(label)[0], inner.w // 2)
            wrapped = text.wrap(line.words(), px, inner.w - name_w - app.px(6)) or [""]
            height = len(wrapped) * lh
            if y - height < top:
                break
            y -= height
            colour = (48, 90, 140) if line.member == log.me else INK
            name_rect = text.draw_text(surface, label, text.fit_px(label, px, name_w, True), colour,
                                       (inner.left, y), bold=True)
            if line.member != log.me:
                self.name_rects.append((name_rect, line.member))
            style_ink = (110, 70, 30) if line.phrase else INK
            for i, words in enumerate(wrapped):
                text.draw_text(surface, words, px, style_ink, (inner.left + name_w + app.px(6), y + i * lh))
