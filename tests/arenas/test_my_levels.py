"""My levels and the shared level file: export then import gives the same level, fingerprint and proof; every bad
file gives one line and writes nothing; a proof that does not hold for its level is dropped, saying why; the
store keeps files it cannot use (a corrupt one set aside, a newer one untouched); its records are apart from
the box levels'."""
from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arenas.level_proof import LevelProof, proof_fingerprint, proof_problem
from arenas.my_levels import MyLevels, MyLevelsError, file_stem
from arenas.my_records import MY_RECORDS_FILE, MyRecords
from arenas.proving import prove
from arenas.records import RECORDS_FILE
from arenas.rules.levels import Level, level_path, load_level
from arenas.rules.state import Result
from arenas.session import GameSetup, finish_run
from arenas.shared_level import SHARED_VERSION, SharedLevel, SharedLevelError, open_shared, read_shared
from common.data.files import MIB, Problem
from common.data.paths import data_dir
from hardening import file_bytes, is_one_line

LEVEL = load_level(level_path(1))
OTHER = load_level(level_path(2))


@pytest.fixture(scope="module")
def proof() -> LevelProof:
    """A real proof of level 1 over two seeds (played here, in this process: a fraction of a second)."""
    return prove(LEVEL, seeds=2, workers=1)


def shared_json(proof: LevelProof, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SharedLevel(LEVEL, "Ana", proof).to_bytes())  # a copy: the proof stays as it is
    return {**data, **changes}


def write(folder: Path, data: Any, name: str = "level.json") -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# ---- export and import ---------------------------------------------------------------------------
def test_the_proof_is_real(proof: LevelProof) -> None:
    assert proof.proven and proof.fingerprint == proof_fingerprint(LEVEL) and proof.seeds == 2
    assert proof_problem(LEVEL, proof) is None
    assert proof.summary() == f"{proof.label} — a person-like team wins {round(100 * proof.person_rate)}%"


def test_a_new_team_size_drops_the_proof(proof: LevelProof) -> None:
    """A proof is of a board and a team: the same board for a bigger team is not proven by it."""
    shared = SharedLevel(LEVEL, "Ana", proof)
    edited = replace(LEVEL, team_size=LEVEL.team_size + 1)
    assert edited.fingerprint == LEVEL.fingerprint  # the board is the same
    assert shared.with_level(edited).proof is None
    assert proof_problem(edited, proof) == "the proof is of another version of the level"


def test_export_then_import_gives_the_same_level_fingerprint_and_proof(proof: LevelProof, tmp_path: Path) -> None:
    store = MyLevels()
    mine = store.add(SharedLevel(LEVEL, "Ana", proof))
    exported = store.export(mine.id, tmp_path)
    assert exported.parent == tmp_path and exported.name == "first-grains.level.json"
    elsewhere = MyLevels(tmp_path / "friend")
    imported = elsewhere.import_file(exported)
    assert imported.level is not None and imported.level.shared == mine.shared
    assert imported.level.level.fingerprint == LEVEL.fingerprint
    assert imported.line == f"“First Grains” added to My levels: {proof.summary()}"
    assert elsewhere.list().levels == (imported.level,)


def test_a_plain_level_file_imports_unproven(tmp_path: Path) -> None:
    imported = MyLevels().import_file(level_path(2))
    assert imported.level is not None and imported.level.shared == SharedLevel(OTHER)
    assert imported.line == "“Golden Steps” added to My levels (not proven yet)"


def test_importing_a_level_twice_adds_it_once_and_a_proof_to_an_unproven_one(proof: LevelProof,
                                                                              tmp_path: Path) -> None:
    store = MyLevels()
    unproven = store.add(SharedLevel(LEVEL))
    file = write(tmp_path, shared_json(proof))
    first = store.import_file(file)
    assert first.line == "“First Grains” was already in My levels; its proof is added"
    assert first.level is not None and first.level.id == unproven.id and first.level.proof == proof
    again = store.import_file(file)
    assert again.level is None and again.line == "“First Grains” is already in My levels"
    assert len(store.list().levels) == 1


# ---- a proof that does not hold: imported as unproven -------------------------------------------
def _edited_path(proof: LevelProof) -> dict[str, Any]:
    data = shared_json(proof)
    data["level"]["path"][11] = "gray square"
    return data


def _replay_of_another_level(proof: LevelProof) -> dict[str, Any]:
    data = shared_json(proof)
    assert proof.replay is not None
    data["proof"]["replay"]["setup"]["level"] = OTHER.to_dict()
    return data


def _replay_cut_short(proof: LevelProof) -> dict[str, Any]:
    data = shared_json(proof)
    data["proof"]["replay"]["actions"] = data["proof"]["replay"]["actions"][:3]
    return data


def _proof_of_another_version(proof: LevelProof) -> dict[str, Any]:
    data = shared_json(proof)
    data["proof"]["fingerprint"] = OTHER.fingerprint
    return data


def _replay_with_slower_sand(proof: LevelProof) -> dict[str, Any]:
    data = shared_json(proof)
    data["proof"]["replay"]["setup"]["sand_speed_pct"] = 50
    return data


MISMATCHES = [
    (_edited_path, "the level was changed after it was proved"),
    (_proof_of_another_version, "the proof is of another version of the level"),
    (_replay_of_another_level, "the proof's replay is of another version of the level"),
    (_replay_cut_short, "the proof's replay is not an unassisted win of this level"),
    (_replay_with_slower_sand, "the proof's replay is not an unassisted win of this level"),
]


@pytest.mark.parametrize(("make", "why"), MISMATCHES, ids=[m.__name__.strip("_") for m, _w in MISMATCHES])
def test_a_proof_that_does_not_match_its_level_is_imported_as_unproven(proof: LevelProof, tmp_path: Path,
                                                                        make: Any, why: str) -> None:
    imported = MyLevels().import_file(write(tmp_path, make(proof)))
    assert imported.level is not None and imported.level.proof is None
    assert imported.line.endswith(f"added to My levels as unproven: {why}"), imported.line


# ---- bad files: one line, nothing written ---------------------------------------------------------
def _deep(proof: LevelProof) -> str:
    return '{"format": "arenas-level", "version": 1, "level": ' + "[" * 100_000


def _set(path: tuple[str | int, ...], value: Any) -> Any:
    def make(proof: LevelProof) -> dict[str, Any]:
        data = shared_json(proof)
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return data
    return make


BAD_FILES: list[tuple[str, Any, str]] = [
    ("huge", lambda p: " " * (MIB + 1), "too large for a shared level file (over 1 MB); not read"),
    ("deep", _deep, "JSON nested too deeply"),
    ("syntax", lambda p: '{"format": "arenas-level",', "JSON syntax error"),
    ("number too long", lambda p: '{"version": ' + "9" * 5000 + "}", "a number is too long"),
    ("not an object", lambda p: [1, 2], "(top level): expected a JSON object"),
    ("newer version", _set(("version",), SHARED_VERSION + 1),
     f"a shared level of format version {SHARED_VERSION + 1}, newer than this app's {SHARED_VERSION}; update the app"),
    ("version 0", _set(("version",), 0), "version: must be"),
    ("version as text", _set(("version",), "1"), "version: expected an integer"),
    ("level as a list", _set(("level",), []), "level.(top level): expected a JSON object"),
    ("maker a number", _set(("maker",), 5), "maker: expected a string"),
    ("maker too long", _set(("maker",), "M" * 200), "maker: must be at most 24 printable characters"),
    ("maker with a newline", _set(("maker",), "Ana\n../../etc"), "maker: must be at most 24 printable characters"),
    ("fingerprint a number", _set(("fingerprint",), 12), "fingerprint: expected a string"),
    ("fingerprint not hex", _set(("fingerprint",), "../../../etc"), "fingerprint: expected 12 hex digits"),
    ("unknown field", _set(("extra",), 1), "extra: unknown field"),
    ("unknown tile", _set(("level", "path", 0), "purple hexagon"), "level.path[0]:"),
    ("unknown timer", _set(("level", "timers", 0, "id"), "giant"), "level.timers[0].id: unknown timer 'giant'"),
    ("10,000 gears", _set(("level", "path"), ["gray circle"] * 10_000), "level.path: too long: 10000 tiles"),
    ("proof not an object", _set(("proof",), "proven"), "proof: expected an object"),
    ("proof seeds as text", _set(("proof", "seeds"), "100"), "proof.seeds: expected an integer"),
    ("proof more wins than games", _set(("proof", "expert_wins"), 3), "proof.expert_wins:"),
    ("proof label not a label", _set(("proof", "label"), "Trivial"), "proof.label: expected one of"),
    ("proof label not its wins", _set(("proof", "label"), "Brutal"), "does not follow from its wins"),
    ("proof replay of the other game", _set(("proof", "replay", "game"), "arzium"),
     "proof.replay: this is a replay of arzium"),
    ("proof replay newer", _set(("proof", "replay", "version"), 99), "proof.replay: replay format version 99"),
]


@pytest.mark.parametrize(("make", "says"), [(m, s) for _n, m, s in BAD_FILES], ids=[n for n, _m, _s in BAD_FILES])
def test_a_bad_file_gives_one_line_and_writes_nothing(proof: LevelProof, tmp_path: Path, user_home: Path,
                                                     make: Any, says: str) -> None:
    store = MyLevels()
    store.add(SharedLevel(OTHER))
    file = write(tmp_path, make(proof))
    before = file_bytes(user_home)
    imported = store.import_file(file)
    assert imported.level is None and is_one_line(imported.line)
    assert imported.line.startswith(str(file)) and says in imported.line, imported.line
    assert file_bytes(user_home) == before


@pytest.mark.parametrize("kind", ["missing", "folder", "fifo"])
def test_a_file_out_of_reach_gives_one_line(tmp_path: Path, user_home: Path, kind: str) -> None:
    path = tmp_path / "level.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    before = file_bytes(user_home)
    imported = MyLevels().import_file(path)
    assert imported.level is None and is_one_line(imported.line) and imported.line.startswith(str(path))
    assert file_bytes(user_home) == before


def test_names_never_make_paths(tmp_path: Path) -> None:
    """A level named like a path is kept under an id the store draws; exported under a name of safe letters."""
    sneaky = replace(OTHER, name="../../../etc/passwd")
    store = MyLevels()
    mine = store.add(SharedLevel(sneaky, "..\\.."))
    assert [p.name for p in store.folder.iterdir()] == [f"{mine.id}.json"]
    exported = store.export(mine.id, tmp_path / "out")
    assert exported == tmp_path / "out" / "etc-passwd.level.json"
    assert file_stem("///") == "level"
    for bad in ("../../x", "", "ABCDEF12", "1234567", f"{mine.id}/../{mine.id}"):
        with pytest.raises(MyLevelsError, match="is not the id of a level of mine"):
            store.load(bad)


def test_read_shared_checks_the_folder_it_is_given(tmp_path: Path) -> None:
    outside = write(tmp_path, SharedLevel(LEVEL).to_json())
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "link.json").symlink_to(outside)
    with pytest.raises(SharedLevelError) as caught:
        read_shared(inner / "link.json", within=inner)
    assert caught.value.problem is Problem.OUTSIDE


# ---- the store ---------------------------------------------------------------------------------------
def test_save_rename_set_proof_delete(proof: LevelProof) -> None:
    store = MyLevels()
    mine = store.save(LEVEL, maker="Ana")
    assert store.load(mine.id) == mine and mine.proof is None
    proven = store.set_proof(mine.id, proof)
    renamed = store.rename(mine.id, "Sandy Steps")
    assert renamed.level.name == "Sandy Steps" and renamed.proof == proof and proven.proof == proof
    assert renamed.level.fingerprint == LEVEL.fingerprint
    with pytest.raises(MyLevelsError, match="name: must not be empty"):
        store.rename(mine.id, "  ")
    edited = store.save(replace(renamed.level, hand_size=2), mine.id)
    assert edited.proof is None and edited.shared.maker == "Ana", "an edit drops the proof"
    with pytest.raises(MyLevelsError, match="the proof is of another version of the level"):
        store.set_proof(mine.id, proof)
    store.delete(mine.id)
    assert store.list().levels == ()
    with pytest.raises(MyLevelsError, match="no such level in My levels"):
        store.load(mine.id)


def test_only_a_level_the_loader_takes_is_saved_and_the_list_goes_by_name() -> None:
    store = MyLevels()
    with pytest.raises(MyLevelsError, match="name: must not be empty"):
        store.save(replace(LEVEL, name=""))
    with pytest.raises(MyLevelsError, match=r"timers\[0\]"):
        store.save(replace(LEVEL, name="Dunes", blocks=frozenset({LEVEL.timers[0][1]})))
    assert not store.folder.exists() or list(store.folder.iterdir()) == []
    dunes = store.save(replace(LEVEL, name="Dunes"))
    aardvark = store.save(replace(LEVEL, name="Aardvark"))
    assert dunes.id != aardvark.id
    assert store.save(replace(dunes.level, hand_size=2), dunes.id).id == dunes.id
    with pytest.raises(MyLevelsError, match="name: must not be empty"):
        store.save(replace(dunes.level, name=""), dunes.id)
    assert [(m.level.name, m.level.hand_size) for m in store.list().levels] == [("Aardvark", 3), ("Dunes", 2)]


def test_the_list_sets_a_corrupt_file_aside_and_keeps_a_newer_one(proof: LevelProof) -> None:
    store = MyLevels()
    good = store.add(SharedLevel(LEVEL, proof=proof))
    (store.folder / "0badf11e.json").write_text("{ not json", encoding="utf-8")
    newer = {**SharedLevel(OTHER).to_json(), "version": SHARED_VERSION + 1, "colour": "teal"}
    (store.folder / "0000000a.json").write_text(json.dumps(newer), encoding="utf-8")
    (store.folder / "notes.txt").write_text("mine", encoding="utf-8")
    shelf = store.list()
    assert shelf.levels == (good,)
    assert len(shelf.problems) == 2 and all(is_one_line(p) for p in shelf.problems)
    assert "newer than this app's" in shelf.problems[0] and "left as it is" in shelf.problems[0]
    assert "JSON syntax error" in shelf.problems[1] and "moved to 0badf11e.json.bad-" in shelf.problems[1]
    assert json.loads((store.folder / "0000000a.json").read_text(encoding="utf-8")) == newer
    assert sorted(p.name.split(".bad-")[0] for p in store.folder.iterdir()) == sorted(
        ["0000000a.json", "0badf11e.json", f"{good.id}.json", "notes.txt"])
    with pytest.raises(MyLevelsError, match="newer than this app's"):
        store.delete("0000000a")
    with pytest.raises(MyLevelsError, match="newer than this app's"):
        store.save(LEVEL, "0000000a")
    assert json.loads((store.folder / "0000000a.json").read_text(encoding="utf-8")) == newer


# ---- records apart -----------------------------------------------------------------------------------
def test_a_run_of_a_level_of_mine_counts_in_its_own_records() -> None:
    setup = GameSetup(LEVEL, ("Ana",), mine=True)
    state = setup.new_state()
    state.result, state.time_ms = Result.WON, 61_000
    finish_run(setup, state)
    records = MyRecords.load()
    assert records.get(LEVEL.fingerprint).wins == 1 and records.get(LEVEL.fingerprint).best_ms == 61_000
    assert not (data_dir() / RECORDS_FILE).exists(), "the box levels' records are untouched"
    assert (data_dir() / MY_RECORDS_FILE).exists()


def test_my_records_keep_unknown_fields_and_a_newer_file_is_not_rewritten() -> None:
    path = data_dir() / MY_RECORDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "levels": {LEVEL.fingerprint: {"wins": 2, "stars": 3}}, "x": [1]}),
                    encoding="utf-8")
    records = MyRecords.load()
    records.record(LEVEL.fingerprint, False, 5_000, False)
    records.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["x"] == [1] and saved["levels"][LEVEL.fingerprint]["stars"] == 3
    assert saved["levels"][LEVEL.fingerprint]["losses"] == 1
    newer = json.dumps({"version": 2, "levels": {}})
    path.write_text(newer, encoding="utf-8")
    records = MyRecords.load()
    assert records.read_only and records.message is not None and is_one_line(records.message)
    records.record(LEVEL.fingerprint, True, 5_000, False)
    records.save()
    assert path.read_text(encoding="utf-8") == newer


@pytest.mark.parametrize("content", ['{"version": 1, "levels": {"../../x": {}}}', "[]", '{"levels": {"a": 1}'])
def test_a_corrupt_my_records_file_is_set_aside_with_one_line(content: str) -> None:
    path = data_dir() / MY_RECORDS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    records = MyRecords.load()
    assert records.levels == {} and is_one_line(records.message) and "moved to" in records.message
    assert not path.exists()


def test_open_shared_of_its_own_json_is_itself(proof: LevelProof) -> None:
    shared = SharedLevel(LEVEL, "Ana", proof)
    opened = open_shared(json.loads(shared.to_bytes()), "here")
    assert opened.shared == shared and opened.note is None


def test_a_level_of_mine_edited_keeps_its_name_but_not_its_proof(proof: LevelProof) -> None:
    shared = SharedLevel(LEVEL, "Ana", proof)
    assert shared.with_level(replace(LEVEL, name="Renamed")).proof == proof
    edited: Level = replace(LEVEL, deactivator=9)
    assert shared.with_level(edited).proof is None
