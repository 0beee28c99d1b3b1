"""The sound bank: loads the game's effects once and plays them, silently when there is no audio."""
from __future__ import annotations

from pathlib import Path

import pygame

from common.data.paths import shipped

SOUND_DIR = shipped("sounds")
SUFFIXES = (".wav", ".ogg")
LOOP_CHANNELS = 4     # reserved for loops, so one-shots never steal a running loop's channel
EFFECT_CHANNELS = 16


def load_sound(path: Path) -> pygame.mixer.Sound:
    """One effect file, decoded for the open mixer."""
    return pygame.mixer.Sound(str(path))


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))


class SoundBank:
    """Named sound effects from one folder, with master/effects volume and mute applied live.

    Call `init()` once; before it, or when no audio device can be opened, every method is a
    harmless no-op. Problems (no device, a file that would not load, an unknown name) are kept
    as one line each in `problems`.
    """

    def __init__(self, sound_dir: Path | None = None) -> None:
        self.sound_dir = Path(sound_dir) if sound_dir is not None else SOUND_DIR
        self.problems: list[str] = []
        self._sounds: dict[str, pygame.mixer.Sound] | None = None  # None: not loaded / silent
        self._master, self._effects, self._muted = 1.0, 1.0, False
        self._loops: dict[str, tuple[int, float]] = {}  # name -> (channel index, volume)
        self._playing: dict[int, tuple[pygame.mixer.Sound, float, float | None]] = {}
        self._unknown: set[str] = set()
        self._initialized = False
        self._deferred = False

    # ------------------------------------------------------------------ setup

    def init(self) -> None:
        """Open the mixer if needed and load every WAV/OGG of the folder (only the first call works)."""
        if self._initialized:
            return
        self._initialized = True
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init()
            if pygame.mixer.get_init() is None:
                raise pygame.error("mixer did not start")
            pygame.mixer.set_num_channels(max(pygame.mixer.get_num_channels(),
                                              LOOP_CHANNELS + EFFECT_CHANNELS))
            pygame.mixer.set_reserved(LOOP_CHANNELS)
        except Exception as exc:  # no device, no SDL_mixer, or a driver error: run silent
            self.problems.append(f"sound: no audio device ({str(exc) or type(exc).__name__}); running silent")
            return
        self._sounds = {}
        if not self.sound_dir.is_dir():
            self.problems.append(f"sound: folder {self.sound_dir} is missing; no sound effects")
            return
        for path in sorted(self.sound_dir.iterdir()):
            if path.suffix.lower() not in SUFFIXES or not path.is_file():
                continue
            if path.stem in self._sounds:
                self.problems.append(f"sound: {path} has the same name as another file; skipped")
                continue
            try:
                self._sounds[path.stem] = load_sound(path)
            except Exception as exc:
                self.problems.append(f"sound: {path} could not be loaded ({exc}); skipped")

    def defer_init(self) -> None:
        """Let the first `play` or `loop` call `init()` (when nothing has yet): the device opens when needed."""
        self._deferred = True

    @property
    def available(self) -> bool:
        """True when sounds can actually be heard (mixer open and `init()` done)."""
        return self._sounds is not None and pygame.mixer.get_init() is not None

    def names(self) -> list[str]:
        """Names of the loaded sounds, sorted."""
        return sorted(self._sounds or ())

    # ------------------------------------------------------------------ volume

    def set_volumes(self, master: float, effects: float, muted: bool) -> None:
        """Set the volume settings; playing sounds and loops follow at once."""
        self._master, self._effects, self._muted = _clamp(master), _clamp(effects), bool(muted)
        if not self.available:
            return
        for index, (sound, volume, pan) in list(self._playing.items()):
            channel = pygame.mixer.Channel(index)
            if channel.get_sound() is sound:
                self._apply(channel, volume, pan)
            else:
                del self._playing[index]
        for index, volume in self._loops.values():
            self._apply(pygame.mixer.Channel(index), volume, None)

    def level(self, volume: float = 1.0) -> float:
        """The channel volume a sound played at `volume` gets: master * effects * volume, 0 muted."""
        return 0.0 if self._muted else self._master * self._effects * _clamp(volume)

    def _apply(self, channel: pygame.mixer.Channel, volume: float, pan: float | None) -> None:
        v = self.level(volume)
        if pan is None:
            channel.set_volume(v)  # one value also resets any panning left on the channel
        else:
            p = max(-1.0, min(1.0, float(pan)))
            channel.set_volume(v * min(1.0, 1.0 - p), v * min(1.0, 1.0 + p))

    # ------------------------------------------------------------------ playing

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if self._deferred and not self._initialized:
            self.init()
        sound = self._sounds.get(name) if self._sounds is not None and self.available else None
        if sound is None and self.available and name not in self._unknown:
            self._unknown.add(name)
            self.problems.append(f"sound: no sound named {name!r} in {self.sound_dir}")
        return sound

    def play(self, name: str, volume: float = 1.0, pan: float | None = None) -> None:
        """Play sound `name` once; `pan` from -1 (left) to 1 (right). Dropped if all channels are busy."""
        sound = self._sound(name)
        if sound is None:
            return
        for index in range(LOOP_CHANNELS, pygame.mixer.get_num_channels()):
            channel = pygame.mixer.Channel(index)
            if not channel.get_busy():
                self._apply(channel, volume, pan)  # before play, so no sample goes out too loud
                channel.play(sound)
                self._playing[index] = (sound, volume, pan)
                return

    def loop(self, name: str, volume: float = 1.0) -> None:
        """Start sound `name` looping unless that loop already runs (then only its volume changes)."""
        if name in self._loops and self.available:
            index, _ = self._loops[name]
            if pygame.mixer.Channel(index).get_busy():
                self.set_loop_volume(name, volume)
                return
            del self._loops[name]
        sound = self._sound(name)
        if sound is None:
            return
        used = {index for index, _ in self._loops.values()}
        for index in range(LOOP_CHANNELS):
            channel = pygame.mixer.Channel(index)
            if index not in used and not channel.get_busy():
                self._apply(channel, volume, None)
                channel.play(sound, loops=-1)
                self._loops[name] = (index, volume)
                return

    def set_loop_volume(self, name: str, volume: float) -> None:
        """Change the volume of a running loop (scaled by the settings like any sound)."""
        if name in self._loops and self.available:
            index, _ = self._loops[name]
            self._loops[name] = (index, volume)
            self._apply(pygame.mixer.Channel(index), volume, None)

    def stop_loop(self, name: str, fade_ms: int = 200) -> None:
        """Stop a running loop, fading it out over `fade_ms` milliseconds."""
        entry = self._loops.pop(name, None)
        if entry is None or not self.available:
            return
        channel = pygame.mixer.Channel(entry[0])
        if fade_ms > 0:
            channel.fadeout(int(fade_ms))
        else:
            channel.stop()

    def stop_all(self) -> None:
        """Stop every sound and loop at once."""
        self._loops.clear()
        self._playing.clear()
        if self.available:
            pygame.mixer.stop()
