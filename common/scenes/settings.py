"""Settings: language, sprite pack, volumes, mute, animation speed, UI scale, fullscreen, high contrast, move
previews, and the system's notification of a new turn (whether the system has them is asked on the notifier's
thread as the screen opens; the screen never waits)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from common.data import paths
from common.data.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, format_decimal, format_percent, system_language
from common.data.settings import ANIMATION_SPEEDS, UI_SCALES
from common.engine import text
from common.engine.layers import Part
from common.engine.scene import Scene, beside_foot_button
from common.engine.system_notifier import SystemNotifier
from common.packs.maker import MadePack, user_packs_dir
from common.packs.sprite_packs import discover_packs
from common.scenes.backdrop import Backdrop
from common.scenes.controls import ControlsScene
from common.scenes.folder import FolderOpener, copy_text
from common.scenes.gallery import GalleryScene
from common.scenes.my_tables import NOTIFIER
from common.scenes.new_pack import NewPackScene
from common.ui.dialog import Dialog
from common.ui.widget_parts import widget_screen, window_part
from common.ui.widgets import Button, Choice, Slider, Toggle, Widget, WidgetGroup

if TYPE_CHECKING:
    from common.engine.app import App


SHIPPED_PACK_NAMES = (N_("Default"), N_("High Contrast"))
"""The names of the packs in sprites/ (their pack.toml): shown through _() like every pack name."""


def _speed_label(v: float) -> str:
    return _("Instant") if v == 0 else f"{format_decimal(v, len(f'{v:g}'.partition('.')[2]))}×"


def _language_options() -> list[tuple[str, str]]:
    """"" follows the system (named with the language it gives), then every language in its own name."""
    system = _("System ({language})").format(language=LANGUAGE_NAMES[system_language()])
    return [("", system), *((code, LANGUAGE_NAMES[code]) for code in LANGUAGES)]


class SettingsScene(Scene):
    """Every setting applies at once and is saved; Esc or Back returns."""

    title = N_("Settings")

    def __init__(self, app: App, notifier: SystemNotifier | None = None) -> None:
        """`notifier` shows the system's notifications (the app's own by default, which tools and tests, headless,
        never ask); it is asked whether the system has them as the screen opens."""
        super().__init__(app)
        self.backdrop = Backdrop(60)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.opener = FolderOpener(app)
        self.notifier = notifier or NOTIFIER
        self.asks = notifier is not None or not app.options.headless
        self.notices_seen = self.notifier.state
        self.tell_missing = False  # the player turned the notifications on: tell them if the system has none
        self.check_notices(app.settings.turn_notices)
        self._build()

    def _build(self) -> None:
        """The rows and the Back button, in the current language (again when it changes)."""
        app, s = self.app, self.app.settings
        packs = [(p.id, _(p.name)) for p in discover_packs()]
        self.notices_row = Toggle(_("Tell me when it is my turn (system notification)"), s.turn_notices,
                                  self.turn_notices, self.notices_line())
        self.rows: list[Widget] = [
            Choice(_("Language"), _language_options(), s.language, lambda v: self.change(language=v),
                   _("The language of every screen; System follows your computer's language")),
            Choice(_("Sprite pack"), packs, s.sprite_pack, lambda v: self.change(sprite_pack=v),
                   _("Pictures used by both games. Packs live in sprites/ or your data folder.")),
            Button(_("Open sprite gallery"), self.open_gallery, _("See every sprite and which pack it comes from"),
                   font=22),
            Button(_("Controls"), lambda: app.push(ControlsScene(app)), _("See and change the keys of both games"),
                   font=22),
            Slider(_("Master volume"), s.master_volume, 0.0, 1.0, 0.05, lambda v: self.change(master_volume=v)),
            Slider(_("Effects volume"), s.effects_volume, 0.0, 1.0, 0.05,
                   lambda v: self.change(effects_volume=v)),
            Toggle(_("Mute"), s.muted, lambda v: self.change(muted=v)),
            Choice(_("Animation speed"), [(v, _speed_label(v)) for v in ANIMATION_SPEEDS], s.animation_speed,
                   lambda v: self.change(animation_speed=v), _("How fast cards, markers and timers animate")),
            Choice(_("UI scale"), [(v, format_percent(v)) for v in UI_SCALES], s.ui_scale,
                   lambda v: self.change(ui_scale=v)),
            Toggle(_("Fullscreen (F11)"), s.fullscreen, lambda v: self.change(fullscreen=v)),
            Toggle(_("High-contrast palette"), s.high_contrast, lambda v: self.change(high_contrast=v),
                   _("Black ink, bright focus and stronger colours")),
            Toggle(_("Show seconds on sand timers"), s.show_timer_seconds,
                   lambda v: self.change(show_timer_seconds=v),
                   _("Arenas Movedizas: remaining seconds on every timer")),
            Toggle(_("Move previews"), s.move_previews, lambda v: self.change(move_previews=v),
                   _("Show what a card or a placement would do before you play it")),
            self.notices_row,
        ]
        self.new_pack = Button(_("New pack"), self.ask_new_pack,
                               _("Make your own pack from a small starter, and use it"), font=22)
        self.open_packs = Button(_("Open folder"), lambda: self.opener.open(user_packs_dir()),
                                 _("Your packs folder: {folder}").format(folder=user_packs_dir()), font=22)
        self.back = Button(_("Back"), app.pop, icon="ui/icon_back", sound="ui_back")
        old = getattr(self, "group", None)
        self.group = WidgetGroup(app, [*self.rows[:3], self.new_pack, self.open_packs, *self.rows[3:], self.back])
        self.group.keyboard_mode = True
        if old is not None:  # rebuilt for a new language: the focus stays on the same row
            self.group.focus_index = old.focus_index
            self.group.keyboard_mode, self.group.mouse_pos = old.keyboard_mode, old.mouse_pos
            self.group.covers = old.covers  # rebuilt as a dialog closes: the pointer is forgotten all the same

    def retranslate(self) -> None:
        self._build()

    def change(self, **values: Any) -> None:
        self.app.apply_settings(replace(self.app.settings, **values))

    def notices_line(self) -> str:
        """The notifications row's line: what it does, or that the system has none."""
        if self.notifier.state == "missing":
            return _("Notifications are not available on this system") + \
                (f" ({self.notifier.problem})" if self.notifier.problem else "")
        return _("Turn-based tables: your system tells you when a friend has moved and the game waits on you")

    def check_notices(self, tell: bool) -> None:
        """Ask, on the notifier's thread, whether the system has notifications; `tell`: say so if it has none."""
        if self.asks:
            self.tell_missing, self.notices_seen = tell, "checking"
            self.notifier.check()

    def turn_notices(self, on: bool) -> None:
        self.change(turn_notices=on)
        if on:
            self.check_notices(True)

    def open_gallery(self) -> None:
        self.app.push(GalleryScene(self.app))

    def ask_new_pack(self) -> None:
        self.app.push(NewPackScene(self.app, self.use_pack))

    def use_pack(self, pack: MadePack) -> None:
        """Select a pack just made and say, in a dialog, where to paint: its folder, to open or copy."""
        app = self.app
        self.change(sprite_pack=pack.id)
        self._build()
        self.layout(app.size)
        where = str(pack.folder)
        app.push(Dialog(app, _("New pack “{name}” in use").format(name=pack.id),
                        _("Paint over the PNG pictures in its folder, then press F5 to see them in the game:")
                        + "\n" + where,
                        [(_("Open the folder"), lambda: self.opener.open(pack.folder)),
                         (_("Copy the path"), lambda: copy_text(app, where)), (_("Close"), lambda: None)]))

    def layout(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        pw = min(w - app.px(60), app.px(760))
        top = app.px(96)
        avail = h - top - app.px(136)
        row_h = min(app.px(50), avail // len(self.rows) - app.px(4))
        self.panel = pygame.Rect(w // 2 - pw // 2, top - app.px(20), pw,
                                 len(self.rows) * (row_h + app.px(4)) + app.px(36))
        y = top
        for row in self.rows:
            row.rect = pygame.Rect(self.panel.left + app.px(24), y, pw - app.px(48), row_h)
            y += row_h + app.px(4)
        self.rows[3].rect = self.rows[3].rect.inflate(-pw // 3, -app.px(4))
        gap, strip = app.px(10), self.rows[2].rect.inflate(0, -app.px(4))
        third = (strip.w - 2 * gap) // 3
        for i, button in enumerate((self.rows[2], self.new_pack, self.open_packs)):
            button.rect = pygame.Rect(strip.left + i * (third + gap), strip.top, third, strip.h)
        self.back.rect = pygame.Rect(w // 2 - app.px(120), self.panel.bottom + app.px(42), app.px(240), app.px(54))

    def toast_area(self) -> pygame.Rect:
        """Toasts go right of the Back button, off the panel and the keys line."""
        return beside_foot_button(self.back.rect, self.app.size[0], self.app.px(16))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.sounds.play("ui_back")
            self.app.pop()
            return True
        return self.group.handle(event)

    def update(self, dt_ms: float) -> None:
        self.group.update(dt_ms)
        self.opener.update()
        state = self.notifier.state
        if state != self.notices_seen and state != "checking":
            self.notices_seen = state
            self.notices_row.tooltip = self.notices_line()
            if state == "missing" and self.tell_missing:
                self.app.toast(_("Notifications are not available on this system"), 8000)
            self.tell_missing = False

    def frame_parts(self) -> list[Part] | None:
        app = self.app

        def title(surface: pygame.Surface) -> None:
            text.draw_text(surface, _("Settings"), app.font_px(46), app.theme.text_light,
                           (surface.get_width() // 2, app.px(22)), "midtop", bold=True, shadow=app.theme.shadow)
            line = _("Data folder (records, saves, replays, your packs): {folder}").format(folder=paths.data_dir())
            text.draw_text(surface, line, text.fit_px(line, app.font_px(17), self.panel.w), app.theme.text_light,
                           (self.panel.centerx, self.panel.bottom + app.px(10)), "midtop", shadow=app.theme.shadow)
        return widget_screen(self.backdrop.picture(app, app.size, [("ui/panel", self.panel)]), self.group,
                             window_part(app, "title", title))
