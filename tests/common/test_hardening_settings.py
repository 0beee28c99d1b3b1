"""Settings never crash start-up and never lose anything: a table of bad files, and properties over any bytes."""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.data.settings import SETTINGS_VERSION, Settings, load_settings, save_settings
from common.engine.app import App, AppOptions
from hardening import changes, deny_open, is_one_line, snapshot
from helpers import close_app

# A bad settings.json: its content, the fragment of the one line, and what happens to the file.
SET_ASIDE = [
    ("deep-nesting", b'{"muted": ' + b"[" * 100_000, "JSON nested too deeply"),
    ("huge-int", b'{"teammate_delay_ms": ' + b"7" * 5000 + b"}", "a number is too long"),
    ("not-utf8", b'{"sprite_pack": "\xc3\x28"}', "not UTF-8 text"),
    ("too-large", b'{"a": "' + b"x" * (1024 * 1024) + b'"}', "too large for a settings file"),
    ("not-an-object", b"[1, 2]", "not a JSON object"),
]


@pytest.mark.parametrize("case, content, fragment", SET_ASIDE, ids=[c[0] for c in SET_ASIDE])
def test_a_corrupt_settings_file_is_set_aside_with_one_line(tmp_path: Path, case: str, content: bytes,
                                                            fragment: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    loaded, message = load_settings(path)
    assert loaded == Settings() and is_one_line(message) and fragment in message and str(path) in message
    diff = changes({"settings.json": content}, snapshot(tmp_path))
    aside = [k for k in diff if k != "settings.json"]
    assert diff == {"settings.json": "removed", aside[0]: "added"} and (tmp_path / aside[0]).read_bytes() == content
    assert f"moved to {aside[0]}" in message


BAD_VALUES = [
    ("surrogate-pack", {"sprite_pack": "\ud800"}, "sprite_pack='\\ud800'"),
    ("nul-pack", {"sprite_pack": "a\x00b"}, "sprite_pack='a\\x00b'"),
    ("escape-pack", {"sprite_pack": "\x1b[31mred"}, "sprite_pack='\\x1b[31mred'"),
    ("huge-speed", {"animation_speed": 10 ** 400}, "animation_speed=1" + "0" * 38 + "…"),
    ("long-pack", {"sprite_pack": "p" * 100_000}, "sprite_pack='" + "p" * 38 + "…"),
    ("newline-server", {"online_server": "a:1\nb"}, "online_server='a:1\\nb'"),
    ("long-server", {"online_server": "s" * 201}, "online_server='" + "s" * 38 + "…"),
]


@pytest.mark.parametrize("case, data, shown", BAD_VALUES, ids=[c[0] for c in BAD_VALUES])
def test_bad_values_fall_back_and_a_bad_copy_is_kept_once(tmp_path: Path, case: str, data: dict[str, object],
                                                          shown: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({**data, "muted": True}))
    content = path.read_bytes()
    loaded, message = load_settings(path)
    assert loaded == Settings(muted=True) and is_one_line(message)
    diff = changes({"settings.json": content}, snapshot(tmp_path))
    copy = [k for k in diff if k.startswith("settings.json.bad-")]
    assert diff == {copy[0]: "added"} and (tmp_path / copy[0]).read_bytes() == content
    assert message == f"settings file {path}: ignored bad values {shown}; a copy is kept as {copy[0]}"
    assert load_settings(path)[1] == message and len(list(tmp_path.iterdir())) == 2  # the next start: no new copy
    assert save_settings(loaded, path) is None
    assert json.loads(path.read_text())["sprite_pack"] == "default"


def test_unknown_keys_written_by_a_newer_version_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"muted": True, "colour_blind_mode": "deutan", "window": {"x": 10}}))
    loaded, message = load_settings(path)
    assert message is None and loaded.muted and loaded.unknown == {"colour_blind_mode": "deutan", "window": {"x": 10}}
    assert save_settings(Settings(muted=False, unknown=loaded.unknown), path) is None
    written = json.loads(path.read_text())
    assert written["colour_blind_mode"] == "deutan" and written["window"] == {"x": 10}
    assert written["muted"] is False and written["version"] == SETTINGS_VERSION


def test_a_newer_settings_format_is_used_read_only_and_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": SETTINGS_VERSION + 1, "muted": True, "ui_scale": 1.25, "new": 1}))
    before = snapshot(tmp_path)
    loaded, message = load_settings(path)
    assert loaded.muted and loaded.ui_scale == 1.25
    assert message == (f"settings file {path} is format version {SETTINGS_VERSION + 1}, newer than this app's "
                       f"{SETTINGS_VERSION}: used read-only, never rewritten")
    refused = save_settings(Settings(), path)
    assert refused == (f"settings not saved: {path}: format version {SETTINGS_VERSION + 1} is newer than this "
                       f"app's {SETTINGS_VERSION}; not overwritten")
    assert changes(before, snapshot(tmp_path)) == {}


def test_settings_unreadable_for_now_are_left_alone_and_not_overwritten(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"muted": true}')
    deny_open(monkeypatch, path)
    before = snapshot(tmp_path)
    loaded, message = load_settings(path)
    assert loaded == Settings()
    assert message == f"settings file {path} cannot be read now (permission denied); left as it is, using defaults"
    assert save_settings(Settings(muted=False), path) == (
        f"settings not saved: {path}: cannot be read now (permission denied); not overwritten")
    assert changes(before, snapshot(tmp_path)) == {}


def test_start_up_cleans_the_temp_debris_of_killed_saves(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"muted": true}')
    old = time.time() - 3600
    for i in range(37):
        debris = tmp_path / f"settings.json.kill{i:04d}.tmp"
        debris.write_text('{"mu')
        os.utime(debris, (old, old))
    assert load_settings(path) == (Settings(muted=True), None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_fifo_settings_file_does_not_hang_start_up(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    loaded, message = load_settings(path)
    assert loaded == Settings() and message is not None and "FIFO" in message and "left as it is" in message
    assert path.exists()


# --- properties: any bytes give valid settings or one line, and the bytes are never lost -------------------

SETTING_KEYS = ["sprite_pack", "master_volume", "effects_volume", "muted", "animation_speed", "ui_scale",
                "fullscreen", "high_contrast", "show_timer_seconds", "teammate_delay_ms", "version", "other"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
settings_like = st.dictionaries(st.sampled_from(SETTING_KEYS), json_values, max_size=8).map(
    lambda d: json.dumps(d).encode())


def _mangle(data: bytes, cut: int, junk: bytes) -> bytes:
    return data[:cut] + junk if cut < len(data) else data


settings_bytes = st.one_of(
    st.binary(max_size=200),
    settings_like,
    st.builds(_mangle, settings_like, st.integers(0, 200), st.binary(max_size=8)),
    st.builds(lambda n, key: (f'{{"{key}": ' + "[" * n).encode(), st.integers(1, 3000), st.sampled_from(SETTING_KEYS)),
    st.builds(lambda n, key: f'{{"{key}": {"9" * n}}}'.encode(), st.integers(1, 6000), st.sampled_from(SETTING_KEYS)),
)


def check_any_settings_bytes(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "settings.json"
        path.write_bytes(content)
        loaded, message = load_settings(path)
        assert isinstance(loaded, Settings) and loaded.validated() == (loaded, [])
        assert message is None or is_one_line(message)
        kept = [p.read_bytes() for p in folder.iterdir()]
        assert content in kept, "the original bytes were lost"
        assert save_settings(loaded, path) is None or message is not None


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(settings_bytes)
def test_any_bytes_give_valid_settings_or_one_line(content: bytes) -> None:
    check_any_settings_bytes(content)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(settings_bytes)
def test_any_bytes_give_valid_settings_or_one_line_long_run(content: bytes) -> None:
    check_any_settings_bytes(content)


@pytest.mark.parametrize("content", [b"[" * 100_000, b'{"ui_scale": ' + b"5" * 5000 + b"}",
                                     b'{"sprite_pack": "\\ud800", "muted": true}'],
                         ids=["deep", "huge-int", "surrogate"])
def test_the_app_starts_with_a_bad_settings_file_and_says_one_line(user_home: Path, content: bytes) -> None:
    path = user_home / "arenas-arzium" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    app = App(AppOptions(headless=True, save_settings=False))
    try:
        assert app.sprites.pack_id == "default"
        assert len(app.toasts) == 1 and is_one_line(app.toasts[0].message) and str(path) in app.toasts[0].message
        app.step([], 16)
    finally:
        close_app(app)
    assert content in [p.read_bytes() for p in path.parent.iterdir() if p.is_file()]
