#!/usr/bin/env python3
"""Synthesize every sound effect of Arenas & Arzium into this folder.

Run from the repo root: ``python sounds/generate.py [--out DIR]``. Pure Python (no numpy) and
deterministic: noise comes from fixed seeds. Every sound is a 44.1 kHz 16-bit mono WAV, peak-
normalized to its own level (never above -1 dBFS) and faded in and out so it starts and ends
without a click; ``sand_hiss`` is instead a seamless loop that starts on a zero crossing.

The building blocks: ``strike`` (a mallet exciting decaying resonant modes: wood, metal, bells),
``voice`` (a wavetable note whose timbre can brighten with its envelope: beeps, brass) and
filtered seeded noise (swishes, sand).
"""
from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

RATE = 44100
TAU = 2.0 * math.pi
HERE = Path(__file__).resolve().parent

Signal = list[float]
Mode = tuple[float, float, float]  # (frequency Hz, decay time constant s, gain)


# --------------------------------------------------------------------------- building blocks

def samples(seconds: float) -> int:
    """Number of samples in `seconds`."""
    return round(seconds * RATE)


def mix(into: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add `src` * `gain` into `into` from `at` seconds on, growing `into` as needed; returns `into`."""
    start = samples(at)
    end = start + len(src)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, v in enumerate(src, start):
        into[i] += v * gain
    return into


def noise(seconds: float, rng: random.Random) -> Signal:
    """White noise in [-1, 1)."""
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(samples(seconds))]


def hump(x: Signal, rise: float = 0.5) -> Signal:
    """Multiply by a smooth 0→1→0 window that peaks at fraction `rise` of the length."""
    n = len(x)
    top = max(1, int(n * rise))
    out = []
    for i, v in enumerate(x):
        p = i / top if i < top else (n - 1 - i) / max(1, n - 1 - top)
        out.append(v * math.sin(0.5 * math.pi * p) ** 2)
    return out


def decay(x: Signal, seconds: float) -> Signal:
    """Multiply by an exponential decay with time constant `seconds`."""
    k = math.exp(-1.0 / (seconds * RATE))
    g = 1.0
    out = []
    for v in x:
        out.append(v * g)
        g *= k
    return out


def lowpass(x: Signal, cutoff: float) -> Signal:
    """One-pole low-pass."""
    a = 1.0 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Signal, cutoff: float) -> Signal:
    """One-pole high-pass (the input minus its low-passed self)."""
    return [v - lo for v, lo in zip(x, lowpass(x, cutoff))]


def bandpass(x: Signal, freq: float, q: float, to: float | None = None) -> Signal:
    """Band-pass biquad with 0 dB peak; the centre glides geometrically from `freq` to `to` if given."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    n = len(x)
    b0 = a1 = a2 = 0.0
    for i, v in enumerate(x):
        if i % 16 == 0:  # refreshing the coefficients every 16 samples is smooth enough for a glide
            f = freq if to is None else freq * (to / freq) ** (i / max(1, n - 1))
            w = TAU * f / RATE
            alpha = math.sin(w) / (2.0 * q)
            norm = 1.0 / (1.0 + alpha)
            b0 = alpha * norm
            a1 = -2.0 * math.cos(w) * norm
            a2 = (1.0 - alpha) * norm
        y = b0 * (v - x2) - a1 * y1 - a2 * y2
        x2, x1 = x1, v
        y2, y1 = y1, y
        out.append(y)
    return out


def circular(fn: Callable[[Signal], Signal], x: Signal) -> Signal:
    """Apply a causal filter to `x` as if it repeated forever, so a loop of it stays seamless."""
    return fn(x + x)[len(x):]


def strike(seconds: float, modes: Sequence[Mode], mallet_ms: float = 0.3) -> Signal:
    """Resonant modes rung by a mallet: a Hann pulse whose width softens the high modes."""
    n = samples(seconds)
    width = max(2, samples(mallet_ms / 1000.0))
    pulse = [math.sin(math.pi * (i + 0.5) / width) ** 2 for i in range(width)]
    total = sum(pulse)
    pulse = [p / total for p in pulse]
    out = [0.0] * n
    for freq, tau, gain in modes:
        if freq >= 0.45 * RATE:
            continue
        w = TAU * freq / RATE
        r = math.exp(-1.0 / (tau * RATE))
        a1, a2, b0 = 2.0 * r * math.cos(w), r * r, gain * math.sin(w)  # unit-amplitude ring
        y1 = y2 = 0.0
        for i in range(min(n, width + samples(9.0 * tau))):  # ~ -78 dB after 9 time constants
            y = a1 * y1 - a2 * y2 + (b0 * pulse[i] if i < width else 0.0)
            out[i] += y
            y2, y1 = y1, y
    return fade_tail(out, min(0.2, 0.2 * seconds))


def fade_tail(x: Signal, seconds: float) -> Signal:
    """Fade the last `seconds` of `x` smoothly to silence, in place; returns `x`."""
    n, k = len(x), min(len(x), samples(seconds))
    for i in range(n - k, n):
        x[i] *= math.sin(0.5 * math.pi * (n - 1 - i) / k) ** 2
    return x


def bar(freq: float, tau: float, tilt: float) -> list[Mode]:
    """Modes of a free wooden or metal bar (ratios 1 : 2.76 : 5.40 : 8.93); higher modes die faster."""
    ratios = (1.0, 2.756, 5.404, 8.933)
    return [(freq * r, tau / (1.0 + 1.5 * k), tilt ** k) for k, r in enumerate(ratios)]


def bell(freq: float, tau: float) -> list[Mode]:
    """A soft bell: a slowly beating fundamental pair and a few fading inharmonic partials."""
    return [(freq, tau, 1.0), (freq * 1.0023, tau, 0.5), (freq * 2.0, tau * 0.5, 0.3),
            (freq * 2.76, tau * 0.3, 0.16), (freq * 5.4, tau * 0.12, 0.05)]


def clink(freq: float) -> list[Mode]:
    """A small metal disc (coin): bright inharmonic partials with a long, shimmering ring."""
    return [(freq, 0.26, 1.0), (freq * 1.0019, 0.26, 0.6), (freq * 1.523, 0.19, 0.7),
            (freq * 2.081, 0.13, 0.45), (freq * 2.79, 0.08, 0.25)]


def pluck(freq: float, tau: float) -> list[Mode]:
    """A celesta-like note: mostly harmonic partials, the upper ones short."""
    return [(freq, tau, 1.0), (freq * 1.003, tau, 0.35), (freq * 2.0, tau * 0.45, 0.3),
            (freq * 3.0, tau * 0.25, 0.1), (freq * 4.0, tau * 0.15, 0.05)]


TABLE_SIZE = 2048


def wavetable(harmonics: Sequence[float]) -> list[float]:
    """One peak-normalized cycle from harmonic amplitudes (1st, 2nd, ...), plus a wrap-around sample."""
    cycle = [sum(a * math.sin(TAU * h * i / TABLE_SIZE) for h, a in enumerate(harmonics, 1) if a)
             for i in range(TABLE_SIZE)]
    peak = max(abs(v) for v in cycle)
    return [v / peak for v in cycle] + [cycle[0] / peak]


SOFT = wavetable([1.0, 0.12, 0.04])
HOLLOW = wavetable([1.0, 0.0, 0.28, 0.0, 0.08])
BEEP = wavetable([1.0, 0.0, 0.18, 0.0, 0.06])
BRASS_DARK = wavetable([1.0, 0.45, 0.2, 0.1, 0.05])
BRASS_BRIGHT = wavetable([1.0, 0.85, 0.7, 0.55, 0.42, 0.32, 0.24, 0.17, 0.12, 0.08, 0.05])


def voice(seconds: float, freq: float, table: list[float], bright: list[float] | None = None,
          attack: float = 0.01, release: float = 0.05, fade: float | None = None,
          brightness: float = 0.6, vibrato: float = 0.0, bend: float = 1.0) -> Signal:
    """A note from a wavetable with a smooth attack and release.

    With `bright`, the timbre moves toward it as the note speaks and settles at `brightness`
    (brass). `fade` is an exponential decay time constant of the level, `vibrato` a pitch depth
    that eases in after 0.2 s, and `bend` the pitch ratio reached by the end of the note.
    """
    n = samples(seconds)
    na, nr = max(1, samples(attack)), max(1, samples(release))
    step0 = freq * TABLE_SIZE / RATE
    k_fade = math.exp(-1.0 / (fade * RATE)) if fade else 1.0
    k_bloom = math.exp(-1.0 / (0.12 * RATE))
    level, bloom, phase, vib_phase = 1.0, 1.0, 0.0, 0.0
    out = []
    for i in range(n):
        t = i / RATE
        env = level
        if i < na:
            env *= math.sin(0.5 * math.pi * i / na) ** 2
        if i >= n - nr:
            env *= math.sin(0.5 * math.pi * (n - 1 - i) / nr) ** 2
        step = step0 * bend ** (i / n)
        if vibrato:
            vib_phase += TAU * 5.2 / RATE
            step *= 1.0 + vibrato * min(1.0, max(0.0, (t - 0.2) / 0.3)) * math.sin(vib_phase)
        j = int(phase)
        frac = phase - j
        v = table[j] + frac * (table[j + 1] - table[j])
        if bright is not None:
            b = env * (brightness + (1.0 - brightness) * bloom)
            v += b * (bright[j] + frac * (bright[j + 1] - bright[j]) - v)
        out.append(v * env)
        phase = (phase + step) % TABLE_SIZE
        level *= k_fade
        bloom *= k_bloom
    return out


# --------------------------------------------------------------------------- the sounds

class Spec(NamedTuple):
    """How to make one sound."""
    synth: Callable[[], Signal]
    level_db: float  # target short-term loudness, dBFS (see `loudness`)
    loop: bool


SOUNDS: dict[str, Spec] = {}


def sound(level_db: float, loop: bool = False) -> Callable[[Callable[[], Signal]], Callable[[], Signal]]:
    """Register a synth function under its own name with its loudness in dBFS."""
    def register(fn: Callable[[], Signal]) -> Callable[[], Signal]:
        SOUNDS[fn.__name__] = Spec(fn, level_db, loop)
        return fn
    return register


@sound(-20)
def ui_click() -> Signal:
    """A short crisp wooden button tick."""
    x = strike(0.07, bar(1900, 0.016, 0.45), mallet_ms=0.12)
    tick = bandpass(decay(noise(0.008, random.Random(101)), 0.0012), 3600, 0.9)
    return mix(x, tick, gain=0.5)


@sound(-32)
def ui_hover() -> Signal:
    """A very soft high blip when the pointer or focus reaches a control."""
    return voice(0.06, 1568, SOFT, attack=0.008, release=0.045)


@sound(-20)
def ui_back() -> Signal:
    """Two falling blips: going back or closing."""
    x = voice(0.1, 880, SOFT, attack=0.004, release=0.06, fade=0.05)
    return mix(x, voice(0.14, 659.3, SOFT, attack=0.004, release=0.09, fade=0.06), at=0.07)


@sound(-19)
def ui_error() -> Signal:
    """A gentle two-note hollow 'nope'."""
    x = voice(0.13, 311.1, HOLLOW, attack=0.015, release=0.06, bend=0.97)
    return mix(x, voice(0.19, 261.6, HOLLOW, attack=0.015, release=0.1, bend=0.96), at=0.15)


@sound(-16)
def turn_chime() -> Signal:
    """Two soft bell strikes, a fifth apart: the turn passes."""
    x = strike(1.5, bell(784.0, 0.45), mallet_ms=0.25)
    return mix(x, strike(1.35, bell(1174.7, 0.4), mallet_ms=0.25), at=0.15, gain=0.75)


@sound(-24, loop=True)
def sand_hiss() -> Signal:
    """Trickling sand: grains of filtered noise over a soft bed; loops seamlessly."""
    rng = random.Random(202)
    r = rng.random
    n = samples(2.0)
    bed = circular(lambda s: bandpass(s, 3500, 0.7), noise(2.0, rng))
    fine = [0.0] * n
    coarse = [0.0] * n
    for layer, count, shortest, longest, sparseness in ((fine, 2400, 15, 60, 2), (coarse, 350, 40, 160, 3)):
        for _ in range(count):  # each grain is a tiny decaying burst; it wraps around the end
            start = int(r() * n)
            length = shortest + int(r() * (longest - shortest))
            g, k = r() ** sparseness, math.exp(-4.0 / length)
            for i in range(start, start + length):
                layer[i % n] += g * (2.0 * r() - 1.0)
                g *= k
    fine = circular(lambda s: bandpass(s, 5000, 0.9), fine)
    coarse = circular(lambda s: bandpass(s, 2400, 1.2), coarse)
    out = []
    for i in range(n):
        swell = 1.0 + 0.18 * math.sin(TAU * 3 * i / n) + 0.08 * math.sin(TAU * 7 * i / n + 1.0)
        out.append(swell * (0.12 * bed[i] + 0.8 * fine[i] + 1.3 * coarse[i]))
    out = circular(lambda s: lowpass(lowpass(s, 7000), 7000), out)
    # start on the gentlest rising zero crossing near the beginning, so starting the loop cannot click
    start = min((i for i in range(1, 2000) if out[i - 1] < 0.0 <= out[i]), key=lambda i: out[i] - out[i - 1])
    return out[start:] + out[:start]


@sound(-16)
def flip_clack() -> Signal:
    """A wooden hourglass flipped: a quick swish, then a clack and a small settle."""
    rng = random.Random(303)
    x = hump(lowpass(bandpass(noise(0.2, rng), 500, 1.5, to=2200), 5000), rise=0.7)
    x = [0.35 * v for v in x]
    mix(x, strike(0.2, bar(820, 0.045, 0.55), mallet_ms=0.35), at=0.19)
    mix(x, strike(0.12, [(150.0, 0.035, 1.0)], mallet_ms=1.5), at=0.19, gain=0.5)
    mix(x, bandpass(decay(noise(0.01, rng), 0.002), 2500, 0.8), at=0.19, gain=0.6)
    return mix(x, strike(0.15, bar(860, 0.03, 0.5), mallet_ms=0.35), at=0.236, gain=0.35)


@sound(-19)
def gear_click() -> Signal:
    """A small metal ratchet: three quick clicks."""
    rng = random.Random(404)
    x: Signal = []
    for k, (at, gain) in enumerate(((0.0, 1.0), (0.036, 0.75), (0.072, 0.9))):
        f = 3150 * (1.0 + 0.015 * k)
        modes = [(f, 0.02, 1.0), (f * 1.5, 0.015, 0.7), (f * 2.2, 0.01, 0.5),
                 (f * 2.67, 0.007, 0.35), (1200.0, 0.012, 0.4)]
        mix(x, strike(0.08, modes, mallet_ms=0.08), at=at, gain=gain)
        mix(x, highpass(decay(noise(0.006, rng), 0.001), 4000), at=at, gain=0.25 * gain)
    return x


@sound(-17)
def warning_tick() -> Signal:
    """A clock tick, crisp enough to feel urgent but not harsh."""
    x = strike(0.11, bar(2100, 0.02, 0.35), mallet_ms=0.15)
    return mix(x, strike(0.11, [(1050.0, 0.03, 1.0)], mallet_ms=0.3), gain=0.6)


@sound(-13)
def win_stinger() -> Signal:
    """A bright rising C-major arpeggio ringing into a soft chord."""
    x: Signal = []
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        mix(x, strike(2.0 - 0.09 * k, pluck(f, 0.6), mallet_ms=0.2), at=0.09 * k)
    for at, f in ((0.42, 1568.0), (0.5, 2093.0)):
        mix(x, strike(1.4, pluck(f, 0.35), mallet_ms=0.15), at=at, gain=0.25)
    for f in (523.25, 659.25, 783.99):
        mix(x, voice(1.7, f, SOFT, attack=0.25, release=0.9), at=0.3, gain=0.12)
    return x


@sound(-14)
def lose_stinger() -> Signal:
    """A muted-brass 'wah wah wah waah', sliding down by semitones."""
    x: Signal = []
    notes = ((392.0, 0.0, 0.36), (370.0, 0.4, 0.36), (349.2, 0.8, 0.36))
    for f, at, length in notes:
        mix(x, voice(length, f, BRASS_DARK, BRASS_BRIGHT, attack=0.04, release=0.12, brightness=0.35),
            at=at)
    last = voice(0.9, 329.6, BRASS_DARK, BRASS_BRIGHT, attack=0.04, release=0.35, brightness=0.3,
                 vibrato=0.012, bend=0.985)
    return mix(x, last, at=1.2)


@sound(-17)
def marker_place() -> Signal:
    """A small wooden peg set on a board."""
    x = strike(0.15, bar(1300, 0.028, 0.5), mallet_ms=0.3)
    mix(x, strike(0.12, [(210.0, 0.03, 1.0)], mallet_ms=1.0), gain=0.6)
    return mix(x, strike(0.1, bar(1340, 0.018, 0.45), mallet_ms=0.3), at=0.028, gain=0.22)


@sound(-15)
def coin() -> Signal:
    """Two bright coin clinks."""
    x = strike(0.65, clink(2960), mallet_ms=0.08)
    return mix(x, strike(0.55, clink(3320), mallet_ms=0.08), at=0.075, gain=0.65)


@sound(-19)
def card_flip() -> Signal:
    """A card swished over, with a tiny snap."""
    swish = bandpass(noise(0.16, random.Random(505)), 900, 1.4, to=4000)
    swish = hump(lowpass(lowpass(swish, 7000), 7000), rise=0.65)
    snap = strike(0.05, [(2600.0, 0.006, 1.0), (5100.0, 0.004, 0.5)], mallet_ms=0.1)
    return mix(swish, snap, at=0.135, gain=0.35)


@sound(-16)
def card_claim() -> Signal:
    """A card flip followed by a rising four-note sparkle."""
    x = card_flip()
    for k, f in enumerate((1318.5, 1661.2, 1975.5, 2637.0)):
        modes = [(f, 0.2, 1.0), (f * 1.004, 0.2, 0.5), (f * 2.0, 0.09, 0.2)]
        mix(x, strike(0.5, modes, mallet_ms=0.3), at=0.12 + 0.055 * k, gain=0.3)
    return x


@sound(-17)
def bid() -> Signal:
    """A soft gavel tap on wood."""
    x = strike(0.25, bar(480, 0.06, 0.45), mallet_ms=0.9)
    mix(x, strike(0.2, [(120.0, 0.045, 1.0)], mallet_ms=2.0), gain=0.7)
    return mix(x, bandpass(decay(noise(0.012, random.Random(606)), 0.002), 1500, 0.9), gain=0.3)


@sound(-12)
def fanfare() -> Signal:
    """End of game: a brass call (G C E G) landing on a warm held C-major chord with a timpani stroke."""
    x: Signal = []
    for f, at, length in ((392.0, 0.0, 0.17), (523.25, 0.18, 0.17), (659.25, 0.36, 0.17),
                          (783.99, 0.54, 0.42)):
        mix(x, voice(length, f, BRASS_DARK, BRASS_BRIGHT, attack=0.03, release=0.06), at=at, gain=0.8)
    for f, detune in ((261.63, 0.999), (329.63, 1.001), (392.0, 0.9995), (523.25, 1.0)):
        note = voice(1.95, f * detune, BRASS_DARK, BRASS_BRIGHT, attack=0.05, release=0.7,
                     brightness=0.45, vibrato=0.004)
        mix(x, note, at=1.05, gain=0.45)
    timpani = [(98.0, 0.35, 1.0), (98.0 * 1.5, 0.2, 0.4), (98.0 * 1.99, 0.12, 0.2)]
    return mix(x, strike(1.2, timpani, mallet_ms=3.0), at=1.05, gain=0.5)


@sound(-17)
def countdown_beep() -> Signal:
    """A soft round beep for a countdown."""
    return voice(0.14, 880, BEEP, attack=0.005, release=0.04)


# --------------------------------------------------------------------------- rendering

FADE_IN_S = 0.001
FADE_OUT_S = 0.02
CEILING_DB = -1.0
WINDOW_S = 0.05  # loudness is the RMS of the loudest 50 ms, low end discounted


def loudness(x: Signal) -> float:
    """Short-term loudness: RMS of the loudest 50 ms window of the signal high-passed at 200 Hz."""
    hp = highpass(x, 200)
    w = samples(WINDOW_S)
    best = acc = sum(v * v for v in hp[:w])
    for i in range(w, len(hp)):
        acc += hp[i] * hp[i] - hp[i - w] * hp[i - w]
        best = max(best, acc)
    return math.sqrt(max(best, 0.0) / min(w, len(hp)))


def finish(x: Signal, level_db: float, loop: bool) -> array:
    """Fade the ends (one-shots only), scale to loudness `level_db` dBFS without letting the
    peak exceed CEILING_DB, and quantize to 16-bit samples."""
    n = len(x)
    if not loop:
        ni, no = samples(FADE_IN_S), samples(min(FADE_OUT_S, n / 4 / RATE))
        x = fade_tail(list(x), no / RATE)
        for i in range(ni):
            x[i] *= math.sin(0.5 * math.pi * i / ni) ** 2
    peak = max(abs(v) for v in x) or 1.0
    scale = min(10.0 ** (level_db / 20.0) / (loudness(x) or 1.0), 10.0 ** (CEILING_DB / 20.0) / peak)
    return array("h", (round(32767.0 * v * scale) for v in x))


def render(name: str) -> bytes:
    """The complete WAV file of sound `name`."""
    spec = SOUNDS[name]
    pcm = finish(spec.synth(), spec.level_db, spec.loop)
    if sys.byteorder == "big":
        pcm.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def stats(data: bytes) -> tuple[float, float, float]:
    """(duration s, peak dBFS, loudness dBFS) of a 16-bit mono WAV file's bytes."""
    with wave.open(io.BytesIO(data)) as w:
        pcm = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    x = [v / 32768.0 for v in pcm]
    peak = max(abs(v) for v in x) or 1e-9
    return len(x) / RATE, 20 * math.log10(peak), 20 * math.log10(loudness(x) or 1e-9)


def main(argv: list[str] | None = None) -> int:
    """Write every sound into the output folder and print its duration, levels and size."""
    parser = argparse.ArgumentParser(description="Synthesize the game's sound effects as WAV files.")
    parser.add_argument("--out", type=Path, default=HERE, help="output folder (default: sounds/)")
    parser.add_argument("names", nargs="*", help="only these sounds (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(SOUNDS))
    if unknown:
        parser.error(f"unknown sound(s): {', '.join(unknown)}; known: {', '.join(SOUNDS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or SOUNDS:
        data = render(name)
        (args.out / f"{name}.wav").write_bytes(data)
        seconds, peak, loud = stats(data)
        print(f"{name:15s} {seconds:5.2f} s  peak {peak:6.1f} dBFS  "
              f"loudness {loud:6.1f} dBFS  {len(data):7d} B")
    return 0


if __name__ == "__main__":
    sys.exit(main())
