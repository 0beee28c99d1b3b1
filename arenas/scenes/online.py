"""Arenas Movedizas online: the setup screen that opens a room (its people's seats but the host's open for
friends), and the run of a room's game: the shared play scene on a `RemoteRun` fed by the server (sand at the
server's time, this screen's card pending until the server takes it), with the room's lines over it."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arenas.match import Phase
from arenas.records import Records
from arenas.remote_run import RemoteRun
from arenas.room import setup_json
from arenas.rules.state import GameState
from arenas.scenes.my_levels import MyLevelsScene
from arenas.scenes.play import PlayScene
from arenas.scenes.result import ResultExits, ResultScene
from arenas.scenes.setup import SetupScene
from arenas.session import GameSetup, RunRecord
from common.i18n import _
from common.layers import Part
from common.online_room import seat_status
from common.paths import replays_dir
from common.replay import ReplayError, replay_from_dict, write_new_replay
from common.scenes.connection import room_parts

RESULT_WAIT_MS = 5000  # how long the end waits for the server's result before showing what it has

if TYPE_CHECKING:
    from common.app import App
    from common.online_room import Hosted
    from common.online_session import OnlineSession


def setup_scene(app: App, chosen: Callable[[dict[str, Any]], None]) -> SetupScene:
    """The level-and-seats screen whose Start opens a room with the setup (the host sits at the first seat); its
    My levels button lists the player's own levels, whose Host opens a room with one of them."""

    def host_mine(setup: GameSetup) -> None:
        app.pop()  # My levels: the room's lobby takes the setup screen's place
        chosen(setup_json(setup))
    return SetupScene(app, lambda setup: chosen(setup_json(setup)), hosting=True,
                      my_levels=lambda: app.push(MyLevelsScene(app, host_mine, hosting=True)))


class SessionLink:
    """What a remote run needs of the room's connection, from the session."""

    def __init__(self, session: OnlineSession) -> None:
        self.session = session

    def send(self, msg: dict[str, Any]) -> None:
        self.session.send(msg)

    def server_now_ms(self) -> int:
        link = self.session.link
        return round(link.server_now_ms()) if link is not None else round(time.time() * 1000)


class OnlinePlayScene(PlayScene):
    """A room's run: the shared play scene on the room's `RemoteRun`; who is away and the connection over the
    table; at the end the server's replay kept and this player's run counted as online."""

    def __init__(self, app: App, session: OnlineSession, hosted: Hosted | None, frame: dict[str, Any]) -> None:
        seat = frame.get("seat")
        self.session, self.hosted = session, hosted
        self.seat = seat if isinstance(seat, int) else None
        self.remote = RemoteRun(self.seat, SessionLink(session), frame)
        self.ending: tuple[GameSetup, GameState] | None = None  # over here, the server's result not yet in
        self.waited_ms = 0.0
        super().__init__(app, self.remote.setup, self.over, run=self.remote)

    def update(self, dt_ms: float) -> None:
        self.session.update(dt_ms)
        frames = list(self.session.game_messages)
        self.session.game_messages.clear()
        self.remote.receive(frames)
        room = self.session.room
        if room is not None:
            self.remote.away_bots = frozenset(s.index for s in room.seats if s.bot_now)
        if self.ending is not None:
            self.waited_ms += dt_ms
            if self.remote.result_replay is not None or self.session.ended or self.waited_ms > RESULT_WAIT_MS:
                self.finish(*self.ending)
            return
        super().update(dt_ms)

    def over(self, setup: GameSetup, state: GameState, record: RunRecord, watched: bool) -> None:
        """The run is over here: on to the result once the server's result (its replay) is in."""
        self.ending = (setup, state)

    def finish(self, setup: GameSetup, state: GameState) -> None:
        """Keep the server's replay, count the run for this player (online, apart) and show the usual result
        screen."""
        self.ending = None
        state = self.remote.state
        path = None
        try:
            replay = replay_from_dict(self.remote.result_replay, _("the room's replay"), "arenas")
            replay.meta = {**replay.meta, "online": True, "room": self.session.code}
            path = write_new_replay(replays_dir(), f"arenas-online-{time.strftime('%Y%m%d-%H%M%S')}", replay)
        except ReplayError as exc:
            self.app.toast(str(exc))
        except OSError as exc:
            self.app.toast(_("could not write the replay: {reason}").format(reason=exc.strerror or exc))
        if self.seat is not None and state.result is not None:
            records = Records.load()
            records.record_online(state.result == "won")
            try:
                records.save()
            except OSError as exc:
                self.app.toast(_("could not save the records: {reason}").format(reason=exc.strerror or exc))
        self.session.leave()
        exits = ResultExits(lambda setup, actions: self.app.pop(), lambda number: self.app.pop())
        self.app.replace(ResultScene(self.app, setup, state, RunRecord(replay_path=path), exits, self.seat is None))

    def leave_game(self) -> None:
        """Off the table: the seat's bot plays (a host's app keeps serving the room while it is open)."""
        self.session.leave()
        super().leave_game()

    def frame_parts(self) -> list[Part] | None:
        parts = super().frame_parts() or []
        room = self.session.room
        away = [f"{s.name}: {seat_status(self.session.seat_now(s))}" for s in room.seats
                if s.kind == "person" and s.index != self.seat and (not s.connected or s.bot_now)] \
            if room is not None and self.remote.phase != Phase.OVER else []  # at the end the others have left
        pending = _("Your card is on its way to the server…") if self.remote.pending else ""
        table = self.table  # above the prompt line, off the timers' names in the top bar
        over_prompt = (table.board.centerx, table.prompt_y - self.app.px(20)) if table is not None else None
        return [*parts, *room_parts(self.app, self.session.banner, self.session.problem, self.session.rtt_ms,
                                    notes=["  ·  ".join(away), pending], midbottom=over_prompt)]


def play_scene(app: App, session: OnlineSession, hosted: Hosted | None) -> OnlinePlayScene:
    """The run of the room's game, from the `game` frame waiting in the session."""
    frame = session.game_messages.popleft()
    while frame.get("kind") != "game" and session.game_messages:
        frame = session.game_messages.popleft()
    return OnlinePlayScene(app, session, hosted, frame)
