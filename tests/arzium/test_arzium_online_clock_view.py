"""What the Arzium online table shows of the turn clock and of a turn the bot played: a fixed time per turn gives
a waiting seat its whole turn on its banner, the clock over the map gives way to a choice's tag, a choice left
from a turn the bot finished is gone; and a table out of step with the room takes the game again."""
from __future__ import annotations

from dataclasses import replace

from arzium.scenes.catalog import online_scene
from arzium.scenes.online import OnlinePlayScene
from common.engine.app import App
from common.net.turn_clock import ClockRule, TurnClock
from helpers import run


def _table(app: App) -> OnlinePlayScene:
    scene = online_scene(app)
    assert isinstance(scene, OnlinePlayScene)
    app.stack.clear_to(scene)
    run(app, 2)
    return scene


def test_a_fixed_time_per_turn_shows_a_waiting_seat_its_whole_turn(app: App) -> None:
    scene = _table(app)
    room = scene.session.room
    assert room is not None
    rule = ClockRule.per_turn(30_000)
    scene.session.room = replace(room, clock=rule)
    scene.clock = TurnClock(rule, [12_000, 0, 30_000, 30_000], running=0, since_ms=scene.clock_ms)
    shown = [words for _at, words, _tone in scene.seat_clocks()]
    # seat 0 runs (12 s left); Bruno and Carla wait for their turns: 30 s each, not what their last turn left
    assert shown == ["0:12", "0:30", "0:30"]
    scene.session.room = replace(room, clock=ClockRule(300_000, 20_000))  # a bank: what each seat has left
    scene.clock = TurnClock(scene.rule, [12_000, 90_000, 250_000, 300_000], running=0, since_ms=scene.clock_ms)
    assert [words for _at, words, _tone in scene.seat_clocks()] == ["0:12", "1:30", "4:10"]


def test_a_choice_left_from_a_turn_the_bot_finished_is_gone_at_the_next_turn(app: App) -> None:
    scene = _table(app)
    room = scene.session.room
    assert room is not None
    scene.session.room = replace(room, clock=ClockRule(300_000, 20_000, "bot"))  # out of time: the bot plays
    scene.choice.select_card(0)
    assert scene.choice.active
    scene.clock_ms += 1
    scene._clock_event({"kind": "clock", "event": "out", "seat": 0, "server_ms": 0,
                        "clock": {"left_ms": [0, 131_000, 250_000, 300_000], "running": 0, "server_ms": 0,
                                  "out": [0]}})  # this seat's time ran out: its bot plays the turn
    assert not scene.choice.active
    scene.choice.select_card(0)
    scene.turn_changed(1)  # and whatever is chosen when the table moves to the next turn
    assert not scene.choice.active


def test_the_clock_over_the_map_gives_way_to_the_choices_tag(app: App) -> None:
    scene = _table(app)

    def words_over_map() -> list[str]:
        return [str(p.key[1]) for p in scene.frame_parts() or [] if isinstance(p.key, tuple) and p.key[0] == "pill"]
    assert any(words.startswith("Your time") for words in words_over_map())
    scene.choice.select_card(0)  # choosing: the tag of the choice stands on the map's top edge
    assert not any(words.startswith("Your time") for words in words_over_map())
    assert "1:24" in words_over_map()  # the clock stays on this player's banner


def test_a_table_out_of_step_with_the_room_takes_the_game_again_once(app: App) -> None:
    scene = _table(app)
    asked: list[bool] = []
    scene.session.take_again = lambda: asked.append(True)  # type: ignore[method-assign]
    scene.stopped(40, "C04 is not one of your characters")  # a committed move this view cannot play
    run(app, 3)
    assert asked == [True] and app.stack.top is scene


def test_the_bots_turns_for_a_seat_that_conceded_say_so_not_that_it_was_away(app: App) -> None:
    scene = _table(app)
    room = scene.session.room
    assert room is not None
    number = scene.online.number + 1
    scene.table.bot_moves[number] = "away"  # as the room lists a conceded seat's moves
    line = scene.bot_turn_line(number, 1)
    assert line is not None and line.text == "Bruno was away — the bot played for them"
    seats = tuple(replace(s, conceded=True) if s.index == 1 else s for s in room.seats)
    scene.session.room = replace(room, seats=seats)
    scene.bot_told = None
    line = scene.bot_turn_line(number, 1)
    assert line is not None and line.text == "Bruno conceded — the bot plays for them"
