"""My levels: the player's own levels listed with their proof, and what can be done with one (play or host it,
edit it, prove it, export it, delete it), and the ways to more (a new level, a copy of a box level to start from,
importing level files). A file dropped onto the window here is imported at once.

Every button and key asks for one `MyLevelsCommand` (a closed union), which `MyLevelsScene.carry_out` does in one
`match`. Proving runs in worker processes (`arenas.proving`); the scene only reads how far it has got.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, assert_never

import pygame

from arenas.my_levels import MyLevel, MyLevels, MyLevelsError, export_folder
from arenas.my_records import MyRecords
from arenas.proving import Proving
from arenas.rules.level_editor import new_level
from arenas.rules.levels import Level, LevelError, load_levels
from arenas.scenes.level_facts import level_facts
from arenas.scenes.proof_view import proof_bar, proof_done, proof_line
from arenas.scenes.setup_widgets import BOT_NAMES, default_name
from arenas.session import GameSetup, format_ms, fresh_seed
from common.data.folder_opener import open_folder
from common.data.i18n import _, language
from common.data.paths import data_dir
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene
from common.scenes.backdrop import Backdrop
from common.ui.dialog import Dialog
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, Choice, ListBox, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

INBOX = "levels to import"  # the folder Import takes level files from (besides a file dropped on the window)
OpenEditor = Callable[[Level, str | None], None]  # the level to edit, its id in My levels (None: not saved yet)


@dataclass(frozen=True)
class Play:
    """Play the selected level (or host it, when the list was opened to host a room)."""


@dataclass(frozen=True)
class NewLevel:
    """Open the editor on an empty level."""


@dataclass(frozen=True)
class CopyBoxLevel:
    """Open the editor on a copy of the box level chosen, to change it into a level of one's own."""


@dataclass(frozen=True)
class Edit:
    """Open the editor on the selected level."""


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


MyLevelsCommand = (Play | NewLevel | CopyBoxLevel | Edit | Prove | CancelProof | Export | AskImport | ImportFiles
                   | AskDelete | Delete | Back)


def copy_of(level: Level) -> Level:
    """A box level as a level of one's own to change: its name and description in the language shown, no theme
    line (it spoke of the box level)."""
    return replace(level, name=_(level.name), description=_(level.description), theme="")


def exported_dialog(app: App, mine: MyLevel, path: Path, show: Callable[[], None]) -> Dialog:
    """What Export says once the file is written: where it is, with or without its proof, and how to pass it on."""
    proven = _("with its proof") if mine.shared.proven else _("not proven")
    return Dialog(app, _("Level exported"), _(
        "“{name}” ({proven}) is in the file {path}. Send that file to a friend: they drop it onto their "
        "window.").format(name=mine.level.name, proven=proven, path=path), [
        (_("Show folder"), show), (_("OK"), lambda: None)])


def show_folder(app: App, folder: Path) -> None:
    """Open `folder` in the system's file browser (a toast when it cannot)."""
    opened = open_folder(folder)
    if isinstance(opened, str):
        app.toast(opened)


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
        shown = tuple((m.id, m.level.name, proof_line(m.proof)) for m in self.levels)
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
            state = proof_line(mine.proof)
            text.draw_text(surface, state, text.fit_px(state, app.font_px(17), r.w - app.px(24)), app.theme.muted,
                           (r.left + app.px(12), r.bottom - app.px(4)), "bottomleft")


class MyLevelsScene(Scene):
    """The player's levels (see the module's docstring). `play` starts a run of a setup (or hosts it: `hosting`);
    `open_editor` opens the level editor on a level."""

    rules_game = "arenas"
    title = "Arenas Movedizas — My levels"

    def __init__(self, app: App, play: Callable[[GameSetup], None], open_editor: OpenEditor, *,
                 hosting: bool = False, store: MyLevels | None = None) -> None:
        super().__init__(app)
        self.play, self.open_editor, self.hosting = play, open_editor, hosting
        self.store = store if store is not None else MyLevels()
        self.records = MyRecords.load()
        self.proving: Proving | None = None
        self.proving_id = ""  # the level being proved
        self.known: set[str] | None = None  # the levels listed when the editor opened on a new one
        try:
            self.box_levels = load_levels()
        except LevelError as exc:
            self.box_levels = []
            app.toast(str(exc))
        self.rows = LevelRows(lambda i: self.carry_out(Play()))
        self.back = Button(_("Back"), lambda: self.carry_out(Back()), icon="ui/icon_back", sound="ui_back")
        self.new_button = Button(_("New level"), lambda: self.carry_out(NewLevel()),
                                 _("Start from an empty board in the editor"), font=24)
        self.template = Choice(_("Box level"), [(lv.number, f"{lv.number} · {_(lv.name)}") for lv in self.box_levels],
                               1, lambda _number: None, _("The box level to start from"))
        self.copy_button = Button(_("Copy to my levels"), lambda: self.carry_out(CopyBoxLevel()),
                                  _("Open a copy of this box level in the editor"), font=22)
        self.import_button = Button(_("Import"), lambda: self.carry_out(AskImport()),
                                    _("Add level files friends sent you (or drop one onto the window)"))
        self.export_button = Button(_("Export"), lambda: self.carry_out(Export()),
                                    _("Write the level as one file to pass on, with its proof"))
        self.delete_button = Button(_("Delete"), lambda: self.carry_out(AskDelete()), _("Remove the level (Delete)"))
        self.prove_button = Button(_("Prove"), lambda: self.carry_out(Prove()),
                                   _("Bots play it many times: is it winnable, and how hard for people?"))
        self.edit_button = Button(_("Edit"), lambda: self.carry_out(Edit()),
                                  _("Change the level in the editor (a change drops its proof)"))
        self.play_button = Button(_("Host") if hosting else _("Play"), lambda: self.carry_out(Play()),
                                  _("Open a room with this level (Enter)") if hosting else _("Play this level (Enter)"),
                                  font=30)
        self.bottom_row = (self.import_button, self.export_button, self.delete_button, self.prove_button,
                           self.edit_button)
        self.group = WidgetGroup(app, [self.rows, self.new_button, self.template, self.copy_button, self.back,
                                       *self.bottom_row, self.play_button])
        self.backdrop = Backdrop(60)
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self.refresh()
        self.group.set_focus(self.rows if self.rows.levels else self.new_button)
        self.group.keyboard_mode = True

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
        for button in (self.export_button, self.delete_button, self.play_button, self.edit_button):
            button.enabled = some and not proving
        self.prove_button.enabled = some
        self.prove_button.label = _("Cancel proof") if proving else _("Prove")
        self.new_button.enabled = not proving
        self.copy_button.enabled = bool(self.box_levels) and not proving

    # ---- commands ------------------------------------------------------------------------------
    def carry_out(self, command: MyLevelsCommand) -> None:
        """Do what a button, a key or a dropped file asks."""
        mine = self.selected
        match command:
            case Play():
                if mine is not None and self.proving is None:
                    self.play(self._setup(mine))
            case NewLevel():
                if self.proving is None:
                    self.known = {m.id for m in self.rows.levels}
                    self.open_editor(new_level(1), None)
            case CopyBoxLevel():
                level = next((lv for lv in self.box_levels if lv.number == self.template.value), None)
                if level is not None and self.proving is None:
                    self.known = {m.id for m in self.rows.levels}
                    self.open_editor(copy_of(level), None)
            case Edit():
                if mine is not None and self.proving is None:
                    self.open_editor(mine.level, mine.id)
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
                    (_("Show folder"), lambda: show_folder(self.app, folder)), (_("Close"), lambda: None)]))
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
        self.app.push(exported_dialog(self.app, mine, path, lambda: show_folder(self.app, folder)))

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
        line = proof_done(self.store, self.proving_id, proving)
        if line is not None:
            self.app.toast(line)
        self.refresh(self.proving_id)

    # ---- scene ---------------------------------------------------------------------------------
    def leave(self) -> None:
        """Off the stack: a proof still running stops (nobody would keep it)."""
        if self.proving is not None:
            self.proving.cancel()
            self.proving = None

    def resume(self) -> None:
        """Back on top: the list read again, the level the editor just saved as a new one selected."""
        self.records = MyRecords.load()
        selected = self.selected.id if self.selected is not None else None
        known, self.known = self.known, None
        self.refresh(selected)
        made = [m.id for m in self.rows.levels if known is not None and m.id not in known]
        if made:
            self.refresh(made[0])
            self.group.set_focus(self.rows)

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        top, bottom = app.px(84), h - app.px(96)
        self.left = pygame.Rect(app.px(24), top, min(app.px(430), w // 3), bottom - top)
        self.right = pygame.Rect(self.left.right + app.px(18), top, w - self.left.right - app.px(42), bottom - top)
        inner = self.left.inflate(-app.px(36), -app.px(36))
        self.copy_button.rect = pygame.Rect(inner.left, inner.bottom - app.px(48), inner.w, app.px(48))
        self.template.rect = pygame.Rect(inner.left, self.copy_button.rect.top - app.px(48), inner.w, app.px(40))
        self.new_button.rect = pygame.Rect(inner.left, self.template.rect.top - app.px(66), inner.w, app.px(52))
        self.rows.rect = pygame.Rect(inner.left, inner.top, inner.w - app.px(16),
                                     self.new_button.rect.top - app.px(14) - inner.top)
        y = h - app.px(78)
        self.back.rect = pygame.Rect(app.px(24), y, app.px(150), app.px(56))
        x = self.back.rect.right + app.px(14)
        for button in self.bottom_row:
            button.rect = pygame.Rect(x, y, app.px(150), app.px(56))
            x = button.rect.right + app.px(10)
        self.play_button.rect = pygame.Rect(w - app.px(24) - app.px(220), h - app.px(80), app.px(220), app.px(60))

    def toast_area(self) -> pygame.Rect:
        """Toasts over the foot of the panels, clear of the buttons under them."""
        return pygame.Rect(0, 0, self.app.size[0], self.left.bottom - self.app.px(8))

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
            over.append(proof_bar(app, self.proving.status, self._bar_rect(), app.theme.text))
        picture = self.backdrop.picture(app, app.size, [("ui/panel", self.left), ("ui/panel", self.right)])
        return widget_screen(picture, self.group, window_part(app, ("title", title), heading), over=over)

    def _detail_look(self) -> Hashable:
        mine = self.selected
        if mine is None:
            return tuple(self.right)
        rec = self.records.get(mine.level.fingerprint)
        return (mine.id, mine.level, mine.shared.maker, proof_line(mine.proof), rec.wins, rec.losses, rec.best_ms,
                self.proving is not None, tuple(self.right), language())

    def _draw_detail(self, surface: pygame.Surface) -> None:
        app = self.app
        r = self.right.inflate(-app.px(48), -app.px(40))
        ink = app.theme.text
        mine = self.selected
        if mine is None:
            lines = [_("No levels of your own yet."),
                     _("Start a new one, or copy a box level to change it."),
                     _("Import a level file a friend sent you, or drop one onto this window.")]
            y = r.top
            for line in lines:
                for part in text.wrap(line, app.font_px(22), r.w):
                    y = text.draw_text(surface, part, app.font_px(22), ink, (r.left, y)).bottom + app.px(4)
                y += app.px(8)
            return
        level = mine.level
        px = text.fit_px(level.name, app.font_px(30), r.w, bold=True)
        y = text.draw_text(surface, level.name, px, ink, (r.left, r.top), bold=True).bottom + app.px(6)
        if mine.shared.maker:
            y = text.draw_text(surface, _("Made by {maker}").format(maker=mine.shared.maker), app.font_px(18),
                               app.theme.muted, (r.left, y)).bottom + app.px(6)
        state = proof_line(mine.proof)
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
