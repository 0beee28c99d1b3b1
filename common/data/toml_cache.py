"""TOML manifests parsed once: each parsed document is kept as JSON in the cache folder with the text it came
from, and used while the file still holds that very text (JSON reads some thirty times faster than TOML is
parsed, and a start that finds its manifests there never imports the TOML parser). A missing, broken or
unwritable cache only means parsing again."""
from __future__ import annotations

import json
import zlib
from pathlib import Path

from common.data import paths
from common.data.files import DataError, Kind, parse_toml, read_json, read_text
from common.data.jsonio import clean_stale_temps, write_bytes_atomic

VERSION = 1


def read_toml_cached(path: Path, kind: Kind = Kind.MANIFEST, within: Path | None = None) -> dict[str, object]:
    """`common.data.files.read_toml` of `path`, the parse taken from the cache when the file's text is unchanged."""
    text = read_text(path, kind, within)
    where = _cache_file(path)
    try:
        kept = read_json(where, Kind.DATA)
    except DataError:
        kept = None
    if (isinstance(kept, dict) and kept.get("version") == VERSION and kept.get("source") == text
            and isinstance(kept.get("doc"), dict)):
        doc: dict[str, object] = kept["doc"]
        return doc
    doc = parse_toml(text, path)
    _keep(where, text, doc)
    return doc


def _cache_file(path: Path) -> Path:
    """Where the parse of the file at `path` is kept (two paths sharing a name take turns: still correct)."""
    return paths.cache_dir() / "toml" / f"{zlib.crc32(str(path.resolve()).encode('utf-8', 'surrogateescape')):08x}.json"


def _keep(where: Path, text: str, doc: dict[str, object]) -> None:
    """Write the parse beside its text, if JSON gives the same document back (dates it does not) and the cache
    folder can be written."""
    try:
        raw = json.dumps({"version": VERSION, "source": text, "doc": doc}, ensure_ascii=False)
        if json.loads(raw)["doc"] != doc:
            return
        where.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(where)
        write_bytes_atomic(where, raw.encode("utf-8"))
    except (OSError, TypeError, ValueError):
        return
