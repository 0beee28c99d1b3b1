"""Arenas Movedizas online: the setup screen that opens a room (its people's seats but the host's open for
friends), and the run of a room's game: the shared play scene on an `OnlineMatch` fed by the server (sand at the
server's time, this screen's card pending until the server takes it), with the room's lines over it."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from arenas.match import Phase
from arenas.online_match import OnlineMatch
from arenas.records import Records
from arenas.room import setup_from_json, setup_json
from arenas.rules.state import GameState
from arenas.scenes import flow
from arenas.scenes.layouts import GEAR_D
from arenas.scenes.play import LeaveDialog, PlayScene
from arenas.scenes.result import ResultExits, ResultScene
from arenas.scenes.setup import SetupScene
from arenas.session import GameSetup, RunRecord, SetupError, is_shipped
from arenas.wording import level_title
from common.data.i18n import _
from common.data.keymap import Command, keymap
from common.data.paths import replays_dir
from common.engine.layers import Part
from common.net.messages import ClientMessage, GameJson, Received
from common.online.room import seat_status
from common.replays.replay import ReplayError, replay_from_dict, write_new_replay
from common.scenes.chat import ChatPanel, carry_out, quiet_corner
from common.scenes.connection import room_parts
from common.scenes.menu import MenuScene
from common.scenes.online import player_name
from common.scenes.rematch import (
    follow_room,
    hand_over,
    hand_over_button,
    rematch_parts,
    said_again,
    show_notices,
)
from common.ui.widgets import Button, WidgetGroup

RESULT_WAIT_MS = 5000  # how long the end waits for the server's result before showing what it has

if TYPE_CHECKING:
    from common.engine.app import App
    from common.online.room import Hosted
    from common.online.session import OnlineSession


def setup_scene(app: App, chosen: Callable[[GameJson], None]) -> SetupScene:
    """The level-and-seats screen whose Start opens a room with the setup (the host sits at the first seat, under
    their online name); its My levels button lists the player's own levels, whose Host opens a room with one of
    them."""

    def host_mine(setup: GameSetup) -> None:
        app.pop()  # My levels: the room's lobby takes the setup screen's place
        chosen(setup_json(replace(setup, players=(player_name(app), *setup.players[1:]))))
    return SetupScene(app, lambda setup: chosen(setup_json(setup)), hosting=True, host_name=player_name(app),
                      my_levels=lambda: app.push(flow.my_levels_scene(app, host_mine, hosting=True)))


def room_words(setup: GameJson) -> list[str]:
    """A room's setup as its lobby tells every member: the level, the sand's speed, the pause assist."""
    try:
        parsed = setup_from_json(setup, 1)
    except SetupError:
        return []
    return [level_title(parsed.level, is_shipped(parsed.level)),
            _("Sand at {percent} % (an assisted run)").format(percent=parsed.sand_speed_pct)
            if parsed.sand_speed_pct < 100 else _("Sand at full speed"),
            _("Pause allowed (an assisted run)") if parsed.allow_pause else _("No pause")]


class SessionLink:
    """What a remote run needs of the room's connection, from the session."""

    def __init__(self, session: OnlineSession) -> None:
        self.session = session

    def send(self, msg: ClientMessage) -> None:
        self.session.send(msg)

    def server_now_ms(self) -> int:
        link = self.session.link
        return round(link.server_now_ms()) if link is not None else round(time.time() * 1000)


class OnlinePlayScene(PlayScene):
    """A room's run: the shared play scene on the room's `OnlineMatch`; who is away and the connection over the
    table; at the end the server's replay kept and this player's run counted as online."""

    def __init__(self, app: App, session: OnlineSession, hosted: Hosted | None, frame: Received) -> None:
        seat = frame.get("seat")
        self.session, self.hosted = session, hosted
        self.seat = seat if isinstance(seat, int) else None
        self.remote = OnlineMatch(self.seat, SessionLink(session), frame)
        self.ending: tuple[GameSetup, GameState] | None = None  # over here, the server's result not yet in
        self.waited_ms = 0.0
        self.chat = ChatPanel()
        self.clock_ms = 0
        super().__init__(app, self.remote.setup, self.over, run=self.remote)

    def update(self, dt_ms: float) -> None:
        self.clock_ms += round(dt_ms)
        self.session.update(dt_ms)
        show_notices(self.app, self.session)
        frames = list(self.session.game_messages)
        self.session.game_messages.clear()
        self.remote.receive(frames)
        room = self.session.room
        if room is not None:
            self.remote.away_bots = frozenset(s.index for s in room.seats if s.bot_now)
            self.remote.assists = room.assists
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
        assisted = state.assisted
        try:
            replay = replay_from_dict(self.remote.result_replay, _("the room's replay"), "arenas")
            assisted = assisted or bool(replay.meta.get("assisted_seats"))
            replay.meta = {**replay.meta, "online": True, "room": self.session.code}
            path = write_new_replay(replays_dir(), f"arenas-online-{time.strftime('%Y%m%d-%H%M%S')}", replay)
        except ReplayError as exc:
            self.app.toast(str(exc))
        except OSError as exc:
            self.app.toast(_("could not write the replay: {reason}").format(reason=exc.strerror or exc))
        if self.seat is not None and state.result is not None:
            records = Records.load()
            records.record_online(state.result == "won", assisted)
            try:
                records.save()
            except OSError as exc:
                self.app.toast(_("could not save the records: {reason}").format(reason=exc.strerror or exc))
        self.app.replace(OnlineResultScene(self.app, self.session, self.hosted, setup, state,
                                           RunRecord(replay_path=path)))

    def ask_leave(self) -> None:
        if self.seat is not None:
            super().ask_leave()
            return
        self.asking = True
        self.app.push(LeaveDialog(self.app, self.leave_game, _("Stop watching?"),
                                  _("The team plays on without you watching; Play online, then Join, brings you "
                                    "back."), _("Stop")))

    def hint_blocker(self) -> str | None:
        if not self.remote.assists:
            return _("This table plays without hints: the host decided so")
        return super().hint_blocker()

    def free_text(self) -> bool:
        room = self.session.room
        return self.seat is not None or room is None or room.watcher_chat

    def handle(self, event: pygame.event.Event) -> bool:
        """The chat first (every key while it is open), then the run."""
        taken, want = self.chat.handle(event, self.session.chat, self.free_text(),
                                       keymap(self.app.settings.key_bindings).codes.get(Command.CHAT, -1))
        if want is not None:
            carry_out(want, self.session, self.app)
        return taken or super().handle(event)

    def chat_area(self, keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """Where the open chat goes: the board's corner with the fewest gears, glasses and the stone under it,
        off the room's lines (`keep_clear`) wherever a corner allows."""
        app, table, board = self.app, self.table, self.board
        if table is None or board is None:
            return pygame.Rect((0, 0), app.size)
        geo = board.geo
        box = pygame.Rect(table.board.left + app.px(8), table.board.top + app.px(8), table.board.w - app.px(16),
                          table.prompt_y - table.board.top - app.px(16))  # above the prompt and the hands
        gear = round(GEAR_D * geo.s)
        busy = [pygame.Rect(x - gear // 2, y - gear // 2, gear, gear) for x, y in geo.gears]
        gw, gh = geo.glass_size()
        busy += [pygame.Rect(x - gw // 2, y - gh, gw, gh * 2) for x, y in geo.spots]
        busy.append(pygame.Rect(geo.stone[0] - gear // 2, geo.stone[1] - gear // 2, gear, gear))
        return quiet_corner(box, (app.px(420), app.px(270)), busy, keep_clear)

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
        app = self.app
        pill_at = (table.board.right - app.px(90), table.board.top + app.px(8)) if table is not None else \
            (app.size[0] // 2, 0)
        lines = room_parts(self.app, self.session.banner, self.session.problem, self.session.rtt_ms,
                           notes=["  ·  ".join(away), pending], midbottom=over_prompt)
        chat = self.chat.parts(app, self.session.chat, self.chat_area([p.rect for p in lines]),
                               keymap(app.settings.key_bindings).name(Command.CHAT), self.free_text(), pill_at,
                               self.clock_ms)
        return [*parts, *lines, *chat]


def play_scene(app: App, session: OnlineSession, hosted: Hosted | None) -> OnlinePlayScene:
    """The run of the room's game, from the `game` frame waiting in the session."""
    return OnlinePlayScene(app, session, hosted, session.take_game())


class OnlineResultScene(ResultScene):
    """The end of a room's run, in the room: the team plays again once every seated person says so; the host
    picks this level again or the next one, and the line over the buttons says who it waits for and what the
    host picked. Menu (and Esc) leaves the room."""

    def __init__(self, app: App, session: OnlineSession, hosted: Hosted | None, setup: GameSetup, state: GameState,
                 record: RunRecord) -> None:
        self.session, self.hosted = session, hosted
        super().__init__(app, setup, state, record, ResultExits(lambda setup, actions: None, lambda number: None))
        self.slower = None
        self.next_btn: Button | None = None
        buttons: list[Button] = []
        if session.seat is not None:
            if session.creator:
                buttons.append(Button(_("Retry together"), self.retry, _("Play this level again, the same team")))
                self.next_btn = Button(_("Next level together ({number})").format(number=setup.level.number + 1),
                                       self.next, _("Go on to the next level, the same team"))
                buttons.append(self.next_btn)
            else:
                buttons.append(Button(_("Play again"), self.retry, _("Play the next run with the same team: the "
                                                                     "host picks the level")))
        if record.replay_path is not None:
            buttons.append(Button(_("Watch replay"), self.watch_replay, _("Watch this run again, step by step")))
        buttons.append(Button(_("Menu"), self.menu, _("Leave the room and go back to the main menu"),
                              sound="ui_back"))
        self.buttons = buttons
        self.group = WidgetGroup(app, buttons)
        self.group.keyboard_mode = True
        self.hand_btn = hand_over_button(lambda: hand_over(self.session))

    def _answer(self, next_level: bool) -> None:
        room = self.session.room
        same = room is not None and room.again is not None and room.again.next == next_level
        self.session.again(not (said_again(self.session) and (same or not self.session.creator)), next_level)

    def retry(self) -> None:
        self._answer(False)

    def next(self) -> None:
        self._answer(True)

    def level_select(self) -> None:
        self.session.leave()
        self.app.pop()

    def menu(self) -> None:
        self.session.leave()
        self.app.stack.clear_to(MenuScene(self.app))

    def footer_px(self) -> int:
        return self.app.px(40)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if follow_room(self.app, self.session, self.hosted, dt_ms, self.hand_btn, self.buttons, self.group,
                       self.layout):
            return
        room = self.session.room
        picked = room.again.next if room is not None and room.again is not None else False
        if self.next_btn is not None:
            self.next_btn.enabled = room is not None and room.again is not None and room.again.can_next
        said = said_again(self.session)
        for button, next_level in ((self.buttons[0], False), (self.next_btn, True)):
            if button is None or self.session.seat is None:
                continue
            if said and (picked == next_level or not self.session.creator):
                button.label = _("Not now")
            elif self.session.creator:
                button.label = _("Retry together") if not next_level else \
                    _("Next level together ({number})").format(number=self.setup.level.number + 1)
            else:
                button.label = _("Play again")

    def pick_line(self) -> str:
        """What the host picked for the next run (their own screen shows it on the buttons)."""
        room = self.session.room
        if room is None or room.again is None or self.session.creator:
            return ""
        if room.again.next:
            return _("The host picked the next level ({number})").format(number=self.setup.level.number + 1)
        return _("The host picks the level: this one again unless they choose the next")

    def frame_parts(self) -> list[Part] | None:
        parts = super().frame_parts() or []
        app = self.app
        bottom = self.buttons[0].rect.top - app.px(8)
        room = self.session.room
        can_next = room is not None and room.again is not None and room.again.can_next
        press = "" if not self.session.creator else _("Retry together or Next level together") if can_next else \
            _("Retry together")  # the host's own buttons say yes
        line = rematch_parts(app, self.session, (app.size[0] // 2, bottom), app.size[0] - app.px(60), self.pick_line(),
                             press)
        return [*parts[:1], *line, *parts[1:]]  # over the backdrop, under the buttons and their tooltips
