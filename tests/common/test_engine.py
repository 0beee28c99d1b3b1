"""Scene stack lifecycle, fixed-step clock, tweens, settings files, replay files."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from common.data.jsonio import Loaded, load_json, write_json_atomic
from common.data.settings import Settings, load_settings, save_settings
from common.engine.clock import FixedStepClock
from common.engine.scene import Scene, SceneStack
from common.engine.tween import ease_in_out_cubic, ease_out_back, ease_out_quad
from common.replays.replay import FORMAT_VERSION, Replay, ReplayError, read_replay, write_replay


class Recorder(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def leave(self) -> None:
        self.log.append(f"{self.name}.leave")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def layout(self, size) -> None:
        self.log.append(f"{self.name}.layout{size[0]}")

    def handle(self, event) -> bool:
        self.log.append(f"{self.name}.handle")
        return True

    def update(self, dt_ms: float) -> None:
        self.log.append(f"{self.name}.update")


def test_scene_stack_lifecycle_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.handle(object())
    stack.update(16)
    stack.replace(c)
    stack.pop()
    assert log == ["a.layout1280", "a.enter", "a.pause", "b.layout1280", "b.enter", "b.handle", "b.update",
                   "b.leave", "c.layout1280", "c.enter", "c.leave", "a.layout1280", "a.resume"]
    stack.relayout((960, 540))
    assert log[-1] == "a.layout960"
    stack.clear_to(b)
    assert log[-3:] == ["a.leave", "b.layout960", "b.enter"] and stack.scenes == [b]
    assert stack.pop() is b and stack.pop() is None


def test_non_opaque_scene_draws_scene_below() -> None:
    drawn: list[str] = []

    class S(Scene):
        def __init__(self, name: str, opaque: bool) -> None:
            self.name, self.opaque = name, opaque

        def draw(self, surface) -> None:
            drawn.append(self.name)

    stack = SceneStack()
    for name, opaque in (("floor", True), ("game", True), ("dialog", False), ("tip", False)):
        stack.push(S(name, opaque))
    stack.draw(None)
    assert drawn == ["game", "dialog", "tip"]


def test_a_scene_that_keeps_the_one_below_running_gives_it_steps_and_updates_after_its_own() -> None:
    log: list[str] = []

    class Stepping(Recorder):
        def fixed_update(self, step_ms: int) -> None:
            self.log.append(f"{self.name}.step{step_ms}")

    class Closing(Stepping):
        keeps_below_running = True

        def update(self, dt_ms: float) -> None:
            super().update(dt_ms)
            if self.name == "closes":
                stack.pop()

    stack = SceneStack()
    floor, game, overlay = Stepping("floor", log), Stepping("game", log), Closing("overlay", log)
    for scene in (floor, game, overlay):
        stack.push(scene)
    del log[:]
    stack.fixed_update(10)
    stack.update(16)
    assert log == ["overlay.step10", "game.step10", "overlay.update", "game.update"]  # the floor waits
    stack.push(Stepping("plain", log))  # a scene that does not keep the one below running
    del log[:]
    stack.fixed_update(10)
    stack.update(16)
    assert log == ["plain.step10", "plain.update"]
    stack.pop()
    stack.push(Closing("closes", log))
    del log[:]
    stack.update(16)
    assert log[0] == "closes.update" and "overlay.update" not in log  # it closed: the one below is on top again


def test_clock_hands_out_whole_steps_and_keeps_the_remainder() -> None:
    clock = FixedStepClock(step_ms=10, max_steps=25)
    assert clock.tick(16.0) == 1  # 6 left
    assert clock.tick(16.0) == 2  # 6 + 16 = 22 -> 2 steps, 2 left
    assert clock.tick(8.0) == 1
    assert clock.tick(-5) == 0


def test_clock_caps_catch_up_after_a_stall() -> None:
    clock = FixedStepClock(step_ms=10, max_steps=25)
    assert clock.tick(5000) == 25
    assert clock.tick(9) == 0  # the other 4750 ms of backlog were dropped, not carried
    assert clock.tick(1) == 1


@pytest.mark.parametrize("ease", [ease_out_quad, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_0_and_end_at_1(ease: Callable[[float], float]) -> None:
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)


def test_easings_shapes() -> None:
    assert ease_out_quad(0.5) == pytest.approx(0.75)
    assert ease_in_out_cubic(0.25) == pytest.approx(0.0625) and ease_in_out_cubic(0.5) == pytest.approx(0.5)
    assert ease_out_back(0.8) > 1.0  # it overshoots before settling


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.json"
    s = Settings(sprite_pack="high-contrast", master_volume=0.25, muted=True, animation_speed=0.0,
                 ui_scale=1.25, high_contrast=True)
    assert save_settings(s, path) is None
    loaded, message = load_settings(path)
    assert loaded == s and message is None
    assert not list(path.parent.glob("*.tmp"))


def test_missing_settings_file_gives_defaults_silently(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize("content", ["{not json", "", "\x00\x01garbage", "[1, 2]"])
def test_corrupt_settings_are_set_aside_with_one_line(tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content)
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and "\n" not in message and "settings.json" in message
    assert not path.exists()
    aside = list(tmp_path.glob("settings.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_text() == content


def test_bad_setting_values_fall_back_per_field(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"master_volume": 7, "muted": "yes", "ui_scale": 1.25, "animation_speed": 0.3,
                                "unknown": 1}))
    settings, message = load_settings(path)
    assert settings.master_volume == Settings().master_volume and settings.muted is False
    assert settings.ui_scale == 1.25 and settings.animation_speed == 1.0
    assert message and "master_volume" in message and "muted" in message


def test_atomic_json_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "a" / "x.json"
    write_json_atomic(path, {"k": [1, 2]})
    assert load_json(path, "thing", lambda data: data) == Loaded({"k": [1, 2]})
    path.write_text('{"k": [1, 2')
    loaded = load_json(path, "thing", lambda data: data)
    assert loaded.value is None and loaded.message is not None and loaded.message.startswith("thing file")
    assert "moved to x.json.bad-" in loaded.message


def _write(tmp_path: Path, name: str, data) -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def test_replay_round_trip(tmp_path: Path) -> None:
    r = Replay(game="arenas", setup={"level": 3}, seed=42, actions=[{"t": 10, "a": "x"}], meta={"k": 1})
    write_replay(tmp_path / "r.json", r)
    back = read_replay(tmp_path / "r.json", game="arenas")
    assert back == r and back.version == FORMAT_VERSION


@pytest.mark.parametrize("data, expect", [
    ('{"format": "arenas-arzium-replay", "version": 1, "game": "arenas", "se', "truncated"),
    ({"format": "something-else"}, "not an Arenas & Arzium replay"),
    ({"format": "arenas-arzium-replay", "version": 99, "game": "arenas", "setup": {}, "seed": 1,
      "actions": []}, "newer than this app"),
    ({"format": "arenas-arzium-replay", "version": 1, "game": "chess", "setup": {}, "seed": 1,
      "actions": []}, "unknown game 'chess'"),
    ({"format": "arenas-arzium-replay", "version": 1, "game": "arzium", "setup": {}, "seed": 1,
      "actions": []}, "replay of arzium, not of arenas"),
    ({"format": "arenas-arzium-replay", "version": 1, "game": "arenas", "setup": {}, "seed": "x",
      "actions": []}, "field 'seed'"),
])
def test_bad_replays_give_one_line(tmp_path: Path, data, expect: str) -> None:
    path = _write(tmp_path, "bad.json", data)
    with pytest.raises(ReplayError) as info:
        read_replay(path, game="arenas")
    assert expect in str(info.value) and "\n" not in str(info.value) and "bad.json" in str(info.value)


def test_missing_replay_file(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="no such replay file"):
        read_replay(tmp_path / "nope.json")
