"""The level editor: the level drawn as it plays, live while it is edited, with the brushes, the level's
settings and its problems beside it.

The pure model (`arenas.rules.level_editor`) holds the level, its edits and its history; its problems are the
level loader's own, shown on their gears at once and worded under the board. A press on a gear starts a
gesture of the brush (`editor_brush`), a drag carries it across gears, the release ends it: one step to undo.
The keyboard walks the gears with the arrows and uses the brush with Enter. Try it plays the level at once
(`try_level`), and the editor comes back as it was left; Save writes it to My levels (`arenas.my_levels`) only
when the loader takes it. Prove saves it and proves it in worker processes (a bar under the board, cancelled by
any edit or by leaving); Export saves it and writes its shared level file. The line under the board says whether
the level as shown is proven: an edit that changes its game drops the proof (the level's fingerprint).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arenas.level_proof import LevelProof, proof_fingerprint
from arenas.my_levels import MyLevels, MyLevelsError, export_folder
from arenas.proving import Proving
from arenas.rules.components import LAYOUTS, MAX_PLAYERS, MIN_PLAYERS, TILE_COLOURS, TILE_SHAPES
from arenas.rules.level_editor import (
    Edit,
    LevelEditor,
    SetCardRemoved,
    SetDescription,
    SetGearCount,
    SetHandSize,
    SetLayout,
    SetName,
    SetTeamSize,
)
from arenas.rules.levels import HAND_SIZES, MAX_DESCRIPTION, MAX_NAME, MAX_PATH, MIN_PATH, Level, LevelProblem
from arenas.scenes.board import BoardView
from arenas.scenes.editor_board import EditorBoard
from arenas.scenes.editor_brush import BRUSHES, Brush, Stroke, begin_stroke, stroke_edit
from arenas.scenes.editor_widgets import BoardStop, BrushSwatch, CardToggle, TextField
from arenas.scenes.editor_words import brush_name, layout_name, problem_line
from arenas.scenes.fitting import MAX_GEAR_PX, FitQueue, Fits
from arenas.scenes.my_levels import exported_dialog, show_folder
from arenas.scenes.proof_view import proof_bar, proof_done, proof_line
from arenas.wording import card_name
from common.data.i18n import _, ngettext
from common.data.safe_text import one_line
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene
from common.scenes.backdrop import Backdrop
from common.ui.dialog import Dialog
from common.ui.line_edit import LineEdit
from common.ui.widget_parts import group_parts, window_part
from common.ui.widgets import Button, Choice, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App

CARDS = (*TILE_COLOURS, *TILE_SHAPES)
SHOWN_PROBLEMS = 2  # lines of problems under the board


class EditorScene(Scene):
    """Edit one level: the board with its brushes, the level's settings, undo and redo, Try it, Save, Prove,
    Export."""

    rules_game = "arenas"
    title = "Arenas Movedizas — level editor"

    def __init__(self, app: App, level: Level, level_id: str | None, try_level: Callable[[Level], None],
                 store: MyLevels, fits: Fits | None = None) -> None:
        """`level_id`: the level of My levels (in `store`) being edited (None: a new level, saved as a new one)."""
        super().__init__(app)
        self.editor = LevelEditor(level)
        self.level_id = level_id
        self.kept = level  # the level as saved last (or as opened): leaving without changes asks nothing
        self.try_level = try_level
        self.store = store
        self.proof = self._kept_proof()  # the proof kept with the saved level, of its version then
        self.proving: Proving | None = None
        self.fits: Fits = fits if fits is not None else FitQueue()
        self.boards = EditorBoard(app)
        self.shown: BoardView | None = None  # the newest fitted board (the level's own once its fit is done)
        self.brush: Brush = BRUSHES[0]
        self.cursor = 0  # the gear the keyboard is on
        self.stroke: Stroke | None = None
        self.last_gear: int | None = None
        self.mouse = (-1, -1)
        self.editing: TextField | None = None
        self.line = LineEdit("", MAX_NAME)
        self.backdrop = Backdrop(40)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.words = pygame.Rect(0, 0, 0, 0)
        self.brush_caption = pygame.Rect(0, 0, 0, 0)
        self.deck_caption = pygame.Rect(0, 0, 0, 0)
        self.board_stop = BoardStop(self._move_cursor, self.use_brush)
        self.swatches = [BrushSwatch(b, brush_name(b), self.pick_brush, self.step_brush) for b in BRUSHES]
        self.name_field = TextField(_("Name"), _("Click and type the level's name"), lambda: self.level.name,
                                    self.edit_text)
        self.about_field = TextField(_("Description"), _("Click and type a line about the level"),
                                     lambda: self.level.description, self.edit_text)
        self.layout_choice = Choice(_("Layout"), [(k, layout_name(k)) for k in LAYOUTS], level.layout,
                                    lambda v: self.do(SetLayout(v)), _("The curve the gears are laid along"))
        self.gears_choice = Choice(_("Gears"), [(n, str(n)) for n in range(MIN_PATH, MAX_PATH + 1)],
                                   len(level.path), lambda v: self.do(SetGearCount(v)),
                                   _("Gears are added or taken away at the end of the path"))
        self.team_choice = Choice(_("Team"), [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                                  level.team_size, lambda v: self.do(SetTeamSize(v)),
                                  _("The team the level is made for (Try it plays with bots in the other seats)"))
        self.hand_choice = Choice(_("Hand"), [(n, str(n)) for n in HAND_SIZES], level.hand_size,
                                  lambda v: self.do(SetHandSize(v)), _("Cards in each player's hand"))
        self.cards = [CardToggle(c, self.toggle_card) for c in CARDS]
        self.undo_button = Button(_("Undo"), self.undo, _("Take the last change back (Ctrl+Z)"), font=22)
        self.redo_button = Button(_("Redo"), self.redo, _("Do the change again (Ctrl+Y)"), font=22)
        self.back = Button(_("Back"), self.ask_leave, icon="ui/icon_back", sound="ui_back")
        self.prove_button = Button(_("Prove"), self.prove, _("Save it, then bots play it many times: is it "
                                                              "winnable, and how hard for people?"), font=22)
        self.export_button = Button(_("Export"), self.export, _("Save it and write it as one file to pass on, with "
                                                                "its proof"), font=22)
        self.save_button = Button(_("Save"), self.save, _("Keep the level in My levels (Ctrl+S)"), font=24)
        self.try_button = Button(_("Try it"), self.try_it, _("Play the level now, as it is (Ctrl+P)"), font=28)
        self.widgets: list[Widget] = [self.board_stop, *self.swatches, self.name_field, self.about_field,
                                      self.layout_choice, self.gears_choice, self.team_choice, self.hand_choice,
                                      *self.cards, self.back, self.undo_button, self.redo_button, self.prove_button,
                                      self.export_button, self.save_button, self.try_button]
        self.group = WidgetGroup(app, self.widgets)
        self.group.set_focus(self.board_stop)
        self._sync()

    @property
    def level(self) -> Level:
        """The level as it is shown now (with the gesture in progress)."""
        return self.editor.level

    # ---- edits ---------------------------------------------------------------------------
    def do(self, edit: Edit) -> None:
        """One edit as one step (a choice changed, a card toggled)."""
        self.editor.do(edit)
        self._sync()

    def undo(self) -> None:
        self.stop_editing()
        if not self.editor.undo():
            self.app.sounds.play("ui_error")
        self._sync()

    def redo(self) -> None:
        self.stop_editing()
        if not self.editor.redo():
            self.app.sounds.play("ui_error")
        self._sync()

    def toggle_card(self, card: str) -> None:
        self.do(SetCardRemoved(card, card not in self.level.removed_cards))

    def pick_brush(self, brush: Brush) -> None:
        self.brush = brush
        self._sync()
        self.group.set_focus(self.swatches[BRUSHES.index(brush)])

    def step_brush(self, direction: int) -> None:
        """Left/Right on the palette: the brush beside the one in use."""
        self.app.sounds.play("ui_hover")
        self.pick_brush(BRUSHES[(BRUSHES.index(self.brush) + direction) % len(BRUSHES)])

    def _move_cursor(self, direction: int) -> None:
        self.cursor = min(len(self.level.path) - 1, max(0, self.cursor + direction))
        self.app.sounds.play("ui_hover", 0.6)

    def use_brush(self) -> None:
        """Enter on the board: the brush on the keyboard's gear, one step."""
        self.editor.do(stroke_edit(begin_stroke(self.level, self.brush, self.cursor), self.cursor))
        self.app.sounds.play("ui_click")
        self._sync()

    def _sync(self) -> None:
        """The widgets show the level as it is now."""
        level = self.level
        self.cursor = min(self.cursor, len(level.path) - 1)
        for choice, value in ((self.layout_choice, level.layout), (self.gears_choice, len(level.path)),
                              (self.team_choice, level.team_size), (self.hand_choice, level.hand_size)):
            choice.index = [v for v, _label in choice.options].index(value)
        for toggle in self.cards:
            toggle.removed = toggle.card in level.removed_cards
            toggle.tooltip = (_("{card} cards are out of the deck: click to put them back") if toggle.removed
                              else _("Click to take every {card} card out of the deck")).format(
                card=card_name(toggle.card))
        for swatch in self.swatches:
            swatch.chosen = swatch.brush == self.brush
            swatch.focusable = swatch.chosen  # the palette is one stop of the focus; Left/Right pick
        self.undo_button.enabled = bool(self.editor.undo_steps) or self.editor.in_gesture
        self.redo_button.enabled = bool(self.editor.redo_steps)
        playable = self.editor.playable
        self.save_button.enabled = self.try_button.enabled = self.export_button.enabled = playable
        why = "" if playable else _("Not yet: {problem}").format(problem=problem_line(self.editor.problems[0]))
        self.save_button.tooltip = why or _("Keep the level in My levels (Ctrl+S)")
        self.try_button.tooltip = why or _("Play the level now, as it is (Ctrl+P)")
        if self.proving is not None and self.level != self.proving.level:
            self._stop_proof(_("Proof stopped: the level was changed"))
        proving = self.proving is not None
        self.prove_button.enabled = playable or proving
        self.prove_button.label = _("Cancel proof") if proving else _("Prove")
        self.export_button.enabled = playable and not proving

    # ---- typing the name and the description ---------------------------------------------
    def edit_text(self, field: TextField, keyboard: bool) -> None:
        """Type in `field` (opened by the keyboard: its text selected, the first key replaces it)."""
        self.stop_editing()
        self.editing = field
        self.line = LineEdit(field.value(), MAX_NAME if field is self.name_field else MAX_DESCRIPTION)
        if keyboard:
            self.line.select_all()
        field.editing, field.selected = True, self.line.selected
        self.editor.begin()  # what is typed until the field closes is one step
        pygame.key.start_text_input()

    def _typed(self) -> None:
        if self.editing is None:
            return
        self.editing.selected = self.line.selected
        value = self.line.value
        self.editor.extend(SetName(value) if self.editing is self.name_field else SetDescription(value))

    def stop_editing(self) -> None:
        if self.editing is None:
            return
        value = self.line.value.strip()
        self.editor.extend(SetName(value) if self.editing is self.name_field else SetDescription(value))
        self.editor.finish()
        self.editing.editing = False
        self.editing = None
        self._sync()

    def _text_key(self, event: pygame.event.Event) -> bool:
        """Typing in the open field; False for what closes it and goes on (Tab, Up, Down, a click elsewhere)."""
        assert self.editing is not None
        if event.type == pygame.TEXTINPUT:
            self.line.type(event.text)
            self._typed()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.line.backspace()
                self._typed()
                return True
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.line.select_all()
                self._typed()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.stop_editing()
                return True
            if event.key in (pygame.K_LCTRL, pygame.K_RCTRL):
                return True  # the Ctrl of a shortcut to come (Ctrl+A selects, the others close the field)
            if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) or event.mod & pygame.KMOD_CTRL:
                self.stop_editing()
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.editing.rect.collidepoint(event.pos):
            self.stop_editing()
        return False

    # ---- the board under the mouse -------------------------------------------------------
    def gear_at(self, pos: tuple[int, int]) -> int | None:
        """The gear of the level under `pos` (on the board shown), if any."""
        if self.shown is None or not self.box.collidepoint(pos):
            return None
        gear = self.shown.gear_at(pos)
        return gear if gear is not None and gear < len(self.level.path) else None

    def _board_mouse(self, event: pygame.event.Event) -> bool:
        """A press on a gear starts a stroke of the brush, a drag carries it on, the release ends it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            gear = self.gear_at(event.pos)
            if gear is None:
                return False
            self.stroke = begin_stroke(self.level, self.brush, gear)
            self.editor.begin()
            self.editor.extend(stroke_edit(self.stroke, gear))
            self.last_gear = self.cursor = gear
            self.group.set_focus(self.board_stop)
            self.app.sounds.play("ui_click")
            self._sync()
            return True
        if event.type == pygame.MOUSEMOTION and self.stroke is not None:
            gear = self.gear_at(event.pos)
            if gear is not None and gear != self.last_gear:
                self.editor.extend(stroke_edit(self.stroke, gear))
                self.last_gear = self.cursor = gear
                self._sync()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.stroke is not None:
            self.stroke = self.last_gear = None
            self.editor.finish()
            self._sync()
            return True
        return False

    # ---- Try it, Save, leaving -----------------------------------------------------------
    def _refuse(self, what: str) -> None:
        """Try it or Save while the level has a problem: say which."""
        self.app.sounds.play("ui_error")
        self.app.toast(_("{what}: {problem}").format(what=what, problem=problem_line(self.editor.problems[0])))

    def try_it(self) -> None:
        """Play the level as it is now (the editor waits under the run, its history kept)."""
        self.stop_editing()
        self.editor.finish()
        if not self.editor.playable:
            self._refuse(_("Not playable yet"))
            return
        self.try_level(self.level)

    def save(self) -> bool:
        """Write the level to My levels (a new one, or over the one edited: its proof stays while its game is the
        same); False (and one line) if it has a problem or cannot be written."""
        self.stop_editing()
        self.editor.finish()
        if not self.editor.playable:
            self._refuse(_("Not saved"))
            return False
        try:
            mine = self.store.save(self.level, self.level_id, self.app.settings.online_name)
        except MyLevelsError as exc:
            self.app.sounds.play("ui_error")
            self.app.toast(one_line(_("Level not saved: {problem}").format(problem=exc.detail)))
            return False
        self.level_id, self.kept, self.proof = mine.id, self.level, mine.proof
        self.app.toast(_("Saved in My levels"))
        return True

    def _saved(self) -> bool:
        """The level as shown is the one kept in My levels (saved now if it was not); False if it cannot be."""
        return (self.level_id is not None and self.level == self.kept) or self.save()

    def _kept_proof(self) -> LevelProof | None:
        """The proof kept in My levels with the level edited (None for a new level or one that cannot be read)."""
        if self.level_id is None:
            return None
        try:
            return self.store.load(self.level_id).proof
        except MyLevelsError:
            return None

    def prove(self) -> None:
        """Save the level and prove it in the background (or, while it is proved, stop the proof)."""
        if self.proving is not None:
            self._stop_proof(_("Proof cancelled"))
            self._sync()
            return
        if self._saved():
            self.proving = Proving(self.level)
            self._sync()

    def _stop_proof(self, line: str) -> None:
        if self.proving is not None:
            self.proving.cancel()
            self.proving = None
            self.app.toast(line)

    def export(self) -> None:
        """Save the level and write its shared level file (with its proof, if it has one) for the player to pass
        on."""
        if self.proving is not None or not self._saved():
            return
        assert self.level_id is not None
        folder = export_folder()
        try:
            path = self.store.export(self.level_id, folder)
            mine = self.store.load(self.level_id)
        except MyLevelsError as exc:
            self.app.toast(str(exc))
            return
        self.app.push(exported_dialog(self.app, mine, path, lambda: show_folder(self.app, folder)))

    def ask_leave(self) -> None:
        """Back: at once when nothing changed since the last save, else ask."""
        self.stop_editing()
        self.editor.finish()
        if self.level == self.kept:
            self.app.pop()
            return
        if self.editor.playable:
            self.app.push(Dialog(self.app, _("Leave the editor?"), _("Your changes are not saved."),
                                 [(_("Save and leave"), self._save_and_leave), (_("Leave"), self.app.pop),
                                  (_("Keep editing"), lambda: None)]))
        else:
            self.app.push(Dialog(self.app, _("Leave the editor?"),
                                 _("The level has problems, so it cannot be saved yet. Leaving loses the changes."),
                                 [(_("Leave"), self.app.pop), (_("Keep editing"), lambda: None)]))

    def _save_and_leave(self) -> None:
        if self.save():
            self.app.pop()

    # ---- scene ---------------------------------------------------------------------------
    def leave(self) -> None:
        """Off the stack: a proof still running stops."""
        if self.proving is not None:
            self.proving.cancel()
            self.proving = None

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        self.panel = pygame.Rect(w - app.px(452), app.px(16), app.px(436), h - app.px(112))
        bar = h - app.px(78)
        self.words = pygame.Rect(app.px(24), bar - app.px(92), self.panel.left - app.px(40), app.px(84))
        self.box = pygame.Rect(app.px(16), app.px(60), self.panel.left - app.px(32), self.words.top - app.px(64))
        self.board_stop.rect = self.box.copy()
        x, cw = self.panel.left + app.px(16), self.panel.w - app.px(32)
        y = self.panel.top + app.px(16)
        row, gap = app.px(38), app.px(5)
        for wdg in (self.name_field, self.about_field, self.layout_choice, self.gears_choice, self.team_choice,
                    self.hand_choice):
            wdg.rect = pygame.Rect(x, y, cw, row)
            y += row + gap
        self.brush_caption = pygame.Rect(x, y + app.px(4), cw, app.px(26))
        y = self.brush_caption.bottom + app.px(2)
        per_row, sh = 5, app.px(44)
        sw = (cw - (per_row - 1) * gap) // per_row
        for i, swatch in enumerate(self.swatches):
            swatch.rect = pygame.Rect(x + (i % per_row) * (sw + gap), y + (i // per_row) * (sh + gap), sw, sh)
        y += -(-len(self.swatches) // per_row) * (sh + gap)
        self.deck_caption = pygame.Rect(x, y + app.px(4), cw, app.px(26))
        y = self.deck_caption.bottom + app.px(2)
        cw7 = (cw - (len(self.cards) - 1) * gap) // len(self.cards)
        for i, toggle in enumerate(self.cards):
            toggle.rect = pygame.Rect(x + i * (cw7 + gap), y, cw7, sh)
        self.back.rect = pygame.Rect(app.px(24), bar, app.px(160), app.px(56))
        self.undo_button.rect = pygame.Rect(self.back.rect.right + app.px(16), bar, app.px(130), app.px(56))
        self.redo_button.rect = pygame.Rect(self.undo_button.rect.right + app.px(10), bar, app.px(130), app.px(56))
        self.prove_button.rect = pygame.Rect(self.redo_button.rect.right + app.px(14), bar, app.px(180), app.px(56))
        self.export_button.rect = pygame.Rect(self.prove_button.rect.right + app.px(10), bar, app.px(140), app.px(56))
        self.try_button.rect = pygame.Rect(w - app.px(24) - app.px(220), bar - app.px(2), app.px(220), app.px(60))
        self.save_button.rect = pygame.Rect(self.try_button.rect.left - app.px(196), bar, app.px(180), app.px(56))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if self.editing is not None and self._text_key(event):
            return True
        if event.type == pygame.KEYDOWN:
            if self._shortcut(event):
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.sounds.play("ui_back")
                self.ask_leave()
                return True
        if self._board_mouse(event):
            return True
        return self.group.handle(event)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Ctrl+S save, Ctrl+P try it."""
        if not event.mod & pygame.KMOD_CTRL:
            return False
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key == pygame.K_z and not shift:
            self.undo_button.activate(self.app)
        elif event.key in (pygame.K_y, pygame.K_z):
            self.redo_button.activate(self.app)
        elif event.key == pygame.K_s:  # while the level has a problem: said in words, not only by a sound
            self.save()
        elif event.key == pygame.K_p:
            self.app.sounds.play("ui_click")
            self.try_it()
        else:
            return False
        return True

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        proving = self.proving
        if proving is not None and proving.finished and self.level_id is not None:
            self.proving = None
            line = proof_done(self.store, self.level_id, proving)
            if line is not None:
                self.app.toast(line)
            self.proof = self._kept_proof()
            self._sync()
        board = self.boards.board(self.level, self.box, self.app.px(MAX_GEAR_PX), self.fits, self.shown,
                                  hold=self.stroke is not None)  # a drag keeps the gears under the pointer
        if board is not None:
            self.shown = board

    # ---- drawing -------------------------------------------------------------------------
    def _focus_problem(self) -> LevelProblem | None:
        """The problem worded first: the one on the gear under the pointer, else the keyboard's, else the first."""
        problems = self.editor.problems
        for gear in (self.gear_at(self.mouse), self.cursor if self.group.keyboard_mode else None):
            if gear is not None:
                on = self.editor.gear_problems(gear)
                if on:
                    return on[0]
        return problems[0] if problems else None

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        parts: list[Part] = []
        if self.shown is not None:
            troubled = [p.gear for p in self.editor.problems if p.gear is not None]
            hover = self.gear_at(self.mouse) if self.stroke is None else None
            cursor = self.cursor if self.group.keyboard_mode and self.group.focused is self.board_stop else None
            parts += self.boards.parts(self.shown, self.level, app.size, troubled, cursor, hover)
        else:
            parts.append(window_part(app, "backdrop", lambda s: self.backdrop.draw(s, app)))
        panel = self.panel
        parts.append(window_part(app, ("panel", tuple(panel)), lambda s: s.blit(
            app.sprites.nine_slice("ui/panel", panel.size), panel), panel))
        parts.append(self._title_part())
        parts.append(self._captions_part())
        parts.append(self._words_part())
        if self.proving is not None:
            parts.append(proof_bar(app, self.proving.status, self._bar_rect(), app.theme.text_light))
        return parts + group_parts(self.group)

    def _title_part(self) -> Part:
        app = self.app
        title = _("Level editor: {name}").format(name=self.level.name) if self.level.name else _("Level editor")
        rect = pygame.Rect(app.px(24), app.px(12), self.panel.left - app.px(48), app.px(44))

        def paint(surface: pygame.Surface) -> None:
            px = text.fit_px(title, app.font_px(30), rect.w, bold=True)
            text.draw_text(surface, title, px, app.theme.text_light, rect.midleft, "midleft", bold=True,
                           shadow=app.theme.shadow)
        return window_part(app, ("title", title, tuple(rect)), paint, rect)

    def _captions_part(self) -> Part:
        app = self.app
        brush = _("Brush: {name}").format(name=brush_name(self.brush))
        deck = _("Deck: click a colour or a shape to take its cards out")
        a, b = self.brush_caption, self.deck_caption

        def paint(surface: pygame.Surface) -> None:
            for line, r in ((brush, a), (deck, b)):
                px = text.fit_px(line, app.font_px(18), r.w, bold=True)
                text.draw_text(surface, line, px, app.theme.text, r.midleft, "midleft", bold=True)
        return window_part(app, ("captions", brush, deck, tuple(a), tuple(b)), paint, a.union(b))

    def _proof_words(self) -> str:
        """Whether the level as shown is proven: its proof's line, or why it has none."""
        if self.proof is None:
            return _("Not proven yet: Prove has bots play it many times")
        if self.proof.fingerprint != proof_fingerprint(self.level):
            return _("Changed since its proof: prove it again")
        return proof_line(self.proof)

    def _bar_rect(self) -> pygame.Rect:
        """Where a proof's progress goes: the first lines under the board."""
        r = self.words
        return pygame.Rect(r.left, r.top, min(r.w, self.app.px(620)), self.app.px(54))

    def _words_part(self) -> Part:
        """Under the board: the problem worded first and the others, or that the level is ready and whether it is
        proven (while it is proved, the bar takes their place); the keys."""
        app = self.app
        problems = self.editor.problems
        focus = self._focus_problem()
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        if focus is None and self.proving is None:
            lines.append((_("Ready to play: try it, then save it in My levels"), app.theme.ok, True))
            lines.append((self._proof_words(), app.theme.text_light, False))
        elif focus is not None:
            others = [p for p in problems if p != focus]
            lines.append((problem_line(focus), app.theme.danger, True))
            for p in others[:SHOWN_PROBLEMS - 1]:
                lines.append((problem_line(p), app.theme.danger, False))
            hidden = len(others) - (SHOWN_PROBLEMS - 1)
            if hidden > 0:
                lines[-1] = (lines[-1][0] + " " + ngettext("(and {n} more)", "(and {n} more)", hidden).format(n=hidden),
                             lines[-1][1], False)
        lines.append((_("Arrows: gear · Enter: brush · Tab: tools · Ctrl+Z / Ctrl+Y: undo / redo · Ctrl+P: try it"),
                      app.theme.text_light, False))
        r = self.words

        def paint(surface: pygame.Surface) -> None:
            y = r.top if self.proving is None else self._bar_rect().bottom + app.px(4)
            for line, colour, bold in lines:
                px = text.fit_px(line, app.font_px(19), r.w, bold=bold)
                text.draw_text(surface, line, px, colour, (r.left, y), bold=bold, shadow=app.theme.shadow)
                y += text.font(app.font_px(19), bold).get_linesize() + app.px(2)
        return window_part(app, ("words", tuple(lines), tuple(r), self.proving is not None), paint, r)
