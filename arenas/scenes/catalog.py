"""Registers the Arenas scenes with the tool catalog (screenshot, timedemo, scene tests)."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from arenas.bots.proof import Model
from arenas.bots.verify import play_game
from arenas.level_proof import LevelProof, proof_fingerprint
from arenas.my_levels import MyLevel, MyLevels, Shelf
from arenas.proving import ProveStatus, Proving, proof_setup
from arenas.rules.components import Card, CardKind
from arenas.rules.engine import advance, apply, is_over, legal_actions
from arenas.rules.level_editor import SetBlock, SetColour, SetName, SetShape, new_level
from arenas.rules.levels import Level, level_path, load_level
from arenas.rules.state import GameState
from arenas.scenes import flow
from arenas.scenes.editor import EditorScene
from arenas.scenes.fitting import FitNow
from arenas.scenes.my_levels import MyLevelsScene, copy_of
from arenas.scenes.play import PlayScene
from arenas.scenes.replay_view import playback
from arenas.scenes.result import ResultScene
from arenas.scenes.setup_widgets import BOT_NAMES
from arenas.scenes.tutorial import TutorialScene
from arenas.session import GameSetup, RunRecord, to_replay
from arenas.shared_level import SharedLevel
from common.data.i18n import _
from common.scenes.replay_viewer import ReplayViewerScene
from common.tools.catalog import SceneSpec, hold, register, wander

if TYPE_CHECKING:
    from common.engine.app import App
    from common.engine.scene import Scene

SEVEN = ("Ana", "Bea", "Ciro", "Dani", "Eli", "Fer", "Gus")
# The level with all six timers, and the sand each holds in the built mid-game state.
BUSY_LEVEL = 15
BUSY_TIMERS = (("slow1", 0), ("slow2", 1), ("medium1", 2), ("medium2", 3), ("fast1", 4), ("fast2", 5))
BUSY_SAND = {"slow1": 44_000, "slow2": 37_000, "medium1": 29_000, "medium2": 24_500, "fast1": 19_000, "fast2": 16_000}


def busy_play(app: App) -> PlayScene:
    """Six timers flowing mid-game, seven players' hands, one timer lost beside its gear."""
    level = replace(load_level(level_path(BUSY_LEVEL)), timers=BUSY_TIMERS)  # all six, whatever the level has
    setup = GameSetup(level, SEVEN, 0, 100, False, seed=7, counts=False)
    state = setup.new_state()
    advance(state, 6_000)
    for tid, ms in BUSY_SAND.items():
        state.timers[tid].remaining_ms = ms
    positions = {"slow1": 0, "slow2": 2, "medium1": 4, "medium2": 7, "fast1": 11, "fast2": 13}
    for tid, tile in positions.items():
        state.timers[tid].tile = tile
    lost = state.timers["slow2"]
    lost.tile, lost.lost_beside = None, 2
    return flow.play_scene(app, setup, state, countdown=False)


# Where the timers stand for the card preview: the yellow card moves S1, M1 and XF on, empties the full S2
# as it moves it, and turns M2 in place (F stands on the next gear).
PREVIEW_TILES = {"slow1": 0, "slow2": 2, "medium1": 5, "medium2": 8, "fast1": 9, "fast2": 15}


def preview_play(app: App, wild: bool) -> PlayScene:
    """The busy board with the mouse on the first card: a yellow card (what it would do to each timer), or a
    wild card waiting for its target (what each choice would do), the mouse on one of them."""
    scene = busy_play(app)
    state = scene.run.state
    if wild:
        state.hands[0][0] = Card(CardKind.WILD, None)
    else:
        state.hands[0][0] = Card(CardKind.COLOUR, "yellow")
        for tid, tile in PREVIEW_TILES.items():
            state.timers[tid].tile, state.timers[tid].lost_beside = tile, None
        state.timers["slow2"].remaining_ms = state.timers["slow2"].capacity_ms
    scene.layout(app.size)
    assert scene.table is not None
    if wild:
        scene.play_card(0)
        x, y = scene.drawn_place("medium2")[0]
        scene.mouse = (round(x), round(y))
    else:
        scene.mouse = scene.table.card_rects(0, len(state.hands[0]))[0].center
    return scene


BOT_LEVEL = 11


def bots_play(app: App, hint: bool) -> PlayScene:
    """Ana with two bot team-mates, a few cards into level 11: Ana's turn with a hint on show, or (no
    hint) just after Ana's card, the first bot thinking."""
    level = load_level(level_path(BOT_LEVEL))
    team = ("Ana", _(BOT_NAMES[0]), _(BOT_NAMES[1]))
    setup = GameSetup(level, team, 0, 100, False, seed=4, counts=False, bots=(1, 2), reaction_ms=2_000)
    state = setup.new_state()
    rng = random.Random(4)
    for _card in range(3 if hint else 6):
        advance(state, rng.randrange(1_200, 2_400))
        apply(state, rng.choice(legal_actions(state)))
    scene = flow.play_scene(app, setup, state, countdown=False)
    scene.layout(app.size)
    if hint:
        scene.show_hint()
    else:
        scene.play_card(0)
    return scene


def play_script(frame: int, rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """The mouse wanders and a card is played now and then (keys 1–3)."""
    events = wander(frame, rng, size)
    if frame % 50 == 25:
        key = (pygame.K_1, pygame.K_2, pygame.K_3)[(frame // 50) % 3]
        events.append(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    return events



def finished_game(level_number: int = 7, seed: int = 3) -> tuple[GameSetup, GameState]:
    """A whole game played by a seeded random team with human-like pauses (for the result screen)."""
    level = load_level(level_path(level_number))
    setup = GameSetup(level, ("Ana", "Bea"), 0, 100, False, seed=seed, counts=False)
    state = setup.new_state()
    rng = random.Random(seed)
    while not is_over(state):
        advance(state, rng.randrange(1_500, 5_000))
        if is_over(state):
            break
        apply(state, rng.choice(legal_actions(state)))
    return setup, state


def finished_result(app: App) -> ResultScene:
    setup, state = finished_game()
    return flow.result_scene(app, setup, state, RunRecord())


def coinciding_result(app: App) -> ResultScene:
    """A lost run of level 3 where Slow 1 and Slow 2 drain on the same line for their first 25 s."""
    setup, state = finished_game(3, 2)
    return flow.result_scene(app, setup, state, RunRecord())


def replay_viewer(app: App) -> ReplayViewerScene:
    """The finished game of the result screen watched as a replay, stopped a little after its middle."""
    setup, state = finished_game()
    viewer = ReplayViewerScene(app, playback(app, to_replay(setup, state), "catalog"))
    viewer.layout(app.size)
    viewer.jump(viewer.cursor.scrub(0.55))
    return viewer


register(SceneSpec("arenas-setup", "Arenas Movedizas: setup (players, level, assists)", flow.setup_scene))
register(SceneSpec("arenas-play", "Arenas Movedizas: six timers flowing, seven hands, cards played now and then",
                   busy_play, play_script))
register(SceneSpec("arenas-play-preview", "Arenas Movedizas: the mouse on a card, what it would do to each timer",
                   lambda app: preview_play(app, wild=False), hold))
register(SceneSpec("arenas-play-wild-preview", "Arenas Movedizas: a wild card waiting for its target, each choice's "
                   "outcome shown", lambda app: preview_play(app, wild=True), hold))
register(SceneSpec("arenas-play-bots", "Arenas Movedizas: a human with two bot team-mates, a hint on show",
                   lambda app: bots_play(app, hint=True)))
register(SceneSpec("arenas-play-bot-turn", "Arenas Movedizas: a bot team-mate thinking after the human's card",
                   lambda app: bots_play(app, hint=False)))
register(SceneSpec("arenas-result", "Arenas Movedizas: a finished game with its sand chart", finished_result))
register(SceneSpec("arenas-result-coinciding", "Arenas Movedizas: a result whose Slow 1 and Slow 2 lines coincide",
                   coinciding_result))
register(SceneSpec("arenas-tutorial", "Arenas Movedizas: the tutorial on a full timer's flip, waiting for a card",
                   lambda app: TutorialScene(app, 5, keep_progress=False), hold))
register(SceneSpec("arenas-replay", "Arenas Movedizas: a replay watched, paused past its middle", replay_viewer))


def online_play(app: App, chat: bool = False) -> PlayScene:
    """A room's run on level 11, three people: this player's card on its way to the server, one team-mate away
    (their grace time counting down), one played by their seat's bot for now, the round trip high (`chat`: the
    chat open in the board's quietest corner)."""
    from arenas.bots import hint as team_card
    from arenas.room import digest, setup_json, view_of  # as the online table itself, only when shown
    from arenas.scenes.online import OnlinePlayScene
    from common.online.session import OnlineSession
    from common.scenes.catalog import ScriptedLink
    setup = GameSetup(load_level(level_path(BOT_LEVEL)), ("Ana", "Bruno", "Carla"), 0, 100, False, seed=4,
                      counts=False)
    state = setup.new_state()
    rng = random.Random(4)
    while len(state.actions) < 5 or state.active != 0:  # the team plays the team-mate bot's cards
        advance(state, rng.randrange(1_200, 2_400))
        card = team_card(state)
        assert card is not None
        apply(state, card)
    link = ScriptedLink([("Ana", "person", "here", True), ("Bruno", "person", "away", True),
                      ("Carla", "person", "bot", True)], 0, False, game="arenas", phase="playing", chat=chat)
    link.rtt_ms = 210.0
    session = OnlineSession("192.168.1.20:8765", "Ana", lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    clock = {"phase": "running", "go_ms": 0, "paused": False, "anchor": [0, state.time_ms], "server_ms": 0}
    frame = {"kind": "game", "seq": len(state.actions), "seat": 0, "pending": [], "deadline_ms": None,
             "view": {"setup": setup_json(setup), "state": view_of(state), "clock": clock}, "digest": digest(state),
             "server_ms": 0}
    scene = OnlinePlayScene(app, session, None, frame)
    scene.layout(app.size)
    card = team_card(scene.remote.state)
    assert card is not None
    scene.remote.play(card)
    if chat:
        session.chat.set_open(True)
        scene.chat.line.type("Left gear next!")
    return scene


register(SceneSpec("arenas-online", "Arenas Movedizas online: a room's run, the player's card on its way, one "
                   "team-mate away, one played by a bot for now, the round trip high", online_play, hold))
register(SceneSpec("arenas-online-chat", "Arenas Movedizas online: the chat open in the board's quietest corner",
                   lambda app: online_play(app, chat=True), hold))


EDITOR_TEMPLATE = 3  # the box level the editor's catalog scenes start from


def editor_copy(app: App) -> EditorScene:
    """The level editor on a copy of a box level with a few edits: a gear painted, a block in a timer's way (its
    problem on the gear, worded under the board), the mouse on that gear."""
    scene = flow.editor_scene(app, copy_of(load_level(level_path(EDITOR_TEMPLATE))), None, fits=FitNow())
    for edit in (SetColour(5, "orange"), SetShape(6, "crescent"), SetBlock(7, True), SetName("Sandy Steps")):
        scene.do(edit)
    scene.layout(app.size)
    scene.update(0)
    assert scene.shown is not None
    x, y = scene.shown.geo.gears[7]
    scene.mouse = (round(x), round(y))
    return scene


def editor_new(app: App) -> EditorScene:
    """The level editor on a new, empty level: no name and no timer yet, both said under the board."""
    scene = flow.editor_scene(app, new_level(1), None, fits=FitNow())
    scene.layout(app.size)
    scene.update(0)
    return scene


class ShownProof(Proving):
    """A proof as the catalog shows it: part-way through the person-like team's games, never finishing."""

    def __init__(self, level: Level) -> None:  # no thread: nothing is played
        self.level, self.result, self.error, self.cancelled = level, None, None, False
        self.status = ProveStatus(Model.PERSON, 137, 200)

    @property
    def finished(self) -> bool:
        return False

    def cancel(self) -> None:
        self.cancelled = True


def editor_proving(app: App) -> EditorScene:
    """The level editor while the level is proved: the bar under the board, Cancel proof."""
    scene = flow.editor_scene(app, replace(copy_of(load_level(level_path(14))), name="Narrow Vault of mine"), None,
                              fits=FitNow())
    scene.layout(app.size)
    scene.update(0)
    scene.proving = ShownProof(scene.level)
    scene._sync()
    return scene


register(SceneSpec("arenas-editor", "Arenas Movedizas: the level editor on a copy of a box level, a block in a "
                   "timer's way shown on its gear", editor_copy))
register(SceneSpec("arenas-editor-new", "Arenas Movedizas: the level editor on a new, empty level", editor_new, hold))
register(SceneSpec("arenas-editor-proving", "Arenas Movedizas: the level editor while its level is proved (a bar "
                   "under the board)", editor_proving, hold))


def online_result(app: App, away: bool = False) -> ResultScene:
    """A room's lost run seen by a team-mate who is not the host: Play again, the host's pick of the level.
    `away`: seen by the host, and Bea's connection is lost (the host may give her seat to a bot)."""
    from arenas.scenes.online import OnlineResultScene  # as the online table itself, only when shown
    from common.online.session import OnlineSession
    from common.scenes.catalog import ScriptedLink
    setup, state = finished_game()
    link = ScriptedLink([("Ana", "person", "here", False), ("Bea", "person", "away" if away else "here", False)],
                        0 if away else 1, away, game="arenas", phase="over", want=(0,))
    session = OnlineSession("192.168.1.20:8765", "Ana" if away else "Bea", lambda url, token: link)
    session.join("K7QM-3XPA")
    session.update(0)
    return OnlineResultScene(app, session, None, setup, state, RunRecord())


register(SceneSpec("arenas-result-online", "Arenas Movedizas online: a room's result, Play again together, the "
                   "host picks the level", online_result))


class ShownLevels(MyLevels):
    """My levels as the catalog shows them: three levels of one's own, read from nowhere."""

    def __init__(self, levels: tuple[MyLevel, ...]) -> None:
        super().__init__()
        self.shown = levels

    def list(self) -> Shelf:
        return Shelf(self.shown)


def my_levels(app: App, hosting: bool = False) -> MyLevelsScene:
    """My levels with a proven level (its label and the person-like team's share), an unproven one and one not
    proven yet, the proven one selected."""
    vault = replace(load_level(level_path(14)), name="Sandy Vault", description="A vault of my own: seven danger "
                    "gears, and a block at the end.")
    won = play_game(vault, 0)
    proof = LevelProof(proof_fingerprint(vault), 100, 97, 38, to_replay(proof_setup(vault, 0), won))
    steps = replace(load_level(level_path(2)), name="Golden Stairs")
    storm = replace(load_level(level_path(20)), name="Storm Glass")
    levels = (MyLevel("0000000a", SharedLevel(vault, "Ana", proof)), MyLevel("0000000b", SharedLevel(steps, "Bruno")),
              MyLevel("0000000c", SharedLevel(storm, "Ana", LevelProof(proof_fingerprint(storm), 100, 0, 0, None))))
    return flow.my_levels_scene(app, lambda setup: None, hosting=hosting, store=ShownLevels(levels))


register(SceneSpec("arenas-my-levels", "Arenas Movedizas: My levels, a proven level selected beside an unproven one",
                   my_levels))
register(SceneSpec("arenas-my-levels-host", "Arenas Movedizas: My levels opened to host a room with one of them",
                   lambda app: my_levels(app, hosting=True)))
def statistics_online(app: App) -> Scene:
    """The Statistics screen's Arenas page with a few levels played here and the online runs in their own row
    (one of them assisted)."""
    from pathlib import Path

    from arenas.records import LevelRecord, Records
    from arenas.scenes.statistics import statistics
    from common.scenes.statistics import StatisticsScene
    levels = {1: LevelRecord(wins=3, losses=1, win_streak=2, best_win_streak=2, best_ms=61_500),
              2: LevelRecord(wins=1, losses=2, assisted_losses=1, best_win_streak=1, best_ms=95_200)}
    records = Records(Path("arenas_records.json"), levels, extra={"online": {"wins": 3, "losses": 2, "assisted": 1}})
    return StatisticsScene(app, [statistics(records)], "arenas")


register(SceneSpec("arenas-statistics-online", "Arenas Movedizas statistics: levels played here and the online runs "
                   "in a row of their own", statistics_online))
register(SceneSpec("arenas-result-online-away", "Arenas Movedizas online: the host's result, a team-mate whose "
                   "connection is lost; the host may give the seat to a bot",
                   lambda app: online_result(app, away=True)))
