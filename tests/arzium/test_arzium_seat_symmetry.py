"""The Normal bot sees a position from the opposite edge the same way: the map turned 180 degrees (south <->
north, west <-> east) gives every search the same value, so its seat table measures the game, not the bot;
and its seat tables can be measured at all: a game where one player runs out of markers still ends."""
from __future__ import annotations

import pytest

from arzium.bots import make_bot
from arzium.bots.greedy import STALL_TURN, make_view, search_value
from arzium.rules.actions import Search
from arzium.rules.board import SLOTS, SQUARES
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.state import GameState, Phase, SeatSetup, Setup, default_setup, new_game

OPPOSITE = {"south": "north", "north": "south", "west": "east", "east": "west"}
Key = tuple[str, frozenset[int], frozenset[int], frozenset[int], int, int]


def turned(state: GameState) -> GameState:
    """`state` with the map turned 180 degrees and every seat on the opposite edge."""
    seats = tuple(SeatSetup(s.name, s.colour, OPPOSITE[s.edge], s.kind, s.bot_level) for s in state.setup.seats)
    data = state.to_dict()
    data["setup"] = Setup(seats, state.setup.full_game, state.setup.first_player).to_dict()
    data["board"] = [state.board[SQUARES - 1 - sq] for sq in range(SQUARES)]
    data["slots"] = [state.slots[SLOTS - 1 - s] for s in range(SLOTS)]
    data["pending"] = [SLOTS - 1 - s for s in state.pending]
    return GameState.from_dict(data)


def search_values(state: GameState, flip: bool) -> dict[Key, float]:
    """Every legal search's value, keyed by the squares it fills, its blanks and displaced squares (turned
    back when `flip`) and how many Turns and Free blanks it uses."""
    p = state.active
    view = make_view(state, p)
    out: dict[Key, float] = {}
    for a in legal_actions(state):
        if isinstance(a, Search):
            fit = state.cards.shape(a.card, state.rot[p] + len(a.turn_artifacts)).fits[a.anchor]
            free = {sq for sq in fit.markers if state.board[sq] < 0}
            blanks = {fit.blanks[i] for i in a.blanks}
            taken = set(a.displace_squares)
            if flip:
                free, blanks, taken = ({SQUARES - 1 - sq for sq in squares} for squares in (free, blanks, taken))
            key = (a.card, frozenset(free), frozenset(blanks), frozenset(taken), len(a.turn_artifacts),
                   len(a.free_blanks))
            out[key] = round(search_value(state, view, a), 9)
    return out


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_the_normal_bot_values_a_position_and_its_half_turn_alike(players: int, seed: int) -> None:
    state = new_game(default_setup(players, True), seed)
    bots = [make_bot("normal", seed * 16 + i) for i in range(players)]
    checked = 0
    step = 0
    while not is_over(state):
        p = current_player(state)
        assert p is not None
        if state.phase in (Phase.START, Phase.SEARCH) and step % 4 == 0:
            assert search_values(state, False) == search_values(turned(state), True), f"turn {state.turn}"
            checked += 1
        step += 1
        apply(state, bots[p].decide(state, p))
    assert checked >= 5


def test_a_normal_game_where_one_player_runs_out_of_markers_still_ends() -> None:
    """2 players, basic game (tournament seed 1, game 188): south has all 24 markers on cards north would
    rather not complete, and north searched with nothing placed until turn 200; now it places markers as soon
    as south is out of them."""
    state = new_game(default_setup(2, False), 1_000_003 + 188 // 2)
    bots = [make_bot("normal", (1_000_003 + 188) * 16 + i) for i in range(2)]
    ran_out = False
    while not is_over(state) and state.turn < 400:
        p = current_player(state)
        assert p is not None
        ran_out = ran_out or state.players[0].supply == 0
        apply(state, bots[p].decide(state, p))
    assert ran_out and is_over(state) and state.turn < STALL_TURN
