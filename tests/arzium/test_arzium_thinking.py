"""Bots in the window answer within the think limit, and `main.py think-bench` reports what it measured."""
from __future__ import annotations

import time

import pytest

from arzium import thinking
from arzium.bots import Bot
from arzium.rules.actions import action_from_json
from arzium.rules.engine import apply, current_player, legal_actions
from arzium.rules.state import GameState, default_setup, new_game
from arzium.scenes.thinkbench import GAP_TARGET_MS, format_report, think_bench
from arzium.thinking import THINK_LIMIT_S, BotSpec, decide_job, hint_job
from common.engine.app import App


def a_position() -> GameState:
    state = new_game(default_setup(3, True), 5)
    for _ in range(6):
        apply(state, legal_actions(state)[0])
    return state


def test_a_bot_in_the_window_is_made_with_the_think_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[object, ...]] = []
    real = thinking.make_bot

    def spy(level: str, seed: int, iterations: int | None = None, max_seconds: float | None = None) -> Bot:
        made.append((level, iterations, max_seconds))
        return real(level, seed, iterations, max_seconds)

    monkeypatch.setattr(thinking, "make_bot", spy)
    state = a_position()
    answer = action_from_json(decide_job(BotSpec("easy", 3), current_player(state), 6, state.to_dict(), None))
    assert answer in legal_actions(state) and made == [("easy", None, THINK_LIMIT_S)]


@pytest.mark.slow
def test_a_hard_decision_in_the_window_stops_at_the_think_limit() -> None:
    """Evidence run (wall clock): the limit holds for a search far too big for it."""
    state = a_position()
    spec = BotSpec("hard", 3, iterations=10_000_000)  # far more than fits in the limit
    started = time.perf_counter()
    answer = action_from_json(decide_job(spec, current_player(state), 6, state.to_dict(), None))
    assert time.perf_counter() - started < THINK_LIMIT_S + 0.5
    assert answer in legal_actions(state)


def test_a_hint_in_the_window_is_asked_with_the_think_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float | None] = []

    def fake_hint(state: GameState, iterations: int = 1, max_seconds: float | None = None):
        asked.append(max_seconds)
        return legal_actions(state)[0]

    monkeypatch.setattr(thinking, "hard_hint", fake_hint)
    state = a_position()
    assert action_from_json(hint_job(state.to_dict(), None)) == legal_actions(state)[0]
    assert asked == [THINK_LIMIT_S]


def test_think_bench_plays_whole_games_and_reports_its_figures(app: App, background_thinking: None) -> None:
    report = think_bench(app, "hard", 2, games=1, seed=4, full=False, turns=2, iterations=30)
    assert report["games"] == 1 and report["players"] == 2 and report["level"] == "hard"
    assert report["decisions"] >= 2  # every bot turn asks at least once
    d, g = report["decision_ms"], report["gap_ms"]
    assert 0 <= d["p50"] <= d["p95"] <= d["max"] and 0 <= g["p50"] <= g["p95"] <= g["max"]
    assert 0 <= report["gaps_over_target"] <= report["frames_while_thinking"]
    text = format_report(report)
    assert f"over {GAP_TARGET_MS} ms" in text and "2 x hard (30 iterations a move)" in text
    assert thinking.THINK_LIMIT_S <= 1.0
