"""The story a `game` frame tells of an Arzium room's moves so far (for an app that comes back without its log):
it leads to the frame's view exactly, shows nothing a member was not shown, and stays under the frame's cap
by leaving out the earliest moves of a long game."""
from __future__ import annotations

import json

import pytest

from arzium import room
from arzium.online_match import story_events
from arzium.room import ArziumMatch, view_of
from arzium.rules.engine import is_over
from arzium.rules.state import default_setup, new_game
from common.net.protocol import MAX_BYTES
from common.net.room import Options

SEED = 90210


def bots_game(players: int, moves: int | None = None) -> ArziumMatch:
    """A room's match whose seats are all Easy bots, played on the server's ticks to the end (or `moves`)."""
    setup = default_setup(players, full_game=True, bots=players)
    match = ArziumMatch(setup, SEED, Options(), 0)
    now = 0
    while not is_over(match.match.state) and (moves is None or len(match.match.actions) < moves):
        now += 50
        match.tick(now)
    return match


def test_the_story_leads_to_the_frames_view_and_hides_the_decks_order() -> None:
    match = bots_game(4)
    frame = {"kind": "game", **match.snapshot(None, 0)}
    told = story_events(frame)
    assert told is not None and told[0] == 0 and len(told[1]) == len(match.match.actions)
    story = frame["story"]
    assert story["view"] == view_of(new_game(match.match.state.setup, SEED))  # the deal as every member saw it
    assert story["view"]["seed"] == 0 and str(SEED) not in json.dumps(frame) and '"rng"' not in json.dumps(frame)
    assert story["view"]["deck"] == sorted(story["view"]["deck"])
    drawn = [card for move in story["moves"] for card in move[2]]
    assert drawn and all(card not in frame["view"]["deck"] for card in drawn)  # only cards that came up
    assert len(json.dumps(frame)) < MAX_BYTES


def test_a_long_story_leaves_out_its_earliest_moves_and_still_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(room, "STORY_BYTES", 3000)
    match = bots_game(3, moves=40)
    frame = {"kind": "game", **match.snapshot(0, 0)}
    told = story_events(frame)
    assert told is not None
    first, moves = told
    assert first > 0 and first + len(moves) == 40 and len(json.dumps(frame["story"]["moves"])) <= 3000 + 2 * 40


def test_no_story_before_the_first_move_and_a_story_that_does_not_fit_the_view_is_not_told() -> None:
    match = bots_game(2, moves=0)
    assert match.snapshot(None, 0)["story"] is None
    match = bots_game(2, moves=6)
    frame = {"kind": "game", **match.snapshot(None, 0)}
    assert story_events(frame) is not None
    frame["story"]["moves"].pop(2)
    assert story_events(frame) is None
    frame["story"] = {"seq": 0, "view": "not a view", "moves": []}
    assert story_events(frame) is None
