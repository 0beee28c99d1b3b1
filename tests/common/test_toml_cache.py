"""The parsed-manifest cache: the same documents and errors as parsing, a changed file parsed again, and a
missing, broken or unwritable cache only costs a parse."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import common.data.toml_cache as toml_cache
from common.data import files, paths
from common.data.files import DataError, read_toml
from common.data.toml_cache import read_toml_cached

MANIFEST = '[pack]\nname = "Sunny"\n\n[sprites]\n"ui/button" = { file = "b.png", w = 3 }\n"a/z" = 1.5\n"a/b" = [1, 2]\n'


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = toml_cache.parse_toml

    def counting(text: str, path: Path | str) -> dict[str, object]:
        parsed.append(str(path))
        return real(text, path)
    monkeypatch.setattr(toml_cache, "parse_toml", counting)
    return parsed


def test_a_manifest_is_parsed_once_then_read_back_the_same_in_the_same_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _count_parses(monkeypatch)
    (tmp_path / "pack.toml").write_text(MANIFEST, encoding="utf-8")
    first = read_toml_cached(tmp_path / "pack.toml", within=tmp_path)
    again = read_toml_cached(tmp_path / "pack.toml", within=tmp_path)
    assert first == again == read_toml(tmp_path / "pack.toml")
    assert list(again["sprites"]) == ["ui/button", "a/z", "a/b"]  # the file's order, as parsing gives it
    assert len(parsed) == 1
    assert len(list((paths.cache_dir() / "toml").glob("*.json"))) == 1


def test_a_changed_file_is_parsed_again_even_at_the_same_size_and_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _count_parses(monkeypatch)
    path = tmp_path / "pack.toml"
    path.write_text(MANIFEST, encoding="utf-8")
    read_toml_cached(path)
    stamp = os.stat(path)
    path.write_text(MANIFEST.replace("Sunny", "Rainy"), encoding="utf-8")
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert read_toml_cached(path)["pack"]["name"] == "Rainy"
    assert len(parsed) == 2


@pytest.mark.parametrize("kept", [b"{not json", b"[]", b'{"version": 1, "source": "x", "doc": {}}',
                                  b'{"version": 99}', b"\xff\xfe"])
def test_a_broken_or_foreign_cache_file_is_parsed_over(tmp_path: Path, kept: bytes) -> None:
    path = tmp_path / "pack.toml"
    path.write_text(MANIFEST, encoding="utf-8")
    where = toml_cache._cache_file(path)
    where.parent.mkdir(parents=True)
    where.write_bytes(kept)
    assert read_toml_cached(path) == read_toml(path)
    assert json.loads(where.read_text("utf-8"))["source"] == MANIFEST  # mended


def test_an_unwritable_cache_folder_still_reads_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setattr(paths, "cache_dir", lambda: blocker)
    path = tmp_path / "pack.toml"
    path.write_text(MANIFEST, encoding="utf-8")
    assert read_toml_cached(path) == read_toml(path)


def test_errors_are_the_parsers_and_are_never_kept(tmp_path: Path) -> None:
    path = tmp_path / "pack.toml"
    path.write_text("[pack\nname = 1\n", encoding="utf-8")
    with pytest.raises(DataError) as cached:
        read_toml_cached(path)
    with pytest.raises(DataError) as parsed:
        read_toml(path)
    assert str(cached.value) == str(parsed.value)
    assert not (paths.cache_dir() / "toml").exists()
    with pytest.raises(DataError):
        read_toml_cached(tmp_path / "missing.toml")


def test_a_document_json_cannot_hold_is_parsed_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _count_parses(monkeypatch)
    path = tmp_path / "pack.toml"
    path.write_text("when = 1979-05-27\nodd = nan\n", encoding="utf-8")
    for _ in range(2):
        doc = read_toml_cached(path)
        assert str(doc["when"]) == "1979-05-27"
    assert len(parsed) == 2
    assert files.parse_toml("x = 1", path) == {"x": 1}
