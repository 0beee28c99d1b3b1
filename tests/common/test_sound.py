"""The sound bank (loading, volume, silent mode) and the sound generator (determinism, files)."""
from __future__ import annotations

import importlib.util
import io
import shutil
import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from common.engine.sound import LOOP_CHANNELS, SOUND_DIR, SoundBank

ROOT = Path(__file__).resolve().parents[2]

# name -> (shortest, longest) sensible duration in seconds
EXPECTED = {
    "ui_click": (0.03, 0.15), "ui_hover": (0.03, 0.12), "ui_back": (0.08, 0.4),
    "ui_error": (0.15, 0.6), "turn_chime": (0.6, 2.0), "sand_hiss": (1.8, 2.2),
    "flip_clack": (0.15, 0.6), "gear_click": (0.05, 0.3), "warning_tick": (0.04, 0.25),
    "win_stinger": (1.5, 2.5), "lose_stinger": (1.5, 2.5), "marker_place": (0.05, 0.3),
    "coin": (0.2, 1.0), "card_flip": (0.1, 0.4), "card_claim": (0.3, 1.2), "bid": (0.1, 0.4),
    "fanfare": (2.5, 3.5), "countdown_beep": (0.06, 0.3),
}
CEILING = round(32767 * 10 ** (-1 / 20))  # -1 dBFS


@pytest.fixture(scope="module")
def generate() -> ModuleType:
    """sounds/generate.py, loaded from its file (sounds/ is a data folder, not a package)."""
    spec = importlib.util.spec_from_file_location("sound_generate", ROOT / "sounds" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_pcm(data: bytes) -> tuple[tuple[int, int, int], array]:
    """((channels, sample width, rate), samples) of a WAV file's bytes."""
    with wave.open(io.BytesIO(data)) as w:
        fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        pcm = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return fmt, pcm


@pytest.fixture
def bank() -> Iterator[SoundBank]:
    pygame.mixer.init()
    b = SoundBank()
    b.init()
    yield b
    b.stop_all()


def busy_loop_channels() -> list[pygame.mixer.Channel]:
    return [pygame.mixer.Channel(i) for i in range(LOOP_CHANNELS) if pygame.mixer.Channel(i).get_busy()]


# ---------------------------------------------------------------- the bank with a (dummy) device

def test_bank_opens_the_mixer_itself_and_loads_every_generated_file() -> None:
    pygame.mixer.quit()
    bank = SoundBank()
    bank.init()
    assert pygame.mixer.get_init() is not None
    assert bank.available
    assert bank.problems == []
    assert bank.names() == sorted(EXPECTED)


def test_volume_is_master_times_effects_times_volume() -> None:
    b = SoundBank()  # pure arithmetic: works without init() and without a device
    b.set_volumes(0.5, 0.8, False)
    assert b.level() == pytest.approx(0.4)
    assert b.level(0.5) == pytest.approx(0.2)
    b.set_volumes(1.7, -0.3, False)  # out-of-range settings are clamped
    assert b.level() == 0.0
    b.set_volumes(1.0, 1.0, True)
    assert b.level() == 0.0 and b.level(0.7) == 0.0


def test_volume_and_mute_apply_live_to_loops_and_playing_sounds(bank: SoundBank) -> None:
    bank.set_volumes(0.5, 0.5, False)
    bank.loop("sand_hiss", 0.8)
    bank.play("fanfare")
    [loop] = busy_loop_channels()
    [shot] = [pygame.mixer.Channel(i) for i in range(LOOP_CHANNELS, pygame.mixer.get_num_channels())
              if pygame.mixer.Channel(i).get_busy()]
    assert loop.get_volume() == pytest.approx(0.2, abs=1 / 128)
    assert shot.get_volume() == pytest.approx(0.25, abs=1 / 128)

    bank.set_volumes(0.5, 0.5, True)
    assert loop.get_volume() == 0.0 and shot.get_volume() == 0.0
    assert loop.get_busy()  # muting silences a loop without ending it

    bank.set_volumes(1.0, 1.0, False)
    assert loop.get_volume() == pytest.approx(0.8, abs=1 / 128)
    assert shot.get_volume() == pytest.approx(1.0, abs=1 / 128)
    bank.set_loop_volume("sand_hiss", 0.25)
    assert loop.get_volume() == pytest.approx(0.25, abs=1 / 128)


def test_loop_starts_once_and_stops(bank: SoundBank) -> None:
    bank.loop("sand_hiss")
    bank.loop("sand_hiss", 0.5)  # already running: only the volume changes
    [channel] = busy_loop_channels()
    assert channel.get_volume() == pytest.approx(0.5, abs=1 / 128)
    bank.stop_loop("sand_hiss", fade_ms=0)
    assert busy_loop_channels() == []
    bank.loop("sand_hiss")
    assert len(busy_loop_channels()) == 1
    bank.stop_all()
    assert not pygame.mixer.get_busy()


def test_play_with_pan_and_volume_does_not_touch_loops(bank: SoundBank) -> None:
    bank.loop("sand_hiss")
    for i in range(40):  # more than there are effect channels: extra sounds are dropped
        bank.play("coin", volume=0.5, pan=(i % 5 - 2) / 2)
    assert len(busy_loop_channels()) == 1
    assert bank.problems == []


def test_unknown_names_are_harmless_and_reported_once(bank: SoundBank) -> None:
    bank.play("no_such_sound")
    bank.play("no_such_sound", 0.3, pan=-1.0)
    bank.loop("no_such_loop")
    bank.set_loop_volume("no_such_loop", 0.5)
    bank.stop_loop("no_such_loop")
    assert busy_loop_channels() == []
    assert len(bank.problems) == 2
    assert "'no_such_sound'" in bank.problems[0] and "'no_such_loop'" in bank.problems[1]


def test_init_loads_once(bank: SoundBank) -> None:
    before = bank.names()
    bank.init()
    assert bank.names() == before and bank.problems == []


def test_bad_and_missing_files_give_one_line_each(tmp_path: Path) -> None:
    pygame.mixer.init()
    shutil.copy(SOUND_DIR / "coin.wav", tmp_path / "good.wav")
    (tmp_path / "broken.wav").write_text("this is not a wave file")
    (tmp_path / "empty.ogg").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("ignored")
    b = SoundBank(tmp_path)
    b.init()
    assert b.names() == ["good"]
    assert len(b.problems) == 2
    assert "broken.wav" in b.problems[0] and "empty.ogg" in b.problems[1]
    assert all("\n" not in p for p in b.problems)

    missing = SoundBank(tmp_path / "nowhere")
    missing.init()
    assert missing.available and missing.names() == []
    assert len(missing.problems) == 1 and "nowhere" in missing.problems[0]
    missing.play("coin")


# ---------------------------------------------------------------- no audio device

def test_without_a_mixer_every_method_is_a_no_op(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    b = SoundBank()
    b.init()
    b.init()
    assert not b.available
    assert b.names() == []
    assert len(b.problems) == 1 and "running silent" in b.problems[0]
    b.set_volumes(0.5, 0.5, False)
    b.play("coin")
    b.play("coin", 0.5, pan=0.3)
    b.play("no_such_sound")
    b.loop("sand_hiss")
    b.set_loop_volume("sand_hiss", 0.1)
    b.set_volumes(1.0, 1.0, True)
    b.stop_loop("sand_hiss")
    b.stop_loop("sand_hiss", fade_ms=0)
    b.stop_all()
    assert len(b.problems) == 1


def test_methods_before_init_are_no_ops() -> None:
    b = SoundBank()
    b.play("coin")
    b.loop("sand_hiss")
    b.stop_loop("sand_hiss")
    b.stop_all()
    assert not b.available and b.names() == [] and b.problems == []


# ---------------------------------------------------------------- the generator and its files

def drift(generate: ModuleType, name: str) -> int:
    """How far the generator's `name` now lies from its file: the largest sample difference (a different libm may
    round a sample differently: 2 at most; anything more means a stale file or a generator that is not
    deterministic)."""
    _, pcm = read_pcm((SOUND_DIR / f"{name}.wav").read_bytes())
    _, fresh = read_pcm(generate.render(name))
    assert len(fresh) == len(pcm), name
    return max(abs(a - b) for a, b in zip(fresh, pcm))


def test_generator_is_deterministic(generate: ModuleType) -> None:
    """The generator makes today what it made when the files were written (the noise too: it is seeded)."""
    for name in ("gear_click", "sand_hiss", "card_claim"):
        assert drift(generate, name) <= 2, name


def test_generator_knows_exactly_the_expected_sounds(generate: ModuleType) -> None:
    assert set(generate.SOUNDS) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sound_file_is_sane(name: str) -> None:
    fmt, pcm = read_pcm((SOUND_DIR / f"{name}.wav").read_bytes())
    assert fmt == (1, 2, 44100)
    shortest, longest = EXPECTED[name]
    assert shortest <= len(pcm) / 44100 <= longest
    peak = max(abs(v) for v in pcm)
    assert peak <= CEILING, "louder than -1 dBFS"
    assert peak >= 32767 * 10 ** (-40 / 20), "nearly silent"
    if name == "sand_hiss":
        steps = sorted(abs(pcm[i] - pcm[i - 1]) for i in range(1, len(pcm)))
        assert abs(pcm[0] - pcm[-1]) <= steps[int(0.99 * len(steps))], "the loop seam jumps"
        assert abs(pcm[0]) <= steps[len(steps) // 2], "the loop does not start near zero"
    else:
        assert abs(pcm[0]) <= 16 and abs(pcm[-1]) <= 16, "no fade at the ends"


@pytest.mark.slow  # renders all 18 sounds (3 s); the default suite checks three of them
def test_files_are_what_the_generator_makes(generate: ModuleType) -> None:
    for name in generate.SOUNDS:
        assert drift(generate, name) <= 2, f"{name}.wav is stale: run sounds/generate.py"


def test_folder_is_small_and_hover_is_the_softest(generate: ModuleType) -> None:
    assert sum(p.stat().st_size for p in SOUND_DIR.iterdir()) < 3_000_000
    loud = {name: generate.stats((SOUND_DIR / f"{name}.wav").read_bytes())[2] for name in EXPECTED}
    assert min(loud, key=loud.get) == "ui_hover"
