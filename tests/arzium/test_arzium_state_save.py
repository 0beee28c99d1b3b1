"""State round trip and copies, actions in JSON, replays, and the autosave (with corrupt saves set aside)."""
import json
import random

import pytest

from arzium.rules.actions import (
    Bid,
    Buy,
    PassBid,
    ResolveClaims,
    RestEarly,
    Search,
    SkipBuy,
    SkipSearch,
    UsePurse,
    UseSlide,
    UseWake,
    action_from_json,
)
from arzium.rules.cards import default_cards
from arzium.rules.engine import apply, is_over, legal_actions
from arzium.rules.replay import Replay, replay_from, run_replay
from arzium.rules.state import GameState, SetupError, StateError, clone, default_setup, new_game
from arzium.save import load_saved_game, save_game, save_path
from arzium_testkit import play_random
from common.data.file_lock import release
from common.data.files import DataError
from common.data.rules_api import IllegalAction
from common.replays.replay import Replay as ReplayFile
from common.replays.replay import ReplayError, read_replay, write_replay

ALL_ACTIONS = [RestEarly(), Search("C01", 7),
               Search("C02", 0, (0, 1), ("A13",), ("A01",), (1,), ("A05",), (3,)),
               Search("C02", 0, (0, 1), ("A13", "A14"), ("A01", "A02"), (0, 1), ("A05", "A06"), (3, 4)),
               SkipSearch(), ResolveClaims(), UsePurse("A09"), UseSlide("A17", 3, 4), UseWake("A21", "C05"), Bid(0),
               PassBid(), Buy("A02"),
               SkipBuy()]


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=lambda a: type(a).__name__)
def test_actions_round_trip_through_json(action):
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize("data,message", [
    ([], "must be a JSON object"), ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "search", "card": "C01", "anchor": "7"}, "'anchor': expected an integer"),
    ({"type": "search", "card": "C01", "anchor": 7, "blanks": [True]}, "'blanks'"),
    ({"type": "bid"}, "'amount'"), ({"type": "wake", "artifact": "A1", "card": 3}, "'card'"),
])
def test_bad_action_json_is_one_line(data, message):
    with pytest.raises(ValueError, match=message):
        action_from_json(data)


def test_the_single_id_search_form_of_format_1_reads_as_one_element_tuples():
    old = {"type": "search", "card": "C02", "anchor": 0, "blanks": [0, 1], "turn_artifact": "A13",
           "free_blank_artifact": "A01", "free_blank": 1, "displace_artifact": None, "displace_square": None}
    assert action_from_json(old) == Search("C02", 0, (0, 1), ("A13",), ("A01",), (1,))
    with pytest.raises(ValueError, match="'turn_artifacts'"):
        action_from_json({"type": "search", "card": "C02", "anchor": 0, "turn_artifacts": "A13"})


def test_a_format_1_saved_state_is_one_line_naming_the_format_change():
    state, _, _ = play_random(2, True, 3, max_actions=10)
    data = state.to_dict()
    data["format"] = 1
    with pytest.raises(StateError, match="format 1 is from the rules before format 2"):
        GameState.from_dict(data)


def test_state_round_trips_exactly_and_keeps_playing_the_same():
    state, _, _ = play_random(4, True, 11, max_actions=60)
    data = json.loads(json.dumps(state.to_dict()))
    back = GameState.from_dict(data)
    assert back.to_dict() == state.to_dict()
    assert back.occ == state.occ and back.coin_at == state.coin_at and back.offmap == state.offmap
    assert back.rng.random() == clone(state).rng.random()          # generator state included
    for a in legal_actions(state):
        assert [e.to_json() for e in apply(clone(state), a)] == [e.to_json() for e in apply(clone(back), a)]


def test_clone_is_independent():
    state, _, _ = play_random(3, True, 5, max_actions=40)
    before = state.to_dict()
    copy = clone(state)
    rng = random.Random(5)
    while copy.phase != "over":
        apply(copy, rng.choice(legal_actions(copy)))
    assert state.to_dict() == before


@pytest.mark.parametrize("corrupt,message", [
    (lambda d: d.update(format=9), "format 9"),
    (lambda d: d["board"].__setitem__(3, 7), "board must be 36 squares"),
    (lambda d: d["deck"].pop(), "not the 43 cards"),
    (lambda d: d["players"][0]["face_up"].pop(), "faces do not match"),
    (lambda d: d.pop("turn"), "KeyError"),
    (lambda d: d["setup"]["seats"][0].update(edge="up"), "seats[0].edge"),
])
def test_malformed_states_raise_one_line(corrupt, message):
    state, _, _ = play_random(2, True, 1, max_actions=10)
    data = state.to_dict()
    corrupt(data)
    with pytest.raises((StateError, SetupError), match=message.replace("[", r"\[").replace("]", r"\]")):
        GameState.from_dict(data)


def test_replay_reproduces_the_game_and_names_the_bad_action(tmp_path):
    state, actions, events = play_random(3, True, 21)
    again, again_events = run_replay(state.setup, state.seed, actions)
    assert again.to_dict() == state.to_dict()
    assert [e.to_json() for e in again_events] == [e.to_json() for e in events]
    bad = list(actions[:4]) + [Buy("A99")] + list(actions[4:])
    with pytest.raises(IllegalAction, match=r"^action 5: "):
        run_replay(state.setup, state.seed, bad)
    replay = replay_from(state, actions)
    path = tmp_path / "game.json"
    write_replay(path, replay.to_file())
    loaded = Replay.from_file(read_replay(path, "arzium"), str(path))
    assert loaded == replay and loaded.run()[0].to_dict() == state.to_dict()


def old_rules_game(seed: int):
    """A random full game played as the format 1 rules allowed (no artifact after the search, no Purse in
    the buy): its actions in the new form and in the old form (without the steps the old rules made)."""
    state = new_game(default_setup(3, True), seed)
    rng = random.Random(seed)
    new, old = [], []
    while not is_over(state):
        phase, coins = state.phase, state.players[state.active].coins
        legal = [a for a in legal_actions(state) if not (phase == "buy" and isinstance(a, UsePurse))]
        implicit = phase == "after" or (phase == "buy" and all(
            state.cards.artifact(a).cost > coins for a in state.art_row))
        action = (ResolveClaims() if phase == "after" else SkipBuy()) if implicit else rng.choice(legal)
        apply(state, action)
        new.append(action)
        if not implicit:
            old.append(action)
    return state, new, old


@pytest.mark.parametrize("seed", [4, 9])
def test_a_format_1_replay_plays_with_the_steps_the_old_rules_made(seed, tmp_path):
    state, new, old = old_rules_game(seed)
    assert len(old) < len(new)
    assert run_replay(state.setup, state.seed, new)[0].to_dict() == state.to_dict()
    with pytest.raises(IllegalAction):
        run_replay(state.setup, state.seed, old)
    assert run_replay(state.setup, state.seed, old, legacy=True)[0].to_dict() == state.to_dict()
    path = tmp_path / "old.json"
    write_replay(path, ReplayFile("arzium", state.setup.to_dict(), state.seed, [a.to_json() for a in old],
                                  {"cards": default_cards().version}, version=1))  # played with today's cards
    loaded = Replay.from_file(read_replay(path, "arzium"), str(path))
    assert loaded.legacy and loaded.run()[0].to_dict() == state.to_dict()
    assert not replay_from(state, new).legacy and replay_from(state, new).to_file().version == 2


@pytest.mark.parametrize("setup,actions,message", [
    ({"seats": [], "full_game": False, "first_player": 0}, [], "0 seats"),
    (None, [], "setup: expected an object"),
    ("default", [{"type": "rest"}, {"type": "nap"}], r"actions\[1\]: unknown action type 'nap'"),
])
def test_bad_replay_content_gives_one_line(setup, actions, message):
    if setup == "default":
        setup = default_setup(2).to_dict()
    with pytest.raises(ReplayError, match=message) as info:
        Replay.from_file(ReplayFile("arzium", setup, 3, actions), "bad.json")
    assert "\n" not in str(info.value) and "bad.json" in str(info.value)


@pytest.mark.parametrize("meta", [{}, {"cards": 1}, {"cards": 99}])
def test_a_replay_of_other_card_data_is_refused_in_one_line(meta):
    shipped = default_cards().version
    assert shipped == 2 and replay_from(new_game(default_setup(2), 1), []).to_file().meta == {"cards": shipped}
    recorded = meta.get("cards", 1)  # a replay without the field was made with card data 1
    with pytest.raises(ReplayError) as info:
        Replay.from_file(ReplayFile("arzium", default_setup(2).to_dict(), 3, [], meta), "old.json")
    assert str(info.value) == (f"old.json: recorded with card data version {recorded}, but this version has card "
                               "data 2 (patterns and land coins changed): it would not play the same")


def test_a_replay_of_another_game_is_refused():
    with pytest.raises(ReplayError, match="replay of arenas, not of arzium"):
        Replay.from_file(ReplayFile("arenas", {}, 3, []), "x.json")


def test_autosave_round_trip(user_home):
    assert load_saved_game() == (None, None)
    state, actions, _ = play_random(4, True, 8, max_actions=50)
    save_game(state, actions)
    assert save_path().is_relative_to(user_home) and save_path().exists()
    saved, message = load_saved_game()
    assert message is None and saved.state.to_dict() == state.to_dict()
    assert saved.actions == actions and not saved.assisted


def test_the_autosave_keeps_the_assisted_flag_and_old_saves_load_unassisted(tmp_path):
    state, actions, _ = play_random(2, False, 6, max_actions=12)
    path = tmp_path / "save.json"
    save_game(state, actions, path, assisted=True)
    saved, message = load_saved_game(path)
    assert message is None and saved.assisted and saved.state.to_dict() == state.to_dict()
    path.write_text(_edit(path.read_text(encoding="utf-8"), lambda d: d.pop("assisted")), encoding="utf-8")
    saved, message = load_saved_game(path)  # written before the flag was saved
    assert message is None and saved is not None and not saved.assisted and saved.actions == actions


def _edit(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("spoil,reason", [
    (lambda text: text[: len(text) // 2], "unreadable"),
    (lambda text: '"just a string"', "not an Arzium save"),
    (lambda text: _edit(text, lambda d: d["state"]["players"][0].update(coins=7)), "do not lead to its saved state"),
    (lambda text: _edit(text, lambda d: d["actions"].insert(0, {"type": "buy", "artifact": "A01"})),
     "its actions do not replay: action 1: cannot buy"),
    (lambda text: _edit(text, lambda d: d["state"].pop("board")), "KeyError"),
    (lambda text: text.replace('"format": 1', '"format": "1"', 1), "format"),
    (lambda text: _edit(text, lambda d: d.update(assisted="yes")), "assisted: expected true or false"),
    (lambda text: _edit(text, lambda d: d.pop("cards")), "card data version 1, but this version has card data 2"),
    (lambda text: _edit(text, lambda d: d.update(cards=3)), "card data version 3, but this version has card data 2"),
])
def test_corrupt_saves_are_set_aside_with_one_line(tmp_path, spoil, reason):
    state, actions, _ = play_random(2, False, 4, max_actions=20)
    path = tmp_path / "save.json"
    save_game(state, actions, path)
    release(path)  # as a window closing
    path.write_text(spoil(path.read_text(encoding="utf-8")), encoding="utf-8")
    loaded, message = load_saved_game(path)
    assert loaded is None and reason in message and "\n" not in message
    assert not path.exists() and len(list(tmp_path.glob("save.json.bad-*"))) == 1
    assert load_saved_game(path) == (None, None)


def test_a_save_of_a_newer_format_is_kept_not_offered_and_never_overwritten(tmp_path):
    state, actions, _ = play_random(2, False, 4, max_actions=20)
    path = tmp_path / "save.json"
    save_game(state, actions, path)
    release(path)  # as a window closing
    path.write_text(path.read_text(encoding="utf-8").replace('"format": 1', '"format": 5', 1), encoding="utf-8")
    newer = path.read_bytes()
    loaded, message = load_saved_game(path)
    assert loaded is None and "\n" not in message
    assert f"Arzium save file {path} is format version 5, newer than this app's 1: not used, never rewritten" == message
    with pytest.raises(DataError, match="format version 5 is newer than this app's 1; not overwritten"):
        save_game(state, actions, path)
    assert path.read_bytes() == newer and list(tmp_path.iterdir()) == [path]
