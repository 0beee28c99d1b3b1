"""The setup screen: players (human or bot) and their names, bot reaction time, the level (locked/unlocked,
best time, difficulty), first player, assists."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from arenas.bots import MAX_REACTION_MS, MIN_REACTION_MS
from arenas.bots.proof import load_difficulty
from arenas.records import Records
from arenas.rules.components import MAX_PLAYERS
from arenas.rules.levels import Level, LevelError, load_levels
from arenas.scenes.board import BoardView, fit_args
from arenas.scenes.fitting import FitQueue, play_board, play_board_fits
from arenas.scenes.level_facts import difficulty_step, difficulty_text, level_facts, theme_text
from arenas.scenes.setup_widgets import BOT_NAMES, Choices, LevelList, NameField, SeatKind, default_name
from arenas.session import GameSetup, format_ms, fresh_seed
from common.data.i18n import _, format_decimal, language, ngettext
from common.engine import text
from common.engine.layers import Part, image_part
from common.engine.scene import Scene
from common.games import GAMES
from common.scenes.backdrop import Backdrop
from common.tutorials.launch import open_tutorial
from common.ui.line_edit import LineEdit
from common.ui.widget_parts import app_look, widget_screen, window_part
from common.ui.widgets import Button, Choice, Slider, Toggle, Widget, WidgetGroup, frozen

if TYPE_CHECKING:
    from common.engine.app import App

NAME_LIMIT = 16
REACTION_STEP_MS = 200
WARM_AFTER_MS = 250  # a level stays selected this long before its play board is fitted ahead


def reaction_options(current: int) -> list[tuple[int, str]]:
    """Bot reaction delays to choose from (every 0.2 s, and the saved one if it lies between)."""
    values = set(range(MIN_REACTION_MS, MAX_REACTION_MS + 1, REACTION_STEP_MS))
    if MIN_REACTION_MS <= current <= MAX_REACTION_MS:
        values.add(current)
    return [(v, f"{format_decimal(v / 1000, 1 if v % 100 == 0 else 2)} s") for v in sorted(values)]


REMEMBERED = Choices()  # what the setup screen remembers between runs in one session


def _wrap_at_dots(line: str, px: int, width: int) -> list[str]:
    """`line` in bold lines that fit `width`, broken between its ' · ' parts where it can."""
    lines: list[str] = []
    for part in line.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and text.font(px, True).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return [piece for one in lines for piece in text.wrap(one, px, width, bold=True)]


class SetupScene(Scene):
    """Pick players, names, level, first player and assists, then Start."""

    rules_game = "arenas"
    title = "Arenas Movedizas — setup"

    def __init__(self, app: App, on_start: Callable[[GameSetup], None], level: int | None = None, *,
                 hosting: bool = False, host_name: str = "", my_levels: Callable[[], None] | None = None) -> None:
        """`hosting`: Start opens an online room, whose people play from their own screens; the host sits at the
        first seat, a person under their online name `host_name` (the seats at this screen stay as remembered);
        `my_levels` opens the player's own levels (a button under the level list)."""
        super().__init__(app)
        self.on_start = on_start
        self.hosting = hosting
        self.choices = REMEMBERED
        if hosting:
            names, bots = list(REMEMBERED.names), list(REMEMBERED.bots)
            names[0], bots[0] = host_name or names[0], False
            self.choices = replace(REMEMBERED, names=names, bots=bots)
        self.records = Records.load()
        if self.records.message:
            app.toast(self.records.message)
        try:
            self.levels = load_levels()
            self.problem = ""
        except LevelError as exc:
            self.levels, self.problem = [], str(exc)
        c = self.choices
        self.count = Choice(_("Players"), [(n, str(n)) for n in range(1, MAX_PLAYERS + 1)], c.count, self.set_count,
                            _("Everyone in the room plays from their own screen; every hand is open, talk it "
                              "over") if hosting else
                            _("Everyone plays at this screen; every hand is open, talk it over"))
        self.names = [NameField(i, c, self.edit) for i in range(MAX_PLAYERS)]
        self.kinds = [SeatKind(i, c, self.set_bot) for i in range(MAX_PLAYERS)]
        self.first = Choice(_("First player"), self._first_options(), c.first, self.set_first,
                            _("Who plays the first card"))
        delay = app.settings.teammate_delay_ms
        self.reaction = Choice(_("Bot reaction"), reaction_options(delay), delay, self.set_reaction,
                               _("How long bot team-mates take to play a card (each turn varies a little)"))
        self.speed = Slider(_("Sand speed (assist)"), c.speed_pct / 100, 0.5, 1.0, 0.05, self.set_speed,
                            tooltip=_("Slower sand makes it easier; below 100 % the run counts as assisted"))
        self.pause_toggle = Toggle(_("Allow pause with Esc (assist)"), c.allow_pause, self.set_pause,
                                   _("Pausing marks the run as assisted; without it Esc asks whether to leave"))
        self.difficulty = load_difficulty()
        self.level_list = LevelList(self.levels, self.records, lambda i: self.start(),
                                    {n: difficulty_step(row) for n, row in self.difficulty.items()})
        self.level_list.selected = self._initial_level(level)
        self.back = Button(_("Back"), app.pop, icon="ui/icon_back", sound="ui_back")
        self.tutorial = Button(_("Tutorial"), lambda: open_tutorial(app, GAMES["arenas"]),
                               _("Learn to play step by step on a small board (the sand waits for you)"))
        self.start_button = Button(_("Start"), self.start, _("Start the level (Enter)"), font=30)
        self.my_levels = Button(_("My levels"), my_levels if my_levels is not None else app.pop,
                                _("Levels of your own: make them, prove them, host them") if hosting
                                else _("Levels of your own: make them, prove them, play them"))
        self.editing: NameField | None = None
        self.line = LineEdit("", NAME_LIMIT)  # the name being typed
        seats = [w for pair in zip(self.names, self.kinds) for w in pair]
        self.widgets: list[Widget] = [self.count, *seats, self.first, self.reaction, self.speed, self.pause_toggle,
                                      self.level_list, *([self.my_levels] if my_levels is not None else []),
                                      self.back, self.tutorial, self.start_button]
        self.group = WidgetGroup(app, self.widgets)
        self.rows_at = (0, 0, 0)  # left, top and width of the rows under the seats (set by `layout`)
        self.group.set_focus(self.start_button)
        self.group.keyboard_mode = True
        self.backdrop = Backdrop(60)
        self.previews: dict[tuple[int, tuple[int, int], int, int], pygame.Surface] = {}
        self.empty_tables: dict[tuple[int, tuple[int, int], int, int], pygame.Surface] = {}
        self.fits = FitQueue()  # boards are fitted off the frame loop, so browsing levels stays smooth
        self.detail = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.warmed: tuple[object, ...] = ()    # the (level, players, window, sprites) whose play board is fitted
        self.pending: tuple[object, ...] = ()   # the choice waiting to settle, and for how long it has
        self.settled_ms = 0.0
        self.measured: tuple[object, ...] = ()  # what the preview's place was measured for
        self.preview_box = pygame.Rect(0, 0, 0, 0)
        self.preview: pygame.Surface | None = None
        self._sync()

    def _initial_level(self, wanted: int | None) -> int:
        numbers = [lv.number for lv in self.levels]
        if wanted is None:
            wanted = self.choices.level
        if wanted in numbers:
            return numbers.index(wanted)
        open_levels = [i for i, lv in enumerate(self.levels) if self.records.is_unlocked(lv.number)]
        fresh = [i for i in open_levels if not self.records.get(self.levels[i].number).wins]
        return (fresh or open_levels or [0])[0]

    # ---- choices -------------------------------------------------------------------------
    def _first_options(self) -> list[tuple[int, str]]:
        return [(i, self.choices.name(i)) for i in range(self.choices.count)]

    def set_count(self, n: int) -> None:
        self.choices.count = n
        self.choices.first = min(self.choices.first, n - 1)
        self._sync()

    def set_first(self, i: int) -> None:
        self.choices.first = i

    def set_bot(self, i: int, bot: bool) -> None:
        """Make seat `i` a bot or a human; a default name follows the switch (a chosen one stays)."""
        c = self.choices
        c.bots[i] = bot
        if bot and c.name(i) == default_name(i):
            taken = set(c.names[:c.count])
            c.names[i] = next((name for name in BOT_NAMES if name not in taken), _("Bot {n}").format(n=i + 1))
        elif not bot and c.names[i] in BOT_NAMES:
            c.names[i] = ""
        self._sync()

    def set_reaction(self, ms: int) -> None:
        """Bot reaction delay, kept in the settings."""
        self.app.apply_settings(replace(self.app.settings, teammate_delay_ms=ms))

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """Seats (of the chosen player count) played by bots."""
        return tuple(i for i in range(self.choices.count) if self.choices.bots[i])

    @property
    def watching(self) -> bool:
        """True when every seat is a bot."""
        return len(self.bot_seats) == self.choices.count

    def set_speed(self, v: float) -> None:
        self.choices.speed_pct = round(v * 100)

    def set_pause(self, v: bool) -> None:
        self.choices.allow_pause = v

    def _sync(self) -> None:
        seats: list[NameField | SeatKind] = [*self.names, *self.kinds]
        for seat in seats:
            seat.enabled = seat.focusable = seat.index < self.choices.count and not (self.hosting and seat.index == 0)
        self.first.options = self._first_options()
        self.first.index = min(self.choices.first, len(self.first.options) - 1)
        level = self.selected_level
        self.start_button.enabled = level is not None and self.records.is_unlocked(level.number)
        self.start_button.label = _("Watch") if self.watching else _("Start")
        self.start_button.tooltip = (_("Watch the bots play the level (Enter)") if self.watching
                                     else _("Start the level (Enter)"))
        # Bot reaction only when a seat is a bot; the rows below it close up.
        self.group.widgets = [w for w in self.widgets if w is not self.reaction or self.bot_seats]
        self._place_rows()

    def _rows(self) -> list[Widget]:
        """The rows under the seats, top to bottom, as shown now."""
        return [w for w in (self.first, self.reaction, self.speed, self.pause_toggle) if w in self.group.widgets]

    def _place_rows(self) -> None:
        x, y, cw = self.rows_at
        row = self.app.px(40)
        self.reaction.rect = pygame.Rect(0, 0, 0, 0)
        for wdg in self._rows():
            wdg.rect = pygame.Rect(x, y, cw, row)
            y += row + self.app.px(6)

    def edit(self, field_: NameField, keyboard: bool = False) -> None:
        """Type `field_`'s name (opened by the `keyboard`: the name is selected, the first key replaces it)."""
        self.stop_editing()
        self.editing = field_
        self.choices.names[field_.index] = self.choices.names[field_.index] and self.choices.name(field_.index)
        self.line = LineEdit(self.choices.names[field_.index], NAME_LIMIT)
        if keyboard:
            self.line.select_all()
        field_.editing, field_.selected = True, self.line.selected
        pygame.key.start_text_input()

    def _typed(self, line: LineEdit) -> None:
        """The name being typed changed (or its selection)."""
        if self.editing is not None:
            self.choices.names[self.editing.index] = line.value
            self.editing.selected = line.selected

    def stop_editing(self) -> None:
        if self.editing is not None:
            i = self.editing.index
            self.choices.names[i] = self.choices.names[i].strip()
            self.editing.editing = False
            self.editing = None
            self._sync()

    @property
    def selected_level(self) -> Level | None:
        return self.levels[self.level_list.selected] if self.levels else None

    def start(self) -> None:
        """Start the selected level with the chosen players and assists."""
        self.stop_editing()
        level = self.selected_level
        if level is None:
            self.app.toast(self.problem or _("no levels found"))
            return
        if not self.records.is_unlocked(level.number):
            self.app.sounds.play("ui_error")
            self.app.toast(_("Level {number} is locked: win level {previous} first").format(
                number=level.number, previous=level.number - 1))
            return
        c = self.choices
        c.level = level.number
        seed = self.app.options.seed if self.app.options.seed is not None else fresh_seed()
        delay = min(MAX_REACTION_MS, max(MIN_REACTION_MS, self.app.settings.teammate_delay_ms))
        setup = GameSetup(level, tuple(c.name(i) for i in range(c.count)), c.first, c.speed_pct, c.allow_pause, seed,
                          bots=self.bot_seats, reaction_ms=delay)
        self.on_start(setup)

    # ---- scene ---------------------------------------------------------------------------
    def resume(self) -> None:
        self.records = Records.load()
        self.level_list.records = self.records
        self._sync()

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        top = app.px(84)
        bottom = h - app.px(96)
        self.left = pygame.Rect(app.px(24), top, app.px(430), bottom - top)
        self.right = pygame.Rect(self.left.right + app.px(18), top, w - self.left.right - app.px(42), bottom - top)
        x, y, cw = self.left.left + app.px(18), self.left.top + app.px(18), self.left.w - app.px(36)
        row = app.px(40)
        self.count.rect = pygame.Rect(x, y, cw, row)
        y += row + app.px(6)
        name_h = app.px(34)
        kind_w = app.px(112)
        for f, k in zip(self.names, self.kinds):
            f.rect = pygame.Rect(x, y, cw - kind_w - app.px(6), name_h)
            k.rect = pygame.Rect(f.rect.right + app.px(6), y, kind_w, name_h)
            y += name_h + app.px(3)
        self.rows_at = (x, y + app.px(6), cw)
        self._place_rows()
        list_w = min(app.px(330), self.right.w // 2)
        below = app.px(58) if self.my_levels in self.widgets else 0  # the My levels button under the list
        self.level_list.rect = pygame.Rect(self.right.left + app.px(18), self.right.top + app.px(18), list_w,
                                           self.right.h - app.px(36) - below)
        self.my_levels.rect = pygame.Rect(self.level_list.rect.left, self.level_list.rect.bottom + app.px(8),
                                          list_w, app.px(48))
        self.level_list.reveal(app)
        self.detail = pygame.Rect(self.level_list.rect.right + app.px(30), self.right.top + app.px(18),
                                  self.right.right - self.level_list.rect.right - app.px(48), self.right.h - app.px(36))
        self.back.rect = pygame.Rect(app.px(24), h - app.px(78), app.px(200), app.px(56))
        self.tutorial.rect = pygame.Rect(self.back.rect.right + app.px(16), h - app.px(78), app.px(200), app.px(56))
        self.start_button.rect = pygame.Rect(w - app.px(24) - app.px(260), h - app.px(80), app.px(260), app.px(60))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            if event.type == pygame.TEXTINPUT:
                self.line.type(event.text)
                self._typed(self.line)
                return True
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    self.line.backspace()
                    self._typed(self.line)
                    return True
                if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                    self.line.select_all()
                    self._typed(self.line)
                    return True
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB,
                                 pygame.K_UP, pygame.K_DOWN):
                    self.stop_editing()
                    if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                        return self.group.handle(event)
                    return True
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and not self.editing.rect.collidepoint(event.pos):
                self.stop_editing()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.group.focused is self.level_list:
            self.start()
            return True
        if event.type == pygame.MOUSEWHEEL and self.level_list.rect.collidepoint(self.group.mouse_pos):
            return self.level_list.wheel(self.app, event.y)
        before = self.level_list.selected
        used = self.group.handle(event)
        if self.level_list.selected != before:
            self._sync()
        return used

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        self._warm_play_board(dt_ms)
        self._update_preview()

    def _update_preview(self) -> None:
        """Where the selected level's board picture goes (measured again when the details change), and the
        picture itself once its board is fitted (read here, once a frame, so every draw of a frame agrees)."""
        app = self.app
        look = (self._detail_look(), tuple(self.detail), app.size, language(), app_look(app))
        if look != self.measured:
            probe = pygame.Surface((self.detail.w, app.size[1] - self.detail.top))  # drawn there, to measure
            box = self._draw_detail(probe, pygame.Rect((0, 0), self.detail.size))
            self.measured, self.preview_box = look, box.move(self.detail.topleft)
        level, box = self.selected_level, self.preview_box
        self.preview = self._preview(level, box) if level is not None and box.h > app.px(80) else None

    def _warm_play_board(self, dt_ms: float) -> None:
        """Fit the selected level's play board once the choice has settled, so Start opens it at once."""
        level = self.selected_level
        if level is None:
            return
        key = (level, self.choices.count, self.app.size, id(self.app.sprites), self.app.sprites.version)
        if key == self.warmed:
            return
        if key != self.pending:
            self.pending, self.settled_ms = key, 0.0
        self.settled_ms += dt_ms
        if self.settled_ms >= WARM_AFTER_MS:
            fits = play_board_fits(self.app, level, self.choices.count, self.app.size)
            if all([self.fits.ready(args) for args in fits]):  # noqa: C419 (a list: every fit is queued at once)
                play_board(self.app, level, self.choices.count, self.app.size)
                self.warmed = key

    def frame_parts(self) -> list[Part] | None:
        app = self.app
        w, h = app.size

        def title(surface: pygame.Surface) -> None:
            text.draw_text(surface, "Arenas Movedizas", app.font_px(44), app.theme.text_light, (w // 2, app.px(16)),
                           "midtop", bold=True, shadow=app.theme.shadow)

        over = []
        if self.choices.count < MAX_PLAYERS:
            below = self.names[self.choices.count].rect
            more = _("More players in the room: change Players above (up to 7)") if self.hosting else \
                _("More players at one screen: change Players above (up to 7)")
            where = text.render(more, app.font_px(16), app.theme.muted).get_rect(
                midleft=(below.left + app.px(14), below.centery))
            over.append(window_part(app, ("more", more, tuple(where)), lambda surface: text.draw_text(
                surface, more, app.font_px(16), app.theme.muted, where.topleft), where))
        over.append(window_part(app, ("detail", self._detail_look()), partial(self._draw_detail, area=self.detail),
                                pygame.Rect(self.detail.left, self.detail.top, self.detail.w, h - self.detail.top)))
        if self.preview is not None:
            over.append(image_part(self.preview, self.preview_box.topleft))
        hint = _("Assists (slower sand, pause, hints with H) mark a run as assisted: it unlocks the next level"
                 " but sets no best time")
        left, right = self.tutorial.rect.right, self.start_button.rect.left

        def assists(surface: pygame.Surface) -> None:  # on two balanced lines beside Tutorial, as small as needed
            room, px = right - left - app.px(40), app.font_px(16)
            while len(text.wrap_balanced(hint, px, room)) > 2 and px > 10:
                px -= 1
            lines = text.wrap_balanced(hint, px, room)
            lh = text.font(px).get_linesize()
            for i, line in enumerate(lines):
                text.draw_text(surface, line, px, app.theme.text_light,
                               ((left + right) // 2, self.back.rect.centery + round((i - (len(lines) - 1) / 2) * lh)),
                               "center", shadow=app.theme.shadow)
        over.append(window_part(app, ("hint", left, right), assists,
                                pygame.Rect(left, self.back.rect.top - app.px(10), right - left,
                                            self.back.rect.h + app.px(20))))
        picture = self.backdrop.picture(app, app.size, [("ui/panel", self.left), ("ui/panel", self.right)])
        return widget_screen(picture, self.group, window_part(app, "title", title), over=over)

    def _detail_look(self) -> Hashable:
        """What the selected level's details show depends on."""
        level = self.selected_level
        if level is None:
            return self.problem
        n = level.number
        rec = self.records.get(n)
        return frozen((n, self.records.is_unlocked(n), self.records.best_ms(n), rec.wins, rec.assisted_wins,
                       rec.losses, self.difficulty.get(n), self.choices.count, self.bot_seats))

    def _draw_detail(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        """The selected level's name, description, facts and record in `area`; return where its board goes."""
        app = self.app
        level = self.selected_level
        r = area
        ink, muted = app.theme.text, app.theme.muted
        if level is None:
            for i, line in enumerate(text.wrap(self.problem or _("No levels found."), app.font_px(20), r.w)):
                text.draw_text(surface, line, app.font_px(20), app.theme.danger, (r.left, r.top + i * app.px(24)))
            return pygame.Rect(r.left, r.bottom, r.w, 0)
        y = r.top
        title = _("Level {number}: {name}").format(number=level.number, name=_(level.name))
        px = text.fit_px(title, app.font_px(30), r.w, bold=True)
        y = text.draw_text(surface, title, px, ink, (r.left, y), bold=True).bottom + app.px(10)
        about = theme_text(level, self.records.get(level.number).wins > 0)
        if about:  # a short line, wrapped rather than shrunk where the panel is narrow
            px = app.font_px(18)
            for line in text.wrap(about, px, r.w, bold=True):
                y = text.draw_text(surface, line, px, ink, (r.left, y), bold=True).bottom
            y += app.px(8)
        lh = text.font(app.font_px(19)).get_linesize()
        for line in text.wrap(_(level.description), app.font_px(19), r.w):
            text.draw_text(surface, line, app.font_px(19), ink, (r.left, y))
            y += lh
        y += app.px(12)
        for fact in level_facts(level):
            for k, line in enumerate(text.wrap(fact, app.font_px(18), r.w - app.px(16))):
                if k == 0:
                    pygame.draw.circle(surface, ink, (r.left + app.px(4), y + lh // 2), app.px(3))
                text.draw_text(surface, line, app.font_px(18), ink, (r.left + app.px(16), y))
                y += text.font(app.font_px(18)).get_linesize()
        difficulty = difficulty_text(self.difficulty.get(level.number))
        if difficulty:
            y += app.px(4)
            for line in _wrap_at_dots(difficulty, app.font_px(18), r.w):
                y = text.draw_text(surface, line, app.font_px(18), ink, (r.left, y), bold=True).bottom
        y += app.px(14)
        rec = self.records.get(level.number)
        if not self.records.is_unlocked(level.number):
            lines = [_("Locked: win level {previous} to open it.").format(previous=level.number - 1)]
        else:
            best = self.records.best_ms(level.number)
            won = (_("Won {wins} ({assisted} assisted)") if rec.assisted_wins else _("Won {wins}")).format(
                wins=rec.wins, assisted=rec.assisted_wins)
            lines = [_("Best time: {time}").format(time=format_ms(best)) if best is not None
                     else _("Best time: none yet"), won + " · " + _("lost {losses}").format(losses=rec.losses)]
        state_ink = ink if self.records.is_unlocked(level.number) else app.theme.danger
        for line in lines:
            text.draw_text(surface, line, app.font_px(20), state_ink, (r.left, y), bold=True)
            y += app.px(26)
        notes = []
        if self.choices.count != level.team_size:
            notes.append(ngettext("(you chose {n} player)", "(you chose {n} players)", self.choices.count).format(
                n=self.choices.count))
        if self.watching:
            notes.append(_("Every seat is a bot: you watch them play (not recorded)"))
        elif self.bot_seats:
            n = len(self.bot_seats)
            notes.append(ngettext("{n} bot team-mate at the table", "{n} bot team-mates at the table", n).format(n=n))
        for note in notes:
            text.draw_text(surface, note, text.fit_px(note, app.font_px(16), r.w), muted, (r.left, y))
            y += app.px(20)
        # About the shape of the play scene's board, so the preview shows the path as it will be laid.
        box = pygame.Rect(r.left, y + app.px(8), r.w, min(r.bottom - y - app.px(8), round(r.w * 0.56)))
        box.bottom = r.bottom
        return box

    def _preview(self, level: Level, box: pygame.Rect) -> pygame.Surface:
        """A small picture of the level's board (cached per level and size); an empty table (cached too, so
        that it stays one still picture) until its board has been fitted in the background."""
        key = (level.number, box.size, id(self.app.sprites), self.app.sprites.version)
        img = self.previews.get(key)
        if img is None:
            inner, max_s = pygame.Rect(0, 0, box.w, box.h).inflate(-self.app.px(16), -self.app.px(16)), self.app.px(60)
            if not self.fits.ready(fit_args(level, inner, max_s)):
                empty = self.empty_tables.get(key)
                if empty is None:
                    empty = self.empty_tables[key] = self._table(box.size)
                return empty
            img = self._table(box.size)
            board = BoardView(self.app, level, inner, max_s)
            img.blit(board.preview(), board.box)
            self.previews[key] = img
        return img

    def _table(self, size: tuple[int, int]) -> pygame.Surface:
        """The preview's table: green cloth in a wooden rim."""
        frame = pygame.Rect((0, 0), size)
        back = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(back, (31, 74, 70), frame, border_radius=self.app.px(14))
        pygame.draw.rect(back, (92, 58, 34), frame, max(2, self.app.px(4)), border_radius=self.app.px(14))
        return back
