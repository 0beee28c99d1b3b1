"""The Replays screen: every saved replay of both games, newest first (date, game, level or seats, result,
length), to watch, delete (after asking) or find in the file manager. A replay that cannot be read or watched
stays listed with its reason in one line."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from common.data.files import DataError
from common.data.i18n import N_, _
from common.data.paths import replays_dir
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene
from common.games import GAMES
from common.replays.index import (
    ReplayRow,
    broken_row,
    delete_replay,
    placeholder_row,
    replay_files,
    summarize,
)
from common.replays.replay import Replay, ReplayError, read_replay
from common.scenes.backdrop import Backdrop
from common.scenes.folder import FolderOpener
from common.scenes.replay_viewer import ReplayViewerScene
from common.ui.dialog import Dialog
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, ListBox, WidgetGroup, draw_scrollbar

if TYPE_CHECKING:
    from common.engine.app import App

PER_FRAME = 2  # replay files summarised per frame while the list fills in
COLUMNS = (N_("Date"), N_("Game"), N_("Level or seats"), N_("Result"), N_("Length"))
SHARES = (0.15, 0.15, 0.34, 0.18, 0.18)  # of the list's width, per column


def watch_replay(app: App, replay: Replay, source: str) -> str | None:
    """Push the viewer for `replay`; one line saying why not when it cannot be watched."""
    game = GAMES.get(replay.game)
    if game is None:
        return _("{source}: replays of this game cannot be watched").format(source=source)
    try:
        playback = game.replay_viewer(app, replay, source)
    except (ReplayError, DataError) as exc:
        return str(exc)
    app.push(ReplayViewerScene(app, playback))
    return None


def watch_file(app: App, path: Path) -> str | None:
    """Read and watch a replay file (the result screens' Watch replay); one line if that is not possible."""
    try:
        replay = read_replay(path)
    except ReplayError as exc:
        return str(exc)
    return watch_replay(app, replay, str(path))


class ReplayList(ListBox):
    """The replays as rows in columns; a click selects, a click on the selected row (or Enter) watches."""

    def __init__(self, rows: list[ReplayRow], unread: dict[Path, ReplayRow], on_watch: Callable[[int], None]) -> None:
        """`rows`: the screen's replay lines, drawn; `unread`: those still to be read (shown as such)."""
        super().__init__([], on_watch, row_h=42)
        self.rows = rows
        self.unread = unread

    def click(self, app: App, pos: tuple[int, int]) -> None:
        row = self.scroll + (pos[1] - self.rect.top) // app.px(self.row_h)
        if 0 <= row < len(self.items):
            again = row == self.selected
            self.selected = row
            if again:
                self.activate(app)

    def look(self, app: App, hovered: bool, focused: bool) -> None:
        """Its rows show the screen's replay lines (`rows`), not only its own fields: drawn each frame."""
        return None

    def columns(self, app: App) -> list[pygame.Rect]:
        """Each column's strip inside a row (left to right), relative to the row's left edge."""
        pad = app.px(14)
        inner = self.rect.w - 2 * pad
        out, x = [], pad
        for share in SHARES:
            w = round(inner * share)
            out.append(pygame.Rect(x, 0, w - app.px(10), 0))
            x += w
        return out

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        rh = app.px(self.row_h)
        rows = self.visible_rows(app)
        cols = self.columns(app)
        px = app.font_px(18)
        for i in range(self.scroll, min(len(self.items), self.scroll + rows)):
            r = pygame.Rect(self.rect.left, self.rect.top + (i - self.scroll) * rh, self.rect.w, rh - app.px(4))
            name = "ui/list_row_selected" if i == self.selected else "ui/list_row"
            surface.blit(app.sprites.nine_slice(name, r.size), r)
            row = self.rows[i]
            game = _(GAMES[row.game].title) if row.game in GAMES else row.path.name
            cells = [row.date, _("{game} · online").format(game=game) if row.online else game]
            if row is self.unread.get(row.path):
                cells.append(_("reading…"))
            elif row.error is not None:
                cells.append(row.error)
            else:
                cells += [row.where, row.result, row.length]
            for j, cell in enumerate(cells):
                strip = cols[j] if j < len(cells) - 1 or len(cells) == len(cols) else \
                    pygame.Rect(cols[j].left, 0, cols[-1].right - cols[j].left, 0)
                ink = app.theme.danger if row.error is not None and j == 2 else app.theme.text
                bold = j == 1
                size = text.fit_px(cell, px, strip.w, bold=bold, min_px=app.font_px(13))
                shown = cell if text.font(size, bold).size(cell)[0] <= strip.w else \
                    _ellipsis(cell, size, strip.w, bold)
                text.draw_text(surface, shown, size, ink, (r.left + strip.left, r.centery), "midleft", bold=bold)
        if len(self.items) > rows:
            draw_scrollbar(surface, app, pygame.Rect(self.rect.right + app.px(6), self.rect.top, app.px(10),
                                                     rows * rh), self.scroll, rows, len(self.items))


def _ellipsis(line: str, px: int, width: int, bold: bool) -> str:
    """`line` cut to fit `width` at `px`, ending in an ellipsis."""
    f = text.font(px, bold)
    while line and f.size(line + "…")[0] > width:
        line = line[:-1]
    return line + "…"


class ReplaysScene(Scene):
    """The list of saved replays with Watch, Delete, Open the folder and Back."""

    title = "Replays"

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder if folder is not None else replays_dir()
        self.backdrop = Backdrop(40)
        paths = replay_files(self.folder)
        self.rows: list[ReplayRow] = [placeholder_row(p, GAMES) for p in paths]
        self.unread: dict[Path, ReplayRow] = {row.path: row for row in self.rows}
        self.list = ReplayList(self.rows, self.unread, self.watch)
        self.list.items = [p.name for p in paths]
        self.watch_button = Button(_("Watch"), lambda: self.watch(self.list.selected), _("Watch this replay (Enter)"),
                                   font=22)
        self.delete_button = Button(_("Delete"), self.ask_delete, _("Delete this replay (Del)"), font=22)
        self.folder_button = Button(_("Open the folder"), self.open_folder, str(self.folder), font=22)
        self.back = Button(_("Back"), app.pop, icon="ui/icon_back", font=22, sound="ui_back")
        self.group = WidgetGroup(app, [self.list, self.watch_button, self.delete_button, self.folder_button,
                                       self.back])
        self.group.keyboard_mode = True
        if not self.rows:
            self.group.set_focus(self.back)
        self.opener = FolderOpener(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    # ---- rows ---------------------------------------------------------------------------------
    def _read_some(self) -> None:
        for path in list(self.unread)[:PER_FRAME]:
            self._set_row(self.unread.pop(path), summarize(path, GAMES))

    def _set_row(self, old: ReplayRow, new: ReplayRow) -> None:
        index = next((i for i, row in enumerate(self.rows) if row is old), None)
        if index is not None:
            self.rows[index] = new

    def selected_row(self) -> ReplayRow | None:
        return self.rows[self.list.selected] if 0 <= self.list.selected < len(self.rows) else None

    # ---- actions ------------------------------------------------------------------------------
    def watch(self, index: int) -> None:
        if not 0 <= index < len(self.rows):
            return
        row = self.rows[index]
        if row.path in self.unread:
            self._set_row(self.unread.pop(row.path), summarize(row.path, GAMES))
            row = self.rows[index]
        if row.error is not None:
            self.app.sounds.play("ui_error")
            self.app.toast(row.error)
            return
        problem = watch_file(self.app, row.path)
        if problem is not None:
            self.app.toast(problem)
            self.rows[index] = replace(broken_row(row.path, problem, GAMES, row.when), game=row.game)

    def ask_delete(self) -> None:
        row = self.selected_row()
        if row is None:
            self.app.sounds.play("ui_error")
            return
        message = _("{file} will be removed from the replays folder. This cannot be undone.").format(
            file=row.path.name)
        self.app.push(Dialog(self.app, _("Delete this replay?"), message,
                             [(_("Delete"), lambda: self.delete(row)), (_("Keep it"), lambda: None)]))

    def delete(self, row: ReplayRow) -> None:
        problem = delete_replay(row.path)
        if problem is not None:
            self.app.toast(problem)
            return
        index = self.rows.index(row)
        del self.rows[index]
        del self.list.items[index]
        self.unread.pop(row.path, None)
        self.list.selected = min(self.list.selected, max(0, len(self.rows) - 1))
        self.list.scroll = min(self.list.scroll, max(0, len(self.rows) - self.list.visible_rows(self.app)))

    def open_folder(self) -> None:
        self.opener.open(self.folder)

    # ---- scene --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        pw = min(w - app.px(40), app.px(1180))
        top = app.px(92)
        self.panel = pygame.Rect(w // 2 - pw // 2, top, pw, h - top - app.px(96))
        head = app.px(34)
        self.list.rect = pygame.Rect(self.panel.left + app.px(20), self.panel.top + app.px(16) + head,
                                     pw - app.px(56), self.panel.h - app.px(32) - head)
        buttons = [self.watch_button, self.delete_button, self.folder_button, self.back]
        bw, gap = app.px(230), app.px(16)
        x = w // 2 - (len(buttons) * bw + (len(buttons) - 1) * gap) // 2
        for b in buttons:
            b.rect = pygame.Rect(x, self.panel.bottom + app.px(20), bw, app.px(54))
            x += bw + gap

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.sounds.play("ui_back")
                self.app.pop()
                return True
            if event.key == pygame.K_DELETE:
                self.ask_delete()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.group.focused is not self.list:
                self.group.set_focus(self.list)
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        if self.unread:
            self._read_some()
        row = self.selected_row()
        self.delete_button.enabled = row is not None
        self.watch_button.enabled = row is not None and row.error is None
        self.opener.update()

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        return widget_screen(self.backdrop.picture(app, app.size, [("ui/panel", self.panel)]), self.group,
                             window_part(app, ("heads", bool(self.rows)), self._draw_heads))

    def _draw_heads(self, surface: pygame.Surface) -> None:
        """The title, and the columns' headings (or, with no replays, what this screen will show)."""
        app = self.app
        w = surface.get_width()
        text.draw_text(surface, _("Replays"), app.font_px(46), app.theme.text_light, (w // 2, app.px(20)),
                       "midtop", bold=True, shadow=app.theme.shadow)
        if not self.rows:
            lines = [_("No replays yet."), _("Every finished game of either game is saved here to watch again.")]
            for i, line in enumerate(lines):
                text.draw_text(surface, line, text.fit_px(line, app.font_px(24), self.panel.w - app.px(60)),
                               app.theme.text, (self.panel.centerx, self.panel.top + app.px(80 + 40 * i)), "midtop")
            return
        y = self.panel.top + app.px(16) + app.px(34) // 2
        for strip, name in zip(self.list.columns(app), COLUMNS):
            label = _(name)
            text.draw_text(surface, label, text.fit_px(label, app.font_px(18), strip.w, bold=True), app.theme.muted,
                           (self.list.rect.left + strip.left, y), "midleft", bold=True)
