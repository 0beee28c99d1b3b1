"""The run model (`arenas.match.Match`) the play scene, the server's room and the replays share: countdown, replay
feeding, seats and bots, the end."""
from __future__ import annotations

import pytest

from arenas.bots import MIN_REACTION_MS, BotController, TeammateBot
from arenas.match import COUNTDOWN_MS, CardDone, Happening, Match, Person, Phase, Refused, SandRan
from arenas.rules.actions import PlayCard
from arenas.rules.engine import outcome_json
from arenas.rules.levels import level_path, load_level
from arenas.scenes.catalog import finished_game
from arenas.session import GameSetup, RunRecord
from common.data.rules_api import IllegalAction


def solo(**kwargs: object) -> GameSetup:
    return GameSetup(load_level(level_path(1)), ("Ana",), seed=11, counts=False, **kwargs)  # type: ignore[arg-type]


def stepped(run: Match, ms: int) -> list[Happening]:
    """What the run told of `ms` passing (taken, as the scene takes it)."""
    run.step(ms)
    return run.happenings.take()


def test_the_countdown_beeps_twice_and_holds_the_sand_until_the_start() -> None:
    run = Match(solo())
    assert run.phase == Phase.COUNTDOWN and run.countdown_left == COUNTDOWN_MS
    assert stepped(run, 500) == [] and run.state.time_ms == 0
    assert [run.count_down(ms) for ms in (999, 1, 999, 1)] == [0, 1, 0, 1]
    run.start()
    assert run.phase == Phase.RUNNING and run.countdown_left == 0
    assert [type(h) for h in stepped(run, 500)] == [SandRan] and run.state.time_ms == 500


def test_a_replay_feeds_its_cards_at_their_milliseconds_and_reaches_the_same_end() -> None:
    setup, finished = finished_game()
    run = Match(setup, replay_actions=list(finished.actions), countdown=False)
    played = []
    while run.phase != Phase.OVER:
        played += [h.action for h in stepped(run, 16) if isinstance(h, CardDone)]
    assert played == [a for _, a in finished.actions] and run.state.actions == finished.actions
    assert outcome_json(run.state) == outcome_json(finished)
    assert run.record == RunRecord() and stepped(run, 16) == []


def test_an_illegal_replay_card_stops_the_replay_and_the_sand_runs_on() -> None:
    run = Match(solo(), replay_actions=[(100, PlayCard(0, 7)), (200, PlayCard(0, 0))], countdown=False)
    happenings = stepped(run, 300)
    refused = [h for h in happenings if isinstance(h, Refused)]
    assert len(refused) == 1 and refused[0].replay and "card 8" in refused[0].reason
    assert run.replay is not None and not run.replay and not run.state.actions and run.state.time_ms == 300


def test_a_bot_plays_its_seat_through_the_same_play_as_a_person() -> None:
    run = Match(solo(bots=(0,), reaction_ms=MIN_REACTION_MS), countdown=False)
    assert run.bot_turn_now() and not run.no_pause_now()  # a watch game may always stop
    calls = []
    real = run.play
    run.play = lambda action: (calls.append(action), real(action))[1]  # type: ignore[method-assign]
    done = []
    for _ in range(400):
        done += [h for h in stepped(run, 10) if isinstance(h, CardDone)]
        if done:
            break
    assert done and calls == [done[0].action] and run.state.actions[0][1] == done[0].action


def test_no_pause_only_while_people_play_live_without_the_assist() -> None:
    assert Match(solo(), countdown=False).no_pause_now()
    assert not Match(solo(allow_pause=True), countdown=False).no_pause_now()
    assert not Match(solo()).no_pause_now()  # the countdown: the rules may still be read
    assert not Match(solo(), replay_actions=[], countdown=False).no_pause_now()



def test_a_persons_seat_handed_to_a_bot_plays_by_itself_until_given_back() -> None:
    setup = GameSetup(load_level(level_path(1)), ("Ana", "Bo"), seed=5, counts=False)
    run = Match(setup, countdown=False)
    assert all(isinstance(seat, Person) for seat in run.seats.values()) and not run.is_bot(0)
    run.step(5000)
    assert run.state.actions == []  # people play through `play`: nothing happens by itself
    run.hand_over(0, BotController(TeammateBot(0, MIN_REACTION_MS, 1, frozenset({1}))))
    assert run.is_bot(0) and run.bot_turn_now()
    for _ in range(300):
        run.step(10)
    assert [a.player for _, a in run.state.actions] == [0]  # the bot played seat 0's turn, then Bo's waits
    run.hand_over(0, Person())
    assert not run.is_bot(0)
    run.play(PlayCard(1, 0))
    for _ in range(300):
        run.step(10)
    assert [a.player for _, a in run.state.actions] == [0, 1]


def test_a_persons_card_is_told_as_a_bots_is_and_a_refused_one_tells_nothing() -> None:
    run = Match(solo(), countdown=False)
    with pytest.raises(IllegalAction, match="card 8"):
        run.play(PlayCard(0, 7))
    assert run.happenings.take() == [] and run.state.actions == []
    run.play(PlayCard(0, 0))
    told = run.happenings.take()
    assert [type(h) for h in told] == [CardDone] and isinstance(told[0], CardDone)
    assert told[0].action == PlayCard(0, 0) and told[0].events == run.state.log[-len(told[0].events):]
    assert run.happenings.take() == []  # taken once
