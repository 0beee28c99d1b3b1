"""Arzium's scenes for `main.py screenshot` and `main.py timedemo`."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from arzium.bots import hint, make_bot
from arzium.rules.actions import Action, Search
from arzium.rules.engine import apply, current_player, is_over, legal_actions
from arzium.rules.preview import search_outcome
from arzium.rules.replay import replay_from
from arzium.rules.state import GameState, SeatSetup, Setup, new_game
from arzium.scenes.flow import play_scene, result_scene, setup_scene
from arzium.scenes.play import PlayScene
from arzium.scenes.replay_view import playback
from arzium.scenes.result import ResultScene
from arzium.scenes.tutorial import TutorialScene
from common.scenes.replay_viewer import ReplayViewerScene
from common.tools.catalog import SceneSpec, hold, register

if TYPE_CHECKING:
    from common.engine.app import App
    from common.engine.scene import Scene

SEATS = (SeatSetup("Player 1", "red", "south", "human"), SeatSetup("Dozy Dora", "blue", "west", "bot"),
         SeatSetup("Snorebert", "green", "north", "bot"), SeatSetup("Mumbling Mo", "yellow", "east", "bot"))


def played(setup: Setup, seed: int, stop: Callable[[GameState], bool]) -> tuple[GameState, list[Action]]:
    """A game played by greedy bots for every seat until `stop(state)` (or the end)."""
    state = new_game(setup, seed)
    bots = [make_bot("greedy", seed + i) for i in range(len(setup.seats))]
    actions: list[Action] = []
    while not is_over(state) and not stop(state):
        p = current_player(state)
        assert p is not None
        action = bots[p].decide(state, p)
        apply(state, action)
        actions.append(action)
    return state, actions


def midgame_scene(app: App) -> PlayScene:
    """Four players, full game, about half way; the human's turn with a character picked."""
    state, actions = played(Setup(SEATS, True, 0), 2024,
                            lambda s: s.turn >= 21 and current_player(s) == 0 and s.phase == "start")
    scene = play_scene(app, state, actions, autosave=False)
    scene.choice.selected = next(i for i, up in enumerate(state.players[0].face_up) if up)
    scene.layout(app.size)
    for sq in range(15, 36):  # the ghost shows, somewhere it fits, even before the mouse moves
        scene.mouse = scene.board_view.square_center(sq)
        ghost = scene.choice.ghost()
        if ghost is not None and ghost.legal:
            break
    return scene


def fills_a_land(state: GameState) -> Search | None:
    """A plain search (no blanks, no artifacts) of the human's turn start that fills a land by a tie, if any."""
    if current_player(state) != 0 or state.phase != "start":
        return None
    return next((a for a in legal_actions(state) if isinstance(a, Search) and not a.blanks and not a.artifacts
                 and any(land.bidders for land in search_outcome(state, a).lands)), None)


def outcome_scene(app: App) -> PlayScene:
    """Four players, early in a full game: the human's ghost on a search that fills a land with a tie, its
    note saying who would bid for it."""
    state, actions = played(Setup(SEATS, True, 0), 2024, lambda s: fills_a_land(s) is not None)
    search = fills_a_land(state)
    assert search is not None
    scene = play_scene(app, state, actions, autosave=False)
    scene.choice.selected = state.players[0].cards.index(search.card)
    scene.layout(app.size)
    for sq in range(36):  # the square under which the ghost is that search
        scene.mouse = scene.board_view.square_center(sq)
        ghost = scene.choice.ghost()
        if ghost is not None and ghost.search == search:
            break
    return scene


def hint_scene(app: App) -> PlayScene:
    """Two players, the human against a Hard bot, with the hint for a search on the map."""
    seats = (SEATS[0], SeatSetup("Mumbling Mo", "yellow", "north", "bot", "hard"))
    for seed in range(40, 60):  # the first deal (of a few) where the hint is a search
        state, actions = played(Setup(seats, False, 0), seed,
                                lambda s: s.turn >= 9 and current_player(s) == 0 and s.phase == "start")
        action = hint(state)
        if isinstance(action, Search):
            break
    scene = play_scene(app, state, actions, autosave=False)
    scene.layout(app.size)
    scene.hints.show(action)
    return scene


def finished_scene(app: App, players: int = 3, seed: int = 77) -> ResultScene:
    """A full game of `players` greedy bots played to its end."""
    state, actions = played(Setup(SEATS[:players], True, 1), seed, lambda s: False)
    return result_scene(app, state, actions=actions)


def replay_viewer(app: App) -> ReplayViewerScene:
    """A finished three-player game watched as a replay, stopped at its 60th action."""
    state, actions = played(Setup(SEATS[:3], True, 1), 77, lambda s: False)
    viewer = ReplayViewerScene(app, playback(app, replay_from(state, actions).to_file(), "catalog"))
    viewer.layout(app.size)
    viewer.jump(60)
    return viewer


def over_the_map(frame: int, rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """The mouse sweeps over the map (where the ghost preview follows it), never clicking."""
    w, h = size
    scale = min(w / 1280, h / 720)
    table_w = w - 320 * scale
    cx, cy = table_w / 2, h / 2
    half = (h - 2 * 138 * scale) / 2 - 30 * scale
    x = cx + math.sin(frame / 17) * half * 0.95
    y = cy + math.sin(frame / 29 + 0.7) * half * 0.95
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))]



register(SceneSpec("arzium-setup", "Arzium: seats and mode", setup_scene))
register(SceneSpec("arzium-play", "Arzium: 4 players mid-game, full game, ghost preview", midgame_scene, over_the_map))
register(SceneSpec("arzium-play-outcome", "Arzium: the ghost on a search that fills a land with a tie, its outcome "
                   "said", outcome_scene, hold))
register(SceneSpec("arzium-play-hint", "Arzium: human against a Hard bot, a hint shown on the map", hint_scene))
register(SceneSpec("arzium-result", "Arzium: scores of a finished game", finished_scene))
register(SceneSpec("arzium-result-4", "Arzium: scores of a finished four-player game",
                   lambda app: finished_scene(app, 4)))
register(SceneSpec("arzium-result-tie", "Arzium: three players, two tied on points, the coins decide",
                   lambda app: finished_scene(app, 3, 13)))
register(SceneSpec("arzium-tutorial", "Arzium: the tutorial's step on a blank paid with coins, waiting for the search",
                   lambda app: TutorialScene(app, 12, keep_progress=False), hold))
register(SceneSpec("arzium-replay", "Arzium: a replay watched, paused at its 60th action", replay_viewer))


def online_scene(app: App, out: bool = False, chat: bool = False) -> PlayScene:
    """An online room's game, three people and a bot, mid-game on this player's turn: one friend away (their
    grace time counting down), one played by their seat's bot for now, every person's clock (a bank with an
    increment) and this player's running. `out`: on a friend's turn instead, whose time ran out: the room lets
    the others choose, and this player is asked to wait or let the bot play. `chat`: the chat open over the
    move log, a line being typed."""
    from arzium.room import digest, game_story, view_of  # as the online table itself, only when shown
    from arzium.scenes.online import OnlinePlayScene
    from common.online.session import OnlineSession
    from common.scenes.catalog import ScriptedLink
    seats = tuple(SeatSetup(name, s.colour, s.edge, "human" if i < 3 else "bot")
                  for i, (name, s) in enumerate(zip(("Ana", "Bruno", "Carla", "Otto"), SEATS)))
    turn = 1 if out else 0
    state, actions = played(Setup(seats, True, 0), 2024,
                            lambda s: s.turn >= 13 and current_player(s) == turn and s.phase == "start")
    link = ScriptedLink([("Ana", "person", "here", True), ("Bruno", "person", "here" if out else "away", True),
                      ("Carla", "person", "bot", True), ("Otto", "bot", "bot", False)], 0, True, phase="playing",
                     clock={"mode": "bank", "bank_s": 300, "increment_s": 20, "out": "ask"}, chat=chat)
    session = OnlineSession("192.168.1.20:8765", "Ana", lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    view = view_of(state)
    clock = {"left_ms": [84_000, 0 if out else 131_000, 250_000, 300_000], "running": turn, "server_ms": 0,
             "out": [1] if out else []}
    frame = {"kind": "game", "seq": len(actions), "seat": 0, "view": view, "pending": [], "deadline_ms": 84_000,
             "server_ms": 0, "digest": digest(view), "story": game_story(state.setup, state.seed, actions),
             "clock": clock}
    scene = OnlinePlayScene(app, session, None, frame)
    if chat:
        session.chat.set_open(True)
        scene.chat.line.type("Dale, juego rápido")
    return scene


register(SceneSpec("arzium-online", "Arzium online: a room's game, one friend away, one played by a bot for now, "
                   "every person's clock", online_scene, hold))
register(SceneSpec("arzium-online-out", "Arzium online: a friend's time ran out, the others asked to wait or let "
                   "the bot play", lambda app: online_scene(app, out=True), hold))
register(SceneSpec("arzium-online-chat", "Arzium online: the chat open over the move log, quick phrases and free "
                   "text", lambda app: online_scene(app, chat=True), hold))


def online_result(app: App, away: bool = False) -> ResultScene:
    """A room's finished game, in the room: this player (the host) said Play again, the next game waits for
    Bruno; Carla conceded during the game. `away`: Bruno's connection is lost, and the host may give his seat
    to a bot."""
    from arzium.scenes.online import OnlineResultScene  # as the online table itself, only when shown
    from common.online.session import OnlineSession
    from common.scenes.catalog import ScriptedLink
    seats = tuple(SeatSetup(name, s.colour, s.edge, "human") for name, s in zip(("Ana", "Bruno", "Carla"), SEATS))
    state, actions = played(Setup(seats, True, 1), 77, lambda s: False)
    names = [s.name for s in state.setup.seats]
    link = ScriptedLink([(names[0], "person", "here", False), (names[1], "person", "away" if away else "here", False),
                         (names[2], "person", "here", False)], 0, True, phase="over", setup=state.setup.to_dict(),
                        want=(0, 2))
    session = OnlineSession("192.168.1.20:8765", names[0], lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    return OnlineResultScene(app, session, None, state, None, False, actions, (2,))


register(SceneSpec("arzium-result-online", "Arzium online: a room's result, Play again in the same room, a seat that "
                   "conceded", online_result))
def statistics_online(app: App) -> Scene:
    """The Statistics screen's Arzium page with games at every kind of table: bots of one level and of mixed
    levels, no bots, and online (hints shown in one, turns a bot played for this player)."""
    from pathlib import Path

    from arzium.records import Records, TableRecord
    from arzium.scenes.statistics import statistics
    from common.scenes.statistics import StatisticsScene
    records = Records(Path("arzium_records.json"), {
        ("easy", 2): TableRecord(6, 5, 1, 0, 180, 41), ("hard", 4): TableRecord(3, 0, 3, 1, 66, 27),
        ("mixed", 3): TableRecord(2, 1, 1, 0, 58, 31), ("people", 2): TableRecord(4, 2, 2, 0, 120, 36),
        ("online", 3): TableRecord(5, 2, 3, 1, 140, 38, bot_turns=4)})
    return StatisticsScene(app, [statistics(records)], "arzium")


register(SceneSpec("arzium-statistics-online", "Arzium statistics: every kind of table, online games with a hint "
                   "and the turns a bot played for you", statistics_online))
register(SceneSpec("arzium-result-online-away", "Arzium online: a room's result whose next game waits for a player "
                   "whose connection is lost; the host may give the seat to a bot",
                   lambda app: online_result(app, away=True)))
