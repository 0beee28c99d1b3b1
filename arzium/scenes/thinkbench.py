"""`main.py think-bench`: how the window copes while bots think.

Plays whole Arzium games of bots in the play scene (headless), paced at 60 frames per second
like `App.run`, and measures on the wall clock: each bot decision from question to answer (from the
start of the frame that asks to the end of the frame that sees the answer: an answer that comes
within the frame counts as that frame), and the gap between consecutive frames while a decision is
pending. The gaps of the frames when no bot thinks are the control: on a busy machine both grow,
and only the difference is the bots' doing.
"""
from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, TypedDict

import pygame

from arzium.rules.state import default_setup, new_game
from arzium.scenes.flow import play_scene
from arzium.seats import BotController
from arzium.thinking import THINK_LIMIT_S
from common.engine.scene import Scene
from common.tools.timedemo import percentile

if TYPE_CHECKING:
    from common.engine.app import App

GAP_TARGET_MS = 50


def _game(app: App, level: str, players: int, seed: int, full: bool, turns: int | None,
          iterations: int | None) -> tuple[list[float], list[float], list[float]]:
    """One game (or its first `turns` turns): decision wall times, frame gaps while a bot thought,
    frame gaps while none did (all in ms)."""
    setup = default_setup(players, full, bots=players)
    setup = dataclasses.replace(setup, seats=tuple(dataclasses.replace(s, bot_level=level) for s in setup.seats))
    scene = play_scene(app, new_game(setup, seed), autosave=False)
    app.stack.clear_to(Scene(app))
    app.push(scene)
    scene.draw(app.screen)  # entering the table fills the picture caches once; not what is measured
    bots = [c for c in set(scene.table.controllers.values()) if isinstance(c, BotController)]
    for bot in bots:
        bot.spec = dataclasses.replace(bot.spec, iterations=iterations)
    asked: dict[int, float] = {}  # each bot's question out, by when the frame that sent it began
    sent = {id(bot): bot.asked for bot in bots}
    decisions: list[float] = []
    gaps: list[float] = []
    idle: list[float] = []
    clock = pygame.time.Clock()
    clock.tick()
    last = time.perf_counter()
    while app.stack.top is scene and (turns is None or scene.table.state.turn <= turns):
        app.step([], clock.tick(60))
        now = time.perf_counter()
        thinking = False
        for bot in bots:
            if bot.asked != sent[id(bot)]:  # asked during this frame (a quick answer may have come in it too)
                sent[id(bot)] = bot.asked
                asked[id(bot)] = last
            if bot.thinking:
                thinking = True
            elif id(bot) in asked:
                decisions.append((now - asked.pop(id(bot))) * 1000)
        (gaps if thinking else idle).append((now - last) * 1000)
        last = now
        if scene.table.awaiting_confirm:
            scene.confirm()
    return decisions, gaps, idle


class ThinkReport(TypedDict):
    """What `think_bench` measured (times in ms: p50, p95 and max of each)."""

    level: str
    players: int
    games: int
    seed: int
    full_game: bool
    iterations: int | None
    think_limit_ms: float
    seconds: float
    decisions: int
    decision_ms: dict[str, float]
    frames_while_thinking: int
    gap_ms: dict[str, float]
    gaps_over_target: int
    frames_idle: int
    idle_gap_ms: dict[str, float]
    idle_gaps_over_target: int


def _spread(values: list[float]) -> dict[str, float]:
    return {q: round(percentile(values, v), 1) for q, v in (("p50", 50), ("p95", 95), ("max", 100))}


def think_bench(app: App, level: str = "hard", players: int = 2, games: int = 1, seed: int = 1,
                full: bool = True, turns: int | None = None, iterations: int | None = None) -> ThinkReport:
    """Play `games` games (whole, or their first `turns` turns) of `players` bots of `level` (`iterations`: the
    hard bots' search budget per move, None for the window's); decision times and frame gaps (ms)."""
    app.settings = dataclasses.replace(app.settings, animation_speed=4.0)  # time the thinking, not the animations
    decisions: list[float] = []
    gaps: list[float] = []
    idle: list[float] = []
    started = time.perf_counter()
    for g in range(games):
        d, f, i = _game(app, level, players, seed + g, full, turns, iterations)
        decisions += d
        gaps += f
        idle += i
    return {
        "level": level, "players": players, "games": games, "seed": seed, "full_game": full, "iterations": iterations,
        "think_limit_ms": THINK_LIMIT_S * 1000, "seconds": round(time.perf_counter() - started, 1),
        "decisions": len(decisions), "decision_ms": _spread(decisions),
        "frames_while_thinking": len(gaps), "gap_ms": _spread(gaps),
        "gaps_over_target": sum(1 for g in gaps if g > GAP_TARGET_MS),
        "frames_idle": len(idle), "idle_gap_ms": _spread(idle),
        "idle_gaps_over_target": sum(1 for g in idle if g > GAP_TARGET_MS),
    }


def format_report(r: ThinkReport) -> str:
    """The figures as text."""
    d, g, i = r["decision_ms"], r["gap_ms"], r["idle_gap_ms"]
    budget = "" if r["iterations"] is None else f" ({r['iterations']} iterations a move)"
    return "\n".join([
        f"think-bench: {r['games']} {'full' if r['full_game'] else 'basic'} game(s), {r['players']} x {r['level']}"
        f"{budget}, seed {r['seed']}, {r['seconds']} s",
        f"decisions (question to answer, wall clock, limit {r['think_limit_ms']:.0f} ms): n={r['decisions']}  "
        f"p50 {d['p50']:.0f}  p95 {d['p95']:.0f}  max {d['max']:.0f} ms",
        f"frame gaps while thinking (paced at 60 fps): n={r['frames_while_thinking']}  p50 {g['p50']:.1f}  "
        f"p95 {g['p95']:.1f}  max {g['max']:.1f} ms; over {GAP_TARGET_MS} ms: {r['gaps_over_target']}",
        f"frame gaps while no bot thinks (control):    n={r['frames_idle']}  p50 {i['p50']:.1f}  "
        f"p95 {i['p95']:.1f}  max {i['max']:.1f} ms; over {GAP_TARGET_MS} ms: {r['idle_gaps_over_target']}",
    ])
