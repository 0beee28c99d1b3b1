"""`main.py replay FILE --headless` for Arzium: a good replay prints the outcome; a bad one is one line, exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arzium.bots import make_bot
from arzium.cli import replay_headless
from arzium.rules.actions import Action
from arzium.rules.cards import default_cards
from arzium.rules.engine import apply, current_player, is_over
from arzium.rules.score import outcome_json
from arzium.rules.state import SeatSetup, Setup, new_game
from common.replays.replay import Replay, write_replay
from helpers import main_here

ROOT = Path(__file__).resolve().parents[2]
CARDS = {"cards": default_cards().version}  # replays record the card data they were played with
SETUP = Setup((SeatSetup("Ann", "red", "south", "human"), SeatSetup("Bot", "blue", "west", "bot"),
               SeatSetup("Cy", "green", "north", "bot")), True, 1)


def played(seed: int = 4) -> tuple[list[Action], dict]:
    state = new_game(SETUP, seed)
    bots = [make_bot("greedy", seed + i) for i in range(3)]
    actions = []
    while not is_over(state):
        p = current_player(state)
        action = bots[p].decide(state, p)
        apply(state, action)
        actions.append(action)
    return actions, outcome_json(state)


@pytest.fixture(scope="module")
def game() -> tuple[list[Action], dict]:
    return played()


def replay_file(tmp_path: Path, moves: list[Action], **changes) -> Path:
    meta = {"players": ["Ann", "Bot", "Cy"]}
    data = Replay("arzium", SETUP.to_dict(), 4, [a.to_json() for a in moves], {**meta, **CARDS}).to_dict()
    data.update(changes)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def headless(path: Path, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", ARENAS_ARZIUM_HOME=str(home))
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "replay", str(path), "--headless"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)


def headless_here(path: Path) -> subprocess.CompletedProcess:
    """`main.py replay PATH --headless` in the test's process (the good replay runs in a child: `headless`)."""
    return main_here("replay", str(path), "--headless")


def assert_one_line_error(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_a_good_replay_prints_scores_coins_parties_and_winner(tmp_path: Path, game, user_home: Path) -> None:
    actions, expected = game
    path = tmp_path / "good.json"
    write_replay(path, Replay("arzium", SETUP.to_dict(), 4, [a.to_json() for a in actions], dict(CARDS)))
    result = headless(path, user_home)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out == expected
    assert out["over"] and out["winners"]
    assert [p["score"] for p in out["players"]] == [p["score"] for p in expected["players"]]
    assert all("coins" in p and "characters" in p for p in out["players"])


def test_a_truncated_replay_is_one_line(tmp_path: Path, game, user_home: Path) -> None:
    path = replay_file(tmp_path, game[0])
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert_one_line_error(headless_here(path), "truncated")


def test_a_replay_of_another_game_is_one_line(tmp_path: Path, game, user_home: Path) -> None:
    assert_one_line_error(headless_here(replay_file(tmp_path, game[0], game="chess")), "chess")


def test_an_arenas_replay_handed_to_arzium_is_refused(tmp_path: Path, capsys) -> None:
    code = replay_headless(Replay("arenas", {"level": 1}, 1, []), tmp_path / "a.json")
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "arenas" in err[0]


def test_a_newer_format_version_is_one_line(tmp_path: Path, game, user_home: Path) -> None:
    assert_one_line_error(headless_here(replay_file(tmp_path, game[0], version=99)), "newer")


def test_an_illegal_action_is_one_line_naming_it(tmp_path: Path, game, user_home: Path) -> None:
    actions = [a.to_json() for a in game[0]]
    n = next(i for i, a in enumerate(actions) if a["type"] == "search")
    actions[n] = dict(actions[n], anchor=35)
    path = replay_file(tmp_path, [], actions=actions)
    assert_one_line_error(headless_here(path), f"action {n + 1}")


def test_a_bad_setup_is_one_line(tmp_path: Path, game, user_home: Path) -> None:
    setup = SETUP.to_dict()
    setup["seats"][1]["colour"] = "red"
    assert_one_line_error(headless_here(replay_file(tmp_path, game[0], setup=setup)), "colour")


def test_a_malformed_action_is_one_line(tmp_path: Path, game, user_home: Path) -> None:
    actions = [a.to_json() for a in game[0]]
    actions[0] = {"type": "teleport"}
    assert_one_line_error(headless_here(replay_file(tmp_path, [], actions=actions)), "actions[0]")


def test_an_error_naming_a_file_with_control_characters_is_one_safe_line(capsys) -> None:
    code = replay_headless(Replay("arzium", {"seats": []}, 1, []), Path("r\x1b[2J\nx\x00.json"))
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("main.py: error: r?[2J x?.json: ") and err.count("\n") == 1, err
