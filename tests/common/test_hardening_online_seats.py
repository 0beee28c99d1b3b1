"""The file of kept online seats never crashes Play online and never loses a room: every value is checked where
it is read (a room that cannot be used is named in one line and a copy kept), a newer file is used read-only
with its keys kept, a file that cannot be read now is never overwritten; properties over any bytes."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common.engine.app import App
from common.online import seat_tokens
from common.online.session import OnlineSession
from common.scenes.catalog import ScriptedLink
from common.scenes.online import OnlineScene
from hardening import deny_open, is_one_line
from helpers import run

GOOD = {"seat": 1, "token": "tok-AAAA", "hosted": False, "game": "arzium"}


def entry(**changes: Any) -> dict[str, Any]:
    return {**GOOD, "seen": time.time() - 60, **changes}


def write(rooms: dict[str, Any], **top: Any) -> bytes:
    """Write the file (version 1 unless `top` says) and return its bytes."""
    path = seat_tokens.tokens_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({"version": 1, "rooms": rooms, **top}).encode()
    path.write_bytes(raw)
    return raw


def online(app: App) -> OnlineScene:
    scene = OnlineScene(app, host_game=lambda app, game, where: None, join=lambda app, where, code, watch: None)
    app.stack.clear_to(scene)
    run(app, 1)
    return scene


def copies() -> list[Path]:
    path = seat_tokens.tokens_path()
    return sorted(path.parent.glob(path.name + ".bad-*"))


# A kept room that cannot be used: its entry, and the words of the one line naming it.
UNUSABLE = [
    ("seen-400-digits", "h:1/BBBB-2222", entry(seen=int("9" * 400)), "seen 9999"),
    ("seen-huge-float", "h:1/BBBB-2222", entry(seen=1e308), "is not a time"),
    ("seen-negative", "h:1/BBBB-2222", entry(seen=-5), "is not a time"),
    ("seen-text", "h:1/BBBB-2222", entry(seen="yesterday"), "is not a time"),
    ("seat-400-digits", "h:1/BBBB-2222", entry(seat=int("9" * 400)), "is not 0 to 15"),
    ("seat-negative", "h:1/BBBB-2222", entry(seat=-1), "seat -1 is not 0 to 15"),
    ("seat-true", "h:1/BBBB-2222", entry(seat=True), "seat True is not 0 to 15"),
    ("token-empty", "h:1/BBBB-2222", entry(token=""), "no token"),
    ("token-number", "h:1/BBBB-2222", entry(token=7), "no token"),
    ("token-10k", "h:1/BBBB-2222", entry(token="x" * 10_000), "the token is not one a server gives (10000 characters)"),
    ("token-spaces", "h:1/BBBB-2222", entry(token="a b"), "the token is not one a server gives"),
    ("address-url", "http://h:1/BBBB-2222", entry(), "the server 'http://h:1' is not an address"),
    ("address-space", "h h:1/BBBB-2222", entry(), "the server 'h h:1' is not an address"),
    ("address-port", "h:99999/BBBB-2222", entry(), "the server 'h:99999' is not an address"),
    ("address-none", "BBBB-2222", entry(), "the server '' is not an address"),
    ("code", "h:1/XYZ", entry(), "'XYZ' is not a room code"),
    ("hosted-text", "h:1/BBBB-2222", entry(hosted="yes"), "hosted is not true or false"),
    ("game-long", "h:1/BBBB-2222", entry(game="g" * 21), "game is not a short text"),
    ("store-path", "h:1/BBBB-2222", entry(store="../elsewhere"), "store is not the name of a folder"),
    ("not-an-object", "h:1/BBBB-2222", [1, 2], "not an object"),
]


@pytest.mark.parametrize("case, key, bad, words", UNUSABLE, ids=[c[0] for c in UNUSABLE])
def test_a_kept_room_that_cannot_be_used_is_one_line_the_others_are_offered_and_a_copy_kept(
        app: App, case: str, key: str, bad: Any, words: str) -> None:
    raw = write({"h:1/AAAA-1111": entry(), key: bad})
    scene = online(app)
    assert [r.code for r in scene.rooms] == ["AAAA-1111"]
    line = scene.problem
    assert is_one_line(line) and str(seat_tokens.tokens_path()) in line and words in line
    assert "1 kept room cannot be used and is not offered" in line
    assert [c.read_bytes() for c in copies()] == [raw] and f"a copy is kept as {copies()[0].name}" in line
    assert seat_tokens.keep_token("h:1", "CCCC-3333", 0, "tok-CCCC") == ""  # written: nothing more to say
    rooms = json.loads(seat_tokens.tokens_path().read_bytes())["rooms"]
    assert sorted(rooms) == ["h:1/AAAA-1111", "h:1/CCCC-3333"]  # the bad one is in the copy only
    again = online(app)
    assert [r.code for r in again.rooms] == ["CCCC-3333", "AAAA-1111"] and again.problem == ""
    assert [c.read_bytes() for c in copies()] == [raw]


def test_an_entry_that_cannot_be_used_is_never_joined_with_its_token() -> None:
    write({"h:1/AAAA-1111": entry(token="")})
    opened: list[str | None] = []
    session = OnlineSession("h:1", "Ana", lambda url, token: opened.append(token) or ScriptedLink([], None, False))
    session.join("AAAA-1111")
    assert opened == [None]  # a plain join by code, not a rejoin with an empty token


def test_a_seat_a_server_gives_with_a_token_that_cannot_be_used_is_not_kept_and_said() -> None:
    line = seat_tokens.keep_token("h:1", "AAAA-1111", 0, "x" * 10_000)
    assert line == "The seat in room AAAA-1111 is not kept for a rejoin: the token is not one a server gives " \
                   "(10000 characters)"
    assert not seat_tokens.tokens_path().exists()


# A corrupt file: its bytes and the words of its one line (it is set aside whole).
CORRUPT = [
    ("syntax", b'{"version": 1, "rooms": {', "JSON syntax error"),
    ("not-utf8", b'{"rooms": {"\xc3\x28": 1}}', "not UTF-8"),
    ("huge-number", b'{"version": ' + b"9" * 5000 + b', "rooms": {}}', "a number is too long"),
    ("deep", b'{"rooms": ' + b"[" * 100_000, "nested too deeply"),
    ("no-rooms", b'{"version": 1}', "rooms is not an object"),
    ("a-list", b"[]", "not a JSON object"),
]


@pytest.mark.parametrize("case, raw, words", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_a_corrupt_seat_file_is_set_aside_with_one_line(app: App, case: str, raw: bytes, words: str) -> None:
    path = seat_tokens.tokens_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    scene = online(app)
    line = scene.problem
    assert scene.rooms == [] and is_one_line(line) and words in line and str(path) in line
    assert [c.read_bytes() for c in copies()] == [raw] and f"moved to {copies()[0].name}" in line
    assert not path.exists()


def test_a_newer_file_is_used_read_only_and_every_key_is_kept(app: App) -> None:
    raw = write({"h:1/AAAA-1111": entry(colour="teal"), "h:1/BBBB-2222": entry(seat=99)}, version=2,
                friends=["Bruno"])
    scene = online(app)
    assert [r.code for r in scene.rooms] == ["AAAA-1111"]
    line = scene.problem
    assert "is format version 2, newer than this app's 1: used read-only, never rewritten" in line
    said = seat_tokens.keep_token("h:1", "CCCC-3333", 0, "tok-CCCC")
    assert said == line
    assert seat_tokens.forget_token("h:1", "AAAA-1111") == line
    assert seat_tokens.tokens_path().read_bytes() == raw and copies() == []


def test_a_key_of_the_file_this_version_does_not_know_is_written_back() -> None:
    write({"h:1/AAAA-1111": entry()}, friends=["Bruno"])
    assert seat_tokens.keep_token("h:1", "CCCC-3333", 0, "tok-CCCC") == ""
    assert seat_tokens.forget_token("h:1", "AAAA-1111") == ""
    data = json.loads(seat_tokens.tokens_path().read_bytes())
    assert data["friends"] == ["Bruno"] and data["version"] == 1 and sorted(data["rooms"]) == ["h:1/CCCC-3333"]


def test_a_file_that_cannot_be_read_now_is_never_overwritten(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    raw = write({"h:1/AAAA-1111": entry()})
    deny_open(monkeypatch, seat_tokens.tokens_path())
    scene = online(app)
    line = scene.problem
    assert scene.rooms == [] and "cannot be read now (permission denied); left as it is" in line
    assert seat_tokens.keep_token("h:1", "CCCC-3333", 0, "tok-CCCC") == line
    assert seat_tokens.forget_token("h:1", "AAAA-1111") == ""  # not known now: nothing to forget
    assert seat_tokens.tokens_path().read_bytes() == raw and copies() == []  # (read past the denial)


def test_a_seat_not_kept_is_told_on_the_lobby_as_one_line(app: App) -> None:
    raw = write({}, version=2)
    toasted: list[str] = []
    link = ScriptedLink([("Ana", "person", "here", False)], 0, False)
    link.frames.insert(1, {"kind": "joined", "code": "K7QM-3XPA", "token": "tok", "seat": 0, "game": "arzium"})
    session = OnlineSession("h:1", "Ana", lambda url, token: link, tell=toasted.append)
    session.join("K7QM-3XPA")
    session.update(16)
    assert session.seat == 0 and len(toasted) == 1 and "newer than this app's 1" in toasted[0]
    assert seat_tokens.tokens_path().read_bytes() == raw


# ---- properties: any bytes, any value --------------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
SEED = json.dumps({"version": 1, "rooms": {"h:1/AAAA-1111": {**GOOD, "seen": time.time()}}, "x": 1}).encode()
any_bytes = st.binary(max_size=300) | st.builds(lambda cut, extra: SEED[:cut] + extra,
                                                st.integers(0, len(SEED)), st.binary(max_size=20))


def _any_bytes_never_crash_and_are_never_lost(app: App, raw: bytes) -> None:
    """Play online opens with one line about the file at most; after a seat is kept, the file's bytes are still there
    (the file left as it is, or set aside or copied whole), or the file was read whole and written back with
    every room and key it held."""
    path = seat_tokens.tokens_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.iterdir():
        old.unlink()
    path.write_bytes(raw)
    scene = online(app)
    assert scene.problem == "" or is_one_line(scene.problem)
    seat_tokens.keep_token("h:9", "CCCC-3333", 0, "tok-CCCC")
    if path.read_bytes() == raw or raw in [c.read_bytes() for c in copies()]:
        return
    before, after = json.loads(raw), json.loads(path.read_bytes())
    assert {k: v for k, v in before.items() if k != "rooms"} == {k: v for k, v in after.items() if k != "rooms"}
    assert after["rooms"] == {**before["rooms"], "h:9/CCCC-3333": after["rooms"]["h:9/CCCC-3333"]}


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                                  HealthCheck.too_slow])
@given(raw=any_bytes)
def test_any_bytes_as_the_seat_file_never_crash_play_online_and_are_never_lost(app: App, raw: bytes) -> None:
    _any_bytes_never_crash_and_are_never_lost(app, raw)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(raw=any_bytes)
def test_any_bytes_as_the_seat_file_long_run(app: App, raw: bytes) -> None:
    _any_bytes_never_crash_and_are_never_lost(app, raw)


def _one_bad_room_loses_no_other(key: str, value: Any) -> None:
    path = seat_tokens.tokens_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.iterdir():
        old.unlink()
    write({"h:1/AAAA-1111": entry(), "h:2/BBBB-2222": entry(seat=0), key: value})
    seats, line = seat_tokens.kept_seats()
    assert {"AAAA-1111", "BBBB-2222"} <= {r.code for r in seats} and (line == "" or is_one_line(line))
    seat_tokens.keep_token("h:3", "CCCC-3333", 0, "tok-CCCC")
    assert {"h:1/AAAA-1111", "h:2/BBBB-2222", "h:3/CCCC-3333"} <= set(json.loads(path.read_bytes())["rooms"])


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.text(max_size=24).filter(lambda k: k not in ("h:1/AAAA-1111", "h:2/BBBB-2222")), value=JSON)
def test_any_value_as_one_kept_room_never_loses_the_others(key: str, value: Any) -> None:
    _one_bad_room_loses_no_other(key, value)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.text(max_size=24).filter(lambda k: k not in ("h:1/AAAA-1111", "h:2/BBBB-2222")), value=JSON)
def test_any_value_as_one_kept_room_long_run(key: str, value: Any) -> None:
    _one_bad_room_loses_no_other(key, value)
