"""What a finished table costs the server whole and compacted (`common.net.archive`): its rows in the store, the
store file per table (a `VACUUM`ed copy) and the server's memory per table (measured as what letting go of it
frees, so the bots' and the rules' caches that grow as games are played are not counted). The tables are whole
Arzium games of two (a person who concedes at once and a bot: both seats played to the end by bots).

Run: `python tests/net/compaction_figures.py [TABLES]` (40 unless told) prints the figures as JSON."""
from __future__ import annotations

import gc
import json
import sqlite3
import sys
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent.parent)]

from common.cli import collect_games  # noqa: E402

collect_games()

from test_compaction import AFTER, _finished  # noqa: E402

from common.games import room_sides  # noqa: E402
from common.net.limits import Limits  # noqa: E402
from common.net.server import Server  # noqa: E402
from common.net.server_time import SYSTEM_CLOCK  # noqa: E402
from common.net.store import FILE_NAME  # noqa: E402


def _sizes(path: Path) -> dict[str, int]:
    """Bytes by table (its rows and indexes) in the store at `path`, and its file once vacuumed (a copy)."""
    copy = path.with_name("copy.sqlite3")
    copy.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    try:
        db.execute(f"VACUUM INTO '{copy}'")
    finally:
        db.close()
    db = sqlite3.connect(copy)
    try:
        pages = dict(db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall())
        payload = {"rooms": db.execute("SELECT coalesce(sum(length(record)), 0) FROM rooms").fetchone()[0],
                   "inputs": db.execute("SELECT coalesce(sum(length(body) + length(kind) + 24), 0) "
                                        "FROM inputs").fetchone()[0],
                   "archive": db.execute("SELECT coalesce(sum(length(summary) + length(result)), 0) "
                                         "FROM archive").fetchone()[0]}
    finally:
        db.close()
    return {"file": copy.stat().st_size, **{f"pages_{k}": int(v) for k, v in pages.items()},
            **{f"rows_{k}": int(v) for k, v in payload.items()}}


def measure(tables: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="compaction-"))
    tracemalloc.start()
    server = Server(folder, room_sides(), limits=Limits(creates=100_000), compact_after_ms=AFTER)
    gc.collect()
    empty = _sizes(folder / FILE_NAME)
    moves = []
    for _ in range(tables):
        _token, code = _finished(server)
        room = server.rooms[code]
        assert room.match is not None
        moves.append(room.match.progress().moves)
        room.result_text()  # what a member coming back is sent, as the server keeps it
        server.conns.clear()  # the test's connections (and every frame they were sent) let go of
    gc.collect()
    whole, held = _sizes(folder / FILE_NAME), tracemalloc.get_traced_memory()[0]
    server.compact(SYSTEM_CLOCK.now_ms() + AFTER)
    gc.collect()
    short, kept = _sizes(folder / FILE_NAME), tracemalloc.get_traced_memory()[0]
    assert server.figures()["rooms_compacted"] == tables
    server.shelf.tables.clear()  # what the compacted tables held (their tokens' index entries stay: counted apart)
    gc.collect()
    gone = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert server.store is not None
    server.store.close()

    def per(a: dict[str, int], key: str) -> int:
        return round((a.get(key, 0) - empty.get(key, 0)) / tables)
    return {
        "tables": tables, "moves": [min(moves), max(moves)],
        "rows_whole": round((whole["rows_rooms"] + whole["rows_inputs"]) / tables),
        "rows_compacted": round(short["rows_archive"] / tables),
        "file_whole": per(whole, "file"), "file_compacted": per(short, "file"),
        "memory_whole": round((held - gone) / tables), "memory_compacted": round((kept - gone) / tables),
    }


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 40), indent=1))
