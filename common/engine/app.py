"""The application: window, frame loop, global keys, and the services scenes use."""
from __future__ import annotations

import contextlib
import gc
import os
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

import pygame

from common.data.i18n import _, ngettext, set_language, system_language
from common.data.jsonio import clean_empty_files, clean_temps_in
from common.data.paths import cache_dir, config_dir, data_dir, replays_dir
from common.data.safe_text import one_line
from common.data.settings import Settings, load_settings, save_settings
from common.engine import text
from common.engine.clock import FixedStepClock
from common.engine.layers import Layers, Part, paint_all
from common.engine.scene import Scene, SceneStack
from common.engine.sound import SoundBank
from common.engine.theme import Theme, make_theme
from common.packs.sprites import FIRST_FRAME_SPRITES, Prefetch, SpriteBook

TITLE = "Arenas & Arzium"
ICON_SPRITE = "ui/logo_emblem"  # the window icon: the sprite pack's app logo
BASE_SIZE = (1280, 720)
MIN_SIZE = (960, 540)
DESKTOP_ROOM = (40, 80)  # what a desktop's panels and a title bar take, at least (SDL tells no usable area)
MADE_UP_DESKTOPS = ("dummy", "offscreen")  # video drivers without a screen: their 1024x768 desktop is no room
STEP_MS = 10
F11_REPEAT_MS = 450  # F11 pressed again sooner than this is the key's repeat, not a new press

# Builds the rules screen of a game ("arenas" / "arzium"); given by whoever assembles the app (main.py,
# the test fixture), so the engine does not import the shell's scenes.
RulesSceneFactory = Callable[["App", str], Scene]


def fullscreen_size(desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The fullscreen window's size: the first desktop's (where the window is moved first), else the display's."""
    return desktops[0] if desktops else (0, 0)


class WindowFit(NamedTuple):
    """How the window opens: its `size`, the smallest the player (or the window manager) may make it, and
    whether it opens maximized."""

    size: tuple[int, int]
    minimum: tuple[int, int] = MIN_SIZE
    maximized: bool = False


def windowed_fit(size: tuple[int, int], desktops: list[tuple[int, int]], asked: bool = False) -> WindowFit:
    """`size`, unless it does not fit the first desktop less room for a title bar and panels (a size the player
    `asked` for: the desktop itself): then the window opens at most at the desktop's size, maximized (the window
    manager gives it the desktop's usable area), and may shrink to `size` made small enough (same shape) to fit
    that room."""
    if not desktops or desktops[0][0] <= 0 or desktops[0][1] <= 0:
        return WindowFit(size)
    desk = desktops[0]
    room = desk if asked else (desk[0] - DESKTOP_ROOM[0], desk[1] - DESKTOP_ROOM[1])
    if size[0] <= room[0] and size[1] <= room[1]:
        return WindowFit(size)
    k = max(0.1, min(room[0] / size[0], room[1] / size[1]))
    shrunk = (round(size[0] * k), round(size[1] * k))
    opening = (max(min(MIN_SIZE[0], desk[0]), shrunk[0]), max(min(MIN_SIZE[1], desk[1]), shrunk[1]))
    return WindowFit(opening, (min(MIN_SIZE[0], shrunk[0]), min(MIN_SIZE[1], shrunk[1])), True)


def _window() -> pygame.Window | None:
    """The display module's window, where the video driver has one."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None


def clean_debris() -> None:
    """Remove the temp files killed writes left in the user's folders (settings, records, saves, tutorial
    progress, the cache) and in the replays folder, with its empty replay files, and the lock files of
    instances that are gone."""
    from common.data.file_lock import clean_stale_locks  # a window cleans after its first frame
    for folder in dict.fromkeys((config_dir(), data_dir(), cache_dir() / "toml")):
        clean_temps_in(folder)
    clean_temps_in(replays_dir())
    clean_empty_files(replays_dir(), ".json")
    clean_stale_locks(data_dir())


@dataclass
class AppOptions:
    """Command-line choices that override settings for this run."""

    size: tuple[int, int] = BASE_SIZE
    size_asked: bool = False
    """--size: the window opens at exactly this size wherever the desktop holds it."""
    fullscreen: bool = False
    mute: bool = False
    sprites: str | None = None
    seed: int | None = None
    headless: bool = False
    save_settings: bool = True
    lang: str | None = None
    """--lang: the language of this run, over the setting (until the player picks one in Settings)."""


@dataclass
class Toast:
    message: str
    remaining_ms: float


class App:
    """Owns the window and the scene stack; gives scenes sprites, sounds, fonts and settings."""

    def __init__(self, options: AppOptions | None = None, settings: Settings | None = None,
                 rules_scene: RulesSceneFactory | None = None, prefetch: Prefetch | None = None,
                 dropped_file: Callable[[Path], str | None] | None = None) -> None:
        """`prefetch`: sprite files already being decoded (`common.packs.sprites.prefetch_default`);
        `dropped_file`: what takes a file dropped onto the window that no scene took (one line saying what it did;
        None: not its)."""
        self.options = options or AppOptions()
        self.rules_scene = rules_scene
        self.dropped_file = dropped_file
        if self.options.headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        if pygame.display.get_driver() == "x11":
            # X's own shared-memory picture of the window, so that a frame presents only its changed rectangles
            # (SDL's default OpenGL texture uploads the whole window at each present: 0.3 s at 4K without a GPU)
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        if not pygame.font.get_init():  # a new font module: the cached fonts and texts were the old one's
            pygame.font.init()
            text.clear_cache()
        self.toasts: list[Toast] = []
        self.debris = settings is None  # a start on the user's files cleans the debris of writes killed earlier:
        if self.debris and self.options.headless:  # a window after its first frame, the tools and tests now
            clean_debris()
            self.debris = False
        if settings is None:
            settings, message = load_settings()
            if message:
                self.toast(message)
        self.settings = settings
        if self.options.sprites:
            self.settings = replace(self.settings, sprite_pack=self.options.sprites)
        self.use_language(self.options.lang or self.settings.language or system_language())
        self.windowed_size = self.options.size
        self.fit = WindowFit(self.windowed_size)
        if not self.options.headless and pygame.display.get_driver() not in MADE_UP_DESKTOPS:
            self.fit = windowed_fit(self.windowed_size, pygame.display.get_desktop_sizes(), self.options.size_asked)
            self.windowed_size = self.fit.size
        self.windowed_at: tuple[int, int] | None = None  # where the window was before fullscreen
        self.f11_at = -1e9  # when F11 was last pressed (ms)
        fullscreen = (self.options.fullscreen or self.settings.fullscreen) and not self.options.headless
        # a window checks the default pack's files as its sprites are first drawn, the rest after the first frame
        self.sprites = SpriteBook.load(self.settings.sprite_pack, ahead=prefetch,
                                       defer_checks=not self.options.headless)
        self._set_icon()  # before the window opens, so that pygame does not load an icon of its own for it
        self.screen = self._open_window(fullscreen)
        pygame.display.set_caption(TITLE)
        pygame.key.set_repeat(350, 40)
        if not self.options.headless:  # tools and tests need not pay for a frame they may never draw
            self.sprites.prefetch(FIRST_FRAME_SPRITES)
        for problem in self.sprites.problems[:3]:
            self.toast(problem)
        self.sounds = SoundBank()
        if self.options.headless:
            self.sounds.init()
        else:  # the audio device is opened after the first frame (or by a sound asked before it)
            self.sounds.defer_init()
        self.apply_volumes()
        self.theme: Theme = make_theme(self.sprites.colour, self.settings.high_contrast)
        self.stack = SceneStack()
        self.stack.size = self.screen.get_size()
        self.fixed_clock = FixedStepClock(STEP_MS)
        self.running = True
        self.frame_count = 0
        self.layers = Layers()
        self.dirty: list[pygame.Rect] | None = None  # what the last drawn frame changed (None: everything)
        self.first_frame_at: float | None = None
        self.services: list[Callable[[float], None]] = []  # run every frame whatever scene is on top (dt ms)

    # ---- window -------------------------------------------------------------------------
    def _set_icon(self) -> None:
        """Show the sprite pack's logo as the window's icon (where the window system has one)."""
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(self.sprites.image(ICON_SPRITE))

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        """Open the window: fullscreen at the whole desktop, or resizable at `windowed_size` where it was."""
        window = _window()
        if fullscreen:
            if window is not None:  # with no window manager, a fullscreen window stays where the window was
                self.windowed_at = window.position
                window.position = (0, 0)
            screen = pygame.display.set_mode(fullscreen_size(pygame.display.get_desktop_sizes()), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            window = _window()
            if window is not None and self.windowed_at is not None:
                window.position = self.windowed_at
        window = _window()
        if window is not None:
            with contextlib.suppress(pygame.error):
                window.minimum_size = self.fit.minimum
                if self.fit.maximized and not fullscreen:
                    self.fit = self.fit._replace(maximized=False)  # once, as it opens
                    window.maximize()
        self.fullscreen = fullscreen
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def resize_window(self, size: tuple[int, int]) -> None:
        """Give the (windowed) window a new size and lay the scenes out for it."""
        self.windowed_size = size
        self.screen = self._open_window(False)
        self.stack.relayout(self.size)

    def toggle_fullscreen(self) -> None:
        """Switch between a resizable window and fullscreen, and remember it in settings."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.screen = self._open_window(not self.fullscreen)
        self.settings = replace(self.settings, fullscreen=self.fullscreen)
        self.save_settings()
        self.stack.relayout(self.size)

    # ---- scale and look -----------------------------------------------------------------
    @property
    def scale(self) -> float:
        """Layout scale: 1.0 at 1280×720, times the user's UI scale."""
        w, h = self.size
        return min(w / BASE_SIZE[0], h / BASE_SIZE[1]) * self.settings.ui_scale

    def px(self, n: float) -> int:
        """A length designed at 1280×720, scaled to the window."""
        return max(1, round(n * self.scale))

    def font_px(self, n: float) -> int:
        """A font size designed at 1280×720, scaled to the window (text stays crisp)."""
        return max(10, round(n * self.scale))

    def anim_ms(self, ms: float) -> float:
        """Duration of an animation after the animation-speed setting (0 when instant)."""
        speed = self.settings.animation_speed
        return 0.0 if speed <= 0 else ms / speed

    def use_language(self, language: str) -> None:
        """Show text in `language` (a broken or missing catalogue: English, and a toast saying why)."""
        problem = set_language(language)
        if problem:
            self.toast(problem)

    def apply_settings(self, settings: Settings) -> None:
        """Apply changed settings live (pack, volumes, palette, scale, language) and save them."""
        old = self.settings
        self.settings = settings
        if settings.language != old.language:
            self.options = replace(self.options, lang=None)  # the player's choice now wins over --lang
            self.use_language(settings.language or system_language())
            self.stack.retranslate()
        if settings.sprite_pack != old.sprite_pack:
            self.sprites = SpriteBook.load(settings.sprite_pack)
            for problem in self.sprites.problems[:3]:
                self.toast(problem)
            self._set_icon()
        if settings.fullscreen != self.fullscreen and not self.options.headless:
            self.toggle_fullscreen()
        self.theme = make_theme(self.sprites.colour, settings.high_contrast)
        self.apply_volumes()
        self.save_settings()
        self.stack.relayout(self.size)

    def apply_volumes(self) -> None:
        s = self.settings
        self.sounds.set_volumes(s.master_volume, s.effects_volume, s.muted or self.options.mute)

    def save_settings(self) -> None:
        if self.options.save_settings:
            message = save_settings(self.settings)
            if message:
                self.toast(message)

    def reload_sprites(self) -> None:
        """F5: re-read the active pack from disk."""
        self.sprites.reload()
        self.theme = make_theme(self.sprites.colour, self.settings.high_contrast)
        self.stack.relayout(self.size)
        problems = self.sprites.problems
        if problems:
            message = ngettext("Reloaded sprite pack '{pack}' with {n} problem: {first}",
                               "Reloaded sprite pack '{pack}' with {n} problems: {first}", len(problems)).format(
                pack=self.sprites.pack_name, n=len(problems), first=problems[0])
        else:
            message = _("Reloaded sprite pack '{pack}'").format(pack=self.sprites.pack_name)
        self.toast(message)

    # ---- messages -----------------------------------------------------------------------
    def toast(self, message: str, ms: float = 5000) -> None:
        """Show a one-line message at the bottom of the window for a few seconds (the same message
        again restarts its time instead of stacking a copy); it is made safe and one line first."""
        message = one_line(message)
        self.toasts = [t for t in self.toasts if t.message != message]
        self.toasts.append(Toast(message, ms))
        self.toasts = self.toasts[-3:]

    def toast_box_area(self) -> pygame.Rect:
        """The area the top scene gives its toasts (by default the window above its foot's margin)."""
        w, h = self.size
        top = self.stack.top
        area = top.toast_area() if top is not None else None
        return area if area is not None else pygame.Rect(self.px(26), 0, w - 2 * self.px(26), h - self.px(9))

    def _toast_parts(self) -> list[Part]:
        """The toasts on show, as parts of the frame (over everything), within the top scene's toast area."""
        parts: list[Part] = []
        area = self.toast_box_area()
        pad_x, pad_y = self.px(28), self.px(14)
        y = area.bottom - (pad_y - pad_y // 2)  # the foot of the newest toast's words
        for toast in reversed(self.toasts):
            px = self.font_px(18)
            img = text.render(toast.message, px, self.theme.text_light)
            if img.get_width() > area.w - pad_x:
                px = text.fit_px(toast.message, px, area.w - pad_x)
                img = text.render(toast.message, px, self.theme.text_light)
            box = img.get_rect(midbottom=(area.centerx, y)).inflate(pad_x, pad_y)
            if box.top < area.top:
                break  # older toasts wait out their time unseen rather than cover what the area keeps clear
            panel = self.sprites.nine_slice("ui/tooltip", box.size)

            def paint(surface: pygame.Surface, panel: pygame.Surface = panel, img: pygame.Surface = img,
                      box: pygame.Rect = box) -> None:
                surface.blit(panel, box)
                surface.blit(img, img.get_rect(center=box.center))
            parts.append(Part(box, (panel, img, tuple(box)), paint))
            y = box.top - self.px(6)
        return parts

    # ---- scenes -------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.size = self.size
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()
        if self.stack.top is None:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.stack.size = self.size
        self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    def open_rules(self, game: str) -> None:
        """Push the rules screen of `game` (F1 does it for scenes whose `rules_game` is set)."""
        if self.rules_scene is None:
            self.toast(_("The rules screen is not available here"))
            return
        self.push(self.rules_scene(self, game))

    # ---- the frame ----------------------------------------------------------------------
    def handle_global(self, event: pygame.event.Event) -> bool:
        """Keys and window events that work in every scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return True
        if event.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED):  # the window system lost what it showed
            self.layers.forget()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
            surface = pygame.display.get_surface()
            if surface is not None:
                self.screen = surface
            self.stack.relayout(self.size)
            return event.type != pygame.VIDEORESIZE
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                # A new window may never see F11 released: its key repeat (every 40 ms) must not toggle again.
                now = pygame.time.get_ticks()
                fresh, self.f11_at = now - self.f11_at > F11_REPEAT_MS, now
                if fresh:
                    self.toggle_fullscreen()
                return True
            if event.key == pygame.K_F5:
                self.reload_sprites()
                return True
            if event.key == pygame.K_F1:
                top = self.stack.top
                if top is not None and top.rules_game:
                    self.open_rules(top.rules_game)
                    return True
        return False

    def step(self, events: list[pygame.event.Event], dt_ms: float, draw: bool = True) -> None:
        """Run one frame: input, fixed rule steps, animation update, draw (no present)."""
        for event in events:
            if not self.handle_global(event) and not self.stack.handle(event) and event.type == pygame.DROPFILE:
                self.dropped(Path(event.file))
        for _step in range(self.fixed_clock.tick(dt_ms)):
            self.stack.fixed_update(STEP_MS)
        self.stack.update(dt_ms)
        for service in self.services:
            service(dt_ms)
        for toast in self.toasts:
            toast.remaining_ms -= dt_ms
        self.toasts = [t for t in self.toasts if t.remaining_ms > 0]
        if draw:
            self.draw()
        self.frame_count += 1

    def dropped(self, path: Path) -> None:
        """A file dropped onto the window that no scene took: a toast saying what became of it."""
        line = self.dropped_file(path) if self.dropped_file is not None else None
        self.toast(line if line is not None else _("{name} is not a file the games can open").format(name=path.name))

    def draw(self, whole: bool = False) -> None:
        """Draw the frame: through the layers when every scene on show gives its parts (then only what changed
        is presented, unless `whole`), else by each scene's `draw` (the whole window is presented)."""
        parts = self.stack.frame_parts()
        if parts is None:
            self.stack.draw(self.screen)
            paint_all(self.screen, self._toast_parts())
            self.layers.forget()
            self.dirty = None
            return
        if whole:
            self.layers.forget()
        self.dirty = self.layers.draw(self.screen, parts + self._toast_parts())

    def present(self) -> None:
        """Show the frame drawn by `step`: the rectangles it changed, or the whole window."""
        if self.dirty is None:
            pygame.display.flip()
        else:
            pygame.display.update(self.dirty)

    def run(self) -> None:
        """The frame loop until the window closes or the last scene leaves."""
        clock = pygame.time.Clock()
        clock.tick()
        while self.running and self.stack.top is not None:
            dt = clock.tick(0 if self.first_frame_at is None else 60)  # the first frame waits for nothing
            self.step(pygame.event.get(), dt)
            self.present()
            if self.first_frame_at is None:
                self._first_frame_shown()
        self.sounds.stop_all()
        pygame.quit()

    def _first_frame_shown(self) -> None:
        """The start is over: check the rest of the default pack's files (a broken one is told now), open the
        audio device, clean the debris of killed writes, and take what the start made out of the collector's
        sight (it lives as long as the window; the command line holds collections until here)."""
        self.first_frame_at = time.perf_counter()
        if os.environ.get("ARENAS_ARZIUM_EXIT_AFTER_FIRST_FRAME"):
            self.running = False
        else:
            for problem in self.sprites.check_all()[:3]:
                self.toast(problem)
            self.sounds.init()
            if self.debris:
                clean_debris()
                self.debris = False
        gc.freeze()
        gc.enable()
