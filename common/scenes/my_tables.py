"""My tables: every online table this player has a seat at (from the kept seats), asked of their servers on a
background thread after the first frame and every minute while the app runs (`common.online.turn_watch`). Tables where
it is this player's turn come first with a mark; a finished one shows its result and opens its replay. While
the app runs, whatever screen is on top, a table that came to this player's turn is told by a line, the window's
title and, when the player opted in and the window is elsewhere, the system's own notification (`watch_turns`)."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from common.data.i18n import _, ngettext
from common.data.paths import shipped
from common.engine import text
from common.engine.app import TITLE
from common.engine.layers import Part
from common.engine.scene import Scene, beside_foot_button
from common.engine.system_notifier import SystemNotifier
from common.games import GAMES
from common.net.messages import Received
from common.online.room import duration_words
from common.online.seat_tokens import KeptSeat, forget_token, kept_seats
from common.online.turn_watch import Heard, TableLine, TurnWatch
from common.scenes.backdrop import Backdrop
from common.scenes.connection import clock_words
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

ROWS = 6  # rows on show at once (the list scrolls with the arrows)


def _ask(server: str, tokens: list[str]) -> Received:
    from common.net.tables_client import ask_tables  # the network code loads on the first check, after the start
    return ask_tables(server, tokens)


WATCH = TurnWatch(_ask)
NOTIFIER = SystemNotifier(TITLE, shipped("sprites", "default", "ui", "logo_emblem.png"))


def _ask_result(server: str, token: str) -> Received | None:
    """A finished table's `result` frame (or the error the server gave); None when the server does not answer."""
    from common.net.tables_client import AskFailed, ask_result
    try:
        return ask_result(server, token)
    except AskFailed:
        return None


def game_title(key: str) -> str:
    return GAMES[key].title if key in GAMES else _("A room")


def last_mover(table: TableLine) -> str:
    """The name of the seat that made the table's last move ("" when unknown)."""
    return table.names[table.last_seat] if table.last_seat is not None and table.last_seat < len(table.names) else ""


def turn_line(table: TableLine) -> str:
    """The line that tells a table became this player's turn."""
    who = last_mover(table)
    return (_("Your turn at {game} {code}: {name} played").format(game=game_title(table.game), code=table.code,
                                                                   name=who) if who else
            _("Your turn at {game} {code}").format(game=game_title(table.game), code=table.code))


def notice_words(table: TableLine) -> tuple[str, str]:
    """A new turn's system notification: its title (who moved, in which game) and its text (which table)."""
    game, who = game_title(table.game), last_mover(table)
    title = _("{name} moved in {game} — your turn").format(name=who, game=game) if who else \
        _("Your turn in {game}").format(game=game)
    return title, _("Table {code} on {server}").format(code=table.code, server=table.server)


def watch_turns(app: App) -> None:
    """Ask for this player's tables now and every minute while the app runs, on a background thread; a table
    that became their turn is told by a line, and the window's title counts the tables waiting on them."""
    if any(getattr(s, "watches_turns", False) for s in app.services):
        return
    app.services.append(TurnTeller(app))


class TurnTeller:
    """The app's service that keeps My tables fresh and tells this player when it is their turn: a line and the
    window's title, and the system's notification when the setting is on and the window has not the focus
    (`focused`); none for a table the app is in (on its screen). A notifier's trouble is told once, as a line."""

    watches_turns = True

    def __init__(self, app: App, notifier: SystemNotifier | None = None,
                 focused: Callable[[], bool] = pygame.key.get_focused) -> None:
        self.app = app
        self.notifier = notifier or NOTIFIER
        self.focused = focused
        self.shown = 0
        self.notified = False  # a notification was asked for: the notifier's trouble is news from then on
        self.trouble = ""

    def __call__(self, dt_ms: float) -> None:
        if WATCH.due():
            kept, _problem = kept_seats()  # the file's trouble is told on Play online
            if kept:
                WATCH.check(kept)
            else:
                WATCH.last_check = WATCH.clock()
        fresh = WATCH.fresh_turns()
        if fresh:
            from common.online.session import tables_joined  # loaded when a turn is news, not with the menu

            on_screen = tables_joined()
            fresh = [t for t in fresh if t.key not in on_screen]
        notify = bool(fresh) and self.app.settings.turn_notices and not self.focused()
        for table in fresh:
            self.app.toast(turn_line(table), 8000)
            if notify:
                self.notifier.send(*notice_words(table))
                self.notified = True
        self.tell_trouble()
        waiting = len(WATCH.now().your_turn)
        if waiting != self.shown:
            self.shown = waiting
            pygame.display.set_caption(ngettext("({n}) Your turn · {title}", "({n}) Your turn · {title}",
                                                waiting).format(n=waiting, title=TITLE) if waiting else TITLE)

    def tell_trouble(self) -> None:
        """A notifier that has no service, or whose notification failed, is told once by a line."""
        problem = self.notifier.problem if self.notified else None
        if not problem or problem == self.trouble:
            return
        self.trouble = problem
        self.app.toast(notices_trouble(self.notifier), 10_000)


def notices_trouble(notifier: SystemNotifier) -> str:
    """The notifier's trouble in a line ("" when none): the system has none, or the last one failed."""
    if not notifier.problem:
        return ""
    if notifier.state == "missing":
        return _("Notifications are not available on this system ({why})").format(why=notifier.problem)
    return _("The system notification failed: {why}").format(why=notifier.problem)


def left_words(ms: int) -> str:
    """Time left: days and hours past a day ("2 d 23 h"), else hours and minutes."""
    return clock_words(ms) if ms >= 86_400_000 else duration_words(ms)


def detail_line(table: TableLine, now_s: float) -> str:
    """A table's state in one line: whose turn and the time left, the last move and when; or its result."""
    names = table.names
    match table.phase:
        case "down":
            return _("Its server {server} does not answer now: open it to try again").format(server=table.server)
        case "asking":
            return _("Asking {server}…").format(server=table.server)
        case "lobby":
            return _("In the lobby: waiting for its players")
        case "over":
            won = " & ".join(names[i] for i in table.winners if i < len(names))
            parts = [_("Finished: {names} won").format(names=won) if won else _("Finished")]
            parts += [_("{name} ran out of time").format(name=names[i]) for i in table.ran_out if i < len(names)]
            parts.append(_("open to watch the replay"))
            return " · ".join(parts)
    parts = []
    left = table.left_now(now_s)
    if table.your_turn:
        parts.append(_("Your turn") + (_(": {time} left").format(time=left_words(left)) if left is not None
                                       else ""))
    elif table.turn is not None and table.turn < len(names):
        who = _("{name}'s turn").format(name=names[table.turn])
        parts.append(who + (_(": {time} left").format(time=left_words(left)) if left is not None else ""))
    if table.last_seat is not None and table.last_ago_ms is not None and table.last_seat < len(names):
        parts.append(_("last move by {name} {time} ago").format(name=names[table.last_seat],
                                                                 time=duration_words(table.last_ago_ms)))
    elif not table.moves:
        parts.append(_("no move yet"))
    return " · ".join(parts)


class TableRow(Widget):
    """One table: its game, the players, and its state; the mark when it is this player's turn."""

    def __init__(self, on_press: Callable[[int], None], index: int) -> None:
        super().__init__(None)
        self.on_press, self.index = on_press, index
        self.head = ""
        self.detail = ""
        self.mine = False
        self.muted = False

    def activate(self, app: App) -> None:
        app.sounds.play("ui_click")
        self.on_press(self.index)

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        r = self.rect
        surface.blit(app.sprites.nine_slice("ui/list_row_selected" if hovered or focused else "ui/list_row", r.size),
                     r)
        left = r.left + app.px(16)
        if self.mine:
            tag = _("Your turn")
            tpx = app.font_px(18)
            tw = text.font(tpx, True).size(tag)[0] + app.px(20)
            pill = pygame.Rect(left, r.top + app.px(8), tw, app.px(26))
            pygame.draw.rect(surface, app.theme.ok, pill, border_radius=app.px(12))
            text.draw_text(surface, tag, tpx, app.theme.text_light, pill.center, "center", bold=True)
            left = pill.right + app.px(12)
        ink = app.theme.muted if self.muted else app.theme.text
        room = r.right - app.px(16) - left
        text.draw_text(surface, self.head, text.fit_px(self.head, app.font_px(21), room, True), ink,
                       (left, r.top + app.px(8)), bold=True)
        room = r.w - app.px(32)
        text.draw_text(surface, self.detail, text.fit_px(self.detail, app.font_px(17), room), ink,
                       (r.left + app.px(16), r.bottom - app.px(8)), "bottomleft")


class MyTablesScene(Scene):
    """The list of this player's tables; pressing one opens it (a finished one: its replay)."""

    title = "My tables"

    def __init__(self, app: App, open_table: Callable[[App, KeptSeat], None], watch: TurnWatch | None = None,
                 read_kept: Callable[[], tuple[list[KeptSeat], str]] = kept_seats,
                 ask_result: Callable[[str, str], Received | None] = _ask_result) -> None:
        """`open_table(app, kept)` takes the seat again (Play online's `back_to_room`); `watch` asks the servers
        (the app's own by default), `read_kept` reads the kept seats and `ask_result` asks a finished table's
        result (on a thread; tests and the catalog give their own)."""
        super().__init__(app)
        self.open_table = open_table
        self.ask_result = ask_result
        self.watch = watch or WATCH
        self.read_kept = read_kept
        self.backdrop = Backdrop(60)
        self.kept: dict[tuple[str, str], KeptSeat] = {}
        self.lines: list[TableLine] = []
        self.heard: Heard | None = None
        self.first = 0
        self.note = ""
        self.fetching: threading.Thread | None = None
        self.fetched: list[tuple[KeptSeat, Received | None]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.rows = [TableRow(self.press, i) for i in range(ROWS)]
        self.back = Button(_("Back"), self.app.pop, _("Back (Esc)"), icon="ui/icon_back", sound="ui_back")
        self.refresh_btn = Button(_("Check again"), self.check, _("Ask the servers for your tables now"), font=20)
        self.group = WidgetGroup(app, [self.back])
        self.group.keyboard_mode = True
        self.check()

    def check(self) -> None:
        kept, problem = self.read_kept()
        self.kept = {(k.server, k.code): k for k in kept}
        self.note = problem
        if kept:
            self.watch.check(kept)
        self.heard = None

    def retranslate(self) -> None:
        self.back.label, self.refresh_btn.label = _("Back"), _("Check again")
        self.heard = None

    def resume(self) -> None:
        self.check()

    def _refresh(self) -> None:
        heard = self.watch.now()
        if heard is self.heard:
            return
        self.heard = heard
        heard_of = {t.key for t in heard.tables}
        waiting = [TableLine(k.server, k.code, k.game, k.seat, (), "down" if k.server in heard.down else "asking",
                             k.pace) for key, k in self.kept.items() if key not in heard_of and key not in heard.gone]
        self.lines = [t for t in heard.tables if t.key in self.kept] + waiting
        self.first = min(self.first, max(0, len(self.lines) - ROWS))
        now = self.watch.clock()
        shown = self.lines[self.first:self.first + ROWS]
        for row, line in zip(self.rows, shown):
            players = " · ".join(line.names)
            row.head = _("{game} {code}: {players}").format(game=game_title(line.game), code=line.code,
                                                            players=players) if players else \
                _("{game} {code}").format(game=game_title(line.game), code=line.code)
            row.detail, row.mine, row.muted = detail_line(line, now), line.your_turn, line.phase == "over"
        focus = self.group.focused
        self.group.widgets = [*self.rows[:len(shown)], self.refresh_btn, self.back]
        if focus in self.group.widgets:
            self.group.set_focus(focus)
        self.layout(self.app.size)

    def press(self, index: int) -> None:
        line = self.lines[self.first + index] if self.first + index < len(self.lines) else None
        kept = self.kept.get(line.key) if line is not None else None
        if line is None or kept is None:
            return
        if line.phase == "over":
            self.fetch_result(kept)
        else:
            self.open_table(self.app, kept)

    def fetch_result(self, kept: KeptSeat) -> None:
        """The finished table's result and replay, asked on a thread (the screen never waits)."""
        if self.fetching is not None and self.fetching.is_alive():
            return

        def run() -> None:
            self.fetched.append((kept, self.ask_result(kept.server, kept.token)))
        self.note = _("Fetching the replay from {server}…").format(server=kept.server)
        self.fetching = threading.Thread(target=run, name="table-replay", daemon=True)
        self.fetching.start()

    def _take_fetched(self) -> None:
        while self.fetched:
            kept, got = self.fetched.pop(0)
            if got is None or got.get("kind") != "result":
                self.note = _("{server} does not answer: try again later").format(server=kept.server)
                continue
            self.note = ""
            problem = keep_and_watch(self.app, kept, got)
            if problem:
                self.note = problem
            forget_token(kept.server, kept.code)  # its end is seen: off the list
            self.check()

    def update(self, dt_ms: float) -> None:
        self._take_fetched()
        self._refresh()
        self.group.update(dt_ms)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = ROWS if event.key == pygame.K_PAGEDOWN else -ROWS
            self.first = max(0, min(self.first + step, max(0, len(self.lines) - ROWS)))
            self.heard = None
            return True
        return self.group.handle(event)

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        pw = min(w - app.px(48), app.px(900))
        self.panel = pygame.Rect((w - pw) // 2, app.px(96), pw, h - app.px(96) - app.px(120))
        row_h = app.px(64)
        y = self.panel.top + app.px(24)
        for row in self.rows:
            row.rect = pygame.Rect(self.panel.left + app.px(24), y, pw - app.px(48), row_h)
            y += row_h + app.px(8)
        self.back.rect = pygame.Rect(w // 2 - app.px(250), h - app.px(84), app.px(240), app.px(54))
        self.refresh_btn.rect = pygame.Rect(w // 2 + app.px(10), h - app.px(84), app.px(240), app.px(54))

    def toast_area(self) -> pygame.Rect:
        return beside_foot_button(self.refresh_btn.rect, self.app.size[0], self.app.px(16))

    def status_line(self) -> str:
        """Under the list: the file's trouble or a fetch, then what the check found (servers not answering)."""
        heard = self.watch.now()
        if self.note:
            return self.note
        if heard.down:
            return ngettext("Not answering now: {servers}", "Not answering now: {servers}", len(heard.down)).format(
                servers=", ".join(heard.down))
        if heard.checking and not heard.checked:
            return _("Asking the servers for your tables…")
        if not self.lines:
            return _("No tables yet: host or join a game in Play online; a turn-based table waits here for you")
        return ""

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w, h = app.size
        line = self.status_line()
        waiting = sum(t.your_turn for t in self.lines)
        key = ("my-tables", line, waiting, tuple(self.panel), len(self.lines), self.first)

        def words(surface: pygame.Surface) -> None:
            title = _("My tables")
            text.draw_text(surface, title, app.font_px(46), app.theme.text_light, (w // 2, app.px(22)), "midtop",
                           bold=True, shadow=app.theme.shadow)
            if waiting:
                sub = ngettext("Your turn in {n} game", "Your turn in {n} games", waiting).format(n=waiting)
                text.draw_text(surface, sub, app.font_px(20), app.theme.text_light, (w // 2, app.px(72)), "midtop",
                               shadow=app.theme.shadow)
            if line:
                lines, lpx = text.fit_lines(line, app.font_px(18), self.panel.w - app.px(48), 2)
                step = text.font(lpx).get_linesize()
                for i, part in enumerate(lines[:2]):
                    text.draw_text(surface, part, lpx, app.theme.text, (w // 2, self.panel.bottom - app.px(16) -
                                                                        (len(lines[:2]) - i) * step), "midtop")
            if len(self.lines) > ROWS:
                more = _("{first}–{last} of {n} · Page Up / Page Down").format(
                    first=self.first + 1, last=min(len(self.lines), self.first + ROWS), n=len(self.lines))
                text.draw_text(surface, more, app.font_px(16), app.theme.text_light, (w // 2, h - app.px(8)),
                               "midbottom", shadow=app.theme.shadow)
        panels = [("ui/panel", self.panel)]
        return widget_screen(self.backdrop.picture(app, app.size, panels), self.group,
                             window_part(app, key, words))


def keep_and_watch(app: App, kept: KeptSeat, result: Received) -> str:
    """A finished table's result: its replay written to the Replays folder and watched; "" or one line why not."""
    from common.data.paths import replays_dir
    from common.replays.replay import ReplayError, replay_from_dict, write_new_replay
    from common.scenes.replays import watch_replay
    try:
        replay = replay_from_dict(result.get("replay"), _("the room's replay"), kept.game or "arzium")
        replay.meta = {**replay.meta, "online": True, "room": kept.code}
        path = write_new_replay(replays_dir(), f"{replay.game}-online-{time.strftime('%Y%m%d-%H%M%S')}", replay)
    except ReplayError as exc:
        return str(exc)
    except OSError as exc:
        return _("could not write the replay: {reason}").format(reason=exc.strerror or exc)
    return watch_replay(app, replay, str(path)) or ""

