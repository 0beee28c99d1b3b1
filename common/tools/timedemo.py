"""Timedemo: every registered scene headless with scripted input; frame CPU time percentiles.

Times are the main thread's CPU time (time.thread_time), so a busy machine preempting the process
does not show up as slow frames; wall-clock figures would mostly measure the other processes.
With `present`, the frame includes showing it (`pygame.display.flip`), for the blank frame too.
`paced` runs each scene in the window at 60 frames per second, as the app does, and measures what a player
sees: the wall-clock gap between consecutive shown frames (16.7 ms when every frame is on time).
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Literal, TypedDict, final

import pygame

from common.engine.app import App
from common.tools.catalog import SceneSpec, specs

FRAME_MS = 1000 / 60
WARMUP = 30


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) by nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@final
class TimedRun(TypedDict):
    """`run_timedemo`'s figures at one window size: per scene its frame times (ms) and their ratio to a blank
    frame's."""

    size: list[int]
    frames: int
    present: bool
    blank_ms: dict[str, float]
    scenes: dict[str, dict[str, float]]


class PacedScene(TypedDict):
    """One scene's figures of a paced run (ms): the gaps between shown frames, each frame's work and CPU time."""

    gap: dict[str, float]
    work: dict[str, float]
    cpu: dict[str, float]


class PacedRun(TypedDict):
    """`run_paced`'s figures at one window size."""

    size: list[int]
    frames: int
    paced: Literal[True]
    scenes: dict[str, PacedScene]


Run = TimedRun | PacedRun


def _stats(samples: list[float]) -> dict[str, float]:
    return {"p50": percentile(samples, 50), "p95": percentile(samples, 95), "p99": percentile(samples, 99)}


def measure_blank(app: App, frames: int, present: bool = False) -> dict[str, float]:
    """A blank frame: one full-screen blit (and the present, if asked), measured like a scene frame."""
    screen = app.screen
    image = pygame.Surface(screen.get_size()).convert()
    image.fill((40, 30, 50))
    samples = []
    for _ in range(frames):
        t0 = time.thread_time()
        screen.blit(image, (0, 0))
        if present:
            pygame.display.flip()
        samples.append((time.thread_time() - t0) * 1000)
    return _stats(samples)


def run_sweep(app: App, sizes: list[tuple[int, int]], frames: int = 300, seed: int = 1,
              only: list[str] | None = None, present: bool = False, paced: bool = False) -> list[Run]:
    """`run_timedemo` (or `run_paced`) at each window size in turn."""
    runs: list[Run] = []
    for size in sizes:
        app.resize_window(size)
        runs.append(run_paced(app, frames, seed, only) if paced else run_timedemo(app, frames, seed, only, present))
    return runs


def _opened(app: App, seed: int, only: list[str] | None) -> Iterator[tuple[SceneSpec, random.Random]]:
    """Each registered scene (those named in `only`, if given) opened on the app in turn, with the random
    source of its script."""
    for spec in specs():
        if only and spec.name not in only:
            continue
        rng = random.Random(seed)
        app.stack.clear_to(spec.build(app))
        app.running = True
        yield spec, rng


def run_paced(app: App, frames: int = 300, seed: int = 1, only: list[str] | None = None) -> PacedRun:
    """Every registered scene stepped and presented at 60 frames per second; the wall-clock gaps between
    shown frames, and each frame's work (step and present): wall clock, and the main thread's CPU time (on a
    busy machine the wall clock also counts the other processes)."""
    results: PacedRun = {"size": list(app.size), "frames": frames, "paced": True, "scenes": {}}
    clock = pygame.time.Clock()
    for spec, rng in _opened(app, seed, only):
        gaps: list[float] = []
        work: list[float] = []
        cpu: list[float] = []
        clock.tick()
        for f in range(WARMUP + frames):
            dt = clock.tick(60)
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step(spec.script(f, rng, app.size), dt)
            app.present()
            pygame.event.pump()
            if f >= WARMUP:
                gaps.append(float(dt))
                work.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
        results["scenes"][spec.name] = {"gap": _stats(gaps), "work": _stats(work), "cpu": _stats(cpu)}
    return results


def run_timedemo(app: App, frames: int = 300, seed: int = 1, only: list[str] | None = None,
                 present: bool = False) -> TimedRun:
    """Measure update+draw time (and the present, if asked) of every registered scene; return the figures."""
    blank = measure_blank(app, frames, present)
    results: TimedRun = {"size": list(app.size), "frames": frames, "present": present, "blank_ms": blank,
                         "scenes": {}}
    for spec, rng in _opened(app, seed, only):
        for f in range(WARMUP):
            app.step(spec.script(f, rng, app.size), FRAME_MS)
        samples = []
        for f in range(WARMUP, WARMUP + frames):
            events = spec.script(f, rng, app.size)
            t0 = time.thread_time()
            app.step(events, FRAME_MS)
            if present:
                app.present()
            samples.append((time.thread_time() - t0) * 1000)
        st = _stats(samples)
        st["ratio_p50"] = st["p50"] / blank["p50"] if blank["p50"] > 0 else 0.0
        st["ratio_p95"] = st["p95"] / blank["p95"] if blank["p95"] > 0 else 0.0
        results["scenes"][spec.name] = st
    return results


def format_table(results: Run) -> str:
    """The figures as a plain text table."""
    if "paced" in results:
        return _format_paced(results)
    b = results["blank_ms"]
    measured = "update + draw + present" if results["present"] else "update + draw, no present"
    lines = [f"timedemo {results['size'][0]}x{results['size'][1]}, {results['frames']} frames per scene "
             f"({measured})",
             f"{'scene':<26}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'x blank p50':>13}{'x blank p95':>13}",
             f"{'(blank: one blit)':<26}{b['p50']:>9.3f}{b['p95']:>9.3f}{b['p99']:>9.3f}{1:>13.1f}{1:>13.1f}"]
    for name, st in results["scenes"].items():
        lines.append(f"{name:<26}{st['p50']:>9.3f}{st['p95']:>9.3f}{st['p99']:>9.3f}"
                     f"{st['ratio_p50']:>13.1f}{st['ratio_p95']:>13.1f}")
    return "\n".join(lines)


def _format_paced(results: PacedRun) -> str:
    lines = [f"timedemo {results['size'][0]}x{results['size'][1]}, {results['frames']} frames per scene, paced at 60 "
             "fps in the window (wall clock)",
             f"{'scene':<26}{'gap p50':>9}{'gap p95':>9}{'gap p99':>9}{'work p50':>10}{'work p95':>10}"
             f"{'cpu p95':>9}"]
    for name, st in results["scenes"].items():
        g, w, c = st["gap"], st["work"], st["cpu"]
        lines.append(f"{name:<26}{g['p50']:>9.1f}{g['p95']:>9.1f}{g['p99']:>9.1f}{w['p50']:>10.2f}{w['p95']:>10.2f}"
                     f"{c['p95']:>9.2f}")
    return "\n".join(lines)
