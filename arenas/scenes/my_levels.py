"""My levels: the player's own levels listed with their proof, and what can be done with one (play or host it,
prove it, export it, delete it, import more). A file dropped onto the window here is imported at once.

Every button and key asks for one `MyLevelsCommand` (a closed union), which `MyLevelsScene.carry_out` does in one
`match`. Proving runs in worker processes (`arenas.proving`); the scene only reads how far it has got.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, assert_never

import pygame

from arenas.bots.proof import Model
from arenas.my_levels import MyLevel, MyLevels, MyLevelsError, export_folder
from arenas.my_records import MyRecords
from arenas.proving import Proving
from arenas.scenes.level_facts import level_facts
from arenas.scenes.setup_widgets import BOT_NAMES, default_name
from arenas.session import GameSetup, format_ms, fresh_seed
from common import text
from common.dialog import Dialog
from common.folder_opener import open_folder
from common.i18n import _, language
from common.layers import Part
from common.paths import data_dir
from common.safe_text import one_line
from common.scene import Scene
from common.scenes.backdrop import Backdrop
from common.widget_parts import widget_screen, window_part
from common.widgets import Button, ListBox, WidgetGroup

if TYPE_CHECKING:
    from common.app import App

INBOX = "levels to import"  # the folder Import takes level files from (besides a file dropped on the window)


@dataclass(frozen=True)
class Play:
    """Play the selected level (or host it, when the list was opened to host a room)."""


@dataclass(frozen=True)
class Prove:
    """Prove the selected level in the background."""


@dataclass(frozen=True)
class CancelProof:
    """Stop the proof that is running."""


@dataclass(frozen=True)
class Export:
    """Write the selected level as a shared level file and say where."""


@dataclass(frozen=True)
class AskImport:
    """Say how to import, and offer to import what waits in the import folder."""


@dataclass(frozen=True)
class ImportFiles:
    """Import these level files (dropped on the window, or found in the import folder)."""

    paths: tuple[Path, ...]


@dataclass(frozen=True)
class AskDelete:
    """Ask before deleting the selected level."""


@dataclass(frozen=True)
class Delete:
    """Delete this level of mine."""

    level_id: str


@dataclass(frozen=True)
class Back:
    """Back to the screen under this one."""


MyLevelsCommand = Play | Prove | CancelProof | Export | AskImport | ImportFiles | AskDelete | Delete | Back


def status_line(mine: MyLevel) -> str:
    """A level's proof in a few words: its label and the person-like team's wins, unproven, or not proven yet."""
    proof = mine.proof
    return _("Not proven yet") if proof is None else proof.summary()


def inbox_folder() -> Path:
    """The folder Import takes level files from."""
    return data_dir() / INBOX


class LevelRows(ListBox):
    """The levels of mine: name and proof state; Up/Down select, Enter plays."""

    def __init__(self, on_play: Callable[[int], None]) -> None:
        super().__init__([], on_play, row_h=58)
        self.levels: tuple[MyLevel, ...] = ()

    def show(self, levels: tuple[MyLevel, ...]) -> None:
        self.levels = levels
        self.items = [m.level.name for m in levels]
        self.selected = min(self.selected, max(0, len(levels) - 1))

    def click(self, app: App, pos: tuple[int, int]) -> None:
        row = self.scroll + (pos[1] - self.rect.top) // app.px(self.row_h)
        if 0 <= row < len(self.items):
            self.selected = row
            app.sounds.play("ui_hover")

    def look(self, app: App, hovered: bool, focused: bool) -> Hashable:
        shown = tuple((m.id, m.level.name, status_line(m)) for m in self.levels)
        return tuple(self.rect), self.scroll, self.selected, shown, language()

    def draw(self, surface: pygame.Surface, app: App, hovered: bool, focused: bool) -> None:
        rh = app.px(self.row_h)
        for i in range(self.scroll, min(len(self.levels), self.scroll + self.visible_rows(app))):
            mine = self.levels[i]
            r = pygame.Rect(self.rect.left, self.rect.top + (i - self.scroll) * rh, self.rect.w, rh - app.px(4))
            surface.blit(app.sprites.nine_slice("ui/list_row_selected" if i == self.selected else "ui/list_row",
                                                r.size), r)
            name = mine.level.name
            text.draw_text(surface, name, text.fit_px(name, app.font_px(20), r.w - app.px(24), bold=True),
                           app.theme.text, (r.left + app.px(12), r.top + app.px(4)), bold=True)
            state = status_line(mine)
            text.draw_text(surface, state, text.fit_px(state, app.font_px(17), r.w - app.px(24)), app.theme.muted,
                           (r.left + app.px(12), r.bottom - app.px(4)), "bottomleft")


class MyLevelsScene(Scene):
    """The player's levels (see the module's docstring). `play` starts a run of a setup (or hosts it: `hosting`)."""

    rules_game = "arenas"
    title = "Arenas Movedizas — My levels"

    def __init__(self, app: App, play: Callable[[GameSetup], None], *, hosting: bool = False,
                 store: MyLevels | None = None) -> None:
        super().__init__(app)
        self.play, self.hosting = play, hosting
        self.store = store if store is not None else MyLevels()
        self.records = MyRecords.load()
        self.proving: Proving | None = None
        self.proving_id = ""  # the level being proved
        self.rows = LevelRows(lambda i: self.carry_out(Play()))
        self.back = Button(_("Back"), lambda: self.carry_out(Back()), icon="ui/icon_back", sound="ui_back")
        self.import_button = Button(_("Import"), lambda: self.carry_out(AskImport()),
                                    _("Add level files friends sent you (or drop one onto the window)"))
        self.export_button = Button(_("Export"), lambda: self.carry_out(Export()),
                                    _("Write the level as one file to pass on, with its proof"))
        self.delete_button = Button(_("Delete"), lambda: self.carry_out(AskDelete()), _("Remove the level (Delete)"))
        self.prove_button = Button(_("Prove"), lambda: self.carry_out(Prove()),
                                   _("Bots play it many times: is it winnable, and how hard for people?"))
        self.play_button = Button(_("Host") if hosting else _("Play"), lambda: self.carry_out(Play()),
                                  _("Open a room with this level (Enter)") if hosting else _("Play this level (Enter)"),
                                  font=30)
        self.group = WidgetGroup(app, [self.rows, self.back, self.import_button, self.export_button,
                                       self.delete_button, self.prove_button, self.play_button])
        self.group.set_focus(self.rows)
        self.group.keyboard_mode = True
        self.backdrop = Backdrop(60)
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    # ---- the list ------------------------------------------------------------------------------
    def refresh(self, select: str | None = None) -> None:
        """Read the store again (one toast per file it could not use) and select `select` if given."""
        shelf = self.store.list()
        for problem in shelf.problems[:3]:
            self.app.toast(problem)
        self.rows.show(shelf.levels)
        ids = [m.id for m in shelf.levels]
        if select in ids:
            self.rows.selected = ids.index(select)
        self._sync()

    @property
    def selected(self) -> MyLevel | None:
        levels = self.rows.levels
        return levels[self.rows.selected] if levels else None

    def _sync(self) -> None:
        some = self.selected is not None
        proving = self.proving is not None
        for button in (self.export_button, self.delete_button, self.play_button):
            button.enabled = some and not proving
        self.prove_button.enabled = some
        self.prove_button.label = _("Cancel proof") if proving else _("Prove")

    # ---- commands ------------------------------------------------------------------------------
    def carry_out(self, command: MyLevelsCommand) -> None:
        """Do what a button, a key or a dropped file asks."""
        mine = self.selected
        match command:
            case Play():
                if mine is not None and self.proving is None:
                    self.play(self._setup(mine))
            case Prove():
                if self.proving is not None:
                    self.carry_out(CancelProof())
                elif mine is not None:
                    self.proving = Proving(mine.level)
                    self.proving_id = mine.id
            case CancelProof():
                if self.proving is not None:
                    self.proving.cancel()
                    self.proving = None
                    self.app.toast(_("Proof cancelled"))
            case Export():
                if mine is not None:
                    self._export(mine)
            case AskImport():
                folder = inbox_folder()
                self.app.push(Dialog(self.app, _("Import levels"), _(
                    "Drop a level file onto this window, or put level files in {folder} and choose Import "
                    "from folder.").format(folder=folder), [
                    (_("Import from folder"), lambda: self.carry_out(ImportFiles(self._inbox()))),
                    (_("Show folder"), lambda: self._show(folder)), (_("Close"), lambda: None)]))
            case ImportFiles(paths):
                self._import(paths)
            case AskDelete():
                if mine is not None and self.proving is None:
                    self.app.push(Dialog(self.app, _("Delete level"), _(
                        "Delete “{name}” from My levels? Its records are kept.").format(name=mine.level.name), [
                        (_("Delete"), lambda: self.carry_out(Delete(mine.id))), (_("Keep it"), lambda: None)]))
            case Delete(level_id):
                try:
                    self.store.delete(level_id)
                except MyLevelsError as exc:
                    self.app.toast(str(exc))
                self.refresh()
            case Back():
                if self.proving is not None:
                    self.proving.cancel()
                self.app.pop()
            case _:
                assert_never(command)
        self._sync()

    def _setup(self, mine: MyLevel) -> GameSetup:
        """A run of the level at its team size: this player at the first seat, bots at the others (hosting:
        every seat open for people)."""
        n = mine.level.team_size
        seed = self.app.options.seed if self.app.options.seed is not None else fresh_seed()
        if self.hosting:
            return GameSetup(mine.level, tuple(default_name(i) for i in range(n)), seed=seed)
        names = (default_name(0), *(_(name) for name in BOT_NAMES[:n - 1]))
        return GameSetup(mine.level, names, seed=seed, bots=tuple(range(1, n)), mine=True)

    def _export(self, mine: MyLevel) -> None:
        folder = export_folder()
        try:
            path = self.store.export(mine.id, folder)
        except MyLevelsError as exc:
            self.app.toast(str(exc))
            return
        proven = _("with its proof") if mine.shared.proven else _("not proven")
        self.app.push(Dialog(self.app, _("Level exported"), _(
            "“{name}” ({proven}) is in the file {path}. Send that file to a friend: they drop it onto their "
            "window.").format(name=mine.level.name, proven=proven, path=path), [
            (_("Show folder"), lambda: self._show(folder)), (_("OK"), lambda: None)]))

    def _show(self, folder: Path) -> None:
        opened = open_folder(folder)
        if isinstance(opened, str):
            self.app.toast(opened)

    def _inbox(self) -> tuple[Path, ...]:
        try:
            return tuple(sorted(p for p in inbox_folder().iterdir() if p.suffix == ".json"))
        except OSError:
            return ()

    def _import(self, paths: tuple[Path, ...]) -> None:
        if not paths:
            self.app.toast(_("No level files to import in {folder}").format(folder=inbox_folder()))
            return
        last: str | None = None
        for path in paths[:50]:
            imported = self.store.import_file(path)
            self.app.toast(imported.line)
            if imported.level is not None:
                last = imported.level.id
        self.records = MyRecords.load()
        self.refresh(last)

    # ---- proving -------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        proving = self.proving
        if proving is None or not proving.finished:
            return
        self.proving = None
        if proving.error is not None:
            self.app.toast(_("The proof failed: {reason}").format(reason=proving.error))
        elif proving.result is not None:
            try:
                mine = self.store.set_proof(self.proving_id, proving.result)
                self.app.toast(one_line(_("“{name}”: {proof}").format(name=mine.level.name,
                                                                       proof=proving.result.summary())))
            except MyLevelsError as exc:
                self.app.toast(str(exc))
            self.refresh(self.proving_id)
        self._sync()

    # ---- scene ---------------------------------------------------------------------------------
    def resume(self) -> None:
        self.records = MyRecords.load()
        self.refresh(self.selected.id if self.selected is not None else None)

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        top, bottom = app.px(84), h - app.px(96)
        self.left = pygame.Rect(app.px(24), top, min(app.px(430), w // 3), bottom - top)
        self.right = pygame.Rect(self.left.right + app.px(18), top, w - self.left.right - app.px(42), bottom - top)
        self.rows.rect = self.left.inflate(-app.px(36), -app.px(36))
        y = h - app.px(78)
        self.back.rect = pygame.Rect(app.px(24), y, app.px(170), app.px(56))
        x = self.back.rect.right + app.px(14)
        for button in (self.import_button, self.export_button, self.delete_button, self.prove_button):
            button.rect = pygame.Rect(x, y, app.px(170), app.px(56))
            x = button.rect.right + app.px(10)
        self.play_button.rect = pygame.Rect(w - app.px(24) - app.px(220), h - app.px(80), app.px(220), app.px(60))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            self.carry_out(ImportFiles((Path(event.file),)))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.carry_out(Back())
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.carry_out(AskDelete())
            return True
        if event.type == pygame.MOUSEWHEEL and self.rows.rect.collidepoint(self.group.mouse_pos):
            return self.rows.wheel(self.app, event.y)
        before = self.rows.selected
        used = self.group.handle(event)
        if self.rows.selected != before:
            self._sync()
        return used

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w, _h = app.size
        title = _("My levels — host one") if self.hosting else _("My levels")

        def heading(surface: pygame.Surface) -> None:
            text.draw_text(surface, title, app.font_px(44), app.theme.text_light, (w // 2, app.px(16)), "midtop",
                           bold=True, shadow=app.theme.shadow)
        look = self._detail_look()
        over = [window_part(app, ("detail", look), self._draw_detail, self.right)]
        if self.proving is not None:
            over.append(Part(self._bar_rect(), None, self._draw_bar))
        picture = self.backdrop.picture(app, app.size, [("ui/panel", self.left), ("ui/panel", self.right)])
        return widget_screen(picture, self.group, window_part(app, ("title", title), heading), over=over)

    def _detail_look(self) -> Hashable:
        mine = self.selected
        if mine is None:
            return None
        rec = self.records.get(mine.level.fingerprint)
        return (mine.id, mine.level, mine.shared.maker, status_line(mine), rec.wins, rec.losses, rec.best_ms,
                self.proving is not None, language())

    def _draw_detail(self, surface: pygame.Surface) -> None:
        app = self.app
        r = self.right.inflate(-app.px(48), -app.px(40))
        ink = app.theme.text
        mine = self.selected
        if mine is None:
            lines = [_("No levels of your own yet."),
                     _("Import a level file a friend sent you, or drop one onto this window.")]
            y = r.top
            for line in lines:
                for part in text.wrap(line, app.font_px(22), r.w):
                    y = text.draw_text(surface, part, app.font_px(22), ink, (r.left, y)).bottom + app.px(4)
            return
        level = mine.level
        px = text.fit_px(level.name, app.font_px(30), r.w, bold=True)
        y = text.draw_text(surface, level.name, px, ink, (r.left, r.top), bold=True).bottom + app.px(6)
        if mine.shared.maker:
            y = text.draw_text(surface, _("Made by {maker}").format(maker=mine.shared.maker), app.font_px(18),
                               app.theme.muted, (r.left, y)).bottom + app.px(6)
        state = status_line(mine)
        y = text.draw_text(surface, state, text.fit_px(state, app.font_px(22), r.w, bold=True), ink, (r.left, y),
                           bold=True).bottom + app.px(10)
        lh = text.font(app.font_px(18)).get_linesize()
        for line in text.wrap(level.description, app.font_px(18), r.w)[:4]:
            text.draw_text(surface, line, app.font_px(18), ink, (r.left, y))
            y += lh
        y += app.px(8)
        for fact in level_facts(level):
            for line in text.wrap(fact, app.font_px(18), r.w - app.px(16)):
                text.draw_text(surface, line, app.font_px(18), ink, (r.left + app.px(16), y))
                y += lh
        rec = self.records.get(level.fingerprint)
        best = _("Best time: {time}").format(time=format_ms(rec.best_ms)) if rec.best_ms is not None \
            else _("Best time: none yet")
        line = best + " · " + _("Won {wins}").format(wins=rec.wins) + " · " + _("lost {losses}").format(
            losses=rec.losses)
        text.draw_text(surface, line, text.fit_px(line, app.font_px(20), r.w, bold=True), ink,
                       (r.left, y + app.px(12)), bold=True)

    def _bar_rect(self) -> pygame.Rect:
        app = self.app
        return pygame.Rect(self.right.left + app.px(24), self.right.bottom - app.px(84), self.right.w - app.px(48),
                           app.px(64))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The proof's progress: which team plays now and how many games are done."""
        app, proving = self.app, self.proving
        if proving is None:
            return
        status = proving.status
        box = self._bar_rect()
        team = _("Expert team") if status.model == Model.EXPERT else _("Person-like team")
        words = _("Proving: {team} — game {done} of {total}").format(team=team, done=status.done,
                                                                    total=status.total)
        text.draw_text(surface, words, text.fit_px(words, app.font_px(18), box.w), app.theme.text, box.topleft)
        bar = pygame.Rect(box.left, box.bottom - app.px(26), box.w, app.px(22))
        pygame.draw.rect(surface, app.theme.muted, bar, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = max(bar.h, round(bar.w * status.share))
        pygame.draw.rect(surface, app.sprites.colour("arenas_glow"), filled, border_radius=bar.h // 2)
        pygame.draw.rect(surface, app.theme.text, bar, 1, border_radius=bar.h // 2)
