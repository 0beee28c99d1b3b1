"""Arenas scenes with team-mate bots and hints, headless: a bot plays its seat through the same path as a
click, after its reaction delay and never in the countdown; people cannot play for it; two bots play
a watch game; H shows the bot's card and marks the run assisted; the setup screen's bot seats and
reaction delay; replays of bot games keep the bot seats and replay to the same outcome."""
from __future__ import annotations

import pygame
import pytest

from arenas.bots import DEFAULT_REACTION_MS, MAX_REACTION_MS, MIN_REACTION_MS, BotController, hint
from arenas.bots.proof import load_difficulty
from arenas.bots.teammate import JITTER_PCT, RETHINK_MS
from arenas.match import Phase
from arenas.rules.actions import PlayCard, PlayWild
from arenas.rules.components import Card
from arenas.rules.engine import advance, legal_actions, outcome_json
from arenas.rules.levels import level_path, load_level
from arenas.scenes import flow
from arenas.scenes import setup as setup_screen
from arenas.scenes.hints import HINT_COLOUR, HINT_MS
from arenas.scenes.play import PlayScene
from arenas.scenes.result import ResultScene
from arenas.scenes.setup_widgets import Choices
from arenas.session import GameSetup, SetupError, from_replay, replay_outcome, to_replay
from common.engine.app import App
from common.replays.replay import read_replay, write_replay
from helpers import FRAME, click, key, run, tick

STEP = 10
GRAY, YELLOW = Card("colour", "gray"), Card("colour", "yellow")


def start(app: App, setup: GameSetup, countdown: bool = False) -> PlayScene:
    scene = flow.play_scene(app, setup, countdown=countdown)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    return scene


def duo(reaction_ms: int = 800, **kwargs) -> GameSetup:
    """Level 1 for Ana and the bot Clockwork Pip (seat 1)."""
    return GameSetup(load_level(level_path(1)), ("Ana", "Clockwork Pip"), seed=11, counts=False, bots=(1,),
                     reaction_ms=reaction_ms, **kwargs)


def rescue_ready(scene: PlayScene) -> None:
    """Ana holds a dead gray card; Pip's yellow card would rescue the two low timers on yellow gears."""
    state = scene.run.state
    state.timers["slow1"].remaining_ms = 6_000   # on gear 1, yellow circle
    state.timers["medium1"].remaining_ms = 5_000  # on gear 3, yellow crescent
    state.hands[0][0] = GRAY
    state.hands[1] = [YELLOW, GRAY, GRAY]


def test_the_bot_plays_after_the_human_within_its_reaction_delay_through_the_click_path(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(app, duo(reaction_ms=800))
    state = scene.run.state
    rescue_ready(scene)
    applied = []
    original = scene.run.play
    monkeypatch.setattr(scene.run, "play", lambda action: (applied.append(action), original(action))[1])
    app.step(key(pygame.K_1), FRAME)
    assert [a for _, a in state.actions] == [PlayCard(0, 0)]
    human_at = state.actions[0][0]
    for _ in range(400):
        if len(state.actions) > 1:
            break
        tick(app, dt_ms=STEP)
    at, action = state.actions[1]
    assert action == PlayCard(1, 0)
    late = 800 * (100 + JITTER_PCT) // 100 + RETHINK_MS + 2 * STEP
    assert 800 * (100 - JITTER_PCT) // 100 <= at - human_at <= late
    assert applied == [PlayCard(0, 0), PlayCard(1, 0)]  # the human's card and the bot's went through Run.play
    last = scene.messages.last_card
    assert last is not None and last.caption.startswith("Clockwork Pip played Yellow")
    assert state.timers["slow1"].remaining_ms > 50_000  # rescued: flipped nearly full
    assert state.active == 0 and scene.messages.banner is not None and scene.messages.banner.message == "Ana's turn"


def test_people_cannot_play_or_ask_a_hint_on_the_bots_turn(app: App) -> None:
    scene = start(app, duo(reaction_ms=2_000))
    state = scene.run.state
    rescue_ready(scene)
    app.step(key(pygame.K_1), FRAME)
    assert state.active == 1 and scene.run.bot_turn_now()
    assert scene.messages.banner is not None and scene.messages.banner.message == "Clockwork Pip (bot) is thinking…"
    app.step(key(pygame.K_1), FRAME)
    assert scene.table is not None
    app.step(click(scene.table.card_rects(1, 3)[0].center), FRAME)
    app.step(key(pygame.K_h), FRAME)
    assert len(state.actions) == 1 and not state.assisted and scene.hint is None
    assert any(f.message == "Clockwork Pip is thinking…" for f in scene.messages.floating)


def test_bots_never_act_during_the_countdown(app: App) -> None:
    setup = GameSetup(load_level(level_path(3)), ("Clockwork Pip", "Brass Bea"), seed=4, counts=False, bots=(0, 1),
                      reaction_ms=MIN_REACTION_MS)
    scene = start(app, setup, countdown=True)
    run(app, 170)  # 2.8 s of the 3 s countdown
    assert scene.run.phase == Phase.COUNTDOWN and not scene.run.state.actions and scene.run.state.time_ms == 0
    run(app, 120)
    assert scene.run.phase == Phase.RUNNING and scene.run.state.actions


def test_two_bots_play_a_watch_game_for_90_seconds(app: App) -> None:
    setup = GameSetup(load_level(level_path(13)), ("Clockwork Pip", "Brass Bea"), seed=9, counts=False, bots=(0, 1),
                      reaction_ms=MIN_REACTION_MS)
    assert setup.watch
    scene = start(app, setup)
    for frame in range(360):  # 90 s in 250 ms frames of 25 fixed steps; drawn now and then
        app.step([], 250, draw=frame % 10 == 0)
    state = scene.run.state
    assert len(state.actions) >= 10
    assert [a.player for _, a in state.actions] == [i % 2 for i in range(len(state.actions))]
    assert state.result is not None or state.time_ms >= 90_000
    assert isinstance(app.stack.top, ResultScene) if state.result is not None else app.stack.top is scene


def test_h_marks_the_run_assisted_and_rings_the_bots_card(app: App) -> None:
    scene = start(app, GameSetup(load_level(level_path(1)), ("Ana",), seed=11, counts=False))
    state = scene.run.state
    run(app, 60)
    expected = hint(state)  # what the bot says now, just before H is handled
    assert expected is not None and not state.assisted
    app.step(key(pygame.K_h), FRAME)
    assert state.assisted and not state.actions
    assert scene.hint is not None and scene.hint.action == expected
    assert scene.hint.action.hand_index == expected.hand_index
    assert expected in legal_actions(state)
    run(app, 12)  # let the ring fade in, then look for it around the card
    assert scene.table is not None

    def ring_pixels(index: int) -> int:
        """Hint-coloured pixels in the band just above card `index` of Ana's hand."""
        card = scene.table.card_rects(0, len(state.hands[0]))[index]
        return sum(1 for x in range(card.left + 12, card.right - 12) for y in range(card.top - 15, card.top)
                   if tuple(app.screen.get_at((x, y)))[:3] == HINT_COLOUR)

    assert ring_pixels(expected.hand_index) > 2 * (scene.table.card[0] - 24)
    assert all(ring_pixels(i) == 0 for i in range(len(state.hands[0])) if i != expected.hand_index)
    if isinstance(expected, PlayCard):
        path = state.level.path
        turned = [t.id for t in state.timers.values() if t.tile is not None and path[t.tile].matches(
            state.hands[0][expected.hand_index])]
        assert scene.hint.timers == tuple(turned)
    # Playing a card takes the hint away; so does time.
    app.step(key(pygame.K_h), FRAME)
    app.step(key(pygame.K_1 + expected.hand_index), FRAME)
    if isinstance(expected, PlayWild):
        app.step(click(scene.drawn_place(expected.timer)[0]), FRAME)
    app.step([], FRAME)
    assert len(state.actions) == 1 and scene.hint is None
    app.step(key(pygame.K_h), FRAME)
    assert scene.hint is not None
    run(app, round(HINT_MS / FRAME) + 2)
    assert scene.hint is None and state.assisted


def test_no_hint_in_the_countdown_or_a_replay(app: App) -> None:
    scene = start(app, GameSetup(load_level(level_path(1)), ("Ana",), seed=11, counts=False), countdown=True)
    app.step(key(pygame.K_h), FRAME)
    assert scene.hint is None and not scene.run.state.assisted
    assert scene.hint_blocker()
    replay = flow.play_scene(app, duo(), replay_actions=[], countdown=False)
    app.stack.clear_to(replay)
    app.step(key(pygame.K_h), FRAME)
    assert replay.hint is None and not replay.run.state.assisted
    assert not any(isinstance(s, BotController) for s in replay.run.seats.values())


def play_to_the_end(app: App, scene: PlayScene) -> None:
    """Ana plays her first card a second into each of her turns until the game ends."""
    state = scene.run.state
    turn_start = 0
    seen = -1
    for _ in range(20_000):
        if state.result is not None:
            return
        if state.active == 0 and len(state.actions) != seen:
            seen, turn_start = len(state.actions), state.time_ms
        if state.active == 0 and state.time_ms - turn_start >= 1_000:
            first = state.hands[0][0]
            app.step(key(pygame.K_1), STEP, draw=False)
            if first.kind == "wild":
                timer = next(t for t in state.timers.values())
                app.step(click(scene.drawn_place(timer.id)[0]), STEP, draw=False)
        else:
            app.step([], 100, draw=False)
    raise AssertionError("the game did not end")


def test_a_replay_of_a_bot_game_keeps_the_bot_seats_and_its_outcome(app: App, tmp_path) -> None:
    setup = duo(reaction_ms=1_400)
    scene = start(app, setup)
    play_to_the_end(app, scene)
    state = scene.run.state
    assert {a.player for _, a in state.actions} == {0, 1}
    path = tmp_path / "bots.json"
    write_replay(path, to_replay(setup, state))
    replay = read_replay(path, "arenas")
    assert replay.setup["bots"] == [1] and replay.setup["reaction_ms"] == 1_400
    read_setup, actions, _assisted = from_replay(replay, str(path))
    assert read_setup.bots == (1,) and read_setup.reaction_ms == 1_400
    assert actions == state.actions
    assert outcome_json(replay_outcome(replay, str(path))) == outcome_json(state)


def test_older_replays_without_bot_fields_read_as_all_human_and_bad_ones_fail_in_one_line() -> None:
    setup = duo()
    state = setup.new_state()
    advance(state, 5_000)
    replay = to_replay(setup, state)
    del replay.setup["bots"], replay.setup["reaction_ms"]
    old, _actions, _ = from_replay(replay, "old.json")
    assert old.bots == () and old.reaction_ms == DEFAULT_REACTION_MS
    for field, value, words in (("bots", [2], "setup.bots"), ("bots", [1, 1], "setup.bots"),
                                ("bots", "1", "setup.bots"), ("reaction_ms", MAX_REACTION_MS + 1, "setup.reaction_ms")):
        replay.setup[field] = value
        with pytest.raises(SetupError) as err:
            from_replay(replay, "bad.json")
        assert words in str(err.value) and "\n" not in str(err.value)
        del replay.setup[field]


def test_a_watch_game_is_not_recorded(app: App) -> None:
    from arenas.records import Records
    from arenas.session import finish_run
    setup = GameSetup(load_level(level_path(1)), ("Clockwork Pip",), seed=3, bots=(0,))
    state = setup.new_state()
    advance(state, 400_000)
    record = finish_run(setup, state)
    assert state.result == "lost" and record.replay_path is not None
    assert Records.load().get(1).losses == 0


# ---- the setup screen ----------------------------------------------------------------------
@pytest.fixture
def setup_scene(app: App, monkeypatch: pytest.MonkeyPatch) -> setup_screen.SetupScene:
    monkeypatch.setattr(setup_screen, "REMEMBERED", Choices())
    scene = flow.setup_scene(app)
    app.stack.clear_to(scene)
    app.step([], FRAME)
    return scene


def test_setup_seats_switch_to_bots_with_friendly_names_and_start_with_them(
        app: App, setup_scene: setup_screen.SetupScene) -> None:
    scene = setup_scene
    app.step(click(scene.count.control_rect(app).midright), FRAME)
    assert scene.choices.count == 2
    app.step(click(scene.kinds[1].rect.center), FRAME)
    assert scene.choices.bots[1] and scene.choices.names[1] == "Clockwork Pip"
    assert scene.first.options[1] == (1, "Clockwork Pip")
    assert scene.start_button.label == "Start"
    scene.start()
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert play.run.setup.players == ("Player 1", "Clockwork Pip") and play.run.setup.bots == (1,)
    assert play.run.setup.reaction_ms == app.settings.teammate_delay_ms
    assert [s for s, c in play.run.seats.items() if isinstance(c, BotController)] == [1]
    app.pop()
    scene.set_bot(1, False)
    assert scene.choices.name(1) == "Player 2"
    scene.choices.names[0] = "Ana"
    scene.set_bot(0, True)
    assert scene.choices.names[0] == "Ana"  # a chosen name stays
    scene.set_count(1)
    assert scene.watching and scene.start_button.label == "Watch"


def test_setup_reaction_delay_is_saved_in_the_settings(app: App, setup_scene: setup_screen.SetupScene) -> None:
    scene = setup_scene
    assert scene.reaction.value == app.settings.teammate_delay_ms
    values = [v for v, _ in scene.reaction.options]
    assert values[0] == MIN_REACTION_MS and values[-1] == MAX_REACTION_MS
    scene.reaction.adjust(app, 1)
    assert app.settings.teammate_delay_ms == scene.reaction.value != 1_200
    assert (1_250, "1.25 s") in setup_screen.reaction_options(1_250)
    assert [v for v, _ in setup_screen.reaction_options(5_000)] == values


def test_setup_shows_bot_reaction_only_while_a_seat_is_a_bot(app: App, setup_scene: setup_screen.SetupScene) -> None:
    scene = setup_scene
    speed_top = scene.speed.rect.top
    assert scene.reaction not in scene.group.widgets and scene.reaction.rect.size == (0, 0)
    assert scene.speed.rect.top == scene.first.rect.bottom + app.px(6)  # the rows close up
    scene.set_count(2)
    scene.set_bot(1, True)
    assert scene.reaction in scene.group.widgets
    assert scene.reaction.rect.top == scene.first.rect.bottom + app.px(6) and scene.speed.rect.top > speed_top
    app.step(click(scene.reaction.control_rect(app).midright), FRAME)
    assert app.settings.teammate_delay_ms == scene.reaction.value != 1_200
    scene.set_bot(1, False)
    assert scene.reaction not in scene.group.widgets and scene.speed.rect.top == speed_top


def test_setup_shows_the_stored_person_label_when_there_is_a_proof_table(
        app: App, setup_scene: setup_screen.SetupScene, monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_difficulty() == setup_scene.difficulty and setup_scene.difficulty[1]["label"] == "Gentle"
    assert setup_screen.difficulty_text({"label": "Tricky", "win_rate": 0.46, "seeds": 100}) == \
        "Difficulty: Tricky · 5 in 10 teams win it"
    assert setup_screen.difficulty_text({"label": "Brutal", "win_rate": 0.12, "expert_win_rate": 0.04}) == \
        "Difficulty: Brutal · 1 in 10 teams wins it · expert bots: 1 in 10"
    assert setup_screen.difficulty_text({"label": "Tricky"}) == ""
    assert setup_screen.difficulty_text({"label": "Tricky", "win_rate": True}) == ""
    assert setup_screen.difficulty_text(None) == ""
    drawn: list[str] = []
    real = setup_screen.text.draw_text
    monkeypatch.setattr(setup_screen.text, "draw_text",
                        lambda surface, words, *a, **k: (drawn.append(words), real(surface, words, *a, **k))[1])
    setup_scene.level_list.selected = 0
    shipped = load_difficulty()[1]
    app.step([], FRAME)
    setup_scene.draw(pygame.Surface(app.size))  # every part, whether or not the last frame repainted the details
    assert f"Difficulty: {shipped['label']} · {round(shipped['win_rate'] * 10)} in 10 teams win it · expert bots: " \
           f"{round(shipped['expert_win_rate'] * 10)} in 10" in " · ".join(drawn)
    drawn.clear()
    # The label is read as stored, never worked out from the win rate.
    setup_scene.difficulty = {1: {"label": "Brutal", "win_rate": 0.99, "expert_win_rate": 1.0}}
    app.step([], FRAME)
    assert "Difficulty: Brutal · 10 in 10 teams win it · expert bots: 10 in 10" in " · ".join(drawn)
    drawn.clear()
    setup_scene.difficulty = {}
    app.step([], FRAME)
    assert not any(words.startswith("Difficulty") for words in drawn)
